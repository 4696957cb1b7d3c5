// compare.html: panes stepped together by one set of controls, each pane's picks and key metrics
// equal to the CLI's, the ranking table, the URL round trip, a scenario, a phone's width.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, test } from 'node:test';

import { CLI, inTab, openPage, screenshot, usePageSuite } from './harness.mjs';


function cli(...args) {
  assert.ok(existsSync(CLI), `${CLI} is missing: run cargo build (scripts/test.sh does)`);
  return execFileSync(CLI, args, { encoding: 'utf8' });
}

function cliPicks(weights, steps, ...flags) {
  return cli('seq', weights, '--index', '--steps', String(steps), ...flags).trim().split(/\s+/).map(Number);
}

/** The key numbers of `swrr-viz metrics --json`: the worst of every node. */
function cliKey(weights, ...flags) {
  const m = JSON.parse(cli('metrics', weights, '--json', ...flags));
  return {
    longestRun: Math.max(...m.nodes.map((n) => n.longest_run)),
    ahead: Math.max(...m.nodes.map((n) => n.max_ahead.lag)),
    behind: Math.min(...m.nodes.map((n) => n.max_behind.lag)),
    fingerprint: m.fingerprint,
  };
}

async function waitReady(page) {
  await page.waitForSelector('main#compare[data-ready="true"]', { timeout: 15_000 });
}

async function waitAllAt(page, step, phase = 'drain') {
  await page.waitForFunction(([s, p]) => {
    const panes = [...document.querySelectorAll('article.pane')];
    return panes.length > 0 && panes.every((pane) => {
      const widget = pane.querySelector('.pane-widget').shadowRoot.querySelector('.swrr');
      return widget.dataset.step === String(s) && widget.dataset.phase === p;
    }) && document.querySelector('#compare').dataset.step === String(s);
  }, [step, phase]);
}

/**
 * Where the first screen ends and what is on it: the first pane's tanks (their top and bottom,
 * and whether a pointer just inside their top reaches the pane rather than a bar over it) and
 * the step buttons' bottom.
 */
function firstScreen(page) {
  return page.evaluate(() => {
    const host = document.querySelector('article.pane .pane-widget');
    const tanks = host.shadowRoot.querySelector('svg#tanks').getBoundingClientRect();
    const forward = document.querySelector('#forward').getBoundingClientRect();
    const touched = document.elementFromPoint(tanks.left + tanks.width / 2, tanks.top + 24);
    return { height: innerHeight, tanksTop: tanks.top, tanksBottom: tanks.bottom, forwardBottom: forward.bottom, touched: touched === host };
  });
}

/** Per pane: its algorithm, the node marked picked, and the strip's picks. */
function readPanes(page) {
  return page.$$eval('article.pane', (panes) => panes.map((pane) => {
    const root = pane.querySelector('.pane-widget').shadowRoot;
    const picked = root.querySelector('g.tank[data-selected], #algo-view g.node[data-selected]');
    return {
      algo: pane.dataset.algo,
      step: Number(root.querySelector('.swrr').dataset.step),
      picked: picked ? Number(picked.dataset.node) : null,
      strip: [...root.querySelectorAll('svg#strip rect[data-step]')].map((cell) => Number(cell.dataset.pick)),
      metrics: { ...pane.querySelector('dl.pane-metrics').dataset },
    };
  }));
}

