// The water-tank walkthrough through its data-* testing contract (DESIGN.md rule 7): stepping
// forward/back, phases, ties, keyboard, URL round trip, reduced motion, phone width.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { inTab, screenshot, usePageSuite, waitReady, waitStep } from './harness.mjs';
import { cli } from './run-reading.mjs';

// Levels after each step (after the winner subtracted W), from `swrr-viz trace … --format csv`.
const DRAINED_5_3_2 = [
  [0, 0, 0], [-5, 3, 2], [0, -4, 4], [5, -1, -4], [0, 2, -2], [-5, 5, 0],
  [0, -2, 2], [-5, 1, 4], [0, 4, -4], [5, -3, -2], [0, 0, 0],
];
const DRAINED_5_1_1 = [[0, 0, 0], [-2, 1, 1], [-4, 2, 2], [1, -4, 3], [-1, -3, 4], [4, -2, -2], [2, -1, -1], [0, 0, 0]];
const PICKS_5_3_2_AT_5 = [3, 1, 1];

/** Everything the tanks say, read from data-* attributes. */
function readTanks(page) {
  return page.$eval('main#app', (app) => {
    const tanks = [...app.querySelectorAll('svg#tanks g.tank[data-node]')]
      .sort((a, b) => a.dataset.node - b.dataset.node);
    return {
      step: Number(app.dataset.step),
      phase: app.dataset.phase,
      current: tanks.map((g) => Number(g.dataset.current)),
      weight: tanks.map((g) => Number(g.dataset.weight)),
      picks: tanks.map((g) => Number(g.dataset.picks)),
      selected: tanks.filter((g) => g.hasAttribute('data-selected')).map((g) => Number(g.dataset.node)),
      tied: tanks.filter((g) => g.hasAttribute('data-tied')).map((g) => Number(g.dataset.node)),
      sum: Number(document.querySelector('#sum').dataset.sum),
    };
  });
}

