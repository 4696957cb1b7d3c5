// The whole-run plots: selection strip, water levels, lag, window shares, runs, and the metrics
// table. The data comes downsampled from the core (analysis-columns.js): at most one value pair
// per pixel column, so drawing costs the same for 10 steps or 10 million. Every plot marks the
// walkthrough's current step; clicking or dragging on a plot seeks the walkthrough there. Each
// plot draws in a module of its own; this view sizes them, keeps their step axes and markers,
// and hands them the run. With the future hidden the strip and the line plots are drawn up to the
// current step only (and drawn again as it moves), so their DOM, text and accessible description
// hold nothing a class is meant to predict; a panel-coloured cover hides the rest of the axis.

import { dashSwatch, nodeColor, plotDashes } from '../draw/palette.js';
import { tr } from '../words/i18n.js';
import { MARGIN, columnsUpTo } from './plot-axis.js';
import { LETTERS_GAP, STRIP_HEIGHT, drawStrip } from './strip-plot.js';
import { BAND_HEIGHT, drawBands } from './band-plot.js';
import { drawBars, histogramBars, longestRunBars } from './bar-plot.js';
import { drawMetrics } from './metrics-table.js';
import { describePlots, describeStrip } from './plot-descriptions.js';
import { svg } from '../draw/svg.js';

export class PlotsView {
  /**
   * @param {Record<string, Element|null>} el  the panel's elements (any may be missing)
   * @param {(step: number) => void} onSeek
   */
  constructor(el, onSeek) {
    this.el = el;
    this.onSeek = onSeek;
    this.axes = new Map();
    /** Per drawn plot: its marker `{line, mask}`, how to draw it again, and how many columns it shows. */
    this.markers = new Map();
    this.redraws = new Map();
    this.t = 0;
    for (const plot of [el.strip, el.levels, el.lag, el.window]) {
      if (plot) this.enableSeeking(plot);
    }
  }

  forgetPlots() {
    this.axes.clear();
    this.markers.clear();
    this.redraws.clear();
  }

  /** Lets go of the drawn run (a run of requests draws its own strip and metrics). */
  release() {
    this.generation = (this.generation ?? 0) + 1;
    this.result = null;
    this.forgetPlots();
    this.describe();
  }

  /**
   * A note instead of the plots (null: the plots are back): used when the core cannot measure the
   * run (a scenario). The plots' figures and the metrics hide, so nothing stale stays on screen.
   */
  setNote(text) {
    if (this.el.note) {
      this.el.note.hidden = text === null;
      this.el.note.textContent = text ?? '';
    }
    if (this.el.body) this.el.body.hidden = text !== null;
    if (text !== null) {
      for (const plot of [this.el.levels, this.el.lag, this.el.window, this.el.longest, this.el.runs]) plot?.replaceChildren();
      this.el.metrics?.replaceChildren();
      this.el.summary?.replaceChildren();
      this.el.legend?.replaceChildren();
      this.describePlots();
    }
  }

  /**
   * Draws the strip of a run the core cannot measure (a scenario), or of a few picks (the
   * handout): one cell per pick from the core's sequence, the events marked, and the period's
   * boundaries when `period` is given. `events`: the engine's `[{step, text}]`.
   */
  async showSequence(picks, nodes, events, period = null) {
    const generation = (this.generation = (this.generation ?? 0) + 1);
    const steps = picks.length;
    const bounds = new Float64Array(steps + 1);
    for (let j = 0; j <= steps; j += 1) bounds[j] = j + 1;
    this.result = { steps, strip: { columns: steps, bounds, dominant: picks } };
    this.metrics = { period, repeats: period != null };
    this.nodes = nodes;
    this.events = events;
    this.forgetPlots();
    const box = this.el.strip?.parentElement;
    this.plotWidth = Math.max(260, Math.round(box?.clientWidth || 600));
    for (const section of [this.el.section, this.el.stripSection]) {
      if (!section) continue;
      section.dataset.steps = String(steps);
      delete section.dataset.window;
    }
    if (this.el.strip) {
      this.drawStrip();
      this.mark(this.t);
    }
    await nextTask();
    return generation === this.generation;
  }

  /** Shows a progress or error line while the core computes. */
  status(text, state) {
    // Where a note stands in for the plots (a scenario), it says what the strip shows: the
    // strip's status says it once, not again beside the run's fields.
    const noted = this.el.body?.hidden && this.el.stripStatus;
    if (this.el.status) this.el.status.textContent = noted ? '' : text;
    if (this.el.stripStatus) this.el.stripStatus.textContent = text;
    for (const section of [this.el.section, this.el.stripSection]) {
      if (section) section.dataset.status = state;
    }
  }

