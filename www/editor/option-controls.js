// The walkthrough's option pickers: speed, algorithm, tie rule, subtract rule, seed and the
// request settings (requests per second, workers, tries per request, zone, dispatch). They show the options in
// effect, hide the settings that do not apply, and hand what a user picks to the widget.

import { ALGORITHMS, OPTION_KEYS } from '../engine.js';
import { errorText, tr } from '../words/i18n.js';
import { checkRunOptions } from '../state/option-checks.js';
import { SPEEDS, isPhased } from '../state/state.js';

/** The traffic's counts, typed in number fields: what the core refuses is said under them. */
const COUNTS = ['rate', 'workers', 'tries'];

export class OptionControls {
  /**
   * @param {HTMLElement} container  the widget (its `.setting[data-for]` rows)
   * @param {Record<string, HTMLElement>} el  the widget's elements (speed, tie, algo, subtract,
   *   seed, seedError, algoAbout and, when shown, rate, workers, tries, zone, dispatch, dispatchError, trafficError)
   * @param {{speed: number, tie: string, setOptions: (changes: object) => void,
   *          setSpeed: (rate: number) => void, setTie: (rule: string) => void,
   *          guard: (fn: () => void) => void}} actions
   */
  constructor(container, el, { speed, tie, setOptions, setSpeed, setTie, guard }) {
    this.container = container;
    this.el = el;
    el.speed.replaceChildren(...speedOptions());
    el.speed.value = String(speed);
    el.tie.value = tie;
    el.algo.replaceChildren(...ALGORITHMS.map((name) => option(name, tr(`algo.${name}`))));
    const apply = (control, changes) => control.addEventListener('change', () => guard(() => setOptions(changes())));
    apply(el.algo, () => ({ algo: el.algo.value }));
    apply(el.subtract, () => ({ subtract: el.subtract.value }));
    /** The options shown, and the counts typed that the core refused (key → its Error). */
    this.shown = {};
    this.refused = new Map();
    if (el.rate) {
      for (const key of COUNTS) el[key].addEventListener('change', () => guard(() => this.typedCount(key, setOptions)));
      apply(el.zone, () => ({ zone: el.zone.checked }));
      apply(el.dispatch, () => ({ dispatch: el.dispatch.value }));
    }
    el.seed.addEventListener('change', () => guard(() => {
      const seed = el.seed.value.trim();
      if (!/^\d{1,20}$/.test(seed)) {
        this.showFieldError('seed', tr('seed.error'));
        return;
      }
      setOptions({ seed });
    }));
    el.speed.addEventListener('change', () => setSpeed(Number(el.speed.value)));
    el.tie.addEventListener('change', () => guard(() => setTie(el.tie.value)));
  }

  /**
   * A rate, worker count or try limit typed in `key`'s field: taken, or — when the core refuses it
   * (100 workers, 0.5 requests a second) — said under the fields in the core's words (scrolled
   * into view) while the field shows the one in effect again, never the default in its place
   * without a word.
   */
  typedCount(key, setOptions) {
    const text = this.el[key].value;
    const error = checkRunOptions({ [key]: text }, this.shown).refused.get(key);
    if (error) this.refused.set(key, error);
    else this.refused.delete(key);
    this.showRefused();
    if (!error) {
      setOptions({ [key]: text });
      return;
    }
    this.el[key].value = String(this.shown[key]);
    this.el.trafficError?.scrollIntoView({ block: 'nearest' });
  }

  showRefused() {
    const line = this.el.trafficError;
    if (!line) return;
    line.textContent = [...this.refused.values()].map((error) => errorText(error)).join(' · ');
    line.hidden = this.refused.size === 0;
  }

  /** Shows `options` (the ones in effect); the settings that do not apply to its algorithm hide. */
  render(options) {
    const { el } = this;
    // What was said of counts typed stands until the run's options change (a field, a story, a link).
    const changed = OPTION_KEYS.some((key) => options[key] !== this.shown[key]);
    this.shown = options;
    if (changed && this.refused.size > 0) {
      this.refused.clear();
      this.showRefused();
    }
    el.algo.value = options.algo;
    el.tie.value = options.tie;
    el.subtract.value = options.subtract;
    // A seed being typed stays as it is.
    if (this.container.querySelector('#seed') !== el.seed.getRootNode().activeElement) el.seed.value = options.seed;
    for (const setting of this.container.querySelectorAll('.setting[data-for]')) {
      setting.hidden = !setting.dataset.for.split(' ').includes(options.algo) || (setting.hasAttribute('data-needs-workers') && options.workers < 2);
    }
    if (el.rate) {
      el.rate.value = String(options.rate);
      el.workers.value = String(options.workers);
      el.tries.value = String(options.tries);
      el.zone.checked = options.zone;
      el.dispatch.value = options.dispatch;
      el.dispatch.placeholder = tr('traffic.turn');
    }
    el.algoAbout.textContent = tr(`algo.about.${options.algo}`);
  }

  showSpeed(rate) {
    this.el.speed.value = String(rate);
  }

  /** `message` about `field` ('seed' or 'dispatch') in its error line ('' clears it). */
  showFieldError(field, message) {
    const line = this.el[`${field}Error`];
    if (!line) return;
    line.textContent = message;
    line.hidden = message === '';
    this.el[field].setAttribute('aria-invalid', message === '' ? 'false' : 'true');
  }
}

/** The speed picker's options: every speed, in the page's language. */
export function speedOptions() {
  return SPEEDS.map((rate) => option(String(rate), tr(isPhased(rate) ? 'speed.phases' : 'speed.steps', { rate })));
}

function option(value, text) {
  return Object.assign(document.createElement('option'), { value, textContent: text });
}
