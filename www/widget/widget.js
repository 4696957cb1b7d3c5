// The walkthrough widget: a composition of panels — weights editor, tanks, explanation,
// controls, table and the whole run's strip, plots and metrics (run-panel.js) — inside one
// container, stepped by its transport (transport.js) and drawn from its state (run-state.js),
// which owns what a user sets and the run the core built. The full page (app.js), the
// comparison's panes and the <swrr-viz> element use it. Every number shown comes from the core.

import { DEFAULT_WEIGHTS, OPTION_KEYS, atStep, countItems, writtenAlike, writtenPeriod } from '../engine.js';
import { stepsDone } from './navigation.js';
import { tr } from '../words/i18n.js';
import { EditorPanel } from '../editor/editor-panel.js';
import { isFar, reachFar } from './far-seek.js';
import { FatalBanner, guarded } from './fatal-banner.js';
import { NarrationPanel } from '../stage/narration-panel.js';
import { ALL_PANELS, DEFAULT_SPEED, SPEEDS } from '../state/state.js';
import { localize, widgetTemplate } from './template.js';
import { parts } from './panels.js';
import { RunNotes } from './run-notes.js';
import { StagePanel } from '../stage/stage-panel.js';
import { RunPanel } from '../run/run-panel.js';
import { MAX_RUN_STEPS, RunState, validCount } from './run-state.js';
import { TablePanel } from '../table/table-panel.js';
import { Transport } from './transport.js';
import { StatusLine } from './status-line.js';

export { DEFAULT_WEIGHTS, MAX_RUN_STEPS };

/**
 * Events (all `CustomEvent`s on the widget):
 * - `step`: the shown position changed; detail `{t, phase, winner}` (winner: index or null).
 * - `change`: something a user sets changed; detail `{what: 'weights'|'position'|'settings', commit}`
 *   (`commit` for finished edits that deserve a history entry).
 * - `metrics`: the strip's analysis finished; detail `{metrics}` (the core's record), or
 *   `{metrics: null, reason}` when the run cannot be measured (a scenario).
 * - `fatal`: the core failed; detail `{message}`.
 * - `status`: without a status line (no controls panel), what the line would say changed (a link's
 *   errors, a step the core cannot reach; status-line.js); detail `{text}`, '' when nothing.
 */
