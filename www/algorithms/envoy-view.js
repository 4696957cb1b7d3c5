// The picture of Envoy's round robin: the EdfScheduler's queue of f64 deadlines (drawn as EDF's,
// edf-view.js) under a line that says what Envoy is doing — an EDF scheduler or, for equal
// weights, round robin by index; over which hosts; rebuilt at which step from how many pre-picks;
// in panic or not. At a step where the host set changed, the fill phase shows the queue as Envoy
// rebuilt it, before the pick. Every number comes from the core's state.

import { tr } from '../words/i18n.js';
import { buildEdf } from './edf-view.js';

export function buildEnvoy(view) {
  const status = document.createElement('p');
  status.className = 'envoy-status';
  view.root.prepend(status);
  const edf = buildEdf(view, { captionKey: 'envoy.caption' });

  return {
    /** Before the core: EDF's queue (edf-view.js), and the line of a scheduler built at the start. */
    reserve(count) {
      edf.reserve(count);
      status.textContent = statusText({ mode: 'edf', builtAt: 0, prepicks: 0, panic: false }, '');
    },

    update(s) {
      const { phase, view: v } = s;
      const state = v.state;
      // Rebuilt at this step: the fill phase shows the new scheduler, not the one it replaced.
      const shown = phase === 'fill' && state.rebuilt ? state.rebuilt : s.shown;
      edf.update({ ...s, shown });
      const c = view.root.dataset;
      c.mode = state.mode;
      c.hosts = state.hosts.join(' ');
      c.builtAt = String(state.builtAt);
      c.prepicks = String(state.prepicks);
      c.index = state.mode === 'round-robin' ? String(phase === 'drain' || phase === 'start' ? state.index : v.previous.index) : '';
      if (state.panic) c.panic = 'true';
      else delete c.panic;
      status.textContent = statusText(state, c.index);
    },
  };
}

/** What Envoy is doing in `state`: its scheduler (round robin: at `index`), when it was built, whether in panic. */
function statusText({ mode, builtAt, prepicks, panic }, index) {
  const parts = [tr(`envoy.mode.${mode}`, { index }), tr('envoy.built', { step: builtAt, prepicks })];
  if (panic) parts.push(tr('envoy.panicBadge'));
  return parts.join(' · ');
}
