// The walkthrough widget: weights editor, tanks, explanation, controls and table, wired
// together inside one container. The full page (app.js) and the <swrr-viz> element both use it.
// Every number shown comes from the core (engine.js); this file decides what to show when.

import { AnalysisClient } from './analysis-client.js';
import { Engine, atStep, nextPhase, previousPhase } from './engine.js';
import { tr } from './i18n.js';
import { narrate, renderRules, sumText, tiedNames } from './narration.js';
import { DEFAULT_SPEED, Player, SPEEDS, isPhased, tweenMs } from './player.js';
import { PlotsView } from './plots.js';
import { TankView } from './tanks.js';
import { ALL_PANELS, widgetTemplate } from './template.js';
import { RowMarker, TABLE_NODE_COLUMNS, renderTraceTable } from './trace-table.js';
import { WeightsEditor } from './weights-editor.js';

export const DEFAULT_WEIGHTS = '5,3,2';
/** Rows shown when the period is longer than this: a sliding window around the current step. */
const TABLE_PERIOD_ROWS = 100;
/** About this many cells per table render keeps a re-render under a frame or two. */
const TABLE_CELL_BUDGET = 2400;
/** Above this many steps per second the table window moves only when paused. */
const LIVE_TABLE_RATE = 10;
/** The scrubber spans at least this many steps (whole periods), at most SCRUBBER_MAX. */
const SCRUBBER_MIN = 40;
const SCRUBBER_MAX = 10_000_000;
/** Nodes drawn one by one in the plots; beyond, the most uneven ones plus a grey envelope. */
const PLOTTED_NODES = 8;
/** Longest run the plots accept (the core computes at most one period of it). */
export const MAX_RUN_STEPS = 10_000_000;

const KEY_ACTIONS = {
  ' ': 'togglePlay',
  ArrowRight: 'stepForward',
  ArrowLeft: 'stepBack',
  Home: 'toStart',
  End: 'toEndOfPeriod',
  PageDown: 'phaseForward',
  PageUp: 'phaseBack',
};

/**
 * Events (all `CustomEvent`s on the widget):
 * - `step`: the shown position changed; detail `{t, phase, winner}` (winner: index or null).
 * - `change`: something a user sets changed; detail `{what: 'weights'|'position'|'settings', commit}`
 *   (`commit` for finished edits that deserve a history entry).
 * - `fatal`: the core failed; detail `{message}`.
 */
