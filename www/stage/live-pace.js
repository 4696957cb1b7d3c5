// When a live region screen readers hear speaks: while playing at most every ANNOUNCE_MS (a reader
// cannot keep up with more), the latest words; when stepping, once a position has stood SETTLE_MS
// (a step's phases come faster), so a key press is said once. The walkthrough's narration
// (narration-panel.js) and the comparison's voice across its panes (compare-announcer.js) keep
// this one pace.

/** While playing, the region speaks at most this often. */
export const ANNOUNCE_MS = 2500;
/** When stepping, what is shown this long after its last phase is said. */
export const SETTLE_MS = 300;

export class LivePace {
  constructor() {
    this.timer = 0;
    this.lastSaid = 0;
  }

  /** Runs `say` when its turn comes (`playing`: the walkthrough plays); a later call takes its place. */
  schedule(playing, say) {
    this.cancel();
    const wait = playing ? Math.max(0, this.lastSaid + ANNOUNCE_MS - performance.now()) : SETTLE_MS;
    const speak = () => {
      this.lastSaid = performance.now();
      say();
    };
    if (wait === 0) speak();
    else this.timer = setTimeout(speak, wait);
  }

  /** What is waiting to be said is not said. */
  cancel() {
    clearTimeout(this.timer);
  }
}
