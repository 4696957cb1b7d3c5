#!/usr/bin/env node
// The page in WebKit, Safari's engine: Debian's WebKitGTK through its WebDriver
// (tests/webkit/webdriver.mjs), on www/ as the browser tests serve it. Each check reads real
// values through the data-* contract (docs/PAGE.md) and nothing may go wrong on any page
// (tests/webkit/recorded-server.mjs records errors, rejections, console.error, CSP violations
// and HTTP errors). Exits 1 if a check fails.
//
//   node tests/webkit/check.mjs                      # the checks
//   node tests/webkit/check.mjs --screenshots DIR    # and the page at 390×844 and 1366×900,
//                                                    # light and dark, as PNGs in DIR
//
// Needs `apt-get install -y webkit2gtk-driver xvfb` (scripts/setup.sh webkit) and www/pkg,
// www/pkg-extras (scripts/build-wasm.sh). A window narrower than MiniBrowser's smallest
// (447 px) is an iframe of that size in a wider window: the page's media queries and
// innerWidth are the iframe's, as on a phone.

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

import { startRecordedServer } from './recorded-server.mjs';
import { launchWebKit } from './webdriver.mjs';

const { values: flags } = parseArgs({ options: { screenshots: { type: 'string' } } });
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
/** MiniBrowser's window is no narrower than this (its toolbar); narrower views are iframes. */
const NARROWEST_WINDOW = 460;

const started = Date.now();
const site = await startRecordedServer();
const webkit = await launchWebKit();
console.log(`WebKitGTK ${webkit.version} (MiniBrowser through WebKitWebDriver), site at ${site.url}`);

/**
 * Opens `path` (under www/) in a `width` × `height` view, a new document each time (a URL that
 * differs from the last by its hash alone would only change the hash); commands then go to it.
 */
async function open(path, { width, height } = DESKTOP) {
  await webkit.frame(null);
  await webkit.go('about:blank');
  if (width >= NARROWEST_WINDOW) {
    await webkit.setViewport(width, height);
    await webkit.go(site.url + path);
  } else {
    await webkit.setViewport(NARROWEST_WINDOW, height);
    await webkit.go(site.framed(path, width, height));
    await webkit.frame(0);
  }
  await webkit.waitFor('document.readyState === "complete" && window.__errors', { what: `${path} loaded` });
}

const appIs = (step, phase = 'drain') =>
  `document.querySelector("main#app")?.dataset.step === "${step}" && document.querySelector("main#app")?.dataset.phase === "${phase}"`;
const waitReady = () => webkit.waitFor('document.querySelector("main#app")?.dataset.ready === "true"', { what: 'main#app[data-ready=true]' });

/** The tanks through their data-* attributes. */
const tanks = () => webkit.run(`return [...document.querySelectorAll('svg#tanks g.tank[data-node]')].map((g) => ({
  node: Number(g.dataset.node), weight: Number(g.dataset.weight), current: Number(g.dataset.current), picks: Number(g.dataset.picks),
  selected: g.hasAttribute('data-selected'), tied: g.hasAttribute('data-tied'), eligible: g.dataset.eligible !== 'false' }));`);

/** What went wrong in the page so far (the recorder's list) and on the server. */
async function problems() {
  const inPage = await webkit.run('return window.__errors;');
  const http = site.httpErrors.splice(0);
  return [...inPage, ...http.map((line) => `HTTP ${line}`)];
}

/** ResizeObserver loop notices, by page: reported, not failed (recorded-server.mjs says why). */
const notices = [];

async function assertNoProblems(where) {
  const count = await webkit.run('return window.__notices.length;');
  if (count > 0) notices.push(`${where}: ${count}`);
  const found = await problems();
  assert.deepEqual(found, [], `${where}: ${found.join('\n  ')}`);
}

/** The page's view is no wider than its window: nothing runs off to the side. */
async function assertFits(where) {
  const [scrollWidth, innerWidth] = await webkit.run('return [document.documentElement.scrollWidth, innerWidth];');
  assert.ok(scrollWidth <= innerWidth, `${where}: the page is ${scrollWidth} px wide in a ${innerWidth} px window`);
}

const checks = [];
const check = (name, body) => checks.push({ name, body });

