// The run options that engine.js `normaliseOptions` would quietly replace by their defaults when
// wrong (an unknown algorithm, tie or subtract rule, a request rate or worker count out of
// range), as the <swrr-viz> element's attributes or the page's link give them: the core is asked
// about each instead, so the element and the page can say which is wrong in the core's own
// coded message (`choice.algorithm`, `options.traffic`, …), worded like every other.

import { Walkthrough } from '../pkg/swrr_viz.js';
import { DEFAULT_OPTIONS } from '../engine.js';

/** The options checked: words, and counts the core reads from their digits (quoting other text). */
const CHECKED = ['algo', 'tie', 'subtract', 'rate', 'workers'];

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