export class SwrrWidget extends EventTarget {
  /**
   * Lays the widget's panels out in `container` at once; with `start: false` it stays so, sized
   * as it will be but without a run (the <swrr-viz> element before it is scrolled into view),
   * until `start()`. Either way the core and the panels' code (`loadPanels`, panels.js) must be
   * loaded by the time it starts.
   * @param {HTMLElement} container  emptied and filled with the widget
   * @param {{panels?: string[], weights?: string, step?: number, tie?: string, speed?: number,
   *          loop?: [number, number]|null, algo?: string, subtract?: string, seed?: string,
   *          scenario?: string, runSteps?: number, runWindow?: number, start?: boolean,
   *          errorsOnStatus?: boolean}} options  `errorsOnStatus: false`: a refused input without a
   *          box of its own is said by the host (the <swrr-viz> element's), not on the status line
   */
  constructor(container, options = {}) {
    super();
    this.container = container;
    this.panels = options.panels ?? ALL_PANELS;
    container.classList.add('swrr');
    container.innerHTML = widgetTemplate(this.panels);
    localize(container, tr);

    this.runState = new RunState(options, this.runView());
    this.startStep = options.step ?? 0;
    this.speed = SPEEDS.includes(options.speed) ? options.speed : DEFAULT_SPEED;
    this.loop = options.loop ?? null;
    this.hideFuture = Boolean(options.hideFuture);
    /** Whether a refused input without a box of its own is the widget's to say (false: its host says it). */
    this.errorsOnStatus = options.errorsOnStatus ?? true;
    /** What the status line says of a link and of a step not reached (status-line.js). */
    this.statusLine = new StatusLine(this);
    this.position = atStep(0);
    this.transport = new Transport({
      root: container,
      controls: container.querySelector('#play') ? container : null,
      move: (position, moveOptions) => this.moveTo(position, moveOptions),
      position: () => this.position,
      run: () => this.engine,
      guard: (fn, fallback) => this.guard(fn, fallback),
      onPlaying: (playing) => {
        if (!playing) this.table?.follow();
        this.emitChange('settings', false);
      },
      loop: () => this.loop,
    });
    this.transport.setSpeed(this.speed);
    this.transport.showStart(this.startStep, this.runState.options.algo);
    this.narration = new NarrationPanel(container, { playing: () => this.transport.playing });
    const { text, options: { scenario }, runSteps, runWindow } = this.runState;
    this.editors = new EditorPanel(container, {
      weights: text, scenario, speed: this.speed, tie: this.tie, runSteps, runWindow, errorsOnStatus: this.errorsOnStatus,
    }, {
      edit: (text, flags) => this.runState.edit(text, flags),
      setOptions: (changes, flags) => this.setOptions(changes, flags),
      setSpeed: (rate) => this.setSpeed(rate),
      setTie: (rule) => this.setTie(rule),
      setRun: (fields) => this.setRun(fields),
      loadStory: (preset) => this.loadStory(preset),
      seek: (step) => this.seekFromPlot(step),
      guard: (fn) => this.guard(fn),
    });
    this.showOptions();
    this.fatal = new FatalBanner(container, container);
    // What needs no run is shown before the start (the step, the rules, the tanks' size), and
    // what the run fills in keeps its place.
    const alike = writtenAlike(this.runState.text);
    this.narration.idle(this.runState.options, this.startStep, alike, countItems(this.runState.text));
    this.runNotes = new RunNotes(container);
    this.runNotes.idle(this.runState.options, alike);
    this.stage = new StagePanel(container, this.runState.options, { weights: this.runState.text, step: this.startStep, alike }, (error) => this.showFatal(error));
    TablePanel.reserve(container, writtenPeriod(this.runState.text, this.runState.options));
    this.resizeObserver = new ResizeObserver((entries) => this.onResize(entries));
    this.resizeObserver.observe(container);
    if (this.stage.box) this.resizeObserver.observe(this.stage.box);
    if (options.start ?? true) this.start();
    else container.inert = true;
  }

  /** Builds the panels' views and shows the first run (the core and the panels' code loaded). */
  start() {
    const { container } = this;
    container.inert = false;
    this.stage.start();
    this.editors.start(parts);
    this.narration.start(parts);
    this.table = TablePanel.create(container, {
      run: () => this.engine,
      // The marked step, as `followMarkedStep` gives it: at a fill with the future hidden, the one before.
      step: () => this.markedStep(),
      playing: () => this.transport.playing,
      speed: () => this.speed,
      hideFuture: () => this.hideFuture,
      guard: (fn) => this.guard(fn),
    }, parts);
    this.setHideFuture(this.hideFuture);
    this.runState.start(this.startStep);
    this.attachPlots();
    this.transport.showPlaying();
    container.dataset.ready = 'true';
  }

  /**
   * Draws the strip, plots and metrics, when the widget shows them and their code is loaded: at
   * the start, or once it has loaded later (the page loads it when the first tanks are drawn,
   * `loadPanels(['strip', 'plots'])`).
   */
  attachPlots() {
    if (this.runPanel) return;
    this.runPanel = RunPanel.create(this.container, {
      seek: (step) => this.seekFromPlot(step),
      guard: (fn) => this.guard(fn),
      emit: (detail) => this.dispatchEvent(new CustomEvent('metrics', { detail })),
      onRequestMetrics: (metrics) => this.stage.setMetrics(metrics),
    }, parts);
    if (!this.runPanel) return;
    this.runPanel.setHideFuture(this.hideFuture);
    this.refreshPlots();
    if (this.engine) this.runPanel.mark(this.markedStep());
  }

  /**
   * The step the table, the strip and the plots are at: the one shown, or with the future hidden
   * the last one whose pick is shown (at a fill, the one before: its pick is still to come).
   */
  markedStep() {
    const { t, phase } = this.position;
    return this.hideFuture && phase === 'fill' ? t - 1 : t;
  }

