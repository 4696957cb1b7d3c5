// The walkthrough page: wires the weights editor, the tanks, the explanation, the controls, the
// table and the URL together. Every number shown comes from the core (engine.js); this file
// only decides what to show when.

import init from './pkg/swrr_viz.js';
import { Engine, atStep, nextPhase, previousPhase } from './engine.js';
import { tr } from './i18n.js';
import { narrate, renderRules, sumText } from './narration.js';
import { DEFAULT_SPEED, Player, SPEEDS, isPhased, tweenMs } from './player.js';
import { TankView } from './tanks.js';
import { RowMarker, renderTraceTable } from './trace-table.js';
import { readHash, writeHash } from './url-state.js';
import { WeightsEditor } from './weights-editor.js';

const DEFAULT_WEIGHTS = '5,3,2';
/** Rows shown when the period is longer than this: a sliding window around the current step. */
const TABLE_PERIOD_ROWS = 100;
/** About this many cells per table render keeps a re-render under a frame or two. */
const TABLE_CELL_BUDGET = 2400;
/** Above this many steps per second the table window moves only when paused. */
const LIVE_TABLE_RATE = 10;
/** The scrubber spans at least this many steps (whole periods), at most SCRUBBER_MAX. */
const SCRUBBER_MIN = 40;
const SCRUBBER_MAX = 10_000_000;
/** The URL is rewritten at most this often while playing (browsers throttle history calls). */
const URL_INTERVAL_MS = 400;
const THEMES = ['auto', 'light', 'dark'];

const $ = (id) => document.getElementById(id);
const app = $('app');
const elements = {
  input: $('weights'), error: $('weights-error'), summary: $('weights-summary'), normalisation: $('normalisation'),
  narration: $('narration'), sum: $('sum'), rules: $('rules'), tieNote: $('tie-note'),
  position: $('position'), phaseBadge: $('phase-badge'), scrubber: $('scrubber'), ticks: $('ticks'),
  speed: $('speed'), tie: $('tie'), play: $('play'), status: $('status'), theme: $('theme'),
  table: $('trace'), tableScroll: $('trace-scroll'), tableSummary: $('trace-summary'),
};

const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
const state = {
  engine: null,
  text: DEFAULT_WEIGHTS,
  tie: 'first',
  speed: DEFAULT_SPEED,
  theme: 'auto',
  position: atStep(0),
  tableWindow: null,
  urlTimer: 0,
  stepTimers: [],
};

const tanks = new TankView($('tanks'));
const rowMarker = new RowMarker(elements.table, elements.tableScroll);
const player = new Player((moves) => guard(() => playMoves(moves), false));
const editor = new WeightsEditor(
  { input: elements.input, chips: $('nodes'), presets: $('preset-buttons') },
  (text, { commit, tidy }) => guard(() => {
    if (commit && !tidy && text === state.text) {
      saveUrl({ push: true }); // typing already applied it; record the finished edit in history
      return;
    }
    if (setWeights(text, { commit }) && tidy) {
      elements.input.value = state.engine.weights.canonical;
      state.text = elements.input.value;
      saveUrl();
    }
  }),
);

/** Runs `fn`; a failure inside the core (a panic) becomes the error banner, not a dead page. */
function guard(fn, fallback) {
  try {
    return fn();
  } catch (error) {
    showFatal(error);
    return fallback;
  }
}

function showFatal(error) {
  player.pause();
  $('fatal-message').textContent = tr('error.fatal', { message: error?.message ?? String(error) });
  $('fatal').hidden = false;
  app.dataset.error = 'true';
}

// ── weights ────────────────────────────────────────────────────────────────────────────────

function showWeightsError(message) {
  elements.error.textContent = message;
  elements.error.hidden = message === '';
  elements.input.setAttribute('aria-invalid', message === '' ? 'false' : 'true');
}

