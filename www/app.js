// The page: reads weights, asks the core for the trace and renders it. No algorithm here.

import init, { Walkthrough } from './pkg/swrr_viz.js';
import { renderTraceTable } from './trace-table.js';
import { readHash, writeHash } from './url-state.js';

const MAX_ROWS = 100;
const DEFAULT_WEIGHTS = '5,3,2';

const app = document.getElementById('app');
const input = document.getElementById('weights');
const errorBox = document.getElementById('weights-error');
const normalisationBox = document.getElementById('normalisation');
const summary = document.getElementById('trace-summary');
const table = document.getElementById('trace');

function showError(message) {
  errorBox.textContent = message;
  errorBox.hidden = message === '';
  input.setAttribute('aria-invalid', message === '' ? 'false' : 'true');
}

/** Recomputes everything for the typed text; on bad input shows why and keeps the last table. */
function update(text) {
  let walkthrough;
  try {
    walkthrough = new Walkthrough(text, 'first');
  } catch (error) {
    showError(error.message);
    return;
  }
  try {
    const weights = walkthrough.weights();
    const steps = Math.min(weights.period, MAX_ROWS);
    renderTraceTable(table, weights, walkthrough.rows(1, steps));
    showError('');
    normalisationBox.hidden = weights.normalisation == null;
    normalisationBox.textContent = weights.normalisation ? `Normalised to integers: ${weights.normalisation}` : '';
    summary.textContent = weights.period > steps
      ? `First ${steps} steps; the sequence repeats every ${weights.period} steps (W = ${weights.total}).`
      : `One full period: ${weights.period} steps (W = ${weights.total}, gcd ${weights.gcd}).`;
    writeHash(new Map([...readHash(), ['w', text]]));
  } finally {
    walkthrough.free();
  }
}

function showFatal(error) {
  const box = document.getElementById('fatal');
  box.textContent = `Something went wrong inside swrr-viz: ${error?.message ?? error}. Reload the page to start again.`;
  box.hidden = false;
  app.dataset.error = 'true';
}

async function main() {
  await init();
  const fromUrl = readHash().get('w');
  input.value = fromUrl ?? DEFAULT_WEIGHTS;
  input.addEventListener('input', () => update(input.value));
  window.addEventListener('hashchange', () => {
    const w = readHash().get('w');
    if (w !== undefined && w !== input.value) {
      input.value = w;
      update(w);
    }
  });
  update(input.value);
  app.dataset.ready = 'true';
}

window.addEventListener('error', (event) => showFatal(event.error ?? event.message));
window.addEventListener('unhandledrejection', (event) => showFatal(event.reason));
main().catch(showFatal);
