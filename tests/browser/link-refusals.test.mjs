// What of a link the page cannot use is said, never dropped in silence, and said as the core
// quotes user text: control and direction characters escaped (`\u{0}`), a long value cut in the
// middle with its length. index.html's status line, compare.html's #link-errors, and a
// <swrr-viz>'s red box (through the data-* contract: `data-options-error`, `data-refused`).

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { inTab, openPage, usePageSuite } from './harness.mjs';

const status = (page) => page.$eval('#status', (line) => line.textContent);

describe('a link value the page cannot use is said', () => {
  const suite = usePageSuite();

  test('control and direction characters are escaped as the core escapes them, long values cut', async () => {
    await inTab(suite.open('#w=5%2C3%2C2&t=4&phase=%00'), async (page) => {
      assert.equal(await status(page), 'phase=\\u{0} is not a phase of a step under way: expected fill or pick (a step whole has no phase)');
    });
    await inTab(suite.open('#w=5%2C3%2C2&t=%E2%80%AEabc&speed=%07'), async (page) => {
      assert.equal(await status(page), 't=\\u{202e}abc is not a step: expected a whole number from 0, e.g. 5 · speed=\\u{7} is not a speed: expected 0.5, 1, 2, 4, 10, 30, 100 or 300 (steps per second)');
    });
    await inTab(suite.open(`#w=5%2C3%2C2&theme=${'x'.repeat(100)}`), async (page) => {
      assert.equal(await status(page), `theme=${'x'.repeat(26)}…${'x'.repeat(13)} (100 characters) is not a theme: expected light or dark`);
    });
    await inTab(openPage(suite.browser(), `${suite.url()}compare.html#w=5%2C3%2C2&algos=swrr&speed=%0A9`), async (page) => {
      await page.waitForSelector('main#compare[data-ready="true"]');
      const said = await page.$eval('#link-errors', (box) => [...box.children].map((line) => line.textContent));
      assert.deepEqual(said, ['speed=\\u{a}9 is not a speed: expected 0.5, 1, 2, 4, 10, 30, 100 or 300 (steps per second)', 'algos=swrr does not name 2 to 4 different algorithms the page has: expected e.g. algos=swrr,grpc,envoy']);
    });
    await inTab(openPage(suite.browser(), `${suite.url()}embed-demo.html`), async (page) => {
      const url = `${suite.url()}link-refusals-element.html`;
      await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><html lang="en"><head><meta charset="utf-8">
        <script type="module" src="swrr-viz.js"></script></head><body><swrr-viz id="a" weights="5,3,2"></swrr-viz></body></html>` }));
      await page.goto(url);
      await page.waitForSelector('swrr-viz#a[data-ready="true"]');
      await page.$eval('swrr-viz#a', (el) => el.setAttribute('step', 'x\u0000'));
      await page.waitForFunction(() => document.querySelector('swrr-viz#a').dataset.optionsError);
      assert.equal(await page.getAttribute('swrr-viz#a', 'data-options-error'), 'step="x\\u{0}" is not a step: expected a whole number from 0, e.g. 5');
    });
  });
});
