// Every performance figure of swrr-viz in one run, printed as one Markdown report with each
// target and whether it is met (scripts/bench.sh builds what this needs and calls it).
//   node bench/all.mjs [--native target/bench/native.json] [--named target/bench/named-page.wasm]
//                      [--named-extras target/bench/named-extras.wasm]
// --native: `cargo bench --bench engine -- --json` output (the native picks/s beside the
// browser's); --named, --named-extras: the first view's and the extras' wasm with their name
// sections, for the size breakdown.

import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

import { launchBrowser, ROOT, startServer, WWW } from '../tests/browser/harness.mjs';
import { measureEngine } from './engine.mjs';
import { measureMemory, mb } from './memory.mjs';
import { measurePlayback } from './page-play.mjs';
import { measurePlots } from './plots.mjs';
import { elementWeightTable, measureElementWeight } from './element-weight.mjs';
import { farWalkReport, measureFarWalks } from './far-walk.mjs';
import { kb, measureWeight } from './page-weight.mjs';
import { measurePhone, phoneReport } from './phone.mjs';
import { tracePhone, traceReport } from './phone-trace.mjs';
import { measureStartup } from './startup.mjs';
import { wasmBreakdown } from './wasm-size.mjs';

const arg = (name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const nativeFile = arg('--native');
const namedFile = arg('--named');
const namedExtrasFile = arg('--named-extras');
const native = nativeFile ? JSON.parse(readFileSync(nativeFile, 'utf8')).engine : [];

const sci = (x) => (x >= 1e6 ? `${(x / 1e6).toFixed(x >= 1e8 ? 0 : 1)} M` : `${(x / 1e3).toFixed(0)} k`);
const verdict = (met, miss) => (met ? 'met' : `**missed**${miss ? `: ${miss}` : ''}`);
const log = (...a) => console.error(...a);

const server = await startServer();
const browser = await launchBrowser();
const out = [];
const print = (line = '') => out.push(line);
try {
  log('engine: wasm and plain JS in Chromium…');
  const engine = await measureEngine(browser, server);
  log('page weight…');
  const weight = await measureWeight(browser, server);
  // The hosted site (dist/, scripts/build-dist.mjs: bundled and minified), when built.
  let hosted = null;
  if (existsSync(join(ROOT, 'dist', 'index.html'))) {
    const site = await startServer(join(ROOT, 'dist'));
    try {
      hosted = await measureWeight(browser, site);
      log('one <swrr-viz> element, by panels…');
      hosted.element = await measureElementWeight(browser, site);
    } finally {
      await site.close();
    }
    log('the first view on a phone (dist/ with gzip, slow network, slow CPU)…');
    hosted.phone = await measurePhone(browser, 5);
    log('where that time goes (the same loads over HTTP/2, as GitHub Pages serves them, traced)…');
    hosted.phoneTrace = await tracePhone(browser, 5, { http2: true });
  }
  log('start-up (cold loads)…');
  const startup = await measureStartup(browser, server, 7);
  log('playback, 64 nodes at 300 steps/s…');
  const play = await measurePlayback(browser, server, 64, 4);
  log('far steps walked in slices, three times each…');
  const farWalks = await measureFarWalks(browser, server, 3);
  log('plots, 10^7 picks for 1,000 nodes…');
  const plots = await measurePlots(browser, server, { n: 1000, steps: 10_000_000 });
  log('memory (an hour of play simulated, far seeks)…');
  const memory = await measureMemory(browser, server);

  print('### Engine: picks per second, every pick computed');
  print();
  print('Native: `Swrr::fill_picks` (release build). wasm: `PickStream.fill(k)` (the extras module), a `Uint32Array` view of');
  print('a buffer the stream reuses, against plain JS writing into an array it reuses; and `PickStream.next(k)`, a new');
  print('`Uint32Array` each call, against plain JS making a new array each call. Plain JS: the obvious loop (numbers in');
  print('arrays, nginx\'s loop as written), in headless Chromium, same page, same run, rounds alternating; best round of');
  print('each. Same picks checked.');
  print();
  print('| nodes | native | wasm `fill` | plain JS | wasm ÷ JS (target ≥ 2) | native ÷ wasm (target ≤ 1.5) | wasm `next` | plain JS, new arrays | ÷ |');
  print('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const e of engine) {
    const n = native.find((x) => x.nodes === e.nodes);
    const ratioJs = e.wasm / e.js;
    const ratioNative = n ? n.bulk / e.wasm : NaN;
    print(`| ${e.nodes.toLocaleString('en')} | ${n ? sci(n.bulk) : '–'} | ${sci(e.wasm)} | ${sci(e.js)} | ${ratioJs.toFixed(2)}× ${ratioJs >= 2 ? 'met' : '**missed**'} | ${n ? `${ratioNative.toFixed(2)}× ${ratioNative <= 1.5 ? 'met' : '**missed**'}` : '–'} | ${sci(e.wasmCopy)} | ${sci(e.jsNew)} | ${(e.wasmCopy / e.jsNew).toFixed(2)}× |${e.same ? '' : ' PICKS DIFFER'}`);
  }
  print();

  if (hosted) {
    print('### The first view on a phone');
    print();
    for (const line of phoneReport(hosted.phone)) print(line);
    print();
    for (const line of traceReport(hosted.phoneTrace)) print(line);
    print();
  }
  print('### Page');
  print();
  print('| measure | figure | target | |');
  print('|---|---:|---:|---|');
  const wasmFile = weight.files.find((f) => f.kind === 'wasm');
  const weighed = (where, w) => {
    print(`| page weight, first view, ${where} (${w.files.length} files, gzip -9) | ${kb(w.total.gzip)} (raw ${kb(w.total.raw)}) | < 100 KB | ${verdict(w.total.gzip < 100 * 1024, `by ${kb(w.total.gzip - 100 * 1024)}`)} |`);
    for (const [kind, k] of Object.entries(w.byKind)) print(`| &nbsp;&nbsp;${kind} (${k.files}) | ${kb(k.gzip)} (raw ${kb(k.raw)}) | | |`);
    for (const [what, later] of Object.entries(w.firstUse)) {
      print(`| &nbsp;&nbsp;loaded on first use: ${what} (${later.files.length} files) | ${kb(later.total.gzip)} (raw ${kb(later.total.raw)}) | | |`);
    }
  };
  if (hosted) weighed('the hosted site (`dist/`, bundled and minified)', hosted);
  weighed('`www/` as written', weight);
  const single = join(ROOT, 'dist', 'swrr-viz.html');
  if (existsSync(single)) {
    const bytes = readFileSync(single);
    print(`| the single file \`dist/swrr-viz.html\` (every module, both wasm modules in base64) | ${kb(bytes.length)} (gzip -9 ${kb(gzipSync(bytes, { level: 9 }).length)}) | | |`);
  }
  print(`| start-up: navigation → first tanks drawn, cold, median of ${startup.runs} | ${startup.drawn.toFixed(0)} ms (${startup.min.toFixed(0)}–${startup.max.toFixed(0)}) | < 300 ms | ${verdict(startup.drawn < 300)} |`);
  print(`| playback, 64 nodes at 300 steps/s: frames per second | ${play.fps.toFixed(1)} | ≥ 58 | ${verdict(play.fps >= 58)} |`);
  print(`| &nbsp;&nbsp;long frames (> 16.7 ms) / longest | ${(100 * play.longShare).toFixed(2)} % / ${play.longest.toFixed(1)} ms | < 1 % | ${verdict(play.longShare < 0.01)} |`);
  const longest = plots.tasks.length ? Math.max(...plots.tasks) : 0;
  print(`| 10⁷ picks, 1,000 nodes: longest main-thread task | ${longest ? `${longest.toFixed(0)} ms` : 'none over 50 ms'} (compute + draw ${plots.elapsed.toFixed(0)} ms) | < 50 ms | ${verdict(!longest)} |`);
  print(`| wasm memory after 10⁷ picks, 1,000 nodes (period 49,019) | ${mb(memory.analysis1000.end)} (a fresh instance: ${mb(memory.analysis1000.start)}) | | |`);
  print(`| wasm memory after 10⁷ picks that never repeat (random, 8 nodes: every pick kept) | ${mb(memory.analysisRandom.end)} | | |`);
  // Bounded: the second half of the run adds nothing (wasm memory only grows, in 64 KB pages).
  const flat = (series) => series.at(-1) === series[Math.floor(series.length / 2)];
  const row = (label, series) => print(`| ${label} | ${series.map(mb).join(' → ')} | bounded | ${verdict(flat(series))} |`);
  row('an hour of play at 300 steps/s, repeating run, 64 nodes (every 10 min)', memory.playPeriodic.series);
  row('an hour of play, scenario run (never repeats), 64 nodes (every 10 min)', memory.playScenario.series);
  row('10 seeks of 2·10⁶ steps forward, scenario run, 64 nodes', [memory.seekFar.series[0], memory.seekFar.series[4], memory.seekFar.series.at(-1)]);
  print();
  print('### A far step walked in slices between frames');
  print();
  print('From the page\'s first `data-reaching` to its end (medians of 3, each run in brackets), the frames drawn meanwhile');
  print('and the longest wait for one; beside it the same steps in one task, the tab frozen.');
  print();
  for (const line of farWalkReport(farWalks)) print(line);
  print();
  if (hosted) {
    print('### One `<swrr-viz>` element, by the panels it shows');
    print();
    print('What a page with one element loads from the hosted site (bundled: the element\'s entry and chunks), each panel\'s');
    print('code only when shown; the worker counts where the strip shows. The wasm is the same for all.');
    print();
    print(elementWeightTable(hosted.element));
    print();
  }
  const errors = [...play.errors, ...plots.errors];
  if (errors.length) print(`Page errors: ${errors.join('; ')}`);

  const breakdown = (file, shippedFile, title) => {
    const b = wasmBreakdown(file);
    const shipped = readFileSync(shippedFile);
    print(`### ${title}: ${kb(shipped.length)}, ${kb(gzipSync(shipped, { level: 9 }).length)} gzip`);
    print();
    print('Code bytes by the function\'s name (callees inlined into an exported function count as the facade).');
    print();
    print('| part | bytes | share |');
    print('|---|---:|---:|');
    const pct = (x) => `${((100 * x) / b.total).toFixed(1)} %`;
    for (const [part, bytes] of b.parts) print(`| ${part} | ${bytes.toLocaleString('en')} | ${pct(bytes)} |`);
    print(`| data (strings: messages, presets, descriptions) | ${b.data.toLocaleString('en')} | ${pct(b.data)} |`);
    print(`| types, imports, exports, tables | ${b.other.toLocaleString('en')} | ${pct(b.other)} |`);
    print();
  };
  if (namedFile) breakdown(namedFile, join(WWW, 'pkg', 'swrr_viz_bg.wasm'), 'The first view\'s wasm (www/pkg)');
  if (namedExtrasFile) breakdown(namedExtrasFile, join(WWW, 'pkg-extras', 'swrr_viz_extras_bg.wasm'), 'The extras wasm, loaded on first use (www/pkg-extras)');
  if (wasmFile) log(`(wasm in the first view: ${kb(wasmFile.raw)}, ${kb(wasmFile.gzip)} gzip)`);
} finally {
  await browser.close();
  await server.close();
}
console.log(out.join('\n'));
