// The phase of a step under way lives in the URL (`phase=fill|pick` right after `t`, the steps
// done), so a reload, Back/Forward, a chapter's link, presenter mode's QR code, the printed
// handout and compare.html all show the phase that was on screen; a link without `phase` opens
// the step whole.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { inTab, openPage, screenshot, usePageSuite, waitReady, waitStep } from './harness.mjs';

const PHONE = { viewport: { width: 390, height: 844 } };
const PROJECTOR = { viewport: { width: 1366, height: 768 }, colorScheme: 'dark' };

/** `#app`'s step and phase. */
const position = (page) => page.$eval('#app', (app) => `${app.dataset.step} ${app.dataset.phase}`);
/** The nodes of the tanks marked tied, with their levels. */
const tied = (page) => page.$$eval('svg#tanks g.tank[data-tied]', (gs) => gs.map((g) => `${g.dataset.node}:${g.dataset.current}`));
/** Waits until the hash holds `part` (the page writes positions a moment after a move). */
const hashHas = (page, part) => page.waitForFunction((text) => location.hash.includes(text), part);

/**
 * Two history entries of the same step in the page at `url`, one at `phase` (four steps done, the
 * fifth under way) and one whole: Back and Forward show each its own. `wait(page, step, phase)`
 * waits until the page shows that position.
 */
async function sameStepEntries(page, url, phase, wait) {
  await page.goto(`${url}#w=5%2C3%2C2&t=4&phase=${phase}`);
  await wait(page, 5, phase);
  await page.goto(`${url}#w=5%2C3%2C2&t=4`);
  await wait(page, 4, 'drain');
  await page.goBack();
  await wait(page, 5, phase);
  await page.goForward();
  await wait(page, 4, 'drain');
}

/** Prints the handout (the browser's dialog replaced by a flag) and waits until it is laid out. */
async function printHandout(page) {
  await page.evaluate(() => {
    window.print = () => {
      document.documentElement.dataset.printed = 'true';
    };
  });
  await page.click('#print-handout');
  await page.waitForSelector('html[data-printed]', { timeout: 30_000 });
}

