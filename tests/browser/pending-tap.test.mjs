// A tap or a key before the core is here (first-view.js): the page is laid out but inert, so the
// button is marked as kept and pressed once the core has come, in the page and in the hosted
// first view.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { DIST, holdBack, inTab, launchBrowser, openPage, startServer, waitReady } from './harness.mjs';

const PHONE = { width: 390, height: 844 };

/**
 * Opens `site`'s page with the wasm held back, does `before` (taps, keys) on the laid-out page,
 * checks what it keeps, lets the wasm through and returns the page once the core has started.
 */
async function beforeTheCore(browser, url, before, kept) {
  const tab = await openPage(browser, 'about:blank', { viewport: PHONE, reducedMotion: 'reduce' });
  const release = await holdBack(tab.page, /swrr_viz_bg[^/]*\.wasm$/);
  await tab.page.goto(url);
  await tab.page.waitForSelector('main#app #play', { state: 'attached' });
  await tab.page.waitForFunction(() => document.querySelector('main#app').inert && document.querySelector('#play').getBoundingClientRect().width > 0);
  await before(tab.page);
  assert.equal(await tab.page.evaluate(() => document.documentElement.dataset.pendingTap), kept);
  release();
  await waitReady(tab.page);
  return tab;
}

/** A click where `selector`'s button is (an inert one cannot be clicked as an element). */
async function tapAt(page, selector) {
  const box = await page.locator(selector).first().boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

for (const [site, root] of [['www', null], ['dist', DIST]]) {
  describe(`a tap before the core (${site})`, () => {
    let server;
    let browser;
    test.before(async () => {
      server = await startServer(root ?? undefined);
      browser = await launchBrowser();
    });
    test.after(async () => {
      await browser?.close();
      await server?.close();
    });

    test('Play tapped before the core plays once it is here; the button says it is kept meanwhile', () => inTab(beforeTheCore(browser, server.url, async (page) => {
      await tapAt(page, '#play');
      assert.equal(await page.$eval('#play', (button) => button.dataset.pendingTap), 'true');
      assert.equal(await page.$eval('html', (html) => getComputedStyle(html).cursor), 'progress');
    }, '#play'), async (page) => {
      await page.waitForFunction(() => document.querySelector('#app').dataset.playing === 'true');
      assert.equal(await page.$$eval('[data-pending-tap]', (marked) => marked.length), 0);
    }));

    test('a preset then Space before the core: both are made, in order', () => inTab(beforeTheCore(browser, server.url, async (page) => {
      await tapAt(page, 'button[data-preset="7,2,1"]');
      await page.keyboard.press('Space');
    }, 'button[data-preset="7,2,1"]\n#play'), async (page) => {
      await page.waitForFunction(() => document.querySelector('#app').dataset.playing === 'true');
      assert.equal(await page.inputValue('#weights'), '7,2,1');
    }));

    test('Forward three times before the core moves three steps', () => inTab(beforeTheCore(browser, server.url, async (page) => {
      for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
      assert.equal(await page.$eval('button[data-key="→"]', (button) => button.dataset.pendingTap), 'true');
    }, '#forward\n#forward\n#forward'), async (page) => {
      await page.waitForFunction(() => document.querySelector('#app').dataset.step === '3');
      assert.equal(await page.$$eval('[data-pending-tap]', (marked) => marked.length), 0);
    }));

    test('a preset and Menu tapped before the core are made once it is here', async () => {
      await inTab(beforeTheCore(browser, server.url, (page) => tapAt(page, 'button[data-preset="7,2,1"]'), 'button[data-preset="7,2,1"]'), async (page) => {
        await page.waitForFunction(() => document.querySelector('#weights').value === '7,2,1');
      });
      await inTab(beforeTheCore(browser, server.url, (page) => page.click('#menu'), '#menu'), async (page) => {
        await page.waitForFunction(() => document.querySelector('#menu').getAttribute('aria-expanded') === 'true');
      });
    });
  });
}
