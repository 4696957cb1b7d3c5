// The code behind each panel of the walkthrough, loaded when a widget first shows that panel: an
// element that shows the tanks loads neither the plots, nor the table, nor the analysis worker.
// Bundlers make each module imported below a chunk of its own. A widget starts once
// `loadPanels(its panels, its algorithms)` has resolved, and reads the classes it draws with
// from `parts`.

import { hasLevels } from '../engine.js';

/** Each panel's modules (the controls panel needs none beyond the widget's own). */
const LOADERS = {
  editor: () => [import('../editor/weights-editor.js')],
  tanks: () => [import('../stage/tanks.js'), import('../requests/workers-view.js')],
  explain: () => [import('../stage/sum-drift.js')],
  scenario: () => [import('../editor/scenario-editor.js')],
  strip: () => [import('../run/plots.js'), import('../run/analysis-client.js'), import('../requests/request-strip.js')],
  table: () => [import('../table/trace-table.js'), import('../table/algorithm-table.js')],
  plots: () => [import('../run/plots.js'), import('../run/analysis-client.js'), import('../requests/request-metrics-view.js')],
};

/**
 * Not a panel: the picture the tanks' place shows for an algorithm without levels (nginx SWRR,
 * the default, has levels), loaded with a widget that starts on one or with the first run of one.
 */
const algorithmView = () => [import('../algorithms/algorithm-view.js')];

/**
 * Panels a page may start without and add once the first tanks are drawn (`SwrrWidget.attachPlots`):
 * below the fold, and their analysis runs in a worker that would compete with the first view.
 */
export const LATER_PANELS = ['strip', 'plots'];

/** The exports of every module loaded so far (TankView, PlotsView, renderTraceTable…). */
export const parts = {};
const loading = new Map();

/** Loads the modules of `name` once (a failed load is tried again by the next call). */
function load(name, loader = LOADERS[name]) {
  if (!loading.has(name)) {
    const promise = Promise.all(loader()).then((modules) => {
      for (const module of modules) Object.assign(parts, module);
    });
    loading.set(name, promise);
    promise.catch(() => loading.delete(name));
  }
  return loading.get(name);
}

/**
 * Loads the modules of `panels`, and with the tanks the picture of any of `algos` that has no
 * levels (each once; a failed load is tried again by the next call).
 */
export function loadPanels(panels, algos = []) {
  const loads = panels.filter((panel) => LOADERS[panel]).map((panel) => load(panel));
  if (panels.includes('tanks') && !algos.every(hasLevels)) loads.push(loadAlgorithmView());
  return Promise.all(loads);
}

/** Loads the picture of the algorithms without levels (for a run of one, when it was not loaded with the panels). */
export function loadAlgorithmView() {
  return load('algorithm view', algorithmView);
}
