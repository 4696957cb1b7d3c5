// What a user sets, with its defaults, and the one codec between it and the URL hash. The page
// (app.js), the comparison (compare.js), their links to each other, the share dialog's snippets,
// the <swrr-viz> element's attributes and the lesson's chapters read and write it through here,
// so its layout is written once:
//   #w=<weights>&t=<steps done>&phase=fill|pick&speed=<steps/s>&<option>=<value>…
//    &steps=<measured steps>&win=<window>&theme=light|dark&algos=<a,b,…>
// where `phase` is written only while a step is under way: `t=4&phase=pick` is step 5 at its
// pick (four steps done), `t=4` alone step 4 whole, so `t` is the steps done in both.
// where each run option (engine.js DEFAULT_OPTIONS: algo, tie, subtract, seed, scenario, …) has
// its own name as its key, a switch written `1`. A field at its default is left out; keys this
// file does not know (the classroom's `present`, `lesson`, `quiz`…; `embed`, `panels`) are kept.
// The element's attributes are the same fields under their own names (ATTRIBUTE_NAMES).

import { DEFAULT_OPTIONS, DEFAULT_WEIGHTS } from '../engine.js';
import { hashText, readHash } from './url-state.js';

export const THEMES = ['auto', 'light', 'dark'];
/** Steps per second offered by the speed control. At or below PHASED_UP_TO, play shows phases. */
export const SPEEDS = [0.5, 1, 2, 4, 10, 30, 100, 300];
export const DEFAULT_SPEED = 1;
export const PHASED_UP_TO = 2;
/** Whether play at `rate` steps/s shows the fill, pick and drain phases one by one. */
export function isPhased(rate) {
  return rate <= PHASED_UP_TO;
}
/** The phases a link names (`phase=`): those of a step under way, the one after the `t` done. */
export const URL_PHASES = ['fill', 'pick'];

/**
 * The URL's `{t, phase}` for a walkthrough position (`{t, phase}`, phase `start`, `fill`, `pick`
 * or `drain`): `t` the steps done, `phase` the step under way's (null after a drain or at the start).
 */
export function urlPosition({ t, phase }) {
  return URL_PHASES.includes(phase) ? { t: t - 1, phase } : { t, phase: null };
}

/** The walkthrough position a URL's `t` (steps done) and `phase` (null, `fill` or `pick`) say. */
export function positionOf({ t, phase }) {
  if (URL_PHASES.includes(phase)) return { t: t + 1, phase };
  return t === 0 ? { t: 0, phase: 'start' } : { t, phase: 'drain' };
}

/** Every panel a widget can show, in page order. */
export const ALL_PANELS = ['editor', 'tanks', 'explain', 'controls', 'scenario', 'strip', 'table', 'plots'];
/** The comparison's panes when `algos=` does not say. */
export const DEFAULT_ALGOS = ['swrr', 'classic', 'interleaved', 'edf'];

/** Each field: its key in the hash and its default (left out of the URL). */
const FIELDS = {
  weights: ['w', null],
  t: ['t', 0],
  phase: ['phase', null],
  speed: ['speed', DEFAULT_SPEED],
  ...Object.fromEntries(Object.entries(DEFAULT_OPTIONS).map(([name, value]) => [name, [name, value]])),
  steps: ['steps', null],
  window: ['win', null],
  theme: ['theme', 'auto'],
  algos: ['algos', DEFAULT_ALGOS.join(',')],
};

/** A value as the URL writes it: a list with commas, a switch as 1 or 0. */
function textOf(value) {
  if (Array.isArray(value)) return value.join(',');
  if (typeof value === 'boolean') return value ? '1' : '0';
  return String(value);
}

/** The run options of `state` (each of engine.js DEFAULT_OPTIONS), for `encodeState`. */
export function optionsOf(state) {
  return Object.fromEntries(Object.keys(DEFAULT_OPTIONS).map((name) => [name, state[name]]));
}

/**
 * The state in `hash` (a Map from url-state.js `readHash`). Options come as typed (the engine's
 * `normaliseOptions` and the core judge them, and say what is wrong); a step that is not a whole
 * number is 0, an unknown speed or theme is the default, each with its text in `refused`
 * (`{t, speed, theme, phase, zone}`, those that are wrong). `phase` is `fill` or `pick` when the
 * link names one with a valid step, else null (the step whole). `zone`, a switch, reads as the
 * element's attribute does (`zoneOf`).
 * @param {Map<string, string>} [hash]
 * @param {{weights?: string}} [defaults]  the weights when `w=` is absent (the comparison has its own)
 */
