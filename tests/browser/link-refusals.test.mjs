// What of a link the page cannot use is said, never dropped in silence, and said as the core
// quotes user text: control and direction characters escaped (`\u{0}`), a long value cut in the
// middle with its length. index.html's status line, compare.html's #link-errors, and a
// <swrr-viz>'s red box (through the data-* contract: `data-options-error`, `data-refused`).

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { inTab, openPage, screenshot, usePageSuite } from './harness.mjs';

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

  // Each value, what the status line says, and the hash the page writes back.
  const CASES = [
    ['quiz=-5', 'quiz=-5 is not an exercise: expected a whole number from 1, e.g. quiz=1'],
    ['quiz=abc', 'quiz=abc is not an exercise: expected a whole number from 1, e.g. quiz=1'],
    ['quiz=184467440737095516160', 'quiz=184467440737095516160 is not an exercise: expected a whole number from 1, e.g. quiz=1'],
    ['lesson=99', 'lesson=99 is not a chapter: expected a whole number from 1 to 8, e.g. lesson=1'],
    ['lesson=0', 'lesson=0 is not a chapter: expected a whole number from 1 to 8, e.g. lesson=1'],
    ['lesson=abc', 'lesson=abc is not a chapter: expected a whole number from 1 to 8, e.g. lesson=1'],
    ['win=0', 'win=0 is not a window: expected a whole number of picks from 1 to 10000000, e.g. win=10'],
    ['win=-2', 'win=-2 is not a window: expected a whole number of picks from 1 to 10000000, e.g. win=10'],
    ['win=99999999999', 'win=99999999999 is not a window: expected a whole number of picks from 1 to 10000000, e.g. win=10'],
    ['future=maybe', 'future=maybe is not a way to show the future: expected future=hide (the strip, the plots and the table stop at the step shown)'],
    ['panels=nope%20%3Cx%3E', 'panels=nope <x> names no panel "nope", "<x>": expected any of editor, tanks, explain, controls, scenario, strip, table or plots, separated by spaces or commas'],
    ['present=banana', 'present=banana is neither on nor off: expected present=1 (presenter mode) or present=0'],
    ['lang=xx', 'lang=xx is not a language of the page: expected en or zh'],
    ['lesson=3&quiz=4', 'lesson=3 is not opened: quiz=4 opens instead (the lesson and the quiz open one at a time)'],
  ];

  test('classroom, window, panels and language values that cannot be used are said on the status line', async () => {
    for (const [value, said] of CASES) {
      await inTab(suite.open(`#w=5%2C3%2C2&${value}`), async (page) => {
        await page.waitForFunction(() => document.querySelector('#status').textContent !== '');
        assert.equal(await status(page), said, value);
      });
    }
    // Said until the link changes what it is about: a step does not take it away, a chapter chosen does.
    await inTab(suite.open('#w=5%2C3%2C2&lesson=99'), async (page) => {
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction(() => document.querySelector('main#app').dataset.step === '1');
      assert.match(await status(page), /^lesson=99 is not a chapter/);
      await page.evaluate(() => { location.hash = 'lesson=2'; });
      await page.waitForFunction(() => document.documentElement.dataset.mode === 'lesson');
      await page.waitForFunction(() => !document.querySelector('#status').textContent.includes('lesson='));
    });
    // In Chinese, several at once.
    await inTab(suite.open('#w=5%2C3%2C2&lang=zh&lesson=abc&win=-2&present=2'), async (page) => {
      await page.waitForFunction(() => document.querySelector('#status').textContent !== '');
      assert.equal(await status(page), 'win=-2 不是有效的窗口：应为 1 到 10000000 之间的整数（选择次数），例如 win=10 · lesson=abc 不是章节编号：应为 1 到 8 之间的整数，例如 lesson=1 · present=2 既不是开也不是关：应为 present=1（演示模式）或 present=0');
    });
    // The iframe mode without the status line says it above its link to the full page.
    await inTab(suite.open('#w=5%2C3%2C2&embed=1&panels=tanks%20nope'), async (page) => {
      await page.waitForSelector('#embed-bar #link-errors:not([hidden])');
      assert.equal(await page.$eval('#link-errors', (note) => note.textContent), 'panels=tanks nope names no panel "nope": expected any of editor, tanks, explain, controls, scenario, strip, table or plots, separated by spaces or commas');
    });
  });

  for (const [name, options] of [['desktop-light', {}], ['desktop-dark', { colorScheme: 'dark' }], ['phone-light', { viewport: { width: 390, height: 844 } }], ['phone-dark', { viewport: { width: 390, height: 844 }, colorScheme: 'dark' }]]) {
    test(`several refused values on the status line (${name})`, () => inTab(suite.open('#w=5%2C3%2C2&future=maybe&present=banana&lang=xx&win=0', options), async (page) => {
      await page.waitForFunction(() => document.querySelector('#status').textContent !== '');
      assert.match(await status(page), /^win=0 is not a window.* · lang=xx is not a language of the page: expected en or zh$/);
      await page.$eval('#status', (line) => line.scrollIntoView({ block: 'center' }));
      await page.screenshot({ path: await screenshot(page, `link-refusals-${name}`) });
    }));
  }
  test('compare.html says a language it has no words in, in its box of refused values, and goes on in English', () => inTab(openPage(suite.browser(), `${suite.url()}compare.html#w=5%2C3%2C2&lang=xx`), async (page) => {
    await page.waitForSelector('#link-errors:not([hidden])');
    assert.equal(await page.getAttribute('#link-errors', 'data-refused'), 'lang');
    assert.equal(await page.$eval('#link-errors', (box) => box.textContent), 'lang=xx is not a language of the page: expected en or zh');
    assert.equal(await page.getAttribute('html', 'lang'), 'en');
  }));
});
