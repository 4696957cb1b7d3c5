// What each playback control does to a position (step, phase): the moves to make, with their
// timing. Shared by the walkthrough (widget.js) and the comparison (compare.js), which differ
// only in what "move" means (one run, or every pane together).

import { atStep, nextPhase, previousPhase } from '../engine.js';

/** Picks completed at `position`: the step it shows, or the one before while a step is under way. */
export function stepsDone({ t, phase }) {
  return phase === 'drain' || phase === 'start' ? t : t - 1;
}

/**
 * The moves of a control: `[{position, animate, duration, delay}]`, made in order (`delay` in ms
 * from the press). One whole step forward plays fill → pick → drain quickly unless motion is reduced.
 * `span`: the steps the timeline spans (whole periods, or fewer where a period is longer), if shown.
 * @param {'stepForward'|'stepBack'|'phaseForward'|'phaseBack'|'toStart'|'toEndOfPeriod'} control
 */
export function movesFor(control, position, { period, span, reducedMotion }) {
  const { t, phase } = position;
  const one = (target, duration) => [{ position: target, animate: true, duration, delay: 0 }];
  switch (control) {
    case 'stepForward': {
      const target = stepsDone(position) + 1;
      if (reducedMotion) return [{ position: atStep(target), animate: false, duration: 0, delay: 0 }];
      const order = ['fill', 'pick', 'drain'];
      const phases = target > t ? order : order.slice(order.indexOf(phase) + 1);
      return phases.map((p, i) => ({ position: { t: target, phase: p }, animate: true, duration: 170, delay: i * 190 }));
    }
    case 'stepBack':
      // From a finished step to the one before; from the middle of a step to its start.
      return one(atStep(Math.max(0, t - 1)), 250);
    case 'phaseForward':
      return one(nextPhase(position), 380);
    case 'phaseBack':
      return one(previousPhase(position), 380);
    case 'toStart':
      return one(atStep(0), 300);
    case 'toEndOfPeriod': {
      const done = Math.max(stepsDone(position), 0);
      const nextEnd = (length) => (Math.floor(done / length) + 1) * length;
      // A period longer than the timeline ends where the timeline does.
      return one(atStep(span ? Math.min(nextEnd(period), nextEnd(span)) : nextEnd(period)), 300);
    }
    default:
      throw new Error(`unknown control ${control}`);
  }
}

/**
 * Makes `moves` with `move(position, {animate, duration})`: the first at once, the others from
 * timers pushed onto `timers` (so a later press can cancel them).
 */
export function runMoves(moves, move, timers) {
  for (const { position, animate, duration, delay } of moves) {
    if (delay === 0) move(position, { animate, duration });
    else timers.push(setTimeout(() => move(position, { animate, duration }), delay));
  }
}
