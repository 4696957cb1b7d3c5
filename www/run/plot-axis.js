// What every whole-run plot shares: its margins, the step axis built from the core's column
// bounds, short axis numbers, the period ticks and event lines along the steps, and the paths
// through one value pair per column.

import { num } from '../words/i18n.js';
import { r1, svg } from '../draw/svg.js';

export const MARGIN = { left: 46, right: 10, top: 8, bottom: 18 };

/** Short numbers for axes: 1234567 → 1.23M. */
export function compact(value) {
  const abs = Math.abs(value);
  if (abs >= 1e6) return `${num(Number((value / 1e6).toPrecision(3)))}M`;
  if (abs >= 1e4) return `${num(Number((value / 1e3).toPrecision(3)))}k`;
  return num(Number.isInteger(value) ? value : Math.round(value * 1000) / 1000);
}

/** Empties `svg` and sizes it `width` × `height` CSS pixels. */
export function frame(svgRoot, width, height) {
  svgRoot.replaceChildren();
  svgRoot.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svgRoot.setAttribute('height', String(height));
}

/** Maps steps to x and back for one plot, from the core's column bounds. */
export class StepAxis {
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

/**
 * How many of the columns `bounds` delimits end by step `shownUpTo` (Infinity: all): a plot with
 * the future hidden draws those only.
 */
export function columnsUpTo(bounds, shownUpTo) {
  const columns = bounds.length - 1;
  if (!(shownUpTo < bounds[columns] - 1)) return columns;
  let shown = 0;
  while (shown < columns && bounds[shown + 1] - 1 <= shownUpTo) shown += 1;
  return shown;
}

/**
 * Marks along the steps of `axis`, `height` high, up to step `shownUpTo`: a tick at each period's
 * end (a run that does not repeat — random, "own", a scenario — has none), and a line before the
 * pick each of a scenario's `events` happens at, titled with its text.
 */
export function drawStepMarks(svgRoot, axis, height, { steps, period, repeats, events }, shownUpTo = Infinity) {
  const stepWidth = axis.width / steps;
  const boundaries = period && repeats !== false ? Math.floor(Math.min(steps, shownUpTo) / period) : 0;
  if (boundaries <= 200) {
    for (let k = 1; k <= boundaries; k += 1) {
      // Between the period's last step and the next one's first (`x` of a step is its middle).
      const x = axis.x(k * period + 0.5);
      svg('line', { class: 'period', x1: x, x2: x, y1: 0, y2: height, 'data-period-end': k * period }, svgRoot);
    }
  }
  for (const event of events ?? []) {
    if (event.step < 1 || event.step > Math.min(steps, shownUpTo)) continue;
    const x = r1(axis.x(event.step) - 0.5 * stepWidth);
    const line = svg('line', { class: 'event', x1: x, x2: x, y1: 0, y2: height, 'data-step': event.step, 'data-kind': event.kind }, svgRoot);
    svg('title', {}, line).textContent = event.text;
  }
}

/** A polyline through one value per column (breaks at NaN). */
export function linePath(axis, y, values) {
  let d = '';
  let pen = false;
  for (let j = 0; j < values.length; j += 1) {
    if (!Number.isFinite(values[j])) {
      pen = false;
      continue;
    }
    d += `${pen ? 'L' : 'M'}${r1(axis.mid(j))} ${y(values[j])}`;
    pen = true;
  }
  return d;
}

/** A closed band between per-column lowest and highest values (one band per NaN-free run). */
export function bandPath(axis, y, lowest, highest, from, to) {
  let d = '';
  let j = from;
  while (j < to) {
    while (j < to && !Number.isFinite(highest[j])) j += 1;
    const start = j;
    while (j < to && Number.isFinite(highest[j])) j += 1;
    if (j > start) {
      const half = axis.columnWidth / 2;
      let top = `M${r1(axis.mid(start) - half)} ${y(highest[start])}`;
      for (let k = start; k < j; k += 1) top += `L${r1(axis.mid(k) - half)} ${y(highest[k])}L${r1(axis.mid(k) + half)} ${y(highest[k])}`;
      let bottom = '';
      for (let k = j - 1; k >= start; k -= 1) bottom += `L${r1(axis.mid(k) + half)} ${y(lowest[k])}L${r1(axis.mid(k) - half)} ${y(lowest[k])}`;
      d += `${top}${bottom}Z`;
    }
  }
  return d;
}