  /** The table, the strip and the plots move to the marked step. */
  followMarkedStep() {
    const marked = this.markedStep();
    this.table?.follow(marked);
    this.runPanel?.mark(marked);
  }

  // ── public API ────────────────────────────────────────────────────────────────────────────

  /** The run the core built (null before the start). */
  get engine() {
    return this.runState.engine;
  }

  /** The weights as typed. */
  get text() {
    return this.runState.text;
  }

  /** The algorithm asked for (its code is loaded with the panels', widget/panels.js). */
  get algo() {
    return this.runState.options.algo;
  }

  /** The tie rule of the run ("first", nginx, or "last"). */
  get tie() {
    return this.runState.options.tie;
  }

  /** What a user has set, for URL state and embed snippets (`scenario` in the core's canonical text). */
  get state() {
    const { text, understood, runSteps, runWindow } = this.runState;
    // While a far step is computed, the state is the step asked (a link made meanwhile goes there).
    const position = this.farSeek ? atStep(this.farSeek.t) : this.position;
    return {
      weights: text,
      t: stepsDone(position),
      phase: position.phase,
      ...Object.fromEntries(OPTION_KEYS.map((key) => [key, understood[key]])),
      tie: this.tie,
      speed: this.speed,
      playing: this.transport.playing,
      runSteps,
      runWindow,
    };
  }

  /** The metrics record of the finished analysis behind the strip and plots (the core's), or null. */
  get metrics() {
    return this.runPanel?.metrics ?? null;
  }

  /** Sets the plots' run length and window (null: the defaults, one period and W). */
  setRun(fields, { commit = true } = {}) {
    if ('steps' in fields) this.forgetLinkError('steps');
    if ('window' in fields) this.forgetLinkError('win');
    this.runState.setRun(fields);
    this.showOptions();
    this.refreshPlots();
    this.emitChange('settings', commit);
  }

  /** The state a URL decodes to (state.js `decodeState`: weights, options, step, speed, run length). */
  apply({ weights, options, t, speed, steps, window }) {
    this.setSpeed(speed);
    const { runSteps, runWindow } = this.runState;
    if (validCount(steps) !== runSteps || validCount(window) !== runWindow) this.setRun({ steps, window }, { commit: false });
    return this.restore(weights, options, t);
  }

  /** What a link asked that could not be used, while it still stands (status-line.js). */
  get linkErrors() {
    return this.statusLine.linkErrors;
  }

  /**
   * Changes the algorithm or its options (`{algo, tie, subtract, seed, scenario, …}`, any subset)
   * at the step shown; returns whether the core took them. A link's error about one is said no more.
   */
  setOptions(changes, flags) {
    for (const key of Object.keys(changes)) this.forgetLinkError(key);
    return this.runState.setOptions(changes, flags);
  }

  /** Replays one of the core's presets (`listPresets()`): its weights, options, scenario and steps. */
  loadStory(preset) {
    if (this.transport.playing) this.pause();
    this.runState.loadStory(preset);
  }

  /** Shows step `t` at `phase` (`fill`, `pick` or `drain`), without animation. */
  showPhase(t, phase) {
    this.stopStepAnimation();
    return this.moveTo(t === 0 ? atStep(0) : { t, phase }, { animate: false });
  }

  /** Shows the pick phase of step `t`: the winner and any tie marked, levels after filling. */
  showPick(t) {
    return this.showPhase(t, 'pick');
  }

  /** Whether it is playing. */
  get playing() {
    return this.transport.playing;
  }

  setSpeed(rate) {
    if (!SPEEDS.includes(rate)) return;
    if (rate !== this.speed) this.forgetLinkError('speed');
    this.speed = rate;
    this.transport.setSpeed(rate);
    this.editors.showSpeed(rate);
    this.emitChange('settings', false);
  }

  setTie(rule) {
    const tie = rule === 'last' ? 'last' : 'first';
    if (tie !== this.tie) this.setOptions({ tie });
  }

