// What of a link the page could not use, worded: a step that is not a whole number, a phase
// that is not one of a step under way, a speed not offered, an unknown theme, a zone neither on
// nor off (state.js `decodeState`'s `refused`, as the link typed them), and a run option or
// measured steps the core refuses (state/option-checks.js, the core's coded error).

import { ALL_PANELS, SPEEDS } from '../state/state.js';
import { MAX_RUN_STEPS } from './run-state.js';
import { errorText, pageError, quoted } from '../words/i18n.js';

/**
 * The page's errors for the link's own keys, from the text it typed (quoted as the core quotes
 * it: `phase=%00` is said `phase=\u{0}`, not with a NUL in the line).
 */
const PAGE_ERRORS = {
  t: (text) => pageError('input.step', { input: `t=${quoted(text)}` }),
  phase: (text) => pageError('input.phase', { input: `phase=${quoted(text)}` }),
  speed: (text) => pageError('input.speed', { input: `speed=${quoted(text)}`, speeds: SPEEDS }),
  theme: (text) => pageError('input.theme', { input: `theme=${quoted(text)}`, themes: ['light', 'dark'] }),
  zone: (text) => pageError('input.zone', { input: `zone=${quoted(text)}` }),
};

/** The page's error for a link's `win=` (`text`) that is not a window (run-state.js `validCount`). */
export function windowError(text) {
  return pageError('input.window', { input: `win=${quoted(text)}`, max: MAX_RUN_STEPS });
}

/** The page's error for a link's `panels=` (`text`) naming what is no panel (`unknown`, its names). */
export function panelsError(text, unknown) {
  return pageError('input.panels', { input: `panels=${quoted(text)}`, unknown: unknown.map((name) => `"${quoted(name)}"`).join(', '), panels: ALL_PANELS });
}

/** The link's own keys, in the order they are said, before the run options' errors. */
export const LINK_KEYS = Object.keys(PAGE_ERRORS);

/**
 * `errors` (`{t, speed, theme}` as typed; a run option's key → the core's Error) as sentences
 * in the current language, the link's own keys first.
 */
export function linkErrorTexts(errors) {
  const subjects = [...LINK_KEYS.filter((key) => key in errors), ...Object.keys(errors).filter((key) => !LINK_KEYS.includes(key))];
  return subjects.map((subject) => errorText(PAGE_ERRORS[subject]?.(errors[subject]) ?? errors[subject]));
}