/** Parses `text` in the core; on success restarts the run at `t`, else keeps the last good state. */
function setWeights(text, { commit = false, t = 0 } = {}) {
  let engine;
  try {
    engine = new Engine(text, state.tie);
  } catch (error) {
    showWeightsError(error.message);
    return false;
  }
  showWeightsError('');
  const same = state.engine && engine.weights.canonical === state.engine.weights.canonical && engine.tie === state.engine.tie;
  if (same && t === 0) {
    // Only the spelling changed (spaces, separators): same weights, so the run goes on.
    engine.free();
    state.text = text;
    saveUrl({ push: commit });
    return true;
  }
  stopStepAnimation();
  state.engine?.free();
  state.engine = engine;
  state.text = text;
  state.tableWindow = null;
  const { weights } = engine;
  elements.summary.textContent = tr('weights.summary', { count: weights.nodes.length, total: weights.total, period: weights.period });
  elements.normalisation.hidden = weights.normalisation == null;
  elements.normalisation.textContent = weights.normalisation ? tr('weights.normalised', { text: weights.normalisation }) : '';
  editor.showNodes(weights.nodes);
  tanks.setNodes(weights, engine.range);
  setupScrubber();
  if (!moveTo(atStep(t), { animate: false })) moveTo(atStep(0), { animate: false });
  saveUrl({ push: commit });
  return true;
}

// ── moving and rendering ───────────────────────────────────────────────────────────────────

/** Shows `position`; false (with the reason in the status line) if the core cannot reach it. */
function moveTo(position, { animate = true, duration = 350 } = {}) {
  let view;
  try {
    view = state.engine.view(position);
  } catch (error) {
    if (error instanceof WebAssembly.RuntimeError) throw error;
    elements.status.textContent = tr('error.seek', { t: position.t, message: error.message });
    return false;
  }
  elements.status.textContent = '';
  state.position = view.position;
  render(view, { animate: animate && !reducedMotion.matches, duration });
  return true;
}

function render(view, { animate, duration }) {
  const { t, phase } = view.position;
  const { weights } = state.engine;
  app.dataset.step = String(t);
  app.dataset.phase = phase;
  tanks.show(view, { animate, duration });
  elements.narration.textContent = narrate(view, weights.nodes, state.tie);
  elements.sum.textContent = sumText(view);
  elements.sum.dataset.sum = String(view.sum);
  renderRules(elements.rules, phase === 'start' ? null : phase, state.tie);
  elements.tieNote.textContent = view.step && view.step.tied.length > 0 && phase !== 'fill'
    ? tr(state.tie === 'last' ? 'narration.pickTieLast' : 'narration.pickTieFirst', {
      names: view.step.tied.map((i) => weights.nodes[i].name).join(' = '),
      level: view.step.filled[view.step.winner],
      name: weights.nodes[view.step.winner].name,
    })
    : '';
  elements.phaseBadge.dataset.phase = phase;
  elements.phaseBadge.textContent = tr(`phase.${phase}`);
  updatePositionText(t);
  updateScrubber(t);
  updateTable(t);
  scheduleUrl();
}

function updatePositionText(t) {
  const period = state.engine.period;
  const offset = t === 0 ? 0 : ((t - 1) % period) + 1;
  const k = t === 0 ? 1 : Math.floor((t - 1) / period) + 1;
  elements.position.textContent = `${tr('controls.stepOf', { t })} · ${tr('controls.periodOf', { k, offset, period })}`;
}

/**
 * The table shows a window of rows around the current step: the whole period when it is short,
 * else a sliding window sized so one render stays cheap (table layout costs per cell). Playing
 * faster than LIVE_TABLE_RATE, the window only moves when paused (nobody reads 300 rows/s).
 */
function updateTable(t, { force = false } = {}) {
  const { weights } = state.engine;
  const period = weights.period;
  const budget = Math.max(20, Math.min(TABLE_PERIOD_ROWS, Math.floor(TABLE_CELL_BUDGET / (2 * weights.nodes.length + 2))));
  let from;
  let to;
  if (period <= budget) {
    const cycle = t === 0 ? 0 : Math.floor((t - 1) / period);
    from = cycle * period + 1;
    to = from + period - 1;
  } else {
    const block = Math.floor(budget / 2);
    from = Math.max(1, Math.floor(Math.max(t - 1, 0) / block) * block - Math.floor(block / 2) + 1);
    to = from + budget - 1;
  }
  const key = `${from}-${to}`;
  const deferred = player.playing && state.speed > LIVE_TABLE_RATE && !force;
  if (state.tableWindow !== key && !deferred) {
    state.tableWindow = key;
    renderTraceTable(elements.table, weights, state.engine.rows(from, to));
    rowMarker.reset();
    elements.tableSummary.textContent = period <= budget
      ? tr('table.period', { period, total: weights.total, gcd: weights.gcd })
      : tr('table.window', { from, to, period });
  }
  elements.tableSummary.dataset.deferred = String(deferred && state.tableWindow !== key);
  rowMarker.mark(t);
}

// ── controls ───────────────────────────────────────────────────────────────────────────────

