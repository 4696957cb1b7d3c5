// The walkthrough's state: the weights as typed, the run's options, the plots' run length, and
// the run the core built from them. Every change a user, a link or an attribute makes goes
// through here: the core builds the new run or refuses it (and the view says which input is
// wrong while the last good run stays). Changes flow one way: this state changes, then its view
// (the widget, widget.js) draws from it and reports the change.

import { DEFAULT_WEIGHTS, Engine, OPTION_KEYS, normaliseOptions } from '../engine.js';
import { inputError } from '../editor/input-errors.js';
import { checkRunSteps } from '../state/option-checks.js';
import { pageError, tr } from '../words/i18n.js';

/** Longest run the plots accept (the core computes at most one period of it). */
export const MAX_RUN_STEPS = 10_000_000;

/** A whole number from 1 to `max` (from a field, the URL or an attribute), else null (the default). */
export function validCount(value, max = MAX_RUN_STEPS) {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 && number <= max ? number : null;
}

/** A link's measured steps `text` that are not a count (none or empty: null), in the core's words. */
export function refusedRunSteps(text) {
  return (text ?? '') !== '' && validCount(text) == null ? checkRunSteps(text, MAX_RUN_STEPS) : null;
}

/**
 * @typedef {object} RunView  what the state asks of the widget that draws it
 * @property {(engine: import('../engine.js').Engine, t: number) => void} showRun  draw a new run from step `t`
 * @property {() => number} stepsDone  the step shown (a rebuild keeps it)
 * @property {(asked: {weights?: string, scenario?: string, seed?: string}) => void} showAsked  put what
 *   was asked from outside (a link, a story, an attribute) into its boxes, even if the core refuses it
 * @property {(failure: {kind: string, text: string, english: string}|null, clear?: {weights: boolean}) => void} showError
 *   say what the core refused (null: nothing is wrong; `weights: false` leaves the weights' message)
 * @property {() => void} showOptions  the option controls show the options in effect
 * @property {(what: string, commit: boolean) => void} changed  report a change
 * @property {(fn: () => unknown, fallback?: unknown) => unknown} guard  a panic becomes the error banner
 */

export class RunState {
  /**
   * @param {{weights?: string, runSteps?: number, runWindow?: number}} initial  and the run options
   *   (`algo`, `tie`, … as engine.js `normaliseOptions` reads them)
   * @param {RunView} view
   */
  constructor(initial, view) {
    this.view = view;
    this.text = initial.weights ?? DEFAULT_WEIGHTS;
    this.options = normaliseOptions(initial);
    this.runSteps = validCount(initial.runSteps);
    this.runWindow = validCount(initial.runWindow);
    /** The run the core built (null until the first one); `lastError` the last refusal. */
    this.engine = null;
    this.lastError = null;
  }

  /** The options in effect: the run's, as the core understood them (the scenario canonical). */
  get understood() {
    return this.engine?.options ?? this.options;
  }

  /**
   * The first run from step `t`: what was asked, else without what is wrong in it (the scenario,
   * then the seed and the dispatch seed, then every option but the tie rule, then the default weights), said where it
   * would have been typed.
   */
  start(t) {
    this.view.showAsked({ weights: this.text, scenario: this.options.scenario });
    const attempt = (text) => this.view.guard(() => this.setWeights(text, { t }), false);
    if (attempt(this.text)) return;
    const failure = this.lastError;
    const asked = this.options;
    const fallbacks = [{ ...asked, scenario: '' }, { ...asked, scenario: '', seed: '0', dispatch: '' }, { tie: asked.tie }];
    for (const fallback of fallbacks) {
      this.options = normaliseOptions(fallback);
      if (attempt(this.text)) break;
    }
    if (!this.engine) attempt(DEFAULT_WEIGHTS);
    if (failure?.kind === 'scenario') this.view.showAsked({ scenario: asked.scenario });
    if (failure?.kind === 'seed') this.view.showAsked({ seed: asked.seed });
    if (failure?.kind === 'dispatch') this.view.showAsked({ dispatch: asked.dispatch });
    if (failure) this.view.showError(failure);
  }

