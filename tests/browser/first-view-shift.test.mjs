// Nothing moves when the core arrives: the first view lays out everything the core fills in (the
// weights' summary line, the presets, a chip per node, Σ's drift beside the tanks, nginx workers'
// tanks, a lesson's chapter, presenter mode's larger text) before the wasm is here, in the page and in the
// <swrr-viz> element, on a phone, on a desktop and on a projector. The wasm
// is held back while the layout is read, then released; the tanks, the transport bar and the
// rules beside them stay where they were, and Chromium counts no layout shift after the release.
// And a link followed meanwhile is what the page shows once the core is here.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { holdBack, inTab, layoutShiftSince, openPage, recordLayoutShifts, usePageSuite, waitReady } from './harness.mjs';

const VIEWPORTS = [{ width: 390, height: 844 }, { width: 1366, height: 900 }];
const HASHES = ['', '#w=5,3,2&t=3', '#w=5,3,2&scenario=@3%20A%20dead', '#w=12,11,10,9,8,7,6,5,4,3,2,1', '#lesson=3', '#w=5,3,2&workers=3&rate=3'];
/**
 * Algorithms without levels: their picture is laid out blank for the weights' nodes at the start,
 * with the lists under EDF's and Envoy's queues; on a desktop the explanation beside it has no Σ
 * line from the start.
 */
const LEVELLESS_HASHES = [
  '#w=5,3,2&algo=edf', '#w=12,11,10,9,8,7,6,5,4,3,2,1,1,1&algo=edf', '#w=5,3,2&algo=envoy', '#w=5,3,2&algo=grpc', '#w=5,3,2&algo=grpc&t=3',
  '#w=5,3,2&algo=random&t=5', '#w=A%3D5%20B%3D3%20C%3D2&algo=classic', '#w=100,1,1&algo=interleaved',
  `#w=${Array.from({ length: 300 }, (_, i) => (i % 7) + 1).join(',')}&algo=edf`, // past the chips' and the picture's limits
  '#w=1,1,1&algo=envoy', '#w=A%3D2%20B%3D2&algo=envoy&t=3', // equal weights: Envoy's round robin, no queue
];
/**
 * On a desktop, beside the tanks: a lesson on the other algorithms, and the "own" rule at a later
 * step, whose Σ drift words keep their lines before the core words them.
 */
const WIDE_HASHES = ['#lesson=2', '#w=5,3,2&subtract=own&t=3'];
/** A phone on its side (page.css): the transport beside the tanks, the editor under them; a lesson's chapter above the transport. */
const ON_ITS_SIDE = { width: 844, height: 390 };
const ON_ITS_SIDE_HASHES = ['', '#w=5,3,2&t=3', '#w=5,3,2&workers=3&rate=3', '#w=5,3,2&algo=edf', '#lesson=3', '#lesson=8&lang=zh'];
/** Presenter mode on a projector, with and without a lesson beside the walkthrough. */
const PROJECTORS = [{ width: 1366, height: 768 }, { width: 1280, height: 720 }];
const PRESENTER_HASHES = ['#w=5,3,2&t=3&present=1', '#lesson=3&present=1'];
/** What must not move: the editor's end, the tanks, the transport bar, and the rules beside the tanks. */
const MARKS = ['.editor', 'svg#tanks', '#algo-view', '.controls .buttons'];
const BESIDE_THE_TANKS = '#rules';

/**
 * The top and bottom of each mark: a selector in `host`'s shadow root (or the document), or
 * `[host, selector]` in another element's shadow root.
 */
function marksOf(page, host, marks) {
  return page.evaluate(({ marks, host }) => {
    const find = (mark) => {
      const [outer, selector] = Array.isArray(mark) ? mark : [host, mark];
      return (outer ? document.querySelector(outer)?.shadowRoot : document)?.querySelector(selector);
    };
    return Object.fromEntries(marks.map((mark) => {
      const box = find(mark)?.getBoundingClientRect();
      return [String(mark), box ? [box.top, box.bottom] : null];
    }));
  }, { marks, host });
}

/** The marks once they stay put for a frame (the first layout may take a few frames to settle). */
async function settledMarks(page, host, marks) {
  let last = null;
  for (let frame = 0; frame < 30; frame++) {
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const now = await marksOf(page, host, marks);
    if (JSON.stringify(now) === JSON.stringify(last)) return now;
    last = now;
  }
  return last;
}

/** What is there once the first view is laid out: the tanks' size, the workers' or an algorithm's picture's place. */
const TANKS_PLACED = 'svg#tanks[viewBox]';
const WORKERS_PLACED = '#workers-view:not([hidden]) svg[viewBox]';
const PICTURE_PLACED = '#algo-view[data-reserved]';

/**
 * Opens `url` with the first view's wasm held back, reads the marks once `placed` is laid out,
 * releases the wasm, waits for `ready`, and returns the marks before and after and the layout
 * shifts after.
 */
