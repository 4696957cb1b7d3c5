// A step far beyond what the run has computed is reached in slices between frames
// (www/widget/far-seek.js): the page keeps drawing frames and answering keys meanwhile, the
// status line says how far it is, `data-reaching` names the step, and the step shown is the one
// asked once it is there. A step asked meanwhile takes its place; a run that stops on the way
// shows where it stops, as a link's step that cannot be reached does. `<swrr-viz>`'s seek(t)
// answers whether it reached the step, so it seeks in one task. End on a period longer than
// the timeline goes to the timeline's end.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { framesIn, inTab, openPage, screenshot, usePageSuite, waitStep } from './harness.mjs';

const status = (page) => page.$eval('#status', (line) => line.textContent);
const app = (page) => page.$eval('main#app', (main) => ({ step: main.dataset.step, reaching: main.dataset.reaching ?? null }));

// EDF with a change of weight never repeats: three million steps are seconds of work, thirty
// million tens of seconds (asserted on while they are computed, then stopped).
const FAR = '#w=5%2C3%2C2&algo=edf&scenario=%401%20A%3D6&t=3000000';
const FARTHER = '#w=5%2C3%2C2&algo=edf&scenario=%401%20A%3D6&t=30000000';

describe('a far step is reached in slices', () => {
  const suite = usePageSuite();

  test('while a far step is computed the page draws, says how far, keeps it in the link, and a step asked takes its place', () => inTab(suite.open(FARTHER), async (page) => {
    assert.deepEqual(await app(page), { step: '0', reaching: '30000000' });
    assert.match(await status(page), /^Computing step 30000000: \d+ % done \(any step control stops it\)$/);
    assert.ok(await framesIn(page, 500) >= 2, 'frames drawn while the step is computed');
    await page.waitForFunction(() => /: [1-9]\d* % done/.test(document.querySelector('#status').textContent));
    // The link keeps the step asked meanwhile (written within 400 ms of a change).
    await page.waitForFunction(() => /[#&]t=30000000(&|$)/.test(location.hash));
    assert.deepEqual(await app(page), { step: '0', reaching: '30000000' }, 'still computing');
    await page.keyboard.press('ArrowRight');
    await waitStep(page, 1);
    assert.deepEqual(await app(page), { step: '1', reaching: null });
    assert.equal(await status(page), '');
    await page.waitForFunction(() => /[#&]t=1(&|$)/.test(location.hash));
    await page.waitForTimeout(1000);
    assert.deepEqual(await app(page), { step: '1', reaching: null }, 'the far step does not land later');
  }));

  test('a link to a far step shows it once it is there', () => inTab(suite.open(FAR), async (page) => {
    await page.waitForFunction(() => document.querySelector('main#app').dataset.step === '3000000', null, { timeout: 120_000 });
    assert.deepEqual(await app(page), { step: '3000000', reaching: null });
    assert.equal(await status(page), '');
    const picks = await page.$$eval('g.node[data-picks]', (nodes) => nodes.map((node) => Number(node.dataset.picks)));
    assert.equal(picks.reduce((a, b) => a + b, 0), 3000000, `picks ${picks}`);
    // Back and forth near it is quick: the ground is computed.
    await page.keyboard.press('ArrowLeft');
    await waitStep(page, 2999999);
    assert.deepEqual(await app(page), { step: '2999999', reaching: null });
  }));

  test('a run that stops on the way shows where it stops and says why', () => inTab(suite.open('#w=5&algo=classic&scenario=%402000000%20A%20down&t=3000000'), async (page) => {
    await page.waitForFunction(() => document.querySelector('main#app').dataset.step === '1999999', null, { timeout: 120_000 });
    assert.deepEqual(await app(page), { step: '1999999', reaching: null });
    assert.equal(await status(page), 'Cannot go to step 3000000: no node can be picked at step 2000000: nodes down: 1');
  }));

  test('<swrr-viz>\'s seek(t) answers whether it reached the step: in one task, however far', () => inTab(openPage(suite.browser(), `${suite.url()}embed-demo.html`), async (page) => {
    const url = `${suite.url()}far-element.html`;
    await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><html lang="en"><head><meta charset="utf-8">
      <script type="module" src="swrr-viz.js"></script></head><body>
      <swrr-viz id="a" weights="5" algorithm="classic" scenario="@2000000 A down"></swrr-viz></body></html>` }));
    await page.goto(url);
    await page.waitForSelector('swrr-viz#a[data-ready="true"]');
    assert.deepEqual(await page.$eval('swrr-viz#a', (host) => [host.seek(1500000), host.dataset.step]), [true, '1500000']);
    assert.deepEqual(await page.$eval('swrr-viz#a', (host) => [host.seek(2500000), host.dataset.step]), [false, '1500000']);
  }));

  test('End with a period longer than the timeline goes to the timeline\'s end, and says so', () => inTab(suite.open('#w=1000000000%2C1', { reducedMotion: 'reduce' }), async (page) => {
    const toEnd = () => page.$eval('#to-end', (button) => [button.getAttribute('aria-label'), button.title]);
    assert.deepEqual(await toEnd(), ['To end of timeline (the period is longer)', 'To end of timeline (the period is longer) (End)']);
    await page.click('#to-end');
    await waitStep(page, 10000000);
    assert.equal(await page.$eval('#scrubber', (s) => [s.value, s.max].join('/')), '10000000/10000000');
    assert.equal(await page.$eval('#status', (line) => line.textContent), '', 'reached: nothing refused');
    await page.keyboard.press('End');
    await waitStep(page, 20000000);
    // A period the timeline holds: End goes to the end of the period again.
    await page.fill('#weights', '5,3,2');
    await waitStep(page, 0, 'start');
    assert.deepEqual(await toEnd(), ['To end of period', 'To end of period (End)']);
    await page.click('#to-end');
    await waitStep(page, 10);
  }));

  for (const [name, options] of [['phone-dark', { viewport: { width: 390, height: 844 }, colorScheme: 'dark' }], ['desktop-light-zh', { locale: 'zh-CN' }]]) {
    test(`the status line while reaching, ${name}`, () => inTab(suite.open(`${FARTHER}${name.endsWith('zh') ? '&lang=zh' : ''}`, options), async (page) => {
      await page.waitForFunction(() => /[1-9]\d* ?%/.test(document.querySelector('#status').textContent));
      if (name.endsWith('zh')) assert.match(await status(page), /^正在计算第 30000000 步：已完成 \d+%（按任一步进控件可停止）$/);
      await screenshot(page, `far-seek-${name}`);
    }));
  }
});