  /**
   * Draws everything for a finished analysis, one plot per task: each plot's drawing and
   * layout stays well under 50 ms even for thousands of nodes, and the page stays responsive
   * in between. A newer call abandons an older one.
   */
  async show(result, metrics, nodes) {
    const generation = (this.generation = (this.generation ?? 0) + 1);
    this.result = result;
    this.metrics = metrics;
    this.nodes = nodes;
    this.events = [];
    this.forgetPlots();
    // Every plot box has the same width: read it once, before any drawing dirties the layout.
    const box = (this.el.levels ?? this.el.strip)?.parentElement;
    this.plotWidth = Math.max(260, Math.round(box?.clientWidth || 600));
    this.barWidth = this.el.longest ? Math.max(200, Math.round(this.el.longest.parentElement.clientWidth || this.plotWidth / 2)) : null;
    for (const section of [this.el.section, this.el.stripSection]) {
      if (!section) continue;
      section.dataset.steps = String(result.steps);
      section.dataset.window = String(metrics.window);
    }
    const parts = [
      this.el.strip && (() => this.drawStrip()),
      this.el.levels && (() => this.drawBands(this.el.levels, 'levels', result.levels, { zero: true })),
      this.el.lag && (() => this.drawBands(this.el.lag, 'lag', result.lag, { zero: true, guides: [-1, 1] })),
      this.el.window && (() => this.drawBands(this.el.window, 'window', result.window, { targets: result.window.targets, percent: true })),
      this.el.longest && (() => this.drawLongestRuns()),
      this.el.runs && (() => this.drawHistogram()),
      this.el.legend && (() => this.drawLegend()),
      this.el.metrics && (() => this.drawMetrics()),
      () => this.describePlots(),
    ].filter(Boolean);
    for (const draw of parts) {
      draw();
      this.mark(this.t);
      await nextTask();
      if (generation !== this.generation) return false;
    }
    return true;
  }

  /** The last step the plots may show: the current one with the future hidden. */
  shownUpTo() {
    return this.hideFuture ? this.t : Infinity;
  }

  /** Draws again each plot whose shown columns changed (the step moved, or the future was hidden or shown). */
  redrawShown() {
    for (const [plot, { draw, bounds, shown }] of this.redraws) {
      if (columnsUpTo(bounds, this.shownUpTo()) !== shown) draw();
    }
  }

  /** Moves every plot's current-step marker to step t. */
  mark(t) {
    this.t = t;
    this.redrawShown();
    // With the future hidden the strip's words follow the step; else they stand for the whole run.
    if (this.hideFuture) this.describe();
    for (const [plot, { line, mask }] of this.markers) {
      const axis = this.axes.get(plot);
      const visible = axis && t >= 1 && t <= this.result.steps;
      line.style.display = visible ? '' : 'none';
      line.dataset.step = String(t);
      if (visible) {
        const x = axis.x(t);
        line.setAttribute('x1', x);
        line.setAttribute('x2', x);
      }
      if (axis && this.hideFuture) {
        const from = t < 1 ? axis.left : t >= this.result.steps ? axis.left + axis.width : axis.x(t + 0.5);
        mask.setAttribute('x', from);
        mask.setAttribute('width', Math.max(0, axis.left + axis.width - from + MARGIN.right));
      } else {
        mask.setAttribute('width', 0);
      }
    }
  }

  /** Covers (or uncovers) every plot after the current step, so a class can predict. */
  setHideFuture(on) {
    this.hideFuture = Boolean(on);
    if (this.result) this.mark(this.t);
    this.describe();
    this.describePlots();
  }

  /** The two bar charts share a row on wide screens: half the width each. */
  halfWidth() {
    this.barWidth ??= Math.max(200, Math.round(this.el.longest?.parentElement?.clientWidth || this.plotWidth / 2));
    return this.barWidth;
  }

  /** The current step's line on a plot `height` high (of its `plotHeight`), and its "hide the future" cover. */
  addMarker(root, height, plotHeight = height) {
    // "Hide the future": a panel-coloured cover over everything after the current step.
    const mask = svg('rect', { class: 'future-mask', y: 0, height, width: 0, 'data-future-mask': 'true' }, root);
    const line = svg('line', { class: 'marker', y1: 0, y2: plotHeight }, root);
    this.markers.set(root, { line, mask });
  }

  /** Remembers how to draw `root` again when the columns it shows change (the future hidden). */
  keepRedraw(root, bounds, draw) {
    this.redraws.set(root, { draw, bounds, shown: columnsUpTo(bounds, this.shownUpTo()) });
  }

  /** What the plots draw besides their columns: steps, nodes, period, events. */
  run() {
    const { steps, envelope } = this.result;
    return { steps, envelope, nodes: this.nodes, period: this.metrics.period, repeats: this.metrics.repeats, events: this.events };
  }

  drawStrip() {
    const root = this.el.strip;
    const { strip } = this.result;
    this.axes.set(root, drawStrip(root, this.plotWidth, { ...this.run(), strip }, this.shownUpTo()));
    this.addMarker(root, STRIP_HEIGHT);
    if (root.dataset.letters === 'true') this.markers.get(root).line.setAttribute('stroke-dasharray', LETTERS_GAP);
    this.keepRedraw(root, strip.bounds, () => this.drawStrip());
    this.describe();
  }