check('index.html#w=5,3,2 is ready with three tanks at 0; Forward makes steps 1 and 2; Play plays and pauses', async () => {
  await open('index.html#w=5%2C3%2C2');
  await waitReady();
  assert.equal(await webkit.run('return document.querySelector("main#app").dataset.step;'), '0');
  assert.deepEqual((await tanks()).map(({ weight, current }) => [weight, current]), [[5, 0], [3, 0], [2, 0]]);
  await webkit.click('#forward');
  await webkit.waitFor(appIs(1), { what: 'step 1, drain' });
  const one = await tanks();
  assert.deepEqual(one.map((t) => t.current), [-5, 3, 2]);
  assert.deepEqual(one.map((t) => t.selected), [true, false, false]);
  assert.equal(await webkit.run('return document.querySelector("#sum").dataset.sum;'), '0');
  await webkit.click('#forward');
  await webkit.waitFor(appIs(2), { what: 'step 2, drain' });
  assert.deepEqual((await tanks()).map((t) => t.current), [0, -4, 4]);
  assert.equal(await webkit.run('return document.querySelector("#trace tr[data-step=\'2\']").dataset.winner;'), '1');
  await webkit.click('#play');
  await webkit.waitFor('document.querySelector("main#app").dataset.playing === "true"', { what: 'playing' });
  await webkit.waitFor('Number(document.querySelector("main#app").dataset.step) >= 3', { what: 'Play reaching step 3' });
  await webkit.click('#play');
  await webkit.waitFor('document.querySelector("main#app").dataset.playing === "false"', { what: 'paused' });
  await assertFits('desktop');
  await assertNoProblems('index.html');
});

check('a phone (390×844): ready, Forward, nothing wider than the window', async () => {
  await open('index.html#w=5%2C3%2C2&t=4', PHONE);
  await waitReady();
  assert.equal(await webkit.run('return innerWidth;'), PHONE.width);
  await webkit.click('#forward');
  await webkit.waitFor(appIs(5), { what: 'step 5, drain' });
  const five = await tanks();
  assert.deepEqual(five.map((t) => t.current), [-5, 5, 0]);
  assert.deepEqual(five.map((t) => t.tied), [true, true, false]);
  await assertFits('phone');
  await assertNoProblems('index.html on a phone');
});

check('failure scenarios: a node taken out, and every node out (the run stops, the page lives)', async () => {
  await open('index.html#w=5%2C3%2C2&scenario=%4013%20C%20down%3B%20%4023%20C%20up&t=14');
  await waitReady();
  const down = await tanks();
  assert.deepEqual(down.map((t) => t.eligible), [true, true, false]);
  assert.equal(await webkit.run('return document.querySelectorAll("ol#events li[data-past]").length;'), 1);
  await assertNoProblems('C down');
  await open('index.html#w=5&scenario=%402%20A%20drain');
  await waitReady();
  assert.equal(await webkit.run('return document.querySelector("main#app").dataset.error ?? null;'), null);
  assert.equal(await webkit.run('return document.querySelector("#fatal").hidden;'), true);
  await assertNoProblems('every node drained');
});

check("gRPC's and Envoy's balancers", async () => {
  await open('index.html#w=5%2C3%2C2&algo=grpc&t=5');
  await waitReady();
  const grpc = await webkit.run(`const view = document.querySelector('#algo-view');
    return { algo: view.dataset.algo, sequence: view.dataset.sequence, tanksHidden: document.querySelector('svg#tanks').hasAttribute('hidden'),
      picks: [...view.querySelectorAll('g.node')].map((g) => Number(g.dataset.picks)) };`);
  assert.deepEqual(grpc, { algo: 'grpc', sequence: '7', tanksHidden: true, picks: [3, 1, 1] });
  await open('index.html#w=5%2C3%2C2&algo=envoy&t=5');
  await waitReady();
  const envoy = await webkit.run(`const view = document.querySelector('#algo-view');
    return { algo: view.dataset.algo, mode: view.dataset.mode, queue: view.dataset.queue.split(' ').length,
      picks: [...view.querySelectorAll('g.node')].map((g) => Number(g.dataset.picks)) };`);
  assert.deepEqual(envoy, { algo: 'envoy', mode: 'edf', queue: 3, picks: [3, 1, 1] });
  await assertNoProblems('algorithms');
});

