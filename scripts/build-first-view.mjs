// The hosted page's first view (scripts/build-dist.mjs calls buildFirstView after the site is
// built): dist/index.html gets the widget as the built page draws it for a bare link in English,
// so that a phone on a slow network sees the tanks once the page and its styles are in, before
// the page's code and the wasm. The page itself draws it: the built site is opened in Chromium
// (Debian's, or CHROMIUM) at each width of PHONE_WIDTHS, and main#app is taken as painted in the
// frame of its first tanks. The tanks' drawing depends on the width (tankLayout), the rest of the
// view does not (checked): the view is written once with one drawing of the tanks per width,
// and www/first-view.js keeps the one that fits, or takes the view away when none does, the link
// has a hash, or the reader's language is not English. www/app.js replaces it with the live
// widget once the core is here.

import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { launchBrowser, watchErrors } from '../tests/browser/harness.mjs';
import { startServer } from './serve.mjs';

/** CSS widths of the phones most used (a width not here keeps today's first view: the core draws the tanks). */
export const PHONE_WIDTHS = [360, 375, 384, 390, 393, 402, 412, 414, 428, 430];
/** Where the drawings of the tanks go in the view as taken. */
const TANKS_HERE = '<!--tanks-->';

/** How long the built page may take to draw its first tanks before the build gives up. */
const READY_WITHIN_MS = 60_000;

/**
 * In the page, at its first tanks (main#app[data-ready="true"], in the task that drew them):
 * main#app as HTML, with the form fields' values written as attributes and the style attributes
 * as data-first-view-style (the page's CSP refuses inline styles in its HTML), and its tanks apart.
 */
function takeAtFirstTanks() {
  window.firstView = new Promise((resolve) => {
    const take = () => {
      const app = document.getElementById('app');
      for (const input of app.querySelectorAll('input')) {
        if (input.type === 'checkbox' || input.type === 'radio') input.toggleAttribute('checked', input.checked);
        else input.setAttribute('value', input.value);
      }
      for (const option of app.querySelectorAll('option')) option.toggleAttribute('selected', option.selected);
      for (const area of app.querySelectorAll('textarea')) area.textContent = area.value;
      const tanks = app.querySelector('#tanks');
      // The width the tanks were drawn for: their viewBox's (the core's `page_width` of the box's).
      const width = tanks.viewBox.baseVal.width;
      const copy = app.cloneNode(true);
      for (const element of copy.querySelectorAll('[style]')) {
        element.dataset.firstViewStyle = element.getAttribute('style');
        element.removeAttribute('style');
      }
      const drawing = copy.querySelector('#tanks');
      drawing.removeAttribute('id');
      drawing.dataset.firstViewWidth = String(Math.round(width));
      const tanksHtml = drawing.outerHTML;
      drawing.replaceWith(document.createComment('tanks'));
      resolve({
        // The link as the page writes it once loaded (a reload of it gets the view too).
        hash: location.hash,
        attributes: [...copy.attributes].map(({ name, value }) => [name, value]),
        inner: copy.innerHTML,
        tanks: tanksHtml,
        box: Math.round(width),
      });
    };
    const observer = new MutationObserver(() => {
      if (document.getElementById('app')?.dataset.ready !== 'true') return;
      observer.disconnect();
      // In the task that drew them, as the live widget is when it takes the view's place: what
      // comes in later tasks (the trace table's rows, a timer's) is not there then either, and
      // a later moment would race them.
      take();
    });
    observer.observe(document, { attributes: true, subtree: true, childList: true, attributeFilter: ['data-ready'] });
  });
}

const escapeAttribute = (value) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The first view as taken at `width` from the site served at `url`. */
async function takeAt(browser, url, width) {
  const context = await browser.newContext({
    viewport: { width, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-US', colorScheme: 'light',
  });
  try {
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.addInitScript(takeAtFirstTanks);
    await page.goto(url);
    let timer;
    const late = new Promise((resolve) => {
      timer = setTimeout(resolve, READY_WITHIN_MS, null);
    });
    const taken = await Promise.race([page.evaluate(() => window.firstView), late]).finally(() => clearTimeout(timer));
    const failure = taken === null ? `no first tanks after ${READY_WITHIN_MS / 1000} s` : '';
    if (failure || errors.length) throw new Error(`the page at ${width} px: ${[failure, ...errors].filter(Boolean).join('; ')}`);
    return taken;
  } finally {
    await context.close();
  }
}

/** Writes the first view into `out`/index.html (the site built there): `{bytes, widths}`. */
export async function buildFirstView(out) {
  const server = await startServer({ root: out });
  const browser = await launchBrowser();
  const views = [];
  try {
    for (const width of PHONE_WIDTHS) views.push({ width, ...(await takeAt(browser, server.url, width)) });
  } finally {
    await browser.close();
    await server.close();
  }
  const [first] = views;
  for (const view of views) {
    if (view.inner !== first.inner) {
      const at = [...view.inner].findIndex((c, i) => c !== first.inner[i]);
      throw new Error(`the first view at ${view.width} px differs from the one at ${first.width} px beyond the tanks, at “${view.inner.slice(Math.max(0, at - 80), at + 80)}”: draw it per width, or make it the same`);
    }
    if (JSON.stringify(view.attributes) !== JSON.stringify(first.attributes)) throw new Error(`main#app's attributes differ at ${view.width} px`);
  }
  const drawings = new Map(views.map((view) => [view.box, view.tanks]));
  if (drawings.size !== views.length) throw new Error('two phone widths gave tanks of the same width: drop one of PHONE_WIDTHS');
  const attributes = first.attributes
    .filter(([name]) => name !== 'data-ready')
    .map(([name, value]) => `${name}="${escapeAttribute(value)}"`);
  if (first.attributes.some(([name]) => name === 'style')) throw new Error("main#app has a style attribute: first-view.js does not restore main's own");
  if (views.some((view) => view.hash !== first.hash)) throw new Error('the page wrote another link at another width');
  const main = `<main ${attributes.join(' ')} data-ready="false" data-first-view="waiting" data-first-view-hash="${escapeAttribute(first.hash)}" inert>${first.inner.replace(TANKS_HERE, [...drawings.values()].join(''))}</main>`;

  const file = join(out, 'index.html');
  const html = await readFile(file, 'utf8');
  const empty = /<main id="app"[^>]*>\s*<\/main>/;
  if (!empty.test(html)) throw new Error('dist/index.html has no empty <main id="app">: update build-first-view.mjs');
  await writeFile(file, html.replace(empty, () => main));
  return { bytes: Buffer.byteLength(main), widths: views.map((view) => view.width) };
}
