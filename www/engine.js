// A thin wrapper over the core's Walkthrough: positions are (step, phase) and each position
// becomes a `View` — every number in it comes from the core.

import { ALGORITHMS, DETAIL_LIMIT, MAX_RATE, MAX_TEXT_SCALE, MAX_TRIES, MAX_WORKERS, TEXT_LIMIT } from './core-facts.js';
import { message } from './words/i18n.js';
import init, { Walkthrough, limits } from './pkg/swrr_viz.js';

/**
 * The core's algorithms (`listAlgorithms`), nginx SWRR's traffic bounds (requests per second,
 * worker processes, tries per request) and its limits for the pictures, for reading the URL and laying the page out
 * before the core is here: written from the built wasm by scripts/build-core-facts.mjs.
 */
export { ALGORITHMS, DETAIL_LIMIT, MAX_RATE, MAX_TEXT_SCALE, MAX_TRIES, MAX_WORKERS, TEXT_LIMIT };

export const PHASES = ['fill', 'pick', 'drain'];
/** The algorithms that read the seed: random's draws, gRPC's counter start, Envoy's seed_. */
export const SEEDED = ['random', 'grpc', 'grpc-java', 'envoy'];
/** Steps the page compares Envoy's picks with exact EDF's (`Walkthrough.departure`). */
export const DEPARTURE_HORIZON = 100_000;

/** The algorithm whose words (phases, rules, narration) an algorithm shares: grpc-java gRPC's. */
export function algorithmFamily(algo) {
  return algo === 'grpc-java' ? 'grpc' : algo;
}
/** Whether `algo` is nginx SWRR, the one algorithm with levels (the tanks); the others draw their own picture. */
export function hasLevels(algo) {
  return algo === 'swrr';
}
/**
 * Whether the options' nginx worker processes each keep their own SWRR state, so the page draws
 * each one's tanks: several workers and no shared `zone`, on an algorithm with levels.
 */
export function workersApart({ algo, workers, zone }) {
  return hasLevels(algo) && workers > 1 && !zone;
}
/**
 * The nodes' names as a sentence or a table's words hold them: the core's `sentence` where it
 * differs from the name (isolated, in a right-to-left script, so the numbers after it keep their order).
 */
export function sentenceNames(nodes) {
  return nodes.map((node) => node.sentence ?? node.name);
}
/** Weights a run starts with when none are given. */
export const DEFAULT_WEIGHTS = '5,3,2';
/**
 * How many nodes the core will make of the weights `text`, counted before it is here to lay the
 * page out: its items as the core splits them, but for its rarer forms (an item split at `:`
 * around an `=`), where a count off by one costs at most a row of the layout.
 */
export function countItems(text) {
  return weightItems(text).length;
}
function weightItems(text) {
  return text.replace(/\s*=\s*/g, '=').split(/[\s,;:]+/).filter(Boolean);
}
/**
 * Whether the weights `text` are certainly all equal before the core has read them: every item's
 * number (after a name's `=`) written alike. Envoy then picks round robin by index, with no queue.
 */
export function writtenAlike(text) {
  const numbers = weightItems(text).map((item) => item.slice(item.indexOf('=') + 1));
  return numbers.length > 0 && numbers.every((number) => number === numbers[0]);
}
/** Options as a run starts with them; what differs goes to the URL. */
export const DEFAULT_OPTIONS = Object.freeze({
  algo: 'swrr', tie: 'first', subtract: 'total', seed: '0', scenario: '', rate: 1, workers: 1, zone: false, dispatch: '', tries: 0,
});
/** A whole number in 1..max from a field, the URL or an attribute, else the default 1. */
function count(value, max) {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 && number <= max ? number : 1;
}
/** A whole number in 0..max (tries: 0 is no limit), else 0. */
function tries(value, max) {
  const number = Number(value);
  return Number.isInteger(number) && number >= 0 && number <= max && String(value ?? '').trim() !== '' ? number : 0;
}
/** The prefix the core puts on a refused scenario (see docs/EMBEDDING.md, "From JavaScript"). */
const SCENARIO_ERROR = 'invalid scenario: ';

