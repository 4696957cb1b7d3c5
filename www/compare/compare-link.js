// What of compare.html's link cannot be used, and what stands instead, as on the walkthrough
// page: a step that is not a whole number, a phase that is not one of a step under way, a speed
// not offered, an unknown theme (state.js `decodeState`'s `refused`), algorithms it has not got or too few or too many of them, a tie or
// subtract rule the core refuses (state/option-checks.js), a seed the core refuses, measured steps
// that are not a count, a language the page has no words in. Each is said (widget/link-errors.js: the core's coded words where the core
// refuses it, in the page's language) until the user changes that setting, and its default stands,
// so the controls show what runs.

import { DEFAULT_OPTIONS } from '../engine.js';
import { analysisRefusal, checkRunOptions } from '../state/option-checks.js';
import { linkErrorTexts } from '../widget/link-errors.js';
import { refusedRunSteps, validCount } from '../widget/run-state.js';
import { LANGUAGES, pageError, quoted } from '../words/i18n.js';
import { parseAlgos } from './compare-algos.js';

/** The settings folded behind "More options": one of them refused unfolds it. */
const FOLDED = ['tie', 'subtract', 'seed', 'speed', 'steps'];

/** `algos=` naming too few or too many algorithms, as the algorithm picker's legend bounds them. */
function miscountedAlgos(text) {
  return pageError('compare.algosCount', { input: `algos=${quoted(text)}` });
}

/**
 * `state` (state.js `decodeState` of the link) checked, once the core is here: the settings to
 * run (`algos`, `options` {tie, subtract, seed, scenario}, `steps`) with each refused value at its
 * default, and the errors by subject (`t`, `phase`, `speed`, `theme`, `algos` and `algos:<name>`, `tie`,
 * `subtract`, `seed`, `steps`, `lang`: the link's `lang=`) in the order they are said.
 */
export function checkLink(state, lang = null) {
  const errors = { ...state.refused };
  const { algos, unknown, miscounted } = parseAlgos(state.algos);
  for (const name of unknown) errors[`algos:${name}`] = checkRunOptions({ algo: name }, DEFAULT_OPTIONS).refused.get('algo');
  if (miscounted) errors.algos = miscountedAlgos(state.algos);
  const { tie, subtract, seed, scenario } = state.options;
  const { options, refused } = checkRunOptions({ tie, subtract }, DEFAULT_OPTIONS);
  for (const [key, error] of refused) errors[key] = error;
  const seedText = String(seed ?? '').trim();
  const seedError = seedText === '' || seedText === DEFAULT_OPTIONS.seed ? null : analysisRefusal({ seed: seedText });
  if (seedError) errors.seed = seedError;
  const steps = validCount(state.steps);
  errors.steps = refusedRunSteps(state.steps);
  if (lang && !(lang in LANGUAGES)) errors.lang = pageError('input.lang', { input: `lang=${quoted(lang)}`, languages: Object.keys(LANGUAGES) });
  return {
    algos,
    options: { tie: options.tie, subtract: options.subtract, seed: seedError ? DEFAULT_OPTIONS.seed : seed, scenario },
    steps,
    errors,
  };
}

/**
 * The box under the page's title that says what of the link could not be used, a line (a span)
 * each, until what it is about changes (`forget`). `data-refused` lists the subjects said.
 */
export class LinkErrors {
  /**
   * @param {HTMLElement} box  the line
   * @param {() => void} unfold  unfolds "More options"
   */
  constructor(box, unfold) {
    this.box = box;
    this.unfold = unfold;
    this.errors = {};
  }

  /** Says `errors` (by subject, as `checkLink` gives them), and only those. */
  show(errors) {
    this.errors = Object.fromEntries(Object.entries(errors).filter(([, error]) => error != null));
    if (Object.keys(this.errors).some((subject) => FOLDED.includes(subject))) this.unfold();
    this.render();
  }

  /** What `subject` is about has changed (`algos` counts every algorithm named): it is said no more. */
  forget(subject) {
    const gone = Object.keys(this.errors).filter((key) => key === subject || key.startsWith(`${subject}:`));
    if (gone.length === 0) return;
    for (const key of gone) delete this.errors[key];
    this.render();
  }

  render() {
    const texts = linkErrorTexts(this.errors);
    this.box.replaceChildren(...texts.map((text) => Object.assign(document.createElement('span'), { textContent: text })));
    this.box.hidden = texts.length === 0;
    this.box.dataset.refused = Object.keys(this.errors).join(' ');
  }
}
