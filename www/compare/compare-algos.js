// The comparison's algorithm picker: a toggle per algorithm (2 to 4 of them on at once) and one
// button per set of algorithms people compare. `algos=` in the URL lists the ones on.

import { ALGORITHMS } from '../engine.js';
import { tr } from '../words/i18n.js';
import { DEFAULT_ALGOS } from '../state/state.js';

/** One click for the comparisons people ask for (`compare.set.<key>` names them). */
export const ALGORITHM_SETS = [
  { key: 'simple', algos: DEFAULT_ALGOS },
  { key: 'peers', algos: ['swrr', 'grpc', 'envoy'] },
  { key: 'envoyExact', algos: ['edf', 'envoy'] },
  { key: 'grpcTwo', algos: ['grpc', 'grpc-java'] },
];
export const MIN_PANES = 2;
export const MAX_PANES = 4;

/** `algos=` from the URL: known names, each once, 2 to 4 of them (else the default four). */
export function parseAlgos(text) {
  const names = [...new Set(String(text ?? '').split(/[\s,]+/).filter((name) => ALGORITHMS.includes(name)))];
  return names.length >= MIN_PANES ? names.slice(0, MAX_PANES) : DEFAULT_ALGOS.slice();
}

export class AlgorithmPicker {
  /**
   * @param {{toggles: HTMLElement, sets: HTMLElement}} el
   * @param {{current: () => string[], pick: (algos: string[]) => void}} host  the algorithms on;
   *        called with the algorithms a click asks for
   */
  constructor(el, { current, pick }) {
    this.el = el;
    el.toggles.replaceChildren(...ALGORITHMS.map((algo) => button('algo-toggle', tr(`algo.${algo}`), { algo }, () => {
      const algos = current();
      pick(algos.includes(algo) ? algos.filter((name) => name !== algo) : [...algos, algo]);
    }, tr(`algo.about.${algo}`))));
    el.sets.replaceChildren(...ALGORITHM_SETS.map(({ key, algos }) => button('algo-toggle algo-set', tr(`compare.set.${key}`), { set: key, algos: algos.join(',') }, () => pick(algos))));
  }

  /** Marks the algorithms on; the last two cannot go, nor a fifth come. */
  render(algos) {
    for (const toggle of this.el.toggles.querySelectorAll('button[data-algo]')) {
      const on = algos.includes(toggle.dataset.algo);
      toggle.setAttribute('aria-pressed', String(on));
      toggle.disabled = (on && algos.length <= MIN_PANES) || (!on && algos.length >= MAX_PANES);
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
