// The page's two dialogs, "Share / Embed" and "Export / import": each loaded (with dialogs.css,
// and for Export the extras wasm module) when first opened, and built anew after a switch of
// language.

import { extras } from '../extras.js';
import { loadStyle, once, withNotice } from '../widget/lazy.js';

export class PageDialogs {
  /**
   * @param {object} page
   * @param {HTMLElement} page.notice  where "Loading …" or a failure to load is said
   * @param {() => object} page.widget  the page's widget
   * @param {() => object} page.shared  what the share dialog offers: `{href, state, theme, panels}`
   */
  constructor({ notice, widget, shared }) {
    this.notice = notice;
    this.widget = widget;
    /** The opening under way (null: none); another one, or Escape, cancels it. */
    this.pending = null;
    this.share = once(async () => {
      const [{ ShareDialog }] = await Promise.all([import('./share-dialog.js'), loadStyle('dialogs.css')]);
      return new ShareDialog(shared);
    });
    this.export = once(async () => {
      const [{ ExportDialog }] = await Promise.all([import('./export-dialog.js'), extras(), loadStyle('dialogs.css')]);
      return new ExportDialog({
        widget,
        // The import's weights and events, and the try limit and workers its config states (`{tries, workers, zone}`).
        applyWeights: (text, scenario, traffic = {}) => widget().guard(() => widget().restore(text, { ...widget().state, scenario, ...traffic }, 0, { commit: true })),
      });
    });
  }

  /**
   * Opens `dialog` (`this.share` or `this.export`), loading it first the first time ("Loading
   * `what`…" in the notice line if that takes a moment, the failure there if it fails).
   */
  async open(dialog, what) {
    const ask = {};
    this.pending = ask;
    const loaded = dialog.value ?? await withNotice(this.notice, what, dialog());
    if (!loaded || this.pending !== ask) return;
    this.pending = null;
    this.widget().guard(() => loaded.open());
  }

  /** An opening still loading does not open (Escape). */
  cancel() {
    this.pending = null;
  }

  /** A dialog is written in the language it was built in: after a switch, the next opening builds it anew. */
  forget() {
    for (const dialog of [this.share, this.export]) {
      dialog.value?.dialog.remove();
      dialog.forget();
    }
  }
}
