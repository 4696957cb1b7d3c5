// The picture of Envoy's round robin: the EdfScheduler's queue of f64 deadlines (drawn as EDF's,
// edf-view.js) under a line that says what Envoy is doing — an EDF scheduler or, for equal
// weights, round robin by index; over which hosts; rebuilt at which step from how many pre-picks;
// in panic or not. At a step where the host set changed, the fill phase shows the queue as Envoy
// rebuilt it, before the pick. Every number comes from the core's state.

import { buildEdf } from './edf-view.js';
import { envoyStatusText } from './picture-layout.js';

export function buildEnvoy(view) {
  const status = document.createElement('p');
  status.className = 'envoy-status';
  view.root.prepend(status);
  const edf = buildEdf(view, { captionKey: 'envoy.caption' });

  return {
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
      status.textContent = envoyStatusText(state, c.index);
    },
  };
}
