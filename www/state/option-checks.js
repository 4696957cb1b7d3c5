// The run options that engine.js `normaliseOptions` would quietly replace by their defaults when
// wrong (an unknown algorithm, tie or subtract rule, a request rate, worker count or try limit
// out of range), as the <swrr-viz> element's attributes or the page's link give them: the core is asked
// about each instead, so the element and the page can say which is wrong in the core's own
// coded message (`choice.algorithm`, `options.traffic`, …), worded like every other; so too a
// link's seed and measured steps (`analysisRefusal`, `checkRunSteps`).

import { Analysis, Walkthrough } from '../pkg/swrr_viz.js';
import { DEFAULT_OPTIONS } from '../engine.js';
import { coreError } from '../core-words.js';

/** The options checked: words, and counts the core reads from their digits (quoting other text). */
const CHECKED = ['algo', 'tie', 'subtract', 'rate', 'workers', 'tries'];

/**
 * The core's refusal of `text` for option `key`, tried alone on a one-node run (every other
 * option at its default), or null when it takes it.
 */
function refusal(key, text) {
  try {
    Walkthrough.withOptions('1', { [key]: text }).free();
    return null;
  } catch (error) {
    if (error instanceof WebAssembly.RuntimeError) throw error;
    return error;
  }
}

/**
 * The options `asked` (the element's attributes as state.js `decodeAttributes` reads them, or a
 * link's as `decodeState` does) with each checked option the core refuses put back to its value
 * in `good` (the last one in effect), and the core's errors for them by option key. An empty
 * value counts as absent. The core must be loaded.
 * @param {Record<string, unknown>} asked
 * @param {Record<string, unknown>} good
 * @returns {{options: Record<string, unknown>, refused: Map<string, Error>}}
 */
export function checkRunOptions(asked, good) {
  const options = { ...asked };
  const refused = new Map();
  for (const key of CHECKED) {
    const text = String(asked[key] ?? '').trim();
    if (text === '' || text === String(DEFAULT_OPTIONS[key])) continue;
    options[key] = text;
    const error = refusal(key, text);
    if (!error) continue;
    refused.set(key, error);
    options[key] = good[key];
  }
  return { options, refused };
}

/** The core's refusal of `options` and `steps` on a one-node analysis, or null when it takes them. */
export function analysisRefusal(options, steps) {
  try {
    Analysis.withOptions('1', options, steps).free();
    return null;
  } catch (error) {
    if (error instanceof WebAssembly.RuntimeError) throw error;
    return error;
  }
}

/**
 * The core's words for measured steps `text` (a link's `steps=`) that are not a count from 1 to
 * the page's most, `max`: text that is not a whole number is said to be so
 * (`metrics.steps_not_whole`, as the CLI's `--steps`); a whole number out of range takes the
 * core's refusal of 0 steps (`metrics.steps_out_of_range`, which names the range) about the
 * number as the link typed it and the page's range.
 */
export function checkRunSteps(text, max) {
  if (!/^\s*-?\d+\s*$/.test(text)) return coreError('metrics.steps_not_whole', { steps: `"${text}"` });
  const error = analysisRefusal({}, 0);
  return error && Object.assign(new Error(error.message), { code: error.code, params: { ...error.params, steps: text, max } });
}
