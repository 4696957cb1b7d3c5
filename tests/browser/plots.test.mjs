// The strip, the plots and the metrics panel, read through data-* attributes; numbers agree
// with the CLI (`swrr-viz metrics --json`, built by `cargo test` before these tests run).

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { before, describe, test } from 'node:test';

import { CLI, inTab, openPage, screenshot, usePageSuite, waitReady } from './harness.mjs';


function cliMetrics(weights, ...args) {
  assert.ok(existsSync(CLI), `${CLI} is missing: run cargo build (scripts/test.sh does)`);
  return JSON.parse(execFileSync(CLI, ['metrics', weights, '--json', ...args], { encoding: 'utf8' }));
}

async function waitPlots(page) {
  await page.waitForSelector('section.plots[data-status="ready"]', { timeout: 20_000 });
}

function readMetrics(page) {
  return page.$eval('table#metrics', (table) => ({
    period: Number(table.dataset.period),
    fingerprint: table.dataset.fingerprint,
    rows: [...table.querySelectorAll('tbody tr[data-node]')].map((row) => ({
      node: Number(row.dataset.node),
      picks: Number(row.dataset.picks),
      longestRun: Number(row.dataset.longestRun),
      maxAhead: Number(row.dataset.maxAhead),
      maxAheadStep: Number(row.dataset.maxAheadStep),
      maxBehind: Number(row.dataset.maxBehind),
      maxBehindStep: Number(row.dataset.maxBehindStep),
    })),
  }));
}