export function decodeState(hash = readHash(), { weights = DEFAULT_WEIGHTS } = {}) {
  const tText = hash.get('t') ?? '0';
  // Beyond 2^53 a number is no longer exact in JavaScript (…993 would be read as …992): such a
  // step is refused as it was typed, as one of 17 digits is (the core reaches at most 10^15).
  const valid = /^\d{1,16}$/.test(tText) && Number.isSafeInteger(Number(tText));
  const speedText = hash.get('speed');
  const speed = Number(speedText);
  const theme = hash.get('theme');
  const refused = {};
  if (!valid) refused.t = tText;
  if (speedText != null && !SPEEDS.includes(speed)) refused.speed = speedText;
  if (theme != null && !THEMES.includes(theme)) refused.theme = theme;
  // `phase=drain` is the step whole, as no phase is.
  const phaseText = hash.get('phase');
  if (phaseText != null && !URL_PHASES.includes(phaseText) && phaseText !== 'drain') refused.phase = phaseText;
  const zoneText = hash.get('zone');
  if (zoneText != null && zoneOf(zoneText) == null) refused.zone = zoneText;
  return {
    weights: hash.get('w') ?? weights,
    t: valid ? Number(tText) : 0,
    phase: valid && URL_PHASES.includes(hash.get('phase')) ? hash.get('phase') : null,
    refused,
    speed: SPEEDS.includes(speed) ? speed : DEFAULT_SPEED,
    options: Object.fromEntries(Object.entries(DEFAULT_OPTIONS).map(([name, fallback]) => {
      const text = hash.get(name);
      if (text == null) return [name, fallback];
      return [name, typeof fallback === 'boolean' ? zoneOf(text) ?? fallback : text];
    })),
    steps: hash.get('steps') ?? null,
    window: hash.get('win') ?? null,
    theme: THEMES.includes(theme) ? theme : 'auto',
    algos: hash.get('algos') ?? null,
  };
}

/**
 * Writes the fields of `state` ({weights, t, speed, algo, …, in the order given}) into `entries`
 * under their keys, a field at its default as '' (url-state.js `writeHash` leaves those out);
 * `phase` right after `t` (`placePhase`).
 * @param {Record<string, unknown>} state
 * @param {Map<string, string>} [entries]  the hash as it is (other keys kept)
 * @returns {Map<string, string>}
 */
export function encodeState(state, entries = new Map(readHash())) {
  for (const [field, value] of Object.entries(state)) {
    if (!(field in FIELDS)) throw new Error(`state.js: no URL key for ${field}`);
    entries.set(FIELDS[field][0], atDefault(field, value) ? '' : textOf(value));
  }
  if ('phase' in state) placePhase(entries);
  return entries;
}

/**
 * Moves `phase` in `entries` to stand right after `t` (after `w` while no step is done and `t`
 * is left out), wherever the hash had it, so a link reads `…&t=4&phase=pick&present=1`; every
 * other key keeps its place.
 */
function placePhase(entries) {
  const phase = entries.get('phase');
  const anchor = ['t', 'w'].find((key) => entries.get(key));
  if (!phase || !anchor) return;
  const others = [...entries].filter(([key]) => key !== 'phase');
  entries.clear();
  for (const [key, value] of others) {
    entries.set(key, value);
    if (key === anchor) entries.set('phase', phase);
  }
}

/** Whether `value` is `field`'s default (or unset): what a URL leaves out. */
export function atDefault(field, value) {
  const fallback = FIELDS[field][1];
  return value == null || (fallback != null && textOf(value) === textOf(fallback));
}

/**
 * `#…` for a link to a page in `state` (a field at its default left out), with the keys of
 * `more` that have a value (the page's language, `lang`, chosen in the URL).
 */
export function hashOf(state, more = {}) {
  const entries = encodeState(state, new Map());
  for (const [key, value] of Object.entries(more)) if (value) entries.set(key, value);
  return hashText(entries);
}

/** The <swrr-viz> attribute of each URL key the element reads under another name (element-attributes.js lists them all). */
const ATTRIBUTE_NAMES = { w: 'weights', t: 'step', algo: 'algorithm' };
/**
 * The URL keys an element has attributes for: the run, its step, phase and speed. The element's
 * `phase` is that of the step it names (`step="6" phase="pick"`), where a link's is that of the
 * step after its `t` (`t=5&phase=pick`): share-dialog.js writes each from the position shown.
 */
const ELEMENT_KEYS = ['w', 't', 'phase', 'speed', ...Object.keys(DEFAULT_OPTIONS)];

/**
 * The state an element's attributes set, as `decodeState` reads a hash: `attribute(name)` is an
 * attribute's value or null; `algorithm` wins over its alias `algo`; `zone` is a switch
 * (`zoneOf`), its value refused in `refused.zone` when it is none.
 * @param {(name: string) => string|null} attribute
 */
export function decodeAttributes(attribute) {
  const hash = new Map();
  let zoneRefused = null;
  for (const key of ELEMENT_KEYS) {
    const value = attribute(ATTRIBUTE_NAMES[key] ?? key) ?? (key === 'algo' ? attribute('algo') : null);
    if (value == null) continue;
    if (key !== 'zone') hash.set(key, value);
    else if (zoneOf(value) == null) zoneRefused = value;
    else hash.set(key, zoneOf(value) ? '1' : '0');
  }
  const state = decodeState(hash);
  if (zoneRefused != null) state.refused.zone = zoneRefused;
  return state;
}

/**
 * The `zone` attribute's switch: on when present with no value or as its own name (as an HTML
 * boolean attribute is written, any case), `true` or `1`; off for `false` or `0`; null for any
 * other value (`decodeAttributes` says it in `refused.zone`, and the zone is off).
 * @param {string} value
 * @returns {boolean|null}
 */
export function zoneOf(value) {
  const text = value.trim().toLowerCase();
  if (['', 'zone', 'true', '1'].includes(text)) return true;
  return ['false', '0'].includes(text) ? false : null;
}

/**
 * The element's attributes for the fields of `state` (as `encodeState` takes them), in the order
 * given, those at their default left out: `[[name, value]]`.
 */
export function attributesOf(state) {
  return [...encodeState(state, new Map())]
    .filter(([, text]) => text !== '')
    .map(([key, text]) => [ATTRIBUTE_NAMES[key] ?? key, key === 'zone' ? 'true' : text]);
}
