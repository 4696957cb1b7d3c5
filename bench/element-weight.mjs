// What one <swrr-viz> element loads, by the panels it shows: the JavaScript (its modules, and the
// analysis worker's when the strip or the plots show) and the wasm, raw and gzip -9, on the hosted
// site (dist/: www/'s modules one for one, minified; scripts/build-dist.mjs first). A page with
// one element, nothing else.
//   node bench/element-weight.mjs
//   import { measureElementWeight } from './element-weight.mjs'   (bench/all.mjs)

import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

import { ROOT } from '../tests/browser/harness.mjs';
import { runAlone } from './alone.mjs';
import { kb } from './page-weight.mjs';

export const ELEMENT_PANELS = ['tanks', 'tanks explain controls', 'tanks table', 'tanks strip', 'editor tanks explain controls scenario strip table plots'];

/** The bytes an element showing `panels` loads, on `server` (the hosted site). */
async function weighOne(browser, server, panels) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const files = new Map();
  context.on('requestfinished', async (request) => {
    const response = await request.response();
    const path = new URL(request.url()).pathname;
    if (response?.status() !== 200 || !/\.(m?js|wasm)$/.test(path) || files.has(path)) return;
    const body = await response.body();
    files.set(path, { wasm: path.endsWith('.wasm'), raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  });
  try {
    // A fresh context: nothing cached, the element's code counted from nothing.
    const page = await context.newPage();
    await page.route('**/one-element.html', (route) => route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>one element</title><script type="module" src="swrr-viz.js"></script><swrr-viz panels="${panels}"></swrr-viz>`,
    }));
    await page.goto(`${server.url}one-element.html`);
    await page.waitForSelector('swrr-viz[data-ready="true"]');
    if (panels.includes('strip')) await page.waitForFunction(() => document.querySelector('swrr-viz').shadowRoot.querySelector('section.strip-panel')?.dataset.status === 'ready');
    await page.waitForLoadState('networkidle');
    const sum = (wasm) => [...files.values()].filter((f) => f.wasm === wasm).reduce((t, f) => ({ files: t.files + 1, raw: t.raw + f.raw, gzip: t.gzip + f.gzip }), { files: 0, raw: 0, gzip: 0 });
    return { panels, js: sum(false), wasm: sum(true) };
  } finally {
    await context.close();
  }
}

export async function measureElementWeight(browser, server) {
  const rows = [];
  for (const panels of ELEMENT_PANELS) rows.push(await weighOne(browser, server, panels));
  return rows;
}

export function elementWeightTable(rows) {
  const lines = ['| panels | JS files | JS raw | JS gzip -9 | wasm gzip -9 |', '|---|---:|---:|---:|---:|'];
  for (const r of rows) lines.push(`| \`${r.panels}\` | ${r.js.files} | ${kb(r.js.raw)} | ${kb(r.js.gzip)} | ${kb(r.wasm.gzip)} |`);
  return lines.join('\n');
}

await runAlone(import.meta.url, async (browser, server) => {
  console.log(elementWeightTable(await measureElementWeight(browser, server)));
}, join(ROOT, 'dist'));
