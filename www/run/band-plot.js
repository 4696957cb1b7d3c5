// The per-node line plots of the whole run — water levels, lag, window shares: one line per node
// when each column is one step, else a band from the column's lowest to its highest value, and
// the envelope of all nodes when the core sends it for a run with too many nodes to draw.

import { nodeColor, plotDashes } from '../draw/palette.js';
import { MARGIN, StepAxis, bandPath, columnsUpTo, compact, drawStepMarks, frame, linePath } from './plot-axis.js';
import { r1, svg, svgText } from '../draw/svg.js';

export const BAND_HEIGHT = 150;
/** Closest two value labels of the axis may sit, in px (about one line of its text). */
const LABEL_GAP = 11;

/**
 * Draws `data` (the core's columns for `kind`: levels, lag or window) into `svgRoot`, `width`
 * px wide, with a zero line, `guides` (lines at those values), `targets` (one dashed line per
 * node) and percent labels as asked; `run` carries `steps`, `envelope`, `period`, `repeats`,
 * `events`. Only the columns that end by step `shownUpTo` are drawn, and the value axis spans
 * those: with the future hidden, nothing on the plot (paths, labels, data-*) comes from later
 * steps. Returns the plot's step axis.
 */
export function drawBands(svgRoot, width, kind, data, run, { zero = false, guides = [], targets = null, percent = false }, shownUpTo = Infinity) {
  const height = BAND_HEIGHT;
  frame(svgRoot, width, height);
  const axis = new StepAxis(data.bounds, width);
  const columns = data.columns;
  const shown = columnsUpTo(data.bounds, shownUpTo);
  const perNode = (array) => Array.from(data.nodes, (_, k) => [...array.subarray(k * columns, k * columns + shown)]).flat();
  const values = [...perNode(data.lowest), ...perNode(data.highest), ...data.envelopeLowest.subarray(0, shown), ...data.envelopeHighest.subarray(0, shown), ...guides, ...(targets ?? [])]
    .filter((v) => Number.isFinite(v));
  let low = Math.min(...values, zero ? 0 : Infinity);
  let high = Math.max(...values, zero ? 0 : -Infinity);
  if (percent) low = Math.min(low, 0);
  if (high === low) high = low + 1;
  const pad = (high - low) * 0.06;
  low -= pad;
  high += pad;
  const plotHeight = height - MARGIN.top - MARGIN.bottom;
  const y = (v) => r1(MARGIN.top + ((high - v) / (high - low)) * plotHeight);
  const label = (v) => (percent ? `${Math.round(v * 100)}%` : compact(v));
  svgRoot.dataset.plot = kind;
  svgRoot.dataset.low = String(low + pad);
  svgRoot.dataset.high = String(high - pad);

  // Axes: zero line, guides, top/bottom labels.
  const right = axis.left + axis.width;
  const axisLabel = (text, x, yAt, anchor) => svgText(text, { x, y: yAt, class: 'axis', ...(anchor && { 'text-anchor': anchor }) }, svgRoot);
  svg('rect', { class: 'plot-bg', x: axis.left, y: MARGIN.top, width: axis.width, height: plotHeight }, svgRoot);
  if (zero) svg('line', { class: 'zero', x1: axis.left, x2: right, y1: y(0), y2: y(0) }, svgRoot);
  for (const g of guides) {
    svg('line', { class: 'guide', x1: axis.left, x2: right, y1: y(g), y2: y(g), 'data-guide': g }, svgRoot);
    axisLabel(label(g), axis.left - 4, y(g) + 4, 'end');
  }
  // The top and bottom labels give way to a guide's label they would overprint (the lag's ±1
  // when the lag stays within them).
  const clearOfGuides = (yAt) => guides.every((g) => Math.abs(y(g) + 4 - yAt) >= LABEL_GAP);
  const top = MARGIN.top + 9;
  const bottom = height - MARGIN.bottom;
  if (clearOfGuides(top)) axisLabel(label(high - pad), axis.left - 4, top, 'end');
  if (clearOfGuides(bottom)) axisLabel(label(low + pad), axis.left - 4, bottom, 'end');
  if (zero && !guides.length) axisLabel('0', axis.left - 4, y(0) + 4, 'end');
  axisLabel('1', axis.left, height - 3);
  if (shown === columns) axisLabel(compact(run.steps), right, height - 3, 'end');
  drawStepMarks(svgRoot, axis, height - MARGIN.bottom, run, shownUpTo);

  if (run.envelope) {
    const band = bandPath(axis, y, data.envelopeLowest, data.envelopeHighest, 0, shown);
    if (band) svg('path', { class: 'envelope', d: band, 'data-envelope': 'true' }, svgRoot);
  }
  const perStep = columns === run.steps;
  const dashes = plotDashes(data.nodes);
  data.nodes.forEach((node, k) => {
    const color = nodeColor(node);
    if (targets) {
      const target = targets[k];
      svg('line', { class: 'target', x1: axis.left, x2: right, y1: y(target), y2: y(target), stroke: color, 'data-node': node, 'data-target': target }, svgRoot);
    }
    if (shown === 0) return;
    const lowest = data.lowest.subarray(k * columns, k * columns + shown);
    const highest = data.highest.subarray(k * columns, k * columns + shown);
    const attributes = { 'data-node': node, 'data-min': String(minOf(lowest)), 'data-max': String(maxOf(highest)), stroke: color };
    if (dashes[k]) attributes['stroke-dasharray'] = dashes[k];
    if (perStep) {
      svg('path', { class: 'series line', d: linePath(axis, y, highest), ...attributes }, svgRoot);
    } else {
      const band = bandPath(axis, y, lowest, highest, 0, shown);
      if (band) svg('path', { class: 'series band', d: band, fill: color, ...attributes }, svgRoot);
    }
  });
  return axis;
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
