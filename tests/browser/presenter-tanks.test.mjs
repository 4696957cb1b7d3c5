// Presenter mode beside a lesson: the window, not the tanks, sets the walkthrough's row, and the
// tanks fill it (presenter.css `--tanks-fill-height`, the core's `TankLayout::filling`) rather
// than stand in the middle of an empty box; the transport stays in the window. Without a lesson
// the tanks keep the height their width gives them.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { inTab, openPage, sayBox, usePageSuite, waitReady, wholeInWindow } from './harness.mjs';

/** The tanks' SVG, its box's content, the first tank's outline and the slider, in px. */
function measure(page) {
  return page.evaluate(() => {
    const svg = document.querySelector('svg#tanks');
    const wrap = svg.parentElement;
    const style = getComputedStyle(wrap);
    const inner = wrap.getBoundingClientRect();
    const content = {
      top: inner.top + parseFloat(style.borderTopWidth) + parseFloat(style.paddingTop),
      bottom: inner.bottom - parseFloat(style.borderBottomWidth) - parseFloat(style.paddingBottom),
    };
    const box = svg.getBoundingClientRect();
    const { top, bottom, left, right } = document.querySelector('#scrubber').getBoundingClientRect();
    return {
      svg: { top: box.top, bottom: box.bottom, width: box.width, height: box.height },
      content,
      tank: svg.querySelector('.tank-body').getBoundingClientRect().height,
      slider: { top, bottom, left, right },
    };
  });
}

/** The tanks' own height at `width` px with presenter mode's text (`height_for`'s tank zone). */
const ownTank = (width) => Math.min(420, Math.max(160, width * 0.42));

describe('presenter mode: the tanks fill the row a lesson sets', () => {
  const suite = usePageSuite();

  for (const { width, height, chapter, dark } of [
    { width: 1366, height: 768, chapter: 4, dark: false },
    { width: 1280, height: 720, chapter: 5, dark: true },
    { width: 1920, height: 1080, chapter: 3, dark: false },
  ]) {
    test(`${width}×${height}, chapter ${chapter}`, async () => {
      const viewport = { width, height };
      await inTab(openPage(suite.browser(), `${suite.url()}index.html#present=1&lesson=${chapter}`, { viewport, colorScheme: dark ? 'dark' : 'light' }), async (page) => {
        await waitReady(page);
        const m = await measure(page);
        assert.ok(Math.abs(m.svg.bottom - m.content.bottom) <= 1, `the tanks reach their box's foot: ${m.svg.bottom} vs ${m.content.bottom}`);
        assert.ok(Math.abs(m.svg.top - m.content.top) <= 1, `and start at its top: ${m.svg.top} vs ${m.content.top}`);
        assert.ok(m.tank > ownTank(m.svg.width) + 60, `a tank is ${m.tank} px tall, its width's own height ${ownTank(m.svg.width)}`);
        assert.ok(wholeInWindow(m.slider, viewport), `the slider is in the window: ${sayBox(m.slider)}`);
      });
    });
  }

  test('a window made shorter lays the tanks out again for the shorter row', async () => {
    await inTab(openPage(suite.browser(), `${suite.url()}index.html#present=1&lesson=4`, { viewport: { width: 1366, height: 768 } }), async (page) => {
      await waitReady(page);
      const tall = await measure(page);
      await page.setViewportSize({ width: 1366, height: 700 });
      await page.waitForFunction((before) => document.querySelector('svg#tanks').getBoundingClientRect().height < before - 40, tall.svg.height);
      const short = await measure(page);
      assert.ok(Math.abs(short.svg.bottom - short.content.bottom) <= 1, `the tanks reach their box's foot: ${short.svg.bottom} vs ${short.content.bottom}`);
      assert.ok(Math.abs(short.svg.width - tall.svg.width) <= 1, 'drawn at the same width');
      assert.ok(short.tank < tall.tank - 40, `${short.tank} px, ${tall.tank} px before`);
      assert.ok(wholeInWindow(short.slider, { width: 1366, height: 700 }), `the slider is in the window: ${sayBox(short.slider)}`);
    });
  });

  test('tanks first drawn after presenter mode came on take its larger text (a run of EDF first)', async () => {
    const fontOf = (page) => page.$eval('svg#tanks', (svg) => svg.style.getPropertyValue('--tank-font'));
    const viewport = { width: 1366, height: 900 };
    let direct;
    await inTab(openPage(suite.browser(), `${suite.url()}index.html#present=1&w=5,3,2`, { viewport }), async (page) => {
      await waitReady(page);
      direct = await fontOf(page);
    });
    assert.match(direct, /px$/);
    await inTab(openPage(suite.browser(), `${suite.url()}index.html#algo=edf&w=5,3,2`, { viewport }), async (page) => {
      await waitReady(page);
      await page.click('#present');
      await page.waitForFunction(() => /present=1/.test(location.hash));
      // Back to SWRR as a link (or Back) asks, in the same widget.
      await page.evaluate(() => { location.hash = location.hash.replace('algo=edf', 'algo=swrr'); });
      await page.waitForSelector('svg#tanks:not([hidden]) g.tank');
      assert.equal(await fontOf(page), direct);
    });
  });

  test('without a lesson the tanks keep the height their width gives them', async () => {
    await inTab(openPage(suite.browser(), `${suite.url()}index.html#present=1&w=5,3,2`, { viewport: { width: 1366, height: 768 } }), async (page) => {
      await waitReady(page);
      const m = await measure(page);
      assert.ok(Math.abs(m.tank - ownTank(m.svg.width)) <= 1, `a tank is ${m.tank} px tall at ${m.svg.width} px wide`);
    });
  });
});
