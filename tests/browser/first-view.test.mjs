// The hosted page's first view (dist/index.html, scripts/build-first-view.mjs; www/first-view.js):
// on a phone, a bare link shows the tanks before the wasm is here, drawn as the core then draws
// them, and the page takes over with no shift; a link with a hash, a reader in Chinese and a
// width no drawing was made for get the page as the core draws it, never a view of another run.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';

import { PHONE_WIDTHS } from '../../scripts/build-first-view.mjs';
import { startServer as startStaticServer } from '../../scripts/serve.mjs';
import {
  DIST, holdBack, layoutShiftSince, recordLayoutShifts, screenshot, useDistSuite, waitReady,
} from './harness.mjs';

/** A page of dist/ at `hash`, its wasm held back until `release()`. */
async function openHeld(browser, url, { width = 390, height = 844, locale = 'en-US', colorScheme = 'light' } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, isMobile: true, hasTouch: true, locale, colorScheme });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.addInitScript(recordLayoutShifts);
  // The live widget's text in the frame that paints its first tanks.
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      const app = document.getElementById('app');
      if (app?.dataset.ready !== 'true') return;
      observer.disconnect();
      requestAnimationFrame(() => {
        window.liveFirstFrame = app.textContent;
      });
    });
    observer.observe(document, { attributes: true, subtree: true, attributeFilter: ['data-ready'] });
  });
  const release = await holdBack(page, /swrr_viz_bg-[A-Z0-9]+\.wasm$/);
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  return { page, errors, release, close: () => context.close() };
}

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

  test('a bare link on a phone shows the tanks before the wasm, and the page takes over with no shift', async () => {
    const server = await startStaticServer({ root: DIST });
    const tab = await openHeld(suite.browser(), server.url);
    try {
      await tab.page.waitForFunction(() => document.getElementById('app').dataset.firstView === 'shown');
      const built = await firstView(tab.page);
      assert.equal(built.visible, 'visible');
      assert.equal(built.inert, true, 'nothing in it answers before the page does');
      assert.equal(built.ready, 'false');
      assert.equal(built.others, 0, 'one drawing of the tanks kept, the one for this width');
      assert.equal(built.drawn, 3);
      assert.equal(built.viewBox, '0 0 352 241.6');
      assert.equal(built.tankFont, '12px', 'the styles it was drawn with are set again');
      assert.equal(built.weights, '5,3,2');
      const builtText = await tab.page.evaluate(() => document.getElementById('app').textContent);
      await screenshot(tab.page, 'first-view-390');
      tab.release();
      await waitReady(tab.page);
      await tab.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve)))));
      const live = await firstView(tab.page);
      assert.equal(live.state, null);
      assert.equal(live.inert, false);
      assert.equal(live.viewBox, built.viewBox);
      assert.equal(live.tankFont, built.tankFont);
      assert.equal(live.tanks, built.tanks, 'the core draws the tanks as the built view had them');
      assert.equal(await tab.page.evaluate(() => window.liveFirstFrame), builtText, 'the live widget\'s first frame says what the built view said');
      assert.equal(await layoutShiftSince(tab.page), 0, 'nothing moves when the page takes over');
      await tab.page.click('#forward');
      await tab.page.waitForFunction(() => document.getElementById('app').dataset.step === '1');
      assert.deepEqual(tab.errors, []);
    } finally {
      await tab.close();
      await server.close();
    }
  });

  test('the link as the page writes it gets the view too, and nothing moves at the swap however far the reader scrolled', async () => {
    const server = await startStaticServer({ root: DIST });
    const tab = await openHeld(suite.browser(), `${server.url}#w=5%2C3%2C2`);
    try {
      await tab.page.waitForFunction(() => document.getElementById('app').dataset.firstView === 'shown');
      // The trace table, below the tanks, is where later content would move things.
      await tab.page.evaluate(() => document.querySelector('#trace').scrollIntoView());
      const shifted = await layoutShiftSince(tab.page);
      tab.release();
      await waitReady(tab.page);
      await tab.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve)))));
      assert.equal(await layoutShiftSince(tab.page), shifted, 'no layout shift at the swap');
      assert.deepEqual(tab.errors, []);
    } finally {
      await tab.close();
      await server.close();
    }
  });

  test('when first-view.js does not come, the page shows as the core draws it', async () => {
    const server = await startStaticServer({ root: DIST });
    const context = await suite.browser().newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      const page = await context.newPage();
      await page.route(/first-view-[A-Z0-9]+\.js$/, (route) => route.abort());
      await page.goto(server.url);
      await waitReady(page);
      assert.deepEqual(await page.evaluate(() => {
        const app = document.getElementById('app');
        return [app.dataset.firstView ?? null, getComputedStyle(app).visibility, app.querySelectorAll('svg#tanks g.tank').length];
      }), [null, 'visible', 3]);
    } finally {
      await context.close();
      await server.close();
    }
  });

  test('a drawing for every phone width, each kept at its width', async () => {
    const server = await startStaticServer({ root: DIST });
    try {
      const html = await (await fetch(server.url)).text();
      assert.equal((html.match(/data-first-view-width="\d+"/g) ?? []).length, PHONE_WIDTHS.length);
      for (const width of [360, 430]) {
        const tab = await openHeld(suite.browser(), server.url, { width });
        try {
          await tab.page.waitForFunction(() => document.getElementById('app').dataset.firstView === 'shown');
          const { others, drawn } = await firstView(tab.page);
          assert.deepEqual({ others, drawn }, { others: 0, drawn: 3 }, `${width} px`);
        } finally {
          tab.release();
          await tab.close();
        }
      }
    } finally {
      await server.close();
    }
  });

  for (const [what, url, options] of [
    ['a link with a hash (another run)', '#w=4%2C1%2C1', {}],
    ['a reader whose browser asks for Chinese', '', { locale: 'zh-CN' }],
    ['a width no drawing was made for', '', { width: 1280, height: 800 }],
  ]) {
    test(`${what} gets the page as the core draws it, never the built view`, async () => {
      const server = await startStaticServer({ root: DIST });
      const tab = await openHeld(suite.browser(), `${server.url}${url}`, options);
      try {
        const before = await firstView(tab.page);
        assert.equal(before.state, null);
        assert.deepEqual([before.others, before.drawn], [0, 0], 'no tanks drawn before the core');
        tab.release();
        await waitReady(tab.page);
        const shown = await firstView(tab.page);
        assert.equal(shown.drawn, 3);
        if (url) assert.equal(shown.weights, '4,1,1');
        assert.deepEqual(tab.errors, []);
      } finally {
        await tab.close();
        await server.close();
      }
    });
  }
});
