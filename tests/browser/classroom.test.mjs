// Classroom features: lesson chapters from their URLs, presenter mode, hiding the future, English
// and Chinese, a keyboard-only walkthrough. The quiz has its own file, quiz.test.mjs.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { inTab, openPage, screenshot, usePageSuite, waitReady } from './harness.mjs';

describe('classroom', () => {
  const suite = usePageSuite();

  const open = (hash, options = {}) => suite.open(hash, { reducedMotion: 'reduce', ...options });

  test('lesson chapters load their states from their URLs; next and previous', () => inTab(open('#lesson=3'), async (page) => {
    assert.equal(await page.getAttribute('#lesson', 'data-chapter'), '3');
    assert.equal(await page.textContent('#lesson-title'), 'Three rules');
    assert.equal(await page.inputValue('#weights'), '5,3,2');
    assert.equal(await page.getAttribute('#app', 'data-step'), '0');

    await page.click('#lesson-next');
    await page.waitForFunction(() => document.querySelector('#lesson').dataset.chapter === '4');
    assert.equal(await page.getAttribute('#app', 'data-step'), '1');
    assert.equal(await page.getAttribute('#app', 'data-phase'), 'fill', 'the tanks chapter opens on a fill');
    await page.click('#lesson-next');
    await page.click('#lesson-next');
    await page.waitForFunction(() => document.querySelector('#lesson').dataset.chapter === '6');
    assert.equal(await page.getAttribute('#app', 'data-step'), '5');
    assert.equal(await page.getAttribute('#app', 'data-phase'), 'pick');
    const tied = await page.$$eval('svg#tanks g.tank[data-tied]', (gs) => gs.map((g) => g.dataset.node));
    assert.deepEqual(tied, ['0', '1'], 'the ties chapter shows the A/B tie');
    await page.click('#lesson-previous');
    await page.waitForFunction(() => document.querySelector('#lesson').dataset.chapter === '5');
    assert.match(page.url(), /lesson=5/);
    await page.goBack();
    await page.waitForFunction(() => document.querySelector('#lesson').dataset.chapter === '6');

    // A chapter's own link, opened fresh, gives the same state.
    const chapter7 = await open('#lesson=7');
    assert.equal(await chapter7.page.inputValue('#weights'), '7,2,1');
    assert.equal(await chapter7.page.getAttribute('#app', 'data-step'), '10');
    chapter7.assertNoErrors();
    await chapter7.close();

    // Chapter 8 does what its text says: C out for steps 13–22 while A and B take 5:3, and back
    // at step 23 with the level 4 it left with, picked at once.
    const chapter8 = await open('#lesson=8');
    assert.match(await chapter8.page.textContent('#lesson .lesson-text'), /steps 13 to 22.*A 5 times and B 3 times in steps 13–20.*step 23.*4, and is picked at once/);
    assert.equal(await chapter8.page.getAttribute('#app', 'data-step'), '13');
    assert.equal(await chapter8.page.getAttribute('svg#tanks g.tank[data-node="2"]', 'data-eligible'), 'false');
    const winner = () => chapter8.page.getAttribute('svg#tanks g.tank[data-selected]', 'data-node');
    const picks = [await winner()];
    for (let t = 14; t <= 23; t += 1) {
      await chapter8.page.click('#forward');
      await chapter8.page.waitForFunction((s) => document.querySelector('#app').dataset.step === String(s) && document.querySelector('#app').dataset.phase === 'drain', t);
      picks.push(await winner());
    }
    const inFirstEight = (node) => picks.slice(0, 8).filter((picked) => picked === node).length;
    assert.deepEqual([inFirstEight('0'), inFirstEight('1')], [5, 3], `steps 13–20: ${picks.join(' ')}`);
    assert.equal(picks.at(-1), '2', 'C picked at once at step 23');
    chapter8.assertNoErrors();
    await chapter8.close();

    await page.click('#lesson-leave');
    await page.waitForFunction(() => document.querySelector('#lesson').hidden);
  }));

  test('language: from the browser, switched and kept in the URL', () => inTab(openPage(suite.browser(), `${suite.url()}index.html#w=5%2C3%2C2`, { locale: 'zh-CN', reducedMotion: 'reduce' }), async (page) => {
    await waitReady(page);
    assert.equal(await page.textContent('h1'), '平滑加权轮询', 'a Chinese browser gets Chinese');
    await page.selectOption('#language', 'en');
    await page.waitForFunction(() => document.querySelector('h1').textContent === 'Smooth Weighted Round-Robin');
    assert.match(page.url(), /lang=en/);
    assert.equal(await page.inputValue('#weights'), '5,3,2', 'switching language keeps the state');
    await page.reload();
    await waitReady(page);
    assert.equal(await page.textContent('h1'), 'Smooth Weighted Round-Robin');
  }));

  test('presenter mode and hiding the future', () => inTab(open('#w=5%2C3%2C2&t=3&present=1&future=hide'), async (page) => {
    assert.equal(await page.getAttribute('html', 'data-present'), 'true');
    assert.equal(await page.isVisible('#speed'), false, 'presenter mode keeps the essential controls');
    assert.equal(await page.isVisible('#phase-forward'), true);
    assert.equal(await page.isVisible('#trace tr[data-step="3"]'), true);
    assert.equal(await page.isVisible('#trace tr[data-step="4"]'), false, 'rows after the current step are hidden');
    assert.deepEqual(await page.$eval('#trace tr[data-step="4"]', (row) => [...row.cells].map((cell) => [cell.textContent, getComputedStyle(cell).visibility])),
      [['4', 'visible'], ...Array.from({ length: 7 }, () => ['', 'hidden'])], 'a worksheet\'s row: its step number, its cells left blank');
    await page.waitForSelector('section.strip-panel[data-status="ready"]');
    const mask = await page.$eval('svg#strip rect.future-mask', (rect) => Number(rect.getAttribute('width')));
    assert.ok(mask > 0, 'the strip after step 3 is covered');
    await page.keyboard.press('PageDown');
    await page.keyboard.press('PageDown');
    await page.keyboard.press('PageDown');
    await page.waitForFunction(() => document.querySelector('#app').dataset.step === '4' && document.querySelector('#app').dataset.phase === 'drain');
    assert.equal(await page.isVisible('#trace tr[data-step="4"]'), true);
    await screenshot(page, 'presenter');
    await page.click('#hide-future');
    await page.waitForFunction(() => !location.hash.includes('future=hide'));
    assert.equal(await page.isVisible('#trace tr[data-step="9"]'), true);
  }));

  /** What the strip (and the line plots) hold in the DOM, as text and in the accessibility tree. */
  const readStrip = (page) => page.evaluate(() => {
    const strip = document.querySelector('svg#strip');
    return {
      cells: [...strip.querySelectorAll('rect.cell')].map((cell) => `${cell.dataset.step}:${cell.dataset.pick}`),
      text: strip.textContent,
      periodTicks: strip.querySelectorAll('line.period').length,
      levelSteps: [...document.querySelectorAll('#plot-levels path[data-node]')].map((path) => path.getAttribute('d').split(/[ML]/).filter(Boolean).length),
    };
  });

  test('hiding the future leaves nothing of it in the strip\'s or the plots\' DOM, text and description; showing it restores them', () => inTab(open('#w=5%2C3%2C2&t=3&future=hide', { viewport: { width: 390, height: 844 } }), async (page) => {
    await page.waitForSelector('section.plots[data-status="ready"]');
    let strip = await readStrip(page);
    assert.deepEqual(strip.cells, ['1:0', '2:1', '3:2'], 'the cells up to step 3 and none after');
    assert.equal(strip.text, '1: AA2: BB3: CC1', 'titles and letters of steps 1–3 only, no step count at the end');
    assert.equal(strip.periodTicks, 0);
    assert.deepEqual(strip.levelSteps, [3, 3, 3], 'the level plot draws steps 1–3');
    assert.equal(await page.locator('svg#strip').ariaSnapshot(), '- img "Selection sequence": A B C 1');
    assert.equal(await page.$eval('section.strip-panel', (section) => section.innerText.includes('A\nB\nC\n1')), true);
    assert.ok(await page.$eval('svg#strip rect.future-mask', (rect) => Number(rect.getAttribute('width'))) > 0, 'the rest of the axis stays covered');
    // The table: later rows keep their step number only, and the caption says the steps shown, not the period.
    const readTable = () => page.evaluate(() => ({
      summary: document.querySelector('#trace-summary').textContent,
      rows: [...document.querySelectorAll('table#trace tbody tr')].map((row) => [row.dataset.step, row.dataset.winner ?? '-', row.hasAttribute('data-blank'), row.textContent].join('/')),
      levels: document.querySelectorAll('table#trace tbody td[data-level]').length,
    }));
    let table = await readTable();
    assert.equal(table.summary, 'Steps up to 3 shown; the later rows are hidden.');
    assert.deepEqual(table.rows.slice(1, 5).map((row) => row.split('/').slice(0, 3).join('/')), ['2/1/false', '3/2/false', '4/-/true', '5/-/true']);
    assert.deepEqual(table.rows.slice(3).map((row) => row.split('/')[3]), ['4', '5', '6', '7', '8', '9', '10'], 'a later row\'s text is its step number only');
    assert.equal(table.levels, 3 * 6, 'levels of steps 1–3 only');
    // A phase forward fills step 4: its pick is still to come, so no cell for it yet.
    await page.click('#phase-forward');
    await page.waitForFunction(() => document.querySelector('#app').dataset.phase === 'fill');
    await page.waitForTimeout(300);
    assert.deepEqual((await readStrip(page)).cells, ['1:0', '2:1', '3:2'], 'at the fill of step 4');
    assert.equal(await page.$$eval('table#trace tr[data-step="4"] td', (cells) => cells.some((cell) => cell.textContent.trim() === 'A' && getComputedStyle(cell).visibility !== 'hidden')), false, 'nor its winner in the table');
    // Its pick draws the cell.
    await page.click('#phase-forward');
    await page.waitForFunction(() => document.querySelectorAll('svg#strip rect.cell').length === 4);
    assert.deepEqual((await readStrip(page)).cells, ['1:0', '2:1', '3:2', '4:0']);
    // Showing the future again (the phone's Menu holds the button) draws every pick.
    await page.click('#menu');
    await page.click('#hide-future');
    await page.waitForFunction(() => document.querySelectorAll('svg#strip rect.cell').length === 10);
    strip = await readStrip(page);
    assert.deepEqual(strip.cells, ['1:0', '2:1', '3:2', '4:0', '5:0', '6:1', '7:0', '8:2', '9:1', '10:0']);
    assert.equal(strip.periodTicks, 1);
    assert.deepEqual(strip.levelSteps, [10, 10, 10]);
    assert.equal(await page.locator('svg#strip').ariaSnapshot(), '- img "Selection sequence": A B C A A B A C B A 1 10');
    table = await readTable();
    assert.equal(table.summary, 'One full period: 10 steps (W = 10, gcd 1).');
    assert.deepEqual(table.rows.slice(3, 5).map((row) => row.split('/').slice(0, 3).join('/')), ['4/0/false', '5/0/false'], 'the rows filled again');
    assert.equal(table.levels, 10 * 6);
  }));

  test('a link to a step\'s fill with the future hidden (a reload, the QR code, chapter 4) leaves that step\'s row blank, as stepping to it does; so does pausing at a fill', async () => {
    const rowOf = (page, step) => page.evaluate((step) => {
      const row = document.querySelector(`table#trace tbody tr[data-step="${step}"]`);
      return { blank: row.hasAttribute('data-blank'), winner: row.dataset.winner ?? null, text: row.textContent.replace(/\s+/g, ' ').trim(), summary: document.querySelector('#trace-summary').textContent };
    }, step);
    const settled = (page, t, phase) => page.waitForFunction(([t, phase]) => {
      const app = document.querySelector('#app');
      return app.dataset.step === String(t) && app.dataset.phase === phase && document.querySelector('table#trace tbody tr');
    }, [t, phase]);
    for (const [hash, step, before] of [['#w=5%2C3%2C2&t=4&phase=fill&future=hide', 5, 4], ['#lesson=4&future=hide', 1, 0]]) {
      await inTab(open(hash), async (page) => {
        await settled(page, step, 'fill');
        await page.waitForTimeout(100);
        const row = await rowOf(page, step);
        assert.deepEqual(row, { blank: true, winner: null, text: String(step), summary: before ? `Steps up to ${before} shown; the later rows are hidden.` : 'No step shown yet; the later rows are hidden.' }, `${hash}: step ${step}'s pick is still to come`);
        // Its pick shows it, as a clicker's PageDown gives it.
        await page.keyboard.press('PageDown');
        await settled(page, step, 'pick');
        assert.equal((await rowOf(page, step)).winner, '0', `${hash}: at the pick, A (tie A = B at step 5; at step 1 the fullest)`);
      });
    }
    // Played and paused at a fill: the row of the step under way is blank too.
    await inTab(open('#w=5%2C3%2C2&t=3&future=hide'), async (page) => {
      await page.evaluate(() => {
        const app = document.querySelector('#app');
        new MutationObserver(() => {
          if (app.dataset.step === '5' && app.dataset.phase === 'fill') document.querySelector('#play').click();
        }).observe(app, { attributes: true, attributeFilter: ['data-step', 'data-phase'] });
      });
      await page.click('#play');
      await settled(page, 5, 'fill');
      await page.waitForFunction(() => document.querySelector('#app').dataset.playing === 'false');
      await page.waitForTimeout(200);
      assert.equal(await page.$eval('#app', (app) => `${app.dataset.step}/${app.dataset.phase}`), '5/fill', 'paused at step 5\'s fill');
      assert.deepEqual(await rowOf(page, 5), { blank: true, winner: null, text: '5', summary: 'Steps up to 4 shown; the later rows are hidden.' });
    });
  });

  test('a run of requests with the future hidden draws the attempts made so far; a request going on is pending', () => inTab(open('#w=5%2C3%2C2&scenario=%401%20C%20dead%20max_fails%3D3%20timeout%3D3600&t=3&future=hide'), async (page) => {
    await page.waitForSelector('svg#strip[data-mode="requests"] g.request');
    const groups = await page.$$eval('svg#strip g.request', (gs) => gs.map((g) => [g.dataset.request, g.dataset.steps, g.dataset.outcome, g.dataset.attempts].join('/')));
    assert.deepEqual(groups, ['1/1/answered/0', '2/1/answered/1', '3/1/pending/2'], 'request 3 shows C refused, not who answers it');
    assert.equal(await page.$$eval('svg#strip rect.cell', (cells) => cells.map((c) => c.dataset.step).join(' ')), '1 2 3');
    assert.equal(await page.textContent('svg#strip g.request[data-request="3"] > title'), 'request 3: C refused so far, retried');
    assert.ok(!(await page.textContent('svg#strip')).includes('requests'), 'no count of the requests to come');
    await page.click('#hide-future');
    await page.waitForFunction(() => document.querySelector('svg#strip g.request[data-request="3"]')?.dataset.outcome === 'answered');
    assert.equal(await page.getAttribute('svg#strip g.request[data-request="3"]', 'data-attempts'), '2 0');
  }));

  test('presenter mode draws the tanks\' text 1.7 times the usual size, for a projector, and the usual size again when it ends', () => inTab(open('#w=5%2C3%2C2&t=4', { viewport: { width: 1366, height: 768 } }), async (page) => {
    const read = () => page.$eval('svg#tanks', (svg) => ({
      viewBox: svg.getAttribute('viewBox'),
      font: parseFloat(svg.style.getPropertyValue('--tank-font')),
      level: Math.round(svg.querySelector('.tank .level').getBoundingClientRect().height),
      name: Math.round(svg.querySelector('.tank .name').getBoundingClientRect().height),
    }));
    /** The core's text size for tanks `viewBox` wide (render/tank_layout/ `font_for`; three tanks leave room for all of it). */
    const fontFor = (viewBox, scale) => Math.max(12, Math.min(26, Number(viewBox.split(' ')[2]) / 55)) * scale;
    const usual = await read();
    assert.ok(Math.abs(usual.font - fontFor(usual.viewBox, 1)) < 1e-9, `usual text: ${JSON.stringify(usual)}`);
    await page.click('#present');
    await page.waitForFunction(() => document.documentElement.dataset.present === 'true');
    await page.waitForFunction((before) => document.querySelector('svg#tanks').getAttribute('viewBox') !== before, usual.viewBox);
    const presented = await read();
    assert.ok(Math.abs(presented.font - fontFor(presented.viewBox, 1.7)) < 1e-9, `presenter mode's text: ${JSON.stringify(presented)}`);
    assert.ok(presented.level >= 1.5 * usual.level && presented.level >= 20, `the levels drawn ${usual.level} px high, then ${presented.level} px`);
    assert.ok(presented.name >= 1.5 * usual.name, `the names drawn ${usual.name} px high, then ${presented.name} px`);
    assert.equal(await page.getAttribute('svg#tanks g.tank[data-node="0"]', 'data-current'), '0', 'the same step, drawn again');
    await page.click('#present');
    await page.waitForFunction(() => document.documentElement.dataset.present === 'false');
    await page.waitForFunction((before) => document.querySelector('svg#tanks').getAttribute('viewBox') === before, usual.viewBox);
    assert.deepEqual(await read(), usual);
  }));

  test('presenter mode draws the other algorithms\' pictures with larger text too, their badges whole', async () => {
    const read = async (present) => {
      const tab = await open(`#w=5%2C1%2C1&t=6&algo=classic${present ? '&present=1' : ''}`, { viewport: { width: 1366, height: 768 } });
      const seen = await tab.page.$eval('#algo-view', (root) => ({
        name: Math.round(root.querySelector('g.node .node-name').getBoundingClientRect().height),
        badges: [...root.querySelectorAll('g.node .node-badge')].map((badge) => badge.textContent),
      }));
      tab.assertNoErrors();
      await tab.close();
      return seen;
    };
    const [usual, presented] = [await read(false), await read(true)];
    assert.ok(presented.name >= 1.5 * usual.name, `the names drawn ${usual.name} px high, then ${presented.name} px`);
    assert.deepEqual(presented.badges, usual.badges);
    assert.ok(presented.badges.includes('5 in list'), presented.badges.join(' | '));
  });

  test('presenter mode on a projector: the lesson beside the tanks, and a clicker keeps the tanks in view', async () => {
    /** Where an element is against the viewport: fully inside it or not. */
    const inView = (page, selector) => page.$eval(selector, (el) => {
      const box = el.getBoundingClientRect();
      return box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight + 0.5 && box.right <= window.innerWidth + 0.5;
    });
    // 1366 × 768: the chapter's text and the tanks at once, without scrolling.
    const wide = await open('#lesson=4&present=1', { viewport: { width: 1366, height: 768 } });
    await wide.page.waitForSelector('#lesson[data-chapter="4"]');
    assert.equal(await inView(wide.page, '#lesson .lesson-text'), true, 'the lesson text is in view');
    assert.equal(await inView(wide.page, 'svg#tanks'), true, 'the tanks are in view');
    assert.equal(await inView(wide.page, '#narration'), true, 'the narration is in view');
    const [lesson, tanks] = await Promise.all(['#lesson', 'svg#tanks'].map((s) => wide.page.$eval(s, (el) => el.getBoundingClientRect().toJSON())));
    assert.ok(lesson.right <= tanks.left, 'the lesson sits beside the tanks');
    // The masthead stays one row: nothing in it overlaps.
    const boxes = await wide.page.$$eval('.masthead h1, .masthead button:not([hidden]), .masthead select', (els) => els
      .filter((el) => el.offsetParent !== null).map((el) => el.getBoundingClientRect().toJSON()));
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i], boxes[j]];
        const overlap = a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
        assert.equal(overlap, false, `masthead items ${i} and ${j} overlap`);
      }
    }
    wide.assertNoErrors();
    await wide.close();

    // 1024 × 600 with a lesson (the tanks lower down): from the top of the page, a clicker's
    // PageDown steps and brings the tanks into view; nothing scrolls outside presenter mode.
    for (const present of [true, false]) {
      const tab = await open(`#w=5%2C3%2C2${present ? '&present=1' : ''}&lesson=2`, { viewport: { width: 1024, height: 600 } });
      const { page } = tab;
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.evaluate(() => document.activeElement?.blur());
      const before = await inView(page, '.stage');
      await page.keyboard.press('PageDown');
      await page.waitForFunction(() => document.querySelector('#app').dataset.phase === 'fill');
      await page.waitForTimeout(100);
      if (present) {
        assert.equal(before, false, 'the tanks start out of view at this size');
        assert.equal(await inView(page, '.stage'), true, 'the tanks are brought into view');
      } else {
        assert.equal(await page.evaluate(() => window.scrollY), 0, 'no scrolling outside presenter mode');
      }
      tab.assertNoErrors();
      await tab.close();
    }
  });

  test('presenter mode: after a language change the clicker\'s and the arrow keys step, and never change the language', () => inTab(open('#lesson=3&present=1', { viewport: { width: 1366, height: 768 } }), async (page) => {
    const view = () => page.evaluate(() => `${document.documentElement.lang} ${document.querySelector('#app').dataset.step}:${document.querySelector('#app').dataset.phase}`);
    await page.focus('#language');
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.documentElement.lang === 'zh-Hans');
    await page.waitForSelector('#lesson[data-chapter="3"]');
    assert.notEqual(await page.evaluate(() => document.activeElement.id), 'language', 'the select gave the focus back');
    await page.keyboard.press('PageDown');
    await page.waitForFunction(() => document.querySelector('#app').dataset.phase === 'fill');
    assert.equal(await view(), 'zh-Hans 1:fill');
    await page.keyboard.press('PageUp');
    await page.waitForFunction(() => document.querySelector('#app').dataset.step === '0');
    assert.equal(await view(), 'zh-Hans 0:start', 'PageUp steps back and leaves the language');
    // Chosen with the pointer too; then the arrows step.
    await page.selectOption('#language', 'en');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('#app').dataset.step === '1');
    assert.equal(await view(), 'en 1:drain');
    // Tab goes on from the select's place.
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'theme');
    // A clicker while the select has the focus (reached with Tab) steps as well.
    await page.focus('#language');
    await page.keyboard.press('PageDown');
    await page.waitForFunction(() => document.querySelector('#app').dataset.phase === 'fill');
    assert.equal(await view(), 'en 2:fill');
    assert.match(page.url(), /lesson=3/);
    assert.doesNotMatch(page.url(), /lang=zh/);
  }));

  test('presenter mode beside a lesson on a projector: the rule of every phase is in view beside the tanks', async () => {
    // On a 1080-line projector the explanation is taller; below it the chapters that add Σ's
    // drift (5 and 8) put it under the rules.
    const cases = [
      [{ width: 1366, height: 768 }, [2, 3, 5, 8]],
      [{ width: 1280, height: 720 }, [2, 3, 5, 8]],
      [{ width: 1024, height: 768 }, [2, 3, 5, 8]],
      [{ width: 1440, height: 900 }, [5, 8]],
      [{ width: 1920, height: 1080 }, [5, 8]],
    ];
    for (const [viewport, chapters] of cases) {
      for (const chapter of chapters) {
        const tab = await open(`#lesson=${chapter}&present=1`, { viewport });
        const { page } = tab;
        await page.waitForSelector(`#lesson[data-chapter="${chapter}"]`);
        // A period of 10 steps, phase by phase: the marked rule is inside the explanation's box
        // (which scrolls when its content is taller) and inside the window.
        for (let phase = 0; phase < 30; phase++) {
          await page.click('#phase-forward');
          const where = await page.evaluate(() => {
            const box = document.querySelector('.explain').getBoundingClientRect();
            const rule = document.querySelector('#rules li.active').getBoundingClientRect();
            return { below: rule.bottom - Math.min(box.bottom, window.innerHeight), above: box.top - rule.top, phase: document.querySelector('#app').dataset.phase };
          });
          assert.ok(where.below <= 0.5 && where.above <= 0.5, `${viewport.width}×${viewport.height}, chapter ${chapter}, ${where.phase} of phase ${phase}: the rule is ${Math.round(where.below)} px below the explanation's end`);
        }
        const forward = await page.evaluate(() => document.querySelector('#forward').getBoundingClientRect().bottom);
        assert.ok(forward <= viewport.height, `${viewport.width}×${viewport.height}, chapter ${chapter}: the transport stays in the window (its buttons end at ${Math.round(forward)} px)`);
        tab.assertNoErrors();
        await tab.close();
      }
    }
  });

  test('presenter mode beside a lesson on a projector: the chapter\'s buttons are in the window and the end of its text in reach of the panel\'s own scrolling', async () => {
    for (const viewport of [{ width: 1280, height: 720 }, { width: 1366, height: 768 }]) {
      for (let chapter = 1; chapter <= 8; chapter++) {
        const tab = await open(`#lesson=${chapter}&present=1`, { viewport });
        const { page } = tab;
        await page.waitForSelector(`#lesson[data-chapter="${chapter}"]`);
        const at = `${viewport.width}×${viewport.height}, chapter ${chapter}`;
        const buttons = await page.$$eval('#lesson-previous, #lesson-next, #lesson-leave', (els) => els.map((el) => {
          const box = el.getBoundingClientRect();
          return { id: el.id, top: box.top, bottom: box.bottom, inside: box.top >= 0 && box.bottom <= window.innerHeight + 0.5 };
        }));
        assert.equal(buttons.length, 3, at);
        for (const button of buttons) assert.ok(button.inside, `${at}: #${button.id} spans ${Math.round(button.top)}–${Math.round(button.bottom)} px`);
        // The lesson column scrolls, not the page: its text ends above the buttons, in the window.
        const end = await page.$eval('#lesson', (panel) => {
          const before = window.scrollY;
          panel.scrollTop = panel.scrollHeight;
          const text = panel.querySelector('.lesson-text').getBoundingClientRect();
          const nav = panel.querySelector('.lesson-nav').getBoundingClientRect();
          return { text: text.bottom, nav: nav.top, panel: panel.getBoundingClientRect().top, scrollY: window.scrollY, before };
        });
        assert.ok(end.text <= end.nav + 0.5 && end.text > end.panel && end.text <= viewport.height, `${at}: the text ends at ${Math.round(end.text)} px, the buttons start at ${Math.round(end.nav)} px`);
        assert.equal(end.scrollY, end.before, `${at}: the page did not scroll with the panel`);
        // Chapter 1 points at the strip, which the page scrolled into view (presenter.test.mjs).
        if (chapter !== 1) assert.equal(end.before, 0, `${at}: the page is at its top`);
        if (chapter < 8) {
          // The next chapter opens at the top of its text.
          await page.click('#lesson-next');
          await page.waitForFunction((n) => document.querySelector('#lesson').dataset.chapter === n, String(chapter + 1));
          assert.equal(await page.$eval('#lesson', (panel) => panel.scrollTop), 0, `${at}: chapter ${chapter + 1} opens at its top`);
        }
        tab.assertNoErrors();
        await tab.close();
      }
    }
  });

  test('keyboard only: reach the controls with Tab, step with keys, focus is visible', () => inTab(open('#w=5%2C3%2C2'), async (page) => {
    await page.focus('#weights');
    let reached = null;
    for (let i = 0; i < 60 && reached !== 'forward'; i += 1) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement.id);
    }
    assert.equal(reached, 'forward', 'Tab reaches "Step forward"');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
    assert.notEqual(outline, 'none', 'the focused control shows a focus ring');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('#app').dataset.step === '1');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('#app').dataset.step === '2');
    // Said once the step has settled (narration-panel.js).
    await page.waitForFunction(() => document.querySelector('#announcer').textContent.startsWith('Step 2:'));
    const live = await page.$eval('#announcer', (el) => ({ text: el.textContent, live: el.getAttribute('aria-live'), display: getComputedStyle(el).display }));
    assert.equal(live.live, 'polite');
    assert.notEqual(live.display, 'none', 'the live region is hidden visually, not with display:none');
    assert.match(live.text, /^Step 2: every tank fills/);
  }));

  test('printing before the handout is built gives the page without its controls', () => inTab(open('#w=5%2C3%2C2&t=4&future=hide'), async (page) => {
    await page.waitForSelector('section.strip-panel[data-status="ready"]');
    await page.emulateMedia({ media: 'print' });
    for (const hidden of ['#play', '.toolbar', '#print-handout', '#share', '#plot-lag', '#scenario']) {
      assert.equal(await page.isVisible(hidden), false, `${hidden} is not printed`);
    }
    for (const shown of ['#weights', 'svg#tanks', '#rules', 'svg#strip', '#trace tr[data-step="10"]']) {
      assert.equal(await page.isVisible(shown), true, `${shown} is printed`);
    }
  }));
});
