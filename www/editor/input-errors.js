// Where the walkthrough says what is wrong with weights, a scenario or a seed: under the box it
// was typed in, or — in an embed without that box — on the status line, in the page's language,
// with the core's English in `data-options-error`, which programs read.

import { isDispatchError, isScenarioError, isSeedError, scenarioMessage } from '../engine.js';
import { errorText } from '../words/i18n.js';

/**
 * The core's refusal as `{kind: 'weights'|'scenario'|'seed'|'dispatch', text, english, error}`
 * (`error` the core's own, with its code and parameters).
 */
export function inputError(error) {
  if (isScenarioError(error)) {
    return { kind: 'scenario', text: scenarioMessage(error), english: scenarioMessage(error, { english: true }), error };
  }
  const kind = isSeedError(error) ? 'seed' : isDispatchError(error) ? 'dispatch' : 'weights';
  return { kind, text: errorText(error), english: error.message, error };
}

export class InputErrors {
  /**
   * @param {HTMLElement} container  carries `data-options-error`
   * @param {{error?: HTMLElement, input?: HTMLElement, status?: HTMLElement}} el  the weights' error box and field, the status line
   * @param {{scenario: () => {showError: (message: string) => void}|null,
   *          options: () => {showFieldError: (field: string, message: string) => void}|null}} boxes
   *   the scenario's, and the option pickers with the seed and the dispatch seed, when shown
   */
  constructor(container, el, boxes) {
    this.container = container;
    this.el = el;
    this.boxes = boxes;
    /** The input whose message the status line holds (no box of its own), or null, and the message. */
    this.noted = null;
    this.notedMessage = '';
  }

  /** `message` for the weights ('' clears it). */
  weights(message, english = message) {
    if (!this.el.error) {
      this.note('weights', message, english);
      return;
    }
    this.el.error.textContent = message;
    this.el.error.hidden = message === '';
    this.el.input.setAttribute('aria-invalid', message === '' ? 'false' : 'true');
  }

  scenario(message, english = message) {
    const editor = this.boxes.scenario();
    editor?.showError(message);
    if (!editor) this.note('scenario', message, english);
  }

  seed(message, english = message) {
    this.option('seed', message, english);
  }

  dispatch(message, english = message) {
    this.option('dispatch', message, english);
  }

  /** `message` under the option picker `field` ('seed' or 'dispatch'), or on the status line without one. */
  option(field, message, english) {
    const controls = this.boxes.options();
    if (!controls) this.note(field, message, english);
    controls?.showFieldError(field, message);
  }

  /**
   * An error about `input` with no box of its own, on the status line ('' clears it, if the line
   * still says that input's: a message stays only while its input is wrong).
   */
  note(input, message, english = message) {
    if (!message) {
      if (this.noted !== input) return;
      this.noted = null;
      this.notedMessage = '';
      if (this.el.status) this.el.status.textContent = '';
      delete this.container.dataset.optionsError;
      return;
    }
    this.noted = input;
    this.notedMessage = message;
    if (this.el.status) this.el.status.textContent = message;
    this.container.dataset.optionsError = english;
  }

  /** What the status line says when nothing else is to be said: the input still wrong, if any. */
  standing() {
    return this.noted ? this.notedMessage : '';
  }
}