  /**
   * The strip's words (its picks, and each node's count from the metrics): the first picks the
   * analysis sent, or the strip's own cells when it has one per step (a scenario, the handout).
   */
  describe() {
    const box = this.el.stripDescription;
    if (!box) return;
    const result = this.result;
    if (!result?.strip) {
      box.textContent = '';
      return;
    }
    const head = result.head ?? (result.strip.columns === result.steps ? result.strip.dominant : []);
    box.textContent = describeStrip({ head, steps: result.steps, nodes: this.nodes, metrics: this.metrics, shownUpTo: this.shownUpTo() });
  }

  /** A line for each plot of a measured run; none while the future is hidden (it would tell it). */
  describePlots() {
    const said = this.result?.levels && this.metrics?.nodes && !this.hideFuture ? describePlots(this.result, this.metrics) : {};
    for (const [name, box] of Object.entries(this.el.summaries ?? {})) {
      if (box) box.textContent = said[name] ?? '';
    }
  }

  drawBands(root, kind, data, options) {
    this.axes.set(root, drawBands(root, this.plotWidth, kind, data, this.run(), options, this.shownUpTo()));
    this.addMarker(root, BAND_HEIGHT, BAND_HEIGHT - MARGIN.bottom);
    this.keepRedraw(root, data.bounds, () => this.drawBands(root, kind, data, options));
    // A redrawn plot keeps the legend's focus.
    if (this.focused != null) this.focus(this.focused);
  }

  drawLongestRuns() {
    const nodes = this.metrics.nodes;
    const shown = this.result.nodes.length < nodes.length ? this.result.nodes : nodes.map((_, i) => i);
    drawBars(this.el.longest, this.halfWidth(), longestRunBars(this.metrics, shown));
  }

  drawHistogram() {
    drawBars(this.el.runs, this.halfWidth(), histogramBars(this.result.runs));
  }

  /** The legend doubles as a focus switch: a node's button dims every other node's series. */
  drawLegend() {
    const dashes = plotDashes(this.result.nodes);
    const items = this.result.nodes.map((node, k) => {
      const item = document.createElement('button');
      item.type = 'button';
      item.className = 'legend-item';
      item.dataset.node = String(node);
      item.setAttribute('aria-pressed', 'false');
      item.style.setProperty('--node-color', nodeColor(node));
      item.style.setProperty('--node-swatch', dashSwatch(dashes[k]));
      if (dashes[k]) item.dataset.dash = dashes[k];
      item.textContent = this.nodes[node].name;
      // What pressing it does, beside the name it shows ("A" alone says nothing of it).
      item.setAttribute('aria-label', tr('plots.highlight', { name: this.nodes[node].name }));
      item.addEventListener('click', () => this.focus(this.focused === node ? null : node));
      return item;
    });
    if (this.result.envelope) {
      const all = document.createElement('span');
      all.className = 'legend-item envelope';
      all.textContent = tr('plots.envelope', { count: this.nodes.length });
      items.push(all);
    }
    this.el.legend.replaceChildren(...items);
    this.focus(this.result.nodes.includes(this.focused) ? this.focused : null);
  }

  focus(node) {
    this.focused = node;
    for (const item of this.el.legend?.querySelectorAll('button.legend-item') ?? []) {
      item.setAttribute('aria-pressed', String(Number(item.dataset.node) === node));
    }
    for (const plot of [this.el.levels, this.el.lag, this.el.window]) {
      for (const series of plot?.querySelectorAll('[data-node]') ?? []) {
        series.classList.toggle('dimmed', node !== null && Number(series.dataset.node) !== node);
      }
    }
  }

  drawMetrics() {
    drawMetrics(this.el.metrics, this.el.summary, this.metrics, this.result.tableOrder ?? this.metrics.nodes.map((_, i) => i));
  }

  enableSeeking(plot) {
    let dragging = false;
    const seek = (event) => {
      const axis = this.axes.get(plot);
      if (!axis) return;
      const box = plot.getBoundingClientRect();
      const x = ((event.clientX - box.left) / box.width) * (axis.left + axis.width + MARGIN.right);
      this.onSeek(axis.step(x));
    };
    plot.addEventListener('pointerdown', (event) => {
      dragging = true;
      plot.setPointerCapture?.(event.pointerId);
      seek(event);
    });
    plot.addEventListener('pointermove', (event) => {
      if (dragging) seek(event);
    });
    const stop = () => {
      dragging = false;
    };
    plot.addEventListener('pointerup', stop);
    plot.addEventListener('pointercancel', stop);
  }
}

/** Resolves in a later task, after the browser had a chance to render and handle input. */
function nextTask() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
