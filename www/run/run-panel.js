// The panels of the whole run under the walkthrough: the selection strip, the plots and the
// metrics. It runs the core's analysis (in a worker, analysis-client.js) and draws what comes
// back; a scenario's run shows its picks instead (the core cannot measure it against fixed
// shares), and a run of requests each request's attempts with the core's request metrics.
// The widget (widget.js) tells it which run to show, `refresh(run)`, and where the walkthrough
// is, `mark(t)`.

import { counted, errorText, tr } from '../words/i18n.js';

/** Nodes drawn one by one in the plots; beyond, the most uneven ones plus a grey envelope. */
const PLOTTED_NODES = 8;
/** A scenario's strip shows at most this many picks (one cell each, from the core's sequence). */
const SCENARIO_STRIP_STEPS = 2000;
/** A scenario's strip shows at least this many picks, and a period after the last event. */
const SCENARIO_STRIP_MIN = 40;
/** A run that never repeats is measured over this many periods by default, within these bounds. */
const NON_REPEATING_PERIODS = 4;
const NON_REPEATING_MIN_STEPS = 100;
const NON_REPEATING_MAX_STEPS = 100_000;

/**
 * Steps measured when the user set none: the core's default (one period, null here) for a run
 * that repeats; a run that never does (random, "own") gets a few periods, at least 100, so its
 * drift and clumps show.
 */
export function defaultRunSteps(engine) {
  if (engine.runPeriod != null || engine.events.length > 0 || engine.modelsRequests) return null;
  return Math.min(Math.max(NON_REPEATING_PERIODS * engine.period, NON_REPEATING_MIN_STEPS), NON_REPEATING_MAX_STEPS);
}

export class RunPanel {
  /**
   * The panel of `container` (a widget showing the strip or the plots), or null when it shows
   * neither or their code is not loaded yet (widget/panels.js `LATER_PANELS`).
   * @param {HTMLElement} container
   * @param {{seek: (step: number) => void, guard: (fn: () => unknown) => unknown,
   *          emit: (detail: object) => void, onRequestMetrics?: (metrics: object) => void}} hooks
   *        seek: a click on the strip or a plot; emit: the widget's `metrics` event;
   *        onRequestMetrics: a run of requests was measured (the workers' view shows it)
   * @param {Record<string, any>} parts  the panels' code loaded so far (widget/panels.js)
   */
  static create(container, hooks, parts) {
    const $ = (id) => container.querySelector(`#${id}`);
    const el = {
      section: container.querySelector('section.plots'), stripSection: container.querySelector('section.strip-panel'),
      status: $('plots-status'), stripStatus: $('strip-status'), strip: $('strip'), levels: $('plot-levels'), lag: $('plot-lag'),
      window: $('plot-window'), longest: $('plot-longest'), runs: $('plot-runs'), legend: $('plots-legend'),
      metrics: $('metrics'), summary: $('metrics-summary'), note: $('plots-note'), body: $('plots-body'),
      levelsCaption: $('plot-levels-caption'), windowHint: $('plot-window-hint'), runSteps: $('run-steps'),
      stripDescription: $('strip-description'),
      summaries: Object.fromEntries(['levels', 'lag', 'window', 'longest', 'runs'].map((name) => [name, $(`plot-${name}-summary`)])),
    };
    if (!(el.section || el.stripSection) || !parts.PlotsView) return null;
    return new RunPanel(container, el, hooks, parts);
  }

  constructor(container, el, hooks, parts) {
    this.container = container;
    this.parts = parts;
    this.el = el;
    this.hooks = hooks;
    const seek = (step) => hooks.guard(() => hooks.seek(step));
    // A run of requests draws its own strip (each request's attempts stacked) in the same <svg>.
    this.requestStrip = el.strip && parts.RequestStrip ? new parts.RequestStrip(el.strip, seek) : null;
    this.plots = new parts.PlotsView(el, seek);
    this.analysis = null;
    /** The finished analysis being drawn: {id, metrics, nodes}. */
    this.ready = null;
    this.run = null;
    this.width = container.clientWidth;
  }

