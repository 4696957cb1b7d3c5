// The water tanks: one SVG tank per node. The weight is the inflow pipe, the current weight is
// the water level (it can go below the zero line). Layout is computed in CSS pixels from the
// container's size so text stays readable from a 360 px phone to a projector.

import { PALETTE_SIZE, nodeColor } from './palette.js';
import { num, tr } from './i18n.js';
import { DETAIL_LIMIT, contentWidth, tankGeometry } from './tank-geometry.js';
import { markRequest } from './request-marks.js';
import { svg, svgText } from './svg.js';

const easeInOut = (x) => (x < 0.5 ? 2 * x * x : 1 - (-2 * x + 2) ** 2 / 2);

export class TankView {
  /** @param {SVGSVGElement} root */
  constructor(root) {
    this.root = root;
    this.tanks = [];
    this.shown = [];
    this.animation = 0;
    this.width = 0;
    this.nodes = [];
    this.range = [0, 0];
    this.lastView = null;
  }

  /** (Re)builds the tanks for `weights` with the fixed level scale `range` ([low, high]). */
  setNodes(weights, range) {
    cancelAnimationFrame(this.animation);
    this.lastView = null;
    this.nodes = weights.nodes;
    this.total = weights.total;
    this.range = [Math.min(range[0], 0), Math.max(range[1], 0, 1)];
    this.shown = this.nodes.map(() => 0);
    this.layout();
  }

  /**
   * Recomputes geometry for the container's width; call on resize with the width the
   * ResizeObserver reported (reading clientWidth here would force a layout mid-update).
   */
  layout(knownWidth = this.knownWidth) {
    if (knownWidth) this.knownWidth = knownWidth;
    const measured = this.knownWidth ?? contentWidth(this.root.parentElement);
    const geometry = tankGeometry(measured, this.nodes.length);
    const { width, height, font } = geometry;
    this.width = width;
    this.geometry = geometry;
    this.root.setAttribute('viewBox', `0 0 ${width} ${height}`);
    this.root.style.setProperty('--tank-font', `${font}px`);
    this.root.replaceChildren();
    this.compact = null;
    this.build();
    if (this.lastView) this.show(this.lastView, { animate: false });
  }

  /** y coordinate of a level. */
  y(level) {
    const { pipeZone, tankHeight } = this.geometry;
    const [low, high] = this.range;
    const inset = 6;
    return pipeZone + inset + ((high - level) / (high - low)) * (tankHeight - 2 * inset);
  }

  build() {
    if (this.nodes.length > DETAIL_LIMIT) {
      this.buildCompact();
      return;
    }
    const g = this.geometry;
    const maxWeight = Math.max(...this.nodes.map((node) => node.weight), 1);
    const floor = g.pipeZone + g.tankHeight;
    const zero = this.y(0);
    const gap = g.slot > 12 ? Math.min(g.slot * 0.16, 14) : 0;
    this.tanks = this.nodes.map((node, i) => {
      const x = g.gutter + i * g.slot + gap / 2;
      const w = Math.max(g.slot - gap, 0.6);
      const group = svg('g', { class: 'tank', 'data-node': i, 'data-weight': node.weight, 'data-current': 0, 'data-picks': 0 }, this.root);
      group.style.setProperty('--node-color', nodeColor(i));
      const title = svg('title', {}, group);
      // Thin bars (many nodes) get no outline: it would hide the water.
      const body = svg('rect', { class: w >= 4 ? 'tank-body' : 'tank-body bare', x, y: g.pipeZone, width: w, height: g.tankHeight, rx: Math.min(6, w / 4) }, group);
      const water = svg('rect', { class: 'water', x: x + 1, width: Math.max(w - 2, 0.5), y: floor, height: 0 }, group);
      const tank = { group, title, body, water, x, w, stream: null, pipe: null, pipeLabel: null, levelText: null, nameText: null, picksText: null, badge: null, drain: null };
      if (g.withPipes && node.weight > 0) {
        const pipeWidth = Math.max(2, (w * 0.5 * node.weight) / maxWeight);
        tank.pipe = svg('rect', { class: 'pipe', x: x + w / 2 - pipeWidth / 2, y: 0, width: pipeWidth, height: g.pipeZone + 2 }, group);
        tank.stream = svg('rect', { class: 'stream', x: x + w / 2 - pipeWidth / 2, y: g.pipeZone, width: pipeWidth, height: 0 }, group);
        if (g.withText) {
          tank.pipeLabel = svgText(`+${node.weight}`, { class: 'pipe-label', x: x + w / 2 + pipeWidth / 2 + 4, y: g.font * 1.1 }, group);
        }
      } else if (g.withPipes && g.withText) {
        tank.pipeLabel = svgText('+0', { class: 'pipe-label closed', x: x + w / 2, y: g.font * 1.1, 'text-anchor': 'middle' }, group);
      }
      if (g.withText) {
        tank.levelText = svgText('0', { class: 'level', x: x + w / 2, y: g.pipeZone + g.font * 1.3, 'text-anchor': 'middle' }, group);
        tank.drain = svgText('', { class: 'drain-label', x: x + w / 2, y: g.pipeZone + g.font * 1.3, 'text-anchor': 'middle' }, group);
        tank.nameText = svgText(node.name, { class: 'name', x: x + w / 2, y: floor + g.font * 1.25, 'text-anchor': 'middle' }, group);
        tank.picksText = svgText('', { class: 'picks', x: x + w / 2, y: floor + g.font * 2.45, 'text-anchor': 'middle' }, group);
        tank.badge = svgText('', { class: 'badge', x: x + w / 2, y: floor + g.font * 3.65, 'text-anchor': 'middle' }, group);
        fitText(tank.nameText, w);
      }
      return tank;
    });
    svg('line', { class: 'zero-line', x1: g.gutter - 4, x2: this.width, y1: zero, y2: zero }, this.root);
    svgText('0', { class: 'axis-label', x: g.gutter - 8, y: zero, 'text-anchor': 'end', 'dominant-baseline': 'middle' }, this.root);
    this.drawLevels(this.shown);
  }

