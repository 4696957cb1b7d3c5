// What the first view does not show is loaded on first use: the dialogs (and dialogs.css), the
// lesson and quiz panels, the extras wasm module (exports, nginx, quiz), the Chinese strings
// (i18n-zh.js and words/zh/), the picture of the algorithms without levels (after the first
// tanks, unless the URL names one).
// The first view must not fetch them; a slow load says "Loading …"; a failed one says so, visibly,
// and the next try works; Escape cancels a dialog still loading.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { holdBack, inTab, openPage, usePageSuite, waitReady, waitStep } from './harness.mjs';

/** Files loaded on first use only. */
const LATER = ['pkg-extras/', 'sharing/share-dialog.js', 'sharing/export-dialog.js', 'sharing/export.js', 'sharing/dialog.js', 'dialogs.css',
  'classroom/quiz-panel.js', 'classroom/lesson-panel.js', 'words/i18n-zh.js', 'words/zh/'];

describe('loading on first use', () => {
  const suite = usePageSuite();

  async function open(hash = '', options = {}) {
    const tab = await openPage(suite.browser(), `${suite.url()}index.html${hash}`, { reducedMotion: 'reduce', ...options });
    await waitReady(tab.page);
    return tab;
  }

  /** Paths (relative to the server) the page has loaded so far. */
  const loaded = (page, base) => page.evaluate((base) => performance.getEntriesByType('resource').map((e) => e.name.replace(base, '')), base);

  test('the first view loads none of it; each part comes when first used', () => inTab(open('#w=5%2C3%2C2'), async (page) => {
    await page.waitForSelector('section.plots[data-status="ready"]');
    const first = await loaded(page, suite.url());
    for (const later of LATER) assert.ok(!first.some((url) => url.startsWith(later)), `${later} is not part of the first view: ${first.join(' ')}`);
    assert.ok(first.includes('pkg/swrr_viz_bg.wasm'), 'the first view has its own wasm');

    await page.click('#share');
    await page.waitForSelector('#share-dialog[open]');
    assert.equal(await page.$eval('#share-dialog', (d) => getComputedStyle(d).borderStyle), 'solid', 'dialogs.css applies before the dialog shows');
    await page.keyboard.press('Escape');
    await page.click('#export');
    await page.waitForSelector('#export-dialog[open]');
    assert.match(await page.inputValue('#nginx-export'), /server 127\.0\.0\.1:8001 weight=5;/);
    await page.keyboard.press('Escape');
    const afterDialogs = await loaded(page, suite.url());
    assert.ok(afterDialogs.includes('pkg-extras/swrr_viz_extras_bg.wasm'));

    await page.selectOption('#language', 'zh');
    await page.waitForFunction(() => document.querySelector('h1').textContent === '平滑加权轮询');
    assert.equal(await page.textContent('#export'), '导出 / 导入');
  }));

  test('the strip, the plots and the analysis worker come once the first tanks are drawn', async () => {
    const context = await suite.browser().newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    // What had loaded, and which workers had started, at the moment the widget said it was ready.
    await page.addInitScript(() => {
      const Native = window.Worker;
      window.__workers = 0;
      window.Worker = class extends Native {
        constructor(...args) {
          super(...args);
          window.__workers += 1;
        }
      };
      const observer = new MutationObserver(() => {
        if (document.getElementById('app')?.dataset.ready !== 'true') return;
        observer.disconnect();
        window.__atReady = { files: performance.getEntriesByType('resource').map((e) => e.name), workers: window.__workers, tanks: document.querySelectorAll('svg#tanks g.tank[data-node]').length };
      });
      observer.observe(document, { attributes: true, subtree: true, attributeFilter: ['data-ready'] });
    });
    await page.goto(`${suite.url()}index.html#w=5%2C3%2C2`);
    await page.waitForSelector('section.plots[data-status="ready"]');
    const atReady = await page.evaluate(() => window.__atReady);
    assert.equal(atReady.tanks, 3, 'the tanks are drawn');
    assert.ok(atReady.files.some((url) => url.endsWith('/tanks.js')));
    for (const later of ['plots.js', 'analysis-client.js']) assert.ok(!atReady.files.some((url) => url.endsWith(`/${later}`)), `${later} waits for the first tanks`);
    assert.equal(atReady.workers, 0, 'no analysis worker before the first tanks');
    assert.equal(await page.$$eval('svg#strip rect[data-step][data-pick]', (cells) => cells.length), 10, 'then the strip is drawn');
    await context.close();
  });

  test('a Chinese or quiz link is drawn whole on the first render', () => inTab(open('#quiz=3&lang=zh'), async (page) => {
    // No waiting: data-ready comes after the language and the panel are there.
    assert.equal(await page.textContent('h1'), '平滑加权轮询');
    assert.equal(await page.getAttribute('#quiz', 'data-exercise'), '3');
    assert.match(await page.textContent('#quiz-title'), /^练习 3/);
  }));

  test('a quiz link says it is loading the quiz while the extras module comes, then draws it whole', () => inTab(openPage(suite.browser(), 'about:blank', { reducedMotion: 'reduce' }), async (page) => {
    const release = await holdBack(page, '**/pkg-extras/*.wasm');
    await page.goto(`${suite.url()}index.html#quiz=3`);
    await page.waitForSelector('#page-notice:not([hidden])');
    assert.equal(await page.textContent('#page-notice'), 'Loading the quiz…');
    assert.notEqual(await page.getAttribute('#app', 'data-ready'), 'true', 'the walkthrough waits for the exercise');
    release();
    await waitReady(page);
    assert.equal(await page.getAttribute('#quiz', 'data-exercise'), '3');
    assert.equal(await page.isHidden('#page-notice'), true, 'the notice goes once the quiz is here');
  }));

  test('the picture of the algorithms without levels: with the first view only when the URL or its lesson names one, else after the first tanks, or when one is chosen', async () => {
    const context = await suite.browser().newContext({ reducedMotion: 'reduce' });
    // Which modules had loaded when the widget said it was ready.
    await context.addInitScript(() => {
      const observer = new MutationObserver(() => {
        if (document.getElementById('app')?.dataset.ready !== 'true') return;
        observer.disconnect();
        window.__atReady = performance.getEntriesByType('resource').map((e) => e.name);
      });
      observer.observe(document, { attributes: true, subtree: true, attributeFilter: ['data-ready'] });
    });
    const picture = 'algorithms/algorithm-view.js';
    const page = await context.newPage();
    await page.goto(`${suite.url()}index.html#w=5%2C3%2C2&algo=edf&t=2`);
    await waitReady(page);
    assert.ok((await page.evaluate(() => window.__atReady)).some((url) => url.endsWith(picture)), 'a URL that names EDF loads its picture with the first view');
    assert.equal(await page.getAttribute('#algo-view', 'data-algo'), 'edf', 'and draws it at the first render');
    assert.equal(await page.$$eval('#algo-view .edf-queue li', (items) => items.length), 3);
    // A lesson's chapter on the classic expanded list, named by the chapter, not the URL.
    const lesson = await context.newPage();
    await lesson.goto(`${suite.url()}index.html#lesson=2`);
    await waitReady(lesson);
    assert.ok((await lesson.evaluate(() => window.__atReady)).some((url) => url.endsWith(picture)), 'a lesson on an algorithm without levels loads its picture with the first view');
    assert.equal(await lesson.getAttribute('#algo-view', 'data-algo'), 'classic');

    // SWRR: not before the first tanks; then ahead of a choice. Held back here, to see a choice wait for it.
    const release = await holdBack(context, `**/${picture}`);
    const swrr = await context.newPage();
    await swrr.goto(`${suite.url()}index.html#w=5%2C3%2C2&t=2`);
    await waitReady(swrr);
    assert.ok(!(await swrr.evaluate(() => window.__atReady)).some((url) => url.endsWith(picture)), 'the first tanks come without it');
    await swrr.selectOption('#algo', 'edf');
    await swrr.waitForSelector('#algo-view[aria-busy="true"] .panel-notice:not([hidden])');
    assert.equal(await swrr.textContent('#algo-view .panel-notice'), 'Loading the picture of this algorithm…');
    assert.equal(await swrr.isVisible('svg#tanks'), false, 'the tanks give way at once');
    release();
    await swrr.waitForSelector('#algo-view:not([aria-busy]) svg.algo-picture');
    assert.equal(await swrr.getAttribute('#algo-view', 'data-algo'), 'edf');
    assert.equal(await swrr.$$eval('#algo-view .edf-queue li', (items) => items.length), 3, 'the step the run is at, drawn once the code is here');
    assert.equal(await swrr.$('#algo-view .panel-notice'), null);
    await context.close();
  });

  test('the picture of an algorithm that fails to load says so, and the walkthrough goes on', async () => {
    const tab = await openPage(suite.browser(), 'about:blank', { reducedMotion: 'reduce' });
    const { page } = tab;
    await page.context().route('**/algorithms/algorithm-view.js', (route) => route.abort('connectionfailed'));
    await page.goto(`${suite.url()}index.html#w=5%2C3%2C2`);
    await waitReady(page);
    await page.selectOption('#algo', 'classic');
    await page.waitForSelector('#algo-view .panel-notice[data-state="error"]');
    assert.match(await page.textContent('#algo-view .panel-notice'), /^Could not load the picture of this algorithm: .+Check the connection, then try again or reload the page\.$/);
    assert.equal(await page.getAttribute('#app', 'data-error'), null, 'not a fatal error');
    assert.equal(await page.getAttribute('#algo-view', 'aria-busy'), null, 'no longer busy: the alert is read out');
    await page.click('#forward');
    await waitStep(page, 1);
    assert.equal(await page.textContent('#trace tbody tr[aria-current] td.winner-name'), 'A', 'the table steps on');
    await page.selectOption('#algo', 'swrr');
    await page.waitForSelector('svg#tanks:not([hidden]) g.tank[data-node]');
    assert.ok(tab.errors.every((e) => /algorithm-view\.js/.test(e)), tab.errors.join('\n'));
    await tab.close();
  });

  test('a slow part says it is loading; Escape cancels a dialog still loading', () => inTab(open('#w=5%2C3%2C2'), async (page) => {
    const release = await holdBack(page.context(), '**/share-dialog.js');
    await page.click('#share');
    await page.waitForSelector('#page-notice:not([hidden])');
    assert.equal(await page.textContent('#page-notice'), 'Loading the Share / Embed dialog…');
    await page.keyboard.press('Escape');
    release();
    await page.waitForSelector('#page-notice', { state: 'hidden' });
    await page.waitForTimeout(200);
    assert.equal(await page.$('#share-dialog[open]'), null, 'Escape while loading: the dialog does not open later');
    await page.click('#share');
    await page.waitForSelector('#share-dialog[open]');
  }));

  test('a part that fails to load says so, and the next try works', async () => {
    const tab = await open('#w=5%2C3%2C2');
    const { page } = tab;
    // The extras wasm does not arrive (a module script that fails stays failed in the browser
    // until a reload, which the notice says; a wasm file is fetched again on the next try).
    const wasm = '**/pkg-extras/swrr_viz_extras_bg.wasm';
    await page.context().route(wasm, (route) => route.abort('connectionfailed'));
    await page.click('#export');
    await page.waitForSelector('#page-notice[role="alert"]');
    assert.match(await page.textContent('#page-notice'), /^Could not load the Export \/ import dialog: .+Check the connection, then try again or reload the page\.$/);
    assert.equal(await page.$('#export-dialog[open]'), null);
    assert.equal(await page.getAttribute('#app', 'data-error'), null, 'not a fatal error: the walkthrough goes on');

    // The quiz needs the same module: its panel says why it is missing.
    await page.click('#open-quiz');
    await page.waitForSelector('#quiz .panel-notice[data-state="error"]');
    assert.match(await page.textContent('#quiz'), /^Could not load the quiz: /);

    await page.context().unroute(wasm);
    await page.click('#export');
    await page.waitForSelector('#export-dialog[open]');
    assert.equal(await page.isHidden('#page-notice'), true, 'the notice goes when the load works');
    assert.match(await page.inputValue('#nginx-export'), /upstream backend/);
    await page.keyboard.press('Escape');
    // Leaving the quiz and opening it again starts it.
    await page.click('#open-quiz');
    await page.waitForFunction(() => document.querySelector('#quiz').hidden);
    await page.click('#open-quiz');
    await page.waitForSelector('#quiz[data-exercise="1"] .quiz-choice');
    assert.ok(tab.errors.every((e) => /pkg-extras/.test(e)), tab.errors.join('\n'));
    await tab.close();
  });
});