describe('strip, plots and metrics', () => {
  const suite = usePageSuite();

  test('5,1,1: the strip is the sequence, the metrics match the CLI, clicking the strip seeks', () => inTab(openPage(suite.browser(), `${suite.url()}index.html#w=5%2C1%2C1`, { reducedMotion: 'reduce' }), async (page) => {
    await waitReady(page);
    await waitPlots(page);
    const strip = await page.$$eval('svg#strip rect[data-step]', (cells) => cells.map((c) => [Number(c.dataset.step), Number(c.dataset.pick)]));
    assert.deepEqual(strip, [[1, 0], [2, 0], [3, 1], [4, 0], [5, 2], [6, 0], [7, 0]]);

    const metrics = await readMetrics(page);
    const cli = cliMetrics('5,1,1');
    assert.equal(metrics.period, 7);
    assert.equal(metrics.fingerprint, cli.fingerprint, 'the same fingerprint natively and in wasm');
    assert.equal(metrics.rows[0].longestRun, 4, 'A A | A A across the period boundary');
    metrics.rows.forEach((row, i) => {
      assert.equal(row.picks, cli.nodes[i].picks);
      assert.equal(row.longestRun, cli.nodes[i].longest_run);
      assert.equal(row.maxAhead, cli.nodes[i].max_ahead.lag);
      assert.equal(row.maxBehindStep, cli.nodes[i].max_behind.step);
    });
    const histogram = await page.$$eval('svg#plot-runs rect[data-length]', (bars) => bars.map((b) => [Number(b.dataset.length), Number(b.dataset.count)]));
    assert.deepEqual(histogram, [[1, 3], [4, 1]]);

    // Click the strip cell of step 5: the tanks go there.
    await page.click('svg#strip rect[data-step="5"]');
    await page.waitForFunction(() => document.querySelector('#app').dataset.step === '5');
    const marker = await page.$eval('svg#strip line.marker', (line) => line.dataset.step);
    assert.equal(marker, '5', 'the strip marks the current step');
    const tanks = await page.$$eval('svg#tanks g.tank', (gs) => gs.map((g) => Number(g.dataset.current)));
    assert.deepEqual(tanks, [4, -2, -2]);

    // The lag stays within ±1: the axis shows each bound once, where its guide is.
    const lagLabels = await page.$$eval('svg#plot-lag text.axis', (texts) => texts
      .filter((t) => t.getAttribute('text-anchor') === 'end' && Number(t.getAttribute('y')) < 140)
      .map((t) => t.textContent));
    assert.deepEqual(lagLabels.sort(), ['1', '−1'].sort());

    // Dragging across the lag plot seeks continuously.
    await page.locator('svg#plot-lag').scrollIntoViewIfNeeded();
    const lag = await page.locator('svg#plot-lag').boundingBox();
    await page.mouse.move(lag.x + lag.width * 0.2, lag.y + lag.height / 2);
    await page.mouse.down();
    await page.mouse.move(lag.x + lag.width * 0.9, lag.y + lag.height / 2, { steps: 5 });
    await page.mouse.up();
    assert.equal(await page.getAttribute('#app', 'data-step'), '7');
    await screenshot(page, 'plots-5-1-1');
  }));

  test('1,7,25,2,25,7: node E falls more than one pick behind, at step 27', () => inTab(openPage(suite.browser(), `${suite.url()}index.html#w=1%2C7%2C25%2C2%2C25%2C7&steps=67&win=10`), async (page) => {
    await waitReady(page);
    await waitPlots(page);
    const metrics = await readMetrics(page);
    const e = metrics.rows.find((row) => row.node === 4);
    assert.ok(e.maxBehind < -1, `max behind ${e.maxBehind}`);
    assert.equal(e.maxBehindStep, 27);
    assert.equal(await page.getAttribute('section.plots', 'data-window'), '10');
    const guides = await page.$$eval('svg#plot-lag line.guide', (lines) => lines.map((l) => Number(l.dataset.guide)));
    assert.deepEqual(guides, [-1, 1]);
    const lowest = await page.$eval('svg#plot-lag path[data-node="4"]', (p) => Number(p.dataset.min));
    assert.ok(Math.abs(lowest - e.maxBehind) < 1e-9, 'the plot reaches the same extreme');
    const cli = cliMetrics('1,7,25,2,25,7', '--steps', '67', '--window', '10');
    assert.equal(metrics.fingerprint, cli.fingerprint);
    assert.equal(await page.$eval('table#metrics', (t) => t.dataset.maxWindowVariance), String(cli.max_window_variance.variance));
  }));

  test('a million steps and a thousand nodes: plots stay readable, the page responsive', async () => {
    const thousand = Array.from({ length: 1000 }, (_, i) => 1 + ((i * 7919) % 97)).join(',');
    const tab = await openPage(suite.browser(), `${suite.url()}index.html#w=${encodeURIComponent(thousand)}&steps=100000`);
    const { page } = tab;
    await waitReady(page);
    await waitPlots(page);
    const mode = await page.getAttribute('svg#strip', 'data-mode');
    assert.equal(mode, 'columns', 'a long run is drawn per pixel column');
    const drawn = await page.$$eval('svg#plot-levels path[data-node]', (paths) => paths.length);
    assert.equal(drawn, 8, 'the 8 most uneven nodes are drawn one by one');
    assert.equal(await page.$$eval('svg#plot-levels path[data-envelope]', (p) => p.length), 1, 'plus the envelope of all');
    assert.equal(await page.$$eval('table#metrics tbody tr', (rows) => rows.length), 200);
    await screenshot(page, 'plots-1000-nodes');

    await page.fill('#weights', '8,7,6,5,4,3,2,1');
    await page.fill('#run-steps', '1000000');
    await page.dispatchEvent('#run-steps', 'change');
    await waitPlots(page);
    assert.equal(await page.getAttribute('section.plots', 'data-steps'), '1000000');
    tab.assertNoErrors();
    await tab.close();
  });
});

/** The accessible description of the image named `name` (Chromium's accessibility tree), or null. */
async function describedAs(page, name) {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  await cdp.detach();
  const image = nodes.find((node) => node.role?.value === 'image' && node.name?.value === name);
  assert.ok(image, `no image named ${name}`);
  return image.description?.value ?? '';
}