export class SwrrWidget extends EventTarget {
  /**
   * @param {HTMLElement} container  emptied and filled with the widget
   * @param {{panels?: string[], weights?: string, step?: number, tie?: string, speed?: number,
   *          loop?: [number, number]|null}} options
   */
  constructor(container, options = {}) {
    super();
    this.container = container;
    this.panels = options.panels ?? ALL_PANELS;
    container.classList.add('swrr');
    container.innerHTML = widgetTemplate(this.panels);
    const $ = (id) => container.querySelector(`#${id}`);
    this.el = {
      fatal: $('fatal'), fatalMessage: $('fatal-message'), fatalReset: $('fatal-reset'),
      input: $('weights'), error: $('weights-error'), summary: $('weights-summary'), normalisation: $('normalisation'),
      chips: $('nodes'), presets: $('preset-buttons'),
      tanks: $('tanks'), narration: $('narration'), sum: $('sum'), rules: $('rules'), tieNote: $('tie-note'),
      position: $('position'), phaseBadge: $('phase-badge'), scrubber: $('scrubber'), ticks: $('ticks'),
      speed: $('speed'), tie: $('tie'), play: $('play'), status: $('status'),
      table: $('trace'), tableScroll: $('trace-scroll'), tableSummary: $('trace-summary'),
      runSteps: $('run-steps'), runWindow: $('run-window'),
    };
    const plotElements = {
      section: container.querySelector('section.plots'), stripSection: container.querySelector('section.strip-panel'),
      status: $('plots-status'), stripStatus: $('strip-status'), strip: $('strip'), levels: $('plot-levels'), lag: $('plot-lag'),
      window: $('plot-window'), longest: $('plot-longest'), runs: $('plot-runs'), legend: $('plots-legend'),
      metrics: $('metrics'), summary: $('metrics-summary'),
    };
    for (const element of container.querySelectorAll('[data-i18n]')) element.textContent = tr(element.dataset.i18n);

    this.reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
    this.engine = null;
    this.text = options.weights ?? DEFAULT_WEIGHTS;
    this.tie = options.tie === 'last' ? 'last' : 'first';
    this.speed = SPEEDS.includes(options.speed) ? options.speed : DEFAULT_SPEED;
    this.loop = options.loop ?? null;
    this.runSteps = validCount(options.runSteps, MAX_RUN_STEPS);
    this.runWindow = validCount(options.runWindow, MAX_RUN_STEPS);
    this.position = atStep(0);
    this.tableWindow = null;
    this.stepTimers = [];

    this.tankView = this.el.tanks ? new TankView(this.el.tanks) : null;
    this.rowMarker = this.el.table ? new RowMarker(this.el.table, this.el.tableScroll) : null;
    this.player = new Player((moves) => this.guard(() => this.playMoves(moves), false));
    this.player.rate = this.speed;
    this.editor = this.el.input
      ? new WeightsEditor({ input: this.el.input, chips: this.el.chips, presets: this.el.presets }, (text, flags) => this.guard(() => this.onEdit(text, flags)))
      : null;
    this.plots = plotElements.section || plotElements.stripSection
      ? new PlotsView(plotElements, (step) => this.guard(() => this.seekFromPlot(step)))
      : null;
    this.wireControls();
    this.resizeObserver = new ResizeObserver((entries) => this.onResize(entries));
    this.resizeObserver.observe(container);
    if (this.el.tanks) this.resizeObserver.observe(this.el.tanks.parentElement);
    if (this.el.input) this.el.input.value = this.text;
    if (!this.guard(() => this.setWeights(this.text, { t: options.step ?? 0 }), false)) {
      this.guard(() => this.setWeights(DEFAULT_WEIGHTS));
    }
    this.showPlaying();
    container.dataset.ready = 'true';
  }

  // ── public API ────────────────────────────────────────────────────────────────────────────

  /** What a user has set, for URL state and embed snippets. */
  get state() {
    const { t, phase } = this.position;
    return {
      weights: this.text,
      t: phase === 'drain' || phase === 'start' ? t : t - 1,
      phase,
      tie: this.tie,
      speed: this.speed,
      playing: this.player.playing,
      runSteps: this.runSteps,
      runWindow: this.runWindow,
    };
  }

  /** Parses `text` in the core; on success restarts at step `t`, else shows why and keeps the last good state. */
  setWeights(text, { commit = false, t = 0 } = {}) {
    let engine;
    try {
      engine = new Engine(text, this.tie);
    } catch (error) {
      if (error instanceof WebAssembly.RuntimeError) throw error;
      this.showWeightsError(error.message);
      return false;
    }
    this.showWeightsError('');
    const same = this.engine && engine.weights.canonical === this.engine.weights.canonical && engine.tie === this.engine.tie;
    if (same && t === 0) {
      // Only the spelling changed (spaces, separators): same weights, so the run goes on.
      engine.free();
      this.text = text;
      this.emitChange('weights', commit);
      return true;
    }
    this.stopStepAnimation();
    this.engine?.free();
    this.engine = engine;
    this.text = text;
    this.tableWindow = null;
    const { weights } = engine;
    if (this.el.summary) {
      this.el.summary.textContent = tr('weights.summary', { count: weights.nodes.length, total: weights.total, period: weights.period });
      this.el.normalisation.hidden = weights.normalisation == null;
      this.el.normalisation.textContent = weights.normalisation ? tr('weights.normalised', { text: weights.normalisation }) : '';
    }
    this.editor?.showNodes(weights.nodes);
    this.tankView?.setNodes(weights, engine.range);
    this.setupScrubber();
    // The table of new weights comes in the next task: with many nodes, drawing tanks and table
    // in one task (and laying them out in one frame) would block input for too long.
    this.deferTable();
    if (!this.moveTo(atStep(t), { animate: false })) this.moveTo(atStep(0), { animate: false });
    this.refreshPlots();
    this.emitChange('weights', commit);
    return true;
  }