  /**
   * Many nodes: no per-tank elements (thousands of them would cost more than a frame to lay
   * out), but one path per palette colour holding every bar, and the levels as one attribute.
   */
  buildCompact() {
    const g = this.geometry;
    this.tanks = [];
    this.compact = svg('g', { class: 'tanks-compact', 'data-nodes': this.nodes.length }, this.root);
    svg('rect', { class: 'tank-frame', x: g.gutter, y: g.pipeZone, width: this.width - g.gutter, height: g.tankHeight }, this.compact);
    this.compactPaths = Array.from({ length: PALETTE_SIZE }, (_, c) => {
      const path = svg('path', { class: 'water-compact' }, this.compact);
      path.style.fill = nodeColor(c);
      return path;
    });
    this.compactWinner = svg('rect', { class: 'winner-compact', x: 0, y: g.pipeZone, width: 0, height: g.tankHeight }, this.compact);
    const zero = this.y(0);
    svg('line', { class: 'zero-line', x1: g.gutter - 4, x2: this.width, y1: zero, y2: zero }, this.root);
    svgText('0', { class: 'axis-label', x: g.gutter - 8, y: zero, 'text-anchor': 'end', 'dominant-baseline': 'middle' }, this.root);
    this.drawLevels(this.shown);
  }

  drawCompact(levels) {
    const g = this.geometry;
    const floor = g.pipeZone + g.tankHeight;
    const parts = this.compactPaths.map(() => []);
    const width = Math.max(g.slot, 0.5);
    levels.forEach((level, i) => {
      const top = Math.min(this.y(level), floor);
      const x = g.gutter + i * g.slot;
      parts[i % PALETTE_SIZE].push(`M${x.toFixed(2)} ${floor}V${top.toFixed(1)}h${width.toFixed(2)}V${floor}z`);
    });
    this.compactPaths.forEach((path, c) => path.setAttribute('d', parts[c].join('')));
    this.shown = levels.slice();
  }

  drawLevels(levels) {
    if (this.compact) {
      this.drawCompact(levels);
      return;
    }
    const floor = this.geometry.pipeZone + this.geometry.tankHeight;
    levels.forEach((level, i) => {
      const tank = this.tanks[i];
      const top = Math.min(this.y(level), floor);
      tank.water.setAttribute('y', top);
      tank.water.setAttribute('height', Math.max(floor - top - 1, 0));
      if (tank.levelText) {
        tank.levelText.textContent = num(Math.round(level));
        // The number rides on the surface: just above it, or just inside when near the top.
        const font = this.geometry.font;
        const above = top - font * 0.35;
        tank.levelText.setAttribute('y', above - font < this.geometry.pipeZone ? top + font * 1.05 : above);
      }
    });
    this.shown = levels.slice();
  }

