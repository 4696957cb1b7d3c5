// The whole run's length and window fields above the plots: empty for the defaults (one period,
// or the core's choice for a run that does not repeat, and W), which their placeholders show.

import { tr } from '../words/i18n.js';
import { defaultRunSteps } from '../run/run-panel.js';

export class RunLengthFields {
  /**
   * @param {{steps: HTMLInputElement, window: HTMLInputElement}} el
   * @param {(fields: {steps: string, window: string}) => void} apply  a finished edit of either
   */
  constructor(el, apply) {
    this.el = el;
    el.steps.placeholder = tr('plots.defaultSteps');
    el.window.placeholder = 'W';
    const changed = () => apply({ steps: el.steps.value, window: el.window.value });
    el.steps.addEventListener('change', changed);
    el.window.addEventListener('change', changed);
  }

  /** The length and window set (null: the default). */
  render(steps, window) {
    this.el.steps.value = steps ?? '';
    this.el.window.value = window ?? '';
  }

  /** The default length of `engine`'s run as the placeholder (a scenario's run keeps the last one). */
  showDefault(engine) {
    if (engine.events.length > 0) return;
    const steps = defaultRunSteps(engine);
    this.el.steps.placeholder = steps == null ? tr('plots.defaultSteps') : String(steps);
  }
}