/**
 * Options from a URL, an attribute or a control, made safe for `Walkthrough.withOptions`:
 * unknown algorithms and rules fall back to the defaults, and so does a rate, a worker count or
 * a try limit out of range; the seed, the scenario and the dispatch seed go to the core as typed (it refuses
 * them with a message if they are wrong). `dispatch`: '' for the workers in turn.
 */
export function normaliseOptions(options = {}) {
  const seed = String(options.seed ?? '').trim();
  const dispatch = String(options.dispatch ?? '').trim();
  return {
    algo: ALGORITHMS.includes(options.algo) ? options.algo : 'swrr',
    tie: options.tie === 'last' ? 'last' : 'first',
    subtract: options.subtract === 'own' ? 'own' : 'total',
    seed: seed === '' ? '0' : seed,
    scenario: String(options.scenario ?? ''),
    rate: count(options.rate, MAX_RATE),
    workers: count(options.workers, MAX_WORKERS),
    zone: options.zone === true || options.zone === 'true' || options.zone === '1',
    dispatch,
    tries: tries(options.tries, MAX_TRIES),
  };
}

/** The options' keys, in the order a run's key lists them. */
export const OPTION_KEYS = Object.keys(DEFAULT_OPTIONS);

/**
 * Plain SWRR's period counted before the core is here, for the rows its table will hold: the
 * weights' total over their greatest common divisor, when every weight is written as a whole
 * number and the options are those of plain SWRR (no other algorithm, rule, scenario or
 * traffic); else null.
 */
export function writtenPeriod(text, options) {
  const plain = OPTION_KEYS.every((key) => key === 'tie' || key === 'seed' || options[key] === DEFAULT_OPTIONS[key]);
  const numbers = weightItems(text).map((item) => item.slice(item.indexOf('=') + 1));
  if (!plain || numbers.length === 0 || !numbers.every((number) => /^\d{1,12}$/.test(number))) return null;
  const weights = numbers.map(Number);
  const gcd = (a, b) => (b === 0 ? a : gcd(b, a % b));
  const divisor = weights.reduce(gcd, 0);
  return divisor === 0 ? null : weights.reduce((a, b) => a + b, 0) / divisor;
}

/** Whether a core error is about the scenario text (the weights parsed): code `options.scenario`. */
export function isScenarioError(error) {
  return error?.code === 'options.scenario' || String(error?.message ?? '').startsWith(SCENARIO_ERROR);
}

/** Whether a core error is about the dispatch seed: code `options.dispatch`. */
export function isDispatchError(error) {
  return error?.code === 'options.dispatch';
}

/** Whether a core error is about the seed: codes `options.seed_*`. */
export function isSeedError(error) {
  return String(error?.code ?? '').startsWith('options.seed') || /^seed /.test(String(error?.message ?? ''));
}

/**
 * The core's scenario message without its prefix, in the page's language (the message inside
 * the `options.scenario` error), or in the core's English with `{english: true}`.
 */
export function scenarioMessage(error, { english = false } = {}) {
  const inner = error?.code === 'options.scenario' ? error.params?.error : null;
  if (inner) return english ? String(inner.text) : message(inner);
  const text = String(error?.message ?? error);
  return text.startsWith(SCENARIO_ERROR) ? text.slice(SCENARIO_ERROR.length) : text;
}

let loading = null;
/** Loads the wasm core once, however many widgets ask. */
export function ready(options) {
  loading ??= init(options);
  return loading;
}
let limitsMemo = null;
/**
 * The core's limits the page's rules use once the core is here (`limits()`: textLimit,
 * detailLimit, rangeScanWork, listedNodes, listedDraws, maxRate, maxWorkers, maxTries, stripSteps,
 * maxTextScale).
 */
export function coreLimits() {
  limitsMemo ??= limits();
  return limitsMemo;
}

/**
 * @typedef {{t: number, phase: 'start'|'fill'|'pick'|'drain'}} Position
 * @typedef {{t: number, before: number[], filled: number[], drained: number[], total: number, winner: number|null, tied: number[], request: object|null}} Step
 * @typedef {{code: string, params: object}} Said  a coded sentence of the core (src/wasm/narration_view.rs)
 * @typedef {{position: Position, levels: number[], picks: number[], step: Step|null, sum: number, narration?: Said[], requestMarks?: (string|null)[], workerLevels?: number[][], worker?: number|null}} View
 */