  /**
   * Shows a view: data-* attributes change at once (they are the truth for tests and
   * embedders); the water moves over `duration` ms unless `animate` is false.
   */
  show(view, { animate = true, duration = 400 } = {}) {
    this.lastView = view;
    const { position, levels, picks, step } = view;
    const phase = position.phase;
    const marked = phase === 'pick' || phase === 'drain';
    const [low, high] = this.range;
    let lowest = Infinity;
    let highest = -Infinity;
    for (const level of levels) {
      if (level < lowest) lowest = level;
      if (level > highest) highest = level;
    }
    if (lowest < low || highest > high) {
      this.range = [Math.min(low, lowest), Math.max(high, highest)];
      this.layout();
    }
    if (this.compact) {
      cancelAnimationFrame(this.animation);
      const c = this.compact.dataset;
      c.levels = levels.join(' ');
      c.picks = picks.join(' ');
      // An attempt that found no server (a 502) has no winner to mark.
      const winner = marked && step && step.winner != null;
      if (winner) c.selected = String(step.winner);
      else delete c.selected;
      if (marked && step && step.tied.length) c.tied = step.tied.join(' ');
      else delete c.tied;
      const g = this.geometry;
      this.compactWinner.setAttribute('x', winner ? g.gutter + step.winner * g.slot - 1 : 0);
      this.compactWinner.setAttribute('width', winner ? Math.max(g.slot, 1) + 2 : 0);
      this.drawLevels(levels);
      return;
    }
    this.tanks.forEach((tank, i) => {
      const node = this.nodes[i];
      const selected = marked && step && step.winner === i;
      const tied = marked && step && step.tied.includes(i);
      const g = tank.group;
      g.dataset.current = String(levels[i]);
      g.dataset.picks = String(picks[i]);
      toggle(g, 'data-selected', selected);
      toggle(g, 'data-tied', tied);
      g.classList.toggle('filling', phase === 'fill');
      g.classList.toggle('draining', phase === 'drain' && selected);
      tank.title.textContent = tr('tank.label', { name: node.name, weight: node.weight, level: num(levels[i]), picks: picks[i] });
      if (tank.picksText) tank.picksText.textContent = tr('tank.picks', { count: picks[i] });
      if (tank.badge) tank.badge.textContent = selected ? tr('tank.picked') : tied ? tr('tank.tie') : '';
      if (tank.drain) tank.drain.textContent = phase === 'drain' && selected ? `↓ ${tr('tank.drain', { total: step.total })}` : '';
      if (this.overlays) this.showScenario(tank, i, step, phase);
      if (tank.stream) {
        const surface = this.y(levels[i]);
        const top = this.geometry.pipeZone;
        // Only the tanks that add this step fill (a retry fills the ones not yet tried).
        const fills = phase === 'fill' && (!step || step.eligible[i]);
        tank.stream.setAttribute('height', fills ? Math.max(surface - top, 0) : 0);
      }
    });
    if (this.overlays) markRequest(this, view);
    cancelAnimationFrame(this.animation);
    const from = this.shown.slice();
    if (!animate || duration <= 0 || this.nodes.length > DETAIL_LIMIT) {
      this.drawLevels(levels);
      return;
    }
    const start = performance.now();
    const frame = (now) => {
      const k = Math.min(1, (now - start) / duration);
      const e = easeInOut(k);
      this.drawLevels(from.map((a, i) => a + (levels[i] - a) * e));
      this.shown = from.map((a, i) => a + (levels[i] - a) * e);
      if (k < 1) this.animation = requestAnimationFrame(frame);
      else this.shown = levels.slice();
    };
    this.animation = requestAnimationFrame(frame);
  }

  /**
   * A scenario or "subtract own" run: what each node added this step (its effective weight, 0
   * when it sat out) on the pipe, nodes that could not be picked greyed, nginx's effective weight
   * as data-*. Plain runs never get here, so their tanks stay exactly as they were.
   */
  showScenario(tank, i, step, phase) {
    const g = tank.group;
    const state = step?.state;
    const out = step ? !step.eligible[i] : false;
    if (out) g.setAttribute('data-eligible', 'false');
    else g.removeAttribute('data-eligible');
    g.classList.toggle('out', out);
    if (state?.kind === 'swrr') {
      g.dataset.added = String(state.added[i]);
      g.dataset.effective = String(state.effective[i]);
      g.dataset.weightNow = String(step.weights[i]);
    } else {
      delete g.dataset.added;
      delete g.dataset.effective;
      delete g.dataset.weightNow;
    }
    if (tank.pipeLabel) {
      const added = state?.kind === 'swrr' ? state.added[i] : this.nodes[i].weight;
      tank.pipeLabel.textContent = `+${added}`;
      tank.pipeLabel.classList.toggle('changed', added !== this.nodes[i].weight);
    }
    if (tank.badge && out && phase !== 'start' && !g.hasAttribute('data-selected')) tank.badge.textContent = tr('algo.out');
  }
}

function toggle(element, attribute, on) {
  if (on) element.setAttribute(attribute, 'true');
  else element.removeAttribute(attribute);
}

/** Shortens a name that does not fit its tank (the full name stays in the tooltip). */
function fitText(element, width) {
  const full = element.textContent;
  const fontPx = parseFloat(getComputedStyle(element).fontSize) || 14;
  const maxChars = Math.max(1, Math.floor(width / (fontPx * 0.6)));
  if (full.length > maxChars) element.textContent = `${full.slice(0, Math.max(1, maxChars - 1))}…`;
}