  /** "Hide the future": the strip, plots and table stop at the current step, so a class can predict. */
  setHideFuture(on) {
    this.hideFuture = Boolean(on);
    this.container.dataset.hideFuture = String(this.hideFuture);
    this.runPanel?.setHideFuture(this.hideFuture);
    if (this.engine) this.followMarkedStep();
    this.emitChange('settings', false);
  }

  /**
   * Lays the pictures out again: the styles they are drawn with changed (presenter mode's larger
   * text), or before the start the panels' code has come (an element loads it after laying the
   * widget out), with the pictures whose places are kept.
   */
  relayout() {
    this.stage.relayout(this.engine);
  }

  /** Stops timers and observers and frees the core's memory. */
  destroy() {
    this.cancelFarSeek();
    this.runPanel?.destroy();
    this.transport.halt();
    this.resizeObserver?.disconnect();
    this.stage.destroy();
    this.table?.destroy();
    this.narration.destroy();
    this.runState.engine?.free();
    this.runState.engine = null;
  }

  // ── internals ─────────────────────────────────────────────────────────────────────────────

  /** The strip, plots and metrics follow the run. */
  refreshPlots() {
    if (!this.runPanel || !this.engine) return;
    const { engine, text, runSteps: steps, runWindow: window } = this.runState;
    this.runPanel.refresh({ engine, text, steps, window });
  }

  onResize(entries) {
    this.stage.resize(entries, () => this.engine);
    this.runPanel?.resize();
  }

  seekFromPlot(step) {
    if (this.transport.playing) this.pause();
    this.seek(step);
  }

  /** Runs `fn`; a failure inside the core (a panic) becomes the error banner, not a dead page. */
  guard(fn, fallback) {
    return guarded(fn, fallback, (error) => this.showFatal(error));
  }

  showFatal(error) {
    this.cancelFarSeek();
    this.transport.halt();
    const message = this.fatal.show(error);
    this.dispatchEvent(new CustomEvent('fatal', { detail: { message } }));
  }

  emitChange(what, commit) {
    this.dispatchEvent(new CustomEvent('change', { detail: { what, commit } }));
  }

  /** What the state asks of its view (run-state.js `RunView`). */
  runView() {
    return {
      showRun: (engine, t) => this.showRun(engine, t),
      stepsDone: () => stepsDone(this.position),
      showAsked: (asked) => this.editors.showAsked(asked),
      showError: (failure, clear) => this.editors.showError(failure, clear),
      showOptions: () => this.showOptions(),
      changed: (what, commit) => this.emitChange(what, commit),
      guard: (fn, fallback) => this.guard(fn, fallback),
    };
  }

  /** A new run from step `t`: the pictures, panels and controls set up for it, the table in the next task. */
  showRun(engine, t) {
    this.stopStepAnimation();
    this.table?.showRun();
    this.editors.showRun(engine);
    delete this.container.dataset.optionsError;
    this.container.dataset.algo = engine.algorithm;
    this.stage.setRun(engine);
    this.narration.showRun(engine);
    if (engine.modelsRequests) this.container.dataset.requests = 'true';
    else delete this.container.dataset.requests;
    this.runNotes.render(engine);
    this.showOptions();
    this.transport.setupScrubber();
    this.statusLine.unreached = null;
    if (!this.moveTo(atStep(t), { animate: false, newRun: true })) this.showReachable(t, this.seekFailure);
    this.refreshPlots();
  }

  /**
   * A new run cannot reach step `t` (the core's `error`): it shows the last step before the run
   * stops, where the core names one (no node can be picked at step s: step s − 1), else step 0,
   * and says on the status line why it is not at `t` (as a link's error: until the step changes).
   */
  showReachable(t, error) {
    const stop = error?.code === 'stop.nobody' ? Number(error.params?.step) - 1 : 0;
    if (!(stop > 0 && stop < t && this.moveTo(atStep(stop), { animate: false }))) this.moveTo(atStep(0), { animate: false });
    this.statusLine.showUnreached(t, error);
  }

  /** The editor shows the options in effect and the run length. */
  showOptions() {
    this.editors.showOptions(this.engine?.options ?? this.runState.options, this.runState);
  }

