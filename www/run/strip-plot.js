// The selection strip: one cell per pick, coloured and lettered, or, for a run longer than the
// strip is wide, one cell per pixel column in the colour of the node the core found picked most
// in it; a cell's letters are its node's name as far as the cell holds it, cut by the core so
// that no two nodes read alike (colour is not the only cue). Period ticks and a scenario's events
// are marked along it. With the future hidden only the cells up to the current step are drawn, so
// no letter, title or data-* gives later picks away.

import { nodeColor } from '../draw/palette.js';
import { StepAxis, columnsUpTo, compact, drawStepMarks, frame } from './plot-axis.js';
import { r1, svg, svgText } from '../draw/svg.js';
import { cellLabels } from '../pkg/swrr_viz.js';

export const STRIP_HEIGHT = 46;
/** The cells' letters' size, in px (bold): the core fits each node's label to the cell with it. */
const CELL_FONT = 11;
/** Where a cell's letters stand: the cells' top, their height and the letters' baseline. */
const TOP = 4;
const CELL = STRIP_HEIGHT - TOP - 14;
const BASELINE = TOP + CELL / 2 + 4;
/**
 * The current step's line leaves the letters' band (a letter's height above the baseline to
 * its descenders under it) open, so the step's own letter reads whole under it rather than
 * struck through ("A" read as an arrow): as a stroke-dasharray of a line from the top down.
 */
export const LETTERS_GAP = `${BASELINE - CELL_FONT} ${CELL_FONT + 5} ${STRIP_HEIGHT}`;

/**
 * The cells' labels of `nodes` for cells `width` px apart (the core's `cellLabels`: a name that
 * fits, else cut so that no two nodes read alike where the cell holds what differs), kept for the
 * last nodes and width: the strip is drawn again at every step with the future hidden.
 */
let lastLabels = { key: '', labels: [] };
function labelsOf(nodes, width) {
  const names = nodes.map((node) => node.name);
  const key = `${width}\n${names.join('\n')}`;
  if (lastLabels.key !== key) lastLabels = { key, labels: cellLabels(names, width, CELL_FONT) };
  return lastLabels.labels;
}

/**
 * Draws `run.strip` (the core's columns) into `svgRoot`, `width` px wide; `run` also carries
 * `steps`, `nodes` (names), `period`, `repeats` and `events`. Only the columns that end by step
 * `shownUpTo` are drawn. Returns the strip's step axis.
 */
export function drawStrip(svgRoot, width, run, shownUpTo = Infinity) {
  const { strip, steps, nodes } = run;
  const height = STRIP_HEIGHT;
  frame(svgRoot, width, height);
  const axis = new StepAxis(strip.bounds, width);
  svgRoot.dataset.columns = String(strip.columns);
  const perStep = strip.columns === steps;
  svgRoot.dataset.mode = perStep ? 'picks' : 'columns';
  const letters = perStep && axis.columnWidth >= 11;
  const labels = letters ? labelsOf(nodes, axis.columnWidth) : [];
  const shown = columnsUpTo(strip.bounds, shownUpTo);
  for (let j = 0; j < shown; j += 1) {
    const node = strip.dominant[j];
    const x = axis.left + j * axis.columnWidth;
    const attributes = {
      x: r1(x), y: TOP, width: Math.max(r1(axis.columnWidth - (perStep && axis.columnWidth > 4 ? 1 : 0)), 0.5), height: CELL,
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
    const rect = svg('rect', attributes, svgRoot);
    if (perStep) svg('title', {}, rect).textContent = `${strip.bounds[j]}: ${nodes[node].name}`;
    if (letters && labels[node] != null) {
      svgText(labels[node], { x: r1(x + axis.columnWidth / 2), y: BASELINE, class: 'cell-label', 'text-anchor': 'middle', 'font-size': CELL_FONT }, svgRoot);
    }
  }
  svgRoot.dataset.letters = String(letters);
  drawStepMarks(svgRoot, axis, height, run, shownUpTo);
  svgText('1', { x: axis.left, y: height - 2, class: 'axis' }, svgRoot);
  if (shown === strip.columns) svgText(compact(steps), { x: axis.left + axis.width, y: height - 2, class: 'axis', 'text-anchor': 'end' }, svgRoot);
  return axis;
}