  /** Parses `text` in the core; on success restarts at step `t`, else says why and keeps the last good run. */
  setWeights(text, { commit = false, t = 0 } = {}) {
    let engine;
    try {
      engine = new Engine(text, this.options);
    } catch (error) {
      if (error instanceof WebAssembly.RuntimeError) throw error;
      this.lastError = inputError(error);
      this.view.showError(this.lastError);
      return false;
    }
    this.view.showError(null);
    const same = this.engine && engine.key === this.engine.key;
    this.text = text;
    if (same && t === 0) {
      // Only the spelling changed (spaces, separators): same weights, so the run goes on.
      engine.free();
    } else {
      this.engine?.free();
      this.engine = engine;
      this.view.showRun(engine, t);
    }
    this.view.changed('weights', commit);
    return true;
  }

  /**
   * An edit of the weights: typed (`commit` once finished), or made by a preset or a chip (`tidy`:
   * the box then shows them as the core writes them).
   */
  edit(text, { commit, tidy }) {
    if (commit && !tidy && text === this.text) {
      this.view.changed('weights', true); // typing already applied it; the finished edit gets a history entry
      return;
    }
    if (!this.setWeights(text, { commit })) {
      // Weights the scenario cannot run on (a chip renamed or removed a node it names): said by
      // the weights too, where the edit was made, not only under the scenario's box far below.
      const failure = this.lastError;
      if (failure?.kind === 'scenario') {
        const english = pageError('weights.scenarioRefuses', { message: failure.english }).message;
        this.view.showError({ kind: 'weights', text: tr('weights.scenarioRefuses', { message: failure.text }), english });
      }
      return;
    }
    if (!tidy) return;
    this.text = this.engine.weights.canonical;
    this.view.showAsked({ weights: this.text });
    this.view.changed('weights', commit);
  }

  /**
   * Changes the algorithm or its options (`{algo, tie, subtract, seed, scenario, …}`, any subset);
   * the run is rebuilt at the step shown. Returns whether the new options took.
   */
  setOptions(changes, { commit = true } = {}) {
    const next = normaliseOptions({ ...this.options, ...changes });
    if (this.engine && OPTION_KEYS.every((key) => next[key] === this.options[key])) {
      // Nothing new (a re-typed scenario): errors from an earlier attempt are gone.
      this.view.showError(null, { weights: false });
      this.view.showOptions();
      return true;
    }
    return this.rebuild(this.text, next, this.view.stepsDone(), commit);
  }

  /**
   * Weights, options and step together (back/forward, a pasted link, a lesson): one rebuild, so a
   * scenario that names a node of the new weights is checked against them. Nothing changes if
   * they fail; nothing is rebuilt if they are what is shown.
   */
  restore(text, options, t, { commit = false } = {}) {
    const next = normaliseOptions(options);
    const understood = this.engine?.options;
    const same = understood && OPTION_KEYS.every((key) => next[key] === understood[key]);
    if (same && text === this.text && t === this.view.stepsDone()) return true;
    this.view.showAsked({ weights: text, scenario: next.scenario });
    return this.rebuild(text, next, t, commit);
  }

  /** One of the core's presets (`listPresets()`): its weights, options, scenario and steps. */
  loadStory(preset) {
    const previousSteps = this.runSteps;
    this.runSteps = validCount(preset.steps);
    this.view.showAsked({ weights: preset.weights, scenario: preset.scenario });
    if (!this.rebuild(preset.weights, normaliseOptions(preset), 0, true)) this.runSteps = previousSteps;
  }

  /** The plots' run length and window (null: the defaults, one period and W). */
  setRun({ steps = this.runSteps, window = this.runWindow } = {}) {
    this.runSteps = validCount(steps);
    this.runWindow = validCount(window);
  }

  /** The run of `text` with `options` from step `t`; the previous options stay if the core refuses. */
  rebuild(text, options, t, commit) {
    const previous = this.options;
    this.options = options;
    const ok = this.setWeights(text, { commit, t });
    if (!ok) this.options = previous;
    this.view.showOptions();
    return ok;
  }
}
