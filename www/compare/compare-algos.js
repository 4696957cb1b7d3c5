// The comparison's algorithm picker: a toggle per algorithm (2 to 4 of them on at once) and one
// button per set of algorithms people compare. `algos=` in the URL lists the ones on.

import { ALGORITHMS } from '../engine.js';
import { tr } from '../words/i18n.js';
import { DEFAULT_ALGOS } from '../state/state.js';
import { wireFold } from './fold.js';

/** One click for the comparisons people ask for (`compare.set.<key>` names them). */
export const ALGORITHM_SETS = [
  { key: 'simple', algos: DEFAULT_ALGOS },
  { key: 'peers', algos: ['swrr', 'grpc', 'envoy'] },
  { key: 'envoyExact', algos: ['edf', 'envoy'] },
  { key: 'grpcTwo', algos: ['grpc', 'grpc-java'] },
];
export const MIN_PANES = 2;
export const MAX_PANES = 4;

/**
 * `algos=` from the URL: the algorithms of the panes, in the order of ALGORITHMS (as the toggles
 * list them), when it names 2 to 4 known ones, each once (else the default four); the names no
 * algorithm has (`unknown`), and whether the known ones are too few or too many (`miscounted`).
 * @param {string|null} text
 * @returns {{algos: string[], unknown: string[], miscounted: boolean}}
 */
export function parseAlgos(text) {
  const names = [...new Set(String(text ?? '').split(/[\s,]+/).filter(Boolean))];
  const known = names.filter((name) => ALGORITHMS.includes(name));
  const unknown = names.filter((name) => !ALGORITHMS.includes(name));
  const miscounted = names.length > 0 && (known.length < MIN_PANES || known.length > MAX_PANES);
  const algos = names.length === 0 || miscounted ? DEFAULT_ALGOS : ALGORITHMS.filter((name) => known.includes(name));
  return { algos: algos.slice(), unknown, miscounted };
}

export class AlgorithmPicker {
  /**
   * @param {{toggles: HTMLElement, sets: HTMLElement, fold: HTMLElement}} el  `fold`: the button the
   *        picker folds behind in a laptop's window (compare.css)
   * @param {{current: () => string[], pick: (algos: string[]) => void}} host  the algorithms on;
   *        called with the algorithms a click asks for
   */
  constructor(el, { current, pick }) {
    this.el = el;
    wireFold(el.fold);
    el.toggles.replaceChildren(...ALGORITHMS.map((algo) => button('algo-toggle', tr(`algo.${algo}`), { algo }, (event) => {
      if (event.currentTarget.getAttribute('aria-disabled') === 'true') return;
      const algos = current();
      pick(algos.includes(algo) ? algos.filter((name) => name !== algo) : [...algos, algo]);
    }, tr(`algo.about.${algo}`))));
    el.sets.replaceChildren(...ALGORITHM_SETS.map(({ key, algos }) => button('algo-toggle algo-set', tr(`compare.set.${key}`), { set: key, algos: algos.join(',') }, () => pick(algos))));
  }

  /**
   * Marks the algorithms on; the last two cannot go, nor a fifth come. Those are `aria-disabled`
   * (still in the tab order, still saying whether they are pressed), so the last two look chosen
   * (compare.css).
   */
  render(algos) {
    for (const toggle of this.el.toggles.querySelectorAll('button[data-algo]')) {
      const on = algos.includes(toggle.dataset.algo);
      toggle.setAttribute('aria-pressed', String(on));
      const fixed = (on && algos.length <= MIN_PANES) || (!on && algos.length >= MAX_PANES);
      if (fixed) toggle.setAttribute('aria-disabled', 'true');
      else toggle.removeAttribute('aria-disabled');
    }
    for (const set of this.el.sets.querySelectorAll('button[data-set]')) {
      set.setAttribute('aria-pressed', String(set.dataset.algos === algos.join(',')));
    }
    reveal(this.el.toggles.querySelector('[aria-pressed="true"]'));
    reveal(this.el.sets.querySelector('[aria-pressed="true"]'));
  }
}

/**
 * Where the buttons are a row that scrolls sideways (a phone's, compare.css) and less than half
 * of `button` shows, scrolls the row so all of it does; the page itself does not move.
 */
function reveal(button) {
  const picker = button?.closest('fieldset');
  let row = button?.parentElement;
  while (row && row !== picker && row.scrollWidth <= row.clientWidth) row = row.parentElement;
  if (!row || row === picker) return;
  const shown = row.getBoundingClientRect();
  const { left, right, width } = button.getBoundingClientRect();
  if (Math.min(right, shown.right) - Math.max(left, shown.left) >= width / 2) return;
  if (left < shown.left) row.scrollLeft -= shown.left - left + 8;
  else row.scrollLeft += right - shown.right + 8;
}

function button(className, text, data, onClick, title) {
  const element = Object.assign(document.createElement('button'), { type: 'button', className, textContent: text });
  Object.assign(element.dataset, data);
  if (title) element.title = title;
  element.addEventListener('click', onClick);
  return element;
}
