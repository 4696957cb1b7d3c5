// A thin wrapper over the core's Walkthrough: positions are (step, phase) and each position
// becomes a `View` — every number in it comes from the core.

import init, { Walkthrough } from './pkg/swrr_viz.js';

export const PHASES = ['fill', 'pick', 'drain'];

let loading = null;
/** Loads the wasm core once, however many widgets ask. */
export function ready(options) {
  loading ??= init(options);
  return loading;
}
/** Steps scanned to fix the tanks' vertical scale (one period when shorter). */
const RANGE_SCAN_STEPS = 200_000;

/**
 * @typedef {{t: number, phase: 'start'|'fill'|'pick'|'drain'}} Position
 * @typedef {{t: number, before: number[], filled: number[], drained: number[], total: number, winner: number, tied: number[]}} Step
 * @typedef {{position: Position, levels: number[], picks: number[], step: Step|null, sum: number}} View
 */

export class Engine {
  /** Throws an Error with the core's message when the text is not valid weights. */
  constructor(text, tie = 'first') {
    this.walkthrough = new Walkthrough(text, tie);
    this.text = text;
    this.tie = tie;
    this.weights = this.walkthrough.weights();
    const budget = Math.max(1, Math.floor(RANGE_SCAN_STEPS / Math.max(1, this.weights.nodes.length)));
    this.range = this.walkthrough.levelRange(budget);
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
      // Before the drain the winner has not been counted yet.
      picks[step.winner] -= 1;
    }
    const sum = levels.reduce((a, b) => a + b, 0);
    return { position: t === 0 ? { t: 0, phase: 'start' } : position, levels, picks, step, sum };
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
