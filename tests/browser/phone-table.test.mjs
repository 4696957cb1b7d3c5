// The hand-calculation table of a run with events on a phone (390 × 844) and a desktop, measured:
// on the phone a row's events are lines above its numbers, so the first levels are in view beside
// the step, request and outcome; the step column stays in place when the table scrolls sideways;
// every heading reads whole. The cells keep their data-* and text.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { inTab, usePageSuite } from './harness.mjs';

const SCENARIO = '@1 C max_fails=1 timeout=60; @1 C dead; @6 C alive';
const HASH = `#w=5%2C3%2C2&scenario=${encodeURIComponent(SCENARIO)}&t=7`;
const PHONE = { width: 390, height: 844 };

/** The table's geometry relative to its scrolling box (left/right/top/bottom in px). */
function tableGeometry(page) {
  return page.evaluate(() => {
    const scroller = document.querySelector('#trace-scroll');
    const view = scroller.getBoundingClientRect();
    const at = (element) => {
      const box = element.getBoundingClientRect();
      return { left: box.left - view.left, right: box.right - view.left, top: box.top, bottom: box.bottom, width: box.width };
    };
    const row = (step) => document.querySelector(`#trace tr[data-step="${step}"]`);
    const heads = [...document.querySelectorAll('#trace thead th')]
      .filter((th) => th.getBoundingClientRect().width > 0)
      .map((th) => ({ text: th.textContent, cut: th.scrollWidth > th.clientWidth + 1 }));
    return {
      view: { width: scroller.clientWidth },
      eventsHead: at(document.querySelector('#trace th.events')),
      stepHead: at(document.querySelector('#trace thead th')),
      step1: at(row(1).querySelector('th')),
      lines1: at(row(1).querySelector('.event-lines')),
      request1: at(row(1).querySelector('td[data-request]')),
      level1: at(row(1).querySelector('td[data-phase="filled"][data-node="0"]')),
      levelC1: at(row(1).querySelector('td[data-phase="filled"][data-node="2"]')),
      step7: at(row(7).querySelector('th')),
      lines7: at(row(7).querySelector('.event-lines')),
      request7: at(row(7).querySelector('td[data-request]')),
      heads,
    };
  });
}

describe('the hand table with events', () => {
  const suite = usePageSuite();

  for (const [lang, colorScheme] of [['en', 'light'], ['zh', 'dark']]) {
    test(`on a phone (${lang}, ${colorScheme}): events above the numbers, the levels in view, the step column in place`, () => inTab(suite.open(`${HASH}&lang=${lang}`, { viewport: PHONE, colorScheme }), async (page) => {
      await page.waitForSelector('#trace tr[data-step="7"] td.events .event-lines');
      // The cells are as the CLI's trace says them, whatever the layout.
      const events = await page.$eval('#trace tr[data-step="1"] td.events', (td) => [td.dataset.events, td.textContent, getComputedStyle(td).display]);
      assert.deepEqual(events, [SCENARIO.split('; ').slice(0, 2).join('; '), '@1 C max_fails=1 timeout=60; @1 C dead', 'table-cell']);
      await page.$eval('#trace-scroll', (box) => box.scrollIntoView());
      let at = await tableGeometry(page);
      assert.ok(at.eventsHead.width <= 1, `the events take no column (${at.eventsHead.width} px)`);
      // Every level of the first row, A's to C's, is in the box without scrolling.
      assert.ok(at.levelC1.right <= at.view.width, `the levels end at ${Math.round(at.levelC1.right)} px of ${at.view.width}`);
      // The events are lines above the row's numbers, from its left edge: two events, two lines.
      assert.ok(at.lines1.left >= 0 && at.lines1.right <= at.view.width, `step 1's events span ${Math.round(at.lines1.left)}–${Math.round(at.lines1.right)} px`);
      // The request number is the last line of its cell (about 21 px), under the events.
      assert.ok(at.lines1.bottom <= at.request1.bottom - 18, `step 1's events end at ${Math.round(at.lines1.bottom)} px, its request cell at ${Math.round(at.request1.bottom)} px`);
      assert.ok(at.lines7.bottom < at.request7.bottom && at.lines7.top >= at.step7.top, 'step 7\'s event is above its numbers, in its row');
      assert.ok(at.lines1.bottom - at.lines1.top > 1.8 * (at.lines7.bottom - at.lines7.top), 'one line per event');
      for (const head of at.heads) assert.equal(head.cut, false, `the heading "${head.text}" reads whole`);
      // Scrolled sideways, the step column stays at the box's left edge.
      await page.$eval('#trace-scroll', (box) => { box.scrollLeft = 400; });
      at = await tableGeometry(page);
      assert.ok(Math.abs(at.step1.left) <= 1 && Math.abs(at.stepHead.left) <= 1, `the step column is at ${Math.round(at.step1.left)} px, its heading at ${Math.round(at.stepHead.left)} px`);
    }));
  }

  test('on a desktop the events are a column, one event a line, no wider than the longest', () => inTab(suite.open(HASH, { viewport: { width: 1280, height: 800 } }), async (page) => {
    await page.waitForSelector('#trace tr[data-step="7"] td.events .event-lines');
    const at = await tableGeometry(page);
    const longest = await page.$eval('#trace tr[data-step="1"] .event-lines span', (span) => span.getBoundingClientRect().width);
    assert.ok(at.eventsHead.width < longest + 40, `the events column is ${Math.round(at.eventsHead.width)} px for a ${Math.round(longest)} px event`);
    assert.ok(at.lines1.left >= at.eventsHead.left && at.lines1.right <= at.eventsHead.right + 0.5, 'the events are in their column');
    assert.ok(at.level1.left > at.request1.right, 'the levels after the request');
    assert.ok(at.lines1.bottom - at.lines1.top > 1.8 * (at.lines7.bottom - at.lines7.top), 'one line per event');
    for (const head of at.heads) assert.equal(head.cut, false, `the heading "${head.text}" reads whole`);
  }));
});
