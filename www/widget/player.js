// Playback timing: turns elapsed time into phases or whole steps at the chosen speed.

import { DEFAULT_SPEED, isPhased } from '../state/state.js';

/** Tween length for one move at `rate`: most of the move's time when slow, none when fast. */
export function tweenMs(rate, phased) {
  if (rate > 30) return 0;
  const moveMs = phased ? 1000 / (3 * rate) : 1000 / rate;
  return Math.min(moveMs * 0.75, 600);
}

export class Player {
  /**
   * @param {(moves: number) => boolean} advance  makes `moves` moves (phases or steps);
   *        returns false to stop (e.g. at an error)
   */
  constructor(advance) {
    this.advance = advance;
    this.playing = false;
    this.rate = DEFAULT_SPEED;
    this.frame = 0;
    this.carry = 0;
    this.last = 0;
  }

  /** Moves per second: three per step when phased. */
  get movesPerSecond() {
    return isPhased(this.rate) ? this.rate * 3 : this.rate;
  }

  play() {
    if (this.playing) return;
    this.playing = true;
    this.carry = 1; // the first move happens at once: a press of play is answered immediately
    this.last = performance.now();
    this.frame = requestAnimationFrame((now) => this.tick(now));
  }

  pause() {
    this.playing = false;
    cancelAnimationFrame(this.frame);
  }

  tick(now) {
    if (!this.playing) return;
    // A hidden tab gets no frames; on return, resume rather than jump ahead by the time away.
    this.carry += (Math.min(now - this.last, 250) / 1000) * this.movesPerSecond;
    this.last = now;
    const moves = Math.floor(this.carry);
    if (moves > 0) {
      this.carry -= moves;
      if (!this.advance(moves)) {
        this.pause();
        return;
      }
    }
    this.frame = requestAnimationFrame((next) => this.tick(next));
  }
}
