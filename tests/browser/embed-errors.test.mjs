// An embed without the weights editor and the controls (`panels="tanks"`) says an input it
// cannot use where its reader sees it, in the page's language: the element in its red box, the
// iframe mode in its note above the link to the full page; `data-options-error` keeps the core's
// English for programs.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { inTab, openPage, screenshot, usePageSuite, waitStep } from './harness.mjs';

// What each input says, in English and in Chinese (the core's catalog and the page's words).
const WEIGHTS_X = { en: 'weight 2 "x" (at column 3) is not a number: expected a non-negative number such as 5, 2.5 or 30%, optionally named like A=5', zh: '第 2 个权重“x”（第 3 列）不是数字：应为非负数，例如 5、2.5 或 30%，也可以带名字，例如 A=5' };
const UNKNOWN_ALGO = { en: 'unknown algorithm "nope": expected swrr (nginx), classic, interleaved, random, edf, grpc, grpc-java or envoy', zh: '未知的算法“nope”：应为 swrr（nginx）、classic、interleaved、random、edf、grpc、grpc-java 或 envoy' };
const UNKNOWN_TIE = { en: 'unknown tie rule "sideways": expected first (nginx) or last', zh: '未知的平局规则“sideways”：应为 first（nginx）或 last' };
const STEP_ABC = { en: 'step="abc" is not a step: expected a whole number from 0, e.g. 5', zh: 'step="abc" 不是步数：应为从 0 起的整数，例如 5' };
const ZONE_YES = { en: 'zone="yes" is neither on nor off: expected zone with no value, true or 1 (the workers share one state), or false or 0 (each worker its own)', zh: 'zone="yes" 既不是开也不是关：应为不带值的 zone、true 或 1（各工作进程共享一份状态），或 false 或 0（每个工作进程各一份）' };
const SEED_ABC = { en: 'seed "abc" is not a whole number from 0 to 18446744073709551615: write it with digits only', zh: '种子“abc”不是 0 到 18446744073709551615 之间的整数：请只用数字书写' };

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

