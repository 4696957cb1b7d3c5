// The picture of weighted random: each node's slot [start, start + weight) over 0 … W − 1, and
// the number this step drew (SplitMix64, seeded). Every number comes from the core's state;
// what each phase shows is in algorithm-view.js.

import { nodeColor } from '../draw/palette.js';
import { tr } from '../words/i18n.js';
import { flag, r1, svg, svgText } from '../draw/svg.js';
import { pictureRows } from './picture-layout.js';

export function buildRandom(view) {
  const { width, font, pad } = view.g;
  const { top, barHeight, rowTop, row, height } = pictureRows('random', view.g);
  const usable = width - 2 * pad;
  const caption = svgText('', { class: 'algo-caption', x: pad, y: r1(pad + font * 0.6) }, view.picture);
  const slots = svg('g', { class: 'slots' }, view.picture);
  const scaleLow = svgText('0', { class: 'algo-caption', x: r1(pad), y: r1(top + barHeight + font * 1.2) }, view.picture);
  const scaleHigh = svgText('', { class: 'algo-caption', x: r1(width - pad), y: r1(top + barHeight + font * 1.2), 'text-anchor': 'end' }, view.picture);
  const draw = svg('g', { class: 'draw' }, view.picture);
  svg('line', { class: 'draw-line', x1: 0, x2: 0, y1: r1(-font * 0.9), y2: r1(barHeight + 2) }, draw);
  svg('path', { class: 'pointer-mark', d: `M0 ${r1(-font * 0.1)}l${r1(font * 0.5)} ${r1(-font * 0.75)}h${r1(-font)}z` }, draw);
  const drawText = svgText('', { class: 'draw-label', x: 0, y: r1(-font * 1.1), 'text-anchor': 'middle' }, draw);
  scaleLow.dataset.scale = 'low';
  view.buildNodeRow(rowTop, row);
  view.finish(height);
  let drawnKey = '';
  let rects = [];

  function drawSlots(state) {
    const key = `${state.starts.join(',')}|${state.range}`;
    if (key === drawnKey) return;
    drawnKey = key;
    slots.replaceChildren();
    const range = Math.max(state.range, 1);
    rects = state.starts.map((start, i) => {
      const size = slotSize(state, i);
      const rect = svg('rect', {
        class: 'slot', x: r1(pad + (start / range) * usable), y: r1(top), width: r1(Math.max((size / range) * usable, size > 0 ? 0.5 : 0)), height: r1(barHeight),
        fill: nodeColor(i), 'data-node': i, 'data-start': start, 'data-end': start + size,
      }, slots);
      svg('title', {}, rect).textContent = tr('random.slot', { name: view.nodes[i].name, start, end: start + size - 1 });
      const w = (size / range) * usable;
      if (view.g.named && w >= font * 1.4) {
        svgText(view.nameLabel(i, w, font * 0.85), { class: 'entry-label', x: r1(pad + ((start + size / 2) / range) * usable), y: r1(top + barHeight / 2 + font * 0.32), 'text-anchor': 'middle' }, slots);
      }
      return rect;
    });
    scaleHigh.textContent = String(state.range);
  }

  return {
    update(s) {
      const { view: v } = s;
      // The slots this step's draw used (after this step's events), and the draw itself.
      const state = v.state;
      drawSlots(state);
      const c = view.root.dataset;
      c.range = String(state.range);
      c.draw = state.draw == null || v.position.t === 0 ? '' : String(state.draw);
      const has = c.draw !== '';
      draw.style.display = has ? '' : 'none';
      if (has) {
        const x = r1(pad + ((state.draw + 0.5) / Math.max(state.range, 1)) * usable);
        draw.setAttribute('transform', `translate(${x} ${r1(top)})`);
        drawText.textContent = tr('random.drawLabel', { draw: state.draw });
      }
      rects.forEach((rect, i) => flag(rect, 'data-selected', s.marked === i));
      view.setCaption(caption, tr('random.caption', { range: state.range, last: Math.max(state.range - 1, 0) }));
      view.updateNodeRow(s, () => '');
    },
  };
}

/** A node's slot size: from its start to the next node's (the core gives the starts). */
function slotSize(state, i) {
  return state.starts[i + 1] !== undefined ? state.starts[i + 1] - state.starts[i] : state.range - state.starts[i];
}
