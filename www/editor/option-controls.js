// The walkthrough's option pickers: speed, algorithm, tie rule, subtract rule, seed and the
// request settings (requests per second, workers, tries per request, zone, dispatch). They show the options in
// effect, hide the settings that do not apply, and hand what a user picks to the widget.

import { ALGORITHMS } from '../engine.js';
import { tr } from '../words/i18n.js';
import { SPEEDS, isPhased } from '../state/state.js';

export class OptionControls {
  /**
   * @param {HTMLElement} container  the widget (its `.setting[data-for]` rows)
   * @param {Record<string, HTMLElement>} el  the widget's elements (speed, tie, algo, subtract,
   *   seed, seedError, algoAbout and, when shown, rate, workers, tries, zone, dispatch, dispatchError)
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
    if (el.rate) {
      apply(el.rate, () => ({ rate: el.rate.value }));
      apply(el.workers, () => ({ workers: el.workers.value }));
      apply(el.tries, () => ({ tries: el.tries.value }));
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

  /** Shows `options` (the ones in effect); the settings that do not apply to its algorithm hide. */
  render(options) {
    const { el } = this;
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
