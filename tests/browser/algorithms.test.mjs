// The other algorithms, the SWRR ablations, scenarios and stories in the page, read through the
// data-* contract and compared with the CLI (target/debug/swrr-viz, built by `cargo test`).

import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';

import { inTab, openPage, screenshot, usePageSuite, waitReady } from './harness.mjs';
import { algoView, cli, cliPicks, cliTrace, tableWinners, waitStep } from './run-reading.mjs';

/** A CLI deadline ({whole, num, den}) as the page writes it ("7/5", "2"). */
function deadlineText({ whole, num, den }) {
  return num === 0 ? String(whole) : `${whole * den + num}/${den}`;
}

async function waitStrip(page) {
  await page.waitForSelector('section.strip-panel:is([data-status="ready"], [data-status="unsupported"])', { timeout: 20_000 });
}

function stripPicks(page) {
  return page.$$eval('svg#strip rect[data-step]', (cells) => cells.map((cell) => Number(cell.dataset.pick)));
}

describe('algorithms, scenarios and stories', () => {
  const suite = usePageSuite();

  async function open(hash, options = { reducedMotion: 'reduce' }) {
    const tab = await openPage(suite.browser(), `${suite.url()}index.html${hash}`, options);
    await waitReady(tab.page);
    return tab;
  }

  test('IPVS after a weight change: the search starts at the head of the list, as ip_vs_wrr_dest_changed puts it', async () => {
    // @3 C down and @6 C up are weight changes too (C at 0, then back at 2), each keeping cw; at
    // @8 A=1 B was picked last, the change puts the cursor back at the head; with cw = 3 A (now 1)
    // is passed and B is picked, as the CLI's sequence has it (A A A A B A B B B C A B).
    const tab = await open('#w=5%2C3%2C2&algo=interleaved&scenario=%403%20C%20down%3B%20%406%20C%20up%3B%408%20A%3D1&t=8');
    await tab.page.click('#phase-back');
    await waitStep(tab.page, 8, 'pick');
    assert.ok((await tab.page.textContent('#narration')).includes('Step 8: the weights changed (a node out of service has weight 0, as its health checker sets it), so IPVS puts the cursor back at the head of the list (ip_vs_wrr_dest_changed): the search starts there with cw = 3. B (weight 3) is the first node at or above cw = 3: picked.'));
    assert.deepEqual(await tab.page.$eval('#algo-view', (view) => [view.dataset.cursor, view.dataset.cw]), ['', '3']);
    assert.equal(cli('seq', '5,3,2', '--algo', 'interleaved', '--scenario', '@3 C down; @6 C up;@8 A=1', '-n', '8').trim().split(/\s+/).at(-1), 'B');
    tab.assertNoErrors();
    await tab.close();
  });

  test('the expanded list counts its entries in words that agree with the count (1 entry, 8 entries)', async () => {
    for (const [hash, words] of [
      ['#w=5&algo=classic&t=1', ['The expanded list: 1 entry, ', 'the gcd): 1 entry.']],
      ['#w=5%2C3&algo=classic&t=1', ['The expanded list: 8 entries, ', 'the gcd): 8 entries.']],
    ]) {
      const tab = await open(hash);
      assert.ok((await tab.page.textContent('#algo-view')).includes(words[0]), await tab.page.textContent('#algo-view'));
      await tab.page.click('#to-start');
      await waitStep(tab.page, 0, 'start');
      assert.ok((await tab.page.textContent('#narration')).includes(words[1]), await tab.page.textContent('#narration'));
      tab.assertNoErrors();
      await tab.close();
    }
  });

  test('IPVS after a weight change with reset: the round starts over, cw at its start', async () => {
    // @3 B=5 reset: the cursor at the head and cw = mw = 5 (gcd 1); B, the only node at 5, is
    // picked, as the CLI's sequence has it.
    const tab = await open('#w=4%2C3%2C2&algo=interleaved&scenario=%403%20B%3D5%20reset&t=3');
    assert.ok((await tab.page.textContent('#narration')).includes('Step 3: a weight was set with reset, so the round starts over: the search starts at the head of the list with cw at its start, 5. B (weight 5) is the first node at or above cw = 5: picked.'));
    assert.equal(cli('seq', '4,3,2', '--algo', 'interleaved', '--scenario', '@3 B=5 reset', '-n', '3').trim().split(/\s+/).at(-1), 'B');
    tab.assertNoErrors();
    await tab.close();
  });

  test('EDF names every node of a tie in one list, in English and Chinese', async () => {
    for (const [lang, words] of [['en', 'C, B and A are due at 1; C was queued first and is served.'], ['zh', 'C、B 和 A 都在 1 到期；C 先入队，先得到服务。']]) {
      const tab = await open(`#w=5%2C3%2C2&algo=edf&t=8&lang=${lang}`);
      await tab.page.click('#phase-back');
      await waitStep(tab.page, 8, 'pick');
      assert.ok((await tab.page.textContent('#narration')).includes(words), await tab.page.textContent('#narration'));
      tab.assertNoErrors();
      await tab.close();
    }
  });

  test('choosing each algorithm gives the CLI’s picks, in the table, the strip and the tanks’ stand-in', () => inTab(open('#w=5%2C1%2C1'), async (page) => {
    for (const algo of ['classic', 'interleaved', 'edf', 'swrr']) {
      await page.selectOption('#algo', algo);
      await page.waitForFunction((a) => document.querySelector('#app').dataset.algo === a, algo);
      await page.waitForFunction((a) => location.hash.includes(a === 'swrr' ? 'w=' : `algo=${a}`), algo);
      const expected = cliPicks('5,1,1', 7, '--algo', algo);
      assert.deepEqual(await tableWinners(page), expected, `${algo}: the table's winners`);
      await waitStrip(page);
      assert.deepEqual(await stripPicks(page), expected, `${algo}: the strip`);
      assert.equal(await page.isVisible('svg#tanks'), algo === 'swrr', `${algo}: tanks only for SWRR`);
      assert.equal((await algoView(page)).hidden, algo === 'swrr', `${algo}: its own picture otherwise`);
      // Stepping: the picked node is marked in the picture, as in the CLI.
      if (algo !== 'swrr') {
        await page.click('#forward');
        await waitStep(page, 1);
        const selected = await page.$$eval('#algo-view g.node[data-selected]', (nodes) => nodes.map((n) => Number(n.dataset.node)));
        assert.deepEqual(selected, [expected[0]], `${algo}: step 1 picks ${expected[0]}`);
        await page.click('#to-start');
        await waitStep(page, 0, 'start');
      }
    }
    assert.equal(await page.evaluate(() => location.hash), '#w=5%2C1%2C1', 'back to SWRR: no algo key');
  }));

  test('the algorithm state is exposed as data-*: classic pointer, IPVS cw and cursor, EDF queue', async () => {
    const trace = {
      classic: cliTrace('5,3,2', 4, '--algo', 'classic'),
      interleaved: cliTrace('5,3,2', 4, '--algo', 'interleaved'),
      edf: cliTrace('5,3,2', 4, '--algo', 'edf'),
    };
    // Classic after step 3: entry 2 (0-based) was picked, the pointer now at 3.
    let tab = await open('#w=5%2C3%2C2&algo=classic&t=3');
    let view = await algoView(tab.page);
    assert.equal(view.algo, 'classic');
    assert.equal(Number(view.pointer), trace.classic[2].state.next);
    assert.equal(Number(view.position), trace.classic[2].state.position);
    assert.equal(Number(view.length), 10);
    assert.equal(await tab.page.$$eval('#algo-view rect.entry', (cells) => cells.length), 10, 'the expanded list, one cell per entry');
    assert.equal(await tab.page.getAttribute('#algo-view rect.entry[data-selected]', 'data-entry'), '2');
    // The pick phase of step 4: the pointer on the entry being picked.
    await tab.page.click('#phase-forward');
    await tab.page.click('#phase-forward');
    await waitStep(tab.page, 4, 'pick');
    assert.equal(Number((await algoView(tab.page)).pointer), trace.classic[3].state.position);
    assert.match(await tab.page.textContent('#narration'), /Step 4: the pointer is at entry 4 of 10, which belongs to A\. A is picked\./);
    assert.equal(await tab.page.getAttribute('#rules li[data-rule="pick"]', 'aria-current'), 'step');
    tab.assertNoErrors();
    await tab.close();

    // IPVS after step 3 and 4: cw and the cursor as the CLI prints them.
    tab = await open('#w=5%2C3%2C2&algo=interleaved&t=3');
    view = await algoView(tab.page);
    assert.equal(Number(view.cw), trace.interleaved[2].state.cw);
    assert.equal(view.cursor, String(trace.interleaved[2].state.cursor));
    assert.equal(Number(view.max), trace.interleaved[2].state.max);
    assert.equal(Number(view.gcd), trace.interleaved[2].state.gcd);
    const candidates = await tab.page.$$eval('#algo-view rect.bar[data-candidate]', (bars) => bars.map((b) => Number(b.dataset.node)));
    assert.deepEqual(candidates, [0, 1], 'weights 5 and 3 are at or above cw = 3');
    await tab.page.click('#forward');
    await waitStep(tab.page, 4);
    assert.equal(Number((await algoView(tab.page)).cw), trace.interleaved[3].state.cw);
    assert.equal(await tab.page.textContent('#phase-badge'), 'cursor');
    tab.assertNoErrors();
    await tab.close();

    // EDF after step 3: the queue in service order with exact fractions.
    tab = await open('#w=5%2C3%2C2&algo=edf&t=3');
    view = await algoView(tab.page);
    const queue = trace.edf[2].state.queue;
    assert.equal(view.queue, queue.map((entry) => entry.node).join(' '));
    assert.equal(view.deadlines, queue.map((entry) => deadlineText(entry.deadline)).join(' '));
    assert.equal(view.now, deadlineText(trace.edf[2].state.now));
    const listed = await tab.page.$$eval('#algo-view ol.edf-queue li[data-node]', (items) => items.map((li) => [Number(li.dataset.node), li.dataset.deadline]));
    assert.deepEqual(listed, queue.map((entry) => [entry.node, deadlineText(entry.deadline)]));
    assert.match(await tab.page.textContent('#narration'), /A is queued again at 2\/5 \+ 1\/5 = 3\/5\./);
    await screenshot(tab.page, 'algorithm-edf-5-3-2');
    tab.assertNoErrors();
    await tab.close();
  });

  test('the algorithm picture names its nodes up to 40 and draws one compact row above 200, as the core’s pictures', async () => {
    const weights = (n) => Array.from({ length: n }, (_, i) => (i % 5) + 1).join('%2C');
    for (const [n, names, tiles] of [[40, 40, 40], [41, 0, 41], [200, 0, 200], [201, 0, 0]]) {
      await inTab(open(`#w=${weights(n)}&algo=classic`), async (page) => {
        const read = () => page.$eval('#algo-view', (root) => ({
          names: root.querySelectorAll('g.node text.node-name').length,
          tiles: root.querySelectorAll('g.node').length,
          compact: root.querySelector('g.nodes-compact')?.dataset.nodes ?? null,
          // Without a tile per node the picks are the root's data-picks.
          picks: root.dataset.picks?.split(' ').map(Number) ?? null,
        }));
        const picks = (t) => (n > 200 ? Array.from({ length: n }, (_, i) => Number(i < t)) : null);
        assert.deepEqual(await read(), { names, tiles, compact: n > 200 ? String(n) : null, picks: picks(0) }, `${n} nodes`);
        await page.click('#forward');
        await waitStep(page, 1);
        assert.deepEqual((await read()).picks, picks(1), `${n} nodes: the picks after step 1`);
        if (n === 41 || n === 201) await screenshot(page, `algorithms-classic-${n}-nodes`);
      });
    }
  });

  test('with 40 nodes no text of a picture overprints another: on the page at 1366×768, and in compare.html’s narrow panes, where the tiles go without text as the tanks do', async () => {
    const weights = Array.from({ length: 40 }, (_, i) => ((i * 7) % 13) + 1).join('%2C');
    // Pairs of texts in one picture whose boxes overlap by more than a pixel each way.
    const overprinted = (selector) => (roots) => roots.flatMap((root) => {
      const boxes = [...root.querySelectorAll('svg text')]
        .filter((text) => text.textContent.trim() !== '' && text.getBoundingClientRect().width > 0)
        .map((text) => [text.textContent, text.getBoundingClientRect()]);
      const pairs = [];
      boxes.forEach(([a, p], i) => boxes.slice(i + 1).forEach(([b, q]) => {
        if (Math.min(p.right, q.right) - Math.max(p.left, q.left) > 1 && Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top) > 1) pairs.push(`${selector}: "${a}" and "${b}"`);
      }));
      return pairs;
    });
    const wide = { viewport: { width: 1366, height: 768 }, reducedMotion: 'reduce' };
    for (const algo of ['classic', 'interleaved', 'random', 'edf', 'grpc', 'envoy']) {
      await inTab(open(`#w=${weights}&algo=${algo}&t=79`, wide), async (page) => {
        assert.deepEqual(await page.$$eval('#algo-view', overprinted(algo)), [], algo);
        assert.equal(await page.$$eval('#algo-view g.node text.node-name', (names) => names.length), 40, `${algo}: every tile named`);
      });
    }
    const tab = await openPage(suite.browser(), `${suite.url()}compare.html#w=${weights}&t=79`, wide);
    await tab.page.waitForSelector('main#compare[data-ready=true]');
    try {
      assert.deepEqual(await tab.page.$$eval('main#compare .algo-view', overprinted('compare')), []);
      assert.equal(await tab.page.$$eval('main#compare .algo-view g.node text.node-name', (names) => names.length), 0, 'tiles 6 px wide have no text');
    } finally {
      await tab.close();
    }
  });

  test('random: the sequence for a seed equals the CLI’s, and the seed lives in the URL', () => inTab(open('#w=5%2C3%2C2&algo=random&seed=7&steps=40'), async (page) => {
    await waitStrip(page);
    assert.deepEqual(await stripPicks(page), cliPicks('5,3,2', 40, '--algo', 'random', '--seed', '7'));
    assert.equal(await page.inputValue('#seed'), '7');
    assert.equal(await page.getAttribute('table#metrics', 'data-repeats'), 'false', 'random never repeats');
    assert.equal(await page.textContent('#weights-summary'), '3 nodes · W = 10 · this run does not repeat', 'the summary says what the metrics say');
    // Another seed, typed: the table follows the CLI, step by step the draws are the CLI's.
    await page.fill('#seed', '42');
    await page.press('#seed', 'Enter');
    await page.waitForFunction(() => location.hash.includes('seed=42'));
    const expected = cliPicks('5,3,2', 20, '--algo', 'random', '--seed', '42');
    assert.deepEqual((await tableWinners(page)).slice(0, 20), expected);
    const draws = cliTrace('5,3,2', 3, '--algo', 'random', '--seed', '42').map((step) => step.state.draw);
    for (let t = 1; t <= 3; t += 1) {
      await page.click('#forward');
      await waitStep(page, t);
      assert.equal(Number((await algoView(page)).draw), draws[t - 1], `draw of step ${t}`);
    }
    await waitStrip(page);
    assert.deepEqual((await stripPicks(page)).slice(0, 20), expected);
    // A bad seed is refused where it was typed; the run stays.
    await page.fill('#seed', 'x1');
    await page.press('#seed', 'Enter');
    await page.waitForSelector('#seed-error:not([hidden])');
    assert.equal(await page.getAttribute('#seed', 'aria-invalid'), 'true');
    assert.ok(page.url().includes('seed=42'));
  }));

  test('subtract own: Σ current drifts next to the tanks, as the CLI counts it', () => inTab(open('#w=5%2C3%2C2'), async (page) => {
    assert.equal(await page.isVisible('#sum-drift'), false, 'plain SWRR: no drift figure');
    assert.equal(await page.textContent('#weights-summary'), '3 nodes · W = 10 · period 10 steps');
    await page.fill('#weights', 'A=0 B=5 C=0');
    await page.waitForFunction(() => document.querySelector('#weights-summary').textContent === '3 nodes · W = 5 · period 1 step');
    await page.fill('#weights', '7');
    await page.waitForFunction(() => document.querySelector('#weights-summary').textContent === '1 node · W = 7 · period 1 step');
    await page.fill('#weights', '5,3,2');
    await page.waitForFunction(() => document.querySelector('#weights-summary').textContent === '3 nodes · W = 10 · period 10 steps');
    await page.selectOption('#subtract', 'own');
    await page.waitForFunction(() => location.hash.includes('subtract=own'));
    const steps = cliTrace('5,3,2', 8, '--subtract', 'own');
    for (let t = 1; t <= 8; t += 1) {
      await page.click('#forward');
      await waitStep(page, t);
    }
    const figure = await page.$eval('#sum-drift', (f) => ({ hidden: f.hidden, sums: f.dataset.sums, sum: f.dataset.sum }));
    assert.equal(figure.hidden, false);
    assert.equal(figure.sums, [0, ...steps.map((step) => step.state.sum)].join(' '));
    assert.equal(Number(await page.getAttribute('#sum', 'data-sum')), steps[7].state.sum);
    assert.ok(steps[7].state.sum > 0);
    // The page and the CLI's picture say it in the same words (the core's Σ line).
    const said = `Σ levels = ${steps[7].state.sum}: not 0, the levels no longer balance`;
    assert.equal(await page.textContent('#sum'), said);
    assert.equal(cli('svg', '5,3,2', '--kind', 'tanks', '--step', '8', '--subtract', 'own').match(/<text class="sum[^>]*>([^<]*)/)[1], said);
    assert.match(await page.textContent('#sum-drift figcaption'), /Why “subtract own” fails/);
    assert.equal(await page.textContent('#weights-summary'), '3 nodes · W = 10 · this run does not repeat');
    assert.match(await page.textContent('#rules li[data-rule="drain"]'), /weight\[best\]/);
    const below = await page.evaluate(() => document.querySelector('#rules li[data-rule="drain"]').getBoundingClientRect().bottom - document.querySelector('.explain').getBoundingClientRect().bottom);
    assert.ok(below <= 0, `with Σ's drift beside the tanks the broken rule is in view (${below.toFixed(0)} px below the explanation's edge)`);
    const levels = await page.$$eval('svg#tanks g.tank', (gs) => gs.map((g) => Number(g.dataset.current)));
    assert.deepEqual(levels, steps[7].drained);
    await screenshot(page, 'subtract-own-step-8');
  }));

  test('the Σ line says what the fill added, in the core\'s words; Σ\'s drift shows only where Σ can leave 0', async () => {
    const scenario = '@13 C down; @23 C up';
    const sumLine = (t) => cli('svg', '5,3,2', '--kind', 'tanks', '--step', String(t), '--phase', 'pick', '--scenario', scenario)
      .match(/<text class="sum[^>]*>([^<]*)/)[1];
    // C is out at step 13: the fill adds 8, not W = 10.
    await inTab(open(`#w=5%2C3%2C2&t=13&phase=pick&scenario=${encodeURIComponent(scenario)}`), async (page) => {
      assert.equal(await page.textContent('#sum'), 'Σ levels = 8: the 8 just added');
      assert.equal(await page.textContent('#sum'), sumLine(13));
    });
    await inTab(open('#w=5%2C3%2C2&t=3&phase=pick'), async (page) => {
      assert.equal(await page.textContent('#sum'), 'Σ levels = 10: the 10 just added');
    });
    // Four workers and no event: Σ stays 0 every step, so no drift figure and no word of events.
    await inTab(open('#w=5%2C3%2C2&t=3&workers=4'), async (page) => {
      assert.equal(await page.isVisible('#sum-drift'), false);
      assert.equal(await page.textContent('#sum'), 'Σ levels = 0: conserved');
    });
  });

  test('editing a scenario: events on the timeline, the strip and the tanks; a bad event keeps the last good run', () => inTab(open('#w=5%2C3%2C2&t=14'), async (page) => {
    await page.fill('#scenario', '@13 C down; @23 C up');
    await page.press('#scenario', 'Enter');
    await page.waitForFunction(() => location.hash.includes('scenario='));
    assert.ok(page.url().includes('scenario=%4013%20C%20down%3B%20%4023%20C%20up'), page.url());
    const events = await page.$$eval('ol#events li', (items) => items.map((li) => [Number(li.dataset.step), Number(li.dataset.node), li.dataset.kind]));
    assert.deepEqual(events, [[13, 2, 'down'], [23, 2, 'up']]);
    assert.equal(await page.textContent('#weights-summary'), '3 nodes · W = 10 · this run does not repeat', 'as the table says');
    const marks = await page.$$eval('#ticks span.event', (spans) => spans.map((s) => Number(s.dataset.eventStep)));
    assert.deepEqual(marks, [13, 23]);
    // Step 14 as the CLI prints it: C out, it did not add; A and B tie at 2.
    const trace = cliTrace('5,3,2', 24, '--scenario', '@13 C down; @23 C up');
    await waitStep(page, 14);
    const tanks = await page.$$eval('svg#tanks g.tank', (gs) => gs.map((g) => ({ current: Number(g.dataset.current), eligible: g.dataset.eligible ?? 'true', added: Number(g.dataset.added) })));
    assert.deepEqual(tanks.map((g) => g.current), trace[13].drained);
    assert.deepEqual(tanks.map((g) => g.eligible), ['true', 'true', 'false']);
    assert.deepEqual(tanks.map((g) => g.added), trace[13].state.added);
    assert.match(await page.textContent('#narration'), /C could not be picked this step and added nothing/);
    assert.equal(await page.getAttribute('table#trace tr[data-step="13"] td.events', 'data-events'), '@13 C down');
    assert.equal(await page.$eval('table#trace tr[data-step="13"] td.events', (td) => getComputedStyle(td).display), 'table-cell', 'a cell, not the events list\'s row of buttons');
    assert.deepEqual(await page.$$eval('table#trace th.group', (ths) => ths.map((th) => th.textContent)).then((heads) => heads.filter((h) => h.startsWith('after'))), ['after adding', 'after subtracting']);
    // The strip shows the scenario's picks with the events; the plots say why they are not drawn.
    await waitStrip(page);
    assert.deepEqual((await stripPicks(page)).slice(0, 24), trace.map((step) => step.winner));
    assert.deepEqual(await page.$$eval('svg#strip line.event', (lines) => lines.map((l) => Number(l.dataset.step))), [13, 23]);
    assert.equal(await page.getAttribute('section.plots', 'data-status'), 'unsupported');
    assert.equal(await page.isVisible('#plots-note'), true);
    assert.equal(await page.isVisible('svg#plot-lag'), false, 'no stale plots');
    // What the strip shows is said once: under its title, and in the note that stands in for the plots.
    assert.equal(await page.textContent('#strip-status'), 'The first 40 picks of the scenario, its events marked.');
    assert.equal(await page.textContent('#plots-status'), '', 'not again beside the run\'s fields');
    // Clicking an event goes to its step.
    await page.click('ol#events li[data-step="23"] button');
    await waitStep(page, 23);
    assert.equal(await page.getAttribute('ol#events li[data-step="23"]', 'data-past'), 'true');
    await screenshot(page, 'scenario-c-down-up');

    // A bad event: the error names the token, the last good run stays.
    await page.fill('#scenario', '@13 D down');
    await page.press('#scenario', 'Enter');
    await page.waitForSelector('#scenario-error:not([hidden])');
    assert.match(await page.textContent('#scenario-error'), /"D" \(at column 5\) is not a node/);
    assert.equal(await page.getAttribute('#scenario', 'aria-invalid'), 'true');
    assert.equal(await page.$$eval('ol#events li', (items) => items.length), 2, 'the last good events stay');
    assert.equal(await page.getAttribute('#app', 'data-step'), '23');
    assert.ok(page.url().includes('scenario=%4013%20C%20down'), 'the URL keeps the last good scenario');
    // Clearing it: plain SWRR again, the plots come back.
    await page.fill('#scenario', '');
    await page.press('#scenario', 'Enter');
    await page.waitForSelector('#scenario-error', { state: 'hidden' });
    await page.waitForSelector('section.plots[data-status="ready"]');
    assert.ok(!page.url().includes('scenario='));
  }));

  test('stories: each preset loads its weights, algorithm and scenario; the URL round-trips them', () => inTab(open(''), async (page) => {
    const presets = await page.evaluate(async () => (await import('./pkg/swrr_viz.js')).listPresets());
    assert.equal(await page.$$eval('button[data-story]', (buttons) => buttons.length), presets.length);
    for (const preset of presets) {
      await page.click(`button[data-story="${preset.name}"]`);
      await page.waitForFunction((name) => document.querySelector(`button[data-story="${name}"]`).getAttribute('aria-pressed') === 'true', preset.name);
      assert.equal(await page.inputValue('#weights'), preset.weights);
      assert.equal(await page.inputValue('#algo'), preset.algo);
      assert.equal(await page.inputValue('#subtract'), preset.subtract);
      assert.equal(await page.inputValue('#scenario'), preset.scenario);
      assert.equal(await page.textContent('#story-about'), preset.description);
      assert.equal(await page.inputValue('#run-steps'), String(preset.steps));
      const flags = ['--preset', preset.name, '--steps', '12'];
      // The first 12 attempts (a request retried after a failure takes two).
      const picks = JSON.parse(cli('trace', '--format', 'json', ...flags)).steps.map((step) => step.winner).slice(0, 12);
      await waitStrip(page);
      assert.deepEqual((await stripPicks(page)).slice(0, 12), picks, `${preset.name}: the CLI's picks`);
    }
    // The last one (random-clumps) survives a reload, and is recognised again.
    await page.reload();
    await waitReady(page);
    assert.equal(await page.inputValue('#algo'), 'random');
    assert.equal(await page.inputValue('#seed'), '42');
    assert.equal(await page.getAttribute('button[data-story="random-clumps"]', 'aria-pressed'), 'true');
    // Back: the previous story (broken-subtract-own) comes back with its options.
    await page.goBack();
    await page.waitForFunction(() => document.querySelector('#subtract').value === 'own');
    assert.equal(await page.inputValue('#algo'), 'swrr');
  }));

  test('URL round trip of algo, subtract, seed and scenario; a bad scenario in a link is shown, not fatal', async () => {
    let tab = await open('#w=A%3D5%20B%3D3%20C%3D2&algo=edf&t=4&scenario=%406%20C%20fail');
    let { page } = tab;
    assert.equal(await page.inputValue('#algo'), 'edf');
    assert.equal(await page.inputValue('#scenario'), '@6 C fail');
    assert.equal(await page.getAttribute('#app', 'data-step'), '4');
    assert.ok((await page.textContent('#notes')).includes('@6 C fail'), 'the core’s note on fail for EDF');
    await page.selectOption('#algo', 'interleaved');
    await page.waitForFunction(() => location.hash.includes('algo=interleaved'));
    await page.reload();
    await waitReady(page);
    assert.equal(await page.inputValue('#algo'), 'interleaved');
    assert.equal(await page.getAttribute('#app', 'data-step'), '4');
    assert.equal(await page.inputValue('#scenario'), '@6 C fail');
    tab.assertNoErrors();
    await tab.close();

    tab = await open('#w=5%2C3%2C2&algo=classic&scenario=%406%20Z%20down');
    page = tab.page;
    assert.equal(await page.inputValue('#algo'), 'classic', 'the algorithm is kept');
    assert.equal(await page.isVisible('#scenario-error'), true);
    assert.match(await page.textContent('#scenario-error'), /"Z"/);
    assert.equal(await page.inputValue('#scenario'), '@6 Z down', 'the text stays for fixing');
    tab.assertNoErrors();
    await tab.close();
  });

  test('no horizontal scroll at 360×740 for every algorithm and a scenario', async () => {
    for (const hash of ['#w=5%2C3%2C2&algo=classic&t=3', '#w=100%2C1%2C1&algo=interleaved&t=5', '#w=5%2C3%2C2&algo=random&t=3',
      '#w=12%2C11%2C10%2C9%2C8%2C7%2C6%2C5%2C4%2C3%2C2%2C1&algo=edf&t=7', '#w=5%2C3%2C2&scenario=%4013%20C%20down%3B%20%4023%20C%20up&t=14&subtract=own']) {
      for (const colorScheme of ['light', 'dark']) {
        const tab = await open(hash, { viewport: { width: 360, height: 740 }, colorScheme });
        const overflow = await tab.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        assert.equal(overflow, 0, `${hash} ${colorScheme}: horizontal overflow of ${overflow}px`);
        // The timeline's event marks stay above the settings under it.
        const reach = await tab.page.evaluate(() => {
          const marks = [...document.querySelectorAll('#ticks span.event')].map((mark) => mark.getBoundingClientRect().bottom);
          return marks.length ? Math.max(...marks) - document.querySelector('#speed').getBoundingClientRect().top : null;
        });
        if (reach != null) assert.ok(reach <= 0, `${hash}: an event mark reaches ${reach.toFixed(1)} px into the Speed field`);
        tab.assertNoErrors();
        await tab.close();
      }
    }
  });

  test('320 px: a caption too long for its picture is shortened, whole in its title; the queue stays in its panel', async () => {
    for (const hash of ['#w=1%3A3%3A0.5&algo=random&seed=42&t=2', '#w=50%25%2C30%25%2C20%25&algo=envoy&t=9']) {
      const tab = await open(hash, { viewport: { width: 320, height: 700 } });
      const fit = await tab.page.evaluate(() => {
        const text = document.querySelector('#algo-view text.algo-caption');
        const picture = text.ownerSVGElement.getBoundingClientRect();
        const panel = document.querySelector('#algo-view').getBoundingClientRect();
        const rows = [...document.querySelectorAll('#algo-view .edf-queue li')].map((li) => li.getBoundingClientRect().right);
        return {
          past: text.getBoundingClientRect().right - picture.right,
          shown: text.firstChild.textContent,
          title: text.querySelector('title')?.textContent,
          queuePast: rows.length ? Math.max(...rows) - panel.right : 0,
        };
      });
      assert.ok(fit.past <= 0, `${hash}: the caption "${fit.shown}" runs ${fit.past.toFixed(1)} px past the picture`);
      assert.match(fit.shown, /…$/, `${hash}: shortened`);
      assert.ok(fit.title.startsWith(fit.shown.slice(0, -1)) && fit.title.length > fit.shown.length, `${hash}: the title holds "${fit.title}"`);
      assert.ok(fit.queuePast <= 0, `${hash}: a queue row runs ${fit.queuePast.toFixed(1)} px past the panel`);
      tab.assertNoErrors();
      await tab.close();
    }
  });
  test('an EDF table of 5,000 nodes takes fewer rows, each with the whole queue: its records stay cheap to hand over', () => inTab(suite.open(`#w=${Array.from({ length: 5000 }, (_, i) => (i % 9) + 1).join(',')}&algo=edf&t=3`, { reducedMotion: 'reduce' }), async (page) => {
    await page.waitForSelector('table#trace[data-algo="edf"] tbody tr', { state: 'attached', timeout: 60_000 });
    const rows = await page.$$eval('table#trace tbody tr', (trs) => trs.map((row) => [Number(row.dataset.step), row.querySelector('td[data-queue]').dataset.queue.split(' ').length]));
    assert.equal(rows.length, 40, '200,000 node values / 5,000 nodes');
    assert.deepEqual(rows.map(([step]) => step), Array.from({ length: 40 }, (_, i) => i + 1));
    for (const [, queued] of rows) assert.equal(queued, 5000);
  }));
});