  /** Sets the plots' run length and window (null: the defaults, one period and W). */
  setRun({ steps = this.runSteps, window = this.runWindow } = {}) {
    this.runSteps = validCount(steps, MAX_RUN_STEPS);
    this.runWindow = validCount(window, MAX_RUN_STEPS);
    if (this.el.runSteps) this.el.runSteps.value = this.runSteps ?? '';
    if (this.el.runWindow) this.el.runWindow.value = this.runWindow ?? '';
    this.refreshPlots();
    this.emitChange('settings', true);
  }

  /** Goes to step `t` (after its drain). */
  seek(t) {
    this.stopStepAnimation();
    return this.moveTo(atStep(Math.max(0, Math.floor(t))), { animate: false });
  }

  /** One whole step forward, shown as fill → pick → drain in quick succession. */
  stepForward() {
    this.stopStepAnimation();
    const { t, phase } = this.position;
    const target = phase === 'drain' || phase === 'start' ? t + 1 : t;
    if (this.reducedMotion.matches) {
      this.moveTo(atStep(target), { animate: false });
      return;
    }
    const order = ['fill', 'pick', 'drain'];
    const phases = target > t ? order : order.slice(order.indexOf(phase) + 1);
    phases.forEach((p, i) => {
      this.stepTimers.push(setTimeout(() => this.guard(() => this.moveTo({ t: target, phase: p }, { duration: 170 })), i * 190));
    });
  }

  stepBack() {
    this.stopStepAnimation();
    const { t, phase } = this.position;
    this.moveTo(atStep(phase === 'drain' || phase === 'start' ? Math.max(0, t - 1) : t - 1), { duration: 250 });
  }

  phaseForward() {
    this.stopStepAnimation();
    this.moveTo(nextPhase(this.position), { duration: 380 });
  }

  phaseBack() {
    this.stopStepAnimation();
    this.moveTo(previousPhase(this.position), { duration: 380 });
  }

  toStart() {
    this.stopStepAnimation();
    this.moveTo(atStep(0), { duration: 300 });
  }

  toEndOfPeriod() {
    this.stopStepAnimation();
    const period = this.engine.period;
    const { t, phase } = this.position;
    const done = phase === 'drain' ? t : t - 1;
    this.moveTo(atStep((Math.floor(Math.max(done, 0) / period) + 1) * period), { duration: 300 });
  }

  play() {
    this.stopStepAnimation();
    this.player.play();
    this.showPlaying();
    this.emitChange('settings', false);
  }

  pause() {
    this.player.pause();
    this.showPlaying();
    if (this.engine) this.updateTable(this.position.t);
    this.emitChange('settings', false);
  }

  togglePlay() {
    if (this.player.playing) this.pause();
    else this.play();
  }

  setSpeed(rate) {
    if (!SPEEDS.includes(rate)) return;
    this.speed = rate;
    this.player.rate = rate;
    if (this.el.speed) this.el.speed.value = String(rate);
    this.emitChange('settings', false);
  }

  setTie(rule) {
    const tie = rule === 'last' ? 'last' : 'first';
    if (tie === this.tie) return;
    this.tie = tie;
    if (this.el.tie) this.el.tie.value = tie;
    const { t } = this.state;
    this.setWeights(this.text, { commit: true, t });
  }

  /** Handles a playback shortcut; false when the key is not one or the user is typing. */
  handleKey(event) {
    const target = event.composedPath?.()[0] ?? event.target;
    const typing = target instanceof HTMLElement
      && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
    if (typing || event.ctrlKey || event.metaKey || event.altKey) return false;
    // Space on a focused button presses that button; do not also toggle play.
    if (event.key === ' ' && target instanceof HTMLButtonElement) return false;
    const action = KEY_ACTIONS[event.key];
    if (!action) return false;
    event.preventDefault();
    if (event.key !== ' ' && this.player.playing) this.pause();
    this.guard(() => this[action]());
    return true;
  }

  /** Stops timers and observers and frees the core's memory. */
  destroy() {
    this.analysis?.destroy();
    this.player.pause();
    this.stopStepAnimation();
    this.resizeObserver?.disconnect();
    this.engine?.free();
    this.engine = null;
  }

  // ── internals ─────────────────────────────────────────────────────────────────────────────

