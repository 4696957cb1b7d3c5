// The hosted page's first view (dist/index.html, scripts/build-first-view.mjs; www/first-view.js):
// on a phone, a bare link shows the tanks before the wasm is here, drawn as the core then draws
// them, and the page takes over with nothing moved; a link with a hash, a reader in Chinese and a
// width no drawing was made for get the page as the core draws it, never a view of another run.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { PHONE_WIDTHS } from '../../scripts/build-first-view.mjs';
import { startServer as startStaticServer } from '../../scripts/serve.mjs';
import {
  DIST, holdBack, screenshot, useDistSuite, waitReady, watchErrors,
} from './harness.mjs';

/**
 * `body(tab)` on a phone's page of dist/ at `url`, its wasm held back until `tab.release()` (or,
 * with `abort`, the files it matches refused instead); the tab closed on every path.
 */
async function inHeld(browser, url, body, { width = 390, height = 844, locale = 'en-US', abort = null } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, isMobile: true, hasTouch: true, locale });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.addInitScript(placesOf);
  // The live widget's text and places in the frame that paints its first tanks. (Layout shifts
  // cannot tell: the live widget's elements are new ones, which never count as moved.)
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      const app = document.getElementById('app');
      if (app?.dataset.ready !== 'true') return;
      observer.disconnect();
      requestAnimationFrame(() => {
        window.liveFirstFrame = { text: app.textContent, places: window.placesOf() };
      });
    });
    observer.observe(document, { attributes: true, subtree: true, attributeFilter: ['data-ready'] });
  });
  try {
    if (abort) await page.route(abort, (route) => route.abort());
    const release = abort ? () => {} : await holdBack(page, /swrr_viz_bg-[A-Z0-9]+\.wasm$/);
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await body({ page, errors, release });
  } finally {
    await context.close();
  }
}

/**
 * An init script: `window.placesOf()` gives where the parts of the widget are in the window
 * (rounded to the pixel), by selector.
 */
function placesOf() {
  window.placesOf = () => Object.fromEntries(['#weights', '#nodes', '#tanks', '.controls', '#narration', '.scenario-panel', '#trace', '.plots'].map((selector) => {
    const box = document.querySelector(selector)?.getBoundingClientRect();
    return [selector, box ? [box.x, box.y, box.width, box.height].map(Math.round) : null];
  }));
}

/** Waits two frames and a task: the frames after the one that painted what is there now. */
const twoFrames = (page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve)))));
const shown = (page) => page.waitForFunction(() => document.getElementById('app').dataset.firstView === 'shown');

const firstView = (page) => page.evaluate(() => {
  const app = document.getElementById('app');
  const tanks = app.querySelector('#tanks');
  return {
    state: app.dataset.firstView ?? null,
    inert: app.inert,
    ready: app.dataset.ready,
    /** Drawings of the tanks for other widths still in the page. */
    others: app.querySelectorAll('svg[data-first-view-width]').length,
    drawn: app.querySelectorAll('svg#tanks g.tank').length,
    viewBox: tanks?.getAttribute('viewBox') ?? null,
    tanks: tanks?.innerHTML ?? null,
    tankFont: tanks?.style.getPropertyValue('--tank-font') ?? null,
    visible: getComputedStyle(app).visibility,
    weights: app.querySelector('#weights')?.value ?? null,
  };
});

