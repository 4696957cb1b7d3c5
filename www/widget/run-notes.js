// The notes under the controls about the run as a whole: how requests are modelled, what the
// core noted about the options (a rule the algorithm ignores, a seed wrapped…) and, for Envoy and
// exact EDF, the step where Envoy's f64 deadlines part from the exact order.

import { message } from '../words/i18n.js';
import { trafficText } from '../requests/request-narration.js';
import { departureText } from '../algorithms/peer-narration.js';

export class RunNotes {
  /** @param {ParentNode} scope  the widget; each note is drawn only if it is there */
  constructor(scope) {
    const $ = (id) => scope.querySelector(`#${id}`);
    this.el = { trafficNote: $('traffic-note'), notes: $('notes'), departure: $('departure') };
  }

  /** The notes of `engine`'s run. */
  render(engine) {
    const { el } = this;
    if (el.trafficNote) {
      el.trafficNote.hidden = !engine.modelsRequests;
      el.trafficNote.textContent = engine.modelsRequests ? trafficText(engine.options) : '';
    }
    if (el.notes) {
      el.notes.replaceChildren(...engine.notes.map((note) => Object.assign(document.createElement('li'), { textContent: message(note) })));
      el.notes.hidden = engine.notes.length === 0;
    }
    if (el.departure) {
      const { departure } = engine;
      el.departure.textContent = departureText(engine.algorithm, departure, engine.weights.nodes.map((node) => node.name));
      el.departure.hidden = !departure;
      el.departure.dataset.step = departure?.step == null ? '' : String(departure.step);
      el.departure.dataset.checked = departure ? String(departure.checked) : '';
    }
  }
}
