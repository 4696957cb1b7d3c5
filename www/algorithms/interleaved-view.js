// The picture of Linux IPVS's interleaved weighted round robin (ip_vs_wrr.c): the weights as
// bars, the current weight cw as a line across them (the candidates are the bars that reach it),
// and the cursor on the node picked last. Every number comes from the core's state; what each
// phase shows is in algorithm-view.js.

import { num, tr } from '../words/i18n.js';
import { flag, r1, svg, svgText } from '../draw/svg.js';
import { nodeBars } from './node-bars.js';
import { pictureRows } from './picture-layout.js';

export function buildInterleaved(view) {
  const { width, font, pad } = view.g;
  const { gutter, top, barHeight, rowTop, row, height } = pictureRows('interleaved', view.g);
  const caption = svgText('', { class: 'algo-caption', x: pad, y: r1(pad + font * 0.6) }, view.picture);
  const bars = nodeBars(view, { gutter, top, barHeight });
  const { floor, slot } = bars;
  const maxWeight = Math.max(1, ...view.nodes.map((node) => node.weight));
  let scale = maxWeight;
  const y = (value) => floor - (value / scale) * barHeight;
  const line = svg('g', { class: 'cw-line' }, view.picture);
  const cwLine = svg('line', { x1: r1(gutter - font * 0.3), x2: r1(width - pad), y1: 0, y2: 0 }, line);
  const cwText = svgText('', { class: 'cw-label', x: r1(gutter - font * 0.5), y: 0, 'text-anchor': 'end', 'dominant-baseline': 'middle' }, line);
  const cursor = svg('g', { class: 'cursor' }, view.picture);
  svg('path', { class: 'pointer-mark', d: `M0 0l${r1(font * 0.55)} ${r1(font * 0.8)}h${r1(-font * 1.1)}z` }, cursor);
  const cursorText = svgText(tr('interleaved.cursor'), { class: 'pointer-label', x: 0, y: r1(font * 1.9), 'text-anchor': 'middle' }, cursor);
  view.buildNodeRow(rowTop, row);
  view.finish(height);
  let barRects = [];
  let drawnWeights = '';

  function drawBars(weights) {
    const key = weights.join(',');
    if (key === drawnWeights) return;
    drawnWeights = key;
    scale = Math.max(1, ...weights, maxWeight);
    bars.clear();
    if (!view.g.detailed) {
      bars.compact(weights.map((w) => y(w)));
      barRects = [];
      return;
    }
    // A weight far below the largest still shows (2 px), so 100:1:1's B and C are there.
    barRects = weights.map((w, i) => bars.bar(i, w > 0 ? Math.min(y(w), floor - 2) : floor, { 'data-weight': w }));
  }

  return {
    update(s) {
      const { phase, view: v, weights } = s;
      drawBars(weights);
      // cw and the cursor as the search uses them: where it starts in the fill phase (after the
      // last pick, or where a weight change this step set it), as the pick found them after.
      const start = v.state.changedStart ?? v.previous;
      const cw = phase === 'fill' ? start.cw : v.state.cw;
      const cursorAt = phase === 'drain' || phase === 'start' ? v.state.cursor : start.cursor;
      const c = view.root.dataset;
      c.cw = String(cw);
      c.max = String(v.state.max);
      c.gcd = String(v.state.gcd);
      c.cursor = cursorAt == null ? '' : String(cursorAt);
      const yy = r1(Math.max(y(cw), top - font * 0.2));
      cwLine.setAttribute('y1', yy);
      cwLine.setAttribute('y2', yy);
      cwText.setAttribute('y', yy);
      cwText.textContent = tr('interleaved.cwLabel', { cw: num(cw) });
      barRects.forEach((rect, i) => {
        flag(rect, 'data-candidate', weights[i] >= cw && s.eligible[i]);
        flag(rect, 'data-selected', s.marked === i);
      });
      if (cursorAt == null) {
        cursor.setAttribute('transform', `translate(${r1(gutter - font * 1.2)} ${r1(floor + 2)})`);
        cursorText.textContent = tr('interleaved.head');
      } else {
        cursor.setAttribute('transform', `translate(${r1(gutter + (cursorAt + 0.5) * slot)} ${r1(floor + 2)})`);
        cursorText.textContent = tr('interleaved.cursor');
      }
      cursor.style.display = view.g.detailed || cursorAt == null ? '' : 'none';
      view.setCaption(caption, tr('interleaved.caption', { max: v.state.max, gcd: v.state.gcd }));
      view.updateNodeRow(s, (i) => (weights[i] >= cw && s.eligible[i] ? tr('interleaved.candidate') : ''));
    },
  };
}