describe('dist: the first view drawn when the site was built', () => {
  const suite = useDistSuite('swrr-first-view-');
  let server;
  before(async () => {
    server = await startStaticServer({ root: DIST });
  });
  after(() => server?.close());

  test('a bare link on a phone shows the tanks before the wasm, and the page takes over with no shift', () => inHeld(suite.browser(), server.url, async ({ page, errors, release }) => {
    await shown(page);
    // As painted: measured two frames on, not in the task that shows it.
    await twoFrames(page);
    const built = await firstView(page);
    assert.equal(built.visible, 'visible');
    assert.equal(built.inert, true, 'nothing in it answers before the page does');
    assert.equal(built.ready, 'false');
    assert.equal(built.others, 0, 'one drawing of the tanks kept, the one for this width');
    assert.equal(built.drawn, 3);
    assert.equal(built.viewBox, '0 0 353 241.6');
    assert.equal(built.tankFont, '12px', 'the styles it was drawn with are set again');
    assert.equal(built.weights, '5,3,2');
    const builtFrame = await page.evaluate(() => ({ text: document.getElementById('app').textContent, places: window.placesOf() }));
    await screenshot(page, 'first-view-390');
    release();
    await waitReady(page);
    await twoFrames(page);
    const live = await firstView(page);
    assert.equal(live.state, null);
    assert.equal(live.inert, false);
    assert.equal(live.viewBox, built.viewBox);
    assert.equal(live.tankFont, built.tankFont);
    assert.equal(live.tanks, built.tanks, 'the core draws the tanks as the built view had them');
    assert.deepEqual(await page.evaluate(() => window.liveFirstFrame), builtFrame, 'the live widget\'s first frame says what the built view said, where it said it');
    await page.click('#forward');
    await page.waitForFunction(() => document.getElementById('app').dataset.step === '1');
    assert.deepEqual(errors, []);
  }));

  test('the link as the page writes it gets the view too, and nothing moves at the swap however far the reader scrolled', () => inHeld(suite.browser(), `${server.url}#w=5%2C3%2C2`, async ({ page, errors, release }) => {
    await shown(page);
    // Scrolled to the trace table, far below the tanks: the frame of the swap shows the same (the
    // table's rows, the strip and the plots come later, as where there is no first view).
    await page.evaluate(() => document.querySelector('#trace').scrollIntoView());
    const places = await page.evaluate(() => window.placesOf());
    release();
    await waitReady(page);
    await twoFrames(page);
    assert.deepEqual(await page.evaluate(() => window.liveFirstFrame.places), places, 'nothing moves at the swap');
    assert.deepEqual(errors, []);
  }));

  test('when first-view.js does not come, the page shows as the core draws it', () => inHeld(suite.browser(), server.url, async ({ page }) => {
    await waitReady(page);
    assert.deepEqual(await page.evaluate(() => {
      const app = document.getElementById('app');
      return [app.dataset.firstView ?? null, getComputedStyle(app).visibility, app.querySelectorAll('svg#tanks g.tank').length];
    }), [null, 'visible', 3]);
  }, { abort: /first-view-[A-Z0-9]+\.js$/ }));

  test('when the wasm does not come, the view gives way to the page\'s banner, with its way out', () => inHeld(suite.browser(), server.url, async ({ page }) => {
    await page.waitForSelector('#fatal:not([hidden])');
    assert.deepEqual(await page.evaluate(() => {
      const app = document.getElementById('app');
      return [app.dataset.firstView ?? null, app.inert, document.querySelector('#fatal-reset')?.textContent];
    }), [null, false, 'Reset the page']);
  }, { abort: /swrr_viz_bg-[A-Z0-9]+\.wasm$/ }));

  test('a drawing for every phone width, each kept at its width and drawn there again by the core', async () => {
    const html = await (await fetch(server.url)).text();
    assert.equal((html.match(/data-first-view-width="\d+"/g) ?? []).length, PHONE_WIDTHS.length);
    for (const width of PHONE_WIDTHS) {
      await inHeld(suite.browser(), server.url, async ({ page, release }) => {
        await shown(page);
        const built = await firstView(page);
        assert.deepEqual([built.others, built.drawn], [0, 3], `${width} px`);
        release();
        await waitReady(page);
        // After the ResizeObserver's first report too: the width it measures is the one drawn.
        await twoFrames(page);
        const live = await firstView(page);
        assert.deepEqual([live.viewBox, live.tanks], [built.viewBox, built.tanks], `${width} px`);
      }, { width });
    }
  });

  for (const [what, url, options] of [
    ['a link with a hash (another run)', '#w=4%2C1%2C1', {}],
    ['a reader whose browser asks for Chinese', '', { locale: 'zh-CN' }],
    ['a width no drawing was made for', '', { width: 1280, height: 800 }],
  ]) {
    test(`${what} gets the page as the core draws it, never the built view`, () => inHeld(suite.browser(), `${server.url}${url}`, async ({ page, errors, release }) => {
      const held = await firstView(page);
      assert.equal(held.state, null);
      assert.deepEqual([held.others, held.drawn], [0, 0], 'no tanks drawn before the core');
      release();
      await waitReady(page);
      const live = await firstView(page);
      assert.equal(live.drawn, 3);
      if (url) assert.equal(live.weights, '4,1,1');
      assert.deepEqual(errors, []);
    }, options));
  }
});
