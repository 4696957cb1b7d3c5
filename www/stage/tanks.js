// The water tanks: one SVG tank per node. The weight is the inflow pipe, the current weight is
// the water level (it can go below the zero line). The core lays them out for the container's
// width (`tankLayout`, in CSS pixels, so text stays readable from a 360 px phone to a
// projector); this view only applies its numbers.

import { PALETTE_SIZE, nodeColor } from '../draw/palette.js';
import { counted, num, tr } from '../words/i18n.js';
import { contentWidth, fillHeightOf } from './tank-geometry.js';
import { markRequest } from '../requests/request-marks.js';
import { letters, svg, svgText, textScaleOf } from '../draw/svg.js';
import { nameLabels, tankLayout } from '../pkg/swrr_viz.js';

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
    this.largest = null;
    this.lastView = null;
    /** `{textScale, fillHeight}` as read while the styles were last computed, for the next layout alone (null: read them then). */
    this.knownStyle = null;
  }

  /**
   * (Re)builds the tanks for `weights` with the fixed level scale `range` ([low, high]);
   * `largest`: the largest weight each node takes in the run, which its `+w` may say.
   */
  setNodes(weights, range, largest = null) {
    cancelAnimationFrame(this.animation);
    this.lastView = null;
    this.nodes = weights.nodes;
    this.total = weights.total;
    this.range = range;
    this.largest = largest;
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
    const weights = Float64Array.from(this.nodes, (node) => node.weight);
    // The styles as the widget read them when it was made, the first time (reading them here
    // would compute them again); afterwards as they are.
    const { textScale, fillHeight } = this.knownStyle ?? { textScale: textScaleOf(this.root), fillHeight: fillHeightOf(this.root) };
    this.knownStyle = null;
    this.fillHeight = fillHeight;
    const geometry = tankLayout(measured, weights, this.range[0], this.range[1], textScale, this.largest ?? undefined, fillHeight || undefined);
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

  /** Whether the height the tanks may fill changed since they were laid out (a window only taller or shorter). */
  heightChanged() {
    return Boolean(this.geometry) && fillHeightOf(this.root) !== this.fillHeight;
  }

  /** y coordinate of a level. */
  y(level) {
    return this.geometry.zeroY - level * this.geometry.perLevel;
  }

  build() {
    const g = this.geometry;
    if (g.compact) {
      this.buildCompact();
      return;
    }
    const { floor, tankWidth: w } = g;
    // The names as the core cuts them to `nameChars`: no two tanks' alike (colour is not the only cue).
    const names = g.withNames ? nameLabels(this.nodes.map((node) => node.name), g.nameChars) : [];
    this.tanks = this.nodes.map((node, i) => {
      const x = g.x[i];
      const mid = x + w / 2;
      const group = svg('g', { class: 'tank', 'data-node': i, 'data-weight': node.weight, 'data-current': 0, 'data-picks': 0 }, this.root);
      group.style.setProperty('--node-color', nodeColor(i));
      const title = svg('title', {}, group);
      // Thin bars (many nodes) get no outline: it would hide the water.
      const body = svg('rect', { class: w >= 4 ? 'tank-body' : 'tank-body bare', x, y: g.pipeZone, width: w, height: g.tankHeight, rx: g.corner }, group);
      const water = svg('rect', { class: 'water', x: x + g.waterInset, width: g.waterWidth, y: floor, height: 0 }, group);
      const tank = { group, title, body, water, x, w, stream: null, pipe: null, pipeLabel: null, levelText: null, nameText: null, picksText: null, badge: null, drain: null };
      const pipeWidth = g.pipes[i];
      if (pipeWidth > 0) {
        const left = mid - pipeWidth / 2;
        tank.pipe = svg('rect', { class: 'pipe', x: left, y: 0, width: pipeWidth, height: g.pipeHeight }, group);
        tank.stream = svg('rect', { class: 'stream', x: left, y: g.pipeZone, width: pipeWidth, height: 0 }, group);
        if (g.withPipeLabels) {
          tank.pipeLabel = svgText(`+${node.weight}`, { class: 'pipe-label', x: g.pipeLabelX[i], y: g.pipeLabelYs[i] }, group);
        }
      } else if (g.withPipes && g.withText) {
        tank.pipeLabel = svgText('+0', { class: 'pipe-label closed', x: mid, y: g.pipeLabelYs[i], 'text-anchor': 'middle' }, group);
      }
      if (g.withText) {
        tank.levelText = svgText('0', { class: 'level', x: mid, y: g.topTextY, 'text-anchor': 'middle' }, group);
        tank.drain = svgText('', { class: 'drain-label', x: mid, y: g.topTextY, 'text-anchor': 'middle' }, group);
        tank.nameText = svgText(names[i], { class: 'name', x: mid, y: g.nameY, 'text-anchor': 'middle' }, group);
        tank.picksText = svgText('', { class: 'picks', x: mid, y: g.picksY, 'text-anchor': 'middle' }, group);
        tank.badge = svgText('', { class: 'badge', x: mid, y: g.badgeY, 'text-anchor': 'middle' }, group);
      } else if (g.withNames) {
        // Too narrow for its numbers, a tank still says its name: two letters kept (AA … AN),
        // drawn as narrow as the tank where wider (the core's `name_length`).
        const name = names[i];
        tank.nameText = svgText(name, { class: 'name', x: mid, y: g.nameY, 'text-anchor': 'middle' }, group);
        if (letters(name) > g.nameRoom) {
          tank.nameText.setAttribute('textLength', g.squeezedNameWidth);
          tank.nameText.setAttribute('lengthAdjust', 'spacingAndGlyphs');
        }
      }
      return tank;
    });
    this.drawZeroLine();
    this.drawLevels(this.shown);
  }

  drawZeroLine() {
    const g = this.geometry;
    svg('line', { class: 'zero-line', x1: g.zeroLineX, x2: g.width, y1: g.zeroY, y2: g.zeroY }, this.root);
    svgText('0', { class: 'axis-label', x: g.axisLabelX, y: g.zeroY, 'text-anchor': 'end', 'dominant-baseline': 'middle' }, this.root);
  }

  /**
   * Many nodes: no per-tank elements (thousands of them would cost more than a frame to lay
   * out), but one path per palette colour holding every bar, and the levels as one attribute.
   */
  buildCompact() {
    const g = this.geometry;
    this.tanks = [];
    this.compact = svg('g', { class: 'tanks-compact', 'data-nodes': this.nodes.length }, this.root);
    svg('rect', { class: 'tank-frame', x: g.gutter, y: g.pipeZone, width: g.width - g.gutter, height: g.tankHeight }, this.compact);
    this.compactPaths = Array.from({ length: PALETTE_SIZE }, (_, c) => {
      const path = svg('path', { class: 'water-compact' }, this.compact);
      path.style.fill = nodeColor(c);
      return path;
    });
    this.compactWinner = svg('rect', { class: 'winner-compact', x: 0, y: g.pipeZone, width: 0, height: g.tankHeight }, this.compact);
    this.drawZeroLine();
    this.drawLevels(this.shown);
  }

  drawCompact(levels) {
    const { floor, x: xs } = this.geometry;
    const parts = this.compactPaths.map(() => []);
    const width = this.geometry.tankWidth;
    levels.forEach((level, i) => {
      const top = Math.min(this.y(level), floor);
      const x = xs[i];
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
    const { floor, waterInset, levelAbove, levelInside, levelInsideUntil, levelUnderZeroFrom, levelUnderZeroTo, levelLeast } = this.geometry;
    levels.forEach((level, i) => {
      const tank = this.tanks[i];
      const top = Math.min(this.y(level), floor);
      tank.water.setAttribute('y', top);
      tank.water.setAttribute('height', Math.max(floor - top - waterInset, 0));
      if (tank.levelText) {
        this.fitLevel(tank.levelText, num(Math.round(level)));
        // The number rides on the surface: just above it, or just inside when near the top or
        // just under the zero line (which it would cross), and never into the drain's text.
        const inside = top < levelInsideUntil || (top > levelUnderZeroFrom && top < levelUnderZeroTo);
        tank.levelText.setAttribute('y', Math.max(top + (inside ? levelInside : levelAbove), levelLeast));
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
    const { low, high } = this.geometry;
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
      this.compactWinner.setAttribute('x', winner ? g.x[step.winner] - 1 : 0);
      this.compactWinner.setAttribute('width', winner ? g.tankWidth + 2 : 0);
      this.drawLevels(levels);
      return;
    }
    const counts = this.countTexts(picks);
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
      tank.title.textContent = counted(picks[i], 'tank.label', 'tank.labelOne', { name: node.name, weight: node.weight, level: num(levels[i]), picks: picks[i] });
      if (tank.picksText) this.fitPicks(tank.picksText, counts[i]);
      if (tank.badge) tank.badge.textContent = selected ? tr('core.figure.picked') : tied ? tr('core.figure.tie') : '';
      if (tank.drain) {
        tank.drain.textContent = phase === 'drain' && selected ? this.drainText(step.total) : '';
        this.fitDrain(tank.drain);
      }
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
    this.keepLastBadgeInside();
    cancelAnimationFrame(this.animation);
    const from = this.shown.slice();
    if (!animate || duration <= 0 || this.geometry.compact) {
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
   * The last tank's badge ("picked", "tie", …) ends at the picture's edge when it is longer than a
   * slot holds (the core's `slotChars`), rather than run past it; elsewhere it is centred under
   * its tank, spilling into the neighbours' room as the others do.
   */
  keepLastBadgeInside() {
    const tank = this.tanks.at(-1);
    if (!tank?.badge) return;
    const g = this.geometry;
    const over = [...tank.badge.textContent].length > g.slotChars;
    tank.badge.setAttribute('x', over ? g.width : tank.x + tank.w / 2);
    tank.badge.setAttribute('text-anchor', over ? 'end' : 'middle');
  }

  /**
   * A level number stays inside its tank, as the CLI's pictures draw it (the core's
   * `TankLayout::level_fit`): whole up to `levelChars` characters, drawn `levelRoom` wide,
   * narrower, up to `levelLeastChars` (`−1244` among twelve tanks on a phone), and left out
   * where even that would not fit (the tank's title still says it).
   */
  fitLevel(text, level) {
    const { levelChars, levelLeastChars, levelRoom } = this.geometry;
    const length = letters(level);
    text.textContent = length <= levelLeastChars ? level : '';
    if (length > levelChars && length <= levelLeastChars) {
      text.setAttribute('textLength', levelRoom);
      text.setAttribute('lengthAdjust', 'spacingAndGlyphs');
    } else {
      text.removeAttribute('textLength');
    }
  }

  /**
   * The counts under the tanks, each clear of the next, by the core's rule for its pictures
   * (`TankLayout::picks_texts`): in the catalog's words (`figure.tank_picks`) where the slot
   * holds every one (`picksChars` letters, a wide character two), else all in its shorter ones
   * (`figure.tank_picks_short`: `12次` for `12 次`, as the other algorithms' tiles take too), so
   * that they read alike; `fitPicks` draws one longer still narrower.
   */
  countTexts(picks) {
    const usual = picks.map((count) => tr('core.figure.tank_picks', { count }));
    const { picksChars } = this.geometry;
    return usual.every((text) => letters(text) <= picksChars) ? usual : picks.map((count) => tr('core.figure.tank_picks_short', { count }));
  }

  /** A count `shown` under its tank: drawn `picksRoom` wide, narrower, where it is longer than `picksChars` — never cut, so no count reads as another. */
  fitPicks(text, shown) {
    const { picksChars, picksRoom } = this.geometry;
    text.textContent = shown;
    if (letters(shown) > picksChars) {
      text.setAttribute('textLength', picksRoom);
      text.setAttribute('lengthAdjust', 'spacingAndGlyphs');
    } else {
      text.removeAttribute('textLength');
    }
  }

  /**
   * The drain's text stays inside its tank, clear of the outline (QA s23 F13: among 16 tanks on a
   * 1280 × 720 projector `−136` ran over the tank's edges): longer than the tank holds (the core's
   * `tankChars`; `drainText` already chose `−W` alone), it is drawn `drainRoom` wide, narrower,
   * as the CLI's pictures draw it (`TankLayout::drain_length`).
   */
  fitDrain(text) {
    const { tankChars, drainRoom } = this.geometry;
    if (letters(text.textContent) > tankChars) {
      text.setAttribute('textLength', drainRoom);
      text.setAttribute('lengthAdjust', 'spacingAndGlyphs');
    } else {
      text.removeAttribute('textLength');
    }
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
      // A weight a scenario raised takes the place made for the node's largest (a weight 0's
      // label stays centred over its closed pipe).
      if (!tank.pipeLabel.classList.contains('closed')) {
        const { pipeLabelX, pipeLabelXLargest } = this.geometry;
        tank.pipeLabel.setAttribute('x', added > this.nodes[i].weight ? pipeLabelXLargest[i] : pipeLabelX[i]);
      }
      tank.pipeLabel.classList.toggle('changed', added !== this.nodes[i].weight);
    }
    if (tank.badge && out && phase !== 'start' && !g.hasAttribute('data-selected')) tank.badge.textContent = tr('core.figure.out');
  }

  /** The drain's text over the winner: `↓ −W` where the tank holds it, `−W` alone where not (the core's rule, `tankChars`; `fitDrain` then keeps it inside the tank). */
  drainText(total) {
    const number = tr('tank.drain', { total });
    return letters(number) + 2 <= this.geometry.tankChars ? `↓ ${number}` : number;
  }
}

function toggle(element, attribute, on) {
  if (on) element.setAttribute(attribute, 'true');
  else element.removeAttribute(attribute);
}
