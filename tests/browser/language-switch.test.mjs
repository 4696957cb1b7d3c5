// What a language switch keeps that the URL does not hold: the phase of the step shown, playing,
// and what a link asked that could not be used (said again in the new language). And where an
// embed without the status line says the latter.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { holdBack, inTab, openPage, screenshot, usePageSuite, waitReady, waitStep } from './harness.mjs';

const BAD_LINK = '#w=5,3,2&t=abc&speed=7&theme=blue';
const TITLES = { en: 'Smooth Weighted Round-Robin', zh: '平滑加权轮询' };

/** Chooses `code` in the language select and waits until the page is drawn in it. */
async function switchTo(page, code) {
  await page.selectOption('#language', code);
  await page.waitForFunction((title) => document.querySelector('h1').textContent === title && document.querySelector('#app').dataset.ready === 'true', TITLES[code]);
}

const position = (page) => page.evaluate(() => {
  const { step, phase, playing } = document.querySelector('#app').dataset;
  return { step: Number(step), phase, playing };
});

describe('a language switch', () => {
  const suite = usePageSuite();
  const { open } = suite;

  test('keeps the step and its phase, English to Chinese and back', async () => {
    const cases = [['#w=5%2C3%2C2&t=4', 1, 5, 'fill'], ['#w=5%2C3%2C2&t=4', 2, 5, 'pick'], ['#w=5%2C3%2C2&t=4', 3, 5, 'drain'], ['#w=5%2C3%2C2', 1, 1, 'fill']];
    for (const [hash, presses, step, phase] of cases) {
      await inTab(open(hash, { viewport: { width: 1366, height: 900 } }), async (page) => {
        await page.focus('body');
        for (let i = 0; i < presses; i += 1) await page.keyboard.press('PageDown');
        await waitStep(page, step, phase);
        for (const code of ['zh', 'en']) {
          await switchTo(page, code);
          assert.deepEqual(await position(page), { step, phase, playing: 'false' }, `${hash}, ${presses} × PageDown, then ${code}`);
        }
      });
    }
  });

  test('while playing, it plays on from where it was', () => inTab(open('#w=5%2C3%2C2&speed=10', { viewport: { width: 1366, height: 900 } }), async (page) => {
    await page.focus('body');
    await page.keyboard.press('Space');
    await page.waitForFunction(() => Number(document.querySelector('#app').dataset.step) >= 8);
    for (const code of ['zh', 'en']) {
      const before = await position(page);
      await switchTo(page, code);
      const after = await position(page);
      assert.equal(after.playing, 'true', `still playing in ${code}`);
      assert.ok(after.step >= before.step, `${code}: step ${after.step}, before the switch ${before.step}`);
      await page.waitForFunction((from) => Number(document.querySelector('#app').dataset.step) >= from + 3, after.step);
    }
  }));

  test('says a link\'s errors again in the new language, until the user changes what they are about', async () => {
    let chinese;
    await inTab(open(`${BAD_LINK}&lang=zh`), async (page) => {
      chinese = await page.textContent('#status');
    });
    await inTab(open(BAD_LINK), async (page) => {
      const english = await page.textContent('#status');
      assert.equal(english.split(' · ').length, 3, english);
      await switchTo(page, 'zh');
      assert.equal(await page.textContent('#status'), chinese);
      await switchTo(page, 'en');
      assert.equal(await page.textContent('#status'), english);
      // A step: the step's error goes, the speed's and the theme's stay, in either language.
      const [, speed, theme] = english.split(' · ');
      await page.focus('body');
      await page.keyboard.press('ArrowRight');
      await waitStep(page, 1);
      assert.equal(await page.textContent('#status'), `${speed} · ${theme}`);
      await switchTo(page, 'zh');
      assert.equal(await page.textContent('#status'), chinese.split(' · ').slice(1).join(' · '));
      await switchTo(page, 'en');
      await page.selectOption('#speed', '2');
      assert.equal(await page.textContent('#status'), theme);
      await page.click('#theme');
      assert.equal(await page.textContent('#status'), '');
      await switchTo(page, 'zh');
      assert.equal(await page.textContent('#status'), '');
    });
  });

  test('an embed without the status line says a link\'s errors above its link to the full page', async () => {
    let said;
    await inTab(open(BAD_LINK), async (page) => {
      said = await page.textContent('#status');
    });
    // With the controls, the status line says them, as on the full page.
    await inTab(open(`${BAD_LINK}&embed=1`, { viewport: { width: 760, height: 720 } }), async (page) => {
      assert.equal(await page.textContent('#status'), said);
      assert.equal(await page.isVisible('#link-errors'), false);
    });
    await inTab(open(`${BAD_LINK}&embed=1&panels=tanks%20table`, { viewport: { width: 760, height: 720 } }), async (page) => {
      assert.equal(await page.$('#status'), null);
      assert.equal(await page.isVisible('#embed-bar #link-errors'), true);
      assert.equal(await page.textContent('#link-errors'), said);
      await screenshot(page, 'embed-link-errors');
      await page.focus('body');
      await page.keyboard.press('ArrowRight');
      await waitStep(page, 1);
      assert.equal(await page.textContent('#link-errors'), said.split(' · ').slice(1).join(' · '));
    });
  });

  test('Presenter pressed before the widget is laid out (its panels\' code still coming) opens presenter mode once it is', async () => {
    await inTab(openPage(suite.browser(), 'about:blank', { viewport: { width: 1366, height: 900 } }), async (page) => {
      const release = await holdBack(page, '**/editor/scenario-editor.js');
      await page.goto(`${suite.url()}index.html#w=5%2C3%2C2&t=4`);
      await page.waitForSelector('#present');
      assert.equal(await page.$eval('#app', (app) => app.querySelector('#tanks') === null), true, 'the widget is not laid out yet');
      await page.click('#present');
      release();
      await waitReady(page);
      await page.waitForFunction(() => document.documentElement.dataset.present === 'true');
      assert.deepEqual(await position(page), { step: 4, phase: 'drain', playing: 'false' });
      assert.match(await page.evaluate(() => location.hash), /present=1/);
    });
  });

  test('Quiz pressed before the widget is laid out opens the quiz once it is', async () => {
    await inTab(openPage(suite.browser(), 'about:blank', { viewport: { width: 1366, height: 900 } }), async (page) => {
      const release = await holdBack(page, '**/editor/scenario-editor.js');
      await page.goto(`${suite.url()}index.html#w=5%2C3%2C2&t=4`);
      await page.waitForSelector('#open-quiz');
      await page.click('#open-quiz');
      release();
      await waitReady(page);
      await page.waitForFunction(() => !document.querySelector('#quiz').hidden);
      assert.match(await page.evaluate(() => location.hash), /quiz=1/);
    });
  });

  test('Presenter pressed before the core is here keeps the link\'s step and says what it refused', async () => {
    await inTab(openPage(suite.browser(), 'about:blank', { viewport: { width: 1366, height: 900 } }), async (page) => {
      const release = await holdBack(page, '**/pkg/swrr_viz_bg.wasm');
      await page.goto(`${suite.url()}index.html#w=5%2C3%2C2&t=4&speed=7`);
      await page.waitForSelector('#present');
      await page.click('#present');
      release();
      await waitReady(page);
      await page.waitForFunction(() => document.documentElement.dataset.present === 'true' || document.querySelector('#present').getAttribute('aria-pressed') === 'true');
      assert.deepEqual(await position(page), { step: 4, phase: 'drain', playing: 'false' });
      assert.match(await page.textContent('#status'), /^speed=7 is not a speed/);
      assert.match(await page.evaluate(() => location.hash), /t=4/);
    });
  });
});
