// A step far beyond what the run has computed (a link's step, End or the timeline on a huge
// period, a run that never repeats) is reached in slices between frames: the page stays
// responsive, says how far it is, and any move asked meanwhile takes the far one's place.

import { tr } from '../words/i18n.js';

/** A step's own cost beside its nodes', in node updates: a step of 3 nodes costs 160–760 ns, a node of 200 about 30 ns. */
const STEP_COST = 24;
/** New ground, in node updates, above which a move is made in slices (about 0.1–0.3 s of work). */
const SLICED_WORK = 5_000_000;
/** Each slice aims at this much work, in ms: between two the page answers keys and clicks. */
const SLICE_MS = 10;
/** Work, in ms, after which the next slice waits for a frame (the browser often draws sooner, between two). */
const FRAME_MS = 30;
/** The longest wait, in ms, for a frame before walking on without it (a tab hidden meanwhile draws none). */
const FRAME_WAIT_MS = 100;

/** Whether reaching step `t` of `engine`'s run is work for slices; throws the core's refusal (too far, out of range). */
export function isFar(engine, t) {
  return engine.newSteps(t) * (engine.nodeCount + STEP_COST) > SLICED_WORK;
}

/**
 * Reaches `position` of `widget`'s run in slices, saying on its status line how far it is and
 * marking its container `data-reaching` meanwhile; the widget moves there once it is near. A
 * run new at that step that stops before it shows where it stops (widget.js `showReachable`).
 */
export function reachFar(widget, position, newRun) {
  const { t } = position;
  const { dataset } = widget.container;
  dataset.reaching = String(t);
  return new FarSeek(widget.engine, t, {
    progress: (percent) => widget.sayStatus(tr('status.reaching', { t, percent })),
    arrived: () => {
      if (!widget.moveTo(position, { animate: false, asked: true }) && newRun) widget.showReachable(t, widget.seekFailure);
    },
    failed: (error) => {
      widget.cancelFarSeek();
      widget.seekFailure = error;
      if (newRun) widget.showReachable(t, error);
      else widget.statusLine.showUnreached(t, error);
    },
    guard: (fn) => widget.guard(fn),
    done: () => delete dataset.reaching,
  });
}

export class FarSeek {
  /**
   * Walks `engine`'s run toward step `t` in slices; `progress(percent)` at 0 % and each 5 %
   * more, then `arrived()` (the step is near: a move there is quick) or `failed(error)` (the
   * core's: the run stops on the way); `guard(fn)` runs each slice as the host runs the core;
   * `done()` once it ends, arrived, failed or cancelled. `part`: the walk is part of a larger
   * one that has `before` of its `of` new steps behind it (compare.html walks its panes in
   * turn), and the percent is the larger one's.
   */
  constructor(engine, t, { progress, arrived, failed, guard, done, part = null }) {
    this.engine = engine;
    this.t = t;
    this.callbacks = { progress, arrived, failed };
    this.done = done;
    this.total = Math.max(1, engine.newSteps(t));
    this.part = part ?? { before: 0, of: this.total };
    this.steps = 4096;
    this.percent = -1;
    this.walking = true;
    this.framed = performance.now();
    // Slices follow each other as messages, not timers: nested timers wait 4 ms or more.
    this.channel = new MessageChannel();
    // A failure inside the core (a panic) goes where the host's others go: its error banner.
    this.channel.port1.onmessage = () => {
      if (this.walking) guard(() => this.slice());
    };
    this.next();
  }

  /** Stops walking (another move takes its place); nothing more is called back. */
  cancel() {
    this.end();
  }

  end() {
    if (!this.walking) return;
    this.walking = false;
    this.channel.port1.close();
    this.done?.();
    this.done = null;
  }

  /**
   * The next slice, in a task of its own; once a frame's worth of work is done, after the next
   * frame (or at most `FRAME_WAIT_MS` later: a hidden tab draws none), so the page keeps drawing.
   */
  next() {
    const post = () => this.channel.port2.postMessage(null);
    if (performance.now() - this.framed < FRAME_MS || document.hidden) {
      post();
      return;
    }
    let waiting = true;
    const go = () => {
      if (!waiting) return;
      waiting = false;
      clearTimeout(timer);
      this.framed = performance.now();
      post();
    };
    const timer = setTimeout(go, FRAME_WAIT_MS);
    requestAnimationFrame(go);
  }

  slice() {
    const started = performance.now();
    let left;
    try {
      left = this.engine.reachToward(this.t, this.steps);
    } catch (error) {
      if (error instanceof WebAssembly.RuntimeError) throw error;
      this.end();
      this.callbacks.failed(error);
      return;
    }
    if (left === 0) {
      this.end();
      this.callbacks.arrived();
      return;
    }
    const spent = Math.max(1, performance.now() - started);
    this.steps = Math.min(Math.max(1024, Math.round((this.steps * SLICE_MS) / spent)), 1 << 24);
    // In fives: the status line is a live region, and a screen reader reads each change.
    const { before, of } = this.part;
    const percent = 5 * Math.floor((20 * (before + this.total - left)) / of);
    if (percent !== this.percent) {
      this.percent = percent;
      this.callbacks.progress(percent);
    }
    this.next();
  }
}
