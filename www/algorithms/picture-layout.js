// Where the pictures of the algorithms without levels put things: their text size at a width,
// each picture's rows top to bottom (caption, cells or bars or time line, the row of nodes), the
// lines of the lists under them, and the place a picture keeps before the core is here. The
// drawing code (classic-view.js, interleaved-view.js, random-view.js, edf-view.js, grpc-view.js,
// envoy-view.js) draws at these rows; the stage keeps the place with this module alone, so a page
// or an element lays it out before the drawing code has come, as tank-geometry.js does the tanks'.

import { DETAIL_LIMIT, LISTED_DRAWS, MIN_FONT, TEXT_LIMIT, TEXT_SLOT_EM } from '../core-facts.js';
import { r1, svg, textScaleOf } from '../draw/svg.js';
import { tr } from '../words/i18n.js';

/** EDF's and Envoy's queue entries listed by name (the rest are counted). */
export const QUEUE_LISTED = 12;

/** The width a picture is drawn at in a box `width` wide (640 when unknown): at least 280. */
export function pictureWidth(width) {
  return Math.max(280, Math.round(width || 640));
}

/**
 * The text of a picture `width` wide for `nodes` nodes: `scale` times the usual size (presenter
 * mode) as far as each node's tile keeps 6 em, for badges like "5 in list"; the nodes' labels up
 * to the core's text limit, their tiles up to its detail limit. As the tanks' (the core's
 * `TankLayout`): the text shrinks, down to MIN_FONT, so that each node's slot is TEXT_SLOT_EM
 * wide, and a narrower slot has no text (`withText`: 40 nodes in a compare pane); a label with a
 * room of its own (a list entry, a slot) is drawn up to the text limit (`named`) where it fits.
 */
export function pictureText(width, nodes, scale) {
  const usual = Math.max(12, Math.min(19, width / 58));
  const wanted = Math.max(usual, Math.min(usual * scale, width / (6 * nodes + 1.4)));
  const fitting = width / (TEXT_SLOT_EM * nodes + 1.4);
  const withText = nodes <= TEXT_LIMIT && fitting >= MIN_FONT;
  const font = withText ? Math.min(wanted, fitting) : wanted;
  return { width, nodes, font, usual, pad: font * 0.7, withText, named: nodes <= TEXT_LIMIT, detailed: nodes <= DETAIL_LIMIT };
}

/**
 * The most height the page gives a picture where `element` is, in px (presenter mode on a short
 * projector sets `--picture-height`, presenter.css, so that the transport stays in the window); 0: none.
 */
export function pictureHeightOf(element) {
  const limit = parseFloat(getComputedStyle(element).getPropertyValue('--picture-height'));
  return Number.isFinite(limit) && limit > 0 ? limit : 0;
}

/**
 * The text of `algo`'s picture (`pictureText`) no taller than `limit` px where one is set: its
 * bars (IPVS's, gRPC's, as tall as the width makes them) shorter first, down to their least, then
 * its text smaller, down to the usual size. `limit` stays in it, for `AlgorithmView` to see
 * whether a new window's changes it.
 */
export function fittedText(algo, width, nodes, scale, limit = 0) {
  const g = { ...pictureText(width, nodes, scale), limit };
  if (!limit) return g;
  const first = pictureRows(algo, g);
  if (first.height <= limit) return g;
  let fitted = { ...g, barsAtMost: (first.barHeight ?? 0) - (first.height - limit) };
  let { height } = pictureRows(algo, fitted);
  // The text's rows scale with it, the bars' least does not: a few steps down reach the limit.
  for (let tries = 0; height > limit && fitted.font > g.usual && tries < 40; tries += 1) {
    const font = Math.max(g.usual, fitted.font * Math.min(0.98, limit / height));
    fitted = { ...fitted, font, pad: font * 0.7 };
    ({ height } = pictureRows(algo, fitted));
  }
  return fitted;
}

/**
 * A tile narrower than this many em cannot hold a badge ("picked", "@ 1/12", gRPC's "65535"): its
 * badge stands under the tiles, every second node's in a second row, as wide as two slots (as
 * the tanks' `+w`s do when they crowd).
 */
const BADGE_TILE_EM = 3.4;
/** The box's height with its badge inside it, and without (name, weight, picks), in em. */
const BOX_EM = 5.3;
const SHORT_BOX_EM = 4.2;
/** Baselines of a tile's lines under its top, in em: name, weight, picks, badge inside the box. */
const LINE_EM = { name: 1.55, weight: 2.65, picks: 3.7, badge: 4.85 };
/** Baselines of the badges' two rows under the boxes, in em below the box. */
const BADGE_ROWS_EM = [1.0, 2.1];

