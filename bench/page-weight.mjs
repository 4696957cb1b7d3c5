// Page weight of the first view in headless Chromium: every resource the page loads until the
// tanks, the strip, the plots and the metrics are drawn (the analysis worker included), with
// the bytes on the wire (this server sends files uncompressed) and what gzip -9 makes of each, as
// a static host that compresses would send them. A resource fetched again with a 304 (the worker
// asking for the wasm the page already has) counts once.
//   node bench/page-weight.mjs
//   import { measureWeight } from './page-weight.mjs'   (bench/all.mjs)

import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';

import { launchBrowser, startServer } from '../tests/browser/harness.mjs';

const KINDS = [
  ['html', /\.html$/],
  ['css', /\.css$/],
  ['wasm', /\.wasm$/],
  ['js', /\.m?js$/],
];

export async function measureWeight(browser, server) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const responses = [];
  // Worker requests belong to the context, not the page.
  context.on('requestfinished', async (request) => {
    const response = await request.response();
    if (!response) return;
    const sizes = await request.sizes();
    let body = Buffer.alloc(0);
    if (response.status() === 200) body = await response.body();
    responses.push({ url: request.url().replace(server.url, ''), status: response.status(), wire: sizes.responseBodySize, body });
  });
  try {
    await page.goto(`${server.url}index.html`);
    await page.waitForSelector('main#app[data-ready="true"]');
    await page.waitForSelector('section.plots[data-status="ready"]');
    await page.waitForTimeout(300);
  } finally {
    await context.close();
  }
  const unique = new Map();
  for (const r of responses) {
    if (r.status === 200 && !unique.has(r.url)) unique.set(r.url, r);
  }
  const files = [...unique.values()].map((r) => ({
    url: r.url,
    kind: KINDS.find(([, re]) => re.test(r.url))?.[0] ?? 'other',
    raw: r.body.length,
    gzip: gzipSync(r.body, { level: 9 }).length,
  }));
  const byKind = {};
  for (const f of files) {
    byKind[f.kind] ??= { files: 0, raw: 0, gzip: 0 };
    byKind[f.kind].files += 1;
    byKind[f.kind].raw += f.raw;
    byKind[f.kind].gzip += f.gzip;
  }
  const total = files.reduce((t, f) => ({ raw: t.raw + f.raw, gzip: t.gzip + f.gzip }), { raw: 0, gzip: 0 });
  const wire = responses.reduce((t, r) => t + r.wire, 0);
  return { files, byKind, total, wire, requests: responses.length, revalidated: responses.filter((r) => r.status === 304).length };
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const w = await measureWeight(browser, server);
    console.log('| kind | files | raw | gzip -9 |');
    console.log('|---|---:|---:|---:|');
    for (const [kind, k] of Object.entries(w.byKind)) console.log(`| ${kind} | ${k.files} | ${kb(k.raw)} | ${kb(k.gzip)} |`);
    console.log(`| **total** | ${w.files.length} | ${kb(w.total.raw)} | ${kb(w.total.gzip)} |`);
    console.log(`\n${w.requests} requests, ${w.revalidated} answered 304; ${kb(w.wire)} on the wire (uncompressed server)`);
    for (const f of w.files.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${f.url.padEnd(28)} ${String(f.raw).padStart(8)} ${String(f.gzip).padStart(8)}`);
  } finally {
    await browser.close();
    await server.close();
  }
}
