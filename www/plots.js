// The whole-run plots: selection strip, water levels, lag, window shares, runs, and the metrics
// table. The data comes downsampled from the core (analysis-columns.js): at most one value pair
// per pixel column, so drawing costs the same for 10 steps or 10 million. Every plot marks the
// walkthrough's current step; clicking or dragging on a plot seeks the walkthrough there.

import { nodeColor } from './palette.js';
import { num, tr } from './i18n.js';

const SVG = 'http://www.w3.org/2000/svg';
const MARGIN = { left: 46, right: 10, top: 8, bottom: 18 };

function svgElement(tag, attributes = {}, parent = null) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  if (parent) parent.append(element);
  return element;
}

function svgText(content, attributes, parent) {
  const element = svgElement('text', attributes, parent);
  element.textContent = content;
  return element;
}

const round = (value) => Math.round(value * 10) / 10;

/** Short numbers for axes: 1234567 → 1.23M. */
function compact(value) {
  const abs = Math.abs(value);
  if (abs >= 1e6) return `${num(Number((value / 1e6).toPrecision(3)))}M`;
  if (abs >= 1e4) return `${num(Number((value / 1e3).toPrecision(3)))}k`;
  return num(Number.isInteger(value) ? value : Math.round(value * 1000) / 1000);
}

/** Maps steps to x and back for one plot, from the core's column bounds. */
class StepAxis {
  constructor(bounds, width) {
    this.bounds = bounds;
    this.columns = bounds.length - 1;
    this.left = MARGIN.left;
    this.width = width - MARGIN.left - MARGIN.right;
    this.columnWidth = this.width / this.columns;
  }

  /** x of the middle of column j. */
  mid(j) {
    return this.left + (j + 0.5) * this.columnWidth;
  }

  /** x of a step (inside its column, proportionally). */
  x(step) {
    const { bounds } = this;
    if (step < bounds[0]) return this.left;
    if (step >= bounds[this.columns]) return this.left + this.width;
    let low = 0;
    let high = this.columns - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (bounds[middle] <= step) low = middle;
      else high = middle - 1;
    }
    const span = bounds[low + 1] - bounds[low];
    return this.left + (low + (step - bounds[low] + 0.5) / span) * this.columnWidth;
  }

  /** The step under x. */
  step(x) {
    const j = Math.min(this.columns - 1, Math.max(0, Math.floor((x - this.left) / this.columnWidth)));
    const fraction = Math.min(0.999, Math.max(0, (x - this.left) / this.columnWidth - j));
    const span = this.bounds[j + 1] - this.bounds[j];
    return this.bounds[j] + Math.floor(fraction * span);
  }
}

export class PlotsView {
  /**
   * @param {Record<string, Element|null>} el  the panel's elements (any may be missing)
   * @param {(step: number) => void} onSeek
   */
  constructor(el, onSeek) {
    this.el = el;
    this.onSeek = onSeek;
    this.axes = new Map();
    this.markers = [];
    this.t = 0;
    for (const svg of [el.strip, el.levels, el.lag, el.window]) {
      if (svg) this.enableSeeking(svg);
    }
  }