describe('water-tank walkthrough', () => {
  const { open } = usePageSuite();

  test('stepping forward and back follows the engine for 5,3,2 and 5,1,1', async () => {
    for (const [text, drained] of [['5%2C3%2C2', DRAINED_5_3_2], ['5%2C1%2C1', DRAINED_5_1_1]]) {
      const tab = await open(`#w=${text}`, { reducedMotion: 'reduce' });
      const { page } = tab;
      let tanks = await readTanks(page);
      assert.equal(tanks.step, 0);
      assert.equal(tanks.phase, 'start');
      assert.deepEqual(tanks.current, [0, 0, 0]);
      for (let t = 1; t < drained.length; t += 1) {
        await page.click('#forward');
        await waitStep(page, t);
        tanks = await readTanks(page);
        assert.deepEqual(tanks.current, drained[t], `${text} step ${t}`);
        assert.equal(tanks.sum, 0, 'conservation: Σ levels = 0 after each step');
        assert.equal(tanks.picks.reduce((a, b) => a + b, 0), t);
        assert.equal(tanks.selected.length, 1);
      }
      for (let t = drained.length - 2; t >= 0; t -= 1) {
        await page.click('#back');
        await waitStep(page, t, t === 0 ? 'start' : 'drain');
        assert.deepEqual((await readTanks(page)).current, drained[t], `${text} back to ${t}`);
      }
      tab.assertNoErrors();
      await tab.close();
    }
  });

  test('the three phases of step 5 of 5,3,2: fill, the A/B tie, drain', () => inTab(open('#w=5%2C3%2C2&t=4', { reducedMotion: 'reduce' }), async (page) => {
    await waitStep(page, 4);
    await page.click('#phase-forward');
    await waitStep(page, 5, 'fill');
    let tanks = await readTanks(page);
    assert.deepEqual(tanks.current, [5, 5, 0], 'every tank rose by its weight');
    assert.equal(tanks.sum, 10, 'after the fill the levels sum to W');
    assert.deepEqual(tanks.selected, []);
    assert.deepEqual(tanks.picks, [2, 1, 1], 'the winner is not counted before the drain');

    await page.click('#phase-forward');
    await waitStep(page, 5, 'pick');
    tanks = await readTanks(page);
    assert.deepEqual(tanks.tied, [0, 1], 'A and B are marked as tied');
    assert.deepEqual(tanks.selected, [0], 'A wins: first in list');
    assert.match(await page.textContent('#narration'), /A and B tie at 5; A wins \(first in list\)/);
    assert.equal(await page.getAttribute('#rules li[data-rule="pick"]', 'aria-current'), 'step');

    await page.click('#phase-forward');
    await waitStep(page, 5, 'drain');
    tanks = await readTanks(page);
    assert.deepEqual(tanks.current, [-5, 5, 0]);
    assert.deepEqual(tanks.picks, PICKS_5_3_2_AT_5);
    assert.equal(tanks.sum, 0);
    assert.equal(
      await page.textContent('#narration'),
      'Step 5: every tank fills by its weight: A 0→5, B 2→5, C −2→0. A and B tie at 5; A wins (first in list). A drains by 10: 5→−5.',
    );
    assert.equal(await page.getAttribute('#trace tr[data-step="5"]', 'aria-current'), 'step');
    assert.equal(await page.getAttribute('#trace tr[data-step="6"]', 'data-future'), 'true');
    await screenshot(page, 'walkthrough-tie-step-5');

    await page.click('#phase-back');
    await waitStep(page, 5, 'pick');
    await page.click('#phase-back');
    await page.click('#phase-back');
    await waitStep(page, 4, 'drain');
    assert.deepEqual((await readTanks(page)).current, DRAINED_5_3_2[4]);
  }));

  test('the fill sentence names 8 nodes, then "and N more", as the core’s picture says it', async () => {
    for (const n of [8, 9, 12]) {
      const weights = Array(n).fill(1).join(',');
      const caption = cli('svg', weights, '--kind', 'tanks', '--step', '1', '--phase', 'fill');
      const fill = caption.match(/Step 1: every tank fills by its weight: [^.]*\./)[0];
      assert.equal(fill.includes(' more.'), n > 8, `${n} nodes: ${fill}`);
      await inTab(open(`#w=${encodeURIComponent(weights)}&t=1`, { reducedMotion: 'reduce' }), async (page) => {
        await waitStep(page, 1);
        assert.ok((await page.textContent('#narration')).startsWith(fill), `${n} nodes: the page says ${fill}`);
      });
    }
  });

  test('the last-in-list tie rule picks B at step 5', async () => {
    const tab = await open('#w=5%2C3%2C2&t=5&tie=last', { reducedMotion: 'reduce' });
    const tanks = await readTanks(tab.page);
    assert.deepEqual(tanks.selected, [1]);
    assert.deepEqual(tanks.tied, [0, 1]);
    assert.equal(await tab.page.inputValue('#tie'), 'last');
    tab.assertNoErrors();
    await tab.close();
  });

  test('keyboard: arrows, Home/End, PageUp/PageDown, Space — and never while typing', () => inTab(open('#w=5%2C3%2C2', { reducedMotion: 'reduce' }), async (page) => {
    await page.focus('body');
    await page.keyboard.press('ArrowRight');
    await waitStep(page, 1);
    await page.keyboard.press('ArrowRight');
    await waitStep(page, 2);
    await page.keyboard.press('ArrowLeft');
    await waitStep(page, 1);
    await page.keyboard.press('End');
    await waitStep(page, 10);
    assert.deepEqual((await readTanks(page)).current, [0, 0, 0], 'end of period: all back to 0');
    await page.keyboard.press('End');
    await waitStep(page, 20);
    await page.keyboard.press('Home');
    await waitStep(page, 0, 'start');
    await page.keyboard.press('PageDown');
    await waitStep(page, 1, 'fill');
    await page.keyboard.press('PageDown');
    await waitStep(page, 1, 'pick');
    await page.keyboard.press('PageUp');
    await waitStep(page, 1, 'fill');

    // Typing in the weights box: arrows and Space edit the text, the walkthrough stays put.
    await page.focus('#weights');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('End');
    await page.keyboard.press('Home');
    await page.keyboard.press('Space');
    await page.waitForTimeout(150);
    const tanks = await readTanks(page);
    assert.equal(tanks.step, 1);
    assert.equal(tanks.phase, 'fill');
    assert.equal(await page.getAttribute('#app', 'data-playing'), 'false');

    // Space plays and pauses.
    await page.selectOption('#speed', '300');
    // A focused <select> takes arrows and Space itself; leave it as a user would.
    await page.evaluate(() => document.activeElement.blur());
    await page.keyboard.press('Space');
    await page.waitForFunction(() => Number(document.querySelector('#app').dataset.step) > 20);
    await page.keyboard.press('Space');
    assert.equal(await page.getAttribute('#app', 'data-playing'), 'false');
    // After a click on a toolbar button Space still plays; a button reached with Tab takes it.
    await page.click('#hide-future');
    assert.equal(await page.getAttribute('#hide-future', 'aria-pressed'), 'true');
    await page.keyboard.press('Space');
    await page.waitForSelector('#app[data-playing="true"]');
    assert.equal(await page.getAttribute('#hide-future', 'aria-pressed'), 'true', 'Space did not press the clicked button again');
    await page.keyboard.press('Space');
    assert.equal(await page.getAttribute('#app', 'data-playing'), 'false');
    await page.focus('#present');
    await page.keyboard.press('Shift+Tab');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'open-quiz');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'hide-future');
    await page.keyboard.press('Space');
    await page.waitForFunction(() => document.querySelector('#hide-future').getAttribute('aria-pressed') === 'false');
    assert.equal(await page.getAttribute('#app', 'data-playing'), 'false', 'Space pressed the focused button instead');
    const paused = await readTanks(page);
    await page.waitForTimeout(200);
    assert.equal((await readTanks(page)).step, paused.step, 'paused means paused');
    assert.equal(paused.sum, 0);
  }));

  test('URL round trip: open at a step, share, reload, back/forward', () => inTab(open('#w=5%2C3%2C2&t=5', { reducedMotion: 'reduce' }), async (page) => {
    let tanks = await readTanks(page);
    assert.equal(tanks.step, 5);
    assert.deepEqual(tanks.current, [-5, 5, 0]);
    await page.click('#forward');
    await waitStep(page, 6);
    await page.waitForFunction(() => location.hash.includes('t=6'));
    await page.selectOption('#speed', '10');
    await page.waitForFunction(() => location.hash.includes('speed=10'));
    await page.reload();
    await waitReady(page);
    tanks = await readTanks(page);
    assert.equal(tanks.step, 6);
    assert.deepEqual(tanks.current, DRAINED_5_3_2[6]);
    assert.equal(await page.inputValue('#speed'), '10');

    // A preset is a new history entry: back returns to 5,3,2.
    await page.click('button[data-preset="4,1,1"]');
    await page.waitForFunction(() => document.querySelector('#weights').value === '4,1,1');
    assert.equal((await readTanks(page)).step, 0, 'new weights restart at step 0');
    await page.goBack();
    await page.waitForFunction(() => document.querySelector('#weights').value === '5,3,2');
    assert.deepEqual((await readTanks(page)).weight, [5, 3, 2]);
    await page.goForward();
    await page.waitForFunction(() => document.querySelector('#weights').value === '4,1,1');

    // Typed weights are a new history entry too, made by the first keystroke that changes them:
    // back returns to 4,1,1, not to what was there before it.
    const entries = await page.evaluate(() => history.length);
    await page.click('#weights', { clickCount: 3 });
    await page.keyboard.type('7,2,1');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.hash.includes('w=7%2C2%2C1'));
    assert.equal(await page.evaluate(() => history.length), entries + 1, 'one entry for the whole edit');
    await page.goBack();
    await page.waitForFunction(() => document.querySelector('#weights').value === '4,1,1');
    await page.goForward();
    await page.waitForFunction(() => document.querySelector('#weights').value === '7,2,1');

    // Weights that need escaping survive the URL.
    await page.fill('#weights', 'gpu=5 cpu=3 queue=2');
    await page.waitForFunction(() => location.hash.includes('gpu'));
    const shared = page.url();
    const other = await open(new URL(shared).hash, { reducedMotion: 'reduce' });
    assert.equal(await other.page.inputValue('#weights'), 'gpu=5 cpu=3 queue=2');
    assert.deepEqual((await readTanks(other.page)).weight, [5, 3, 2]);
    other.assertNoErrors();
    await other.close();
  }));

  test('bad input keeps the last good tanks; the editor chips edit the weights', () => inTab(open('#w=5%2C3%2C2&t=3', { reducedMotion: 'reduce' }), async (page) => {
    await page.fill('#weights', '5,x,2');
    await page.waitForSelector('#weights-error:not([hidden])');
    assert.match(await page.textContent('#weights-error'), /"x" \(at column 3\) is not a number/);
    const tanks = await readTanks(page);
    assert.equal(tanks.step, 3);
    assert.deepEqual(tanks.current, DRAINED_5_3_2[3]);

    await page.fill('#weights', '5,3,2');
    await page.click('li.chip[data-node="1"] button[aria-label="Raise the weight of B"]');
    await page.waitForFunction(() => document.querySelector('#weights').value === '5,4,2');
    assert.deepEqual((await readTanks(page)).weight, [5, 4, 2]);
    await page.click('button.chip-add');
    await page.waitForFunction(() => document.querySelector('#weights').value === '5,4,2,1');
    await page.click('li.chip[data-node="0"] button.chip-remove');
    await page.waitForFunction(() => document.querySelector('#weights').value === 'B=4 C=2 D=1');
    await page.click('li.chip[data-node="0"] button.chip-name');
    await page.fill('li.chip[data-node="0"] input.chip-rename', 'gpu');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('#weights').value === 'gpu=4 C=2 D=1');
    assert.equal(await page.textContent('svg#tanks g.tank[data-node="0"] text.name'), 'gpu');
  }));

  test('reduced motion shows each phase as a discrete state', async () => {
    // Every value data-phase takes during one step, recorded by a MutationObserver: a phase too short
    // for polling to see on a loaded machine is still recorded.
    const phasesOfOneStep = async (page) => {
      await page.waitForSelector('svg#tanks g.tank[data-node="0"] rect.water');
      await page.evaluate(() => {
        const app = document.querySelector('#app');
        window.phasesSeen = [];
        new MutationObserver(() => window.phasesSeen.push(app.dataset.phase))
          .observe(app, { attributes: true, attributeFilter: ['data-phase'] });
      });
      await page.click('#forward');
      await waitStep(page, 1);
      return page.evaluate(() => window.phasesSeen);
    };

    const tab = await open('#w=5%2C3%2C2', { reducedMotion: 'reduce' });
    const { page } = tab;
    // No fill → pick → drain sequence of timers: the step is complete at once.
    assert.deepEqual(await phasesOfOneStep(page), ['drain']);
    const y = await page.getAttribute('svg#tanks g.tank[data-node="0"] rect.water', 'y');
    await page.waitForTimeout(120);
    assert.equal(await page.getAttribute('svg#tanks g.tank[data-node="0"] rect.water', 'y'), y, 'no tweening');
    tab.assertNoErrors();
    await tab.close();

    const moving = await open('#w=5%2C3%2C2');
    assert.deepEqual(await phasesOfOneStep(moving.page), ['fill', 'pick', 'drain']);
    moving.assertNoErrors();
    await moving.close();
  });

  test('a phone\'s first screen holds the weights, the tanks, the step controls and what the step says; the tools fold into a menu', async () => {
    for (const colorScheme of ['light', 'dark']) {
      const tab = await open('#w=5%2C3%2C2&t=2', { viewport: { width: 390, height: 844 }, colorScheme });
      const { page } = tab;
      const inView = (selector) => page.$eval(selector, (el) => {
        const box = el.getBoundingClientRect();
        return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
      });
      for (const selector of ['#weights', 'svg#tanks', '#back', '#play', '#forward', '#position', '#scrubber']) {
        assert.ok(await inView(selector), `${colorScheme}: ${selector} is in the first screen`);
      }
      // What a step says starts under the buttons that make it; the run's settings follow it.
      const top = (selector) => page.$eval(selector, (el) => el.getBoundingClientRect().top);
      const narration = await top('#narration');
      assert.ok(narration > await top('#scrubber') && narration < 844 - 60, `${colorScheme}: the narration starts at ${narration} px`);
      assert.ok(await top('#speed') > await top('#rules'), `${colorScheme}: the settings come after the rules`);
      assert.equal(await page.isVisible('#open-lesson'), false, 'the tools are folded');
      await page.click('#menu');
      assert.equal(await page.getAttribute('#menu', 'aria-expanded'), 'true');
      assert.ok(await inView('#open-lesson') && await inView('#share'), 'the menu shows the tools');
      await screenshot(page, `walkthrough-phone-menu-${colorScheme}`);
      await page.keyboard.press('Escape');
      assert.equal(await page.isVisible('#open-lesson'), false, 'Escape folds them again');
      tab.assertNoErrors();
      await tab.close();
    }
  });

  test('narrower than 1,024 px the tools fold behind Menu under a one-line title; from 1,024 px they show in two rows', () => inTab(open('#w=5%2C3%2C2', { viewport: { width: 768, height: 1024 } }), async (page) => {
    const masthead = () => page.$eval('.masthead', (header) => {
      const rows = new Set([...header.querySelectorAll('.masthead-tools button, .masthead-tools select')]
        .filter((el) => el.getClientRects().length > 0)
        .map((el) => Math.round(el.getBoundingClientRect().top)));
      const h1 = header.querySelector('h1');
      return {
        height: header.getBoundingClientRect().height,
        titleLines: Math.round(h1.getBoundingClientRect().height / parseFloat(getComputedStyle(h1).lineHeight)),
        toolRows: rows.size,
      };
    });
    for (const [width, height] of [[768, 1024], [820, 1180], [900, 600], [1000, 700], [1023, 700]]) {
      await page.setViewportSize({ width, height });
      assert.equal(await page.isVisible('#menu'), true, `${width} px: Menu shows`);
      assert.equal(await page.isVisible('#open-lesson'), false, `${width} px: the tools are folded`);
      const folded = await masthead();
      assert.equal(folded.titleLines, 1, `${width} px: the title on one line`);
      assert.ok(folded.height < 160, `${width} px: the masthead is ${folded.height} px high`);
      await page.click('#menu');
      const open = await masthead();
      assert.ok(open.toolRows >= 1 && open.toolRows <= 2, `${width} px: the open menu's tools in ${open.toolRows} rows`);
      for (const selector of ['#open-lesson', '#present', '#share', '#theme']) {
        assert.equal(await page.isVisible(selector), true, `${width} px: the menu shows ${selector}`);
      }
      await page.keyboard.press('Escape');
    }
    for (const width of [1024, 1280, 1366, 1920]) {
      await page.setViewportSize({ width, height: 768 });
      assert.equal(await page.isVisible('#menu'), false, `${width} px: no Menu`);
      const shown = await masthead();
      assert.ok(shown.toolRows <= 2, `${width} px: the tools in ${shown.toolRows} rows beside the title`);
      assert.ok(shown.titleLines <= 2, `${width} px: the title in ${shown.titleLines} lines`);
    }
    await page.setViewportSize({ width: 820, height: 1180 });
    await screenshot(page, 'walkthrough-tablet');
  }));

  test('the step buttons\' labels never break inside a word: beside the icons where they fit, hidden where not', async () => {
    for (const [hash, labelledFrom] of [['#w=5%2C3%2C2', 840], ['#w=5%2C3%2C2&lang=zh', 840], ['#w=5%2C3%2C2&present=1', 780], ['#w=5%2C3%2C2&present=1&lesson=2', 1200]]) {
      await inTab(open(hash, { viewport: { width: 1366, height: 900 } }), async (page) => {
        // A desktop's window, and a laptop's (under 861 px: the transport beside the tanks, in a
        // narrower column, where the labels may give way to the icons alone).
        for (const height of [900, 800]) {
          for (let width = 360; width <= 1400; width += 20) {
            await page.setViewportSize({ width, height });
            const labels = await page.$$eval('.buttons .button-text', (spans) => spans
              .filter((span) => span.getClientRects().length > 0)
              .map((span) => ({ text: span.textContent, lines: Math.round(span.getBoundingClientRect().height / parseFloat(getComputedStyle(span).lineHeight)) })));
            for (const { text, lines } of labels) assert.equal(lines, 1, `${hash} at ${width}×${height} px: "${text}" on ${lines} lines`);
            if (height === 800) continue;
            if (width >= labelledFrom) assert.ok(labels.length >= 4, `${hash} at ${width} px: the labels show (${labels.length})`);
            else if (width <= 640) assert.equal(labels.length, 0, `${hash} at ${width} px: icons alone`);
          }
        }
      });
    }
  });

  test('the title breaks between words only, at any width', () => inTab(open('#w=5%2C3%2C2', { viewport: { width: 1366, height: 768 } }), async (page) => {
    for (const width of [260, 300, 320, 360, 390, 414, 480, 560, 641, 768, 900, 1024, 1280, 1366]) {
      await page.setViewportSize({ width, height: 768 });
      // Each word of the title (spaces apart) in one line box: one client rect for its range.
      const split = await page.$eval('h1', (h1) => {
        const text = h1.firstChild;
        const broken = [];
        let start = 0;
        for (const word of text.data.split(' ')) {
          const range = document.createRange();
          range.setStart(text, start);
          range.setEnd(text, start + word.length);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (lines.size > 1) broken.push(word);
          start += word.length + 1;
        }
        return broken;
      });
      assert.deepEqual(split, [], `${width} px: a word of the title is broken`);
    }
  }));

  test('each setting\'s label stays with its field at any width: on its line, or right above it', async () => {
    for (const hash of ['#w=5%2C3%2C2&workers=2', '#w=5%2C3%2C2&lang=zh', '#w=5%2C3%2C2&algo=random']) {
      await inTab(open(hash, { viewport: { width: 1366, height: 800 } }), async (page) => {
        for (let width = 360; width <= 1400; width += 40) {
          await page.setViewportSize({ width, height: 800 });
          const apart = await page.$$eval('.controls .settings label[for]', (labels) => labels
            .filter((label) => label.getClientRects().length > 0)
            .map((label) => {
              const l = label.getBoundingClientRect();
              const f = document.getElementById(label.htmlFor).getBoundingClientRect();
              const sameLine = f.top < l.bottom && l.top < f.bottom;
              const rightAbove = f.top >= l.bottom - 1 && Math.abs(f.left - l.left) < 2;
              return sameLine || rightAbove ? null : label.textContent;
            })
            .filter(Boolean));
          assert.deepEqual(apart, [], `${hash} at ${width} px: labels apart from their fields`);
        }
      });
    }
  });

  test('a level near the top of its tank sits under the drain\'s text, not on it', async () => {
    // The "own" rule at step 30: A drains only 5, from 60 to 55, near the top of the scale.
    for (const hash of ['#w=5%2C3%2C2&subtract=own&t=30', '#w=5%2C3%2C2&subtract=own&t=30&present=1']) {
      await inTab(open(hash, { viewport: { width: 1366, height: 768 }, reducedMotion: 'reduce' }), async (page) => {
        const boxes = await page.$eval('svg#tanks g.tank[data-selected]', (tank) => ['.level', '.drain-label'].map((s) => tank.querySelector(s).getBBox()).map(({ y, height }) => ({ top: y, bottom: y + height })));
        const [level, drain] = boxes;
        assert.equal(await page.textContent('svg#tanks g.tank[data-selected] .drain-label'), '↓ −5');
        assert.ok(level.top >= drain.bottom - 1, `${hash}: the level (${level.top}–${level.bottom}) runs into the drain's text (${drain.top}–${drain.bottom})`);
      });
    }
  });

  test('the drain\'s text stays over its tank: its arrow only where the slot holds it', async () => {
    // Twelve tanks at step 7: G drains by 78. On a phone a slot holds three characters.
    const hash = '#w=12%2C11%2C10%2C9%2C8%2C7%2C6%2C5%2C4%2C3%2C2%2C1&t=7';
    for (const [width, text] of [[390, '−78'], [1366, '↓ −78']]) {
      await inTab(open(hash, { viewport: { width, height: 844 }, reducedMotion: 'reduce' }), async (page) => {
        assert.equal(await page.textContent('svg#tanks g.tank[data-selected] .drain-label'), text, `at ${width} px`);
        const [drain, left, right] = await page.$$eval('svg#tanks g.tank[data-node="5"], svg#tanks g.tank[data-node="6"], svg#tanks g.tank[data-node="7"]', (tanks) => {
          const box = (el) => {
            const { x, width } = el.getBBox();
            return { x, width };
          };
          const [f, g, h] = tanks;
          return [box(g.querySelector('.drain-label')), box(f.querySelector('.tank-body')), box(h.querySelector('.tank-body'))];
        });
        assert.ok(drain.x >= left.x + left.width && drain.x + drain.width <= right.x, `at ${width} px the drain's text (${drain.x}–${drain.x + drain.width}) runs into its neighbours (${left.x + left.width}–${right.x})`);
      });
    }
  });

  test('no horizontal scroll at 360×740, light and dark, 3 and 12 nodes', async () => {
    for (const colorScheme of ['light', 'dark']) {
      for (const hash of ['#w=5%2C3%2C2&t=5', '#w=12%2C11%2C10%2C9%2C8%2C7%2C6%2C5%2C4%2C3%2C2%2C1&t=7']) {
        const tab = await open(hash, { viewport: { width: 360, height: 740 }, colorScheme });
        const overflow = await tab.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        assert.equal(overflow, 0, `${hash} ${colorScheme}: horizontal overflow of ${overflow}px`);
        await screenshot(tab.page, `walkthrough-phone-${colorScheme}-${hash.length}`);
        tab.assertNoErrors();
        await tab.close();
      }
    }
  });

  test('a core panic shows the error banner, not a dead page', async () => {
    const tab = await open('#w=5%2C3%2C2');
    const { page } = tab;
    await page.evaluate(async () => {
      const wasm = await import('./pkg/swrr_viz.js');
      setTimeout(() => wasm.debugPanic(), 0);
    });
    await page.waitForSelector('#fatal:not([hidden])');
    assert.match(await page.textContent('#fatal'), /Something went wrong inside swrr-viz/);
    assert.equal(await page.isVisible('#fatal-reset'), true);
    // The panic hook reported the core's message on the console: that one error is expected.
    assert.ok(tab.errors.some((e) => e.includes('debug panic requested')), tab.errors.join('\n'));
    await tab.close();
  });
});
