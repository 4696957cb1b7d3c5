// The <swrr-viz> element's hand calculation keeps the place of the rows it will hold before the
// core is here (plain SWRR's period, counted from the weights), so starting shifts nothing and
// the box ends at its last row; a run whose rows cannot be counted before (another algorithm)
// keeps the table's most, and its box fits the rows once they are drawn.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { inTab, openPage, usePageSuite } from './harness.mjs';

/** The table's box of element `id`: its height, the room inside it and the rows' height. */
function tableBox(page, id) {
  return page.$eval(`swrr-viz#${id}`, (host) => {
    const box = host.shadowRoot.querySelector('#trace-scroll');
    const table = host.shadowRoot.querySelector('#trace');
    return {
      height: box.getBoundingClientRect().height,
      room: box.clientHeight,
      rows: table.tBodies[0]?.rows.length ?? 0,
      table: table.getBoundingClientRect().height,
      scrolls: box.scrollHeight > box.clientHeight + 1,
    };
  });
}

/** Adds `<swrr-viz id panels="tanks table" …attributes>` at the end of the page (not started: below the fold). */
function addElement(page, id, attributes) {
  return page.evaluate(({ id, attributes }) => {
    const element = Object.assign(document.createElement('swrr-viz'), { id });
    for (const [name, value] of Object.entries({ panels: 'tanks table', ...attributes })) element.setAttribute(name, value);
    document.body.append(element);
  }, { id, attributes });
}

async function startInView(page, id) {
  await page.$eval(`swrr-viz#${id}`, (el) => el.scrollIntoView());
  await page.waitForSelector(`swrr-viz#${id}[data-ready="true"]`);
  await page.waitForFunction((id) => document.getElementById(id).shadowRoot.querySelector('#trace tbody tr'), id);
}

const REM = 16;
/** The table's most: 26rem. */
const MOST = 26 * REM;

describe('the element\'s table keeps the place of its rows', () => {
  const suite = usePageSuite();

  for (const viewport of [{ width: 320, height: 844 }, { width: 1400, height: 900 }]) {
    test(`embed-demo.html's second element (5,3,2, step 5) at ${viewport.width}×${viewport.height}: no blank under the last row, no shift`, () => inTab(openPage(suite.browser(), `${suite.url()}embed-demo.html`, { viewport, reducedMotion: 'reduce' }), async (page) => {
      await page.waitForSelector('swrr-viz#first[data-ready="true"]');
      assert.equal(await page.getAttribute('swrr-viz#second', 'data-ready'), null, 'below the fold');
      const reserved = await tableBox(page, 'second');
      await startInView(page, 'second');
      const drawn = await tableBox(page, 'second');
      assert.equal(drawn.rows, 10);
      assert.ok(drawn.room - drawn.table < 1, `blank under the last row: ${drawn.room - drawn.table} px`);
      assert.equal(drawn.scrolls, false, 'every row in view');
      assert.ok(Math.abs(drawn.height - reserved.height) < 1, `reserved ${reserved.height} px, drawn ${drawn.height} px`);
    }));
  }

  test('counted from the weights before the start; the most when they cannot be; the rows drawn after', () => inTab(openPage(suite.browser(), `${suite.url()}embed-demo.html`, { viewport: { width: 1000, height: 800 }, reducedMotion: 'reduce' }), async (page) => {
    await page.waitForSelector('swrr-viz#first[data-ready="true"]');
    const cases = [
      { id: 'two', attributes: { weights: '4,2' }, rows: 3, counted: true },
      { id: 'named', attributes: { weights: 'A=7, B=5' }, rows: 12, counted: true },
      { id: 'long', attributes: { weights: '1,1,1,1,13' }, rows: 17, counted: true },
      { id: 'classic', attributes: { weights: '2,1', algo: 'classic' }, rows: 3, counted: false },
      { id: 'decimal', attributes: { weights: '0.5,0.25' }, rows: 3, counted: false },
    ];
    for (const { id, attributes } of cases) await addElement(page, id, attributes);
    const reservedOf = {};
    for (const { id } of cases) reservedOf[id] = await tableBox(page, id);
    for (const { id, rows, counted } of cases) {
      const reserved = reservedOf[id];
      assert.equal(reserved.rows, 0, `${id}: not started before it is scrolled to`);
      await startInView(page, id);
      const drawn = await tableBox(page, id);
      assert.equal(drawn.rows, rows, `${id}: rows`);
      if (drawn.scrolls) {
        assert.ok(Math.abs(drawn.height - MOST) < 1, `${id}: a table longer than its box is the most (${drawn.height} px)`);
      } else {
        assert.ok(drawn.room - drawn.table < 1, `${id}: blank under the last row: ${drawn.room - drawn.table} px`);
      }
      if (counted) assert.ok(Math.abs(drawn.height - reserved.height) < 1, `${id}: reserved ${reserved.height} px, drawn ${drawn.height} px`);
      else assert.ok(Math.abs(reserved.height - MOST) < 1, `${id}: not counted before the core, the most reserved (${reserved.height} px)`);
    }

    // New weights: the box fits the new run's rows.
    await page.$eval('swrr-viz#two', (el) => el.setAttribute('weights', '1,1'));
    await page.waitForFunction(() => document.getElementById('two').shadowRoot.querySelectorAll('#trace tbody tr').length === 2);
    const fewer = await tableBox(page, 'two');
    assert.ok(fewer.room - fewer.table < 1, `1,1: blank under the last row: ${fewer.room - fewer.table} px`);
  }));
});
