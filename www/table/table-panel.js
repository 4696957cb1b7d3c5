// The hand-calculation table under the walkthrough: a window of rows around the current step —
// the whole period when it is short, else a sliding window sized so one render stays cheap
// (table layout costs per cell) — with the current row marked. The rows come from the core
// (trace-table.js draws plain SWRR's, algorithm-table.js every other run's).

import { counted, tr } from '../words/i18n.js';

/** Rows shown when the period is longer than this: a sliding window around the current step. */
const TABLE_PERIOD_ROWS = 100;
/** About this many cells per table render keeps a re-render under a frame or two. */
const TABLE_CELL_BUDGET = 2400;
/**
 * A record of a run that is not plain SWRR carries every node's state (levels, an EDF queue,
 * gRPC's bars), whatever columns show: about this many node values per render keep the core's
 * records cheap to hand over (10,000 nodes: 20 rows, 3.5 s to under 1 s under the profiler).
 */
const TABLE_RECORD_BUDGET = 200_000;
/** Above this many steps per second the table's window moves only when paused. */
const LIVE_TABLE_RATE = 10;

export class TablePanel {
  /**
   * The table of `scope` (the widget), or null when it does not show one.
   * @param {ParentNode} scope
   * @param {{run: () => object|null, step: () => number, playing: () => boolean, speed: () => number,
   *          guard: (fn: () => unknown) => unknown}} host  the walkthrough: its run (null before the
   *        start), the step shown, whether it plays and how fast; guard: a panic becomes the error banner
   * @param {Record<string, any>} parts  the panels' code loaded so far (widget/panels.js)
   */
  static create(scope, host, parts) {
    const $ = (id) => scope.querySelector(`#${id}`);
    const el = { table: $('trace'), scroll: $('trace-scroll'), summary: $('trace-summary') };
    return el.table ? new TablePanel(el, host, parts) : null;
  }

  /**
   * Before the start: the box of `scope`'s table keeps the place of `rows` rows under its two
   * heading rows (null: of its most), so the rows coming shift nothing.
   */
  static reserve(scope, rows) {
    const box = scope.querySelector('#trace-scroll');
    if (box && rows != null) box.style.setProperty('--table-rows', String(rows));
  }

  constructor(el, host, parts) {
    this.el = el;
    this.host = host;
    this.parts = parts;
    this.rowMarker = new parts.RowMarker(el.table, el.scroll);
    /** The window drawn: the run's key and its rows. */
    this.window = null;
    this.timer = 0;
  }

  /**
   * A new run: its rows come in the next task — with many nodes, drawing tanks and table in one
   * task (and laying them out in one frame) would block input for too long.
   */
  showRun() {
    this.window = null;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = 0;
      this.host.guard(() => this.follow());
    }, 0);
  }

  /**
   * The rows around step `t` (the step shown) of the run, unless a deferred render is still to
   * come; played faster than LIVE_TABLE_RATE, the window holds still until a pause.
   */
  follow(t = this.host.step()) {
    const engine = this.host.run();
    if (!engine || this.pending) return;
    this.render(engine, t, { hold: this.host.playing() && this.host.speed() > LIVE_TABLE_RATE });
  }

  /** Whether a deferred render is still to come. */
  get pending() {
    return this.timer !== 0;
  }

  /**
   * Shows the rows around step `t` of `engine`'s run and marks its row; with `hold` (playing
   * fast) the window stays where it is and says so.
   */
  render(engine, t, { hold = false } = {}) {
    const { weights } = engine;
    const nodeColumns = this.parts.TABLE_NODE_COLUMNS;
    // A run that does not repeat (random, "own", a scenario) gets the sliding window.
    const period = engine.runPeriod ?? Number.POSITIVE_INFINITY;
    const levelColumns = engine.hasLevels ? 2 * Math.min(weights.nodes.length, nodeColumns) : 4;
    // A run of requests adds request, outcome and a fails · effective column per node.
    const requestColumns = engine.modelsRequests ? 2 + Math.min(weights.nodes.length, nodeColumns) : 0;
    const columns = levelColumns + (engine.isPlain ? 2 : 4) + requestColumns;
    const recordRows = engine.isPlain ? Infinity : Math.floor(TABLE_RECORD_BUDGET / weights.nodes.length);
    const budget = Math.max(20, Math.min(TABLE_PERIOD_ROWS, Math.floor(TABLE_CELL_BUDGET / columns), recordRows));
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
    const key = `${engine.key}|${from}-${to}`;
    if (this.window !== key && !hold) {
      this.window = key;
      if (engine.isPlain) {
        this.parts.renderTraceTable(this.el.table, weights, engine.rows(from, to, nodeColumns));
      } else {
        this.parts.renderAlgorithmTable(this.el.table, weights, engine.records(from, to), {
          algo: engine.algorithm, withEvents: engine.events.length > 0, period: engine.runPeriod, nodeColumns,
          workers: engine.options.workers,
        });
      }
      this.rowMarker.reset();
      // The box fits the rows drawn (the element's CSS keeps their place).
      this.el.scroll.style.setProperty('--table-rows', String(this.el.table.tBodies[0]?.rows.length ?? 0));
      this.el.scroll.style.setProperty('--table-head-rows', String(this.el.table.tHead?.rows.length ?? 0));
    }
    // With the future hidden the caption says the steps shown, not the run's period or window.
    const hidden = this.host.hideFuture?.() ?? false;
    this.rowMarker.setHideFuture(hidden);
    const summary = hidden ? (t === 0 ? tr('table.shownNone') : counted(t, 'table.shownSoFar', 'table.shownOne', { t }))
      : period <= budget ? counted(period, 'table.period', 'table.periodOne', { period, total: weights.total, gcd: weights.gcd })
        : engine.runPeriod == null ? tr('table.windowNoRepeat', { from, to }) : counted(period, 'table.window', 'table.windowOne', { from, to, period });
    if (this.window === key) {
      const n = weights.nodes.length;
      this.el.summary.textContent = n > nodeColumns && engine.hasLevels
        ? `${summary} ${tr('table.firstNodes', { shown: nodeColumns, count: n })}`
        : summary;
    }
    this.el.summary.dataset.deferred = String(hold && this.window !== key);
    this.rowMarker.mark(t);
  }

  destroy() {
    clearTimeout(this.timer);
  }
}
