// The comparison's one voice for screen readers. The panes' own live regions are silent
// (compare-pane.js): each would say every phase of its algorithm, and no pane knows the page is
// playing. This page-level region says the step across the panes in a few words instead
// ("Step 3: SWRR (nginx) picks C, gRPC WRR (C++) C, Envoy round robin A"): while playing at most
// every ANNOUNCE_MS, at the walkthrough's narration's pace (stage/live-pace.js); when stepping, once
// the step has settled, so a key press that plays fill, pick and drain is said once.

import { tr } from '../words/i18n.js';
import { stepsDone } from '../widget/navigation.js';
import { LivePace } from '../stage/live-pace.js';

/** The step whose picks `position` shows: the pick phase already shows its winner. */
function shownStep({ t, phase }) {
  return phase === 'pick' ? t : stepsDone({ t, phase });
}

/** What `panes` picked at step `step` (1-based; 0: nothing yet), in the page's language. */
export function picksText(panes, step) {
  if (step === 0) return tr('compare.said.start');
  const picks = panes.map((pane, i) => {
    const { engine } = pane.widget;
    const winner = engine?.records(step, step)[0]?.winner;
    const algo = tr(`algo.${pane.algo}`);
    const node = winner == null ? tr('compare.said.none') : engine.weights.nodes[winner].name;
    return tr(i === 0 ? 'compare.said.first' : 'compare.said.other', { algo, node });
  });
  return tr('compare.said', { step, picks: picks.join(tr('compare.said.between')) });
}

export class CompareAnnouncer {
  /**
   * @param {HTMLElement} region  a visually hidden polite live region
   * @param {{panes: () => object[], playing: () => boolean}} host
   */
  constructor(region, host) {
    this.region = region;
    this.host = host;
    this.pace = new LivePace();
    /** The step said last (or taken as known: `hush`), and the one shown now. */
    this.said = null;
    this.shown = null;
  }

  /** The panes show `position`: say its step in a while, unless it is the one said last. */
  follow(position) {
    this.shown = shownStep(position);
    this.pace.cancel();
    if (this.shown !== this.said) this.pace.schedule(this.host.playing(), () => this.say());
  }

  /** New panes at `position`: nothing to say about where they start. */
  hush(position) {
    this.pace.cancel();
    this.said = shownStep(position);
  }

  say() {
    this.said = this.shown;
    this.region.textContent = picksText(this.host.panes(), this.shown);
  }

  destroy() {
    this.pace.cancel();
  }
}