check('a far step is reached in slices: frames drawn meanwhile, a step asked takes its place, the step shown once there', async () => {
  const far = (t) => `index.html#w=5%2C3%2C2&algo=edf&scenario=%401%20A%3D6&t=${t}`;
  await open(far(30000000));
  await webkit.waitFor('/: [1-9]\\d* % done/.test(document.querySelector("#status").textContent)', { what: 'the walk under way' });
  await webkit.run('window.__frames = 0; const count = () => { window.__frames += 1; requestAnimationFrame(count); }; requestAnimationFrame(count);');
  await new Promise((ok) => setTimeout(ok, 1000));
  const during = await webkit.run('return [window.__frames, document.querySelector("main#app").dataset.reaching];');
  assert.ok(during[0] >= 2 && during[1] === '30000000', `frames drawn while reaching: ${during}`);
  await webkit.click('#forward');
  await webkit.waitFor(appIs(1), { what: 'step 1, the far step given up' });
  assert.equal(await webkit.run('return document.querySelector("main#app").dataset.reaching ?? null;'), null);
  await open(far(3000000));
  await webkit.waitFor(appIs(3000000), { what: 'step 3000000', timeout: 120_000 });
  await assertNoProblems('a far step');
});

check('Chinese: the page and the narration in Chinese', async () => {
  await open('index.html#w=5%2C3%2C2&t=5&lang=zh', PHONE);
  await waitReady();
  const zh = await webkit.run('return [document.documentElement.lang, document.querySelector("#narration")?.textContent ?? document.querySelector("main#app").textContent];');
  assert.equal(zh[0], 'zh-Hans');
  assert.match(zh[1], /第 5 步/);
  await assertFits('Chinese on a phone');
  await assertNoProblems('Chinese');
});

check('compare.html: four panes stepped together, the ranking measured', async () => {
  await open('compare.html#w=5%2C3%2C2&t=5');
  await webkit.waitFor('document.querySelector(".metrics.ranking")?.dataset.status === "ready"', { what: 'the ranking', timeout: 30_000 });
  const panes = await webkit.run(`return [...document.querySelectorAll('article.pane')].map((pane) => {
    const root = pane.querySelector('.pane-widget').shadowRoot;
    const picked = root.querySelector('g.tank[data-selected], #algo-view g.node[data-selected]');
    return [pane.dataset.algo, pane.querySelector('.pane-metrics').dataset.status, Number(picked?.dataset.node)];
  });`);
  assert.deepEqual(panes, [['swrr', 'ready', 0], ['classic', 'ready', 0], ['interleaved', 'ready', 0], ['edf', 'ready', 0]]);
  await assertFits('compare.html');
  await assertNoProblems('compare.html');
});

check('embed-demo.html: <swrr-viz> elements start, each in its shadow root', async () => {
  await open('embed-demo.html');
  // An element starts when it comes into view: the first at once, the second once scrolled to.
  await webkit.waitFor('document.querySelector("swrr-viz#first")?.dataset.ready === "true"', { what: 'swrr-viz#first ready' });
  await webkit.run('document.querySelector("swrr-viz#second").scrollIntoView();');
  await webkit.waitFor('document.querySelector("swrr-viz#second")?.dataset.ready === "true"', { what: 'swrr-viz#second ready' });
  const levels = await webkit.run(`return ['first', 'second'].map((id) => [...document.querySelector('swrr-viz#' + id).shadowRoot
    .querySelectorAll('svg#tanks g.tank')].map((g) => Number(g.dataset.current)));`);
  assert.deepEqual(levels, [[0, 0, 0], [-5, 5, 0]]);
  await assertNoProblems('embed-demo.html');
});