describe('the strip and the plots in words (screen readers)', () => {
  const suite = usePageSuite();

  // From the ninth node the eight colours repeat: two plotted lines of one colour differ by their
  // dashes, in every line plot and in the legend's swatches, and a colour plotted once stays solid.
  test('1,…,12: K and L share C\'s and D\'s colours and are drawn dotted; the others solid', () => inTab(suite.open('#w=1%2C2%2C3%2C4%2C5%2C6%2C7%2C8%2C9%2C10%2C11%2C12', { reducedMotion: 'reduce' }), async (page) => {
    await waitReady(page);
    await waitPlots(page);
    const seen = await page.evaluate(() => ({
      plots: Object.fromEntries(['plot-levels', 'plot-lag', 'plot-window'].map((id) => [id,
        Object.fromEntries([...document.querySelectorAll(`svg#${id} .series[data-node]`)].map((path) => [path.dataset.node, [path.getAttribute('stroke'), path.getAttribute('stroke-dasharray') ?? '']]))])),
      legend: [...document.querySelectorAll('#plots-legend button.legend-item')].map((item) => [item.textContent, item.dataset.dash ?? '', getComputedStyle(item, '::before').backgroundImage]),
    }));
    const expected = {
      2: ['var(--node-2)', ''], 3: ['var(--node-3)', ''], 6: ['var(--node-6)', ''], 7: ['var(--node-7)', ''],
      8: ['var(--node-0)', ''], 9: ['var(--node-1)', ''], 10: ['var(--node-2)', '1.5 3'], 11: ['var(--node-3)', '1.5 3'],
    };
    for (const [id, series] of Object.entries(seen.plots)) assert.deepEqual(series, expected, `${id}: each node's colour and dashes`);
    assert.deepEqual(seen.legend.map(([name, dash]) => [name, dash]), [['C', ''], ['D', ''], ['G', ''], ['H', ''], ['I', ''], ['J', ''], ['K', '1.5 3'], ['L', '1.5 3']]);
    for (const [name, dash, image] of seen.legend) {
      if (dash) assert.match(image, /^repeating-linear-gradient\(to right, .+ 0px, .+ 1\.5px, rgba\(0, 0, 0, 0\) 1\.5px, rgba\(0, 0, 0, 0\) 4\.5px\)$/, `${name}'s swatch is dotted: ${image}`);
      else assert.equal(image, 'none', `${name}'s swatch is its colour alone`);
    }
    await screenshot(page, 'plots-12-nodes-dashes');
  }));

  test('5,3,2: the strip is described by its picks and each node\'s count, the plots by the core\'s extremes', () => inTab(suite.open('#w=5%2C3%2C2', { reducedMotion: 'reduce' }), async (page) => {
    await waitPlots(page);
    const cli = cliMetrics('5,3,2');
    const counts = cli.nodes.map((node) => `${node.name} ${node.picks}`).join(', ');
    assert.equal(await describedAs(page, 'Selection sequence'), `Picks 1–10: A B C A A B A C B A. Picks per node over 10 steps: ${counts}.`);
    const ahead = cli.nodes.reduce((a, b) => (b.max_ahead.lag > a.max_ahead.lag ? b : a));
    const behind = cli.nodes.reduce((a, b) => (b.max_behind.lag < a.max_behind.lag ? b : a));
    assert.equal(await describedAs(page, 'Lag over time'),
      `Most ahead +${ahead.max_ahead.lag.toFixed(3)} (${ahead.name} at step ${ahead.max_ahead.step}), most behind −${(-behind.max_behind.lag).toFixed(3)} (${behind.name} at step ${behind.max_behind.step}).`);
    assert.equal(await describedAs(page, 'Levels over time'), 'Levels between −5 and 5 over 10 steps.');
    assert.equal(await describedAs(page, 'Longest run per node'), `Longest runs: ${cli.nodes.map((node) => `${node.name} ${node.longest_run}`).join(', ')}.`);
    const histogram = await page.$$eval('svg#plot-runs rect[data-length]', (bars) => bars.map((b) => `${b.dataset.count} of length ${b.dataset.length}`));
    assert.equal(await describedAs(page, 'Histogram of run lengths'), `Runs: ${histogram.join(', ')}.`);
    // The legend's toggles say what they do, and whether they do it.
    const highlightB = page.getByRole('button', { name: 'Highlight B in the plots', exact: true });
    assert.equal(await highlightB.getAttribute('aria-pressed'), 'false');
    await highlightB.click();
    assert.equal(await highlightB.getAttribute('aria-pressed'), 'true');
  }));

  test('100,1,1 in Chinese: the first 30 of 102 picks, then the counts; with the future hidden, only the picks so far', () => inTab(suite.open('#w=100%2C1%2C1&lang=zh', { reducedMotion: 'reduce' }), async (page) => {
    await waitPlots(page);
    const cli = cliMetrics('100,1,1');
    const description = await page.$eval('#strip-description', (p) => p.textContent);
    assert.equal(description, `共 102 次选择，前 30 次：${Array(30).fill('A').join(' ')}。102 步中各节点被选中的次数：${cli.nodes.map((n) => `${n.name} ${n.picks}`).join('、')}。`);
    assert.equal(await page.getAttribute('svg#strip', 'aria-describedby'), 'strip-description');

    await page.goto(page.url().replace('#', '#future=hide&t=3&'));
    await waitReady(page);
    await page.waitForFunction(() => document.querySelector('#strip-description')?.textContent.startsWith('第 1–3'));
    assert.equal(await page.$eval('#strip-description', (p) => p.textContent), '第 1–3 次选择：A A A。');
    assert.equal(await page.$eval('#plot-lag-summary', (p) => p.textContent), '', 'the lag plot would tell the future');
  }));

  test('one node: the strip, plots, table, metrics and tank say 1 step, 1 pick, picked once, in English and Chinese', async () => {
    // Every sentence with a count takes its one-key at 1 (i18n.js counted()): none says "1 steps".
    const said = [
      ['en', ['1 step, window 1.', 'Pick 1: A. Picks per node over 1 step: A 1.', 'One full period: 1 step (W = 7, gcd 7).', 'Levels between 0 and 0 over 1 step.',
        'Shares in a window of 1 pick: A 100.0%–100.0% (target 100.0%).', '1 step (W = 7, gcd 7)', '(FNV-1a 64 of the first pick)', 'A: weight 7, level 0, picked once']],
      ['zh', ['1 步，窗口 1。', '第 1 次选择：A。1 步中各节点被选中的次数：A 1。', '一个完整周期：1 步（W = 7，最大公约数 7）。', '1 步中水位介于 0 与 0 之间。',
        '1 次选择的窗口中各节点的份额：A 100.0%–100.0%（目标 100.0%）。', '1 步（W = 7，最大公约数 7）', '（前 1 次选择的 FNV-1a 64）', 'A：权重 7，水位 0，已选中 1 次']],
    ];
    for (const [lang, sentences] of said) {
      await inTab(suite.open(`#w=7&t=1&lang=${lang}`, { reducedMotion: 'reduce' }), async (page) => {
        await waitPlots(page);
        const text = await page.evaluate(() => [document.body.innerText,
          ...[...document.querySelectorAll('[aria-label], [title]')].map((e) => `${e.getAttribute('aria-label')} ${e.getAttribute('title')}`),
          ...[...document.querySelectorAll('svg title, svg desc, .visually-hidden, [id$="-description"], [id$="-summary"]')].map((e) => e.textContent)].join('\n'));
        for (const sentence of sentences) assert.ok(text.includes(sentence), `${lang}: "${sentence}" is said`);
        assert.deepEqual(text.match(/\b1 (steps|picks|requests|nodes|events|tries|entries|attempts|times)\b/g), null);
      });
    }
  });
});
