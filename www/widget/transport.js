// One transport for a walkthrough (widget.js) or several panes stepped together (compare.js):
// the player, the playback buttons, the keyboard and the scrubber. What it drives is its host's
// `move(position, {animate, duration, asked})` (one widget, or every pane; `asked`: a control
// or a seek asked for it, not the player); the host keeps the position and says which run the
// scrubber spans.

import { atStep, nextPhase } from '../engine.js';
import { tr } from '../words/i18n.js';
import { isPhased } from '../state/state.js';
import { movesFor, runMoves, stepsDone } from './navigation.js';
import { Player, tweenMs } from './player.js';
import { PositionDisplay } from './position-display.js';
import { relabel } from './template.js';

/**
 * Buttons that have the focus because a pointer pressed them, until it leaves them: Space there
 * plays, where on a button the keyboard reached it presses the button. A button given the focus
 * without its focus ring counts as pressed by a pointer too: the browser draws the ring when the
 * keyboard led there (Tab, or Escape closing a dialog, which gives the focus back to the button
 * that opened it: Space opens it again), not after a click (a dialog closed with its × or a click
 * outside it gives the focus back unringed, and Space plays as it did before the dialog opened).
 */
const pointerFocused = new WeakSet();
document.addEventListener('pointerdown', (event) => {
  const button = event.composedPath()[0]?.closest?.('button');
  if (button) pointerFocused.add(button);
}, true);
document.addEventListener('focusin', (event) => {
  const target = event.composedPath()[0];
  if (target instanceof HTMLButtonElement && !target.matches(':focus-visible')) pointerFocused.add(target);
}, true);
document.addEventListener('focusout', (event) => pointerFocused.delete(event.composedPath()[0]), true);

/** The playback keys and the control each makes. */
export const KEY_ACTIONS = {
  ' ': 'togglePlay',
  ArrowRight: 'stepForward',
  ArrowLeft: 'stepBack',
  Home: 'toStart',
  End: 'toEndOfPeriod',
  PageDown: 'phaseForward',
  PageUp: 'phaseBack',
};
/** The playback buttons (template.js PLAYBACK_BUTTONS) and the control each makes. */
const BUTTONS = {
  'to-start': 'toStart',
  back: 'stepBack',
  'phase-back': 'phaseBack',
  play: 'togglePlay',
  'phase-forward': 'phaseForward',
  forward: 'stepForward',
  'to-end': 'toEndOfPeriod',
};
/** The scrubber spans at least this many steps (whole periods), at most SCRUBBER_MAX. */
const SCRUBBER_MIN = 40;
const SCRUBBER_MAX = 10_000_000;

export class Transport {
  /**
   * @param {{root: HTMLElement, controls: ParentNode|null, move: (position: object, options: object) => boolean,
   *          position: () => {t: number, phase: string}, run: () => ({period: number, runPeriod: number|null,
   *          events: {step: number, kind: string, text: string}[], eventSteps: number[]}|null), guard: (fn: () => unknown, fallback?: unknown) => unknown,
   *          onPlaying?: (playing: boolean) => void, loop?: () => [number, number]|null}} host
   *        root: carries `data-playing`; controls: where the playback buttons and the scrubber
   *        are (null: none shown); run: the run the scrubber spans and whose period the controls
   *        step by (every pane's, for several), `eventSteps` the step each event happens before; onPlaying: after play or pause; loop: steps
   *        played in a loop [from, to], or null
   */
  constructor(host) {
    this.host = host;
    this.timers = [];
    /** Where the moves of the last control still under way end (null: none under way). */
    this.goingTo = null;
    this.speed = 1;
    this.reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
    // A move the core cannot make (no node can be picked, a step too far) ends the play there,
    // paused as at any other end: the button reads Play again and `data-playing` is false.
    // (A move that threw has halted everything already: the guard's fallback, null, just stops.)
    this.player = new Player((moves) => {
      const moved = host.guard(() => this.playMoves(moves), null);
      if (moved === false) this.pause();
      return moved === true;
    });
    const $ = (id) => host.controls?.querySelector(`#${id}`) ?? null;
    this.el = { play: $('play'), scrubber: $('scrubber'), ticks: $('ticks') };
    this.display = $('position') ? new PositionDisplay(host.controls) : null;
    if (!host.controls) return;
    for (const [id, action] of Object.entries(BUTTONS)) {
      $(id)?.addEventListener('click', () => host.guard(() => this[action]()));
    }
    this.el.scrubber?.addEventListener('input', () => host.guard(() => {
      if (this.player.playing) this.pause();
      this.seek(this.scrubBase + Number(this.el.scrubber.value));
    }));
  }

