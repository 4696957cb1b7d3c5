// The comparison's setup fields that say what is wrong with them: the weights, the events and the
// seed, each with its error line under it, and the "More options" fold, which unfolds by itself
// when a setting in it is wrong and names those not at their defaults.

import { parseScenario, parseWeights } from '../pkg/swrr_viz.js';
import { atDefault } from '../state/state.js';
import { errorText, list, tr } from '../words/i18n.js';
import { wireFold } from './fold.js';

export class SetupFields {
  /**
   * @param {Record<string, HTMLElement>} el  the page's elements: weights, weightsError, scenario,
   *        scenarioError, moreToggle, moreOptions, moreSummary
   */
  constructor(el) {
    this.el = el;
    wireFold(el.moreToggle, (open) => this.setMore(open));
  }

  /** Whether the core takes weights `text`; says why not under the box. */
  checkWeights(text) {
    return this.check(this.el.weightsError, this.el.weights, () => parseWeights(text));
  }

  /** Whether the core takes events `text` on `weights`; says why not under the box. */
  checkScenario(weights, text) {
    return this.check(this.el.scenarioError, this.el.scenario, () => parseScenario(weights, text));
  }

  check(box, input, parse) {
    try {
      parse();
      this.showError(box, input, '');
      return true;
    } catch (error) {
      if (error instanceof WebAssembly.RuntimeError) throw error;
      this.showError(box, input, errorText(error));
      return false;
    }
  }

  /** `message` in the error line `box` of field `input` ('' clears it). */
  showError(box, input, message) {
    box.textContent = message;
    box.hidden = message === '';
    input.setAttribute('aria-invalid', message === '' ? 'false' : 'true');
    // An error in a folded setting unfolds it: the user sees which input is wrong.
    if (message !== '' && this.el.moreOptions.contains(box)) this.setMore(true);
  }

  /** Unfolds or folds the less-used settings. */
  setMore(open) {
    this.el.moreToggle.setAttribute('aria-expanded', String(open));
  }

  /** Beside "More options": the folded settings of `settings` not at their defaults, by name. */
  showMoreSummary({ options, steps, speed }) {
    const changed = [
      ['tie', options.tie, 'tie.label'],
      ['subtract', options.subtract, 'subtract.label'],
      ['seed', options.seed, 'seed.label'],
      ['speed', speed, 'controls.speed'],
      ['steps', steps, 'compare.steps'],
      ['scenario', options.scenario, 'scenario.label'],
    ].filter(([field, value]) => !atDefault(field, value)).map(([, , key]) => tr(key));
    this.el.moreSummary.textContent = changed.length ? list(changed) : '';
  }
}