  /** Starts the analysis behind the strip and plots (in a worker); draws when it is done. */
  refreshPlots() {
    if (!this.plots || !this.engine) return;
    this.analysis ??= new AnalysisClient();
    const nodes = this.engine.weights.nodes;
    this.plotsReady = null;
    this.plots.status(tr('plots.computing', { done: 0, total: '…' }), 'running');
    this.analysisId = this.analysis.analyse(
      { weights: this.text, tie: this.tie, steps: this.runSteps, window: this.runWindow },
      (event) => this.guard(() => {
        if (event.type === 'progress') {
          this.plots.status(tr('plots.computing', { done: event.done, total: event.total }), 'running');
        } else if (event.type === 'error') {
          this.plots.status(tr('plots.error', { message: event.message }), 'error');
        } else if (event.type === 'done') {
          this.plotsReady = { id: this.analysisId, metrics: event, nodes };
          this.drawPlots();
        }
      }),
    );
  }

  /** Asks for columns as wide as the plots are, then draws. */
  async drawPlots() {
    const ready = this.plotsReady;
    if (!ready) return;
    const box = this.container.querySelector('.plot-box');
    const columns = Math.max(50, Math.round((box?.clientWidth || 600) - 56));
    this.plotColumns = columns;
    try {
      const result = await this.analysis.columns(ready.id, { columns, shown: PLOTTED_NODES });
      if (this.plotsReady !== ready) return;
      this.plots.status(tr('plots.drawing'), 'running');
      const complete = await this.plots.show(result, ready.metrics.metrics, ready.nodes);
      if (!complete || this.plotsReady !== ready) return;
      this.plots.status(tr('plots.ready', { steps: ready.metrics.steps, window: ready.metrics.window }), 'ready');
    } catch (error) {
      this.plots.status(tr('plots.error', { message: error.message }), 'error');
    }
  }

  onResize(entries) {
    // Only a new width changes the layout; the height changes whenever content below grows.
    const tanksBox = this.el.tanks?.parentElement;
    for (const entry of entries) {
      const width = Math.round(entry.contentRect.width);
      if (entry.target === tanksBox && width !== this.tanksWidth) {
        this.tanksWidth = width;
        // Laid out in the next frame: resizing the SVG inside the observer's callback would
        // trigger the observer again in the same frame (a "ResizeObserver loop").
        cancelAnimationFrame(this.layoutFrame);
        this.layoutFrame = requestAnimationFrame(() => this.tankView.layout(width));
      }
    }
    const width = this.container.clientWidth;
    if (width === this.lastWidth) return;
    this.lastWidth = width;
    if (!this.plotsReady) return;
    const box = this.container.querySelector('.plot-box');
    const columns = Math.max(50, Math.round((box?.clientWidth || 600) - 56));
    if (Math.abs(columns - (this.plotColumns ?? 0)) < 8) return;
    clearTimeout(this.resizeTimer);
    this.resizeTimer = setTimeout(() => this.guard(() => this.drawPlots()), 150);
  }

  seekFromPlot(step) {
    if (this.player.playing) this.pause();
    this.seek(step);
  }

  /** Runs `fn`; a failure inside the core (a panic) becomes the error banner, not a dead page. */
  guard(fn, fallback) {
    try {
      return fn();
    } catch (error) {
      this.showFatal(error);
      return fallback;
    }
  }

  showFatal(error) {
    this.player.pause();
    const message = error?.message ?? String(error);
    this.el.fatalMessage.textContent = tr('error.fatal', { message });
    this.el.fatal.hidden = false;
    this.container.dataset.error = 'true';
    this.dispatchEvent(new CustomEvent('fatal', { detail: { message } }));
  }

  emitChange(what, commit) {
    this.dispatchEvent(new CustomEvent('change', { detail: { what, commit } }));
  }

  onEdit(text, { commit, tidy }) {
    if (commit && !tidy && text === this.text) {
      this.emitChange('weights', true); // typing already applied it; the finished edit gets a history entry
      return;
    }
    if (this.setWeights(text, { commit }) && tidy) {
      this.el.input.value = this.engine.weights.canonical;
      this.text = this.el.input.value;
      this.emitChange('weights', commit);
    }
  }