  /** The metrics record of the finished analysis behind the strip and plots (the core's), or null. */
  get metrics() {
    return this.ready?.metrics.metrics ?? null;
  }

  setHideFuture(on) {
    this.plots.setHideFuture(on);
    this.requestStrip?.setHideFuture(on);
  }

  /** Marks step `t` (the walkthrough's) on the strip and the plots. */
  mark(t) {
    this.plots.mark(t);
    if (this.run?.engine.modelsRequests) this.requestStrip?.mark(t);
  }

  /**
   * Shows `run` ({engine, text, steps, window}: the walkthrough's run, the weights as typed, the
   * steps and window asked for, null for the defaults); a scenario or requests at once, else
   * starts the analysis (in a worker) and draws when it is done.
   */
  refresh(run) {
    this.run = run;
    const { engine } = run;
    const nodes = engine.weights.nodes;
    this.ready = null;
    if (engine.modelsRequests) {
      this.analysis?.cancel();
      this.showRequests();
      return;
    }
    this.leaveRequests();
    if (engine.events.length > 0) {
      this.analysis?.cancel();
      this.showScenario();
      return;
    }
    this.plots.setNote(null);
    if (this.el.levelsCaption) this.el.levelsCaption.textContent = tr(engine.hasLevels ? 'plots.levels' : 'plots.levelsOther');
    if (this.el.windowHint) this.el.windowHint.textContent = tr(engine.runPeriod == null ? 'plots.windowHintOther' : 'plots.windowHint');
    this.analysis ??= new this.parts.AnalysisClient();
    this.plots.status(tr('plots.computing', { done: 0, total: '…' }), 'running');
    const { algo, tie, subtract, seed } = engine.options;
    this.analysisId = this.analysis.analyse(
      { weights: run.text, options: { algo, tie, subtract, seed }, steps: run.steps ?? defaultRunSteps(engine), window: run.window },
      (event) => this.hooks.guard(() => {
        if (event.type === 'progress') {
          this.plots.status(tr('plots.computing', { done: event.done, total: event.total }), 'running');
        } else if (event.type === 'error') {
          this.plots.status(tr('plots.error', { message: errorText(event) }), 'error');
        } else if (event.type === 'done') {
          this.ready = { id: this.analysisId, metrics: event, nodes };
          this.draw();
        }
      }),
    );
  }

  /** The plots' width in columns. */
  columns() {
    const box = this.container.querySelector('.plot-box');
    return Math.max(50, Math.round((box?.clientWidth || 600) - 56));
  }

  /** Asks for columns as wide as the plots are, then draws. */
  async draw() {
    const { ready } = this;
    if (!ready) return;
    const columns = this.columns();
    this.drawnColumns = columns;
    try {
      const result = await this.analysis.columns(ready.id, { columns, shown: PLOTTED_NODES });
      if (this.ready !== ready) return;
      this.plots.status(tr('plots.drawing'), 'running');
      const complete = await this.plots.show(result, ready.metrics.metrics, ready.nodes);
      if (!complete || this.ready !== ready) return;
      this.plots.status(counted(ready.metrics.steps, 'plots.ready', 'plots.readyOne', { steps: ready.metrics.steps, window: ready.metrics.window }), 'ready');
      this.hooks.emit({ metrics: ready.metrics.metrics });
    } catch (error) {
      this.plots.status(tr('plots.error', { message: errorText(error) }), 'error');
    }
  }