describe('compare.html', () => {
  const suite = usePageSuite();

  async function open(hash, options = { reducedMotion: 'reduce', viewport: { width: 1366, height: 900 } }) {
    const tab = await openPage(suite.browser(), `${suite.url()}compare.html${hash}`, options);
    await waitReady(tab.page);
    return tab;
  }

  test('5,1,1: four panes stepped together, each the CLI’s picks; the ranking table', () => inTab(open('#w=5%2C1%2C1'), async (page) => {
    assert.deepEqual(await page.$$eval('article.pane', (panes) => panes.map((p) => p.dataset.algo)), ['swrr', 'classic', 'interleaved', 'edf']);
    const expected = Object.fromEntries(['swrr', 'classic', 'interleaved', 'edf'].map((algo) => [algo, cliPicks('5,1,1', 7, '--algo', algo)]));
    for (let t = 1; t <= 7; t += 1) {
      await page.click('#forward');
      await waitAllAt(page, t);
      for (const pane of await readPanes(page)) {
        assert.equal(pane.picked, expected[pane.algo][t - 1], `${pane.algo} step ${t}`);
      }
    }
    await page.waitForSelector('table#ranking[data-status="ready"]', { timeout: 20_000 });
    for (const pane of await readPanes(page)) {
      assert.deepEqual(pane.strip, expected[pane.algo], `${pane.algo}: the strip`);
      const key = cliKey('5,1,1', '--algo', pane.algo);
      assert.equal(Number(pane.metrics.longestRun), key.longestRun, `${pane.algo}: longest run`);
      assert.equal(Number(pane.metrics.worstAhead), key.ahead, `${pane.algo}: worst ahead`);
      assert.equal(Number(pane.metrics.worstBehind), key.behind, `${pane.algo}: worst behind`);
      assert.equal(pane.metrics.fingerprint, key.fingerprint, `${pane.algo}: fingerprint`);
    }
    const ranking = await page.$$eval('table#ranking tbody tr', (rows) => rows.map((r) => [r.dataset.algo, Number(r.dataset.rank), Number(r.dataset.longestRun)]));
    assert.deepEqual(ranking.map((r) => r[0]).slice(0, 2), ['swrr', 'edf'], 'SWRR first (longest run 4), then EDF (smaller lag)');
    assert.deepEqual(ranking.map((r) => r[1]), [1, 2, 3, 3], 'classic and IPVS pick the same: they share a rank');
    assert.equal(ranking[0][2], 4);
    // Back and the scrubber move every pane.
    await page.click('#back');
    await waitAllAt(page, 6);
    await page.fill('#scrubber', '3');
    await waitAllAt(page, 3);
    await page.waitForFunction(() => location.hash.includes('t=3'));
    await screenshot(page, 'compare-5-1-1');
  }));

  test('panes that repeat and panes that do not are measured over the same steps: the ranking compares like with like', () => inTab(open('#w=5%2C3%2C2&algos=swrr,grpc,envoy'), async (page) => {
    await page.waitForSelector('table#ranking[data-status="ready"]', { timeout: 20_000 });
    // gRPC's and Envoy's runs are not known to repeat: 100 steps by default; SWRR's period is 10.
    for (const pane of await readPanes(page)) {
      assert.equal(pane.strip.length, 100, `${pane.algo}: the strip`);
      const key = cliKey('5,3,2', '--algo', pane.algo, '--steps', '100');
      assert.equal(pane.metrics.fingerprint, key.fingerprint, `${pane.algo}: measured over 100 steps`);
      assert.equal(Number(pane.metrics.worstBehind), key.behind, `${pane.algo}: worst behind`);
    }
    assert.match(await page.textContent('#ranking-note'), /^Over 100 steps/);
    // Steps asked for apply to every pane alike.
    await page.click('#more-toggle');
    await page.fill('#run-steps', '30');
    await page.press('#run-steps', 'Enter');
    await page.waitForFunction(() => /^Over 30 steps/.test(document.querySelector('#ranking-note').textContent), null, { timeout: 20_000 });
    for (const pane of await readPanes(page)) assert.equal(pane.strip.length, 30, `${pane.algo}: the strip at 30 steps`);
    // Back to the default with new weights: measured alike again, for these weights (4 periods of 102).
    await page.fill('#run-steps', '');
    await page.press('#run-steps', 'Enter');
    await page.fill('#weights', '100,1,1');
    await page.press('#weights', 'Enter');
    await page.waitForFunction(() => /^Over 408 steps/.test(document.querySelector('#ranking-note').textContent), null, { timeout: 30_000 });
    await page.waitForFunction(() => [...document.querySelectorAll('article.pane')].every((pane) => pane.querySelector('.pane-widget').shadowRoot.querySelector('section.strip-panel').dataset.steps === '408'), null, { timeout: 30_000 });
  }));

  test('choosing the algorithms: 2 to 4 panes, in the URL; reload and back restore them', () => inTab(open('#w=100%2C1%2C1&t=35'), async (page) => {
    await waitAllAt(page, 35);
    await page.waitForSelector('table#ranking[data-status="ready"]', { timeout: 20_000 });
    assert.equal(await page.getAttribute('button[data-algo="random"]', 'aria-disabled'), 'true', 'four panes at most');
    await page.click('button[data-algo="classic"]');
    await page.waitForFunction(() => location.hash.includes('algos=swrr%2Cinterleaved%2Cedf'));
    await page.click('button[data-algo="random"]');
    await page.waitForFunction(() => location.hash.includes('algos=swrr%2Cinterleaved%2Crandom%2Cedf'));
    await page.click('#more-toggle');
    await page.fill('#seed', '42');
    await page.press('#seed', 'Enter');
    await page.waitForFunction(() => location.hash.includes('seed=42'));
    await page.waitForSelector('table#ranking[data-status="ready"]', { timeout: 20_000 });
    await page.reload();
    await waitReady(page);
    await waitAllAt(page, 35);
    const panes = await readPanes(page);
    assert.deepEqual(panes.map((p) => p.algo), ['swrr', 'interleaved', 'random', 'edf']);
    const random = cliPicks('100,1,1', 35, '--algo', 'random', '--seed', '42');
    assert.equal(panes[2].picked, random[34], 'the random pane follows the seed');
    assert.equal(await page.inputValue('#seed'), '42');
    await page.waitForSelector('table#ranking[data-status="ready"]', { timeout: 20_000 });
    await page.goBack();
    await page.waitForFunction(() => document.querySelectorAll('article.pane').length === 4 && !location.hash.includes('seed=42'));
    await page.waitForSelector('table#ranking[data-status="ready"]', { timeout: 20_000 });
    // Two panes at least.
    await page.goto(`${suite.url()}compare.html#w=5%2C3%2C2&algos=swrr,edf`);
    await waitReady(page);
    assert.deepEqual((await readPanes(page)).map((p) => p.algo), ['swrr', 'edf']);
    assert.equal(await page.getAttribute('button[data-algo="swrr"]', 'aria-disabled'), 'true', 'two panes at least');
  }));

  test('with two algorithms on, their toggles look and say chosen, and cannot go; with four, the others are dimmed', () => inTab(open('#w=5%2C3%2C2&algos=swrr,classic'), async (page) => {
    const toggles = () => page.$$eval('#algo-buttons button[data-algo]', (buttons) => Object.fromEntries(buttons.map((b) => [b.dataset.algo, {
      pressed: b.getAttribute('aria-pressed'), fixed: b.getAttribute('aria-disabled') === 'true', disabled: b.disabled,
      opacity: Number(getComputedStyle(b).opacity), focusable: b.tabIndex >= 0,
    }])));
    let state = await toggles();
    for (const algo of ['swrr', 'classic']) {
      assert.deepEqual(state[algo], { pressed: 'true', fixed: true, disabled: false, opacity: 1, focusable: true }, `${algo}: chosen, kept, not dimmed`);
    }
    for (const algo of ['interleaved', 'random', 'edf', 'grpc', 'grpc-java', 'envoy']) {
      assert.deepEqual(state[algo], { pressed: 'false', fixed: false, disabled: false, opacity: 1, focusable: true }, `${algo}: can be added`);
    }
    // A click on one of the last two changes nothing.
    await page.dispatchEvent('button[data-algo="swrr"]', 'click');
    assert.deepEqual((await readPanes(page)).map((p) => p.algo), ['swrr', 'classic']);
    await page.goto(`${suite.url()}compare.html#w=5%2C3%2C2`);
    await page.waitForFunction(() => document.querySelectorAll('article.pane').length === 4);
    state = await toggles();
    assert.deepEqual(state.random, { pressed: 'false', fixed: true, disabled: false, opacity: 0.45, focusable: true }, 'a fifth cannot come: dimmed');
    assert.deepEqual(state.swrr, { pressed: 'true', fixed: false, disabled: false, opacity: 1, focusable: true });
  }));

  test('the sets of algorithms stand apart as the toggles do, at 1920×1080, 1366×900 and 800×900', async () => {
    for (const viewport of [{ width: 1920, height: 1080 }, { width: 1366, height: 900 }, { width: 800, height: 900 }]) {
      await inTab(open('#w=5%2C3%2C2', { reducedMotion: 'reduce', viewport }), async (page) => {
        // Gaps between neighbours on one row, in px: the sets' and the toggles'.
        const gaps = (selector) => page.$$eval(selector, (buttons) => buttons.map((b) => b.getBoundingClientRect()).flatMap((box, i, boxes) => (
          i > 0 && Math.abs(box.top - boxes[i - 1].top) < 1 ? [Math.round((box.left - boxes[i - 1].right) * 10) / 10] : [])));
        const sets = await gaps('#algo-sets button[data-set]');
        const toggles = await gaps('#algo-buttons button[data-algo]');
        assert.ok(sets.length > 0 && toggles.length > 0, `${viewport.width}: sets ${sets}, toggles ${toggles} share rows`);
        assert.ok(sets.every((gap) => gap >= Math.min(...toggles) - 0.5), `${viewport.width}×${viewport.height}: the sets' gaps ${sets} px, the toggles' ${toggles} px`);
        await screenshot(page, `compare-sets-${viewport.width}x${viewport.height}`);
      });
    }
  });

  test('panes keep the order of the toggles, whatever order the link names them in', () => inTab(open('#w=5%2C3%2C2&algos=edf,swrr'), async (page) => {
    assert.deepEqual((await readPanes(page)).map((p) => p.algo), ['swrr', 'edf']);
    await page.waitForFunction(() => location.hash.includes('algos=swrr%2Cedf'));
    await page.click('button[data-algo="classic"]');
    await page.waitForFunction(() => location.hash.includes('algos=swrr%2Cclassic%2Cedf'));
    assert.deepEqual((await readPanes(page)).map((p) => p.algo), ['swrr', 'classic', 'edf']);
  }));

  test('a link\'s refused values are said, in the core\'s words where it refuses them; their defaults run and show; More options unfolds', () => inTab(open('#w=5%2C3%2C2&algos=swrr,random&seed=x', { viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' }), async (page) => {
    const said = () => page.$$eval('#link-errors:not([hidden]) > span', (lines) => lines.map((line) => line.textContent));
    assert.deepEqual(await said(), ['seed "x" is not a whole number from 0 to 18446744073709551615: write it with digits only']);
    assert.equal(await page.isVisible('#link-errors'), true);
    assert.equal(await page.getAttribute('#more-toggle', 'aria-expanded'), 'true', 'the seed is a folded setting: More options unfolds');
    assert.equal(await page.isVisible('#seed'), true);
    assert.equal(await page.inputValue('#seed'), '0', 'the field shows the seed that runs');
    await page.waitForFunction(() => !location.hash.includes('seed'));
    // The strip comes a task after the pane's first tanks.
    await page.waitForFunction(() => document.querySelector('article.pane[data-algo="random"] .pane-widget')?.shadowRoot.querySelector('svg#strip rect[data-step]'));
    const random = (await readPanes(page)).find((pane) => pane.algo === 'random');
    assert.deepEqual(random.strip.slice(0, 20), cliPicks('5,3,2', 20, '--algo', 'random', '--seed', '0'), 'the random pane runs seed 0');
    await screenshot(page, 'compare-phone-refused-seed');
    // Said until that setting changes.
    await page.fill('#seed', '42');
    await page.press('#seed', 'Enter');
    await page.waitForFunction(() => location.hash.includes('seed=42'));
    assert.deepEqual(await said(), []);
    assert.equal(await page.isVisible('#link-errors'), false);

    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${suite.url()}compare.html#w=5%2C3%2C2&algos=swrr,nope&tie=middle&steps=abc&speed=7`);
    await waitReady(page);
    assert.deepEqual(await said(), [
      'speed=7 is not a speed: expected 0.5, 1, 2, 4, 10, 30, 100 or 300 (steps per second)',
      'unknown algorithm "nope": expected swrr (nginx), classic, interleaved, random, edf, grpc, grpc-java or envoy',
      'algos=swrr,nope does not name 2 to 4 different algorithms the page has: expected e.g. algos=swrr,grpc,envoy',
      'unknown tie rule "middle": expected first (nginx) or last',
      'steps "abc" is not a whole number: write it with digits only, 1 or more',
    ]);
    assert.equal(await page.getAttribute('#link-errors', 'data-refused'), 'speed algos:nope algos tie steps');
    assert.equal(await page.getAttribute('#more-toggle', 'aria-expanded'), 'true');
    assert.deepEqual((await readPanes(page)).map((p) => p.algo), ['swrr', 'classic', 'interleaved', 'edf'], 'the default four');
    assert.equal(await page.inputValue('#tie'), 'first');
    assert.equal(await page.inputValue('#run-steps'), '');
    assert.equal(await page.inputValue('#speed'), '1');
    await page.waitForFunction(() => location.hash === '#w=5%2C3%2C2');
    // Each is said until what it is about changes.
    await page.selectOption('#tie', 'last');
    await page.click('button[data-algo="classic"]');
    await page.waitForFunction(() => location.hash.includes('algos=swrr%2Cinterleaved%2Cedf'));
    assert.deepEqual(await said(), [
      'speed=7 is not a speed: expected 0.5, 1, 2, 4, 10, 30, 100 or 300 (steps per second)',
      'steps "abc" is not a whole number: write it with digits only, 1 or more',
    ]);

    // A link followed (the hash edited) is checked as one opened.
    await page.goto(`${suite.url()}compare.html#w=5%2C3%2C2&algos=swrr,edf,envoy,grpc,classic`);
    await page.waitForFunction(() => document.querySelector('#link-errors').dataset.refused === 'algos');
    assert.deepEqual(await said(), ['algos=swrr,edf,envoy,grpc,classic does not name 2 to 4 different algorithms the page has: expected e.g. algos=swrr,grpc,envoy']);
    assert.deepEqual((await readPanes(page)).map((p) => p.algo), ['swrr', 'classic', 'interleaved', 'edf']);
    await page.goto(`${suite.url()}compare.html#w=5%2C3%2C2&algos=swrr`);
    await page.waitForFunction(() => document.querySelector('#link-errors').textContent.startsWith('algos=swrr '));
    assert.deepEqual(await said(), ['algos=swrr does not name 2 to 4 different algorithms the page has: expected e.g. algos=swrr,grpc,envoy']);
    await screenshot(page, 'compare-refused-algos');
  }));

  test('in Chinese, a refused value is said in the core\'s Chinese words', () => inTab(open('#w=5%2C3%2C2&tie=middle&seed=x&lang=zh', { viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' }), async (page) => {
    assert.deepEqual(await page.$$eval('#link-errors > span', (lines) => lines.map((line) => line.textContent)), [
      '未知的平局规则“middle”：应为 first（nginx）或 last',
      '种子“x”不是 0 到 18446744073709551615 之间的整数：请只用数字书写',
    ]);
    assert.equal(await page.getAttribute('#more-toggle', 'aria-expanded'), 'true');
  }));

  test('in Chinese from the walkthrough\'s link: the page, its panes and the link back keep the language', async () => {
    const walkthrough = await openPage(suite.browser(), `${suite.url()}index.html#w=5%2C3%2C2&t=4&lang=zh`);
    await walkthrough.page.waitForSelector('main#app[data-ready="true"]');
    const link = await walkthrough.page.getAttribute('#compare-link', 'href');
    assert.match(link, /^compare\.html#.*lang=zh/);
    await walkthrough.close();
    await inTab(open(link.slice('compare.html'.length)), async (page) => {
      assert.equal(await page.getAttribute('html', 'lang'), 'zh-Hans');
      assert.equal(await page.textContent('h1'), '比较算法');
      const first = page.locator('article.pane').first();
      assert.equal(await first.locator('h2').first().textContent(), 'nginx 平滑加权轮询');
      const narration = await page.$eval('article.pane .pane-widget', (host) => host.shadowRoot.querySelector('#narration').textContent);
      assert.match(narration, /^第 4 步：/);
      assert.match(await page.getAttribute('#walkthrough-link', 'href'), /^index\.html#.*lang=zh/);
    });
  });

  test('new weights are a new history entry: back returns to the previous weights at their step', () => inTab(open('#w=5%2C3%2C2&algos=swrr,classic'), async (page) => {
    await page.click('#forward');
    await waitAllAt(page, 1);
    await page.waitForFunction(() => location.hash.includes('t=1'));
    await page.click('button[data-preset="7,2,1"]');
    await page.waitForFunction(() => location.hash.startsWith('#w=7%2C2%2C1'));
    await waitAllAt(page, 0, 'start');
    await page.goBack();
    await waitAllAt(page, 1);
    assert.equal(await page.evaluate(() => location.hash), '#w=5%2C3%2C2&algos=swrr%2Cclassic&t=1');
    assert.equal(await page.inputValue('#weights'), '5,3,2');
    // Typed weights: one entry for the edit, made by its first change.
    await page.click('#weights', { clickCount: 3 });
    await page.keyboard.type('4,1,1');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.hash.startsWith('#w=4%2C1%2C1'));
    await page.goBack();
    await waitAllAt(page, 1);
    assert.equal(await page.inputValue('#weights'), '5,3,2');
  }));

  test('a scenario reaches every pane; the ranking says why it cannot rank; a bad one is refused', () => inTab(open('#w=5%2C3%2C2&algos=swrr,classic'), async (page) => {
    await page.click('#more-toggle');
    await page.fill('#scenario', '@3 C down; @8 C up');
    await page.press('#scenario', 'Enter');
    await page.waitForFunction(() => location.hash.includes('scenario=%403%20C%20down'));
    await page.waitForSelector('table#ranking[data-status="unsupported"]', { state: 'attached' });
    const events = await page.$$eval('#ticks span.event', (spans) => spans.map((s) => Number(s.dataset.eventStep)));
    assert.deepEqual(events, [3, 8]);
    for (let t = 1; t <= 4; t += 1) {
      await page.click('#forward');
      await waitAllAt(page, t);
    }
    const expected = {
      swrr: cliPicks('5,3,2', 4, '--scenario', '@3 C down; @8 C up'),
      classic: cliPicks('5,3,2', 4, '--algo', 'classic', '--scenario', '@3 C down; @8 C up'),
    };
    for (const pane of await readPanes(page)) {
      assert.equal(pane.picked, expected[pane.algo][3], `${pane.algo} at step 4`);
      assert.equal(pane.metrics.status, 'unsupported');
      assert.deepEqual(pane.strip.slice(0, 4), expected[pane.algo]);
    }
    await page.fill('#scenario', '@3 X down');
    await page.press('#scenario', 'Enter');
    await page.waitForSelector('#scenario-error:not([hidden])');
    assert.match(await page.textContent('#scenario-error'), /"X"/);
    assert.ok(page.url().includes('scenario=%403%20C%20down'), 'the last good scenario stays');
  }));

  test('390×844: the first screen shows the first pane’s tanks and the transport; the settings fold behind “More options”', () => inTab(open('#w=5%2C3%2C2&algos=swrr,grpc,envoy', { viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' }), async (page) => {
    await waitAllAt(page, 0, 'start');
    const screen = await firstScreen(page);
    assert.ok(screen.tanksTop >= 0 && screen.tanksTop + 24 < screen.height, `the first pane’s tanks start at ${Math.round(screen.tanksTop)}px, below the ${screen.height}px screen`);
    assert.ok(screen.touched, 'the tanks’ top is not covered');
    assert.ok(screen.forwardBottom <= screen.height, `the step buttons end at ${Math.round(screen.forwardBottom)}px, below the screen`);
    assert.equal(await page.isVisible('#seed'), false, 'the settings are folded');
    await page.click('#forward');
    await waitAllAt(page, 1);
    await page.click('#more-toggle');
    assert.equal(await page.getAttribute('#more-toggle', 'aria-expanded'), 'true');
    await page.fill('#seed', '7');
    await page.press('#seed', 'Enter');
    await page.waitForFunction(() => location.hash.includes('seed=7'));
    assert.match(await page.textContent('#more-summary'), /Seed/, 'the toggle names the settings changed');
    // A link with a bad scenario: the folded settings open on its error.
    await page.goto(`${suite.url()}compare.html#w=5%2C3%2C2&algos=swrr,classic&scenario=%403%20X%20down`);
    await page.waitForSelector('#scenario-error:not([hidden])');
    assert.equal(await page.isVisible('#scenario-error'), true, 'its error shows');
    assert.match(await page.textContent('#scenario-error'), /"X"/);
    await screenshot(page, 'compare-phone-folded-error');
  }));

  test('a phone\'s transport bar shows the whole position, on a second line only when one is too narrow for it', async () => {
    const cases = [
      { viewport: { width: 390, height: 844 }, hash: '#w=1000000000%2C999999999%2C7&t=7', says: /period 1 · step 7 of 2000000006$/, lines: 2 },
      { viewport: { width: 320, height: 568 }, hash: '#w=5%2C3%2C2&lang=zh', says: /第 0\/10 步$/, lines: 2 },
      { viewport: { width: 390, height: 844 }, hash: '#w=5%2C3%2C2&t=3', says: /period 1 · step 3 of 10$/, lines: 1 },
    ];
    for (const { viewport, hash, says, lines } of cases) {
      await inTab(open(hash, { viewport, reducedMotion: 'reduce' }), async (page) => {
        await page.waitForFunction(() => /·/.test(document.querySelector('#position').textContent));
        const shown = await page.$eval('#position', (position) => {
          const box = position.getBoundingClientRect();
          const bar = document.querySelector('.compare-controls').getBoundingClientRect();
          const range = document.createRange();
          range.selectNodeContents(position);
          const text = [...range.getClientRects()];
          return {
            text: position.textContent,
            lines: new Set(text.map((rect) => Math.round(rect.top))).size,
            inside: text.every((rect) => rect.left >= box.left - 1 && rect.right <= box.right + 1 && rect.top >= bar.top && rect.bottom <= bar.bottom),
            sticky: bar.bottom <= innerHeight + 1 && bar.top > 0,
          };
        });
        assert.match(shown.text, says, `${hash}: ${shown.text}`);
        assert.ok(shown.inside, `${viewport.width}×${viewport.height} ${hash}: the position's text is cut`);
        assert.equal(shown.lines, lines, `${viewport.width}×${viewport.height} ${hash}: lines`);
        assert.ok(shown.sticky, 'the bar is at the foot of the screen');
      });
    }
  });

  test('1366×768, 1280×720 and 1024×768: the first screen shows the setup, the transport and the first pane’s tanks whole', async () => {
    for (const [viewport, hash] of [
      [{ width: 1366, height: 768 }, '#w=5%2C3%2C2&algos=swrr,grpc,envoy'],
      [{ width: 1366, height: 768 }, '#w=5%2C1%2C1'],
      [{ width: 1280, height: 720 }, '#w=5%2C3%2C2&algos=swrr,grpc,envoy'],
      [{ width: 1024, height: 768 }, '#w=5%2C1%2C1'],
    ]) {
      const where = `${viewport.width}×${viewport.height} ${hash}`;
      const tab = await open(hash, { viewport, reducedMotion: 'reduce' });
      const { page } = tab;
      await waitAllAt(page, 0, 'start');
      const screen = await firstScreen(page);
      assert.ok(screen.tanksTop >= 0 && screen.tanksTop + 24 < screen.height, `${where}: the first pane’s tanks start at ${Math.round(screen.tanksTop)}px, below the ${screen.height}px screen`);
      assert.ok(screen.touched, `${where}: the tanks’ top is not covered`);
      assert.ok(screen.tanksBottom <= screen.height, `${where}: the tanks end at ${Math.round(screen.tanksBottom)}px, below the screen`);
      assert.ok(screen.forwardBottom <= screen.tanksTop, `${where}: the step buttons are above the panes`);
      const rows = await page.$$eval('article.pane', (panes) => new Set(panes.map((p) => Math.round(p.getBoundingClientRect().top))).size);
      assert.equal(rows, 1, `${where}: the panes side by side, one row (compare-laptop.test.mjs measures each one's picture)`);
      // The settings fold; a keyboard unfolds them, and Enter in a field still applies it.
      assert.equal(await page.isVisible('#seed'), false, `${where}: the settings are folded`);
      if (viewport.width === 1366 && hash.includes('envoy')) {
        await page.focus('#more-toggle');
        await page.keyboard.press('Enter');
        assert.equal(await page.getAttribute('#more-toggle', 'aria-expanded'), 'true');
        await page.fill('#seed', '7');
        await page.press('#seed', 'Enter');
        await page.waitForFunction(() => location.hash.includes('seed=7'));
        assert.match(await page.textContent('#more-summary'), /Seed/);
        await page.click('#more-toggle');
        assert.equal(await page.isVisible('#seed'), false, 'folded again');
        await page.keyboard.press('ArrowRight');
        await waitAllAt(page, 1);
      }
      await screenshot(page, `compare-laptop-${viewport.width}x${viewport.height}-${hash.includes('envoy') ? 'peers' : 'default'}`);
      tab.assertNoErrors();
      await tab.close();
    }
  });

  test('360×740: the panes stack, nothing scrolls sideways, light and dark', async () => {
    for (const colorScheme of ['light', 'dark']) {
      const tab = await open('#w=100%2C1%2C1&t=35', { viewport: { width: 360, height: 740 }, colorScheme, reducedMotion: 'reduce' });
      const { page } = tab;
      await waitAllAt(page, 35);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.equal(overflow, 0, `${colorScheme}: horizontal overflow of ${overflow}px`);
      const lefts = await page.$$eval('article.pane', (panes) => panes.map((p) => Math.round(p.getBoundingClientRect().left)));
      assert.equal(new Set(lefts).size, 1, 'one column');
      await screenshot(page, `compare-phone-${colorScheme}`);
      tab.assertNoErrors();
      await tab.close();
    }
  });
});
