// The walkthrough's picture of the step: the tanks (SWRR's levels), or the picture of an
// algorithm without levels, and the nginx workers' shares of a run of requests. Laid out to the
// width of its box, which the widget's ResizeObserver reports.

import { MAX_TEXT_SCALE, countItems, hasLevels, workersApart } from '../engine.js';
import { withPanelNotice } from '../widget/lazy.js';
import { loadAlgorithmView, parts } from '../widget/panels.js';
import { tr } from '../words/i18n.js';
import { contentWidth, fillHeightOf, reserveTanks } from './tank-geometry.js';
import { textScaleOf } from '../draw/svg.js';
import { reservePicture } from '../algorithms/picture-layout.js';

export class StagePanel {
  /**
   * @param {ParentNode} scope  the widget; each picture is drawn only if it is there
   * @param {{algo: string, workers: number, zone: boolean}} asked  the options asked for (engine.js
   *        `normaliseOptions`), whose pictures take their places before the start
   * @param {{weights: string, step: number, alike: boolean}} start  the weights and the step asked
   *        for, whose nodes and state the pictures hold places for; whether the weights are
   *        written alike (engine.js `writtenAlike`)
   * @param {(error: Error) => void} failed  what to do when a picture cannot be drawn once its code has come
   */
  constructor(scope, asked, start, failed) {
    const $ = (id) => scope.querySelector(`#${id}`);
    const el = { tanks: $('tanks'), algoView: $('algo-view'), workersView: $('workers-view') };
    this.el = el;
    /** The box whose width the pictures follow (null without tanks). */
    this.box = el.tanks?.parentElement ?? null;
    // The box's width as the observer last reported it, as its frame last applied it, and as the
    // pictures are drawn.
    this.width = undefined;
    this.knownWidth = undefined;
    this.drawnWidth = undefined;
    this.frame = 0;
    this.failed = failed;
    /** The run shown and the view of it last drawn: `{engine, view}` (null before the start). */
    this.shown = null;
    this.tankView = null;
    this.algoView = null;
    this.workersView = null;
    /** The workers whose place is kept before the start (0: none). */
    this.reservedWorkers = 0;
    /** The picture of an algorithm without levels whose place is kept before the start: `{algo, nodes, step}` (null: none). */
    this.reservedPicture = null;
    // Before the start the empty tanks already take the size they will have, and so do the nginx
    // workers' tanks under them (once their code is here), or the picture of an algorithm without
    // levels (picture-layout.js: without its drawing code).
    if (el.tanks && el.algoView && !hasLevels(asked.algo)) {
      el.tanks.setAttribute('hidden', '');
      el.algoView.hidden = false;
      el.algoView.setAttribute('aria-busy', 'true');
      // Equal weights at the start (no event has changed them yet): Envoy's round robin, no queue.
      const equal = (start.step === 0 || asked.scenario.trim() === '') && start.alike;
      this.reservedPicture = { algo: asked.algo, nodes: countItems(start.weights), step: start.step, equal };
    } else if (el.tanks) {
      this.reservedWorkers = workersApart(asked) ? asked.workers : 0;
    }
    // Measured once (a layout): a widget made and started in one task, as the hosted page's
    // first view is replaced, draws at this width rather than force a second layout.
    this.measuredWidth = contentWidth(this.box);
    this.reserve(this.measuredWidth);
  }

  /**
   * Before the start, at a box `width` wide: the tanks' size, and the place of an algorithm's
   * picture, or of the workers' tanks once their code is here.
   */
  reserve(width) {
    const { el, reservedPicture } = this;
    if (el.tanks) {
      // Read while the styles are computed (the box was just measured): the tanks' first layout
      // takes them rather than force the styles to be computed again (`TankView.knownStyle`).
      this.reservedStyle = { textScale: textScaleOf(el.tanks), fillHeight: fillHeightOf(el.tanks) };
      // The text scale as the core takes it: at most its largest.
      reserveTanks(el.tanks, width, Math.min(this.reservedStyle.textScale, MAX_TEXT_SCALE), this.reservedStyle.fillHeight);
    }
    if (reservedPicture) reservePicture(el.algoView, reservedPicture, width);
    if (!this.reservedWorkers) return;
    this.buildWorkersView();
    this.workersView?.reserve(this.reservedWorkers, width);
  }

  /**
   * Builds the views with the panels' code (`parts` of widget/panels.js, loaded by now; the
   * picture of an algorithm without levels, if not, with the first run of one).
   */
  start() {
    const { TankView } = parts;
    const { el } = this;
    this.tankView = el.tanks ? new TankView(el.tanks) : null;
    this.buildWorkersView();
    this.buildAlgorithmView();
    // Drawn at the width the observer has reported, if it has (else as measured when the widget
    // was made): measuring the box would force a layout, and the frame the report asked for
    // need not draw them again.
    const width = this.width ?? (this.measuredWidth || undefined);
    this.drawnWidth = width;
    if (width !== undefined) {
      this.knownWidth = width;
      if (this.tankView) this.tankView.knownWidth = width;
    }
    if (this.tankView) {
      // For a first run drawn in this task only: later the styles may have changed (presenter mode).
      this.tankView.knownStyle = this.reservedStyle ?? null;
      queueMicrotask(() => {
        if (this.tankView) this.tankView.knownStyle = null;
      });
    }
  }