export class Engine {
  /**
   * Throws the core's Error (English `message`, plus `code` and `params` for `errorText`) when
   * the text is not valid weights, an option is wrong, or the scenario is (code
   * `options.scenario`, message prefixed "invalid scenario: "; see `scenarioMessage`).
   * @param {string} text  weights text
   * @param {string|object} options  a tie rule, or `{algo, tie, subtract, seed, scenario}`
   */
  constructor(text, options = {}) {
    const asked = normaliseOptions(typeof options === 'string' ? { tie: options } : options);
    this.walkthrough = Walkthrough.withOptions(text, { ...asked, dispatch: asked.dispatch || undefined });
    this.text = text;
    this.tie = asked.tie;
    /** The options as the core understood them (`scenario` canonical, `seed` digits). */
    const understood = this.walkthrough.options();
    this.options = { ...understood, dispatch: understood.dispatch ?? '' };
    /** Steps are attempts of requests (failures, backup servers, workers): see `view().step.request`. */
    this.modelsRequests = this.walkthrough.modelsRequests;
    this.algorithm = this.options.algo;
    this.weights = this.walkthrough.weights();
    /** The period when the run repeats from step 0, else null (random, "own", scenarios). */
    this.runPeriod = this.walkthrough.runPeriod ?? null;
    this.events = this.walkthrough.events();
    /** The largest weight each node takes in the run (a scenario may raise it): the widest `+w`. */
    this.largestWeights = this.walkthrough.largestWeights();
    this.notes = this.walkthrough.notes();
    this.initialState = this.walkthrough.state();
    // The tanks' vertical scale: one period, within the core's budget of node updates.
    let budget = Math.max(1, Math.floor(coreLimits().rangeScanWork / Math.max(1, this.weights.nodes.length)));
    if (this.runPeriod == null) {
      // A run that does not repeat ("own" climbs for ever): scale the tanks for its start, the
      // events and a period after; the tanks widen their scale when a level leaves it.
      const lastEvent = Math.max(0, ...this.events.map((event) => event.step));
      budget = Math.min(budget, Math.max(3 * this.weights.period, lastEvent + this.weights.period));
    }
    this.range = this.walkthrough.levelRange(budget);
  }

  /**
   * Where Envoy (these weights and seed) first picks otherwise than exact EDF, for the envoy
   * and edf runs without events: `{step, envoy, exact, checked}` (`step` null when they agree
   * for `checked` steps), or null. Computed once, on first use.
   */
  get departure() {
    if (this.algorithm !== 'envoy' && this.algorithm !== 'edf') return null;
    this.departureMemo ??= { value: this.walkthrough.departure(DEPARTURE_HORIZON) };
    return this.departureMemo.value;
  }

  /**
   * The same run with the same options: what makes two engines interchangeable (the traffic
   * only when it is not the default, so a story's key matches a run of it).
   */
  get key() {
    const o = this.options;
    const parts = [this.weights.canonical, o.algo, o.tie, o.subtract, o.seed, o.scenario];
    if (o.rate !== 1 || o.workers !== 1 || o.zone || o.dispatch || o.tries) parts.push(o.rate, o.workers, o.zone, o.dispatch, o.tries);
    return parts.join('\u0000');
  }

  /** Whether the run is nginx SWRR with its levels (tanks), as opposed to a level-less algorithm. */
  get hasLevels() {
    return hasLevels(this.algorithm);
  }

  /** Whether this run differs from plain nginx SWRR on fixed weights (extra overlays, columns). */
  get isPlain() {
    const o = this.options;
    return o.algo === 'swrr' && o.subtract === 'total' && this.events.length === 0 && !this.modelsRequests;
  }

  /** Whether Σ current can leave 0: the "own" rule, or events (reset-node and scale move one level). */
  get mayDrift() {
    return this.hasLevels && (this.options.subtract === 'own' || this.events.length > 0);
  }

  /**
   * The step each event (in `events`' order) happens before: its own number, but in a run of
   * requests, where `@k` means request k, the step of request k's first attempt, after every
   * retry before it (`Walkthrough.eventSteps`). Asked once, on first use.
   */
  get eventSteps() {
    this.eventStepsMemo ??= [...this.walkthrough.eventSteps()];
    return this.eventStepsMemo;
  }