  /** The widget's size changed: for a new width, the strip and plots drawn again, once it settles. */
  resize() {
    // Only a new width changes the layout; the height changes whenever content below grows.
    const width = this.container.clientWidth;
    if (width === this.width) return;
    this.width = width;
    clearTimeout(this.resizeTimer);
    const engine = this.run?.engine;
    if (!engine) return;
    if (!this.ready) {
      if (engine.events.length > 0 || engine.modelsRequests) {
        this.resizeTimer = setTimeout(() => this.hooks.guard(() => (engine.modelsRequests ? this.showRequests() : this.showScenario())), 150);
      }
      return;
    }
    if (Math.abs(this.columns() - (this.drawnColumns ?? 0)) < 8) return;
    this.resizeTimer = setTimeout(() => this.hooks.guard(() => this.draw()), 150);
  }

  /**
   * A scenario's run cannot be measured against fixed shares (the core refuses it): the strip
   * shows its picks, from the core's sequence, with the events marked; the plots say why not.
   */
  showScenario() {
    const { engine } = this.run;
    const period = engine.period;
    const lastEvent = Math.max(...engine.events.map((event) => event.step));
    const wanted = this.run.steps ?? Math.max(SCENARIO_STRIP_MIN, Math.ceil((lastEvent + period) / period) * period);
    const steps = Math.min(wanted, SCENARIO_STRIP_STEPS);
    const picks = engine.sequence(steps);
    const note = counted(picks.length, 'plots.scenario', 'plots.scenarioOne', { steps: picks.length });
    this.plots.setNote(note);
    if (this.el.runSteps) this.el.runSteps.placeholder = String(steps);
    this.ready = null;
    this.plots.showSequence(picks, engine.weights.nodes, engine.events).then((complete) => {
      if (!complete || engine !== this.run?.engine) return;
      this.plots.status(counted(picks.length, 'plots.scenarioShort', 'plots.scenarioShortOne', { steps: picks.length }), 'unsupported');
      this.hooks.emit({ metrics: null, reason: note });
    });
  }

  /**
   * A run of requests (failed attempts, backup servers, workers): the strip stacks each
   * request's attempts, and the metrics are the core's of the answered requests — the same
   * requests — with what the workers' merged sequence looks like under their tanks.
   */
  showRequests() {
    const { engine } = this.run;
    const lastEvent = Math.max(0, ...engine.events.map((event) => event.step));
    const wanted = this.run.steps ?? Math.max(SCENARIO_STRIP_MIN, lastEvent + engine.period);
    const requests = engine.requests(Math.min(wanted, SCENARIO_STRIP_STEPS));
    const metrics = engine.requestMetrics(Math.max(requests.length, 1), this.run.window);
    this.plots.release();
    this.plots.setNote(null);
    if (this.el.section) this.el.section.dataset.mode = 'requests';
    if (this.el.note) {
      this.el.note.hidden = false;
      this.el.note.textContent = counted(requests.length, 'plots.requests', 'plots.requestsOne', { requests: requests.length });
    }
    if (this.el.runSteps) this.el.runSteps.placeholder = String(requests.length);
    this.requestStrip?.show(requests, engine.weights.nodes, engine.events);
    this.parts.showRequestMetrics?.({ summary: this.el.summary, table: this.el.metrics }, metrics);
    this.hooks.onRequestMetrics?.(metrics);
    this.plots.status(tr('plots.requestsReady', { requests: counted(metrics.requests, 'core.figure.requests', 'core.figure.request_one'), attempts: counted(metrics.attempts, 'core.figure.attempts', 'core.figure.attempt_one') }), 'ready');
    this.hooks.emit({ metrics: null, requests: metrics });
  }

  /** Back from a run of requests: the strip and the metrics panel are the plots' again. */
  leaveRequests() {
    if (this.el.section) delete this.el.section.dataset.mode;
    if (this.el.strip?.dataset.mode === 'requests') this.el.strip.replaceChildren();
    this.parts.leaveRequestMetrics?.(this.el.metrics);
  }

  destroy() {
    clearTimeout(this.resizeTimer);
    this.analysis?.destroy();
  }
}
