// The picture of a run whose algorithm has no water levels: the classic expanded list and its
// pointer, IPVS's bars against the current weight cw, and the random draw over the weight slots
// (EDF's queue, gRPC's and Envoy's pictures are in edf-view.js, grpc-view.js and envoy-view.js).
// Every number comes from the core's per-step `state`
// (engine.js gives the state before the pick, `previous`, and after it, `state`); this file only
// decides where to draw it. What each phase shows:
//   fill  the state before the pick (the pointer, cw and cursor, the draw, the queue)
//   pick  the decision: the winner marked (IPVS: cw as the pick found it)
//   drain the state after the pick (the pointer moved on, the cursor on the winner, the
//         winner re-queued) — `#algo-view`'s data-* are those of the core's `state()` then.

import { nodeColor } from './palette.js';
import { num, tr } from './i18n.js';
import { fitted, flag, r1, svg, svgText } from './svg.js';
import { buildGrpc } from './grpc-view.js';
import { buildEdf } from './edf-view.js';
import { buildEnvoy } from './envoy-view.js';

/** Above this many nodes the labels go; above DETAIL_LIMIT the nodes are one path per colour. */
const TEXT_LIMIT = 40;
const DETAIL_LIMIT = 200;

export class AlgorithmView {
  /** @param {HTMLElement} root  the `#algo-view` container (emptied) */
  constructor(root) {
    this.root = root;
    this.algorithm = null;
    this.width = 0;
    this.lastView = null;
  }

  /** A new run: `weights` from the core, `algorithm` one of classic, interleaved, random, edf. */
  setRun(weights, algorithm) {
    this.nodes = weights.nodes;
    this.algorithm = algorithm;
    this.lastView = null;
    this.root.dataset.algo = algorithm;
    this.layout();
  }

  /** Rebuilds for the container's width (as the tanks: the width the ResizeObserver reported). */
  layout(knownWidth = this.knownWidth) {
    if (!this.algorithm) return;
    if (knownWidth) this.knownWidth = knownWidth;
    const width = Math.max(280, Math.round(this.knownWidth || this.root.clientWidth || 640));
    this.width = width;
    const font = Math.max(12, Math.min(19, width / 58));
    const n = this.nodes.length;
    this.g = { width, font, pad: font * 0.7, withText: n <= TEXT_LIMIT, detailed: n <= DETAIL_LIMIT };
    this.root.replaceChildren();
    this.picture = svg('svg', { class: 'algo-picture', role: 'img', 'aria-labelledby': 'narration', preserveAspectRatio: 'xMidYMid meet' }, this.root);
    this.picture.style.setProperty('--algo-font', `${font}px`);
    const build = {
      classic: buildClassic, interleaved: buildInterleaved, random: buildRandom, edf: buildEdf,
      grpc: buildGrpc, 'grpc-java': buildGrpc, envoy: buildEnvoy,
    }[this.algorithm];
    this.parts = build(this);
    if (this.lastView) this.show(this.lastView);
  }

  /** Shows a view of engine.js (its `state` and `previous`); data-* change at once. */
  show(view) {
    this.lastView = view;
    const { phase } = view.position;
    const shown = phase === 'drain' || phase === 'start' ? view.state : view.previous;
    const marked = (phase === 'pick' || phase === 'drain') && view.step ? view.step.winner : null;
    const weights = view.step ? view.step.weights : this.nodes.map((node) => node.weight);
    const eligible = view.step ? view.step.eligible : this.nodes.map((node) => node.weight > 0);
    this.parts.update({ view, phase, shown, marked, weights, eligible });
  }

  // ── shared: the row of nodes under a picture ─────────────────────────────────────────────

