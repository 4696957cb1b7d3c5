// The picture of the classic weighted round robin: the expanded list (each node weight/gcd times,
// in order) as cells, a window of it that keeps the pointer in view, the whole list in proportion
// under it, and the pointer. Every number comes from the core's state; what each phase shows is
// in algorithm-view.js.

import { nodeColor } from '../draw/palette.js';
import { counted, tr } from '../words/i18n.js';
import { flag, r1, svg, svgText } from '../draw/svg.js';
import { pictureRows } from './picture-layout.js';

export function buildClassic(view) {
  const { width, font, pad } = view.g;
  const { top, cellHeight, overviewTop, overviewHeight, rowTop, row, height } = pictureRows('classic', view.g);
  const usable = width - 2 * pad;
  const cellWidth = Math.max(font * 1.5, 16);
  const capacity = Math.max(4, Math.floor(usable / cellWidth));
  const cells = svg('g', { class: 'list-cells' }, view.picture);
  const caption = svgText('', { class: 'algo-caption', x: pad, y: r1(pad + font * 0.6) }, view.picture);
  const pointer = svg('g', { class: 'pointer' }, view.picture);
  svg('path', { class: 'pointer-mark', d: `M0 0l${r1(font * 0.55)} ${r1(font * 0.8)}h${r1(-font * 1.1)}z` }, pointer);
  const pointerText = svgText(tr('classic.pointer'), { class: 'pointer-label', x: 0, y: r1(font * 1.9), 'text-anchor': 'middle' }, pointer);
  const overview = svg('g', { class: 'list-overview' }, view.picture);
  view.buildNodeRow(rowTop, row);
  view.finish(height);
  let drawn = null; // {from, count, length, counts key}

  /** The node of list entry k: the list holds each node's entries in a block, in list order. */
  const ownerOf = (counts) => {
    const ends = [];
    let sum = 0;
    for (const count of counts) {
      sum += count;
      ends.push(sum);
    }
    return (k) => {
      let low = 0;
      let high = ends.length - 1;
      while (low < high) {
        const mid = (low + high) >> 1;
        if (ends[mid] > k) high = mid;
        else low = mid + 1;
      }
      return low;
    };
  };

  function drawCells(state, pointerAt) {
    const length = state.length;
    const count = Math.min(length, capacity);
    // A window of the list that keeps the pointer in view (all of it when it fits).
    const from = length <= capacity ? 0 : Math.min(Math.max(0, pointerAt - Math.floor(count / 3)), length - count);
    const countsKey = state.counts.join(',');
    const key = `${countsKey}|${from}|${count}`;
    if (drawn?.key === key) return drawn;
    const owner = ownerOf(state.counts);
    const w = usable / count;
    cells.replaceChildren();
    for (let j = 0; j < count; j += 1) {
      const k = from + j;
      const node = owner(k);
      const rect = svg('rect', {
        class: 'entry', x: r1(pad + j * w + 1), y: r1(top), width: r1(Math.max(w - 2, 0.5)), height: r1(cellHeight), rx: 3,
        fill: nodeColor(node), 'data-entry': k, 'data-node': node,
      }, cells);
      svg('title', {}, rect).textContent = tr('classic.entry', { entry: k + 1, name: view.nodes[node].name });
      if (w >= font * 1.2 && view.g.named) {
        svgText(view.nameLabel(node, w, font * 0.85), { class: 'entry-label', x: r1(pad + j * w + w / 2), y: r1(top + cellHeight / 2 + font * 0.32), 'text-anchor': 'middle' }, cells);
      }
    }
    if (from > 0) svgText('…', { class: 'algo-caption', x: r1(pad - font * 0.2), y: r1(top + cellHeight + font * 1.1), 'text-anchor': 'start' }, cells);
    if (from + count < length) svgText('…', { class: 'algo-caption', x: r1(width - pad), y: r1(top + cellHeight + font * 1.1), 'text-anchor': 'end' }, cells);
    // The whole list in proportion, so a long list's bursts show at a glance (redrawn only when
    // the list changes; the window frame and the pointer move).
    if (drawn?.countsKey !== countsKey) {
      overview.replaceChildren();
      let start = 0;
      state.counts.forEach((entries, i) => {
        if (entries > 0) {
          svg('rect', { class: 'slot', x: r1(pad + (start / length) * usable), y: r1(overviewTop), width: r1(Math.max((entries / length) * usable, 0.5)), height: r1(overviewHeight), fill: nodeColor(i), 'data-node': i }, overview);
        }
        start += entries;
      });
      view.overviewWindow = svg('rect', { class: 'overview-window', y: r1(overviewTop - 2), height: r1(overviewHeight + 4) }, overview);
      view.overviewMark = svg('line', { class: 'overview-pointer', y1: r1(overviewTop - font * 0.4), y2: r1(overviewTop + overviewHeight + font * 0.4) }, overview);
    }
    view.overviewWindow.setAttribute('x', r1(pad + (from / length) * usable));
    view.overviewWindow.setAttribute('width', r1(Math.max((count / length) * usable, 2)));
    drawn = { key, countsKey, from, count, w, length };
    return drawn;
  }

  return {
    update(s) {
      const { phase, view: v } = s;
      // The list this pick walked (events before the pick already applied), in every phase.
      const shown = v.state;
      // Fill and pick: the pointer on the entry about to be (being) picked; drain: moved on.
      const pointerAt = phase === 'drain' || phase === 'start' ? shown.next : shown.position;
      const layout = drawCells(shown, pointerAt);
      const c = view.root.dataset;
      c.length = String(shown.length);
      c.pointer = String(pointerAt);
      c.next = String(v.state.next);
      c.position = v.state.position == null ? '' : String(v.state.position);
      const visible = pointerAt >= layout.from && pointerAt < layout.from + layout.count;
      pointer.style.display = visible ? '' : 'none';
      const px = pad + (pointerAt - layout.from + 0.5) * layout.w;
      pointer.setAttribute('transform', `translate(${r1(px)} ${r1(top + cellHeight + 2)})`);
      pointer.dataset.entry = String(pointerAt);
      pointerText.textContent = tr('classic.pointer');
      // Near an edge the label reads inward, so it is never cut off.
      pointerText.setAttribute('text-anchor', px > width - font * 3 ? 'end' : px < font * 3 ? 'start' : 'middle');
      for (const rect of cells.querySelectorAll('rect.entry')) {
        flag(rect, 'data-selected', s.marked !== null && Number(rect.dataset.entry) === v.state.position);
      }
      const x = r1(pad + ((pointerAt + 0.5) / layout.length) * usable);
      view.overviewMark.setAttribute('x1', x);
      view.overviewMark.setAttribute('x2', x);
      view.setCaption(caption, tr('classic.caption', { length: counted(shown.length, 'classic.entryCount', 'classic.oneEntry'), entry: pointerAt + 1 }));
      view.updateNodeRow(s, (i) => tr('classic.entries', { count: shown.counts[i] }));
    },
  };
}