/**
 * The row of nodes under a picture (algorithm-view.js `buildNodeRow`), from `x0` to the right
 * edge at text `g`: each node's `slot`, the `gap` between tiles, a tile's width, whether the
 * badges stand `staggered` under the tiles, the boxes' height, the row's `height`, the lines'
 * baselines in a tile, and where node i's badge goes (`badgeAt(i)`: its baseline under the row's
 * top, its tile's middle, and from where to where it may reach).
 */
export function nodeRow(g, x0 = g.pad) {
  const { width, font, pad, withText, detailed } = g;
  const slot = (width - pad - x0) / Math.max(1, g.nodes);
  const gap = slot > 12 ? Math.min(slot * 0.12, 10) : 0;
  const tile = Math.max(slot - gap, 0.6);
  const staggered = withText && detailed && tile < font * BADGE_TILE_EM;
  const box = withText ? font * (staggered ? SHORT_BOX_EM : BOX_EM) : font * 1.2;
  const height = staggered ? box + font * (BADGE_ROWS_EM[1] + 0.3) : box;
  const lines = Object.fromEntries(Object.entries(LINE_EM).map(([line, em]) => [line, font * em]));
  // A staggered badge may reach into each neighbour's slot (theirs stand in the other row) as far
  // as keeps a space before the next badge of its row, but not past the picture's edges.
  const reach = staggered ? slot - Math.max(gap / 2, font * 0.3) : tile / 2;
  const badgeAt = (i) => {
    const mid = x0 + (i + 0.5) * slot;
    return { y: staggered ? box + font * BADGE_ROWS_EM[i % 2] : lines.badge, mid, left: Math.max(mid - reach, 1), right: Math.min(mid + reach, width - 1) };
  };
  return { x0, slot, gap, tile, staggered, box, height, lines, badgeAt };
}

/**
 * Each picture's rows above the row of nodes, from its text `g`; `rowTop` is where that row
 * starts. Bars as tall as the width makes them are at most `g.barsAtMost` (`fittedText`).
 */
const ROWS = {
  classic({ font, pad }) {
    const top = pad + font * 1.2;
    const cellHeight = font * 2;
    const overviewTop = top + cellHeight + font * 2.6;
    const overviewHeight = font * 0.9;
    return { top, cellHeight, overviewTop, overviewHeight, rowTop: overviewTop + overviewHeight + font * 1.6 };
  },
  interleaved({ width, font, pad, barsAtMost = Infinity }) {
    const top = pad + font * 1.4;
    const barHeight = Math.max(110, Math.min(width * 0.26, 240, barsAtMost));
    return { gutter: font * 4.2, top, barHeight, rowTop: top + barHeight + font * 2.6 };
  },
  random({ font, pad }) {
    const top = pad + font * 3.3;
    const barHeight = font * 2.4;
    return { top, barHeight, rowTop: top + barHeight + font * 2.2 };
  },
  edf({ font, pad }) {
    const top = pad + font * 4;
    return { top, rowTop: top + font * 4.6 };
  },
  grpc({ width, font, pad, barsAtMost = Infinity }) {
    const top = pad + font * 2.6;
    const barHeight = Math.max(96, Math.min(width * 0.22, 200, barsAtMost));
    return { gutter: font * 1.2, top, barHeight, rowTop: top + barHeight + font * 1.4 };
  },
};
ROWS.envoy = ROWS.edf;
ROWS['grpc-java'] = ROWS.grpc;

/**
 * The rows of `algo`'s picture at text `g` (pictureText), its row of nodes (`nodeRow`, from the
 * gutter where the picture has one), and its whole `height`.
 */
export function pictureRows(algo, g) {
  const rows = ROWS[algo](g);
  const row = nodeRow(g, rows.gutter ?? g.pad);
  return { ...rows, row, height: rows.rowTop + row.height + g.pad };
}

/** A line of EDF's or Envoy's queue: the node's name and when it is due. */
export function queueItem(nameText, dueText) {
  const item = document.createElement('li');
  const name = document.createElement('span');
  name.className = 'queue-name';
  name.textContent = nameText;
  const due = document.createElement('span');
  due.className = 'queue-deadline';
  due.textContent = dueText;
  item.append(name, due);
  return item;
}

/** A `tag` element of class `className` saying `text`. */
const textElement = (tag, className, text) => Object.assign(document.createElement(tag), { className, textContent: text });

/** The queue's last line: how many more are queued. */
export function moreItem(text) {
  return textElement('li', 'more', text);
}

