// Σ current next to the tanks, for SWRR runs that may lose their balance: a scenario (reset-node
// and scale change one level without the others) or the broken "subtract own" variant, where Σ
// grows every step. A small line of Σ over the last steps, from the core's per-step `state.sum`,
// and a sentence that says why.

import { counted, num, tr } from '../words/i18n.js';
import { r1, svg, svgText } from '../draw/svg.js';

/** Steps of history drawn. */
const SPAN = 60;

export class SumDrift {
  /** @param {ParentNode} scope  where `#sum-drift`, `#sum-plot` and `#sum-drift-caption` are */
  constructor(scope) {
    const $ = (id) => scope.querySelector(`#${id}`);
    this.el = { figure: $('sum-drift'), plot: $('sum-plot'), caption: $('sum-drift-caption') };
    this.key = null;
    this.sums = new Map();
  }

  /** Hides the figure (plain SWRR, or an algorithm without levels). */
  hide() {
    this.el.figure.hidden = true;
  }

  /** Shows Σ for steps up to `view.position.t` of `engine`'s run. */
  show(engine, view) {
    const { figure, plot, caption } = this.el;
    figure.hidden = false;
    if (this.key !== engine.key) {
      this.key = engine.key;
      this.sums = new Map([[0, 0]]);
    }
    const t = view.position.t;
    const from = Math.max(0, t - SPAN + 1);
    // Only the steps not seen yet go to the core; playing forward asks for one record per step.
    let missing = from;
    while (missing <= t && this.sums.has(missing)) missing += 1;
    if (missing <= t) {
      let last = t;
      while (last > missing && this.sums.has(last)) last -= 1;
      for (const record of engine.records(Math.max(missing, 1), last)) this.sums.set(record.t, record.state.sum);
    }
    if (this.sums.size > 4 * SPAN) {
      for (const step of this.sums.keys()) if (step < from) this.sums.delete(step);
    }
    const sums = [];
    for (let s = from; s <= t; s += 1) sums.push(this.sums.get(s) ?? 0);
    const now = sums[sums.length - 1];
    figure.dataset.from = String(from);
    figure.dataset.sums = sums.join(' ');
    figure.dataset.sum = String(now);
    this.draw(sums, from);

    const step = view.step;
    if (engine.options.subtract === 'own') {
      if (step) {
        const added = step.state.added.reduce((a, b) => a + b, 0);
        caption.textContent = tr('drift.own', { added, total: step.total, kept: added - step.total });
      } else {
        caption.textContent = tr('drift.ownStart');
      }
    } else {
      caption.textContent = now === 0 ? tr('drift.conserved') : tr('drift.unbalanced', { sum: num(now) });
    }
    delete caption.dataset.reserved;
    plot.setAttribute('aria-label', counted(sums.length, 'drift.label', 'drift.labelOne', { count: sums.length, sum: num(now) }));
  }

  draw(sums, from) {
    const plot = this.el.plot;
    plot.replaceChildren();
    // The plot's size is the template's, so its place is kept before the first drawing.
    const { width, height } = plot.viewBox.baseVal;
    const low = Math.min(0, ...sums);
    const high = Math.max(0, ...sums, 1);
    const left = 34;
    const x = (k) => left + (SPAN <= 1 ? 0 : (k / (SPAN - 1)) * (width - left - 6));
    const y = (value) => 6 + ((high - value) / (high - low || 1)) * (height - 14);
    svg('line', { class: 'zero', x1: left, x2: width - 6, y1: r1(y(0)), y2: r1(y(0)) }, plot);
    svgText('0', { class: 'axis', x: left - 4, y: r1(y(0) + 4), 'text-anchor': 'end' }, plot);
    if (high !== 0 && high !== 1) svgText(num(high), { class: 'axis', x: left - 4, y: 14, 'text-anchor': 'end' }, plot);
    if (low < 0) svgText(num(low), { class: 'axis', x: left - 4, y: height - 4, 'text-anchor': 'end' }, plot);
    const d = sums.map((value, k) => `${k === 0 ? 'M' : 'L'}${r1(x(k))} ${r1(y(value))}`).join('');
    if (sums.length > 1) svg('path', { class: 'sum-line', d }, plot);
    const k = sums.length - 1;
    svg('circle', { class: 'sum-now', cx: r1(x(k)), cy: r1(y(sums[k])), r: 3.5, 'data-step': from + k }, plot);
  }
}
