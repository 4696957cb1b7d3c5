// The hosted page's first view before its code and the wasm are here. dist/index.html comes with
// the widget as the page draws it for a bare link in English (scripts/build-first-view.mjs takes
// it from the built page in Chromium), its tanks drawn once for each of the phone widths most
// used: a phone on a slow network sees the tanks as soon as the page and its styles are in,
// about a second before the core could draw them. This module keeps that view when it is the
// one the page will show — no hash (or the one the page writes for that link), English, tanks as
// wide as one of those drawn — and takes it away otherwise, before it is ever shown. app.js
// replaces it with the live widget, drawn the same, once the core is here. On www/ (no built
// view) it only keeps a tap made before the core (below).

import { contentWidth } from './stage/tank-geometry.js';
import { preferredLanguage } from './words/languages.js';

const app = document.getElementById('app');

/** The drawing of the tanks made for this box's width (the others are removed), or null. */
function tanksForThisWidth() {
  const drawings = [...app.querySelectorAll('svg[data-first-view-width]')];
  if (!drawings.length) return null;
  const width = Math.round(contentWidth(drawings[0].parentElement));
  const fits = drawings.find((svg) => Number(svg.dataset.firstViewWidth) === width) ?? null;
  for (const svg of drawings) if (svg !== fits) svg.remove();
  return fits;
}

/** Whether the link is the bare one the view was drawn for, or it as the page writes it after loading. */
const bareLink = () => location.hash.length <= 1 || location.hash === app.dataset.firstViewHash;

if (app?.dataset.firstView === 'waiting') {
  const tanks = bareLink() && preferredLanguage() === 'en' ? tanksForThisWidth() : null;
  if (tanks) {
    // The style attributes travel as data-first-view-style: the page's CSP refuses inline styles
    // in its HTML, not those a script sets.
    for (const element of app.querySelectorAll('[data-first-view-style]')) {
      element.style.cssText = element.dataset.firstViewStyle;
      delete element.dataset.firstViewStyle;
    }
    tanks.id = 'tanks';
    delete tanks.dataset.firstViewWidth;
    app.dataset.firstView = 'shown';
  } else {
    app.replaceChildren();
    delete app.dataset.firstView;
  }
}

// Taps and keys before the core is here — on the view, on the widget laid out before the core
// (both inert until then), or on Menu and the tools that wait for it — are kept, their buttons
// marked, and made in order once the page is live (app.js `replayPendingTaps`): Play pressed at
// 1 s plays when the core comes, a preset then Play plays the preset, Forward three times moves
// three steps. Only buttons the live page has again by the same name.
const KEPT = 'button[id], button[data-preset], button[data-story]';
/** The masthead's buttons whose work waits for the core (app.js gives them their listeners then). */
const WAITING = '#menu, #share, #export, #theme';
/** The transport's keys (their buttons' data-key) as `KeyboardEvent.key` names them. */
const KEYS = { ' ': 'Space', ArrowLeft: '←', ArrowRight: '→', Home: 'Home', End: 'End', PageUp: 'PageUp', PageDown: 'PageDown' };

/** The kept button of the view at (`x`, `y`): an inert one is not the event's target. */
function buttonAt(x, y) {
  return [...app.querySelectorAll(KEPT)].find((button) => {
    const box = button.getBoundingClientRect();
    return box.width > 0 && x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
  });
}

/** A selector the live page's button answers to. */
function selectorOf(button) {
  if (button.id) return `#${CSS.escape(button.id)}`;
  const [key, value] = button.dataset.preset != null ? ['preset', button.dataset.preset] : ['story', button.dataset.story];
  return `button[data-${key}="${value.replace(/["\\]/g, '\\$&')}"]`;
}

/** At most this many taps are kept: more, before a core that takes a few seconds, are not meant. */
const MOST_KEPT = 12;

/** Keeps `button`'s tap: the selectors kept so far, one a line, are html's data-pending-tap. */
function keep(button) {
  if (!button) return;
  const root = document.documentElement;
  const kept = root.dataset.pendingTap ? root.dataset.pendingTap.split('\n') : [];
  if (kept.length >= MOST_KEPT) return;
  button.dataset.pendingTap = 'true';
  root.dataset.pendingTap = [...kept, selectorOf(button)].join('\n');
}

if (app) {
  document.addEventListener('click', (event) => {
    if (app.inert) keep(event.target.closest?.(WAITING) ?? buttonAt(event.clientX, event.clientY));
  }, true);
  document.addEventListener('keydown', (event) => {
    const key = KEYS[event.key];
    const unfocused = event.target === document.body || event.target === document.documentElement;
    if (!app.inert || !key || !unfocused || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    keep(app.querySelector(`button[data-key="${key}"]`));
  }, true);
}
