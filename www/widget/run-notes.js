// The notes under the controls about the run as a whole: how requests are modelled, what the
// core noted about the options (a rule the algorithm ignores, a seed wrapped…) and, for Envoy and
// exact EDF, the step where Envoy's f64 deadlines part from the exact order.

import { message } from '../words/i18n.js';
import { trafficText } from '../requests/request-narration.js';
import { departureText } from '../algorithms/peer-narration.js';
import { DEPARTURE_HORIZON } from '../engine.js';

export class RunNotes {
  /** @param {ParentNode} scope  the widget; each note is drawn only if it is there */
  constructor(scope) {
    const $ = (id) => scope.querySelector(`#${id}`);
    this.el = { trafficNote: $('traffic-note'), notes: $('notes'), departure: $('departure') };
  }

  /**
   * Before the first run of `algo` with `seed`: the place of the departure line, which exact EDF
   * and Envoy always have, kept blank with a stand-in of its words (widget.css `[data-reserved]`).
   * For weights written alike (`alike`) and kept so (no scenario) Envoy picks round robin from the
   * seed, exact EDF's order from 0: they part only where the seed is not 0.
   */
  idle({ algo, seed, scenario }, alike) {
    const { departure } = this.el;
    if (!departure || (algo !== 'edf' && algo !== 'envoy')) return;
    const same = alike && scenario.trim() === '' && seed === '0';
    departure.textContent = departureText(algo, same ? { step: null, checked: DEPARTURE_HORIZON } : { step: 100, envoy: 0, exact: 1 }, ['A', 'B']);
    departure.dataset.reserved = '';
    departure.hidden = false;
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
      delete el.departure.dataset.reserved;
      el.departure.dataset.step = departure?.step == null ? '' : String(departure.step);
      el.departure.dataset.checked = departure ? String(departure.checked) : '';
    }
  }
}
