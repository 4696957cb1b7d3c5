// A link's step the core cannot reach (too far to compute, past where the run stops, beyond the
// core's last step) is said with the core's reason, on index.html's status line, in a
// <swrr-viz>'s (without one, in its red box), and on compare.html for each pane that cannot go
// on, which is marked (`data-stopped`); the page shows the last step before the run stops, or step 0.
// It is said until the step shown changes, or a step asked for is reached (the one shown, too).

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { inTab, openPage, screenshot, usePageSuite } from './harness.mjs';

const status = (page) => page.$eval('#status', (line) => line.textContent);
const stepOf = (page) => page.$eval('main#app', (app) => Number(app.dataset.step));

describe('a step the core cannot reach is said with its reason', () => {
  const suite = usePageSuite();

  test('index.html: too far to compute, past the stop, beyond the last step; said until the step changes', async () => {
    await inTab(suite.open('#w=5%2C3%2C2&algo=random&t=1000000000000'), async (page) => {
      assert.equal(await stepOf(page), 0);
      assert.equal(await status(page), 'Cannot go to step 1000000000000: step 1000000000000 is too far to compute for these weights: their period is huge, and at most step 666666666 can be reached');
      // The link is written back at the step shown.
      await page.waitForFunction(() => !/[#&]t=/.test(location.hash));
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction(() => document.querySelector('main#app').dataset.step === '1');
      assert.equal(await status(page), '', 'said no more once the step changes');
    });
    // The run stops at step 2 (every node down): the page shows step 1, where it stops.
    await inTab(suite.open('#w=5&algo=classic&scenario=%402%20A%20down&t=50'), async (page) => {
      assert.equal(await stepOf(page), 1);
      assert.equal(await status(page), 'Cannot go to step 50: no node can be picked at step 2: nodes down: 1');
      await page.waitForFunction(() => /&t=1(&|$)/.test(location.hash));
    });
    await inTab(suite.open('#w=5%2C3%2C2&t=1000000000000001'), async (page) => {
      assert.equal(await stepOf(page), 0);
      assert.equal(await status(page), 'Cannot go to step 1000000000000001: the step must be a whole number from 0 to 1000000000000000, got 1000000000000001');
    });
    // Beyond 2^53 JavaScript cannot hold the number exactly: refused as typed, not rounded.
    await inTab(suite.open('#w=5%2C3%2C2&t=9007199254740993'), async (page) => {
      assert.equal(await status(page), 't=9007199254740993 is not a step: expected a whole number from 0, e.g. 5');
    });
    // An edited hash, and Chinese.
    await inTab(suite.open('#w=5%2C3%2C2&lang=zh'), async (page) => {
      await page.evaluate(() => { location.hash = 'algo=envoy&w=1%2C1%2C1&t=1000000000000&lang=zh'; });
      await page.waitForFunction(() => document.querySelector('#status').textContent !== '');
      assert.match(await status(page), /^无法跳到第 1000000000000 步：第 1000000000000 步太远/);
    });
  });

  for (const [name, options] of [['desktop-light', {}], ['phone-dark', { viewport: { width: 390, height: 844 }, colorScheme: 'dark' }]]) {
    test(`index.html at the stop, ${name}`, () => inTab(suite.open('#w=5&algo=classic&scenario=%402%20A%20down&t=50', options), async (page) => {
      assert.equal(await status(page), 'Cannot go to step 50: no node can be picked at step 2: nodes down: 1');
      await screenshot(page, `unreachable-index-${name}`);
    }));
  }

  test('<swrr-viz step> past the stop says it on its status line', () => inTab(openPage(suite.browser(), `${suite.url()}embed-demo.html`), async (page) => {
    const url = `${suite.url()}unreachable-element.html`;
    await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><html lang="en"><head><meta charset="utf-8">
      <script type="module" src="swrr-viz.js"></script></head><body>
      <swrr-viz id="a" weights="5" algorithm="classic" scenario="@2 A down" step="50"></swrr-viz></body></html>` }));
    await page.goto(url);
    await page.waitForSelector('swrr-viz#a[data-ready="true"]');
    assert.equal(await page.getAttribute('swrr-viz#a', 'data-step'), '1');
    assert.equal(await page.$eval('swrr-viz#a', (host) => host.shadowRoot.querySelector('#status').textContent), 'Cannot go to step 50: no node can be picked at step 2: nodes down: 1');
    // A seek that is reached ends it, even to the step already shown.
    assert.equal(await page.$eval('swrr-viz#a', (host) => host.seek(1)), true);
    assert.equal(await page.$eval('swrr-viz#a', (host) => host.shadowRoot.querySelector('#status').textContent), '');
  }));

  for (const [lang, said] of [
    ['en', (t) => `Cannot go to step ${t}: no node can be picked at step 2: nodes down: 1`],
    ['zh', (t) => `无法跳到第 ${t} 步：第 2 步没有可选的节点：1 个节点已下线`],
  ]) {
    test(`<swrr-viz> without controls, past the stop: its box says it, until the step changes (${lang})`, () => inTab(openPage(suite.browser(), `${suite.url()}embed-demo.html`), async (page) => {
      const url = `${suite.url()}unreachable-tanks-${lang}.html`;
      await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">
        <script type="module" src="swrr-viz.js"></script></head><body>
        <swrr-viz id="a" panels="tanks,explain" weights="5" algorithm="classic" scenario="@2 A down" step="50"></swrr-viz></body></html>` }));
      await page.goto(url);
      await page.waitForSelector('swrr-viz#a[data-ready="true"]');
      const box = page.locator('swrr-viz#a .attribute-errors');
      assert.equal(await page.getAttribute('swrr-viz#a', 'data-step'), '1');
      assert.equal(await page.locator('swrr-viz#a #status').count(), 0, 'no status line');
      assert.equal(await page.getByRole('alert').textContent(), said(50));
      assert.equal(await box.isVisible(), true);
      assert.equal(await page.getAttribute('swrr-viz#a', 'data-options-error'), null, 'no attribute is wrong');
      // Said until the step shown changes; a step asked through the API or the attribute is said as well.
      await page.$eval('swrr-viz#a', (host) => host.stepBack());
      await page.waitForSelector('swrr-viz#a[data-step="0"]');
      assert.equal(await box.isHidden(), true);
      assert.equal(await page.$eval('swrr-viz#a', (host) => host.seek(60)), false);
      assert.equal(await box.textContent(), said(60));
      await page.$eval('swrr-viz#a', (host) => host.seek(1));
      await page.waitForSelector('swrr-viz#a[data-step="1"]');
      assert.equal(await box.isHidden(), true);
      await page.$eval('swrr-viz#a', (host) => host.setAttribute('step', '40'));
      assert.equal(await box.textContent(), said(40));
      assert.equal(await page.getAttribute('swrr-viz#a', 'data-step'), '1');
      // A seek that is reached ends it, even to the step already shown.
      assert.equal(await page.$eval('swrr-viz#a', (host) => host.seek(1)), true);
      assert.equal(await box.isHidden(), true);
      assert.equal(await page.getAttribute('swrr-viz#a', 'data-step'), '1');
    }));
  }

  for (const [name, options] of [['desktop-light', { viewport: { width: 1280, height: 900 } }], ['desktop-dark', { viewport: { width: 1280, height: 900 }, colorScheme: 'dark' }], ['phone-light', { viewport: { width: 390, height: 844 } }], ['phone-dark', { viewport: { width: 390, height: 844 }, colorScheme: 'dark' }]]) {
    test(`compare.html: the stopped pane is marked and the reason said (${name})`, () => inTab(openPage(suite.browser(), `${suite.url()}compare.html#w=5&scenario=%402%20A%20down&t=50&algos=swrr,classic,envoy`, options), async (page) => {
      await page.waitForSelector('main#compare[data-step="50"]');
      const reason = 'no node can be picked at step 2: nodes down: 1';
      await page.waitForFunction(() => document.querySelector('#status').textContent !== '');
      assert.equal(await status(page), `Classic (expanded list) stays at step 1: ${reason}`);
      const panes = await page.$$eval('article.pane', (all) => all.map((pane) => [pane.dataset.algo, pane.dataset.stopped ?? null, pane.querySelector('.pane-stopped:not([hidden])')?.textContent ?? null]));
      assert.deepEqual(panes, [['swrr', null, null], ['classic', '1', `Stopped at step 1: ${reason}`], ['envoy', null, null]]);
      await screenshot(page, `unreachable-compare-${name}`);
      if (name !== 'desktop-light') return;
      // Back to a step every pane reaches: nothing is said and no pane is marked.
      await page.keyboard.press('Home');
      await page.waitForSelector('main#compare[data-step="0"]');
      assert.equal(await status(page), '');
      assert.equal(await page.$$eval('article.pane[data-stopped]', (all) => all.length), 0);
    }));
  }

  test('compare.html: a step too far for one pane, and one no pane reaches', async () => {
    await inTab(openPage(suite.browser(), `${suite.url()}compare.html#w=5%2C3%2C2&algos=swrr,random&t=1000000000000`), async (page) => {
      await page.waitForSelector('main#compare[data-step="1000000000000"]');
      await page.waitForFunction(() => document.querySelector('#status').textContent !== '');
      assert.equal(await status(page), 'Weighted random stays at step 0: step 1000000000000 is too far to compute for these weights: their period is huge, and at most step 666666666 can be reached');
      assert.equal(await page.getAttribute('article.pane[data-algo="random"]', 'data-stopped'), '0');
    });
    await inTab(openPage(suite.browser(), `${suite.url()}compare.html#w=5&scenario=%402%20A%20down&t=50&algos=classic,interleaved&lang=zh`), async (page) => {
      await page.waitForSelector('main#compare[data-step="1"]');
      await page.waitForFunction(() => document.querySelector('#status').textContent !== '');
      assert.equal(await status(page), '展开列表（经典加权轮询）：停在第 1 步，第 2 步没有可选的节点：1 个节点已下线 · 交错加权轮询（Linux IPVS）：停在第 1 步，第 2 步没有可选的节点：1 个节点已下线');
    });
  });
});
