// The <swrr-viz> element's life and API at its edges: moved in the document (taken out and put
// back, as frameworks move nodes) it keeps its step, phase and playing; removed for good it stops;
// seek() takes a whole number from 0 and nothing else, after the start as before it; new weights
// keep the phase asked; in a phone-wide column its editor's presets and nodes scroll sideways.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { inTab, openPage, usePageSuite } from './harness.mjs';

/** What the element shows: the host's step and phase, its controls' data-playing, el.t. */
function shown(page, id) {
  return page.$eval(`swrr-viz#${id}`, (el) => ({
    step: el.dataset.step,
    phase: el.dataset.phase,
    t: el.t,
    playing: el.shadowRoot.querySelector('[data-playing]')?.dataset.playing ?? null,
    tanks: [...el.shadowRoot.querySelectorAll('g.tank[data-node]')].map((g) => Number(g.dataset.current)),
  }));
}

describe('<swrr-viz> moved, removed, sought', () => {
  const suite = usePageSuite();
  const open = () => openPage(suite.browser(), `${suite.url()}embed-demo.html`, { viewport: { width: 1000, height: 800 }, reducedMotion: 'reduce' });

  test('moved in the document, it keeps its step, phase and playing; no second ready', () => inTab(open(), async (page) => {
    await page.waitForSelector('swrr-viz#first[data-ready="true"]');
    await page.$eval('swrr-viz#first', (el) => {
      window.readies = 0;
      el.addEventListener('ready', () => window.readies++);
      el.setAttribute('step', '3');
      for (let i = 0; i < 4; i++) el.stepForward();
    });
    await page.waitForFunction(() => document.querySelector('swrr-viz#first').dataset.step === '7');
    const before = await shown(page, 'first');
    assert.deepEqual([before.step, before.phase, before.t], ['7', 'drain', 7]);

    // In one call (appendChild into a new parent) and in two (remove, then insert).
    await page.$eval('swrr-viz#first', (el) => {
      const box = document.createElement('div');
      el.before(box);
      box.appendChild(el);
    });
    await page.waitForTimeout(200);
    assert.deepEqual(await shown(page, 'first'), before, 'appendChild elsewhere: same step, phase and tanks');
    await page.$eval('swrr-viz#first', (el) => {
      const parent = el.parentNode;
      el.remove();
      parent.append(el);
    });
    await page.waitForTimeout(200);
    assert.deepEqual(await shown(page, 'first'), before, 'remove() then append(): same step, phase and tanks');

    // Playing: it plays on after the move.
    await page.$eval('swrr-viz#first', (el) => {
      el.setAttribute('speed', '10');
      el.play();
    });
    await page.waitForFunction(() => Number(document.querySelector('swrr-viz#first').dataset.step) >= 9);
    await page.$eval('swrr-viz#first', (el) => {
      el.remove();
      document.querySelector('main, body').prepend(el);
    });
    const moved = await shown(page, 'first');
    assert.equal(moved.playing, 'true', 'still playing right after the move');
    assert.ok(Number(moved.step) >= 9, `from where it was (step ${moved.step})`);
    await page.waitForFunction((from) => Number(document.querySelector('swrr-viz#first').dataset.step) > from, Number(moved.step));
    assert.equal((await shown(page, 'first')).playing, 'true', 'and plays on');
    await page.$eval('swrr-viz#first', (el) => el.pause());
    assert.equal(await page.evaluate(() => window.readies), 0, 'a move is no new start');
  }));

  test('seek() after the start: true for a whole number from 0; anything else is false and stays where it is', () => inTab(open(), async (page) => {
    await page.waitForSelector('swrr-viz#first[data-ready="true"]');
    const results = await page.$eval('swrr-viz#first', (el) => {
      const at = () => [el.t, el.phase, el.dataset.step];
      const seen = { five: el.seek(5), at5: at() };
      seen.refused = [-1, 2.5, true, null, undefined, [3], ' 7 ', '4', NaN, Infinity, 2 ** 53, {}].map((t) => el.seek(t));
      seen.after = at();
      seen.zero = el.seek(0);
      seen.at0 = at();
      return seen;
    });
    assert.deepEqual(results, {
      five: true,
      at5: [5, 'drain', '5'],
      refused: Array(12).fill(false),
      after: [5, 'drain', '5'],
      zero: true,
      at0: [0, 'start', '0'],
    });
    assert.deepEqual((await shown(page, 'first')).tanks, [0, 0, 0], 'step 0 drawn');
  }));

  test('removed for good, it stops; put back later, it starts again from its step attribute', () => inTab(open(), async (page) => {
    await page.waitForSelector('swrr-viz#first[data-ready="true"]');
    await page.$eval('swrr-viz#first', (el) => {
      el.setAttribute('speed', '30');
      el.play();
      window.removed = el;
      el.remove();
    });
    await page.waitForTimeout(300);
    const gone = await page.evaluate(() => ({ markup: window.removed.shadowRoot.childElementCount, step: window.removed.dataset.step }));
    assert.equal(gone.markup, 0, 'its markup goes');
    await page.waitForTimeout(300);
    assert.equal(await page.evaluate(() => window.removed.dataset.step), gone.step, 'and it steps no more');
    await page.evaluate(() => {
      window.removed.setAttribute('step', '4');
      document.body.prepend(window.removed);
    });
    await page.waitForSelector('swrr-viz#first[data-ready="true"] >> g.tank[data-node]');
    await page.waitForFunction(() => document.querySelector('swrr-viz#first').dataset.step === '4');
    assert.equal((await shown(page, 'first')).playing, 'false');
  }));

  test('new weights keep the phase asked with the step: step="6" phase="pick" shows step 6 at its pick again', () => inTab(open(), async (page) => {
    await page.waitForSelector('swrr-viz#first[data-ready="true"]');
    await page.$eval('swrr-viz#first', (el) => {
      el.setAttribute('step', '6');
      el.setAttribute('phase', 'pick');
    });
    await page.waitForFunction(() => document.querySelector('swrr-viz#first').dataset.phase === 'pick');
    assert.deepEqual(await page.$eval('swrr-viz#first', (el) => [el.dataset.step, el.dataset.phase]), ['6', 'pick']);
    await page.$eval('swrr-viz#first', (el) => el.setAttribute('weights', '4,1,1'));
    await page.waitForFunction(() => [...document.querySelector('swrr-viz#first').shadowRoot.querySelectorAll('g.tank[data-node]')].map((g) => g.dataset.weight).join(',') === '4,1,1');
    const after = await page.$eval('swrr-viz#first', (el) => ({ step: el.dataset.step, phase: el.dataset.phase, winner: el.shadowRoot.querySelector('g.tank[data-selected]')?.dataset.node }));
    // 4,1,1: A A B A C A (swrr-viz seq 4,1,1): step 6 picks A.
    assert.deepEqual([after.step, after.phase], ['6', 'pick']);
    assert.equal(after.winner, '0');
  }));

  test('in a 390 px window the editor\'s presets and nodes are one row each that scrolls sideways, as on the page', () => inTab(
    openPage(suite.browser(), `${suite.url()}embed-demo.html`, { viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' }),
    async (page) => {
      await page.waitForSelector('swrr-viz#first[data-ready="true"]');
      await page.$eval('swrr-viz#first', (el) => el.setAttribute('panels', 'editor tanks controls'));
      await page.waitForFunction(() => document.querySelector('swrr-viz#first').shadowRoot.querySelector('.chips li'));
      const rows = await page.$eval('swrr-viz#first', (el) => ['.presets', '.chips'].map((selector) => {
        const row = el.shadowRoot.querySelector(`.editor ${selector}`);
        const items = [...row.querySelectorAll(':scope > button, #preset-buttons > button, :scope > li')];
        return { selector, tops: new Set(items.map((item) => Math.round(item.getBoundingClientRect().top))).size, count: items.length, scrolls: row.scrollWidth > row.clientWidth };
      }));
      for (const row of rows) {
        assert.equal(row.tops, 1, `${row.selector}: its ${row.count} items on one line`);
        assert.ok(row.scrolls, `${row.selector}: the row scrolls sideways`);
      }
    },
  ));

  test('in a 390 px window the scenario panel\'s stories are one row that scrolls sideways, as the presets', () => inTab(
    openPage(suite.browser(), `${suite.url()}embed-demo.html`, { viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' }),
    async (page) => {
      await page.waitForSelector('swrr-viz#first[data-ready="true"]');
      await page.$eval('swrr-viz#first', (el) => el.setAttribute('panels', 'tanks scenario'));
      await page.waitForFunction(() => document.querySelector('swrr-viz#first').shadowRoot.querySelectorAll('.stories button').length > 10);
      const row = await page.$eval('swrr-viz#first', (el) => {
        const stories = el.shadowRoot.querySelector('.scenario-panel .stories');
        const buttons = [...stories.querySelectorAll('button')];
        return { tops: new Set(buttons.map((b) => Math.round(b.getBoundingClientRect().top))).size, count: buttons.length, height: stories.getBoundingClientRect().height, scrolls: stories.scrollWidth > stories.clientWidth };
      });
      // Wrapped, its 17 stories took 540 px of a phone's screen.
      assert.equal(row.tops, 1, `its ${row.count} stories on one line`);
      assert.ok(row.height < 60, `one row of buttons tall, not ${row.height} px`);
      assert.ok(row.scrolls, 'the row scrolls sideways');
    },
  ));
});
