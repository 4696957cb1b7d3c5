// Bar charts of the whole run: the longest run of each node, and the histogram of run lengths.

import { nodeColor } from '../draw/palette.js';
import { MARGIN, compact, frame } from './plot-axis.js';
import { r1, svg, svgText } from '../draw/svg.js';

export const BAR_HEIGHT = 130;

/**
 * Draws `bars` ({label, value, color, attributes}) into `svgRoot`, `width` px wide, as many as
 * fit at 6 px a bar, from zero to the largest value.
 */
export function drawBars(svgRoot, width, bars) {
  const height = BAR_HEIGHT;
  frame(svgRoot, width, height);
  const shown = bars.slice(0, Math.max(1, Math.floor((width - MARGIN.left) / 6)));
  const max = Math.max(1, ...shown.map((b) => b.value));
  const plotHeight = height - MARGIN.top - MARGIN.bottom;
  const slot = (width - MARGIN.left - MARGIN.right) / Math.max(shown.length, 1);
  svgText(compact(max), { x: MARGIN.left - 4, y: MARGIN.top + 9, class: 'axis', 'text-anchor': 'end' }, svgRoot);
  svgText('0', { x: MARGIN.left - 4, y: height - MARGIN.bottom, class: 'axis', 'text-anchor': 'end' }, svgRoot);
  shown.forEach((bar, k) => {
    const h = (bar.value / max) * plotHeight;
    const x = MARGIN.left + k * slot + slot * 0.12;
    const rect = svg('rect', {
      class: 'bar', x: r1(x), y: r1(MARGIN.top + plotHeight - h), width: r1(slot * 0.76), height: r1(h), fill: bar.color, ...bar.attributes,
    }, svgRoot);
    svg('title', {}, rect).textContent = `${bar.label}: ${bar.value}`;
    if (slot >= 16) svgText(bar.label, { x: r1(x + slot * 0.38), y: height - 4, class: 'axis', 'text-anchor': 'middle' }, svgRoot);
  });
}

/** The longest run of each node (`metrics.nodes`) among `shown` (node indices), in their colours. */
export function longestRunBars(metrics, shown) {
  return shown.map((i) => {
    const value = metrics.nodes[i].longest_run;
    return { label: metrics.nodes[i].name, value, color: nodeColor(i), attributes: { 'data-node': i, 'data-longest-run': value } };
  });
}

/** One bar per run length the core counted (`runs.lengths`, `runs.counts`). */
export function histogramBars({ lengths, counts }) {
  return Array.from(lengths, (length, k) => ({
    label: compact(length), value: counts[k], color: 'var(--muted)', attributes: { 'data-length': length, 'data-count': counts[k] },
  }));
}
