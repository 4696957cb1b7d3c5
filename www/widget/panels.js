// The code behind each panel of the walkthrough, loaded when a widget first shows that panel: an
// element that shows the tanks loads neither the plots, nor the table, nor the analysis worker.
// Bundlers make each module imported below a chunk of its own. A widget starts once
// `loadPanels(its panels)` has resolved, and reads the classes it draws with from `parts`.

/** Each panel's modules (the controls panel needs none beyond the widget's own). */
const LOADERS = {
  editor: () => [import('../editor/weights-editor.js')],
  tanks: () => [import('../stage/tanks.js'), import('../algorithms/algorithm-view.js'), import('../requests/workers-view.js')],
  explain: () => [import('../stage/sum-drift.js')],
  scenario: () => [import('../editor/scenario-editor.js')],
  strip: () => [import('../run/plots.js'), import('../run/analysis-client.js'), import('../requests/request-strip.js')],
  table: () => [import('../table/trace-table.js'), import('../table/algorithm-table.js')],
  plots: () => [import('../run/plots.js'), import('../run/analysis-client.js'), import('../requests/request-metrics-view.js')],
};

/**
 * Panels a page may start without and add once the first tanks are drawn (`SwrrWidget.attachPlots`):
 * below the fold, and their analysis runs in a worker that would compete with the first view.
 */
export const LATER_PANELS = ['strip', 'plots'];

/** The exports of every module loaded so far (TankView, PlotsView, renderTraceTable…). */
export const parts = {};
const loading = new Map();

/** Loads the modules of `panels` (each once; a failed load is tried again by the next call). */
export function loadPanels(panels) {
  return Promise.all(panels.filter((panel) => LOADERS[panel]).map((panel) => {
    if (!loading.has(panel)) {
      const promise = Promise.all(LOADERS[panel]()).then((modules) => {
        for (const module of modules) Object.assign(parts, module);
      });
      loading.set(panel, promise);
      promise.catch(() => loading.delete(panel));
    }
    return loading.get(panel);
  }));
}
