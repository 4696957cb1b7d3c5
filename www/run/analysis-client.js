// Runs analyses for the plots: in a Web Worker when the page can start one, else on the main
// thread in slices of a few milliseconds (a page opened from file:// cannot start workers).
// Either way the main thread is never blocked for long, and a newer request cancels an older one.

import { Analysis } from '../pkg/swrr_viz.js';
import { computeColumns, pageMetrics } from './analysis-columns.js';

const MAIN_THREAD_SLICE_MS = 8;
let workersAllowed = true;

/**
 * Runs every later analysis on the main thread. The single-file build calls this first: its page
 * is opened from file://, where module workers cannot start, and it has no worker file anyway.
 */
export function disableWorkers() {
  workersAllowed = false;
}

export class AnalysisClient {
  constructor() {
    this.id = 0;
    this.handlers = new Map();
    try {
      if (!workersAllowed) throw new Error('workers disabled');
      this.worker = new Worker(new URL('./analysis-worker.js', import.meta.url), { type: 'module' });
      this.worker.onmessage = (event) => {
        this.loaded = true;
        if (this.dead) {
          this.worker.terminate();
          return;
        }
        if (event.data.panic) {
          // The worker's core panicked and the worker ended: later analyses run here.
          this.worker.terminate();
          this.worker = null;
        }
        this.handlers.get(event.data.id)?.(event.data);
      };
      this.worker.onerror = () => this.fallBack();
    } catch {
      this.worker = null;
    }
    this.local = null;
  }

  /** The worker could not start (or died): redo the pending request here. */
  fallBack() {
    this.worker?.terminate();
    this.worker = null;
    if (this.last) this.analyseHere(this.last.id, this.last.request);
  }

  /**
   * Starts an analysis of `weights` run with `options` (`{algo, tie, subtract, seed}`, as
   * `Analysis.withOptions` takes them); `onEvent` receives {type: 'progress', done, total}, {type: 'done',
   * metrics, steps, window, period} or {type: 'error', message, code, params}. Returns its id.
   */
  analyse({ weights, options, steps, window }, onEvent) {
    this.handlers.clear();
    const id = ++this.id;
    this.handlers.set(id, onEvent);
    this.last = { id, request: { weights, options, steps, window } };
    this.requested = true;
    if (this.worker) {
      this.worker.postMessage({ id, type: 'analyse', weights, options, steps, window });
    } else {
      this.analyseHere(id, { weights, options, steps, window });
    }
    return id;
  }

  /** Asks the finished analysis `id` for plot columns; resolves with the result or rejects. */
  columns(id, request) {
    return new Promise((resolve, reject) => {
      const handler = (message) => {
        if (message.type === 'columns') resolve(message.result);
        else if (message.type === 'error') reject(Object.assign(new Error(message.message), { code: message.code, params: message.params }));
      };
      if (this.worker) {
        const previous = this.handlers.get(id);
        this.handlers.set(id, (message) => (message.type === 'columns' || message.type === 'error' ? handler(message) : previous?.(message)));
        this.worker.postMessage({ id, type: 'columns', request });
      } else if (this.local?.id === id) {
        try {
          const result = computeColumns(this.local.analysis, request);
          delete result.buffers;
          resolve(result);
        } catch (error) {
          reject(error);
        }
      }
    });
  }

  /** Drops the pending analysis (its events never arrive): the run changed to one not measured. */
  cancel() {
    this.handlers.clear();
    this.id += 1;
    this.last = null;
    if (this.worker && this.loaded) this.worker.postMessage({ id: this.id, type: 'cancel' });
    this.local?.analysis.free();
    this.local = null;
  }

  analyseHere(id, { weights, options, steps, window }) {
    this.local?.analysis.free();
    this.local = null;
    const onEvent = this.handlers.get(id);
    let analysis;
    try {
      analysis = Analysis.withOptions(weights, options ?? {}, steps ?? undefined, window ?? undefined);
    } catch (error) {
      onEvent({ type: 'error', message: error.message, code: error.code, params: error.params });
      return;
    }
    this.local = { id, analysis };
    const slice = () => {
      if (this.id !== id) return;
      try {
        const progress = analysis.runFor(MAIN_THREAD_SLICE_MS);
        if (progress.finished) {
          onEvent({ type: 'done', metrics: pageMetrics(analysis), steps: analysis.steps, window: analysis.window, period: analysis.period });
        } else {
          onEvent({ type: 'progress', done: progress.done, total: progress.total });
          setTimeout(slice, 0);
        }
      } catch (error) {
        onEvent({ type: 'error', message: error.message, code: error.code, params: error.params });
      }
    };
    // Events come after analyse() has returned its id, as they do from the worker: a short run
    // finishes in its first slice, and its 'done' must not reach the caller before the id does.
    setTimeout(slice, 0);
  }

  destroy() {
    // A worker still fetching its module or the wasm would abort those requests: it is ended at
    // its first message instead (every analysis answers at least once).
    this.handlers.clear();
    if (this.loaded || !this.requested) this.worker?.terminate();
    else this.dead = true;
    this.local?.analysis.free();
    this.local = null;
  }
}
