// The full page: one widget with every panel, the theme toggle, the keyboard and the URL.
// Everything a user sets lives in the hash (`#w=…&t=…&speed=…&tie=…&theme=…`, and for other
// algorithms and scenarios `algo=…&subtract=own&seed=…&scenario=…`).

import { ready } from './engine.js';
import { tr } from './i18n.js';
import { DEFAULT_SPEED, SPEEDS } from './player.js';
import { readHash, writeHash } from './url-state.js';
import { DEFAULT_WEIGHTS, SwrrWidget } from './widget.js';

/** The URL is rewritten at most this often while playing (browsers throttle history calls). */
const URL_INTERVAL_MS = 400;
const THEMES = ['auto', 'light', 'dark'];

const app = document.getElementById('app');
const themeButton = document.getElementById('theme');
let widget = null;
let theme = 'auto';
let urlTimer = 0;
let loadedHash = null;

function applyTheme(next) {
  theme = THEMES.includes(next) ? next : 'auto';
  if (theme === 'auto') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
  themeButton.textContent = tr('theme.toggle', { mode: tr(`theme.${theme}`) });
}

function saveUrl({ push = false } = {}) {
  clearTimeout(urlTimer);
  urlTimer = 0;
  const state = widget.state;
  const entries = new Map(readHash());
  entries.set('w', state.weights);
  entries.set('t', state.t === 0 ? '' : String(state.t));
  entries.set('speed', state.speed === DEFAULT_SPEED ? '' : String(state.speed));
  entries.set('tie', state.tie === 'first' ? '' : state.tie);
  entries.set('algo', state.algo === 'swrr' ? '' : state.algo);
  entries.set('subtract', state.subtract === 'total' ? '' : state.subtract);
  entries.set('seed', state.seed === '0' ? '' : state.seed);
  entries.set('scenario', state.scenario);
  entries.set('steps', state.runSteps ?? '');
  entries.set('win', state.runWindow ?? '');
  entries.set('theme', theme === 'auto' ? '' : theme);
  writeHash(entries, { push });
  loadedHash = location.hash;
}

/** Reads the hash: weights, step, speed, tie rule, theme; a bad step is reported, not fatal. */
function stateFromUrl() {
  const hash = readHash();
  const tText = hash.get('t') ?? '0';
  const valid = /^\d{1,16}$/.test(tText);
  const speed = Number(hash.get('speed'));
  return {
    weights: hash.get('w') ?? DEFAULT_WEIGHTS,
    step: valid ? Number(tText) : 0,
    stepError: valid ? null : tText,
    speed: SPEEDS.includes(speed) ? speed : DEFAULT_SPEED,
    tie: hash.get('tie') === 'last' ? 'last' : 'first',
    options: {
      algo: hash.get('algo') ?? 'swrr',
      tie: hash.get('tie') ?? 'first',
      subtract: hash.get('subtract') ?? 'total',
      seed: hash.get('seed') ?? '0',
      scenario: hash.get('scenario') ?? '',
    },
    theme: hash.get('theme') ?? 'auto',
    runSteps: hash.get('steps') ?? null,
    runWindow: hash.get('win') ?? null,
  };
}

/** Applies the URL's state (on load and on back/forward). */
function loadUrl() {
  if (loadedHash === location.hash) return;
  loadedHash = location.hash;
  const state = stateFromUrl();
  applyTheme(state.theme);
  if (!widget) {
    widget = new SwrrWidget(app, {
      weights: state.weights, step: state.step, speed: state.speed, runSteps: state.runSteps, runWindow: state.runWindow, ...state.options,
    });
    widget.addEventListener('change', (event) => {
      if (event.detail.commit || event.detail.what !== 'position') saveUrl({ push: event.detail.commit });
      else if (!urlTimer) urlTimer = setTimeout(saveUrl, URL_INTERVAL_MS);
    });
  } else {
    widget.setSpeed(state.speed);
    if (String(state.runSteps ?? '') !== String(widget.state.runSteps ?? '') || String(state.runWindow ?? '') !== String(widget.state.runWindow ?? '')) {
      widget.setRun({ steps: state.runSteps, window: state.runWindow });
    }
    widget.el.input.value = state.weights;
    widget.restore(state.weights, state.options, state.step);
  }
  if (state.stepError) {
    widget.el.status.textContent = tr('error.seek', { t: state.stepError, message: 'not a whole number' });
  }
}

async function main() {
  await ready();
  document.title = `swrr-viz — ${tr('app.title')}`;
  for (const element of document.querySelectorAll('header [data-i18n]')) element.textContent = tr(element.dataset.i18n);
  loadUrl();
  saveUrl();
  themeButton.addEventListener('click', () => {
    applyTheme(THEMES[(THEMES.indexOf(theme) + 1) % THEMES.length]);
    saveUrl();
  });
  document.addEventListener('keydown', (event) => widget.handleKey(event));
  window.addEventListener('popstate', () => widget.guard(loadUrl));
  window.addEventListener('hashchange', () => widget.guard(loadUrl));
}

function showFatal(error) {
  if (widget) {
    widget.showFatal(error);
    return;
  }
  app.dataset.error = 'true';
  app.textContent = tr('error.fatal', { message: error?.message ?? String(error) });
}

window.addEventListener('error', (event) => {
  // Benign: the browser reports a ResizeObserver that could not deliver every notification in one frame.
  if (!event.error && String(event.message).includes('ResizeObserver loop')) return;
  showFatal(event.error ?? event.message);
});
window.addEventListener('unhandledrejection', (event) => showFatal(event.reason));
main().catch(showFatal);