async function acrossTheCore(browser, url, viewport, { host = null, tanks = host, placed = TANKS_PLACED, marks, ready, fixture = null }) {
  let result;
  await inTab(openPage(browser, 'about:blank', { viewport }), async (page) => {
    await page.addInitScript(recordLayoutShifts);
    if (fixture) await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: fixture }));
    const release = await holdBack(page, '**/pkg/swrr_viz_bg.wasm');
    await page.goto(url);
    // The pictures are laid out (in `tanks`' shadow root, or the document) while the wasm is held.
    await page.waitForFunction(({ tanks, placed }) => (tanks ? document.querySelector(tanks)?.shadowRoot : document)?.querySelector(placed), { tanks, placed }, { timeout: 10_000 });
    const before = await settledMarks(page, host, marks);
    const released = await page.evaluate(() => performance.now());
    release();
    await ready(page);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const after = await marksOf(page, host, marks);
    result = { before, after, shift: await layoutShiftSince(page, released) };
  });
  return result;
}

describe('nothing moves when the core arrives', () => {
  const suite = usePageSuite();

  const pages = [
    ...VIEWPORTS.flatMap((viewport) => [...HASHES, ...LEVELLESS_HASHES].map((hash) => [viewport, hash])),
    ...WIDE_HASHES.map((hash) => [VIEWPORTS[1], hash]),
    ...ON_ITS_SIDE_HASHES.map((hash) => [ON_ITS_SIDE, hash]),
    ...PROJECTORS.flatMap((viewport) => PRESENTER_HASHES.map((hash) => [viewport, hash])),
  ];
  for (const [viewport, hash] of pages) {
    const named = hash.length > 80 ? `${hash.slice(0, 40)}…${hash.slice(-12)}` : hash;
    test(`the page at ${viewport.width}×${viewport.height}, ${named || 'default weights'}`, async () => {
      const marks = viewport.width > 900 ? [...MARKS, BESIDE_THE_TANKS] : MARKS;
      const placed = LEVELLESS_HASHES.includes(hash) ? PICTURE_PLACED : TANKS_PLACED;
      const { before, after, shift } = await acrossTheCore(suite.browser(), `${suite.url()}index.html${hash}`, viewport, { placed, marks, ready: waitReady });
      assert.deepEqual(after, before);
      assert.equal(shift, 0);
    });
  }

  test('before the core, the position line says the step the link asks for', () => inTab(openPage(suite.browser(), 'about:blank', { viewport: VIEWPORTS[0] }), async (page) => {
    const release = await holdBack(page, '**/pkg/swrr_viz_bg.wasm');
    await page.goto(`${suite.url()}index.html#w=5,3,2&t=3`);
    await page.waitForSelector('svg#tanks[viewBox]', { state: 'attached' });
    assert.equal(await page.textContent('#position'), 'step 3');
    release();
    await waitReady(page);
    assert.equal(await page.textContent('#position'), 'step 3 · period 1 · step 3 of 10');
  }));

  // nginx's workers without a zone: their tanks are laid out under the page's before the core,
  // and the access log's line under them, which comes with the strip after the first tanks, has
  // its lines kept.
  for (const viewport of VIEWPORTS) {
    test(`the page at ${viewport.width}×${viewport.height} with nginx workers, when the strip's run of requests arrives`, () => inTab(openPage(suite.browser(), 'about:blank', { viewport }), async (page) => {
      await page.addInitScript(recordLayoutShifts);
      // The strip, whose run of requests gives the workers' line, waits until the first view has been read.
      const release = await holdBack(page, '**/requests/request-strip.js');
      await page.goto(`${suite.url()}index.html#w=5,3,2&workers=3&rate=3`);
      await waitReady(page);
      const before = await settledMarks(page, null, MARKS);
      assert.equal(await page.getAttribute('#workers-unevenness', 'data-window'), null, 'the strip is not here yet');
      const ready = await page.evaluate(() => performance.now());
      release();
      await page.waitForSelector('#workers-unevenness[data-window]');
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      assert.deepEqual(await marksOf(page, null, MARKS), before);
      assert.equal(await layoutShiftSince(page, ready), 0);
    }));
  }

  /** A document with one element of `attributes` (user text: none, the fixture is ours). */
  const elementPage = (attributes) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <script type="module" src="swrr-viz.js"></script></head>
    <body><h1>An article</h1><swrr-viz id="walkthrough" ${attributes}></swrr-viz><p>The text after it.</p></body></html>`;
  const ELEMENTS = {
    'its default panels': 'weights="5,3,2"',
    'its editor and a scenario': 'weights="5,3,2" panels="editor tanks explain controls" scenario="@3 A dead"',
    'three nginx workers': 'weights="5,3,2" workers="3" rate="3"',
    'EDF': 'weights="5,3,2" algo="edf"',
  };

  for (const viewport of VIEWPORTS) {
    for (const [name, attributes] of Object.entries(ELEMENTS)) {
      test(`the <swrr-viz> element at ${viewport.width}×${viewport.height}, ${name}`, async () => {
        const { before, after, shift } = await acrossTheCore(suite.browser(), `${suite.url()}first-view-element.html`, viewport, {
          host: 'swrr-viz#walkthrough',
          // Its place: the tanks' and another algorithm's picture's from its first layout, the workers'
          // once its panels' code has come (the element loads it after laying itself out).
          placed: attributes.includes('algo=') ? PICTURE_PLACED : attributes.includes('workers=') ? WORKERS_PLACED : TANKS_PLACED,
          marks: [...MARKS, BESIDE_THE_TANKS],
          fixture: elementPage(attributes),
          ready: (page) => page.waitForSelector('swrr-viz#walkthrough[data-ready="true"]'),
        });
        assert.deepEqual(after, before);
        assert.equal(shift, 0);
      });
    }
  }

  // Another algorithm's picture keeps its place from the element's first layout, before the
  // picture's drawing code has come (a request after the element's module) and before the core.
  for (const viewport of VIEWPORTS) {
    for (const algo of ['edf', 'envoy', 'interleaved']) {
      test(`the <swrr-viz> element at ${viewport.width}×${viewport.height} with ${algo}: its picture's place before the picture's code`, () => inTab(openPage(suite.browser(), 'about:blank', { viewport }), async (page) => {
        await page.addInitScript(recordLayoutShifts);
        const url = `${suite.url()}first-view-element.html`;
        await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: elementPage(`weights="5,3,2" algo="${algo}"`) }));
        const releaseCode = await holdBack(page, '**/algorithms/algorithm-view.js');
        const releaseCore = await holdBack(page, '**/pkg/swrr_viz_bg.wasm');
        await page.goto(url);
        await page.waitForFunction(() => document.querySelector('swrr-viz#walkthrough')?.shadowRoot?.querySelector('#algo-view[data-reserved] svg.algo-picture[viewBox]'), null, { timeout: 10_000 });
        const marks = [...MARKS, BESIDE_THE_TANKS];
        const before = await settledMarks(page, 'swrr-viz#walkthrough', marks);
        const laidOut = await page.evaluate(() => performance.now());
        releaseCode();
        releaseCore();
        await page.waitForSelector('swrr-viz#walkthrough[data-ready="true"]');
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        assert.deepEqual(await marksOf(page, 'swrr-viz#walkthrough', marks), before);
        assert.equal(await layoutShiftSince(page, laidOut), 0);
      }));
    }
  }

  // compare.html: the setup, the transport and the first pane's tanks stay, and the panes of
  // algorithms without levels keep their pictures' places; a little shift may remain below the
  // first pane (a pane's words), far under Core Web Vitals' 0.1.
  const FIRST_PANE = '#panes > article.pane:first-child';
  const COMPARE_MARKS = [
    '.compare-setup', '.compare-controls .buttons', `${FIRST_PANE} h2`, [`${FIRST_PANE} .pane-widget`, 'svg#tanks'],
  ];
  for (const viewport of VIEWPORTS) {
    for (const hash of ['', '#w=5,3,2&algos=swrr,grpc,envoy']) {
      test(`compare.html at ${viewport.width}×${viewport.height}, ${hash || 'its default algorithms'}`, async () => {
        const { before, after, shift } = await acrossTheCore(suite.browser(), `${suite.url()}compare.html${hash}`, viewport, {
          tanks: `${FIRST_PANE} .pane-widget`,
          marks: COMPARE_MARKS,
          ready: (page) => page.waitForSelector('main#compare[data-ready="true"]'),
        });
        assert.deepEqual(after, before);
        assert.ok(shift < 0.005, `layout shift ${shift}`);
      });
    }
  }
});

// A link followed while the core downloads (a hash edited, back/forward) is what the page shows
// once the core is here, not the hash it was laid out for.
describe('a link followed before the core arrives', () => {
  const suite = usePageSuite();
  const PAGES = {
    'index.html': { ready: waitReady, panes: null },
    'compare.html': { ready: (page) => page.waitForSelector('main#compare[data-ready="true"]'), panes: 'article.pane' },
  };

  for (const [file, { ready, panes }] of Object.entries(PAGES)) {
    test(file, () => inTab(openPage(suite.browser(), 'about:blank'), async (page) => {
      const release = await holdBack(page, '**/pkg/swrr_viz_bg.wasm');
      await page.goto(`${suite.url()}${file}#w=5,3,2`);
      await page.waitForSelector('input#weights');
      await page.evaluate(() => {
        location.hash = '#w=7,1&algos=swrr,grpc';
      });
      release();
      await ready(page);
      assert.equal(await page.inputValue('input#weights'), '7,1');
      assert.match(await page.evaluate(() => location.hash), /^#w=7%2C1&/);
      assert.equal(await page.$('#fatal:not([hidden])'), null, 'no error banner');
      if (panes) {
        const algos = await page.$$eval(panes, (all) => all.map((pane) => pane.dataset.algo));
        assert.deepEqual(algos, ['swrr', 'grpc']);
        const tanks = await page.$eval(`${panes}:first-child .pane-widget`, (host) => host.shadowRoot.querySelectorAll('svg#tanks g.tank').length);
        assert.equal(tanks, 2);
      }
    }));
  }
});