  /** One slot per node from x0 to the right edge: name, weight, picks, badge. Returns its height. */
  buildNodeRow(y0, x0 = this.g.pad) {
    const { width, font, pad, withText, detailed } = this.g;
    const n = this.nodes.length;
    const slot = (width - pad - x0) / n;
    const height = withText ? font * 5.3 : font * 1.2;
    this.row = { y0, x0, slot, height, tiles: [] };
    if (!detailed) {
      this.row.compact = svg('g', { class: 'nodes-compact', 'data-nodes': n }, this.picture);
      this.row.paths = Array.from({ length: 8 }, (_, c) => svg('path', { class: 'node-compact', fill: nodeColor(c) }, this.row.compact));
      const d = this.row.paths.map(() => []);
      for (let i = 0; i < n; i += 1) d[i % 8].push(`M${r1(x0 + i * slot)} ${r1(y0)}h${r1(Math.max(slot, 0.5))}v${r1(height)}h${r1(-Math.max(slot, 0.5))}z`);
      this.row.paths.forEach((path, c) => path.setAttribute('d', d[c].join('')));
      return height;
    }
    const gap = slot > 12 ? Math.min(slot * 0.12, 10) : 0;
    this.row.tiles = this.nodes.map((node, i) => {
      const x = x0 + i * slot + gap / 2;
      const w = Math.max(slot - gap, 0.6);
      const group = svg('g', { class: 'node', 'data-node': i, 'data-weight': node.weight, 'data-picks': 0 }, this.picture);
      group.style.setProperty('--node-color', nodeColor(i));
      const title = svg('title', {}, group);
      const box = svg('rect', { class: 'node-box', x: r1(x), y: r1(y0), width: r1(w), height: r1(height), rx: Math.min(6, w / 4) }, group);
      svg('rect', { class: 'node-swatch', x: r1(x), y: r1(y0), width: r1(w), height: r1(Math.min(font * 0.45, height)), rx: Math.min(3, w / 4) }, group);
      const tile = { group, title, box, name: null, weight: null, picks: null, badge: null, width: w };
      if (withText) {
        const cx = r1(x + w / 2);
        tile.name = svgText(fitted(node.name, w, font), { class: 'node-name', x: cx, y: r1(y0 + font * 1.55), 'text-anchor': 'middle' }, group);
        tile.weight = svgText('', { class: 'node-weight', x: cx, y: r1(y0 + font * 2.65), 'text-anchor': 'middle' }, group);
        tile.picks = svgText('', { class: 'node-picks', x: cx, y: r1(y0 + font * 3.7), 'text-anchor': 'middle' }, group);
        tile.badge = svgText('', { class: 'node-badge', x: cx, y: r1(y0 + font * 4.85), 'text-anchor': 'middle' }, group);
      }
      return tile;
    });
    return height;
  }

  /** Updates the node row: picks, weights in effect, who is out, who is picked. */
  updateNodeRow({ view, marked, weights, eligible }, extra = () => '') {
    const c = this.root.dataset;
    c.picks = this.nodes.length > DETAIL_LIMIT ? view.picks.join(' ') : '';
    if (!c.picks) delete c.picks;
    this.row.tiles.forEach((tile, i) => {
      const g = tile.group;
      g.dataset.picks = String(view.picks[i]);
      g.dataset.weight = String(weights[i]);
      flag(g, 'data-selected', marked === i);
      if (eligible[i]) g.removeAttribute('data-eligible');
      else g.setAttribute('data-eligible', 'false');
      const node = this.nodes[i];
      tile.title.textContent = tr('algo.nodeLabel', { name: node.name, weight: weights[i], picks: view.picks[i] });
      if (tile.weight) tile.weight.textContent = tr('algo.weight', { weight: weights[i] });
      if (tile.picks) tile.picks.textContent = tr('tank.picks', { count: view.picks[i] });
      // Long badges (Envoy's f64 deadlines) are shortened to the tile; the title has the node.
      if (tile.badge) tile.badge.textContent = fitted(marked === i ? tr('tank.picked') : !eligible[i] ? tr('algo.out') : extra(i), tile.width, this.g.font * 0.8);
    });
  }

  /** Sets the picture's size once its parts are placed. */
  finish(height) {
    this.picture.setAttribute('viewBox', `0 0 ${this.width} ${r1(height)}`);
  }
}

// ── classic: the expanded list and its pointer ─────────────────────────────────────────────

function buildClassic(view) {
  const { width, font, pad } = view.g;
  const top = pad + font * 1.2;
  const cellHeight = font * 2;
  const usable = width - 2 * pad;
  const cellWidth = Math.max(font * 1.5, 16);
  const capacity = Math.max(4, Math.floor(usable / cellWidth));
  const cells = svg('g', { class: 'list-cells' }, view.picture);
  const caption = svgText('', { class: 'algo-caption', x: pad, y: r1(pad + font * 0.6) }, view.picture);
  const pointer = svg('g', { class: 'pointer' }, view.picture);
  svg('path', { class: 'pointer-mark', d: `M0 0l${r1(font * 0.55)} ${r1(font * 0.8)}h${r1(-font * 1.1)}z` }, pointer);
  const pointerText = svgText(tr('classic.pointer'), { class: 'pointer-label', x: 0, y: r1(font * 1.9), 'text-anchor': 'middle' }, pointer);
  const overviewTop = top + cellHeight + font * 2.6;
  const overview = svg('g', { class: 'list-overview' }, view.picture);
  const overviewHeight = font * 0.9;
  const rowTop = overviewTop + overviewHeight + font * 1.6;
  const rowHeight = view.buildNodeRow(rowTop);
  view.finish(rowTop + rowHeight + pad);
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
      if (w >= font * 1.2 && view.g.withText) {
        svgText(fitted(view.nodes[node].name, w, font * 0.85), { class: 'entry-label', x: r1(pad + j * w + w / 2), y: r1(top + cellHeight / 2 + font * 0.32), 'text-anchor': 'middle' }, cells);
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
      caption.textContent = tr('classic.caption', { length: shown.length, entry: pointerAt + 1 });
      view.updateNodeRow(s, (i) => tr('classic.entries', { count: shown.counts[i] }));
    },
  };
}