describe('an embed without the editor and the controls says what it cannot use', () => {
  const suite = usePageSuite();

  /** A page of `lang` with the elements `markup`, served by the suite's server. */
  async function elementPage(page, lang, markup) {
    const url = `${suite.url()}embed-errors-${lang}.html`;
    await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">
      <meta name="viewport" content="width=device-width"><script type="module" src="swrr-viz.js"></script></head>
      <body><p>The article's text.</p>${markup}<p>More of the article.</p></body></html>` }));
    await page.goto(url);
  }

  /** What element `id` shows of its errors: its box's lines if visible, and its data-options-error. */
  const elementSays = (page, id) => page.$eval(`swrr-viz#${id}`, (host) => {
    const box = host.shadowRoot.querySelector('p.attribute-errors[role="alert"]');
    const height = box?.getBoundingClientRect().height ?? 0;
    return {
      box: box && !box.hidden && height > 20 ? [...box.children].map((line) => line.textContent) : [],
      data: host.dataset.optionsError ?? null,
      status: host.shadowRoot.querySelector('#status')?.textContent ?? null,
    };
  });

  for (const [lang, code] of [['en', 'en'], ['zh-CN', 'zh']]) {
    test(`the element, ${lang}: a bad weight and a bad option in its red box`, () => inTab(openPage(suite.browser(), 'about:blank', { viewport: PHONE, reducedMotion: 'reduce' }), async (page) => {
      await elementPage(page, lang, `
        <swrr-viz id="weights" weights="5,x,2" panels="tanks"></swrr-viz>
        <swrr-viz id="algo" weights="5,3,2" algo="nope" panels="tanks"></swrr-viz>
        <swrr-viz id="tie" weights="5,3,2" tie="sideways" panels="tanks"></swrr-viz>
        <swrr-viz id="step" weights="5,3,2" step="abc" panels="tanks"></swrr-viz>`);
      const expected = { weights: WEIGHTS_X, algo: UNKNOWN_ALGO, tie: UNKNOWN_TIE, step: STEP_ABC };
      for (const [id, message] of Object.entries(expected)) {
        await page.$eval(`swrr-viz#${id}`, (el) => el.scrollIntoView());
        await page.waitForSelector(`swrr-viz#${id}[data-ready="true"]`);
        assert.deepEqual(await elementSays(page, id), { box: [message[code]], data: message.en, status: null }, id);
      }
      await page.$eval('swrr-viz#weights', (el) => el.scrollIntoView());
      await screenshot(page, `embed-errors-element-${code}`);
    }));
  }

  for (const [lang, name] of [['en', 'Smooth Weighted Round-Robin walkthrough'], ['zh-CN', '平滑加权轮询逐步演示']]) {
    test(`the element, ${lang}: named for a screen reader in the page's language, unless its author named it`, () => inTab(openPage(suite.browser(), 'about:blank', { viewport: PHONE, reducedMotion: 'reduce' }), async (page) => {
      await elementPage(page, lang, `
        <swrr-viz id="own" weights="5,3,2" panels="tanks"></swrr-viz>
        <swrr-viz id="authors" weights="5,3,2" panels="tanks" aria-label="5,3,2 step by step"></swrr-viz>`);
      await page.waitForSelector('swrr-viz#own[data-ready="true"]');
      assert.equal(await page.getAttribute('swrr-viz#own', 'aria-label'), name);
      assert.equal(await page.getAttribute('swrr-viz#authors', 'aria-label'), '5,3,2 step by step');
    }));
  }

  test('the element, zh-CN: its words are marked as Chinese, also in a part of the page marked English', () => inTab(openPage(suite.browser(), 'about:blank', { viewport: PHONE, reducedMotion: 'reduce' }), async (page) => {
    // The element speaks the document's language; the language its shadow content inherits is its
    // host's, which the page may set otherwise: a screen reader would read Chinese as English.
    await elementPage(page, 'zh-CN', `
      <swrr-viz id="plain" weights="5,x,2" panels="tanks explain"></swrr-viz>
      <div lang="en"><swrr-viz id="inner" weights="5,x,2" panels="tanks explain"></swrr-viz></div>`);
    for (const id of ['plain', 'inner']) {
      await page.$eval(`swrr-viz#${id}`, (el) => el.scrollIntoView());
      await page.waitForSelector(`swrr-viz#${id}[data-ready="true"]`);
      const said = await page.$eval(`swrr-viz#${id}`, (el) => [el.shadowRoot.querySelector('#narration'), el.shadowRoot.querySelector('p.attribute-errors')]
        .map((part) => ({ text: part.textContent.slice(0, 6), chinese: part.matches(':lang(zh)') })));
      assert.deepEqual(said, [{ text: '第 0 步：', chinese: true }, { text: WEIGHTS_X.zh.slice(0, 6), chinese: true }], id);
    }
  }));

  // `zone` is a switch as HTML's are: present with no value (or as its name) it is on, like
  // `true` and `1`; `false` and `0` are off; any other value is said, and the zone stays off.
  for (const [lang, code] of [['en', 'en'], ['zh-CN', 'zh']]) {
    test(`the element, ${lang}: zone with no value shares the workers' state; zone="yes" is said`, () => inTab(openPage(suite.browser(), 'about:blank', { viewport: DESKTOP, reducedMotion: 'reduce' }), async (page) => {
      const cases = { absent: '', bare: 'zone', named: 'zone="Zone"', true: 'zone="true"', one: 'zone="1"', zero: 'zone="0"', false: 'zone="false"', yes: 'zone="yes"' };
      await elementPage(page, lang, Object.entries(cases).map(([id, zone]) => `<swrr-viz id="${id}" weights="5,3,2" workers="4" ${zone} step="6" panels="tanks"></swrr-viz>`).join(''));
      const shared = [0, -2, 2]; // one state for the 4 workers: 5,3,2 after A B C A A B
      const apart = [0, -4, 4]; // each worker its own: the levels of the worker that served step 6
      const expected = { absent: apart, bare: shared, named: shared, true: shared, one: shared, zero: apart, false: apart, yes: apart };
      for (const [id, levels] of Object.entries(expected)) {
        await page.$eval(`swrr-viz#${id}`, (el) => el.scrollIntoView());
        await page.waitForSelector(`swrr-viz#${id}[data-ready="true"]`);
        const current = await page.$eval(`swrr-viz#${id}`, (host) => [...host.shadowRoot.querySelectorAll('g.tank[data-node]')].map((g) => Number(g.dataset.current)));
        assert.deepEqual(current, levels, `${id}: ${cases[id] || 'no zone'}`);
        const message = id === 'yes' ? ZONE_YES : null;
        assert.deepEqual(await elementSays(page, id), { box: message ? [message[code]] : [], data: message?.en ?? null, status: null }, id);
      }
      // Turned wrong after it was on: said, and the zone in effect stays on; with no value, on and not said.
      await page.$eval('swrr-viz#true', (el) => el.setAttribute('zone', 'yes'));
      assert.deepEqual((await elementSays(page, 'true')).box, [ZONE_YES[code]]);
      await page.$eval('swrr-viz#true', (el) => el.setAttribute('step', '7'));
      assert.deepEqual(await page.$eval('swrr-viz#true', (host) => [...host.shadowRoot.querySelectorAll('g.tank[data-node]')].map((g) => Number(g.dataset.current))), [-5, 1, 4]);
      await page.$eval('swrr-viz#true', (el) => el.setAttribute('zone', ''));
      assert.deepEqual(await elementSays(page, 'true'), { box: [], data: null, status: null });
      await page.$eval('swrr-viz#yes', (el) => el.scrollIntoView());
      await screenshot(page, `embed-errors-zone-${code}`);
    }));
  }

  test('the element with its controls says refused weights once, in its box, also after a step', () => inTab(openPage(suite.browser(), 'about:blank', { viewport: DESKTOP, reducedMotion: 'reduce' }), async (page) => {
    await elementPage(page, 'en', '<swrr-viz id="x" weights="5,x,2"></swrr-viz>');
    await page.waitForSelector('swrr-viz#x[data-ready="true"]');
    await page.$eval('swrr-viz#x', (el) => el.stepForward());
    await page.waitForSelector('swrr-viz#x[data-step="1"][data-phase="drain"]');
    assert.deepEqual(await elementSays(page, 'x'), { box: [WEIGHTS_X.en], data: WEIGHTS_X.en, status: '' });
  }));

  /** What the iframe mode shows of its errors: its note (if visible), its status line, data-options-error. */
  const pageSays = (page) => page.evaluate(() => {
    const note = document.querySelector('#embed-bar #link-errors[role="status"]');
    const visible = note && !note.hidden && note.getBoundingClientRect().height > 0;
    return {
      note: visible ? note.textContent : null,
      status: document.querySelector('#status')?.textContent ?? null,
      data: document.querySelector('#app').dataset.optionsError ?? null,
    };
  });

  for (const [lang, code] of [['', 'en'], ['&lang=zh', 'zh']]) {
    test(`the iframe mode${lang}: a bad weight and a bad option in its note`, async () => {
      for (const [viewport, theme] of [[PHONE, 'light'], [DESKTOP, 'dark']]) {
        await inTab(suite.open(`#embed=1&panels=tanks&w=5,x,2${lang}`, { viewport, colorScheme: theme }), async (page) => {
          assert.deepEqual(await pageSays(page), { note: WEIGHTS_X[code], status: null, data: WEIGHTS_X.en });
          await screenshot(page, `embed-errors-iframe-weights-${code}-${viewport.width}-${theme}`);
          // Said while the walkthrough steps on with the last good weights, and gone once a link's are good.
          await page.focus('body');
          await page.keyboard.press('ArrowRight');
          await waitStep(page, 1);
          assert.equal((await pageSays(page)).note, WEIGHTS_X[code]);
          await page.evaluate((lang) => { location.hash = `#embed=1&panels=tanks&w=4,1${lang}`; }, lang);
          await page.waitForFunction(() => document.querySelector('#app g.tank[data-node="1"]')?.dataset.weight === '1');
          assert.deepEqual(await pageSays(page), { note: null, status: null, data: null });
        });
      }
      await inTab(suite.open(`#embed=1&panels=tanks&w=5,3,2&algo=random&seed=abc${lang}`, { viewport: PHONE }), async (page) => {
        assert.deepEqual(await pageSays(page), { note: SEED_ABC[code], status: null, data: SEED_ABC.en });
        await screenshot(page, `embed-errors-iframe-seed-${code}`);
      });
      // A link's step it cannot use and refused weights: the note says both, as the status line would.
      await inTab(suite.open(`#embed=1&panels=tanks&w=5,x,2&t=abc${lang}`, { viewport: PHONE }), async (page) => {
        const step = code === 'zh' ? 't=abc 不是步数：应为从 0 起的整数，例如 5' : 't=abc is not a step: expected a whole number from 0, e.g. 5';
        assert.equal((await pageSays(page)).note, `${step} · ${WEIGHTS_X[code]}`);
      });
    });
  }
});