  /** The first `count` requests of a run of requests: `[{request, first, steps, attempts, outcome, worker}]`. */
  requests(count) {
    return this.walkthrough.requests(count);
  }

  /** The core's metrics of the first `requests` requests (the record of `swrr-viz metrics --json`). */
  requestMetrics(requests, window) {
    return this.walkthrough.requestMetrics(requests ?? undefined, window ?? undefined);
  }

  /** The first `steps` picks from step 0 (zero-based node indices), computed by the core. */
  sequence(steps) {
    return this.walkthrough.sequence(steps);
  }

  /** Full step records `from..=to` (state, events, eligibility); the position stays. */
  records(from, to) {
    return this.walkthrough.rows(from, to);
  }

  /** Steps never computed that a move to step `t` walks (0: near); throws the core's refusal (too far, out of range). */
  newSteps(t) {
    return this.walkthrough.newSteps(t);
  }

  /** Walks at most `steps` never computed toward step `t` (far-seek.js); how many are left. */
  reachToward(t, steps) {
    return this.walkthrough.reachToward(t, steps);
  }

  get nodeCount() {
    return this.weights.nodes.length;
  }

  get period() {
    return this.weights.period;
  }

  /** The view at `position`; throws with the core's message if the step cannot be reached. */
  view(position) {
    const { t, phase } = position;
    this.walkthrough.seek(t);
    const step = t === 0 ? null : this.walkthrough.current();
    const picks = Array.from(this.walkthrough.picks());
    let levels;
    if (t === 0 || phase === 'start') {
      levels = Array.from(this.walkthrough.levels());
    } else if (phase === 'drain') {
      levels = step.drained;
    } else {
      levels = step.filled;
      // Before the drain the winner has not been counted yet (an attempt that found no server
      // has none).
      if (step.winner != null) picks[step.winner] -= 1;
    }
    const sum = levels.reduce((a, b) => a + b, 0);
    const view = { position: t === 0 ? { t: 0, phase: 'start' } : position, levels, picks, step, sum, algorithm: this.algorithm };
    // What the step did up to this phase, as the core's coded sentences (stage/narration.js words them).
    if (step && this.hasLevels) view.narration = this.walkthrough.narration(phase === 'start' ? 'drain' : phase);
    if (this.hasLevels) view.sumLine = this.walkthrough.sumLine(t === 0 || phase === 'start' ? 'drain' : phase);
    // What each tank of a request's attempt says (refused, tried, …), as the core's pictures say it.
    if (step?.request) view.requestMarks = this.walkthrough.requestMarks(phase === 'start' ? 'drain' : phase);
    if (this.options.workers > 1) {
      // Each worker's levels after this step, and the worker that served it.
      view.workerLevels = this.walkthrough.workerLevels();
      view.worker = this.walkthrough.currentWorker ?? null;
    }
    if (!this.hasLevels) {
      // The state before this pick (what the fill and pick phases show) and after it (drain).
      view.state = step ? step.state : this.initialState;
      view.previous = t <= 1 ? this.initialState : this.walkthrough.rows(t - 1, t - 1)[0].state;
      if (this.algorithm === 'envoy') view.departure = this.departure;
    }
    return view;
  }

  /** Table rows `from..=to` with the levels of the first `nodes` nodes. */
  rows(from, to, nodes) {
    return this.walkthrough.tableRows(from, to, nodes);
  }

  free() {
    this.walkthrough.free();
  }
}

/** The position one phase later. */
export function nextPhase({ t, phase }) {
  if (t === 0 || phase === 'drain' || phase === 'start') return { t: t + 1, phase: 'fill' };
  return { t, phase: PHASES[PHASES.indexOf(phase) + 1] };
}

/** The position one phase earlier (step 0 stays). */
export function previousPhase({ t, phase }) {
  if (t === 0) return { t: 0, phase: 'start' };
  if (phase === 'fill') return t === 1 ? { t: 0, phase: 'start' } : { t: t - 1, phase: 'drain' };
  return { t, phase: PHASES[PHASES.indexOf(phase) - 1] };
}

/** A whole step: the rest position after step t. */
export function atStep(t) {
  return t === 0 ? { t: 0, phase: 'start' } : { t, phase: 'drain' };
}