  get playing() {
    return this.player.playing;
  }

  setSpeed(rate) {
    this.speed = rate;
    this.player.rate = rate;
  }

  /** Cancels the moves of a control still under way. */
  stop() {
    this.timers.forEach(clearTimeout);
    this.timers = [];
    this.goingTo = null;
  }

  /** Stops playing and moving, saying nothing (the host is going away, or has failed). */
  halt() {
    this.player.pause();
    this.stop();
  }

  /**
   * Makes the moves of a playback control (navigation.js): stepForward, stepBack, phaseForward, …
   * A forward press while the last one's moves are still under way acts from where they were
   * going, so each press of Step forward is a whole step however fast the presses come; a
   * backward one acts from what is shown.
   */
  control(name) {
    const forward = name === 'stepForward' || name === 'phaseForward';
    const from = forward && this.goingTo ? this.goingTo : this.host.position();
    this.stop();
    const moves = movesFor(name, from, { period: this.host.run().period, span: this.scrubSpan, reducedMotion: this.reducedMotion.matches });
    const last = moves.at(-1);
    this.goingTo = last.delay > 0 ? last.position : null;
    runMoves(moves, (position, options) => this.host.guard(() => {
      if (position === last.position) this.goingTo = null;
      return this.host.move(position, { ...options, asked: true });
    }), this.timers);
  }

  stepForward() { this.control('stepForward'); }

  stepBack() { this.control('stepBack'); }

  phaseForward() { this.control('phaseForward'); }

  phaseBack() { this.control('phaseBack'); }

  toStart() { this.control('toStart'); }

  toEndOfPeriod() { this.control('toEndOfPeriod'); }

  /**
   * Shows step `t`, at once; false when it could not be reached, and false without moving when
   * `t` is not a whole number from 0 (-1, 2.5, "7", null, true: `<swrr-viz>`'s `seek` is public).
   * A far step is reached in slices (true: on its way) unless `sliced` is false.
   */
  seek(t, { sliced = true } = {}) {
    if (!Number.isSafeInteger(t) || t < 0) return false;
    this.stop();
    return this.host.move(atStep(t), { animate: false, asked: true, sliced });
  }

  play() {
    this.stop();
    this.player.play();
    this.showPlaying();
    this.host.onPlaying?.(true);
  }

  pause() {
    this.player.pause();
    this.showPlaying();
    this.host.onPlaying?.(false);
  }

  togglePlay() {
    if (this.player.playing) this.pause();
    else this.play();
  }

  /** The player's tick: `moves` phases (slow speeds) or steps further, back to the loop's start past its end. */
  playMoves(moves) {
    const phased = isPhased(this.speed);
    let target = this.host.position();
    if (phased) {
      for (let i = 0; i < moves; i += 1) target = nextPhase(target);
    } else {
      target = atStep(stepsDone(target) + moves);
    }
    const loop = this.host.loop?.();
    if (loop && target.t > loop[1]) target = atStep(loop[0]);
    return this.host.move(target, { duration: tweenMs(this.speed, phased) });
  }

  showPlaying() {
    const { playing } = this.player;
    this.host.root.dataset.playing = String(playing);
    if (!this.el.play) return;
    this.el.play.setAttribute('aria-label', tr(playing ? 'controls.pause' : 'controls.play'));
    this.el.play.setAttribute('aria-pressed', String(playing));
  }

