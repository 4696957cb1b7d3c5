// The guided lesson: short chapters, each a ready state of the walkthrough plus a paragraph
// (the text lives in i18n.js under lesson.<id>.title / lesson.<id>.text). Every chapter has
// its own URL: #lesson=<n>. A chapter names only what differs from the defaults; its state is
// what a link with those fields gives (state.js), so a chapter and its link agree.

import { decodeState, hashOf, optionsOf, urlPosition } from '../state/state.js';

/**
 * A chapter's `t` is the step it shows and `phase` that step's phase (its drain when absent);
 * `shows` names the part of the page its text points at beyond the tanks and the narration
 * ('strip'), which presenter mode brings into view with them (classroom.js `showPointedPart`).
 * @typedef {{id: string, weights: string, t: number, phase?: 'fill'|'pick'|'drain', shows?: 'strip',
 *            algo?: string, tie?: string, subtract?: string, seed?: string, scenario?: string,
 *            speed?: number}} Chapter
 */

/** @type {Chapter[]} */
export const CHAPTERS = [
  { id: 'random', weights: '5,3,2', t: 20, algo: 'random', seed: '7', shows: 'strip' },
  { id: 'classic', weights: '5,1,1', t: 7, algo: 'classic' },
  { id: 'rules', weights: '5,3,2', t: 0 },
  { id: 'tanks', weights: '5,3,2', t: 1, phase: 'fill' },
  { id: 'subtract', weights: '5,3,2', t: 30, subtract: 'own' },
  { id: 'ties', weights: '5,3,2', t: 5, phase: 'pick' },
  { id: 'period', weights: '7,2,1', t: 10 },
  { id: 'changes', weights: '5,3,2', t: 13, scenario: '@13 C down; @23 C up' },
];

/**
 * The walkthrough's state for `chapter`, read through the URL's codec: `{weights, t, phase,
 * options}` as its link says them (`t` the steps done, `phase` the step under way's, state.js
 * `urlPosition`), with every option not named at its default.
 */
export function chapterState(chapter) {
  const { weights } = chapter;
  const { t, phase } = urlPosition({ t: chapter.t, phase: chapter.phase ?? 'drain' });
  const hash = hashOf({ weights, t, phase, ...optionsOf(chapter) });
  return decodeState(new Map(new URLSearchParams(hash.slice(1))));
}

/** The chapter for a 1-based number from the URL, or null. */
export function chapter(number) {
  const n = Number(number);
  return Number.isInteger(n) && n >= 1 && n <= CHAPTERS.length ? CHAPTERS[n - 1] : null;
}