/** What Envoy is doing in `state`: its scheduler (round robin: at `index`), when it was built, whether in panic. */
export function envoyStatusText({ mode, builtAt, prepicks, panic }, index) {
  const parts = [tr(`envoy.mode.${mode}`, { index }), tr('envoy.built', { step: builtAt, prepicks })];
  if (panic) parts.push(tr('envoy.panicBadge'));
  return parts.join(' · ');
}

/**
 * The most lines gRPC's list of draws holds in a run of `nodes` nodes: the largest weight is
 * scaled to the maximum and passes every draw, so a pick draws at most one number per node; the
 * core lists at most LISTED_DRAWS of them and counts the rest on one more line.
 */
export function drawLinesAtMost(nodes) {
  return nodes > LISTED_DRAWS ? LISTED_DRAWS + 1 : nodes;
}

/**
 * Stand-ins for the lists under `algo`'s picture of `nodes` nodes, unseen, as long as they
 * usually are, whose place is kept whatever the step: `{draws, queue, status}` (absent: not
 * drawn). gRPC's draws, as many as a pick can list; a line per queued node (EDF, Envoy), the
 * first served and the second re-queued; Envoy's status of a scheduler built at the start (for
 * `equal` weights, of its round robin at `step`, which queues nothing).
 */
export function listStandIns(algo, nodes, { step = 0, equal = false } = {}) {
  const standIns = {};
  const roundRobin = algo === 'envoy' && equal;
  if (algo === 'grpc' || algo === 'grpc-java') {
    const passed = tr('grpc.drawPass', { sequence: 10, name: 'A', generation: 3, residue: 65535, threshold: 65535 });
    standIns.draws = Array.from({ length: drawLinesAtMost(nodes) }, () => Object.assign(document.createElement('li'), { textContent: passed }));
  }
  if (algo === 'edf' || algo === 'envoy') {
    const queued = roundRobin ? 0 : nodes;
    const badges = [tr('core.figure.picked'), tr('edf.requeued')];
    // Envoy's deadlines are f64's, as long as they come.
    const deadline = algo === 'envoy' ? '4.9999999999999005' : '3/10';
    standIns.queue = Array.from({ length: Math.min(queued, QUEUE_LISTED) }, (_, rank) => {
      const item = queueItem('A', tr('edf.due', { deadline }));
      if (badges[rank]) item.append(queueBadge(badges[rank]));
      return item;
    });
    if (queued > QUEUE_LISTED) standIns.queue.push(moreItem(tr('edf.more', { count: queued - QUEUE_LISTED })));
  }
  if (algo === 'envoy') {
    const mode = roundRobin ? 'round-robin' : 'edf';
    standIns.status = envoyStatusText({ mode, builtAt: 0, prepicks: 0, panic: false }, roundRobin ? String(step) : '');
  }
  return standIns;
}

/** A badge on a line of the queue: picked, re-queued. */
export function queueBadge(text) {
  return textElement('span', 'queue-badge', text);
}

/**
 * Before the core: in `root` (the `#algo-view` container) the place of `algo`'s picture for
 * `nodes` nodes at `step`, in a box `width` wide — a blank picture as tall as the core's run will
 * draw it, and the lists under it as the run keeps their place (`listStandIns`). Blank:
 * `[data-reserved]` hides it (widget.css).
 */
export function reservePicture(root, { algo, nodes, step, equal = false }, width) {
  // Beyond the detail limit the height no longer depends on the count (nor does the work).
  const count = Math.max(1, Math.min(nodes, DETAIL_LIMIT + 1));
  const g = fittedText(algo, pictureWidth(width), count, textScaleOf(root), pictureHeightOf(root));
  const picture = svg('svg', { class: 'algo-picture', viewBox: `0 0 ${g.width} ${r1(pictureRows(algo, g).height)}` });
  const parts = [picture];
  const standIns = listStandIns(algo, count, { step, equal });
  if (standIns.queue) {
    const queue = document.createElement('ol');
    queue.className = 'edf-queue';
    queue.append(...standIns.queue);
    parts.push(queue);
  }
  if (standIns.status != null) {
    const status = document.createElement('p');
    status.className = 'envoy-status';
    status.textContent = standIns.status;
    parts.unshift(status);
  }
  if (standIns.draws) {
    const draws = document.createElement('ol');
    draws.className = 'stride-draws';
    draws.append(...standIns.draws);
    parts.push(draws);
  }
  root.dataset.algo = algo;
  root.dataset.reserved = '';
  root.replaceChildren(...parts);
}
