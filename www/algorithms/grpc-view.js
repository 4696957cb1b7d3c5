// The picture of gRPC's weighted_round_robin (grpc, grpc-java): each node's weight as the static
// stride scheduler holds it (scaled so the largest is the state's maxWeight; a weight not known
// yet takes the mean, drawn dashed), the sequence counter, and the numbers the pick drew from
// it — each one names a backend and a generation, and passes or is skipped. Every number comes from the core's
// state (docs/PAGE.md); this file only places them. What each phase shows:
//   fill  the scheduler this pick uses and the counter where the pick starts
//   pick  the numbers drawn, the last one passing: the winner
//   drain the counter where the next pick starts

import { nodeColor } from '../draw/palette.js';
import { tr } from '../words/i18n.js';
import { flag, r1, svg, svgText } from '../draw/svg.js';
import { nodeBars } from './node-bars.js';
import { listStandIns, pictureRows } from './picture-layout.js';

export function buildGrpc(view) {
  const { width, font, pad } = view.g;
  const { gutter, top, barHeight, rowTop, row, height } = pictureRows('grpc', view.g);
  const caption = svgText('', { class: 'algo-caption', x: pad, y: r1(pad + font * 0.6) }, view.picture);
  // The line under the caption: the mean's numbers at its left, the counter at its right.
  const legendY = r1(pad + font * 1.9);
  const counter = svgText('', { class: 'counter-label', x: r1(width - pad), y: legendY, 'text-anchor': 'end' }, view.picture);
  const bars = nodeBars(view, { gutter, top, barHeight });
  const { floor } = bars;
  const meanLine = svg('line', { class: 'mean-line', x1: r1(gutter), x2: r1(width - pad) }, view.picture);
  // The mean's numbers (the caption says the dashed line is the mean): by the line they would
  // cross every bar taller than the mean.
  const meanText = svgText('', { class: 'mean-label', x: r1(pad), y: legendY, 'text-anchor': 'start' }, view.picture);
  // The scale's top is the core's largest scaled weight.
  const y = (value, state) => floor - (value / state.maxWeight) * barHeight;
  view.buildNodeRow(rowTop, row);
  view.finish(height);
  const list = document.createElement('ol');
  list.className = 'stride-draws';
  view.root.append(list);
  let drawn = '';
  let rects = [];

  function drawBars(state) {
    const key = `${state.scaled.join(',')}|${unknownOf(state).join(',')}`;
    if (key === drawn) return;
    drawn = key;
    bars.clear();
    if (!view.g.detailed) {
      rects = [];
      bars.compact(state.scaled.map((w) => (w == null ? null : y(w, state))));
      return;
    }
    const unknown = unknownOf(state);
    rects = state.scaled.map((w, i) => {
      const height = w == null ? 0 : Math.max(floor - y(w, state), 2);
      const rect = bars.bar(i, floor - height, { class: 'bar scaled', 'data-scaled': w ?? '' });
      if (unknown[i]) rect.setAttribute('data-unknown', 'true');
      svg('title', {}, rect).textContent = w == null ? tr('core.figure.out') : tr('grpc.barTitle', { name: view.nodes[i].name, scaled: w, max: state.maxWeight });
      return rect;
    });
  }

  /** Writes into `element` the numbers drawn in `s` (a phase of a view): none before the pick. */
  function fillDraws(element, s) {
    element.replaceChildren(...(s.view.step && s.phase !== 'fill' ? drawItems(view, s.view.state) : []));
  }

  return {
    // The place kept is as many lines as a pick can draw, from the start.
    lists: [{ element: list, fill: fillDraws, standIn: () => listStandIns('grpc', view.nodes.length).draws }],
    update(s) {
      const { phase, view: v } = s;
      // The scheduler that makes this pick (rebuilt before it if the weights changed); the
      // counter where the pick starts (fill, pick) or where the next one will (drain).
      const state = v.state;
      const before = phase === 'fill' || phase === 'pick';
      // Where this pick started: its first draw (also after a reset restarted the counter).
      const start = v.step && state.listed.length > 0 ? state.listed[0].sequence : v.previous.sequence;
      const sequence = before ? start : state.sequence;
      drawBars(state);
      const c = view.root.dataset;
      c.sequence = String(sequence);
      c.draws = v.step ? String(state.draws) : '0';
      c.mean = String(state.mean);
      c.floor = String(state.floor);
      c.builtAt = String(state.builtAt);
      if (state.clamped) c.clamped = 'true';
      else delete c.clamped;
      const last = state.listed[state.listed.length - 1];
      c.generation = v.step && last ? String(last.generation) : '';
      c.fallback = state.fallback == null ? '' : String(state.fallback);
      rects.forEach((rect, i) => flag(rect, 'data-selected', s.marked === i));
      const hasMean = state.fallback == null && state.mean > 0;
      meanLine.style.display = hasMean ? '' : 'none';
      meanText.style.display = hasMean ? '' : 'none';
      const my = r1(y(state.mean, state));
      meanLine.setAttribute('y1', my);
      meanLine.setAttribute('y2', my);
      meanText.textContent = tr('grpc.meanLabel', { mean: state.mean, floor: state.floor });
      view.setCaption(caption, tr(state.fallback == null ? 'grpc.caption' : 'grpc.fallbackCaption', { max: state.maxWeight }));
      counter.textContent = tr('grpc.counter', { sequence });
      fillDraws(list, s);
      list.setAttribute('aria-label', tr('grpc.drawsLabel'));
      const unknown = unknownOf(state);
      view.updateNodeRow(s, (i) => {
        if (state.blackout[i] > 0) return tr('grpc.blackoutBadge', { steps: state.blackout[i] });
        if (state.kept[i] > 0 && state.scaled[i] != null) return tr('grpc.keptBadge', { steps: state.kept[i] });
        return unknown[i] ? tr('grpc.meanBadge') : state.scaled[i] == null ? '' : String(state.scaled[i]);
      });
    },
  };
}

/** Which nodes in the picker have no usable weight: nothing reported or expired, or in the blackout. */
function unknownOf(state) {
  return state.scaled.map((w, i) => w != null && (state.reported[i] === 0 || state.blackout[i] > 0));
}

/** The numbers the pick drew: skipped ones, then the one that passed (and how many unlisted). */
function drawItems(view, state) {
  const items = state.listed.map((draw) => {
    const node = state.picker[draw.backend];
    const item = document.createElement('li');
    Object.assign(item.dataset, {
      sequence: String(draw.sequence), backend: String(draw.backend), node: String(node),
      generation: String(draw.generation), residue: String(draw.residue),
    });
    if (draw.passes) item.dataset.passes = 'true';
    item.style.setProperty('--node-color', nodeColor(node));
    item.textContent = tr(draw.passes ? 'grpc.drawPass' : 'grpc.drawSkip', {
      sequence: draw.sequence, name: view.nodes[node].name, generation: draw.generation,
      residue: draw.residue, threshold: draw.threshold,
    });
    return item;
  });
  const unlisted = state.draws - state.listed.length;
  if (unlisted > 0) {
    const more = document.createElement('li');
    more.className = 'more';
    more.textContent = tr('grpc.drawsMore', { count: unlisted });
    items.splice(items.length - 1, 0, more);
  }
  return items;
}
