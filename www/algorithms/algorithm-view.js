// The picture of a run whose algorithm has no water levels, and the row of nodes under it. Each
// algorithm draws in its own module: the classic expanded list and its pointer (classic-view.js),
// IPVS's bars against the current weight cw (interleaved-view.js), the random draw over the
// weight slots (random-view.js), EDF's queue (edf-view.js), gRPC's and Envoy's schedulers
// (grpc-view.js, envoy-view.js). Every number comes from the core's per-step `state`
// (engine.js gives the state before the pick, `previous`, and after it, `state`); this file only
// decides where to draw it. What each phase shows:
//   fill  the state before the pick (the pointer, cw and cursor, the draw, the queue)
//   pick  the decision: the winner marked (IPVS: cw as the pick found it)
//   drain the state after the pick (the pointer moved on, the cursor on the winner, the
//         winner re-queued) — `#algo-view`'s data-* are those of the core's `state()` then.
// The lists under a picture (gRPC's draws, EDF's and Envoy's queue and status) keep, from the
// first frame, the place the tallest of them takes in the run, so nothing under them moves.

import { PALETTE_SIZE, nodeColor } from '../draw/palette.js';
import { counted, tr } from '../words/i18n.js';
import { fitText, flag, r1, squeezeInto, svg, svgText, textScaleOf, textWidth } from '../draw/svg.js';
import { nameLabeller } from '../draw/names.js';
import { fittedText, pictureHeightOf, pictureWidth } from './picture-layout.js';
import { buildClassic } from './classic-view.js';
import { buildInterleaved } from './interleaved-view.js';
import { buildRandom } from './random-view.js';
import { buildGrpc } from './grpc-view.js';
import { buildEdf } from './edf-view.js';
import { buildEnvoy } from './envoy-view.js';
import { sampledViews, tallestHeight } from './run-samples.js';

export class AlgorithmView {
  /** @param {HTMLElement} root  the `#algo-view` container (emptied) */
  constructor(root) {
    this.root = root;
    this.algorithm = null;
    this.width = 0;
    this.lastView = null;
  }

  /**
   * A new run: `weights` from the core, `algorithm` one of classic, interleaved, random, edf,
   * grpc, grpc-java, envoy; `run` its engine (engine.js), whose first steps the lists' place is
   * measured from.
   */
  setRun(weights, algorithm, run = null) {
    this.nodes = weights.nodes;
    this.algorithm = algorithm;
    this.lastView = null;
    this.run = run;
    this.startState = run?.initialState ?? null;
    this.root.dataset.algo = algorithm;
    delete this.root.dataset.reserved;
    this.layout();
  }

  /** Rebuilds for the container's width (as the tanks: the width the ResizeObserver reported). */
  layout(knownWidth = this.knownWidth) {
    if (!this.algorithm) return;
    if (knownWidth) this.knownWidth = knownWidth;
    const width = pictureWidth(this.knownWidth || this.root.clientWidth);
    this.width = width;
    // Above the core's text limit nodes the labels go; above its detail limit the nodes are one path per colour.
    // As tall as the page lets it be (presenter mode on a short projector).
    this.g = fittedText(this.algorithm, width, this.nodes.length, textScaleOf(this.root), pictureHeightOf(this.root));
    this.root.replaceChildren();
    this.picture = svg('svg', { class: 'algo-picture', role: 'img', 'aria-labelledby': 'narration', preserveAspectRatio: 'xMidYMid meet' }, this.root);
    this.picture.style.setProperty('--algo-font', `${this.g.font}px`);
    this.picture.style.setProperty('--algo-caption-font', `${this.g.usual * 0.82}px`);
    // The nodes' names as the core labels them, for the tiles and each picture's own texts.
    this.nameLabel = nameLabeller(this.nodes);
    const build = {
      classic: buildClassic, interleaved: buildInterleaved, random: buildRandom, edf: buildEdf,
      grpc: buildGrpc, 'grpc-java': buildGrpc, envoy: buildEnvoy,
    }[this.algorithm];
    this.parts = build(this);
    this.keepListsPlace();
    if (this.lastView) this.show(this.lastView);
  }

