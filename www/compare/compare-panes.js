// The panes of the comparison as one: a pane per algorithm on the same settings, built (or
// started where they were laid out before the core), and told together of new weights, options
// or a run length; their run lengths kept alike and their metrics ranked.

import { ComparePane } from './compare-pane.js';
import { renderRanking } from './compare-ranking.js';
import { defaultRunSteps } from '../run/run-panel.js';

export class ComparePanes {
  /**
   * @param {{container: HTMLElement, ranking: HTMLTableElement, rankingNote: HTMLElement}} el
   * @param {{guard: (fn: () => void) => void, fatal: (message: string) => void}} page
   */
  constructor(el, { guard, fatal }) {
    this.el = el;
    this.guard = guard;
    this.fatal = fatal;
    /** @type {ComparePane[]} */
    this.list = [];
    /** The settings the panes were laid out for without the core (null: none, or started). */
    this.laidOut = null;
  }

  /** The first pane's widget: its run sets the shared timeline. */
  get reference() {
    return this.list[0].widget;
  }

  /**
   * A pane per algorithm of `settings` (`{weights, algos, options, steps}`), at step `t`; with
   * `start: false` laid out only (no core needed). Panes laid out for the same settings start
   * where they are.
   */
  show(settings, { t, speed, theme, start }) {
    const asked = JSON.stringify([settings, t, speed]);
    const { container } = this.el;
    if (start && this.laidOut === asked) {
      for (const pane of this.list) pane.widget.start();
    } else {
      for (const pane of this.list) pane.widget.destroy();
      container.dataset.count = String(settings.algos.length);
      container.replaceChildren();
      const { weights, options, steps } = settings;
      this.list = settings.algos.map((algo) => this.build(algo, { weights, step: t, speed, runSteps: steps, ...options, start }, theme));
      // New panes stay unpainted until their styles have loaded, with what they would move
      // (compare.css); those of panes replaced meanwhile never load, and are not waited for.
      const styled = Promise.all(this.list.map((pane) => pane.styled));
      this.styled = styled;
      container.dataset.styling = '';
      styled.then(() => {
        if (this.styled === styled) delete container.dataset.styling;
      });
    }
    this.laidOut = start ? null : asked;
    container.setAttribute('aria-busy', String(!start));
  }

  build(algo, options, theme) {
    const pane = new ComparePane(algo, options, theme, this.el.container);
    pane.widget.addEventListener('metrics', (event) => this.guard(() => {
      pane.setMetrics(event.detail);
      this.rank();
    }));
    pane.widget.addEventListener('fatal', (event) => this.fatal(event.detail.message));
    return pane;
  }

  /** Each pane's metrics forgotten, then `change` made to its widget (they are measured anew). */
  remeasure(change) {
    for (const pane of this.list) {
      pane.setMetrics({ metrics: null });
      change(pane.widget, pane.algo);
    }
  }

  /**
   * With no steps asked for (`steps` null), every pane's run (again after new weights or options)
   * is measured over as many steps as the one that measures most (run-panel.js
   * `defaultRunSteps`), so the ranking and the strips compare like with like; then ranked.
   */
  alignRunLengths(steps) {
    if (steps == null) {
      const lengths = this.list.map((pane) => defaultRunSteps(pane.widget.engine));
      const common = Math.max(...lengths.filter((length) => length != null));
      this.list.forEach((pane, i) => {
        const length = Number.isFinite(common) && lengths[i] !== common ? common : null;
        if (pane.widget.runState.runSteps !== length) pane.widget.setRun({ steps: length }, { commit: false });
      });
    }
    this.rank();
  }

  rank() {
    renderRanking({ table: this.el.ranking, note: this.el.rankingNote }, this.list);
  }
}
