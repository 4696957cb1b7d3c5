// One pane of the comparison: an algorithm's walkthrough (tanks or its picture, narration,
// strip) in its own shadow root, under its name and what it is, with its key numbers from the
// core's metrics (compare-ranking.js) below.

import { errorText, tr } from '../words/i18n.js';
import { keyMetrics, showPaneMetrics } from './compare-ranking.js';
import { SwrrWidget } from '../widget/widget.js';

/** The panels a pane shows. */
export const PANE_PANELS = ['tanks', 'explain', 'strip'];
/** The page's stylesheets, beside compare.html (as its own <link>s name them). */
const STYLES = ['theme.css', 'widget.css'].map((file) => new URL(file, document.baseURI).href);
/**
 * Inside a pane: one column, the narration without the rules (the walkthrough page has them),
 * each as tall as it needs (not the row the widget gives the explanation beside the tanks).
 */
const PANE_STYLE = `
  :host { display: block; color: var(--fg); background: transparent; }
  .stage { grid-template-columns: minmax(0, 1fr) !important; grid-template-rows: none !important; }
  .stage:not(.single) .explain { contain: none; overflow: visible; }
  .explain h2, #rules, #tie-note { display: none; }
  #narration { min-height: 0; font-size: 0.95rem; }
  .strip-panel { margin: 0.4rem 0 0; }
  .strip-panel h2 { font-size: 0.95rem; margin: 0.2rem 0; }
  /* Beside other panes: the tanks at most as tall as leaves them on the first screen. In a
     laptop's window (page.css) the pictures are as wide as lets the tanks fit the window under
     where they start, and no taller than that where they are drawn no narrower than 280 px. */
  @media (min-width: 641px) { #tanks { max-height: var(--tanks-fit-height, max(15rem, 100vh - 33rem)); } }
  .tanks-wrap { justify-self: center; width: 100%; max-width: var(--tanks-fit-width, none); }
  svg.algo-picture { max-height: var(--tanks-fit-height, none); }
`;

let sheet = null;
/** The pane's stylesheet, built once and shared by every shadow root. */
function paneSheet() {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(PANE_STYLE);
  }
  return sheet;
}

export class ComparePane {
  /**
   * @param {string} algo
   * @param {object} options  the widget's (weights, step, speed, run options…)
   * @param {string} theme  `auto`, `light` or `dark`
   * @param {HTMLElement} panes  where the pane goes: in place before its widget is laid out, so
   *        the widget reserves its pictures' size at the width they will have
   */
  constructor(algo, options, theme, panes) {
    this.algo = algo;
    this.article = document.createElement('article');
    this.article.className = 'pane';
    this.article.dataset.algo = algo;
    const heading = document.createElement('h2');
    heading.textContent = tr(`algo.${algo}`);
    const about = document.createElement('p');
    about.className = 'note pane-about';
    about.textContent = tr(`algo.about.${algo}`);
    this.host = document.createElement('div');
    this.host.className = 'pane-widget';
    this.setTheme(theme);
    const shadow = this.host.attachShadow({ mode: 'open' });
    /** When the pane's stylesheets have loaded (or failed to): it is laid out as it will be. */
    this.styled = Promise.all(STYLES.map((href) => new Promise((resolve) => {
      shadow.append(Object.assign(document.createElement('link'), { rel: 'stylesheet', href, onload: resolve, onerror: resolve }));
    })));
    // A constructed stylesheet, not a <style> element: pages with a Content-Security-Policy
    // that allows no inline style (ours, and many documentation sites) still apply it.
    shadow.adoptedStyleSheets = [paneSheet()];
    const container = document.createElement('div');
    shadow.append(container);
    this.metricsList = document.createElement('dl');
    this.metricsList.className = 'pane-metrics';
    /** Where the pane's run stopped short of the others' step, and why (`showStopped`). */
    this.stoppedNote = Object.assign(document.createElement('p'), { className: 'note pane-stopped', hidden: true });
    /** What a step counts when it is an attempt of a request, not a pick (`showStepUnit`). */
    this.attemptsNote = Object.assign(document.createElement('p'), { className: 'note pane-attempts', hidden: true, textContent: tr('compare.stepsAreAttempts') });
    // All but the name in one box, which a laptop's window lays out on its own (compare.css).
    const body = Object.assign(document.createElement('div'), { className: 'pane-body' });
    body.append(about, this.attemptsNote, this.stoppedNote, this.host, this.metricsList);
    this.article.append(heading, body);
    panes.append(this.article);
    this.widget = new SwrrWidget(container, { panels: PANE_PANELS, ...options, algo });
    // The page speaks for every pane (compare-announcer.js); a pane's own announcer would say
    // each phase of each pane, unthrottled, and repeat its narration in the reading order.
    const announcer = container.querySelector('#announcer');
    if (announcer) {
      announcer.setAttribute('aria-live', 'off');
      announcer.hidden = true;
    }
    this.setMetrics({ metrics: null });
  }

  /**
   * Marks the pane as stopped short of the step the others show (`stop`: `{error}`, the core's
   * reason; null: not stopped): `data-stopped` is the step it shows, and a line above its picture says why.
   */
  showStopped(stop) {
    if (!stop) {
      delete this.article.dataset.stopped;
      this.stoppedNote.hidden = true;
      return;
    }
    const step = this.widget.position.t;
    this.article.dataset.stopped = String(step);
    const text = tr('compare.paneStopped', { step, message: errorText(stop.error) });
    if (this.stoppedNote.textContent !== text) this.stoppedNote.textContent = text;
    this.stoppedNote.hidden = false;
  }

  /**
   * A run of requests (SWRR with failures, backups) steps by attempt, a retry being a step of its
   * own, where the other panes pick once a step: `data-steps="attempts"` and a line say so.
   */
  showStepUnit() {
    const attempts = Boolean(this.widget.engine?.modelsRequests);
    if (attempts === (this.article.dataset.steps === 'attempts')) return;
    if (attempts) this.article.dataset.steps = 'attempts';
    else delete this.article.dataset.steps;
    this.attemptsNote.hidden = !attempts;
  }

  setTheme(theme) {
    if (theme === 'auto') this.host.removeAttribute('theme');
    else this.host.setAttribute('theme', theme);
  }

  /**
   * The core's metrics record (null: being measured), or why there is none (`reason`), or a run
   * of requests' (`requests`, the core's request metrics).
   */
  setMetrics({ metrics, reason = null, requests = null }) {
    this.metrics = metrics ? keyMetrics(metrics) : null;
    this.reason = reason;
    this.requests = requests;
    showPaneMetrics(this);
  }
}