  /** Whether the height the page gives the picture is no longer the one it is drawn for (a window only taller or shorter). */
  heightChanged() {
    return Boolean(this.g) && pictureHeightOf(this.root) !== this.g.limit;
  }

  /** Shows a view of engine.js (its `state` and `previous`); data-* change at once. */
  show(view) {
    this.lastView = view;
    this.parts.update(this.phaseOf(view));
  }

  /** What a picture draws of `view` in its phase: the state shown, the winner marked, the weights in effect. */
  phaseOf(view) {
    const { phase } = view.position;
    const shown = phase === 'drain' || phase === 'start' ? view.state : view.previous;
    const marked = (phase === 'pick' || phase === 'drain') && view.step ? view.step.winner : null;
    const weights = view.step ? view.step.weights : this.nodes.map((node) => node.weight);
    const eligible = view.step ? view.step.eligible : this.nodes.map((node) => node.weight > 0);
    return { view, phase, shown, marked, weights, eligible };
  }

  /**
   * Gives each list under the picture (`parts.lists`) the height of the tallest it takes in the
   * run's first steps in every phase, or before the core (its stand-in), at this width.
   */
  keepListsPlace() {
    const lists = this.parts.lists ?? [];
    if (lists.length === 0 || !this.root.isConnected) return;
    const samples = this.run ? sampledViews(this.run).map((view) => this.phaseOf(view)) : [];
    for (const { element, fill, standIn } of lists) {
      const fillStandIn = (copy) => {
        const content = standIn();
        if (typeof content === 'string') copy.textContent = content;
        else copy.append(...(content ?? []));
      };
      const tallest = tallestHeight(element, [fillStandIn, ...samples.map((s) => (copy) => fill(copy, s))]);
      element.style.minHeight = tallest > 0 ? `${tallest}px` : '';
    }
  }

  /** Writes a picture's caption, shortened where it is wider than the picture. */
  setCaption(caption, text) {
    fitText(caption, text, this.g.width - 2 * this.g.pad);
  }

  // ── shared: the row of nodes under a picture ─────────────────────────────────────────────

  /**
   * One slot per node (`row`, picture-layout.js `nodeRow`), the row's top at `y0`: name, weight,
   * picks, and a badge — in the box, or under the boxes where tiles are narrow. Returns its height.
   */
  buildNodeRow(y0, row) {
    const { font, withText, detailed } = this.g;
    const { x0, slot, gap, tile: w, box: boxHeight, height, lines } = row;
    const n = this.nodes.length;
    this.row = { ...row, y0, tiles: [] };
    if (!detailed) {
      this.row.compact = svg('g', { class: 'nodes-compact', 'data-nodes': n }, this.picture);
      this.row.paths = Array.from({ length: PALETTE_SIZE }, (_, c) => svg('path', { class: 'node-compact', fill: nodeColor(c) }, this.row.compact));
      const d = this.row.paths.map(() => []);
      for (let i = 0; i < n; i += 1) d[i % PALETTE_SIZE].push(`M${r1(x0 + i * slot)} ${r1(y0)}h${r1(Math.max(slot, 0.5))}v${r1(height)}h${r1(-Math.max(slot, 0.5))}z`);
      this.row.paths.forEach((path, c) => path.setAttribute('d', d[c].join('')));
      return height;
    }
    this.row.tiles = this.nodes.map((node, i) => {
      const x = x0 + i * slot + gap / 2;
      const group = svg('g', { class: 'node', 'data-node': i, 'data-weight': node.weight, 'data-picks': 0 }, this.picture);
      group.style.setProperty('--node-color', nodeColor(i));
      const title = svg('title', {}, group);
      const box = svg('rect', { class: 'node-box', x: r1(x), y: r1(y0), width: r1(w), height: r1(boxHeight), rx: Math.min(6, w / 4) }, group);
      svg('rect', { class: 'node-swatch', x: r1(x), y: r1(y0), width: r1(w), height: r1(Math.min(font * 0.45, boxHeight)), rx: Math.min(3, w / 4) }, group);
      const tile = { group, title, box, name: null, weight: null, picks: null, badge: null, width: w };
      if (withText) {
        const cx = r1(x + w / 2);
        const { y: badgeY } = row.badgeAt(i);
        tile.name = svgText(this.nameLabel(i, w, font), { class: 'node-name', x: cx, y: r1(y0 + lines.name), 'text-anchor': 'middle' }, group);
        tile.weight = svgText('', { class: 'node-weight', x: cx, y: r1(y0 + lines.weight), 'text-anchor': 'middle' }, group);
        tile.picks = svgText('', { class: 'node-picks', x: cx, y: r1(y0 + lines.picks), 'text-anchor': 'middle' }, group);
        tile.badge = svgText('', { class: 'node-badge', x: cx, y: r1(y0 + badgeY), 'text-anchor': 'middle' }, group);
      }
      return tile;
    });
    return height;
  }

