// Computes a run's metrics and plot columns off the main thread: the core's Analysis handle,
// fed in slices of ~12 ms, so a newer request (new weights) can cancel an older one between
// slices. Messages in: {id, type: 'analyse', weights, options, steps, window} and
// {id, type: 'columns', columns, nodes} and {type: 'cancel'}. Messages out: {id, type: 'progress'|'done'|'columns'|'error', …}.

import init, { Analysis } from '../pkg/swrr_viz.js';
import { computeColumns, pageMetrics } from './analysis-columns.js';

const SLICE_MS = 12;
let current = null; // {id, analysis}
const ready = init();

function post(message, transfer = []) {
  self.postMessage(message, transfer);
}

/**
 * A core error as data: the English message and, for the page's language, its code and params.
 * A trap (a panic in the core: a bug, not bad input) leaves this wasm instance unusable: it is
 * reported as such and the worker ends; the page then runs later analyses on its main thread.
 */
function failure(id, error) {
  if (error instanceof WebAssembly.RuntimeError) {
    setTimeout(() => self.close(), 0);
    return { id, type: 'error', panic: true, message: `the analysis failed inside swrr-viz (a bug, not your input): ${error.message}` };
  }
  return { id, type: 'error', message: error.message, code: error.code, params: error.params };
}

function analyse({ id, weights, options, steps, window }) {
  current?.analysis.free();
  current = null;
  let analysis;
  try {
    analysis = Analysis.withOptions(weights, options ?? {}, steps ?? undefined, window ?? undefined);
  } catch (error) {
    post(failure(id, error));
    return;
  }
  current = { id, analysis };
  const slice = () => {
    if (current?.id !== id) return; // superseded
    try {
      const progress = analysis.runFor(SLICE_MS);
      if (progress.finished) {
        post({ id, type: 'done', metrics: pageMetrics(analysis), steps: analysis.steps, window: analysis.window, period: analysis.period });
      } else {
        post({ id, type: 'progress', done: progress.done, total: progress.total });
        setTimeout(slice, 0);
      }
    } catch (error) {
      post(failure(id, error));
    }
  };
  slice();
}

function columns({ id, request }) {
  if (current?.id !== id) return;
  try {
    const result = computeColumns(current.analysis, request);
    post({ id, type: 'columns', result }, result.buffers);
    delete result.buffers;
  } catch (error) {
    post(failure(id, error));
  }
}

self.onmessage = async (event) => {
  await ready;
  const message = event.data;
  if (message.type === 'analyse') analyse(message);
  else if (message.type === 'columns') columns(message);
  else if (message.type === 'cancel') {
    current?.analysis.free();
    current = null;
  }
};
