// The picture of exact EDF (earliest deadline first): the queue by deadline, on a time line and as
// an ordered list of exact fractions. Envoy's queue of f64 deadlines (envoy-view.js) is drawn by
// it too. Every number comes from the core's state.

import { nodeColor } from '../draw/palette.js';
import { tr } from '../words/i18n.js';
import { flag, r1, svg, svgText, textWidth } from '../draw/svg.js';
import { QUEUE_LISTED, listStandIns, moreItem, pictureRows, queueBadge, queueItem } from './picture-layout.js';

/**
 * Also Envoy's queue (envoy-view.js): `update` and `fillQueue` read `shown.now` and `shown.queue`.
 * `lists`: the queue, whose place AlgorithmView keeps for the whole run.
 */
/** `captionKey`: the caption's key, or a function of the state shown that gives it. */
export function buildEdf(view, { captionKey = 'edf.caption' } = {}) {
  const { width, font, pad } = view.g;
  const { top, rowTop, row, height } = pictureRows('edf', view.g);
  const usable = width - 2 * pad;
  const caption = svgText('', { class: 'algo-caption', x: pad, y: r1(pad + font * 0.6) }, view.picture);
  svg('line', { class: 'baseline', x1: r1(pad), x2: r1(width - pad), y1: r1(top), y2: r1(top) }, view.picture);
  const dots = svg('g', { class: 'deadlines' }, view.picture);
  const nowMark = svg('g', { class: 'now' }, view.picture);
  svg('line', { x1: 0, x2: 0, y1: r1(top - font * 1.6), y2: r1(top + font * 0.8) }, nowMark);
  const nowText = svgText('', { class: 'now-label', x: 0, y: r1(top - font * 1.9), 'text-anchor': 'start' }, nowMark);
  view.buildNodeRow(rowTop, row);
  view.finish(height);
  const list = document.createElement('ol');
  list.className = 'edf-queue';
  view.root.append(list);

  /** Writes into `element` the queue of `s` (a phase of a view, as `update` takes it), by deadline. */
  function fillQueue(element, s) {
    const { shown: { queue }, phase } = s;
    const requeued = requeuedOf(s);
    const items = queue.slice(0, QUEUE_LISTED).map((entry, rank) => {
      const item = queueItem(view.nodes[entry.node].name, tr('edf.due', { deadline: entry.deadlineText }));
      item.dataset.node = String(entry.node);
      item.dataset.deadline = entry.deadlineText;
      item.style.setProperty('--node-color', nodeColor(entry.node));
      if (phase === 'pick' && rank === 0) item.dataset.selected = 'true';
      if (requeued === entry.node) item.dataset.requeued = 'true';
      if (phase === 'pick' && rank === 0) item.append(queueBadge(tr('core.figure.picked')));
      else if (requeued === entry.node) item.append(queueBadge(tr('edf.requeued')));
      return item;
    });
    if (queue.length > QUEUE_LISTED) items.push(moreItem(tr('edf.more', { count: queue.length - QUEUE_LISTED })));
    element.replaceChildren(...items);
  }

  return {
    fillQueue,
    lists: [{ element: list, fill: fillQueue, standIn: () => listStandIns('edf', view.nodes.length).queue }],
    update(s) {
      const { shown, phase, view: v } = s;
      const queue = shown.queue;
      const c = view.root.dataset;
      // The clock: the deadline of the last pick — in the pick phase, the one being served.
      const now = phase === 'fill' ? shown.now : v.state.now;
      c.now = now.text;
      c.queue = queue.map((entry) => entry.node).join(' ');
      c.deadlines = queue.map((entry) => entry.deadlineText).join(' ');
      const requeued = requeuedOf(s);
      const low = Math.min(now.value, ...queue.map((e) => e.deadline));
      const high = Math.max(low + 1e-9, ...queue.map((e) => e.deadline));
      const x = (value) => pad + font * 0.5 + ((value - low) / (high - low)) * (usable - font);
      dots.replaceChildren();
      // Where each of the labels' three rows is taken up to, so that labels never overprint.
      const taken = [-Infinity, -Infinity, -Infinity];
      if (view.g.detailed) {
        queue.forEach((entry, rank) => {
          const cx = r1(x(entry.deadline));
          const g = svg('g', { class: 'deadline', 'data-node': entry.node, 'data-rank': rank }, dots);
          flag(g, 'data-selected', phase === 'pick' && rank === 0);
          flag(g, 'data-requeued', requeued === entry.node);
          g.style.setProperty('--node-color', nodeColor(entry.node));
          svg('circle', { cx, cy: r1(top), r: r1(font * 0.45) }, g);
          svg('title', {}, g).textContent = tr('edf.entry', { name: view.nodes[entry.node].name, deadline: entry.deadlineText });
          if (view.g.withText && rank < QUEUE_LISTED) {
            // Under its dot, or as near as the picture's edges allow: the end of a label ("…2") tells it apart.
            const label = view.nameLabel(entry.node, font * 4, font * 0.85);
            const half = textWidth(label, font * 0.85) / 2;
            const lx = r1(Math.min(Math.max(cx, pad + half), width - pad - half));
            const row = rank % 3;
            if (lx - half >= taken[row] + font * 0.3) {
              taken[row] = lx + half;
              svgText(label, { class: 'deadline-label', x: lx, y: r1(top + font * (1.5 + row * 0.95)), 'text-anchor': 'middle' }, g);
            }
          }
        });
      }
      const nx = r1(x(now.value));
      nowMark.setAttribute('transform', `translate(${nx} 0)`);
      nowText.textContent = tr('edf.now', { now: now.text });
      nowText.setAttribute('text-anchor', nx > width * 0.6 ? 'end' : 'start');
      view.setCaption(caption, tr(typeof captionKey === 'function' ? captionKey(s) : captionKey));
      fillQueue(list, s);
      list.setAttribute('aria-label', tr('edf.queueLabel'));
      view.updateNodeRow(s, (i) => {
        const entry = queue.find((e) => e.node === i);
        return entry ? tr('edf.dueShort', { deadline: entry.deadlineText }) : '';
        // Envoy's f64 deadlines may end in "…"; exact fractions never (a cut "1/…" reads as another).
      }, { cut: view.algorithm === 'envoy' });
    },
  };
}

/** The node re-queued in `s`: the winner, in the drain phase. */
function requeuedOf({ phase, view }) {
  return phase === 'drain' && view.step ? view.step.winner : null;
}