  /**
   * Updates the node row: picks, weights in effect, who is out, who is picked, and each node's
   * badge `extra(i)` (long ones — Envoy's f64 deadlines — may be `cut`; the title has the node).
   */
  updateNodeRow({ view, marked, weights, eligible }, extra = () => '', { cut = false } = {}) {
    const c = this.root.dataset;
    c.picks = this.g.detailed ? '' : view.picks.join(' ');
    if (!c.picks) delete c.picks;
    this.row.tiles.forEach((tile, i) => {
      const g = tile.group;
      g.dataset.picks = String(view.picks[i]);
      g.dataset.weight = String(weights[i]);
      flag(g, 'data-selected', marked === i);
      if (eligible[i]) g.removeAttribute('data-eligible');
      else g.setAttribute('data-eligible', 'false');
      const node = this.nodes[i];
      tile.title.textContent = counted(view.picks[i], 'algo.nodeLabel', 'algo.nodeLabelOne', { name: node.name, weight: weights[i], picks: view.picks[i] });
    });
    if (!this.g.withText) return;
    const { font } = this.g;
    // Every tile's weight and picks in the same form: the longest whose widest fits a tile.
    this.fitRow('weight', [
      (i) => tr('algo.weight', { weight: weights[i] }), (i) => tr('algo.weightShort', { weight: weights[i] }), (i) => String(weights[i]),
    ], font * 0.85);
    this.fitRow('picks', [(i) => tr('core.figure.tank_picks', { count: view.picks[i] }), (i) => tr('core.figure.tank_picks_short', { count: view.picks[i] })], font * 0.85);
    this.row.tiles.forEach((tile, i) => {
      const text = marked === i ? tr('core.figure.picked') : !eligible[i] ? tr('core.figure.out') : extra(i);
      const { mid, left, right } = this.row.badgeAt(i);
      const px = font * 0.8;
      squeezeInto(tile.badge, text, right - left, px, { cut });
      // Under its tile, or as near as its reach allows (at the picture's edges).
      const half = Math.min(right - left, textWidth(tile.badge.textContent, px)) / 2;
      tile.badge.setAttribute('x', r1(Math.min(Math.max(mid, left + half), right - half)));
    });
  }

  /** Writes each tile's `line` in the first of `forms` (functions of a node) that fits every tile, or squeezes the last. */
  fitRow(line, forms, px) {
    const room = this.row.tile - Math.min(4, this.row.tile * 0.12);
    const texts = forms.map((form) => this.row.tiles.map((_, i) => form(i)));
    const fits = texts.find((row) => row.every((text) => textWidth(text, px) <= room)) ?? texts.at(-1);
    this.row.tiles.forEach((tile, i) => squeezeInto(tile[line], fits[i], room, px));
  }

  /** Sets the picture's size once its parts are placed. */
  finish(height) {
    this.picture.setAttribute('viewBox', `0 0 ${this.width} ${r1(height)}`);
  }
}