check('Export: the extras module loads; the trace as CSV, the frame as SVG and PNG', async () => {
  await open('index.html#w=5%2C3%2C2&t=5');
  await waitReady();
  // A download is an a[download] click on a blob URL: its Blob is caught here and read back in
  // the page (a fetch of the blob URL would be refused by the page's CSP, connect-src 'self').
  await webkit.run(`window.__downloads = [];
    const blobs = new Map();
    const createObjectURL = URL.createObjectURL;
    URL.createObjectURL = (blob) => { const url = createObjectURL(blob); blobs.set(url, blob); return url; };
    HTMLAnchorElement.prototype.click = function () {
      const saved = { name: this.download };
      window.__downloads.push(saved);
      blobs.get(this.href).arrayBuffer().then((bytes) => { saved.bytes = new Uint8Array(bytes); });
    };`);
  await webkit.click('#export');
  await webkit.waitFor('document.querySelector("#export-dialog")?.open', { what: 'the export dialog' });
  for (const id of ['trace-csv', 'frame-svg', 'frame-png']) {
    await webkit.waitFor(`!document.querySelector('#export-dialog [data-export="${id}"]').disabled`, { what: `${id} enabled` });
    await webkit.click(`#export-dialog [data-export="${id}"]`);
  }
  await webkit.waitFor('window.__downloads.length === 3 && window.__downloads.every((d) => d.bytes)', { what: 'three downloads' });
  const saved = await webkit.run(`const text = (d) => new TextDecoder().decode(d.bytes);
    const [csv, svg, png] = window.__downloads;
    const view = new DataView(png.bytes.buffer);
    return { names: window.__downloads.map((d) => d.name), csvHead: text(csv).split('\\n')[0], svgWidth: Number(/width="(\\d+)"/.exec(text(svg))[1]),
      pngSignature: [...png.bytes.slice(1, 4)].map((c) => String.fromCharCode(c)).join(''), pngWidth: view.getUint32(16) };`);
  assert.deepEqual(saved.names, ['swrr-5-3-2-trace.csv', 'swrr-5-3-2-step5.svg', 'swrr-5-3-2-step5.png']);
  assert.equal(saved.csvHead, 'step,A added,B added,C added,winner,tied,A after,B after,C after');
  assert.equal(saved.pngSignature, 'PNG');
  assert.equal(saved.pngWidth, 2 * saved.svgWidth, 'the PNG at twice the SVG size');
  const extras = await webkit.run('return performance.getEntriesByType("resource").some((e) => /swrr_viz_extras_bg[^/]*\\.wasm$/.test(e.name));');
  assert.equal(extras, true, 'the extras wasm was loaded');
  await assertNoProblems('export');
});

check('the classroom: a quiz answer is graded, the QR code opens, the handout is built for print', async () => {
  await open('index.html#quiz=42');
  await waitReady();
  await webkit.waitFor('document.querySelectorAll(".quiz-choice").length === 4', { what: 'four choices' });
  await webkit.click('.quiz-choice[data-node="3"]');
  await webkit.waitFor('document.querySelector("#quiz").dataset.answered === "1"', { what: 'the answer graded' });
  assert.equal(await webkit.run('return document.querySelector("#quiz").dataset.score;'), '1');
  await open('index.html#w=5%2C3%2C2&t=5&present=1');
  await waitReady();
  await webkit.click('#show-qr');
  await webkit.waitFor('document.querySelector("#qr-dialog")?.open && document.querySelector("#qr-dialog svg.qr-code")', { what: 'the QR code' });
  assert.match(await webkit.run('return document.querySelector("#qr-dialog").dataset.link;'), /#w=5%2C3%2C2&t=5$/);
  await open('index.html#w=5%2C3%2C2&t=5');
  await waitReady();
  await webkit.run('window.__printed = 0; window.print = () => { window.__printed += 1; };');
  await webkit.click('#print-handout');
  await webkit.waitFor('window.__printed === 1', { what: 'print asked for' });
  assert.equal(await webkit.run('return document.querySelectorAll("#handout .handout-trace tbody tr").length;'), 10);
  await assertNoProblems('classroom');
});

if (flags.screenshots) {
  check(`screenshots in ${flags.screenshots}`, async () => {
    const dir = resolve(flags.screenshots);
    mkdirSync(dir, { recursive: true });
    for (const [name, size] of [['phone', PHONE], ['desktop', DESKTOP]]) {
      for (const theme of ['light', 'dark']) {
        await open(`index.html#w=5%2C3%2C2&t=5&theme=${theme}`, size);
        await waitReady();
        const background = await webkit.run('return getComputedStyle(document.body).backgroundColor;');
        const [r, g, b] = background.match(/\d+/g).map(Number);
        assert.equal(r + g + b < 200, theme === 'dark', `${name} ${theme}: the background is ${background}`);
        await webkit.frame(null);
        await webkit.screenshot(join(dir, `webkit-${name}-${theme}.png`));
        console.log(`  ${join(dir, `webkit-${name}-${theme}.png`)}`);
      }
    }
  });
}

let failed = 0;
try {
  for (const { name, body } of checks) {
    const start = Date.now();
    try {
      await body();
      console.log(`ok ${name} (${((Date.now() - start) / 1000).toFixed(1)} s)`);
    } catch (error) {
      failed += 1;
      console.log(`not ok ${name}\n  ${String(error.stack ?? error).split('\n').join('\n  ')}`);
    }
  }
} finally {
  await webkit.close();
  await site.close();
}
if (notices.length) console.log(`ResizeObserver loop notices (benign, not failed): ${notices.join(', ')}`);
console.log(`${checks.length - failed} of ${checks.length} checks passed in WebKit in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exitCode = failed ? 1 : 0;
