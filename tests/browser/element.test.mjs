// The <swrr-viz> custom element: several on one page, independent state, lazy start,
// attributes change live, the JS API and the step event. Playwright's CSS selectors pierce
// open shadow roots, so the same data-* contract is read inside each element.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { ATTRIBUTES, DEFAULT_PANELS } from '../../www/state/element-attributes.js';
import { inTab, openPage, screenshot, usePageSuite } from './harness.mjs';

function tanksOf(page, id) {
  return page.$eval(`swrr-viz#${id}`, (host) => {
    const root = host.shadowRoot;
    const tanks = [...root.querySelectorAll('g.tank[data-node]')].sort((a, b) => a.dataset.node - b.dataset.node);
    return {
      step: Number(host.dataset.step),
      current: tanks.map((g) => Number(g.dataset.current)),
      weight: tanks.map((g) => Number(g.dataset.weight)),
      selected: tanks.filter((g) => g.hasAttribute('data-selected')).map((g) => Number(g.dataset.node)),
      hasTable: root.querySelector('table#trace') !== null,
      hasControls: root.querySelector('#play') !== null,
    };
  });
}

/** Scrolls element `id` into view and waits until it has started. */
async function startInView(page, id) {
  await page.$eval(`swrr-viz#${id}`, (el) => el.scrollIntoView());
  await page.waitForSelector(`swrr-viz#${id}[data-ready="true"]`);
}

