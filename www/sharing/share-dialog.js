// The "Share / Embed" dialog: the link to the current state, an iframe snippet (the page in embed
// mode) and a <swrr-viz> element snippet, each with a Copy button. The snippets carry the same
// state as the URL (weights, step, algorithm and its options, scenario, speed, theme, panels), so each reproduces what is on
// screen. User text (the weights, names) is escaped for the HTML it goes into.

import { copyRow, createDialog } from './dialog.js';
import { tr } from '../words/i18n.js';
import { attributesOf, optionsOf } from '../state/state.js';
import { hashText, readHash } from '../state/url-state.js';

/** The iframe's size: fits the tanks, the explanation and the controls (with the algorithm settings) at this width. */
export const IFRAME_WIDTH = 760;
export const IFRAME_HEIGHT = 720;

/** `text` safe inside a double-quoted HTML attribute. */
export function escapeAttribute(text) {
  return String(text).replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/**
 * The three ways to show this state elsewhere.
 * @param {{href: string, state: {weights: string, t: number, tie: string, speed: number, algo?: string,
 *          subtract?: string, seed?: string, scenario?: string},
 *          theme: string, panels: string|null}} page
 *   `href`: the page's URL with its hash (the state); `panels`: the URL's `panels=` if set.
 * @returns {{link: string, iframe: string, element: string, moduleUrl: string}}
 */
export function shareSnippets({ href, state, theme, panels }) {
  const url = new URL(href);
  const hash = readHash(url.hash);
  hash.delete('embed');
  url.hash = hashText(hash);
  const link = url.href;
  hash.set('embed', '1');
  const embedUrl = new URL(url.href);
  embedUrl.hash = hashText(hash);
  const title = tr('share.iframeTitle', { weights: state.weights });
  const iframe = `<iframe src="${escapeAttribute(embedUrl.href)}" title="${escapeAttribute(title)}" width="${IFRAME_WIDTH}" height="${IFRAME_HEIGHT}" style="border: 0; max-width: 100%;" loading="lazy"></iframe>`;

  const moduleUrl = new URL('swrr-viz.js', url.href.replace(/#.*$/, '')).href;
  // The element's attributes are the URL's fields under their names (state.js), defaults left out.
  const attributes = attributesOf({ weights: state.weights, t: state.t, ...optionsOf(state), speed: state.speed });
  if (panels) attributes.push(['panels', panels]);
  attributes.push(...attributesOf({ theme }));
  // Render-blocking: the page is first drawn with the element already at its size (docs/EMBEDDING.md).
  const element = `<script type="module" src="${escapeAttribute(moduleUrl)}" blocking="render"></script>\n`
    + `<swrr-viz ${attributes.map(([name, value]) => `${name}="${escapeAttribute(value)}"`).join(' ')}></swrr-viz>`;
  return { link, iframe, element, moduleUrl };
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
    const link = copyRow({ id: 'share-link', labelKey: 'share.link', status });
    const iframe = copyRow({ id: 'share-iframe', labelKey: 'share.iframe', multiline: true, rows: 4, status });
    const element = copyRow({ id: 'share-element', labelKey: 'share.element', multiline: true, rows: 3, status });
    this.elementNote = document.createElement('p');
    this.elementNote.className = 'note';
    this.fields = { link: link.field, iframe: iframe.field, element: element.field };
    body.append(intro, this.fileNote, link.row, iframe.row, element.row, this.elementNote);
  }

  open() {
    const page = this.current();
    const snippets = shareSnippets(page);
    this.fields.link.value = snippets.link;
    this.fields.iframe.value = snippets.iframe;
    this.fields.element.value = snippets.element;
    this.fileNote.hidden = new URL(page.href).protocol !== 'file:';
    this.elementNote.textContent = tr('share.elementNote', { url: snippets.moduleUrl });
    this.showDialog();
    this.fields.link.focus();
  }
}