  /**
   * Handles a playback shortcut; false when the key is not one, a modifier is held or the user is
   * typing. Space on a button the keyboard reached presses that button; on one a pointer clicked
   * it plays, so a teacher who clicked "Hide the future" does not undo it.
   */
  handleKey(event) {
    const target = event.composedPath?.()[0] ?? event.target;
    const typing = target instanceof HTMLElement
      && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
    if (typing || event.ctrlKey || event.metaKey || event.altKey) return false;
    if (event.key === ' ' && target instanceof HTMLButtonElement && !pointerFocused.has(target)) return false;
    const action = KEY_ACTIONS[event.key];
    if (!action) return false;
    event.preventDefault();
    // A button takes Space on its keyup, which the keydown's preventDefault does not stop.
    if (event.key === ' ' && target instanceof HTMLButtonElement) {
      target.addEventListener('keyup', (up) => up.preventDefault(), { once: true });
    }
    if (event.key !== ' ' && this.player.playing) this.pause();
    this.host.guard(() => this[action]());
    return true;
  }

  /** Sizes the scrubber for the host's run: whole periods, long enough to hold its last event and a period after. */
  setupScrubber() {
    if (!this.el.scrubber) return;
    const { period, eventSteps } = this.host.run();
    const lastEvent = Math.max(0, ...eventSteps);
    const wanted = Math.max(SCRUBBER_MIN, lastEvent > 0 ? lastEvent + period : 0);
    this.scrubSpan = Math.min(Math.max(period, Math.ceil(wanted / period) * period), SCRUBBER_MAX);
    this.el.scrubber.max = String(this.scrubSpan);
    this.scrubBase = -1;
    const toEnd = this.host.controls.querySelector('#to-end');
    if (toEnd) relabel(toEnd, period > this.scrubSpan ? 'controls.toEndOfTimeline' : 'controls.toEnd', tr);
  }

  /** Before the host's run of `algorithm` is here: the step `t` it will start at, in the position display. */
  showStart(t, algorithm) {
    this.display?.idle(t, algorithm);
  }

  /** Shows where the host is: step `t` at `phase` in the position display and on the scrubber. */
  showPosition(t, phase) {
    this.display?.render(t, phase, this.host.run());
    this.updateScrubber(t);
  }

  /** Shows step `t` on the scrubber, with the period ticks and event marks of its window. */
  updateScrubber(t) {
    if (!this.el.scrubber || !this.scrubSpan) return;
    const span = this.scrubSpan;
    const base = t === 0 ? 0 : Math.floor((t - 1) / span) * span;
    this.el.scrubber.value = String(t - base);
    this.el.scrubber.setAttribute('aria-valuetext', tr('controls.stepOf', { t }));
    if (base === this.scrubBase) return;
    this.scrubBase = base;
    const { period, runPeriod, events, eventSteps } = this.host.run();
    const marks = [];
    if (span / period <= 200 && runPeriod != null) {
      for (let k = Math.ceil(base / period) * period; k <= base + span; k += period) {
        const tick = document.createElement('span');
        tick.style.left = `${((k - base) / span) * 100}%`;
        tick.dataset.step = String(k);
        marks.push(tick);
      }
    }
    for (const [i, event] of events.entries()) {
      const at = eventSteps[i];
      if (at <= base || at > base + span) continue;
      const mark = document.createElement('span');
      mark.className = 'event';
      // An event happens before the pick of step `at`: the mark sits between steps at − 1 and at.
      mark.style.left = `${((at - 0.5 - base) / span) * 100}%`;
      mark.dataset.eventStep = String(event.step);
      mark.dataset.at = String(at);
      mark.dataset.kind = event.kind;
      mark.title = event.text;
      marks.push(mark);
    }
    this.el.ticks.replaceChildren(...marks);
  }
}