// ── interleaved (IPVS): the weights as bars, cw as a line across them, the cursor ─────────

function buildInterleaved(view) {
  const { width, font, pad } = view.g;
  const gutter = font * 4.2;
  const top = pad + font * 1.4;
  const barHeight = Math.max(110, Math.min(width * 0.26, 240));
  const floor = top + barHeight;
  const n = view.nodes.length;
  const caption = svgText('', { class: 'algo-caption', x: pad, y: r1(pad + font * 0.6) }, view.picture);
  const slot = (width - pad - gutter) / n;
  const bars = svg('g', { class: 'bars' }, view.picture);
  const maxWeight = Math.max(1, ...view.nodes.map((node) => node.weight));
  let scale = maxWeight;
  const y = (value) => floor - (value / scale) * barHeight;
  svg('line', { class: 'baseline', x1: r1(gutter), x2: r1(width - pad), y1: r1(floor), y2: r1(floor) }, view.picture);
  const line = svg('g', { class: 'cw-line' }, view.picture);
  const cwLine = svg('line', { x1: r1(gutter - font * 0.3), x2: r1(width - pad), y1: 0, y2: 0 }, line);
  const cwText = svgText('', { class: 'cw-label', x: r1(gutter - font * 0.5), y: 0, 'text-anchor': 'end', 'dominant-baseline': 'middle' }, line);
  const cursor = svg('g', { class: 'cursor' }, view.picture);
  svg('path', { class: 'pointer-mark', d: `M0 0l${r1(font * 0.55)} ${r1(font * 0.8)}h${r1(-font * 1.1)}z` }, cursor);
  const cursorText = svgText(tr('interleaved.cursor'), { class: 'pointer-label', x: 0, y: r1(font * 1.9), 'text-anchor': 'middle' }, cursor);
  const rowTop = floor + font * 2.6;
  const rowHeight = view.buildNodeRow(rowTop, gutter);
  view.finish(rowTop + rowHeight + pad);
  const gap = slot > 12 ? Math.min(slot * 0.2, 16) : 0;
  let barRects = [];
  let compactPath = null;
  let drawnWeights = '';

  function drawBars(weights) {
    const key = weights.join(',');
    if (key === drawnWeights) return;
    drawnWeights = key;
    scale = Math.max(1, ...weights, maxWeight);
    bars.replaceChildren();
    if (!view.g.detailed) {
      compactPath = svg('path', { class: 'bar-compact' }, bars);
      compactPath.setAttribute('d', weights.map((w, i) => `M${r1(gutter + i * slot)} ${r1(floor)}V${r1(y(w))}h${r1(Math.max(slot, 0.5))}V${r1(floor)}z`).join(''));
      barRects = [];
      return;
    }
    barRects = weights.map((w, i) => {
      // A weight far below the largest still shows (2 px), so 100:1:1's B and C are there.
      const top = w > 0 ? Math.min(y(w), floor - 2) : floor;
      const rect = svg('rect', {
        class: 'bar', x: r1(gutter + i * slot + gap / 2), y: r1(top), width: r1(Math.max(slot - gap, 0.6)), height: r1(floor - top),
        fill: nodeColor(i), 'data-node': i, 'data-weight': w,
      }, bars);
      return rect;
    });
  }

  return {
    update(s) {
      const { shown, phase, view: v, weights } = s;
      drawBars(weights);
      // cw as the search uses it: before the pick in the fill phase, as the pick found it after.
      const cw = phase === 'fill' ? shown.cw : v.state.cw;
      const cursorAt = phase === 'drain' || phase === 'start' ? v.state.cursor : v.previous.cursor;
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
      caption.textContent = tr('interleaved.caption', { max: v.state.max, gcd: v.state.gcd });
      view.updateNodeRow(s, (i) => (weights[i] >= cw && s.eligible[i] ? tr('interleaved.candidate') : ''));
    },
  };
}

// ── random: the slots [start, start + w) over 0..W and the draw ───────────────────────────

function buildRandom(view) {
  const { width, font, pad } = view.g;
  const top = pad + font * 3.3;
  const barHeight = font * 2.4;
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
  const rowTop = top + barHeight + font * 2.2;
  const rowHeight = view.buildNodeRow(rowTop);
  view.finish(rowTop + rowHeight + pad);
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
      if (view.g.withText && w >= font * 1.4) {
        svgText(fitted(view.nodes[i].name, w, font * 0.85), { class: 'entry-label', x: r1(pad + ((start + size / 2) / range) * usable), y: r1(top + barHeight / 2 + font * 0.32), 'text-anchor': 'middle' }, slots);
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
      caption.textContent = tr('random.caption', { range: state.range, last: Math.max(state.range - 1, 0) });
      view.updateNodeRow(s, () => '');
    },
  };
}

/** A node's slot size: from its start to the next node's (the core gives the starts). */
function slotSize(state, i) {
  return state.starts[i + 1] !== undefined ? state.starts[i + 1] - state.starts[i] : state.range - state.starts[i];
}