function stopStepAnimation() {
  state.stepTimers.forEach(clearTimeout);
  state.stepTimers = [];
}

/** One whole step forward, shown as fill → pick → drain in quick succession. */
function stepForward() {
  stopStepAnimation();
  const { t, phase } = state.position;
  const target = t === 0 || phase === 'drain' || phase === 'start' ? t + 1 : t;
  if (reducedMotion.matches) {
    moveTo(atStep(target), { animate: false });
    return;
  }
  const phases = ['fill', 'pick', 'drain'].filter((p) => target > t || ['fill', 'pick', 'drain'].indexOf(p) > ['fill', 'pick', 'drain'].indexOf(phase));
  phases.forEach((p, i) => {
    state.stepTimers.push(setTimeout(() => guard(() => moveTo({ t: target, phase: p }, { duration: 170 })), i * 190));
  });
}

function stepBack() {
  stopStepAnimation();
  const { t, phase } = state.position;
  moveTo(atStep(phase === 'drain' || phase === 'start' ? Math.max(0, t - 1) : t - 1), { duration: 250 });
}

function phaseForward() {
  stopStepAnimation();
  moveTo(nextPhase(state.position), { duration: 380 });
}

function phaseBack() {
  stopStepAnimation();
  moveTo(previousPhase(state.position), { duration: 380 });
}

function toStart() {
  stopStepAnimation();
  moveTo(atStep(0), { duration: 300 });
}

function toEndOfPeriod() {
  stopStepAnimation();
  const period = state.engine.period;
  const { t, phase } = state.position;
  const done = phase === 'drain' ? t : t - 1;
  moveTo(atStep((Math.floor(Math.max(done, 0) / period) + 1) * period), { duration: 300 });
}

function playMoves(moves) {
  const phased = isPhased(state.speed);
  let target = state.position;
  if (phased) {
    for (let i = 0; i < moves; i += 1) target = nextPhase(target);
  } else {
    const { t, phase } = state.position;
    target = atStep((phase === 'drain' || phase === 'start' ? t : t - 1) + moves);
  }
  return moveTo(target, { duration: tweenMs(state.speed, phased) });
}

function togglePlay() {
  stopStepAnimation();
  if (player.playing) player.pause();
  else player.play();
  showPlaying();
  if (!player.playing) updateTable(state.position.t);
  saveUrl();
}

function showPlaying() {
  app.dataset.playing = String(player.playing);
  elements.play.setAttribute('aria-label', tr(player.playing ? 'controls.pause' : 'controls.play'));
  elements.play.setAttribute('aria-pressed', String(player.playing));
}

function setupScrubber() {
  const period = state.engine.period;
  const span = Math.min(Math.max(period, Math.ceil(SCRUBBER_MIN / period) * period), SCRUBBER_MAX);
  state.scrubSpan = span;
  elements.scrubber.max = String(span);
  state.scrubBase = -1;
}

function updateScrubber(t) {
  const span = state.scrubSpan;
  const base = t === 0 ? 0 : Math.floor((t - 1) / span) * span;
  elements.scrubber.value = String(t - base);
  elements.scrubber.setAttribute('aria-valuetext', tr('controls.stepOf', { t }));
  if (base !== state.scrubBase) {
    state.scrubBase = base;
    const period = state.engine.period;
    const marks = [];
    if (span / period <= 200) {
      for (let k = Math.ceil(base / period) * period; k <= base + span; k += period) {
        const tick = document.createElement('span');
        tick.style.left = `${((k - base) / span) * 100}%`;
        tick.dataset.step = String(k);
        marks.push(tick);
      }
    }
    elements.ticks.replaceChildren(...marks);
  }
}

function onKey(event) {
  const target = event.target;
  const typing = target instanceof HTMLElement
    && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
  if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
  const actions = {
    ' ': togglePlay,
    ArrowRight: stepForward,
    ArrowLeft: stepBack,
    Home: toStart,
    End: toEndOfPeriod,
    PageDown: phaseForward,
    PageUp: phaseBack,
  };
  // Space on a focused button presses that button; do not also toggle play.
  if (event.key === ' ' && target instanceof HTMLButtonElement) return;
  const action = actions[event.key];
  if (!action) return;
  event.preventDefault();
  if (event.key !== ' ' && player.playing) {
    player.pause();
    showPlaying();
  }
  guard(action);
}

// ── theme, URL ─────────────────────────────────────────────────────────────────────────────

