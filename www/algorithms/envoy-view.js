// The picture of Envoy's round robin: the EdfScheduler's queue of f64 deadlines (drawn as EDF's,
// edf-view.js) under a line that says what Envoy is doing — an EDF scheduler or, for equal
// weights, round robin by index; over which hosts; rebuilt at which step from how many pre-picks;
// in panic or not. At a step where the host set changed, the fill phase shows the queue as Envoy
// rebuilt it, before the pick. Every number comes from the core's state.

import { buildEdf } from './edf-view.js';
import { envoyStatusText, listStandIns } from './picture-layout.js';

export function buildEnvoy(view) {
  const status = document.createElement('p');
  status.className = 'envoy-status';
  view.root.prepend(status);
  // Round robin by index queues nothing: its caption says so over the empty time line.
  const edf = buildEdf(view, { captionKey: (s) => (s.view.state.mode === 'round-robin' ? 'envoy.captionRoundRobin' : 'envoy.caption') });
  // The place kept before the core: for weights alike, round robin's, which queues nothing.
  const standIns = () => listStandIns('envoy', view.nodes.length, { equal: view.startState?.mode === 'round-robin' });

  /** What `s` shows of the queue: at a step where Envoy rebuilt it, the new one in the fill phase. */
  const withShown = (s) => ({ ...s, shown: s.phase === 'fill' && s.view.state.rebuilt ? s.view.state.rebuilt : s.shown });
  const fillStatus = (element, s) => {
    element.textContent = envoyStatusText(s.view.state, indexOf(s));
  };

  return {
    lists: [
      { element: status, fill: fillStatus, standIn: () => standIns().status },
      { element: edf.lists[0].element, fill: (element, s) => edf.fillQueue(element, withShown(s)), standIn: () => standIns().queue },
    ],
    update(s) {
      const state = s.view.state;
      edf.update(withShown(s));
      const c = view.root.dataset;
      c.mode = state.mode;
      c.hosts = state.hosts.join(' ');
      c.builtAt = String(state.builtAt);
      c.prepicks = String(state.prepicks);
      c.index = indexOf(s);
      if (state.panic) c.panic = 'true';
      else delete c.panic;
      fillStatus(status, s);
    },
  };
}

/** Round robin's index in `s`: after the pick in the drain phase (and at the start), else before it. */
function indexOf({ phase, view: v }) {
  return v.state.mode === 'round-robin' ? String(phase === 'drain' || phase === 'start' ? v.state.index : v.previous.index) : '';
}