  showWeightsError(message) {
    if (!this.el.error) return;
    this.el.error.textContent = message;
    this.el.error.hidden = message === '';
    this.el.input.setAttribute('aria-invalid', message === '' ? 'false' : 'true');
  }

  /** Shows `position`; false (with the reason in the status line) if the core cannot reach it. */
  moveTo(position, { animate = true, duration = 350 } = {}) {
    let view;
    try {
      view = this.engine.view(position);
    } catch (error) {
      if (error instanceof WebAssembly.RuntimeError) throw error;
      if (this.el.status) this.el.status.textContent = tr('error.seek', { t: position.t, message: error.message });
      return false;
    }
    if (this.el.status) this.el.status.textContent = '';
    this.position = view.position;
    this.render(view, { animate: animate && !this.reducedMotion.matches, duration });
    return true;
  }

  render(view, { animate, duration }) {
    const { t, phase } = view.position;
    const { weights } = this.engine;
    this.container.dataset.step = String(t);
    this.container.dataset.phase = phase;
    this.tankView?.show(view, { animate, duration });
    if (this.el.narration) {
      this.el.narration.textContent = narrate(view, weights.nodes, this.tie);
      this.el.sum.textContent = sumText(view);
      this.el.sum.dataset.sum = String(view.sum);
      renderRules(this.el.rules, phase === 'start' ? null : phase, this.tie);
      const step = view.step;
      this.el.tieNote.textContent = step && step.tied.length > 0 && phase !== 'fill'
        ? tr(this.tie === 'last' ? 'narration.pickTieLast' : 'narration.pickTieFirst', {
          names: tiedNames(step.tied, weights.nodes.map((node) => node.name)),
          level: step.filled[step.winner],
          name: weights.nodes[step.winner].name,
        })
        : '';
    }
    if (this.el.position) {
      this.el.phaseBadge.dataset.phase = phase;
      this.el.phaseBadge.textContent = tr(`phase.${phase}`);
      this.updatePositionText(t);
      this.updateScrubber(t);
    }
    if (this.el.table) this.updateTable(t);
    this.plots?.mark(t);
    this.dispatchEvent(new CustomEvent('step', { detail: { t, phase, winner: view.step ? view.step.winner : null } }));
    this.emitChange('position', false);
  }

  updatePositionText(t) {
    const period = this.engine.period;
    const offset = t === 0 ? 0 : ((t - 1) % period) + 1;
    const k = t === 0 ? 1 : Math.floor((t - 1) / period) + 1;
    this.el.position.textContent = `${tr('controls.stepOf', { t })} · ${tr('controls.periodOf', { k, offset, period })}`;
  }

  /**
   * The table shows a window of rows around the current step: the whole period when it is
   * short, else a sliding window sized so one render stays cheap (table layout costs per cell).
   * Playing faster than LIVE_TABLE_RATE, the window only moves when paused.
   */
  deferTable() {
    if (!this.el.table) return;
    clearTimeout(this.tableTimer);
    this.tableTimer = setTimeout(() => {
      this.tableTimer = 0;
      if (this.engine) this.guard(() => this.updateTable(this.position.t));
    }, 0);
  }

  updateTable(t) {
    if (!this.el.table || this.tableTimer) return;
    const { weights } = this.engine;
    const period = weights.period;
    const columns = 2 * Math.min(weights.nodes.length, TABLE_NODE_COLUMNS) + 2;
    const budget = Math.max(20, Math.min(TABLE_PERIOD_ROWS, Math.floor(TABLE_CELL_BUDGET / columns)));
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
    const deferred = this.player.playing && this.speed > LIVE_TABLE_RATE;
    if (this.tableWindow !== key && !deferred) {
      this.tableWindow = key;
      renderTraceTable(this.el.table, weights, this.engine.rows(from, to, TABLE_NODE_COLUMNS));
      this.rowMarker.reset();
      const summary = period <= budget
        ? tr('table.period', { period, total: weights.total, gcd: weights.gcd })
        : tr('table.window', { from, to, period });
      const n = weights.nodes.length;
      this.el.tableSummary.textContent = n > TABLE_NODE_COLUMNS
        ? `${summary} ${tr('table.firstNodes', { shown: TABLE_NODE_COLUMNS, count: n })}`
        : summary;
    }
    this.el.tableSummary.dataset.deferred = String(deferred && this.tableWindow !== key);
    this.rowMarker.mark(t);
  }