  /** The nginx workers' tanks, once their code is here (before the start, if their place is kept). */
  buildWorkersView() {
    const { WorkersView } = parts;
    if (this.el.workersView && WorkersView && !this.workersView) this.workersView = new WorkersView(this.el.workersView);
  }

  /** The picture of an algorithm without levels, once its code is here. */
  buildAlgorithmView() {
    const { AlgorithmView } = parts;
    if (this.el.algoView && AlgorithmView && !this.algoView) this.algoView = new AlgorithmView(this.el.algoView);
  }

  /** A new run: tanks for algorithms with levels, else the algorithm's own picture. */
  setRun(engine) {
    const { weights } = engine;
    const levels = engine.hasLevels;
    this.shown = { engine, view: null };
    // An <svg> has no `hidden` property: the attribute does it (`.swrr [hidden]` in widget.css).
    this.el.tanks?.toggleAttribute('hidden', !levels);
    this.el.algoView?.toggleAttribute('hidden', levels);
    if (levels) {
      this.el.algoView?.removeAttribute('aria-busy');
      if (this.tankView) {
        // The box's width may have changed while another algorithm's picture was shown.
        if (this.knownWidth) this.tankView.knownWidth = this.knownWidth;
        this.tankView.overlays = !engine.isPlain;
        this.tankView.setNodes(weights, engine.range, engine.largestWeights);
      }
    } else if (this.algoView) {
      this.el.algoView.removeAttribute('aria-busy');
      if (this.knownWidth) this.algoView.knownWidth = this.knownWidth;
      this.algoView.setRun(weights, engine.algorithm, engine);
    } else if (this.el.algoView) {
      this.awaitAlgorithmView(engine);
    }
    this.workersView?.setRun(engine);
  }

  /**
   * The first run of an algorithm without levels when its picture's code is not here yet: the
   * place keeps its least height (widget.css) and says so if the load takes a moment or fails;
   * the run's latest view is drawn once the code has come.
   */
  async awaitAlgorithmView(engine) {
    const root = this.el.algoView;
    root.setAttribute('aria-busy', 'true');
    const loaded = await withPanelNotice(root, tr('load.algorithmView'), loadAlgorithmView().then(() => true));
    if (this.shown?.engine !== engine) return;
    // A failure is no longer loading: out of a busy region, assistive technology reads the alert.
    if (!loaded) {
      root.removeAttribute('aria-busy');
      return;
    }
    try {
      this.buildAlgorithmView();
      const { view } = this.shown;
      this.setRun(engine);
      if (view) this.render(view, engine, { animate: false });
    } catch (error) {
      this.failed(error);
    }
  }

  /** Draws `view` of `engine`'s run. */
  render(view, engine, { animate, duration }) {
    if (this.shown) this.shown.view = view;
    if (engine.hasLevels) {
      this.tankView?.show(view, { animate, duration });
      this.workersView?.show(view);
    } else {
      this.algoView?.show(view);
    }
  }

  /** The workers' shares of the run's requests (the strip's analysis). */
  setMetrics(metrics) {
    this.workersView?.setMetrics(metrics);
  }

  /**
   * Follows a new width of the box among the ResizeObserver's `entries`; `run()` gives the run
   * when it is laid out (null before the start).
   */
  resize(entries, run) {
    for (const entry of entries) {
      const width = Math.round(entry.contentRect.width);
      if (entry.target !== this.box || width === this.width) continue;
      this.width = width;
      // Laid out in the next frame: resizing the SVG inside the observer's callback would
      // trigger the observer again in the same frame (a "ResizeObserver loop").
      cancelAnimationFrame(this.frame);
      this.frame = requestAnimationFrame(() => {
        this.knownWidth = width;
        const engine = run();
        if (!engine) {
          // Not started yet: the empty tanks keep the size they will have.
          this.reserve(width);
          return;
        }
        if (width === this.drawnWidth) return;
        this.drawnWidth = width;
        this.layout(engine, width);
      });
    }
    // A window only taller or shorter changes the height presenter mode gives a picture
    // (presenter.css `--picture-height`, `--tanks-fill-height`), and with it the container's:
    // drawn again at its width.
    const tall = [this.algoView, this.tankView].filter((view) => view?.heightChanged());
    if (tall.length) {
      cancelAnimationFrame(this.heightFrame);
      this.heightFrame = requestAnimationFrame(() => {
        for (const view of tall) if (view.heightChanged()) view.layout();
      });
    }
  }

  /**
   * Lays the pictures out again at the width they have: the styles they are drawn with changed
   * (presenter mode's larger text), or before the start the code of a picture whose place is
   * kept has come. `engine` is the run (null before the start).
   */
  relayout(engine) {
    if (engine) this.layout(engine, this.knownWidth);
    else this.reserve(this.knownWidth ?? contentWidth(this.box));
  }

  /** Lays the pictures of `engine`'s run out at a box `width` wide. */
  layout(engine, width) {
    if (engine.hasLevels) this.tankView?.layout(width);
    else this.algoView?.layout(width);
    this.workersView?.layout();
  }

  destroy() {
    this.shown = null;
    cancelAnimationFrame(this.frame);
    cancelAnimationFrame(this.heightFrame);
  }
}