  /**
   * Shows `position`; false (with the reason in the status line) if the core cannot reach it.
   * `asked`: a control or a seek asked for it (transport.js), not the player; a far step is
   * reached in slices (far-seek.js, true: on its way) unless `sliced` is false; `newRun`: the
   * step a new run starts at.
   */
  moveTo(position, { animate = true, duration = 350, asked = false, newRun = false, sliced = true } = {}) {
    this.cancelFarSeek();
    let view;
    try {
      if (sliced && isFar(this.engine, position.t)) {
        // A new run shows its start while the step asked is computed.
        if (newRun) this.moveTo(atStep(0), { animate: false });
        this.farSeek = reachFar(this, position, newRun);
        return true;
      }
      view = this.engine.view(position);
    } catch (error) {
      if (error instanceof WebAssembly.RuntimeError) throw error;
      this.seekFailure = error;
      this.statusLine.showUnreached(position.t, error);
      return false;
    }
    // A step asked and reached (even the one shown) ends what was said of an earlier one not reached.
    if (asked || view.position.t !== this.position.t || view.position.phase !== this.position.phase) this.statusLine.stepChanged();
    this.sayStatus(this.linkErrorText());
    this.position = view.position;
    this.render(view, { animate: animate && !this.transport.reducedMotion.matches, duration });
    return true;
  }

  /** Stops reaching a far step (far-seek.js): another move takes its place, or the widget goes. */
  cancelFarSeek() {
    this.farSeek?.cancel();
    this.farSeek = null;
  }

  render(view, { animate, duration }) {
    const { t, phase } = view.position;
    const engine = this.engine;
    this.container.dataset.step = String(t);
    this.container.dataset.phase = phase;
    this.stage.render(view, engine, { animate, duration });
    const request = view.step?.request ?? null;
    if (request) {
      Object.assign(this.container.dataset, { request: String(request.request), attempt: String(request.attempt), outcome: request.outcome });
    } else {
      for (const key of ['request', 'attempt', 'outcome']) delete this.container.dataset[key];
    }
    this.narration.render(view, engine, this.tie);
    this.transport.showPosition(t, phase);
    this.followMarkedStep();
    this.editors.mark(t);
    this.dispatchEvent(new CustomEvent('step', { detail: { t, phase, winner: view.step ? view.step.winner : null } }));
    this.emitChange('position', false);
  }

  /** Cancels the moves of a control still under way (the comparison stops every pane's). */
  stopStepAnimation() {
    this.transport.stop();
  }
}

/** The widget's methods `names` are those of its part `part` (its state, its transport). */
function delegate(part, names) {
  for (const name of names) {
    SwrrWidget.prototype[name] = function delegated(...args) {
      return this[part][name](...args);
    };
  }
}

/**
 * The changes of what a user sets are the state's (run-state.js), each returning whether the core
 * took them (else the last good run stays and the widget says which input is wrong):
 * setWeights(text, {commit, t}) new weights from step t; restore(text, options, t, {commit})
 * weights, options and step together (back/forward, a pasted link: one rebuild, so a scenario
 * naming a node of the new weights is checked against them).
 */
delegate('runState', ['setWeights', 'restore']);

/**
 * The playback controls are the transport's: stepForward (one whole step, shown as fill → pick →
 * drain in quick succession), stepBack, phaseForward, phaseBack, toStart, toEndOfPeriod, play,
 * pause, togglePlay; seek(t) goes to step t (after its drain), false when the core cannot reach
 * it; handleKey(event) handles a playback shortcut, false when the key is not one or the user is typing.
 */
/**
 * What the status line says is its own (status-line.js): showLinkErrors(errors) says what of a
 * link cannot be used, linkErrorText() is what still stands, forgetLinkError(subject) when what
 * one is about changed; sayStatus(text) and statusSays(text).
 */
delegate('statusLine', ['showLinkErrors', 'linkErrorText', 'forgetLinkError', 'standingNote', 'sayStatus', 'statusSays']);

delegate('transport', ['stepForward', 'stepBack', 'phaseForward', 'phaseBack', 'toStart', 'toEndOfPeriod', 'play', 'pause', 'togglePlay', 'seek', 'handleKey']);
