// The <swrr-viz> element's attributes: each one's name, what it accepts and its default. The
// element observes exactly these (swrr-viz.js), and the attribute tables of docs/EMBEDDING.md and
// npm/README.md are generated from this list (scripts/element-docs.mjs; a test fails when they
// differ), so the docs say what the element reads.

import { ALGORITHMS, DEFAULT_OPTIONS, DEFAULT_WEIGHTS, MAX_RATE, MAX_TRIES, MAX_WORKERS } from '../engine.js';
import { ALL_PANELS, DEFAULT_SPEED, SPEEDS } from './state.js';

/** The panels an element shows without a `panels` attribute. */
export const DEFAULT_PANELS = ['tanks', 'explain', 'controls'];

const code = (value) => `\`${value}\``;
const either = (values) => values.map(code).join(' · ');

/**
 * @typedef {{name: string, accepts: string, default: string|null, absent?: string}} Attribute
 * `accepts` in Markdown; `default`: the value in effect without the attribute, or null when
 * leaving it out is no value of it (`absent` then says what it means).
 */

/** @type {Attribute[]} Every attribute the element reads, in the order the docs list them. */
export const ATTRIBUTES = [
  { name: 'weights', accepts: `weights, as the page and the CLI read them: ${either(['5,3,2', 'A=5 B=3 C=2', '1:3:0.5', '50%,30%,20%'])}`, default: DEFAULT_WEIGHTS },
  { name: 'step', accepts: 'the step shown, a whole number', default: '0' },
  { name: 'phase', accepts: '`fill` · `pick`: the step shown stops at that phase, before its drain (`step="6" phase="pick"`: step 6 with its winner marked, as `data-step` and `data-phase` then read); `drain` as absent; at step 0, none', default: null, absent: 'the step whole, after its drain' },
  { name: 'panels', accepts: `any of ${either(ALL_PANELS)}, separated by spaces`, default: DEFAULT_PANELS.join(' ') },
  { name: 'algorithm', accepts: either(ALGORITHMS), default: DEFAULT_OPTIONS.algo },
  { name: 'algo', accepts: 'the same as `algorithm`, which wins when both are set', default: DEFAULT_OPTIONS.algo },
  { name: 'tie', accepts: '`first` (nginx: the first of the tied nodes in list order wins) · `last`', default: DEFAULT_OPTIONS.tie },
  { name: 'subtract', accepts: '`total` (nginx: the winner gives back the total of all weights) · `own` (a broken variant: its own weight)', default: DEFAULT_OPTIONS.subtract },
  { name: 'seed', accepts: 'digits only (e.g. `42`): `random`\'s seed; where `grpc` and `grpc-java` start their sequence counter; `envoy`\'s seed (the picks `createWithPicks` makes first)', default: DEFAULT_OPTIONS.seed },
  { name: 'scenario', accepts: 'events on the timeline, as the CLI\'s `--scenario`: e.g. `@13 C down; @23 C up`', default: null, absent: 'no events' },
  { name: 'rate', accepts: `nginx SWRR's requests per second, a whole number 1–${MAX_RATE} (\`fail_timeout\` counts seconds)`, default: String(DEFAULT_OPTIONS.rate) },
  { name: 'workers', accepts: `nginx worker processes, 1–${MAX_WORKERS}: each with its own SWRR state unless \`zone\``, default: String(DEFAULT_OPTIONS.workers) },
  { name: 'zone', accepts: 'present with no value, `zone` or `true` (or `1`): the workers share one state, as with nginx\'s `zone` directive; `false` (or `0`) as absent', default: null, absent: 'each worker its own state' },
  { name: 'dispatch', accepts: 'digits only: the seed of a draw that sends each request to a worker (other text is refused with a message, and the last good one stays: at first, the workers in turn)', default: null, absent: 'the workers in turn' },
  { name: 'tries', accepts: `nginx SWRR's attempts per request, a whole number 0–${MAX_TRIES}, as nginx's \`proxy_next_upstream_tries\`: a request whose last try fails answers 502 (\`proxy_next_upstream off\` is \`1\`); \`0\`: as many as servers not down`, default: String(DEFAULT_OPTIONS.tries) },
  { name: 'speed', accepts: `steps per second: ${SPEEDS.join(', ')}`, default: String(DEFAULT_SPEED) },
  { name: 'autoplay', accepts: 'present (no value): plays once the element is visible', default: null, absent: 'waits for Play' },
  { name: 'loop', accepts: '`from-to`, e.g. `0-102`: playing wraps from step `to` back to step `from`', default: null, absent: 'plays on' },
  { name: 'theme', accepts: '`light` · `dark`', default: null, absent: 'the reader\'s system setting' },
];

/** The attribute names, as `observedAttributes` wants them. */
export const ATTRIBUTE_NAMES = ATTRIBUTES.map((attribute) => attribute.name);