  /** Lets go of the drawn run (a run of requests draws its own strip and metrics). */
  release() {
    this.generation = (this.generation ?? 0) + 1;
    this.result = null;
    this.axes.clear();
    this.markers = [];
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
      for (const svg of [this.el.levels, this.el.lag, this.el.window, this.el.longest, this.el.runs]) svg?.replaceChildren();
      this.el.metrics?.replaceChildren();
      this.el.summary?.replaceChildren();
      this.el.legend?.replaceChildren();
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
    this.axes.clear();
    this.markers = [];
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
    for (const box of [this.el.status, this.el.stripStatus]) {
      if (!box) continue;
      box.textContent = text;
    }
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
    this.axes.clear();
    this.markers = [];
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
    ].filter(Boolean);
    for (const draw of parts) {
      draw();
      this.mark(this.t);
      await nextTask();
      if (generation !== this.generation) return false;
    }
    return true;
  }

  /** Moves every plot's current-step marker to step t. */
  mark(t) {
    this.t = t;
    for (const { svg, line, mask } of this.markers) {
      const axis = this.axes.get(svg);
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
    this.hideFuture = on;
    if (this.result) this.mark(this.t);
  }

  width(svg) {
    // The two bar charts share a row on wide screens: half the width each.
    const half = svg === this.el.longest || svg === this.el.runs;
    return half ? this.halfWidth() : this.plotWidth;
  }

  halfWidth() {
    this.barWidth ??= Math.max(200, Math.round(this.el.longest?.parentElement?.clientWidth || this.plotWidth / 2));
    return this.barWidth;
  }

  frame(svg, height) {
    const width = this.width(svg);
    svg.replaceChildren();
    svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
    svg.setAttribute('height', String(height));
    return width;
  }

  addMarker(svg, height) {
    // "Hide the future": a panel-coloured cover over everything after the current step.
    const mask = svgElement('rect', { class: 'future-mask', y: 0, height: svg.viewBox.baseVal.height, width: 0, 'data-future-mask': 'true' }, svg);
    const line = svgElement('line', { class: 'marker', y1: 0, y2: height }, svg);
    this.markers.push({ svg, line, mask });
  }

  drawStrip() {
    const svg = this.el.strip;
    const { strip, steps } = this.result;
    const height = 46;
    const width = this.frame(svg, height);
    const axis = new StepAxis(strip.bounds, width);
    this.axes.set(svg, axis);
    svg.dataset.columns = String(strip.columns);
    const perStep = strip.columns === steps;
    svg.dataset.mode = perStep ? 'picks' : 'columns';
    const top = 4;
    const cell = height - top - 14;
    const letters = perStep && axis.columnWidth >= 11;
    for (let j = 0; j < strip.columns; j += 1) {
      const node = strip.dominant[j];
      const x = axis.left + j * axis.columnWidth;
      const attributes = {
        x: round(x), y: top, width: Math.max(round(axis.columnWidth - (perStep && axis.columnWidth > 4 ? 1 : 0)), 0.5), height: cell,
        fill: nodeColor(node), class: 'cell',
      };
      if (perStep) {
        attributes['data-step'] = String(strip.bounds[j]);
        attributes['data-pick'] = String(node);
      } else {
        attributes['data-from'] = String(strip.bounds[j]);
        attributes['data-to'] = String(strip.bounds[j + 1] - 1);
        attributes['data-dominant'] = String(node);
      }
      const rect = svgElement('rect', attributes, svg);
      if (perStep) svgElement('title', {}, rect).textContent = `${strip.bounds[j]}: ${this.nodes[node].name}`;
      if (letters) {
        svgText(this.nodes[node].name.slice(0, 2), { x: round(x + axis.columnWidth / 2), y: top + cell / 2 + 4, class: 'cell-label', 'text-anchor': 'middle' }, svg);
      }
    }
    this.drawPeriodTicks(svg, axis, height);
    this.drawEvents(svg, axis, height);
    svgText('1', { x: axis.left, y: height - 2, class: 'axis' }, svg);
    svgText(compact(steps), { x: axis.left + axis.width, y: height - 2, class: 'axis', 'text-anchor': 'end' }, svg);
    this.addMarker(svg, height);
  }

  /** A scenario's events: a line before the pick each happens at, titled with its text. */
  drawEvents(svg, axis, height) {
    for (const event of this.events ?? []) {
      if (event.step < 1 || event.step > this.result.steps) continue;
      const x = round(axis.x(event.step) - 0.5 * (axis.width / this.result.steps));
      const line = svgElement('line', { class: 'event', x1: x, x2: x, y1: 0, y2: height, 'data-step': event.step, 'data-kind': event.kind }, svg);
      svgElement('title', {}, line).textContent = event.text;
    }
  }

  drawPeriodTicks(svg, axis, height) {
    const period = this.metrics.period;
    // A run that does not repeat (random, "own", a scenario) has no period to mark.
    if (!period || this.metrics.repeats === false) return;
    const boundaries = Math.floor(this.result.steps / period);
    if (boundaries < 1 || boundaries > 200) return;
    for (let k = 1; k <= boundaries; k += 1) {
      const x = axis.x(k * period + 0.5) - 0.5 * (axis.width / this.result.steps);
      svgElement('line', { class: 'period', x1: x, x2: x, y1: 0, y2: height, 'data-period-end': k * period }, svg);
    }
  }

  /** Min/max bands (or lines, when each column is one step) per node, plus the envelope. */
  drawBands(svg, kind, data, { zero = false, guides = [], targets = null, percent = false }) {
    const height = 150;
    const width = this.frame(svg, height);
    const axis = new StepAxis(data.bounds, width);
    this.axes.set(svg, axis);
    const columns = data.columns;
    const values = [...data.lowest, ...data.highest, ...data.envelopeLowest, ...data.envelopeHighest, ...guides, ...(targets ?? [])]
      .filter((v) => Number.isFinite(v));
    let low = Math.min(...values, zero ? 0 : Infinity);
    let high = Math.max(...values, zero ? 0 : -Infinity);
    if (percent) low = Math.min(low, 0);
    if (high === low) high = low + 1;
    const pad = (high - low) * 0.06;
    low -= pad;
    high += pad;
    const plotHeight = height - MARGIN.top - MARGIN.bottom;
    const y = (v) => round(MARGIN.top + ((high - v) / (high - low)) * plotHeight);
    const label = (v) => (percent ? `${Math.round(v * 100)}%` : compact(v));
    svg.dataset.plot = kind;
    svg.dataset.low = String(low + pad);
    svg.dataset.high = String(high - pad);

    // Axes: zero line, guides, top/bottom labels.
    svgElement('rect', { class: 'plot-bg', x: axis.left, y: MARGIN.top, width: axis.width, height: plotHeight }, svg);
    if (zero) svgElement('line', { class: 'zero', x1: axis.left, x2: axis.left + axis.width, y1: y(0), y2: y(0) }, svg);
    for (const g of guides) {
      svgElement('line', { class: 'guide', x1: axis.left, x2: axis.left + axis.width, y1: y(g), y2: y(g), 'data-guide': g }, svg);
      svgText(label(g), { x: axis.left - 4, y: y(g) + 4, class: 'axis', 'text-anchor': 'end' }, svg);
    }
    svgText(label(high - pad), { x: axis.left - 4, y: MARGIN.top + 9, class: 'axis', 'text-anchor': 'end' }, svg);
    svgText(label(low + pad), { x: axis.left - 4, y: height - MARGIN.bottom, class: 'axis', 'text-anchor': 'end' }, svg);
    if (zero && !guides.length) svgText('0', { x: axis.left - 4, y: y(0) + 4, class: 'axis', 'text-anchor': 'end' }, svg);
    svgText('1', { x: axis.left, y: height - 3, class: 'axis' }, svg);
    svgText(compact(this.result.steps), { x: axis.left + axis.width, y: height - 3, class: 'axis', 'text-anchor': 'end' }, svg);
    this.drawPeriodTicks(svg, axis, height - MARGIN.bottom);
    this.drawEvents(svg, axis, height - MARGIN.bottom);

    if (this.result.envelope) {
      const band = bandPath(axis, y, data.envelopeLowest, data.envelopeHighest, 0, columns);
      if (band) svgElement('path', { class: 'envelope', d: band, 'data-envelope': 'true' }, svg);
    }
    data.nodes.forEach((node, k) => {
      const color = nodeColor(node);
      if (targets) {
        const target = targets[k];
        svgElement('line', { class: 'target', x1: axis.left, x2: axis.left + axis.width, y1: y(target), y2: y(target), stroke: color, 'data-node': node, 'data-target': target }, svg);
      }
      const perStep = columns === this.result.steps;
      const lowest = data.lowest.subarray(k * columns, (k + 1) * columns);
      const highest = data.highest.subarray(k * columns, (k + 1) * columns);
      const attributes = { 'data-node': node, 'data-min': String(minOf(lowest)), 'data-max': String(maxOf(highest)), stroke: color };
      if (perStep) {
        svgElement('path', { class: 'series line', d: linePath(axis, y, highest), ...attributes }, svg);
      } else {
        const band = bandPath(axis, y, lowest, highest, 0, columns);
        if (band) svgElement('path', { class: 'series band', d: band, fill: color, ...attributes }, svg);
      }
    });
    this.addMarker(svg, height - MARGIN.bottom);
  }

  drawLongestRuns() {
    const svg = this.el.longest;
    const nodes = this.metrics.nodes;
    const shown = this.result.nodes.length < nodes.length ? this.result.nodes : nodes.map((_, i) => i);
    const values = shown.map((i) => nodes[i].longest_run);
    this.drawBars(svg, shown.map((i, k) => ({
      label: nodes[i].name, value: values[k], color: nodeColor(i), attributes: { 'data-node': i, 'data-longest-run': values[k] },
    })));
  }

  drawHistogram() {
    const { lengths, counts } = this.result.runs;
    this.drawBars(this.el.runs, Array.from(lengths, (length, k) => ({
      label: compact(length), value: counts[k], color: 'var(--muted)', attributes: { 'data-length': length, 'data-count': counts[k] },
    })));
  }

  drawBars(svg, bars) {
    const height = 130;
    const width = this.frame(svg, height);
    const shown = bars.slice(0, Math.max(1, Math.floor((width - MARGIN.left) / 6)));
    const max = Math.max(1, ...shown.map((b) => b.value));
    const plotHeight = height - MARGIN.top - MARGIN.bottom;
    const slot = (width - MARGIN.left - MARGIN.right) / Math.max(shown.length, 1);
    svgText(compact(max), { x: MARGIN.left - 4, y: MARGIN.top + 9, class: 'axis', 'text-anchor': 'end' }, svg);
    svgText('0', { x: MARGIN.left - 4, y: height - MARGIN.bottom, class: 'axis', 'text-anchor': 'end' }, svg);
    shown.forEach((bar, k) => {
      const h = (bar.value / max) * plotHeight;
      const x = MARGIN.left + k * slot + slot * 0.12;
      const rect = svgElement('rect', {
        class: 'bar', x: round(x), y: round(MARGIN.top + plotHeight - h), width: round(slot * 0.76), height: round(h), fill: bar.color, ...bar.attributes,
      }, svg);
      svgElement('title', {}, rect).textContent = `${bar.label}: ${bar.value}`;
      if (slot >= 16) svgText(bar.label, { x: round(x + slot * 0.38), y: height - 4, class: 'axis', 'text-anchor': 'middle' }, svg);
    });
  }

  /** The legend doubles as a focus switch: a node's button dims every other node's series. */
  drawLegend() {
    const items = this.result.nodes.map((node) => {
      const item = document.createElement('button');
      item.type = 'button';
      item.className = 'legend-item';
      item.dataset.node = String(node);
      item.setAttribute('aria-pressed', 'false');
      item.style.setProperty('--node-color', nodeColor(node));
      item.textContent = this.nodes[node].name;
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
    for (const svg of [this.el.levels, this.el.lag, this.el.window]) {
      for (const series of svg?.querySelectorAll('[data-node]') ?? []) {
        series.classList.toggle('dimmed', node !== null && Number(series.dataset.node) !== node);
      }
    }
  }

  drawMetrics() {
    const m = this.metrics;
    const table = this.el.metrics;
    table.dataset.period = String(m.period);
    table.dataset.algo = m.algorithm ?? 'swrr';
    table.dataset.repeats = String(m.repeats !== false);
    table.dataset.fingerprint = m.fingerprint;
    table.dataset.maxWindowVariance = String(m.max_window_variance.variance);
    const summary = [
      [tr('metrics.period'), m.repeats === false
        ? tr('metrics.noPeriod', { period: m.period })
        : tr('metrics.periodValue', { period: m.period, total: m.total, gcd: m.gcd })],
      [tr('metrics.steps'), tr(m.periodic ? 'metrics.stepsPeriodic' : 'metrics.stepsPartial', { steps: m.steps, computed: m.computed_picks })],
      [tr('metrics.window'), tr('metrics.windowValue', {
        window: m.window, variance: m.max_window_variance.variance.toPrecision(3), from: m.max_window_variance.first_step, to: m.max_window_variance.last_step,
      })],
      [tr('metrics.fingerprint'), tr('metrics.fingerprintValue', { hash: m.fingerprint, picks: m.fingerprint_picks })],
    ];
    const dl = this.el.summary;
    if (dl) {
      dl.replaceChildren(...summary.flatMap(([term, value]) => {
        const dt = document.createElement('dt');
        dt.textContent = term;
        const dd = document.createElement('dd');
        dd.textContent = value;
        return [dt, dd];
      }));
    }
    const head = ['metrics.node', 'metrics.weight', 'metrics.target', 'metrics.picks', 'metrics.ideal', 'metrics.ahead', 'metrics.behind', 'metrics.longestRun', 'metrics.perWindow'];
    table.replaceChildren();
    const headRow = table.createTHead().insertRow();
    for (const key of head) {
      const th = document.createElement('th');
      th.scope = 'col';
      th.textContent = tr(key);
      headRow.append(th);
    }
    const body = table.createTBody();
    const order = this.result.tableOrder ?? m.nodes.map((_, i) => i);
    for (const i of order) {
      const node = m.nodes[i];
      const row = body.insertRow();
      Object.assign(row.dataset, {
        node: String(i), picks: String(node.picks), ideal: String(node.ideal_picks), longestRun: String(node.longest_run),
        maxAhead: String(node.max_ahead.lag), maxAheadStep: String(node.max_ahead.step),
        maxBehind: String(node.max_behind.lag), maxBehindStep: String(node.max_behind.step),
      });
      const cells = [
        node.name, String(node.weight), `${(node.target_share * 100).toFixed(2)}%`, String(node.picks), node.ideal_picks.toFixed(2),
        tr('metrics.lagAt', { lag: signed(node.max_ahead.lag), step: node.max_ahead.step }),
        tr('metrics.lagAt', { lag: signed(node.max_behind.lag), step: node.max_behind.step }),
        String(node.longest_run),
        `${node.window_picks_min}–${node.window_picks_max}`,
      ];
      cells.forEach((text, c) => {
        const td = document.createElement(c === 0 ? 'th' : 'td');
        if (c === 0) {
          td.scope = 'row';
          td.style.setProperty('--node-color', nodeColor(i));
        }
        td.textContent = text;
        row.append(td);
      });
    }
  }

  enableSeeking(svg) {
    let dragging = false;
    const seek = (event) => {
      const axis = this.axes.get(svg);
      if (!axis) return;
      const box = svg.getBoundingClientRect();
      const x = ((event.clientX - box.left) / box.width) * (axis.left + axis.width + MARGIN.right);
      this.onSeek(axis.step(x));
    };
    svg.addEventListener('pointerdown', (event) => {
      dragging = true;
      svg.setPointerCapture?.(event.pointerId);
      seek(event);
    });
    svg.addEventListener('pointermove', (event) => {
      if (dragging) seek(event);
    });
    const stop = () => {
      dragging = false;
    };
    svg.addEventListener('pointerup', stop);
    svg.addEventListener('pointercancel', stop);
  }
}

/** Resolves in a later task, after the browser had a chance to render and handle input. */
function nextTask() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function signed(value) {
  const text = Math.abs(value).toFixed(3);
  return value > 0 ? `+${text}` : value < 0 ? `−${text}` : text;
}

function minOf(array) {
  let m = Infinity;
  for (const v of array) if (v < m) m = v;
  return m;
}

function maxOf(array) {
  let m = -Infinity;
  for (const v of array) if (v > m) m = v;
  return m;
}

/** A polyline through one value per column (breaks at NaN). */
function linePath(axis, y, values) {
  let d = '';
  let pen = false;
  for (let j = 0; j < values.length; j += 1) {
    if (!Number.isFinite(values[j])) {
      pen = false;
      continue;
    }
    d += `${pen ? 'L' : 'M'}${round(axis.mid(j))} ${y(values[j])}`;
    pen = true;
  }
  return d;
}

/** A closed band between per-column lowest and highest values (one band per NaN-free run). */
function bandPath(axis, y, lowest, highest, from, to) {
  let d = '';
  let j = from;
  while (j < to) {
    while (j < to && !Number.isFinite(highest[j])) j += 1;
    const start = j;
    while (j < to && Number.isFinite(highest[j])) j += 1;
    if (j > start) {
      const half = axis.columnWidth / 2;
      let top = `M${round(axis.mid(start) - half)} ${y(highest[start])}`;
      for (let k = start; k < j; k += 1) top += `L${round(axis.mid(k) - half)} ${y(highest[k])}L${round(axis.mid(k) + half)} ${y(highest[k])}`;
      let bottom = '';
      for (let k = j - 1; k >= start; k -= 1) bottom += `L${round(axis.mid(k) + half)} ${y(lowest[k])}L${round(axis.mid(k) - half)} ${y(lowest[k])}`;
      d += `${top}${bottom}Z`;
    }
  }
  return d;
}
