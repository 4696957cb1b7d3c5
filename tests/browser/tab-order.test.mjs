// Tab goes the way the page reads at every width: nothing drawn under the transport's buttons is
// a stop before them (a phone and a laptop draw the transport above the explanation, a wide
// window beside the tanks under it). The explanation is no stop of its own while it shows
// whole; where the rules scroll (presenter mode on a projector) the browser makes them one, in
// their place.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { inTab, usePageSuite } from './harness.mjs';

/** The element Tab has reached: its id (or class) and where it is drawn in the page. */
function focused(page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    const box = element.getBoundingClientRect();
    return { name: element.id || element.className || element.tagName, top: box.top + scrollY, bottom: box.bottom + scrollY };
  });
}

describe('Tab order follows reading order', () => {
  const suite = usePageSuite();

  for (const viewport of [{ width: 390, height: 844 }, { width: 1024, height: 768 }, { width: 1366, height: 768 }, { width: 1920, height: 1080 }]) {
    test(`${viewport.width}×${viewport.height}: every stop before the transport is drawn above it; after the tanks, the transport`, () => inTab(suite.open('#w=5%2C3%2C2&t=5', { viewport, reducedMotion: 'reduce' }), async (page) => {
      const stops = [];
      for (let i = 0; i < 60 && stops.at(-1)?.name !== 'to-start'; i += 1) {
        await page.keyboard.press('Tab');
        stops.push(await focused(page));
      }
      const transport = stops.at(-1);
      assert.equal(transport.name, 'to-start', 'Tab reaches the transport');
      const below = stops.slice(0, -1).filter((stop) => stop.top > transport.top + 1);
      assert.deepEqual(below.map((stop) => `${stop.name} at ${Math.round(stop.top)} px`), [], `stops before the transport (at ${Math.round(transport.top)} px) drawn under it`);

      // "Skip to the tanks", then Tab: the transport's first button, whatever the layout.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.focus('#skip-to-tanks');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      assert.equal((await focused(page)).name, 'to-start');
    }));
  }

  test('1280×720, presenter mode beside chapter 5: the rules, which scroll there, are a stop before the transport under them', () => inTab(suite.open('#lesson=5&present=1', { viewport: { width: 1280, height: 720 }, reducedMotion: 'reduce' }), async (page) => {
    const scrolls = await page.$eval('#rules', (box) => box.scrollHeight > box.clientHeight);
    assert.equal(scrolls, true, 'the rules scroll here');
    const names = [];
    for (let i = 0; i < 40 && names.at(-1) !== 'to-start' && names.at(-1) !== 'back'; i += 1) {
      await page.keyboard.press('Tab');
      names.push((await focused(page)).name);
    }
    const rules = names.indexOf('rules');
    assert.ok(rules >= 0, `Tab reaches the rules: ${names.join(', ')}`);
    assert.ok(rules === names.length - 2, `…just before the transport: ${names.join(', ')}`);
    // Scrolled to the rule of the phase, the rules scroll back up from the keyboard.
    await page.focus('#rules');
    const before = await page.$eval('#rules', (box) => box.scrollTop);
    assert.ok(before > 0, 'scrolled to the rule of the phase');
    await page.keyboard.press('ArrowUp');
    await page.waitForFunction((top) => document.querySelector('#rules').scrollTop < top, before);
  }));

});