function applyTheme(theme) {
  state.theme = THEMES.includes(theme) ? theme : 'auto';
  if (state.theme === 'auto') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = state.theme;
  elements.theme.textContent = tr('theme.toggle', { mode: tr(`theme.${state.theme}`) });
}

function saveUrl({ push = false } = {}) {
  clearTimeout(state.urlTimer);
  state.urlTimer = 0;
  const entries = new Map(readHash());
  entries.set('w', state.text);
  entries.set('t', state.position.t === 0 ? '' : String(state.position.phase === 'drain' ? state.position.t : state.position.t - 1));
  entries.set('speed', state.speed === DEFAULT_SPEED ? '' : String(state.speed));
  entries.set('tie', state.tie === 'first' ? '' : state.tie);
  entries.set('theme', state.theme === 'auto' ? '' : state.theme);
  writeHash(entries, { push });
  state.loadedHash = location.hash;
}

function scheduleUrl() {
  if (!state.urlTimer) state.urlTimer = setTimeout(() => saveUrl(), URL_INTERVAL_MS);
}

/** Applies the URL's state (on load and on back/forward). */
function loadUrl() {
  if (state.loadedHash === location.hash) return;
  state.loadedHash = location.hash;
  const hash = readHash();
  const speed = Number(hash.get('speed'));
  state.speed = SPEEDS.includes(speed) ? speed : DEFAULT_SPEED;
  elements.speed.value = String(state.speed);
  player.rate = state.speed;
  state.tie = hash.get('tie') === 'last' ? 'last' : 'first';
  elements.tie.value = state.tie;
  applyTheme(hash.get('theme') ?? 'auto');
  const text = hash.get('w') ?? DEFAULT_WEIGHTS;
  const tText = hash.get('t') ?? '0';
  const t = /^\d{1,16}$/.test(tText) ? Number(tText) : 0;
  if (tText !== '0' && !/^\d{1,16}$/.test(tText)) {
    elements.status.textContent = tr('error.seek', { t: tText, message: 'not a whole number' });
  }
  elements.input.value = text;
  if (!setWeights(text, { t }) && !state.engine) setWeights(DEFAULT_WEIGHTS);
}

// ── start ──────────────────────────────────────────────────────────────────────────────────

function wireControls() {
  elements.speed.replaceChildren(...SPEEDS.map((rate) => {
    const option = document.createElement('option');
    option.value = String(rate);
    option.textContent = tr(isPhased(rate) ? 'speed.phases' : 'speed.steps', { rate });
    return option;
  }));
  const on = (id, handler) => $(id).addEventListener('click', () => guard(handler));
  on('to-start', toStart);
  on('back', stepBack);
  on('phase-back', phaseBack);
  on('play', togglePlay);
  on('phase-forward', phaseForward);
  on('forward', stepForward);
  on('to-end', toEndOfPeriod);
  elements.speed.addEventListener('change', () => {
    state.speed = Number(elements.speed.value);
    player.rate = state.speed;
    saveUrl();
  });
  elements.tie.addEventListener('change', () => guard(() => {
    state.tie = elements.tie.value;
    setWeights(state.text, { commit: true, t: state.position.phase === 'drain' ? state.position.t : 0 });
  }));
  elements.scrubber.addEventListener('input', () => guard(() => {
    if (player.playing) {
      player.pause();
      showPlaying();
    }
    stopStepAnimation();
    moveTo(atStep(state.scrubBase + Number(elements.scrubber.value)), { animate: false });
  }));
  elements.theme.addEventListener('click', () => {
    applyTheme(THEMES[(THEMES.indexOf(state.theme) + 1) % THEMES.length]);
    saveUrl();
  });
  $('fatal-reset').addEventListener('click', () => {
    location.hash = '';
    location.reload();
  });
  document.addEventListener('keydown', onKey);
  window.addEventListener('popstate', () => guard(loadUrl));
  window.addEventListener('hashchange', () => guard(loadUrl));
  new ResizeObserver(() => tanks.layout()).observe($('tanks').parentElement);
}

function translateStatic() {
  for (const element of document.querySelectorAll('[data-i18n]')) element.textContent = tr(element.dataset.i18n);
}

async function main() {
  await init();
  translateStatic();
  wireControls();
  loadUrl();
  showPlaying();
  app.dataset.ready = 'true';
}

window.addEventListener('error', (event) => showFatal(event.error ?? event.message));
window.addEventListener('unhandledrejection', (event) => showFatal(event.reason));
main().catch(showFatal);
