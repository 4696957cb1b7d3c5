// compare.html's panes move together: a near step is shown in every pane in one task; a far one
// (widget/far-seek.js) is first walked toward, pane after pane, in slices between frames — the
// page answers meanwhile, its status line says how far the walk is, its root carries
// `data-reaching` — and once every pane is near they move there together. Any move asked
// meanwhile takes the far one's place.

import { errorText, tr } from '../words/i18n.js';
import { FarSeek, isFar } from '../widget/far-seek.js';

/** Whether `pane`'s run has far to go to step `t`; a step its core refuses is not walked toward (the move says why). */
function farFor(pane, t) {
  try {
    return isFar(pane.widget.engine, t);
  } catch (error) {
    if (error instanceof WebAssembly.RuntimeError) throw error;
    return false;
  }
}

/** An algorithm's name that begins a sentence begins with a capital: "Weighted random stays …". */
const named = (algo) => tr(`algo.${algo}`).replace(/^\p{Ll}(?=\p{Ll}*(\s|$))/u, (letter) => letter.toUpperCase());

export class CompareSeek {
  /**
   * @param {{root: HTMLElement, status: HTMLElement, panes: () => object[], reducedMotion: MediaQueryList,
   *          guard: (fn: () => unknown) => unknown, moved: (position: object) => void, walking: () => void}} host
   *        root: carries `data-reaching`; status: the page's status line (a live region); moved:
   *        the panes show `position`; walking: a walk toward a far step has started
   */
  constructor(host) {
    this.host = host;
    /** The walk under way toward a far step, or null. */
    this.walk = null;
    /** The panes that could not go where the last move asked, with the core's reason: `{pane, error}`. */
    this.stops = [];
  }

  /** The position a walk is reaching (null: none under way). */
  get reaching() {
    return this.walk?.position ?? null;
  }

  /**
   * Shows `position` in every pane; false if no pane could go there (true for a far step: on
   * its way). `unreached`: the panes that could not go where a link asked, marked as stopped;
   * `otherwise()`: what is done instead when no pane can go there, its answer the move's;
   * `sliced: false`: in one task, however far.
   */
  moveAll(position, { animate = true, duration = 350, unreached = null, sliced = true, otherwise = null } = {}) {
    this.cancel();
    if (sliced && this.walkToward(position, () => this.moveAll(position, { animate: false, unreached, sliced: false, otherwise }))) return true;
    const panes = this.host.panes();
    let reached = null;
    const failed = [];
    for (const pane of panes) {
      pane.widget.stopStepAnimation();
      // In one task (the far ground walked already): the panes move together.
      if (pane.widget.moveTo(position, { animate: animate && !this.host.reducedMotion.matches, duration, sliced: false })) reached ??= pane.widget.position;
      else failed.push({ pane, error: pane.widget.seekFailure });
    }
    // A pane that cannot go on is marked where it stopped, and the status line says why, in the
    // core's words.
    const stops = failed.length ? failed : unreached ?? [];
    for (const pane of panes) {
      pane.showStopped(stops.find((stop) => stop.pane === pane) ?? null);
      pane.showStepUnit();
    }
    // Said from the step the pane shows, so the line stays the same while the others play on.
    this.say(stops.map(({ pane, error }) => tr('compare.stopped', { name: named(pane.algo), step: pane.widget.position.t, message: errorText(error) })).join(' · '));
    this.stops = failed;
    if (!reached) return otherwise ? otherwise() : false;
    this.host.moved(reached);
    return true;
  }

  /**
   * Starts walking the panes with far to go toward `position`, one after another; `arrived()`
   * once each is near, or has stopped on the way (the move there says where and why). False
   * when no pane has far to go.
   */
  walkToward(position, arrived) {
    const { t } = position;
    const panes = this.host.panes();
    const far = panes.filter((pane) => farFor(pane, t));
    if (!far.length) return false;
    // A pane's own walk (a new run shows its start while it computes its step) gives way to this one.
    for (const pane of panes) pane.widget.cancelFarSeek();
    const steps = far.map((pane) => Math.max(1, pane.widget.engine.newSteps(t)));
    this.walk = { position, far, steps, of: steps.reduce((sum, n) => sum + n, 0), index: -1, before: 0, seek: null, arrived };
    this.host.root.dataset.reaching = String(t);
    this.sayReaching(0);
    this.host.walking();
    this.walkNext();
    return true;
  }

  /** The next pane's walk, or once every pane has walked, the move. */
  walkNext() {
    const { walk } = this;
    if (walk.index >= 0) walk.before += walk.steps[walk.index];
    walk.index += 1;
    if (walk.index === walk.far.length) {
      this.end();
      walk.arrived();
      return;
    }
    walk.seek = new FarSeek(walk.far[walk.index].widget.engine, walk.position.t, {
      part: { before: walk.before, of: walk.of },
      progress: (percent) => this.sayReaching(percent),
      arrived: () => this.walkNext(),
      failed: () => this.walkNext(),
      guard: this.host.guard,
    });
  }

  /** Stops the walk under way, if any (another move takes its place, the panes go or the page failed). */
  cancel() {
    this.walk?.seek?.cancel();
    this.end();
  }

  end() {
    this.walk = null;
    delete this.host.root.dataset.reaching;
  }

  sayReaching(percent) {
    this.say(tr('status.reaching', { t: this.walk.position.t, percent }));
  }

  /** Rewritten only when it changes: the status line is a live region. */
  say(text) {
    if (this.host.status.textContent !== text) this.host.status.textContent = text;
  }
}