  stopStepAnimation() {
    this.stepTimers.forEach(clearTimeout);
    this.stepTimers = [];
  }

  playMoves(moves) {
    const phased = isPhased(this.speed);
    let target = this.position;
    if (phased) {
      for (let i = 0; i < moves; i += 1) target = nextPhase(target);
    } else {
      const { t, phase } = this.position;
      target = atStep((phase === 'drain' || phase === 'start' ? t : t - 1) + moves);
    }
    if (this.loop && target.t > this.loop[1]) target = atStep(this.loop[0]);
    return this.moveTo(target, { duration: tweenMs(this.speed, phased) });
  }

  showPlaying() {
    this.container.dataset.playing = String(this.player.playing);
    if (!this.el.play) return;
    this.el.play.setAttribute('aria-label', tr(this.player.playing ? 'controls.pause' : 'controls.play'));
    this.el.play.setAttribute('aria-pressed', String(this.player.playing));
  }

  setupScrubber() {
    if (!this.el.scrubber) return;
    const period = this.engine.period;
    this.scrubSpan = Math.min(Math.max(period, Math.ceil(SCRUBBER_MIN / period) * period), SCRUBBER_MAX);
    this.el.scrubber.max = String(this.scrubSpan);
    this.scrubBase = -1;
  }

  updateScrubber(t) {
    const span = this.scrubSpan;
    const base = t === 0 ? 0 : Math.floor((t - 1) / span) * span;
    this.el.scrubber.value = String(t - base);
    this.el.scrubber.setAttribute('aria-valuetext', tr('controls.stepOf', { t }));
    if (base === this.scrubBase) return;
    this.scrubBase = base;
    const period = this.engine.period;
    const marks = [];
    if (span / period <= 200) {
      for (let k = Math.ceil(base / period) * period; k <= base + span; k += period) {
        const tick = document.createElement('span');
        tick.style.left = `${((k - base) / span) * 100}%`;
        tick.dataset.step = String(k);
        marks.push(tick);
      }
    }
    this.el.ticks.replaceChildren(...marks);
  }

  wireControls() {
    const { el } = this;
    if (el.runSteps) {
      el.runSteps.value = this.runSteps ?? '';
      el.runWindow.value = this.runWindow ?? '';
      el.runSteps.placeholder = tr('plots.defaultSteps');
      el.runWindow.placeholder = 'W';
      const apply = () => this.guard(() => this.setRun({ steps: el.runSteps.value, window: el.runWindow.value }));
      el.runSteps.addEventListener('change', apply);
      el.runWindow.addEventListener('change', apply);
    }
    el.fatalReset.addEventListener('click', () => {
      location.hash = '';
      location.reload();
    });
    if (!el.play) return;
    el.speed.replaceChildren(...SPEEDS.map((rate) => {
      const option = document.createElement('option');
      option.value = String(rate);
      option.textContent = tr(isPhased(rate) ? 'speed.phases' : 'speed.steps', { rate });
      return option;
    }));
    el.speed.value = String(this.speed);
    el.tie.value = this.tie;
    const on = (id, action) => this.container.querySelector(`#${id}`).addEventListener('click', () => this.guard(() => this[action]()));
    on('to-start', 'toStart');
    on('back', 'stepBack');
    on('phase-back', 'phaseBack');
    on('play', 'togglePlay');
    on('phase-forward', 'phaseForward');
    on('forward', 'stepForward');
    on('to-end', 'toEndOfPeriod');
    el.speed.addEventListener('change', () => this.setSpeed(Number(el.speed.value)));
    el.tie.addEventListener('change', () => this.guard(() => this.setTie(el.tie.value)));
    el.scrubber.addEventListener('input', () => this.guard(() => {
      if (this.player.playing) this.pause();
      this.seek(this.scrubBase + Number(el.scrubber.value));
    }));
  }
}

/** A whole number from 1 to `max` (from a field, the URL or an attribute), else null (the default). */
function validCount(value, max) {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 && number <= max ? number : null;
}