describe('<swrr-viz> element', () => {
  const suite = usePageSuite();

  test('independent elements, lazy start, live attributes, API and events', () => inTab(openPage(suite.browser(), `${suite.url()}embed-demo.html`, { viewport: { width: 1000, height: 800 }, reducedMotion: 'reduce' }), async (page) => {
    await page.waitForSelector('swrr-viz#first[data-ready="true"]');
    // The first element reserves its whole height before it starts, so the second is below the
    // fold and starts when scrolled to.
    assert.equal(await page.getAttribute('swrr-viz#second', 'data-ready'), null);
    await startInView(page, 'second');

    let first = await tanksOf(page, 'first');
    let second = await tanksOf(page, 'second');
    assert.equal(first.step, 0);
    assert.deepEqual(first.current, [0, 0, 0]);
    assert.equal(first.hasTable, false, 'default panels: no table');
    assert.equal(first.hasControls, true);
    assert.equal(second.step, 5);
    assert.deepEqual(second.current, [-5, 5, 0]);
    assert.deepEqual(second.selected, [0]);
    assert.equal(second.hasTable, true);
    assert.equal(second.hasControls, false);

    // Far below the fold: not started until scrolled into view.
    assert.equal(await page.getAttribute('swrr-viz#lazy', 'data-ready'), null);
    assert.equal(await page.$eval('swrr-viz#lazy', (el) => el.shadowRoot.querySelectorAll('g.tank').length), 0, 'no tanks drawn yet');
    const heightOf = (id) => page.$eval(`swrr-viz#${id}`, (el) => el.getBoundingClientRect().height);
    const reserved = await heightOf('lazy');
    assert.ok(reserved > 500, `the unstarted element reserves its height (${reserved} px)`);

    // Stepping one element leaves the other alone; the step event reports it.
    const events = page.evaluate(() => new Promise((resolve) => {
      document.querySelector('#first').addEventListener('step', (e) => resolve(e.detail), { once: true });
    }));
    await page.click('swrr-viz#first >> #forward');
    assert.deepEqual(await events, { t: 1, phase: 'drain', winner: 0 });
    first = await tanksOf(page, 'first');
    second = await tanksOf(page, 'second');
    assert.deepEqual(first.current, [-5, 3, 2]);
    assert.equal(second.step, 5, 'the other element did not move');

    // The JS API.
    await page.$eval('swrr-viz#first', (el) => el.seek(10));
    assert.equal((await tanksOf(page, 'first')).step, 10);
    await page.$eval('swrr-viz#first', (el) => el.stepBack());
    assert.equal(await page.$eval('swrr-viz#first', (el) => el.t), 9);

    // Attributes change live.
    await page.$eval('swrr-viz#second', (el) => el.setAttribute('weights', '4,1,1'));
    second = await tanksOf(page, 'second');
    assert.deepEqual(second.weight, [4, 1, 1]);
    await page.$eval('swrr-viz#second', (el) => el.setAttribute('step', '3'));
    assert.deepEqual((await tanksOf(page, 'second')).current, [0, -3, 3]); // 4,1,1: A A B
    await page.$eval('swrr-viz#first', (el) => el.setAttribute('panels', 'tanks table'));
    first = await tanksOf(page, 'first');
    assert.equal(first.hasTable, true);
    assert.equal(first.step, 9, 'rebuilding the panels keeps the step');

    // Keyboard goes to the focused element only.
    await page.focus('swrr-viz#first');
    await page.keyboard.press('ArrowRight');
    assert.equal((await tanksOf(page, 'first')).step, 10);
    assert.equal((await tanksOf(page, 'second')).step, 3);

    // Scrolling the third into view starts it (autoplay, looping within 0–102).
    await page.$eval('swrr-viz#lazy', (el) => el.scrollIntoView());
    await page.waitForSelector('swrr-viz#lazy[data-ready="true"]');
    assert.equal(await heightOf('lazy'), reserved, 'starting kept the reserved height');
    await page.waitForFunction(() => Number(document.querySelector('#lazy').dataset.step) > 3);
    await screenshot(page, 'element-lazy');
    // Off-screen again: it pauses.
    await page.$eval('swrr-viz#first', (el) => el.scrollIntoView());
    await page.waitForTimeout(300);
    const pausedAt = await page.getAttribute('swrr-viz#lazy', 'data-step');
    await page.waitForTimeout(300);
    assert.equal(await page.getAttribute('swrr-viz#lazy', 'data-step'), pausedAt, 'off-screen elements pause');
    await screenshot(page, 'element-demo');
  }));

  test('algorithm, algo, subtract, seed and scenario attributes, live', () => inTab(openPage(suite.browser(), `${suite.url()}embed-demo.html`, { viewport: { width: 1000, height: 800 }, reducedMotion: 'reduce' }), async (page) => {
    await page.evaluate(() => {
      const make = (id, attributes) => {
        const element = document.createElement('swrr-viz');
        element.id = id;
        for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
        document.body.prepend(element);
      };
      make('alias', { weights: '4,3,2', algo: 'interleaved', step: '3' });
      make('algos', { weights: '5,3,2', algorithm: 'classic', step: '3', panels: 'tanks explain controls table' });
    });
    await startInView(page, 'algos');
    await startInView(page, 'alias');
    const view = (id) => page.$eval(`swrr-viz#${id}`, (host) => ({ ...host.shadowRoot.querySelector('#algo-view').dataset, algo: host.dataset.algo }));
    assert.equal((await view('algos')).pointer, '3', 'classic after step 3: the pointer at entry 3 (0-based)');
    assert.equal((await view('alias')).algo, 'interleaved', '`algo` is an alias of `algorithm`');
    assert.equal((await view('alias')).cw, '3', 'IPVS 4,3,2: a a b, cw 3 at step 3 (as the CLI)');

    await page.$eval('swrr-viz#algos', (el) => el.setAttribute('algorithm', 'edf'));
    assert.equal((await view('algos')).queue, '2 0 1', 'EDF 5,3,2 after step 3: C, A, B');
    await page.$eval('swrr-viz#algos', (el) => { el.setAttribute('algorithm', 'random'); el.setAttribute('seed', '42'); });
    assert.equal((await view('algos')).draw, '2');

    // Back to SWRR with a scenario: C is out at step 3, the table names the event.
    await page.$eval('swrr-viz#algos', (el) => { el.setAttribute('algorithm', 'swrr'); el.setAttribute('scenario', '@2 C down'); });
    const tanks = await page.$eval('swrr-viz#algos', (host) => [...host.shadowRoot.querySelectorAll('g.tank')].map((g) => g.dataset.eligible ?? 'true'));
    assert.deepEqual(tanks, ['true', 'true', 'false']);
    assert.equal(await page.$eval('swrr-viz#algos', (host) => host.shadowRoot.querySelector('tr[data-step="2"] td.events').textContent), '@2 C down');
    // A bad scenario: said on the host, the last good run stays.
    await page.$eval('swrr-viz#algos', (el) => el.setAttribute('scenario', '@2 Q down'));
    assert.match(await page.getAttribute('swrr-viz#algos', 'data-options-error'), /"Q"/);
    assert.equal(await page.$eval('swrr-viz#algos', (host) => host.shadowRoot.querySelectorAll('g.tank[data-eligible="false"]').length), 1);
    await page.$eval('swrr-viz#algos', (el) => { el.removeAttribute('scenario'); el.setAttribute('subtract', 'own'); });
    assert.equal(await page.getAttribute('swrr-viz#algos', 'data-options-error'), null);
    assert.equal(await page.$eval('swrr-viz#algos', (host) => host.shadowRoot.querySelector('#sum-drift').hidden), false);
    await screenshot(page, 'element-algorithms');
  }));

  describe('a wrong attribute is said in the element, while it is wrong', () => {
    const SEED_ABC = 'seed "abc" is not a whole number from 0 to 18446744073709551615: write it with digits only';
    const SCENARIO_Z = 'invalid scenario: event 1: "Z" (at column 4) is not a node: the nodes are A, B, C, or #1, #2, … by position';

    /** A started element in a 340 px column, with `attributes`; returns a reader of what it says. */
    async function narrowElement(page, attributes) {
      await page.evaluate((attributes) => {
        const column = document.createElement('div');
        column.style.width = '340px';
        const element = document.createElement('swrr-viz');
        element.id = 'x';
        for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
        column.append(element);
        document.body.prepend(column);
      }, attributes);
      await startInView(page, 'x');
    }
    const set = (page, name, value) => page.$eval('swrr-viz#x', (el, [name, value]) => (value === null ? el.removeAttribute(name) : el.setAttribute(name, value)), [name, value]);
    const said = (page) => page.$eval('swrr-viz#x', (host) => {
      const root = host.shadowRoot;
      const box = root.querySelector('p.attribute-errors[role="alert"]');
      const seedError = root.querySelector('#seed-error');
      return {
        data: host.dataset.optionsError ?? null,
        algo: host.dataset.algo,
        box: box && !box.hidden ? [...box.children].map((line) => line.textContent) : [],
        boxHeight: box?.getBoundingClientRect().height ?? 0,
        seed: root.querySelector('#seed').value,
        seedInvalid: root.querySelector('#seed').getAttribute('aria-invalid'),
        seedError: seedError.hidden ? '' : seedError.textContent,
        status: root.querySelector('#status').textContent,
      };
    });

    test('an error goes when its attribute is fixed or removed; the one said is the current one', () => inTab(openPage(suite.browser(), `${suite.url()}embed-demo.html`, { viewport: { width: 1000, height: 800 }, reducedMotion: 'reduce' }), async (page) => {
      await narrowElement(page, { weights: '5,3,2', step: '2' });
      await set(page, 'algo', 'random');
      await set(page, 'seed', 'abc');
      let now = await said(page);
      assert.equal(now.data, SEED_ABC, 'the core\'s own message, not "invalid options"');
      assert.deepEqual(now.box, [SEED_ABC]);
      assert.ok(now.boxHeight > 20, `the red box is visible (${now.boxHeight} px)`);
      assert.equal(now.seed, '0', 'the run keeps the last good seed');
      await set(page, 'scenario', '@2 Z down');
      assert.deepEqual((await said(page)).box, [SEED_ABC, SCENARIO_Z], 'both wrong attributes are said');
      await set(page, 'seed', '7');
      now = await said(page);
      assert.equal(now.data, SCENARIO_Z);
      assert.deepEqual(now.box, [SCENARIO_Z], 'the seed\'s error is gone');
      assert.equal(now.seed, '7', 'the good seed applies while the scenario is refused');
      assert.equal(now.seedInvalid, 'false');
      assert.equal(now.seedError, '');
      assert.equal(now.status, '', 'no second copy on the status line');
      await set(page, 'scenario', null);
      now = await said(page);
      assert.equal(now.data, null);
      assert.deepEqual(now.box, []);
      await screenshot(page, 'element-attribute-errors-cleared');

      // EDF: a bad scenario, then a bad seed, then the scenario removed: the seed's error only.
      await set(page, 'seed', null);
      await set(page, 'algo', 'edf');
      await set(page, 'scenario', '@2 Z down');
      await set(page, 'seed', 'abc');
      await set(page, 'scenario', null);
      now = await said(page);
      assert.equal(now.algo, 'edf');
      assert.equal(now.data, SEED_ABC);
      assert.deepEqual(now.box, [SEED_ABC]);

      // Weights it cannot read: said once, in the box, not again on the status line.
      await set(page, 'seed', null);
      await set(page, 'weights', '5,x,2');
      const WEIGHTS_X = 'weight 2 "x" (at column 3) is not a number: expected a non-negative number such as 5, 2.5 or 30%, optionally named like A=5';
      now = await said(page);
      assert.deepEqual(now.box, [WEIGHTS_X]);
      assert.equal(now.status, '', 'no second copy on the status line');
      await set(page, 'weights', '4,1');
      assert.deepEqual((await said(page)).box, []);
    }));

    test('an unknown algorithm, a rate or worker count out of range, a bad dispatch seed: the core\'s message, the last good value runs', () => inTab(openPage(suite.browser(), `${suite.url()}embed-demo.html`, { viewport: { width: 1000, height: 800 }, reducedMotion: 'reduce' }), async (page) => {
      await narrowElement(page, { weights: '5,3,2', algo: 'nope', workers: '2' });
      const UNKNOWN = 'unknown algorithm "nope": expected swrr (nginx), classic, interleaved, random, edf, grpc, grpc-java or envoy';
      let now = await said(page);
      assert.equal(now.algo, 'swrr', 'the default runs');
      assert.equal(now.data, UNKNOWN);
      assert.deepEqual(now.box, [UNKNOWN]);
      await set(page, 'algo', 'edf');
      assert.equal((await said(page)).data, null);
      await set(page, 'algo', 'nope');
      now = await said(page);
      assert.equal(now.algo, 'edf', 'the last good algorithm runs on');
      assert.deepEqual(now.box, [UNKNOWN]);
      await set(page, 'algo', null);

      await set(page, 'rate', '0');
      now = await said(page);
      assert.equal(now.data, 'rate must be a whole number from 1 to 1000000, got 0');
      assert.deepEqual(now.box, [now.data]);
      await set(page, 'rate', 'abc');
      assert.equal((await said(page)).data, 'rate must be a whole number from 1 to 1000000, got "abc"', 'the text as written, not NaN');
      await set(page, 'rate', '3');
      await set(page, 'workers', '100');
      now = await said(page);
      assert.equal(now.data, 'workers must be a whole number from 1 to 64, got 100');
      assert.equal(await page.$eval('swrr-viz#x', (host) => host.shadowRoot.querySelector('#rate').value), '3', 'the good rate applies');
      assert.equal(await page.$eval('swrr-viz#x', (host) => host.shadowRoot.querySelector('#workers').value), '2', 'the last good worker count runs on');
      await screenshot(page, 'element-attribute-error-workers');
      await set(page, 'workers', '2');
      await set(page, 'dispatch', 'xyz');
      now = await said(page);
      assert.equal(now.data, 'dispatch seed "xyz" is not a whole number from 0 to 18446744073709551615: write it with digits only, or leave it empty to send requests to the workers in turn');
      assert.deepEqual(now.box, [now.data]);
      await set(page, 'dispatch', null);
      assert.deepEqual(await said(page), { ...now, data: null, box: [], boxHeight: 0 });
    }));

    test('in a Chinese document the box speaks Chinese, data-options-error English', () => inTab(openPage(suite.browser(), 'about:blank', { reducedMotion: 'reduce' }), async (page) => {
      const url = `${suite.url()}element-attribute-errors-zh.html`;
      await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
        <script type="module" src="swrr-viz.js"></script></head>
        <body><swrr-viz id="x" weights="5,3,2" algorithm="nope" workers="0" speed="7"></swrr-viz></body></html>` }));
      await page.goto(url);
      await page.waitForSelector('swrr-viz#x[data-ready="true"]');
      const now = await said(page);
      assert.deepEqual(now.box, ['未知的算法“nope”：应为 swrr（nginx）、classic、interleaved、random、edf、grpc、grpc-java 或 envoy', '工作进程数（workers）应为 1 到 64 之间的整数，不能是 0', 'speed="7" 不是可用的速度：应为 0.5、1、2、4、10、30、100 或 300（每秒步数）']);
      assert.equal(now.data, 'unknown algorithm "nope": expected swrr (nginx), classic, interleaved, random, edf, grpc, grpc-java or envoy\nworkers must be a whole number from 1 to 64, got 0\nspeed="7" is not a speed: expected 0.5, 1, 2, 4, 10, 30, 100 or 300 (steps per second)');
    }));

    test('a wrong step, speed, loop, panels or theme is said in the page\'s words; what was in effect stays', () => inTab(openPage(suite.browser(), `${suite.url()}embed-demo.html`, { viewport: { width: 1000, height: 800 }, reducedMotion: 'reduce' }), async (page) => {
      await narrowElement(page, { weights: '5,3,2', step: 'abc', speed: '7', loop: '50-10', panels: 'tanks explain controls nope', theme: 'blue' });
      const STEP = (value) => `step="${value}" is not a step: expected a whole number from 0, e.g. 5`;
      const SPEED = (value) => `speed="${value}" is not a speed: expected 0.5, 1, 2, 4, 10, 30, 100 or 300 (steps per second)`;
      const LOOP = (value) => `loop="${value}" is not a range of steps: expected FROM-TO, two whole numbers with TO above FROM, e.g. 10-20`;
      const PANELS = 'panels="tanks explain controls nope" names no panel "nope": expected any of editor, tanks, explain, controls, scenario, strip, table or plots, separated by spaces or commas';
      const THEME = 'theme="blue" is not a theme: expected light or dark';
      let now = await said(page);
      assert.deepEqual(now.box, [STEP('abc'), SPEED('7'), LOOP('50-10'), PANELS, THEME]);
      assert.equal(now.data, now.box.join('\n'));
      const shown = () => page.$eval('swrr-viz#x', (host) => ({
        step: host.dataset.step, speed: host.shadowRoot.querySelector('#speed').value, loop: host.widget.loop,
        panels: [...host.shadowRoot.querySelectorAll('#tanks, .explain, section.controls')].length,
      }));
      assert.deepEqual(await shown(), { step: '0', speed: '1', loop: null, panels: 3 }, 'the defaults, and the panels it names');
      await screenshot(page, 'element-own-attribute-errors');

      for (const [name, value] of [['step', '3'], ['speed', '4'], ['loop', '2-5'], ['panels', 'tanks explain controls'], ['theme', 'dark']]) await set(page, name, value);
      now = await said(page);
      assert.equal(now.data, null);
      assert.deepEqual(now.box, []);
      assert.deepEqual(await shown(), { step: '3', speed: '4', loop: [2, 5], panels: 3 });
      // Wrong again: said, and the step, speed and loop in effect stay.
      for (const [name, value] of [['step', '-1'], ['speed', 'fast'], ['loop', '5']]) await set(page, name, value);
      assert.deepEqual((await said(page)).box, [STEP('-1'), SPEED('fast'), LOOP('5')]);
      assert.deepEqual(await shown(), { step: '3', speed: '4', loop: [2, 5], panels: 3 });
      await set(page, 'loop', null);
      assert.deepEqual((await said(page)).box, [STEP('-1'), SPEED('fast')]);
      assert.equal((await shown()).loop, null, 'no loop once the attribute is removed');
    }));
  });

  test('an element lays out by its own width, not the window\'s: a narrow column stacks the explanation under the tanks', () => inTab(openPage(suite.browser(), `${suite.url()}embed-demo.html`, { viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' }), async (page) => {
    await page.evaluate(() => {
      for (const [id, width] of [['narrow', '600px'], ['wide', '900px']]) {
        const column = document.createElement('div');
        column.style.width = width;
        const element = document.createElement('swrr-viz');
        element.id = id;
        element.setAttribute('panels', 'tanks explain controls');
        column.append(element);
        document.body.prepend(column);
      }
    });
    const layout = (id) => page.$eval(`swrr-viz#${id}`, (host) => {
      const tanks = host.shadowRoot.querySelector('.tanks-wrap').getBoundingClientRect();
      const explain = host.shadowRoot.querySelector('.explain').getBoundingClientRect();
      const rules = host.shadowRoot.querySelector('.explain .code').getBoundingClientRect();
      return { beside: explain.left >= tanks.right, tanksWidth: tanks.width, rulesClipped: rules.bottom > explain.bottom + 1 };
    });
    for (const id of ['narrow', 'wide']) await page.waitForSelector(`swrr-viz#${id}[data-ready="true"]`);
    const narrow = await layout('narrow');
    assert.equal(narrow.beside, false, 'in a 600 px column the explanation is under the tanks');
    assert.ok(narrow.tanksWidth > 500, `the tanks take the column's width (${narrow.tanksWidth} px)`);
    assert.equal(narrow.rulesClipped, false, 'the rules are shown whole');
    assert.equal((await layout('wide')).beside, true, 'in a 900 px column the explanation is beside the tanks');
    await page.setViewportSize({ width: 700, height: 900 });
    assert.equal((await layout('wide')).beside, true, 'still beside in a 900 px column of a 700 px window');
  }));

  test('before it starts, the API sets the step it starts at; a `ready` event says it has started', () => inTab(openPage(suite.browser(), `${suite.url()}embed-demo.html`, { viewport: { width: 1000, height: 800 }, reducedMotion: 'reduce' }), async (page) => {
    const early = await page.evaluate(() => {
      const element = Object.assign(document.createElement('swrr-viz'), { id: 'later' });
      element.setAttribute('step', '5');
      document.body.append(element); // below the fold: laid out, not started
      element.addEventListener('ready', (event) => { window.readyDetail = event.detail; });
      const read = () => [element.t, element.phase];
      const seen = { attribute: read(), seek: element.seek(7), sought: read() };
      element.stepForward();
      seen.forward = read();
      element.stepBack();
      element.stepBack();
      return { ...seen, back: read(), negative: element.seek(-1), notWhole: [1.5, '4', null].map((t) => element.seek(t)), ready: element.dataset.ready ?? null };
    });
    assert.deepEqual(early, { attribute: [5, 'drain'], seek: true, sought: [7, 'drain'], forward: [8, 'drain'], back: [6, 'drain'], negative: false, notWhole: [false, false, false], ready: null });
    await startInView(page, 'later');
    assert.deepEqual(await page.evaluate(() => window.readyDetail), { t: 6, phase: 'drain' });
    assert.deepEqual((await tanksOf(page, 'later')).current, [0, -2, 2], '5,3,2 after A B C A A B');
  }));

  // Side by side from an element 850 px wide (832 inside its border and padding), the explanation
  // shows whole beside the tanks, the longer ones of gRPC, Envoy and EDF too: no scroll box.
  test('beside the tanks from 850 px, the whole explanation shows, for every algorithm', () => inTab(openPage(suite.browser(), `${suite.url()}embed-demo.html`, { viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' }), async (page) => {
    const cases = [['edge', 849, 'swrr', 5], ['swrr', 850, 'swrr', 5], ['grpc', 850, 'grpc', 0], ['grpc9', 900, 'grpc', 9], ['java', 850, 'grpc-java', 5], ['envoy', 850, 'envoy', 3], ['edf', 850, 'edf', 5]];
    await page.evaluate((cases) => {
      for (const [id, width, algo, step] of cases) {
        const column = Object.assign(document.createElement('div'), { style: `width: ${width}px` });
        column.innerHTML = `<swrr-viz id="${id}" weights="5,3,2" algo="${algo}" step="${step}" panels="tanks explain"></swrr-viz>`;
        document.body.prepend(column);
      }
    }, cases);
    for (const [id, width, algo, step] of cases) {
      await startInView(page, id);
      const seen = await page.$eval(`swrr-viz#${id}`, (host) => {
        const box = (selector) => host.shadowRoot.querySelector(selector).getBoundingClientRect();
        const explain = host.shadowRoot.querySelector('.explain');
        return {
          width: host.getBoundingClientRect().width, beside: box('.explain').left >= box('.tanks-wrap').right,
          scroll: [explain.scrollHeight, explain.clientHeight], overflow: getComputedStyle(explain).overflowY,
          lastRule: box('#rules li:last-child').bottom, narration: box('#narration').bottom, rules: box('#rules').top,
          explain: box('.explain').bottom, stage: box('.stage').bottom,
        };
      });
      const name = `${algo} at step ${step} in ${width} px`;
      assert.equal(seen.width, width);
      assert.equal(seen.beside, width >= 850, `${name}: ${width >= 850 ? 'beside' : 'under'} the tanks`);
      assert.equal(seen.scroll[0], seen.scroll[1], `${name}: nothing to scroll (${seen.scroll})`);
      assert.equal(seen.overflow, 'visible', `${name}: no scroll box`);
      assert.ok(seen.narration <= seen.rules && seen.lastRule <= seen.explain && seen.explain <= seen.stage + 0.5, `${name}: the narration, then the last rule within the explanation, within the stage (${JSON.stringify(seen)})`);
    }
    await page.$eval('swrr-viz#grpc', (el) => el.scrollIntoView());
    await screenshot(page, 'element-grpc-beside');
  }));

  // A document in Chinese: its elements speak it (the words load after they lay themselves out,
  // so they are laid out again); a document in another language keeps English.
  for (const [lang, rules, narration] of [['zh-CN', '三条规则', /^第 5 步：/], ['fr', 'The three rules', /^Step 5: /]]) {
    test(`in a document of lang="${lang}" the element's words are ${lang === 'fr' ? 'English' : 'Chinese'}`, () => inTab(openPage(suite.browser(), 'about:blank', { reducedMotion: 'reduce' }), async (page) => {
      const url = `${suite.url()}element-in-a-language.html`;
      await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">
        <script type="module" src="swrr-viz.js"></script></head>
        <body><swrr-viz id="walkthrough" weights="5,3,2" step="5"></swrr-viz></body></html>` }));
      await page.goto(url);
      await page.waitForSelector('swrr-viz#walkthrough[data-ready="true"]');
      const words = await page.$eval('swrr-viz#walkthrough', (host) => ({
        rules: host.shadowRoot.querySelector('.explain h2').textContent,
        narration: host.shadowRoot.querySelector('#narration').textContent,
      }));
      assert.equal(words.rules, rules);
      assert.match(words.narration, narration);
      assert.equal(await page.getAttribute('html', 'lang'), lang, 'the document is left as it is');
    }));
  }

  test('an element without attributes runs with the listed defaults', () => inTab(openPage(suite.browser(), `${suite.url()}embed-demo.html`, { reducedMotion: 'reduce' }), async (page) => {
    await page.evaluate(() => {
      const element = document.createElement('swrr-viz');
      element.id = 'bare';
      document.body.prepend(element);
    });
    await page.waitForSelector('swrr-viz#bare[data-ready="true"]');
    const shown = await page.$eval('swrr-viz#bare', (host) => {
      const root = host.shadowRoot;
      return {
        step: host.dataset.step,
        algo: host.dataset.algo,
        weights: [...root.querySelectorAll('g.tank')].map((g) => g.dataset.weight).join(','),
        sections: {
          editor: !!root.querySelector('section.editor'), tanks: !!root.querySelector('#tanks'), explain: !!root.querySelector('aside.explain'),
          controls: !!root.querySelector('section.controls'), scenario: !!root.querySelector('section.scenario-panel'),
          strip: !!root.querySelector('section.strip-panel'), table: !!root.querySelector('section.trace'), plots: !!root.querySelector('section.plots'),
        },
        tie: root.querySelector('#tie').value,
        subtract: root.querySelector('#subtract').value,
        speed: root.querySelector('#speed').value,
        seed: root.querySelector('#seed').value,
        playing: root.querySelector('.swrr').dataset.playing,
        scenario: root.querySelectorAll('g.tank[data-eligible="false"]').length,
      };
    });
    const defaults = Object.fromEntries(ATTRIBUTES.map((a) => [a.name, a.default]));
    assert.equal(shown.weights, defaults.weights);
    assert.equal(shown.step, defaults.step);
    assert.equal(shown.algo, defaults.algorithm);
    assert.equal(shown.tie, defaults.tie);
    assert.equal(shown.subtract, defaults.subtract);
    assert.equal(shown.speed, defaults.speed);
    assert.equal(shown.seed, defaults.seed);
    assert.equal(defaults.panels, DEFAULT_PANELS.join(' '));
    assert.deepEqual(Object.keys(shown.sections).filter((name) => shown.sections[name]), DEFAULT_PANELS);
    assert.equal(shown.playing, 'false', 'no autoplay');
    assert.equal(shown.scenario, 0, 'no scenario');
  }));

  describe('what cannot load is said inside the element', () => {
    /** Opens the demo with `setup(context)` applied first; returns the first element's failure. */
    async function failureOf(setup, body = '<swrr-viz id="only" weights="5,3,2" panels="tanks table"></swrr-viz>') {
      const context = await suite.browser().newContext({ viewport: { width: 900, height: 700 } });
      const page = await context.newPage();
      const consoleErrors = [];
      page.on('console', (msg) => { if (msg.type() === 'error') consoleErrors.push(msg.text()); });
      await setup(context, page);
      await page.goto(`${suite.url()}embed-demo.html`);
      await page.evaluate((html) => { document.body.innerHTML = html; }, body);
      await page.waitForSelector('swrr-viz#only[data-error]');
      const failure = await page.$eval('swrr-viz#only', (host) => {
        const box = host.shadowRoot.querySelector('p.failure[role="alert"]');
        const rect = box?.getBoundingClientRect();
        return { kind: host.dataset.error, text: box?.textContent, height: rect?.height ?? 0, tanks: host.shadowRoot.querySelectorAll('g.tank').length };
      });
      await screenshot(page, `element-failure-${failure.kind}`);
      await context.close();
      return { ...failure, consoleErrors };
    }

    test('the wasm', async () => {
      const failure = await failureOf((context) => context.route('**/swrr_viz_bg.wasm', (route) => route.fulfill({ status: 404, contentType: 'text/html', body: '<!doctype html><p>Not found</p>' })));
      assert.equal(failure.kind, 'wasm');
      assert.match(failure.text, /^This walkthrough cannot start: its WebAssembly core did not load \(.+\)\./);
      assert.match(failure.text, /application\/wasm/);
      assert.ok(failure.height > 40, 'a visible box');
      assert.equal(failure.tanks, 0);
      assert.ok(failure.consoleErrors.some((text) => text.startsWith('<swrr-viz>: This walkthrough cannot start')), 'also said in the console');
    });

    test('a panel\'s module', async () => {
      const failure = await failureOf((context) => context.route('**/trace-table.js', (route) => route.fulfill({ status: 404, body: 'missing' })));
      assert.equal(failure.kind, 'module');
      assert.match(failure.text, /cannot start: a part of its code did not load/);
    });

    test('the styles', async () => {
      const failure = await failureOf((context, page) => page.addInitScript(() => {
        CSSStyleSheet.prototype.replaceSync = () => { throw new Error('constructed stylesheets are not supported'); };
      }));
      assert.equal(failure.kind, 'styles');
      assert.match(failure.text, /its styles did not load \(constructed stylesheets are not supported\)/);
      assert.ok(failure.height > 20, 'readable without styles');
    });
  });
});
