// The run options that engine.js `normaliseOptions` would quietly replace by their defaults when
// wrong (an unknown algorithm, tie or subtract rule, a request rate or worker count out of
// range), as the <swrr-viz> element's attributes or the page's link give them: the core is asked
// about each instead, so the element and the page can say which is wrong in the core's own
// coded message (`choice.algorithm`, `options.traffic`, …), worded like every other. The element's own attributes (step, speed,
// loop, panels, theme) are the page's to judge, in its words (`input.*`).

import { Walkthrough } from '../pkg/swrr_viz.js';
import { DEFAULT_OPTIONS } from '../engine.js';
import { pageError } from '../words/i18n.js';
import { DEFAULT_PANELS } from './element-attributes.js';
import { ALL_PANELS, SPEEDS, THEMES, decodeAttributes } from './state.js';

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
 * The options `asked` (as state.js `decodeAttributes` reads the attributes) with each checked
 * option the core refuses put back to its value in `good` (the last one in effect), and the
 * core's errors for them by option key. An empty attribute counts as absent. The core must be
 * loaded.
 * @param {Record<string, unknown>} asked
 * @param {Record<string, unknown>} good
 * @returns {{options: Record<string, unknown>, refused: Map<string, Error>}}
 */
export function checkAttributeOptions(asked, good) {
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

/** The element's own attributes that `checkElementAttributes` judges, in the order they are said. */
export const ELEMENT_CHECKED = ['step', 'speed', 'loop', 'panels', 'theme'];

/** `loop="FROM-TO"` (an en dash too): the two steps, or null when the text is no such range. */
export function parseLoop(value) {
  const match = /^\s*(\d+)\s*[-–]\s*(\d+)\s*$/.exec(value ?? '');
  if (!match) return null;
  const [from, to] = [Number(match[1]), Number(match[2])];
  return to > from ? [from, to] : null;
}

/** The names of `panels="…"`, split at spaces and commas. */
const panelNames = (value) => (value ?? '').split(/[\s,]+/).filter((name) => name !== '');

/** The panels `panels="…"` names that exist, in its order; none: the element's defaults. */
export function parsePanels(value) {
  const asked = panelNames(value).filter((name) => ALL_PANELS.includes(name));
  return asked.length ? asked : DEFAULT_PANELS;
}

/**
 * What is wrong with the element's own attributes, by name (an empty attribute counts as
 * absent). A wrong one does nothing: the element keeps its default, or after a change what was
 * in effect; `panels` shows the panels it does name.
 * @param {(name: string) => string|null} attribute
 * @returns {Map<string, Error>}
 */
export function checkElementAttributes(attribute) {
  const refused = new Map();
  // The step and the speed as state.js reads them, which says what it refused of them.
  const read = decodeAttributes(attribute).refused;
  for (const name of ELEMENT_CHECKED) {
    const value = attribute(name);
    if (value == null || value.trim() === '') continue;
    const say = (params = {}) => refused.set(name, pageError(`input.${name}`, { input: `${name}="${value}"`, ...params }));
    if (name === 'step' && read.t != null) say();
    if (name === 'speed' && read.speed != null) say({ speeds: SPEEDS });
    if (name === 'loop' && !parseLoop(value)) say();
    if (name === 'theme' && !THEMES.includes(value)) say({ themes: ['light', 'dark'] });
    if (name === 'panels') {
      const unknown = panelNames(value).filter((panel) => !ALL_PANELS.includes(panel));
      if (unknown.length) say({ unknown: unknown.map((panel) => `"${panel}"`).join(', '), panels: ALL_PANELS });
    }
  }
  return refused;
}
