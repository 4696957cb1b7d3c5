// Asks a finished Analysis for everything the plots draw, in one go. Shared by the worker and
// the main-thread fallback. All arrays are copies made by the core (safe to transfer).

/** The metrics table shows at most this many nodes. */
export const TABLE_ROWS = 200;
/** The first picks a screen reader is told of (plot-descriptions.js), one strip column each. */
export const HEAD_PICKS = 30;

/**
 * @param {import('../pkg/swrr_viz.js').Analysis} analysis  a finished analysis
 * @param {{columns: number, shown: number}} request  pixel columns; how many nodes to draw one by one
 */
export function computeColumns(analysis, { columns, shown }) {
  const steps = analysis.steps;
  const n = analysis.nodeCount;
  // Every node when few; else the most uneven ones by lag, plus the envelope of all.
  const nodes = n <= shown ? null : Array.from(analysis.rankedNodes('lag', shown)).sort((a, b) => a - b);
  const envelope = n > shown;
  // The strip needs only each column's dominant node: no per-node counts (10,000 nodes × columns).
  const strip = analysis.strip(1, steps, columns, []);
  const levels = analysis.levelColumns(1, steps, columns, nodes ?? undefined, envelope);
  const lag = analysis.lagColumns(1, steps, columns, nodes ?? undefined, envelope);
  const window = analysis.windowColumns(1, steps, columns, nodes ?? undefined, envelope);
  const runs = analysis.runHistogram(undefined);
  // The first picks themselves, for the strip's words: a column per step is the pick.
  const first = Math.min(steps, HEAD_PICKS);
  const head = analysis.strip(1, first, first, []);
  // The metrics table lists every node when few, else the most uneven ones first.
  const tableOrder = n <= TABLE_ROWS ? null : Array.from(analysis.rankedNodes('lag', TABLE_ROWS));
  const result = { steps, nodes: nodes ?? Array.from({ length: n }, (_, i) => i), envelope, strip, levels, lag, window, runs, tableOrder, head: head.dominant };
  const buffers = new Set();
  for (const part of [strip, levels, lag, window, runs, head]) {
    for (const value of Object.values(part)) {
      if (ArrayBuffer.isView(value)) buffers.add(value.buffer);
    }
  }
  result.buffers = [...buffers];
  return result;
}

/**
 * The metrics record as the page needs it: every node when there are few; else only the
 * TABLE_ROWS most uneven ones (the table and the plots never show more), the rest null.
 * Posting 10,000 full node records to the main thread would cost it a long task to decode.
 */
export function pageMetrics(analysis) {
  const metrics = analysis.metrics();
  const n = metrics.nodes.length;
  if (n <= TABLE_ROWS) return metrics;
  const keep = new Set(analysis.rankedNodes('lag', TABLE_ROWS));
  metrics.nodes = metrics.nodes.map((node, i) => (keep.has(i) ? node : null));
  return metrics;
}