describe('the phase in the URL', () => {
  const suite = usePageSuite();
  const open = (hash, options) => suite.open(hash, { reducedMotion: 'reduce', ...options });

  test('chapter 6 (Ties) opens at step 5\'s pick; its link as the page writes it, reloaded, and its QR code on a phone show the same', () => inTab(open('#lesson=6&present=1', PROJECTOR), async (page) => {
    await waitStep(page, 5, 'pick');
    assert.deepEqual(await tied(page), ['0:5', '1:5'], 'A and B are tied at 5');
    await hashHas(page, 'phase=pick');
    assert.equal(new URL(page.url()).hash, '#lesson=6&present=1&w=5%2C3%2C2&t=4&phase=pick', 'four steps done, the fifth at its pick');

    await page.reload();
    await waitReady(page);
    assert.equal(await position(page), '5 pick', 'a reload shows the pick of step 5');
    assert.deepEqual(await tied(page), ['0:5', '1:5']);
    assert.equal(await page.getAttribute('#lesson', 'data-chapter'), '6');
    await page.waitForTimeout(600);
    assert.match(page.url(), /&t=4&phase=pick$/, 'and writes it back the same');
    await screenshot(page, 'url-phase-ch6-reloaded-projector-dark');

    await page.click('#show-qr');
    await page.waitForSelector('#qr-dialog[data-open="true"]');
    const link = await page.getAttribute('#qr-dialog', 'data-link');
    assert.match(link, /#lesson=6&w=5%2C3%2C2&t=4&phase=pick$/, 'the QR code carries the phase (not presenter mode)');
    const qr = await page.getAttribute('#qr-dialog svg.qr-code', 'data-qr-text');
    assert.equal(qr, link);

    await inTab(openPage(suite.browser(), link, { ...PHONE, reducedMotion: 'reduce' }), async (phone) => {
      await waitReady(phone);
      assert.equal(await position(phone), '5 pick', 'the phone opens the tie the chapter is about');
      assert.deepEqual(await tied(phone), ['0:5', '1:5']);
      assert.match(await phone.textContent('#lesson .lesson-text'), /A and B/);
      await phone.reload();
      await waitReady(phone);
      assert.equal(await position(phone), '5 pick', 'and so does its reload');
      await screenshot(phone, 'url-phase-ch6-reloaded-phone-light');
    });
  }));

  test('chapter 4 (Water tanks) reopens at step 1\'s fill, in English and Chinese', async () => {
    for (const hash of ['#lesson=4', '#lesson=4&lang=zh']) {
      await inTab(open(hash, PHONE), async (page) => {
        await waitStep(page, 1, 'fill');
        await hashHas(page, 'phase=fill');
        assert.match(new URL(page.url()).hash, /^#lesson=4&(lang=zh&)?w=5%2C3%2C2&phase=fill$/, 'no step done is the default: t is left out');
        await page.reload();
        await waitReady(page);
        assert.equal(await position(page), '1 fill', `${hash}: reloaded`);
        assert.equal(await page.getAttribute('#lesson', 'data-chapter'), '4');
      });
    }
  });

  test('a phase reached with PageDown survives a reload; a whole step writes no phase', () => inTab(open('#w=5%2C3%2C2&t=2'), async (page) => {
    await waitStep(page, 2, 'drain');
    for (const [phase, written] of [['fill', 't=2&phase=fill'], ['pick', 't=2&phase=pick']]) {
      await page.keyboard.press('PageDown');
      await waitStep(page, 3, phase);
      await hashHas(page, written);
      await page.reload();
      await waitReady(page);
      assert.equal(await position(page), `3 ${phase}`, `reloaded at ${phase}`);
    }
    await page.keyboard.press('PageDown');
    await waitStep(page, 3, 'drain');
    await page.waitForFunction(() => location.hash === '#w=5%2C3%2C2&t=3');
    await page.keyboard.press('PageUp');
    await waitStep(page, 3, 'pick');
    await hashHas(page, 't=2&phase=pick');
  }));

  test('Back and Forward return to the phase of each entry', () => inTab(open('#lesson=6'), async (page) => {
    await waitStep(page, 5, 'pick');
    await page.click('#lesson-next');
    await page.waitForFunction(() => document.querySelector('#lesson').dataset.chapter === '7');
    await waitStep(page, 10, 'drain');
    await page.goBack();
    await page.waitForFunction(() => document.querySelector('#lesson').dataset.chapter === '6');
    await waitStep(page, 5, 'pick');
    assert.deepEqual(await tied(page), ['0:5', '1:5']);
    await page.goForward();
    await waitStep(page, 10, 'drain');

    await sameStepEntries(page, `${suite.url()}index.html`, 'pick', waitStep);
  }));

  test('links without a phase open as they always have; a phase that is not one of a step under way is the step whole', async () => {
    await inTab(open('#w=5%2C3%2C2&t=5'), async (page) => {
      assert.equal(await position(page), '5 drain');
      await page.waitForTimeout(600);
      assert.equal(new URL(page.url()).hash, '#w=5%2C3%2C2&t=5', 'written back unchanged');
    });
    for (const hash of ['#w=5%2C3%2C2&t=5&phase=drain', '#w=5%2C3%2C2&t=5&phase=bogus']) {
      await inTab(open(hash), async (page) => assert.equal(await position(page), '5 drain', hash));
    }
    await inTab(open('#w=5%2C3%2C2&phase=fill'), async (page) => assert.equal(await position(page), '1 fill', 'no t: none done, step 1 at its fill'));
  });

  test('the handout prints the phase shown: step 5 at its pick, the tie in its narration', () => inTab(open('#lesson=6'), async (page) => {
    await waitStep(page, 5, 'pick');
    await printHandout(page);
    const sheet = await page.$eval('section#handout', (root) => ({
      step: root.dataset.step,
      phase: root.dataset.phase,
      position: root.querySelector('.handout-position').textContent,
      narration: root.querySelector('.handout-narration').textContent,
      current: root.querySelector('tr[aria-current]')?.dataset.step,
      link: root.querySelector('.handout-url').textContent,
    }));
    assert.deepEqual([sheet.step, sheet.phase, sheet.current], ['5', 'pick', '5']);
    assert.match(sheet.position, /^Step 5, pick/);
    assert.match(sheet.narration, /A and B tie at 5/);
    assert.match(sheet.link, /&t=4&phase=pick$/);
  }));

  test('a worksheet at a fill leaves the step\'s pick to predict: its row blank, the tanks filled', () => inTab(open('#w=5%2C3%2C2&t=4&phase=fill&future=hide'), async (page) => {
    await waitStep(page, 5, 'fill');
    await printHandout(page);
    const sheet = await page.$eval('section#handout', (root) => ({
      phase: root.dataset.phase,
      position: root.querySelector('.handout-position').textContent,
      blank: [...root.querySelectorAll('table.handout-trace tr[data-blank]')].map((row) => row.dataset.step).slice(0, 2),
      current: root.querySelector('tr[aria-current]')?.dataset.step,
      worksheet: root.querySelector('.handout-worksheet').textContent,
      tanks: [...root.querySelector('.still-host').shadowRoot.querySelectorAll('g.tank')].map((g) => `${g.dataset.node}:${g.dataset.current}:${g.hasAttribute('data-selected')}`),
    }));
    assert.equal(sheet.phase, 'fill');
    assert.match(sheet.position, /^Step 5, fill/);
    assert.deepEqual(sheet.blank, ['5', '6'], 'step 5\'s row is to fill in');
    assert.equal(sheet.current, '5');
    assert.match(sheet.worksheet, /after step 4/);
    assert.deepEqual(sheet.tanks, ['0:5:false', '1:5:false', '2:0:false'], 'the tanks filled, none picked');
  }));
});

describe('the phase in compare.html\'s URL', () => {
  const suite = usePageSuite();
  const open = (hash, options) => suite.open(hash, { reducedMotion: 'reduce', ...options });
  const LAPTOP = { viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' };
  /** Opens compare.html at `hash` and waits until its panes have started. */
  async function openCompare(hash, options = LAPTOP) {
    const tab = await openPage(suite.browser(), `${suite.url()}compare.html${hash}`, options);
    await compareReady(tab.page);
    return tab;
  }
  const compareReady = (page) => page.waitForSelector('main#compare[data-ready="true"]', { timeout: 15_000 });
  /** `#compare`'s step and phase, then each pane's widget's. */
  const panes = (page) => page.evaluate(() => {
    const root = document.querySelector('#compare');
    const widgets = [...document.querySelectorAll('article.pane .pane-widget')].map((host) => host.shadowRoot.querySelector('.swrr'));
    return [`${root.dataset.step} ${root.dataset.phase}`, ...widgets.map((w) => `${w.dataset.step} ${w.dataset.phase}`)];
  });
  /** Waits until the page and every pane show `step` at `phase`. */
  const waitPanes = (page, step, phase) => page.waitForFunction((at) => {
    const root = document.querySelector('#compare');
    const widgets = [...document.querySelectorAll('article.pane .pane-widget')].map((host) => host.shadowRoot.querySelector('.swrr'));
    return widgets.length > 0 && [root, ...widgets].every((el) => `${el.dataset.step} ${el.dataset.phase}` === at);
  }, `${step} ${phase}`);
  const hashIs = (page, hash) => page.waitForFunction((text) => location.hash === text, hash);

  test('the walkthrough\'s link opens compare.html at step 5\'s pick, every pane there; its link back and its URL carry the phase', () => inTab(open('#w=5%2C3%2C2&t=4&phase=pick'), async (page) => {
    await waitStep(page, 5, 'pick');
    await page.waitForFunction(() => document.querySelector('#compare-link').getAttribute('href').endsWith('phase=pick'));
    assert.equal(await page.getAttribute('#compare-link', 'href'), 'compare.html#w=5%2C3%2C2&t=4&phase=pick');
    // A phase changed on the page changes the link.
    await page.keyboard.press('PageUp');
    await waitStep(page, 5, 'fill');
    await page.waitForFunction(() => document.querySelector('#compare-link').getAttribute('href').endsWith('&t=4&phase=fill'));
    await page.keyboard.press('PageDown');
    await waitStep(page, 5, 'pick');
    await page.waitForFunction(() => document.querySelector('#compare-link').getAttribute('href').endsWith('&t=4&phase=pick'));

    await page.click('#compare-link');
    await compareReady(page);
    await waitPanes(page, 5, 'pick');
    assert.deepEqual(await panes(page), Array(5).fill('5 pick'), 'the page and its four panes');
    await hashIs(page, '#w=5%2C3%2C2&t=4&phase=pick');
    await page.waitForFunction(() => document.querySelector('#walkthrough-link').getAttribute('href').endsWith('phase=pick'));
    assert.equal(await page.getAttribute('#walkthrough-link', 'href'), 'index.html#w=5%2C3%2C2&t=4&phase=pick');
    await page.click('#walkthrough-link');
    await waitReady(page);
    await waitStep(page, 5, 'pick');
  }));

  test('a fill reached on compare.html is written and survives a reload; a whole step writes no phase', () => inTab(openCompare('#w=5%2C3%2C2&algos=swrr%2Cedf&t=2'), async (page) => {
    await waitPanes(page, 2, 'drain');
    await page.keyboard.press('PageDown');
    await waitPanes(page, 3, 'fill');
    await hashIs(page, '#w=5%2C3%2C2&algos=swrr%2Cedf&t=2&phase=fill');
    await page.reload();
    await compareReady(page);
    await waitPanes(page, 3, 'fill');
    assert.deepEqual(await panes(page), Array(3).fill('3 fill'), 'reloaded at the fill');
    await page.waitForTimeout(600);
    assert.equal(new URL(page.url()).hash, '#w=5%2C3%2C2&algos=swrr%2Cedf&t=2&phase=fill', 'and written back the same');
    for (const phase of ['pick', 'drain']) await page.keyboard.press('PageDown').then(() => waitPanes(page, 3, phase));
    await hashIs(page, '#w=5%2C3%2C2&algos=swrr%2Cedf&t=3');
    // No step done: step 1's fill.
    await page.goto(`${suite.url()}compare.html#w=5%2C3%2C2&phase=fill`);
    await waitPanes(page, 1, 'fill');
  }));

  test('Back and Forward on compare.html return to the fill of each entry', () => inTab(openCompare('#w=5%2C3%2C2&t=4&phase=fill'), async (page) => {
    await waitPanes(page, 5, 'fill');
    // A new set of panes is a history entry (`algos=` a key the hash had not: last); the fill stays on screen.
    await page.click('#algo-buttons button[data-algo="classic"]');
    await page.waitForFunction(() => document.querySelectorAll('article.pane').length === 3);
    await waitPanes(page, 5, 'fill');
    await hashIs(page, '#w=5%2C3%2C2&t=4&phase=fill&algos=swrr%2Cinterleaved%2Cedf');
    await page.keyboard.press('PageDown');
    await waitPanes(page, 5, 'pick');
    await hashIs(page, '#w=5%2C3%2C2&t=4&phase=pick&algos=swrr%2Cinterleaved%2Cedf');
    await page.goBack();
    await page.waitForFunction(() => document.querySelectorAll('article.pane').length === 4);
    await waitPanes(page, 5, 'fill');
    await page.goForward();
    await page.waitForFunction(() => document.querySelectorAll('article.pane').length === 3);
    await waitPanes(page, 5, 'pick');

    await sameStepEntries(page, `${suite.url()}compare.html`, 'fill', waitPanes);
  }));

  test('a phase that is not one of a step under way is said in the refused-values box, and the step whole runs', async () => {
    await inTab(openCompare('#w=5%2C3%2C2&t=5&phase=bogus', { viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' }), async (page) => {
      await waitPanes(page, 5, 'drain');
      assert.equal(await page.getAttribute('#link-errors', 'data-refused'), 'phase');
      assert.equal(await page.isVisible('#link-errors'), true);
      assert.match(await page.textContent('#link-errors'), /^phase=bogus /);
      await hashIs(page, '#w=5%2C3%2C2&t=5');
      // Moving is choosing another position: the refusal is said no more.
      await page.keyboard.press('PageDown');
      await waitPanes(page, 6, 'fill');
      assert.equal(await page.isVisible('#link-errors'), false);
      assert.equal(await page.getAttribute('#link-errors', 'data-refused'), '');
    });
    await inTab(openCompare('#w=5%2C3%2C2&t=5&phase=drain'), async (page) => {
      await waitPanes(page, 5, 'drain');
      assert.equal(await page.isVisible('#link-errors'), false, 'phase=drain is the step whole, as no phase is');
    });
  });

  test('phase= is written right after t=, the other keys where the link had them', async () => {
    await inTab(open('#w=5%2C3%2C2&t=7&present=1'), async (page) => {
      await page.keyboard.press('PageDown');
      await waitStep(page, 8, 'fill');
      await page.waitForFunction(() => location.hash === '#w=5%2C3%2C2&t=7&phase=fill&present=1');
      await page.keyboard.press('PageDown');
      await page.waitForFunction(() => location.hash === '#w=5%2C3%2C2&t=7&phase=pick&present=1');
    });
    // A phase typed before t is moved after it.
    await inTab(open('#phase=fill&w=5%2C3%2C2&present=1&t=7'), async (page) => {
      await waitStep(page, 8, 'fill');
      await page.waitForFunction(() => location.hash === '#w=5%2C3%2C2&present=1&t=7&phase=fill');
    });
    await inTab(openCompare('#w=5%2C3%2C2&t=7&lang=en'), async (page) => {
      await page.keyboard.press('PageDown');
      await waitPanes(page, 8, 'fill');
      await hashIs(page, '#w=5%2C3%2C2&t=7&phase=fill&lang=en');
    });
  });
});
