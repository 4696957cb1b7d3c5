// Page weight of the first view in headless Chromium: every resource the page loads until the
// tanks, the strip, the plots and the metrics are drawn (the analysis worker included), with
// the bytes on the wire (this server sends files uncompressed) and what gzip -9 makes of each, as
// a static host that compresses would send them. A resource fetched again with a 304 (the worker
// asking for the wasm the page already has) counts once. Then what the page loads on first use,
// one feature after the other (`firstUse`): each counts only the files it added.
//   node bench/page-weight.mjs
//   import { measureWeight } from './page-weight.mjs'   (bench/all.mjs)

import { gzipSync } from 'node:zlib';

import { runAlone } from './alone.mjs';

const KINDS = [
  ['html', /\.html$/],
  ['css', /\.css$/],
  ['wasm', /\.wasm$/],
  ['js', /\.m?js$/],
];

/** Features loaded on first use, in this order: [what, action in the page, what shows it is there]. */
const FIRST_USE = [
  ['the Share / Embed dialog', '#share', '#share-dialog[open]'],
  ['the Export / import dialog (and the extras wasm)', '#export', '#export-dialog[open]'],
  ['the quiz', '#open-quiz', '#quiz[data-exercise]'],
  ['the lesson', '#open-lesson', '#lesson[data-chapter]'],
  ['中文 (Chinese)', 'lang:zh', 'html[lang="zh-Hans"]'],
];

/** Per kind and in total, raw and gzip -9, of `files` ({url, raw, gzip}). */
function summarise(files) {
  const byKind = {};
  for (const f of files) {
    byKind[f.kind] ??= { files: 0, raw: 0, gzip: 0 };
    byKind[f.kind].files += 1;
    byKind[f.kind].raw += f.raw;
    byKind[f.kind].gzip += f.gzip;
  }
  const total = files.reduce((t, f) => ({ raw: t.raw + f.raw, gzip: t.gzip + f.gzip }), { raw: 0, gzip: 0 });
  return { files, byKind, total };
}

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
  const unique = new Map();
  /** The files loaded since the last call, each counted once. */
  const newFiles = () => {
    const files = [];
    for (const r of responses) {
      if (r.status !== 200 || unique.has(r.url)) continue;
      unique.set(r.url, r);
      files.push({
        url: r.url,
        kind: KINDS.find(([, re]) => re.test(r.url))?.[0] ?? 'other',
        raw: r.body.length,
        gzip: gzipSync(r.body, { level: 9 }).length,
      });
    }
    return files;
  };
  let first;
  let wire;
  let requests;
  let revalidated;
  const firstUse = {};
  try {
    await page.goto(`${server.url}index.html`);
    await page.waitForSelector('main#app[data-ready="true"]');
    await page.waitForSelector('section.plots[data-status="ready"]');
    await page.waitForTimeout(300);
    first = summarise(newFiles());
    wire = responses.reduce((t, r) => t + r.wire, 0);
    requests = responses.length;
    revalidated = responses.filter((r) => r.status === 304).length;
    for (const [what, action, shown] of FIRST_USE) {
      if (action.startsWith('lang:')) await page.selectOption('#language', action.slice(5));
      else await page.click(action);
      await page.waitForSelector(shown, { state: 'attached' });
      await page.waitForTimeout(300);
      if (action === '#share' || action === '#export') await page.keyboard.press('Escape');
      firstUse[what] = summarise(newFiles());
    }
  } finally {
    await context.close();
  }
  return { ...first, wire, requests, revalidated, firstUse };
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

await runAlone(import.meta.url, async (browser, server) => {
  const w = await measureWeight(browser, server);
  console.log('| kind | files | raw | gzip -9 |');
  console.log('|---|---:|---:|---:|');
  for (const [kind, k] of Object.entries(w.byKind)) console.log(`| ${kind} | ${k.files} | ${kb(k.raw)} | ${kb(k.gzip)} |`);
  console.log(`| **total** | ${w.files.length} | ${kb(w.total.raw)} | ${kb(w.total.gzip)} |`);
  console.log(`\n${w.requests} requests, ${w.revalidated} answered 304; ${kb(w.wire)} on the wire (uncompressed server)`);
  for (const f of w.files.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${f.url.padEnd(28)} ${String(f.raw).padStart(8)} ${String(f.gzip).padStart(8)}`);
  console.log('\nloaded on first use (each: the files it added):');
  for (const [what, later] of Object.entries(w.firstUse)) {
    console.log(`  ${what}: ${later.files.length} files, ${kb(later.total.raw)} raw, ${kb(later.total.gzip)} gzip`);
    for (const f of later.files.sort((a, b) => b.gzip - a.gzip)) console.log(`    ${f.url.padEnd(34)} ${String(f.raw).padStart(8)} ${String(f.gzip).padStart(8)}`);
  }
});
