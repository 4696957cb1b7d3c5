// The <swrr-viz> element's own attributes (step, phase, speed, loop, panels, theme) and the `zone`
// switch, judged by the page in its words (`input.*`); its other run options are the core's to
// judge (option-checks.js).

import { pageError, quoted } from '../words/i18n.js';
import { DEFAULT_PANELS } from './element-attributes.js';
import { ALL_PANELS, SPEEDS, THEMES, decodeAttributes } from './state.js';

/**
 * The attributes that `checkElementAttributes` judges, in the order they are said: the element's
 * own, and `zone`, a run option whose value is a switch (state.js `zoneOf`).
 */
export const ELEMENT_CHECKED = ['step', 'phase', 'speed', 'loop', 'panels', 'theme', 'zone'];

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
 * What is wrong with the element's own attributes and `zone`, by name (an empty attribute counts
 * as absent; a `zone` with no value is on). A wrong one does nothing: the element keeps its
 * default, or after a change what was in effect; `panels` shows the panels it does name.
 * @param {(name: string) => string|null} attribute
 * @returns {Map<string, Error>}
 */
export function checkElementAttributes(attribute) {
  const refused = new Map();
  // The step, the speed and the zone as state.js reads them, which says what it refused of them.
  const read = decodeAttributes(attribute).refused;
  for (const name of ELEMENT_CHECKED) {
    const value = attribute(name);
    if (value == null || value.trim() === '') continue;
    const say = (params = {}) => refused.set(name, pageError(`input.${name}`, { input: `${name}="${quoted(value)}"`, ...params }));
    if (name === 'step' && read.t != null) say();
    if (name === 'phase' && read.phase != null) say();
    if (name === 'zone' && read.zone != null) say();
    if (name === 'speed' && read.speed != null) say({ speeds: SPEEDS });
    if (name === 'loop' && !parseLoop(value)) say();
    if (name === 'theme' && !THEMES.includes(value)) say({ themes: ['light', 'dark'] });
    if (name === 'panels') {
      const unknown = panelNames(value).filter((panel) => !ALL_PANELS.includes(panel));
      if (unknown.length) say({ unknown: unknown.map((panel) => `"${quoted(panel)}"`).join(', '), panels: ALL_PANELS });
    }
  }
  return refused;
}
