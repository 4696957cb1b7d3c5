// The "Share / Embed" dialog: the link to the current state, an iframe snippet (the page in embed
// mode) and a <swrr-viz> element snippet, each with a Copy button. The snippets carry the same
// state as the URL (weights, step and its phase, algorithm and its options, scenario, speed, theme, panels), so each reproduces what is on
// screen. User text (the weights, names) is escaped for the HTML it goes into.

import { copyRow, createDialog } from './dialog.js';
import { has, tr } from '../words/i18n.js';
import { URL_PHASES, attributesOf, optionsOf, positionOf } from '../state/state.js';
import { hashText, readHash } from '../state/url-state.js';

/**
 * The iframe's width, where the tanks and the explanation sit side by side, and its height until
 * the page in embed mode has been measured at that width for the state shared (`embedHeight`).
 */
export const IFRAME_WIDTH = 760;
export const IFRAME_HEIGHT = 720;
/** How long a measurement may take before the snippet keeps IFRAME_HEIGHT. */
const MEASURE_MS = 10_000;
/** The page's height counts once it has stayed the same this long after it is ready (late panels). */
const SETTLED_MS = 400;

/** `text` safe inside a double-quoted HTML attribute. */
export function escapeAttribute(text) {
  return String(text).replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/**
 * The algorithm of the walkthrough as a title names it: SWRR by the page's title, another by its
 * name in the algorithm picker, capitalised ("Interleaved (IPVS)").
 */
export function algorithmTitle(algo = 'swrr') {
  if (algo === 'swrr' || !has(`algo.${algo}`)) return tr('app.title');
  return tr(`algo.${algo}`).replace(/^\p{Ll}/u, (letter) => letter.toUpperCase());
}

/**
 * The three ways to show this state elsewhere.
 * @param {{href: string, state: {weights: string, t: number, phase?: string, tie: string, speed: number, algo?: string,
 *          subtract?: string, seed?: string, scenario?: string},
 *          theme: string, panels: string|null}} page
 *   `href`: the page's URL with its hash (the state); `state.t`: the steps done, `state.phase`:
 *   the position's (widget.js `state`); `panels`: the URL's `panels=` if set.
 *   `height`: the iframe's, as measured (`embedHeight`).
 * @returns {{link: string, iframe: string, element: string, moduleUrl: string, embedUrl: string}}
 */
export function shareSnippets({ href, state, theme, panels, height = IFRAME_HEIGHT }) {
  const url = new URL(href);
  const hash = readHash(url.hash);
  hash.delete('embed');
  url.hash = hashText(hash);
  const link = url.href;
  hash.set('embed', '1');
  const embedUrl = new URL(url.href);
  embedUrl.hash = hashText(hash);
  const title = tr('share.iframeTitle', { algorithm: algorithmTitle(state.algo), weights: state.weights });
  const iframe = `<iframe src="${escapeAttribute(embedUrl.href)}" title="${escapeAttribute(title)}" width="${IFRAME_WIDTH}" height="${height}" style="border: 0; max-width: 100%;" loading="lazy"></iframe>`;

  const moduleUrl = new URL('swrr-viz.js', url.href.replace(/#.*$/, '')).href;
  // The element's attributes are the URL's fields under their names (state.js), defaults left out;
  // its step is the one shown and its phase that step's (a link's `t` is the steps done).
  const shown = positionOf({ t: state.t, phase: URL_PHASES.includes(state.phase) ? state.phase : null });
  const phase = URL_PHASES.includes(shown.phase) ? shown.phase : null;
  const attributes = attributesOf({ weights: state.weights, t: shown.t, phase, ...optionsOf(state), speed: state.speed });
  if (panels) attributes.push(['panels', panels]);
  attributes.push(...attributesOf({ theme }));
  // Render-blocking: the page is first drawn with the element already at its size (docs/EMBEDDING.md).
  const element = `<script type="module" src="${escapeAttribute(moduleUrl)}" blocking="render"></script>\n`
    + `<swrr-viz ${attributes.map(([name, value]) => `${name}="${escapeAttribute(value)}"`).join(' ')}></swrr-viz>`;
  return { link, iframe, element, moduleUrl, embedUrl: embedUrl.href };
}

/**
 * The height the page in embed mode at `url` takes at IFRAME_WIDTH, from a hidden frame of it
 * (same origin): once it is ready and its height has settled. Null where it cannot be read (a
 * page opened from a file) or takes too long.
 */
export function embedHeight(url) {
  // A page opened from a file may frame nothing (the single file's policy): its snippet keeps 720.
  if (new URL(url).protocol === 'file:') return Promise.resolve(null);
  return new Promise((resolve) => {
    const frame = document.createElement('iframe');
    frame.setAttribute('aria-hidden', 'true');
    frame.tabIndex = -1;
    Object.assign(frame.style, {
      position: 'fixed', left: '-10000px', top: '0', width: `${IFRAME_WIDTH}px`, height: `${IFRAME_HEIGHT}px`, border: '0', visibility: 'hidden',
    });
    let last = 0;
    let since = 0;
    const finish = (height) => {
      clearInterval(poll);
      clearTimeout(timer);
      frame.remove();
      resolve(height);
    };
    const poll = setInterval(() => {
      let doc;
      try {
        doc = frame.contentDocument;
      } catch {
        finish(null);
        return;
      }
      if (!doc?.querySelector('main#app[data-ready="true"]')) return;
      // The content's height, not the frame's: a page shorter than the frame takes less.
      const height = Math.ceil(doc.documentElement.getBoundingClientRect().height);
      if (height !== last) [last, since] = [height, performance.now()];
      else if (performance.now() - since >= SETTLED_MS) finish(height);
    }, 100);
    const timer = setTimeout(() => finish(null), MEASURE_MS);
    frame.src = url;
    document.body.append(frame);
  });
}

export class ShareDialog {
  /** @param {() => {href: string, state: object, theme: string, panels: string|null}} current */
  constructor(current) {
    this.current = current;
    const { dialog, body, status, open } = createDialog('share-dialog', 'share.title');
    this.dialog = dialog;
    this.showDialog = open;
    const intro = document.createElement('p');
    intro.className = 'note';
    intro.textContent = tr('share.intro');
    this.fileNote = document.createElement('p');
    this.fileNote.className = 'note warning';
    this.fileNote.textContent = tr('share.fileNote');
    const link = copyRow({ id: 'share-link', labelKey: 'share.link', copyKey: 'copy.link', status });
    const iframe = copyRow({ id: 'share-iframe', labelKey: 'share.iframe', copyKey: 'copy.iframe', multiline: true, rows: 4, status, busyKey: 'copy.measuring' });
    // The iframe keeps the height measured at IFRAME_WIDTH: a narrower column scrolls inside it.
    const iframeNote = document.createElement('p');
    iframeNote.className = 'note';
    iframeNote.id = 'share-iframe-note';
    iframeNote.textContent = tr('share.iframeNote', { width: IFRAME_WIDTH });
    const element = copyRow({ id: 'share-element', labelKey: 'share.element', copyKey: 'copy.element', multiline: true, rows: 3, status });
    this.elementNote = document.createElement('p');
    this.elementNote.className = 'note';
    this.fields = { link: link.field, iframe: iframe.field, element: element.field };
    this.iframeCopy = iframe.button;
    body.append(intro, this.fileNote, link.row, iframe.row, iframeNote, element.row, this.elementNote);
  }

  open() {
    const page = this.current();
    const snippets = shareSnippets(page);
    this.fields.link.value = snippets.link;
    this.measureIframe(page, snippets.embedUrl);
    this.fields.element.value = snippets.element;
    this.fileNote.hidden = new URL(page.href).protocol !== 'file:';
    this.elementNote.textContent = tr('share.elementNote', { url: snippets.moduleUrl });
    this.showDialog();
    this.fields.link.focus();
  }

  /**
   * The iframe snippet takes the height the page in embed mode needs for this state, once
   * measured (once per state: a state shared again keeps its height). Till then the field is
   * busy and empty (nothing to select and copy by hand), and its Copy button disabled, saying
   * "Measuring…": a copy always carries the height.
   */
  async measureIframe(page, embedUrl) {
    const field = this.fields.iframe;
    this.heights ??= new Map();
    delete field.dataset.height;
    this.measuring = embedUrl;
    const known = this.heights.get(embedUrl);
    if (known === undefined) {
      field.value = '';
      this.setMeasuring(true);
    }
    const height = known ?? await embedHeight(embedUrl) ?? IFRAME_HEIGHT;
    if (this.measuring !== embedUrl) return;
    this.heights.set(embedUrl, height);
    field.value = shareSnippets({ ...page, height }).iframe;
    field.dataset.height = String(height);
    this.setMeasuring(false);
  }

  /** The iframe field busy, its Copy button disabled (saying "Measuring…"), while its height is measured. */
  setMeasuring(measuring) {
    const field = this.fields.iframe;
    if (measuring) field.setAttribute('aria-busy', 'true');
    else field.removeAttribute('aria-busy');
    field.placeholder = measuring ? tr('copy.measuring') : '';
    this.iframeCopy.disabled = measuring;
    // Its name is what it says: "Measuring…", then what it copies.
    this.iframeCopy.setAttribute('aria-label', tr(measuring ? 'copy.measuring' : 'copy.iframe'));
  }
}
