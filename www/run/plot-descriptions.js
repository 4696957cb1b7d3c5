// What the strip and the plots show, in words a screen reader reads (each <svg role="img"> is
// described by a visually hidden line beside it: template.js). Every number is one the core
// computed: the strip's picks, its per-node counts and extremes from the metrics record, the
// plots' column extremes and the run-length histogram from the analysis.

import { counted, num, sentences, tr } from '../words/i18n.js';
import { signed } from './metrics-table.js';
import { HEAD_PICKS } from './analysis-columns.js';

/** The strip's words list at most this many picks, and at most this many nodes' counts. */
const DESCRIBED_PICKS = HEAD_PICKS;
const DESCRIBED_NODES = 12;

const separator = () => tr('core.list.separator');

/** `items` (words) joined, the first `DESCRIBED_NODES` of them, and how many more there are. */
function some(items) {
  const shown = items.slice(0, DESCRIBED_NODES).join(separator());
  const more = items.length - DESCRIBED_NODES;
  return more > 0 ? tr('describe.more', { shown, count: more }) : shown;
}

/** The names of `picks` (node indices) from step 1, spaced: "A B C A A". */
function named(picks, nodes) {
  return Array.from(picks, (node) => nodes[node]?.name ?? '?').join(' ');
}

/**
 * The strip in words: its first picks (`head`: node indices from step 1; the whole of a short
 * run, one period of a repeating one, else the first DESCRIBED_PICKS), then each node's picks in
 * the whole run (`metrics`: the core's record, or null). `shownUpTo`: with the future hidden, the
 * current step (only picks up to it are said, and no counts).
 */
export function describeStrip({ head, steps, nodes, metrics, shownUpTo = Infinity }) {
  const hidden = Number.isFinite(shownUpTo);
  const visible = Math.min(steps, hidden ? shownUpTo : steps);
  if (visible < 1) return tr('describe.strip.none');
  const repeats = !hidden && metrics?.repeats !== false && metrics?.period && metrics.period < visible && metrics.period <= DESCRIBED_PICKS;
  const count = Math.min(head.length, repeats ? metrics.period : DESCRIBED_PICKS, visible);
  const picks = named(head.slice(0, count), nodes);
  let text;
  if (count === visible) text = counted(count, 'describe.strip.all', 'describe.strip.allOne', { to: count, picks });
  else if (repeats) text = tr('describe.strip.period', { to: count, picks });
  else text = tr('describe.strip.first', { to: count, steps: visible, picks });
  if (hidden || !metrics?.nodes) return text;
  const counts = metrics.nodes.filter(Boolean).map((node) => tr('describe.count', { name: node.name, picks: node.picks }));
  return sentences([text, counted(steps, 'describe.strip.counts', 'describe.strip.countsOne', { steps, counts: some(counts) })]);
}

/** The lowest and highest of the columns' `lowest`/`highest` (and the envelope's) of a band plot. */
function range(data) {
  let low = Infinity;
  let high = -Infinity;
  for (const values of [data.lowest, data.envelopeLowest]) for (const value of values ?? []) if (value < low) low = value;
  for (const values of [data.highest, data.envelopeHighest]) for (const value of values ?? []) if (value > high) high = value;
  return Number.isFinite(low) && Number.isFinite(high) ? { low, high } : null;
}

/** The node records of the metrics with the largest and the smallest `value` (ties: the first). */
function extremes(metrics, value) {
  let most = null;
  let least = null;
  for (const node of metrics.nodes) {
    if (!node) continue;
    if (!most || value(node) > value(most)) most = node;
    if (!least || value(node) < value(least)) least = node;
  }
  return { most, least };
}

const percent = (share) => `${(share * 100).toFixed(1)}%`;
/** A level as the plots' axis gives it: whole, or to two decimals, with a real minus sign. */
const level = (value) => num(Number.isInteger(value) ? value : Number(value.toFixed(2)));

/**
 * A line for each plot of a finished analysis (`result`: the columns, `metrics`: the core's
 * record): `{levels, lag, window, longest, runs}`.
 */
export function describePlots(result, metrics) {
  const levels = range(result.levels);
  const { most: ahead } = extremes(metrics, (node) => node.max_ahead.lag);
  const { least: behind } = extremes(metrics, (node) => node.max_behind.lag);
  const shares = metrics.nodes.filter(Boolean).map((node) => tr('describe.share', {
    name: node.name, low: percent(node.window_share_min), high: percent(node.window_share_max), target: percent(node.target_share),
  }));
  const runs = [];
  const { lengths, counts } = result.runs;
  for (let i = 0; i < lengths.length; i += 1) if (counts[i] > 0) runs.push(tr('describe.run', { length: lengths[i], count: counts[i] }));
  const levelsKey = metrics.algorithm === 'swrr' ? 'describe.levels' : 'describe.levelsOther';
  return {
    levels: levels ? counted(result.steps, levelsKey, `${levelsKey}One`, { low: level(levels.low), high: level(levels.high), steps: result.steps }) : '',
    lag: tr('describe.lag', {
      ahead: signed(ahead.max_ahead.lag), aheadName: ahead.name, aheadStep: ahead.max_ahead.step,
      behind: signed(behind.max_behind.lag), behindName: behind.name, behindStep: behind.max_behind.step,
    }),
    window: counted(metrics.window, 'describe.window', 'describe.windowOne', { window: metrics.window, shares: some(shares) }),
    longest: tr('describe.longest', { runs: some(metrics.nodes.filter(Boolean).map((node) => tr('describe.count', { name: node.name, picks: node.longest_run }))) }),
    runs: tr('describe.runs', { runs: some(runs) }),
  };
}
