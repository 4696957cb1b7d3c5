// Where the walkthrough is: "step t · period k · step offset of P" and the phase badge (fill,
// pick, drain, or the algorithm's own names for them).

import { algorithmFamily, atStep } from '../engine.js';
import { has, tr } from '../words/i18n.js';

export class PositionDisplay {
  /** @param {ParentNode} scope  where `#position` and `#phase-badge` are */
  constructor(scope) {
    this.el = { position: scope.querySelector('#position'), phaseBadge: scope.querySelector('#phase-badge') };
  }

  /**
   * Before the core: the step the walkthrough will start at, and its phase in `algorithm`'s words
   * (the period's words need the run).
   */
  idle(t, algorithm) {
    this.el.position.textContent = tr('controls.stepOf', { t });
    this.showPhase(atStep(t).phase, algorithm);
  }

  /**
   * Shows step `t` at `phase` of `engine`'s run (`{algorithm, period, runPeriod}`: algorithm null
   * for the comparison's panes together, whose phases keep their plain names).
   */
  render(t, phase, engine) {
    const { position } = this.el;
    this.showPhase(phase, engine.algorithm);
    const step = tr('controls.stepOf', { t });
    // A run that does not repeat has no periods to count.
    if (engine.runPeriod == null) {
      position.textContent = step;
      return;
    }
    const { period } = engine;
    const offset = t === 0 ? 0 : ((t - 1) % period) + 1;
    const k = t === 0 ? 1 : Math.floor((t - 1) / period) + 1;
    // Two parts, so that a line too narrow for both breaks between them rather than in one.
    const part = (text) => Object.assign(document.createElement('span'), { className: 'position-part', textContent: text });
    position.replaceChildren(part(step), ' · ', part(tr('controls.periodOf', { k, offset, period })));
  }

  /** The phase badge: `phase` in `algorithm`'s words, where it has its own, else the catalog's (`figure.phase_*`). */
  showPhase(phase, algorithm) {
    const { phaseBadge } = this.el;
    phaseBadge.dataset.phase = phase;
    const algoPhase = algorithm && `phase.${algorithmFamily(algorithm)}.${phase}`;
    phaseBadge.textContent = tr(algoPhase && has(algoPhase) ? algoPhase : `core.figure.phase_${phase}`);
  }
}
