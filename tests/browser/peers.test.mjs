// gRPC's and Envoy's balancers in the page and on the comparison page, read through the data-*
// contract and compared with the CLI (target/debug/swrr-viz, built by `cargo test`).

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { inTab, openPage, screenshot, usePageSuite, waitReady } from './harness.mjs';
import { algoView, cliPicks, cliTrace, tableWinners, waitStep } from './run-reading.mjs';

describe('gRPC and Envoy', () => {
  const suite = usePageSuite();

  async function open(path, options = { reducedMotion: 'reduce' }) {
    const tab = await openPage(suite.browser(), `${suite.url()}${path}`, options);
    if (path.startsWith('index.html')) await waitReady(tab.page);
    return tab;
  }

  test('each peer from the picker and from the URL gives the CLI’s picks; the seed applies', async () => {
    await inTab(open('index.html#w=2%2C3%2C6'), async (page) => {
      for (const algo of ['grpc', 'grpc-java', 'envoy']) {
        await page.selectOption('#algo', algo);
        await page.waitForFunction((a) => document.querySelector('#app').dataset.algo === a && location.hash.includes(`algo=${a}`), algo);
        const rows = await tableWinners(page);
        assert.deepEqual(rows, cliPicks('2,3,6', rows.length, '--algo', algo), `${algo}: the table`);
        assert.equal(await page.isVisible('#seed'), true, `${algo}: the seed is one of its settings`);
        assert.equal(await page.isVisible('#tie'), false, `${algo}: the tie rule is SWRR's`);
      }
      // grpc-java's testDeterministicWraparound: the counter starting at 2^32 − 1.
      await page.selectOption('#algo', 'grpc-java');
      await page.fill('#seed', '4294967295');
      await page.press('#seed', 'Enter');
      await page.waitForFunction(() => location.hash.includes('seed=4294967295'));
      assert.deepEqual((await tableWinners(page)).slice(0, 6), [1, 2, 2, 0, 1, 2]);
    });

    await inTab(open('index.html#w=6%2C3%2C1&algo=envoy'), async (page) => {
      assert.equal(await page.inputValue('#algo'), 'envoy');
      assert.deepEqual((await tableWinners(page)).slice(0, 10), [0, 1, 0, 0, 1, 0, 0, 2, 1, 0]);
    });
  });

  test('gRPC’s picture: scaled weights, the counter, the numbers drawn; weight 0 is the mean', async () => {
    const trace = cliTrace('2,3,6', 3, '--algo', 'grpc-java');
    await inTab(open('index.html#w=2%2C3%2C6&algo=grpc-java&t=1'), async (page) => {
      let view = await algoView(page);
      assert.equal(view.algo, 'grpc-java');
      assert.equal(Number(view.sequence), trace[0].state.sequence);
      assert.equal(Number(view.draws), 2);
      assert.equal(view.generation, '0');
      assert.equal(view.mean, String(trace[0].state.mean));
      const scaled = await page.$$eval('#algo-view rect.bar.scaled', (bars) => bars.map((bar) => Number(bar.dataset.scaled)));
      assert.deepEqual(scaled, [21845, 32768, 65535]);
      const draws = await page.$$eval('#algo-view ol.stride-draws li[data-sequence]', (items) => items.map((li) => [Number(li.dataset.sequence), Number(li.dataset.node), li.dataset.passes === 'true']));
      assert.deepEqual(draws, [[0, 0, false], [1, 1, true]]);
      // Each draw against the residue that passes, 65535 − weight; bars on the scale up to 65535.
      const texts = await page.$$eval('#algo-view ol.stride-draws li[data-sequence]', (items) => items.map((li) => li.textContent));
      assert.match(texts[0], /: 0 < 43690, skip$/);
      assert.match(texts[1], /: 32767 ≥ 32767, picked$/);
      const heights = await page.$$eval('#algo-view rect.bar.scaled', (bars) => bars.map((bar) => Number(bar.getAttribute('height'))));
      assert.ok(Math.abs(heights[0] / heights[2] - 21845 / 65535) < 0.01 && Math.abs(heights[1] / heights[2] - 32768 / 65535) < 0.01, `heights ${heights}`);
      // Step 3, pick phase: the counter where the pick started, the three numbers it drew.
      await page.click('#forward');
      await waitStep(page, 2);
      await page.click('#phase-forward');
      await page.click('#phase-forward');
      await waitStep(page, 3, 'pick');
      view = await algoView(page);
      assert.equal(Number(view.sequence), trace[1].state.sequence, 'the pick starts where step 2 left the counter');
      assert.equal(Number(view.draws), trace[2].state.draws);
      const narration = await page.textContent('#narration');
      assert.match(narration, /Step 3: the counter stands at 3\. 3 names A in generation 1: .* skipped\. .* so C is picked\./);
      // The scale's top and the offset per backend come from the core's state (maxWeight, offset).
      assert.match(narration, /5 names C \(backend 2 of 3\) in generation 1: \(65535·1 \+ 32767·2\) mod 65535 = 65534 ≥ 0, so C is picked\.$/);
      assert.equal(await page.textContent('#algo-view text.algo-caption'), 'Scaled weights (largest 65535); dashed: the mean');
      assert.deepEqual(await page.$$eval('#algo-view rect.bar.scaled title', (titles) => titles.map((t) => t.textContent)), ['A: 21845 of 65535', 'B: 32768 of 65535', 'C: 65535 of 65535']);
      assert.equal(await page.textContent('#phase-badge'), 'draw');
      assert.equal(await page.getAttribute('#rules li[data-rule="pick"]', 'aria-current'), 'step');
      await screenshot(page, 'peers-grpc-java-2-3-6');
    });

    // Typed weight 0: "not reported yet" — the note says so, the bar is the mean, dashed.
    await inTab(open('index.html#w=3%2C0%2C1&algo=grpc'), async (page) => {
      assert.match(await page.textContent('#notes'), /weight 0 \(B\): grpc reads 0 as no weight reported yet/);
      const unknown = await page.$$eval('#algo-view rect.bar.scaled[data-unknown]', (bars) => bars.map((bar) => [Number(bar.dataset.node), Number(bar.dataset.scaled)]));
      assert.deepEqual(unknown, [[1, Number((await algoView(page)).mean)]]);
      assert.match(await page.textContent('#narration'), /No usable weight for B/);
    });

    // A report of 0 in the middle: gRPC ignores it, B keeps its last weight until it expires.
    await inTab(open('index.html#w=5%2C3%2C2&algo=grpc&scenario=%404%20B%3D0&t=5'), async (page) => {
      assert.match(await page.textContent('#notes'), /@4 B=0: grpc ignores a load report of 0 and keeps the node's last weight until it expires, 180 steps/);
      const bars = await page.$$eval('#algo-view rect.bar.scaled', (rects) => rects.map((bar) => [Number(bar.dataset.scaled), bar.dataset.unknown ?? '']));
      assert.deepEqual(bars, [[65535, ''], [39321, ''], [26214, '']]);
      assert.match(await page.textContent('#narration'), /B reports 0: gRPC ignores it and keeps its last weight, 3, for 178 more steps/);
    });

    // Step 0 in Chinese: the rule with the core's numbers in it.
    await inTab(open('index.html#w=2%2C3%2C6&algo=grpc&lang=zh'), async (page) => {
      assert.equal(await page.textContent('#narration'), '第 0 步：权重按比例缩放，使最大者为 65535。每次选择都从一个共享计数器抽号，计数器现在是 0：号码 s 对应第 ⌊s/3⌋ 代的后端 s mod 3；若 (权重·代 + 32767·后端) mod 65535 ≥ 65535 − 权重，就选中这个后端，否则再抽下一个号。');
      assert.equal(await page.textContent('#algo-view text.algo-caption'), '缩放后的权重（最大 65535）；虚线：平均值');
    });
  });

  test('Envoy’s picture: f64 deadlines as the CLI writes them, the rebuild, panic, and where it parts from exact EDF', async () => {
    const trace = cliTrace('6,3,1', 2, '--algo', 'envoy');
    await inTab(open('index.html#w=6%2C3%2C1&algo=envoy&t=1'), async (page) => {
      const view = await algoView(page);
      assert.equal(view.mode, 'edf');
      assert.equal(view.now, '0.16666666666666388');
      assert.equal(view.now, String(trace[0].state.now));
      assert.equal(view.deadlines, trace[0].state.queue.map((entry) => String(entry.deadline)).join(' '));
      assert.equal(view.queue, trace[0].state.queue.map((entry) => entry.node).join(' '));
      assert.equal(view.builtAt, '0');
      assert.equal(await page.getAttribute('#departure', 'data-step'), '112');
      assert.match(await page.textContent('#departure'), /part from exact EDF at step 112: A where exact EDF serves B/);
      await page.click('#to-start');
      await waitStep(page, 0, 'start');
      assert.match(await page.textContent('#narration'), /createWithPicks, as if 0 picks had been made/);
    });

    // At step 112 the narration says what exact EDF would do.
    await inTab(open('index.html#w=6%2C3%2C1&algo=envoy&t=112'), async (page) => {
      assert.match(await page.textContent('#narration'), /Here exact EDF would serve B/);
    });
    await inTab(open('index.html#w=6%2C3%2C1&algo=edf'), async (page) => {
      assert.equal(await page.getAttribute('#departure', 'data-step'), '112');
    });

    // C goes down at step 3: the fill phase shows the scheduler as rebuilt, without C.
    await inTab(open('index.html#w=6%2C3%2C1&algo=envoy&scenario=%403%20C%20down&t=2'), async (page) => {
      await page.click('#phase-forward');
      await waitStep(page, 3, 'fill');
      const fill = await algoView(page);
      assert.equal(fill.builtAt, '3');
      assert.equal(fill.queue, cliTrace('6,3,1', 3, '--algo', 'envoy', '--scenario', '@3 C down')[2].state.rebuilt.queue.map((e) => e.node).join(' '));
      assert.match(await page.textContent('#narration'), /Envoy rebuilt its scheduler with createWithPicks/);
    });

    // Two of three hosts down: panic, round robin over all of them (equal weights).
    await inTab(open('index.html#w=1%2C1%2C1&algo=envoy&scenario=%401%20B%20down%3B%401%20C%20down&t=2'), async (page) => {
      const state = await algoView(page);
      assert.equal(state.panic, 'true');
      assert.equal(state.mode, 'round-robin');
      assert.equal(state.hosts, '0 1 2');
      assert.deepEqual(await tableWinners(page), cliPicks('1,1,1', (await tableWinners(page)).length, '--algo', 'envoy', '--scenario', '@1 B down;@1 C down'));
      await screenshot(page, 'peers-envoy-panic');
    });

    // Equal weights: the rules and the caption say round robin by index while Envoy uses it, and
    // the scheduler's once a weight differs (B=3 at step 3).
    await inTab(open('index.html#w=1%2C1%2C1&algo=envoy&scenario=%403%20B%3D3&t=2'), async (page) => {
      const said = () => page.evaluate(() => ({
        mode: document.querySelector('#algo-view').dataset.mode,
        caption: document.querySelector('#algo-view .algo-caption').textContent,
        rules: [...document.querySelectorAll('#rules li')].map((li) => `${li.textContent}${li.classList.contains('active') ? ' ←' : ''}`),
      }));
      assert.deepEqual(await said(), {
        mode: 'round-robin',
        caption: 'Equal weights: no deadlines, round robin by index',
        rules: ['equal weights: no queue; index starts at the seed', 'best = hosts[index mod n]', 'index += 1; return best ←'],
      });
      await page.click('#forward');
      await waitStep(page, 3, 'drain');
      assert.deepEqual(await said(), {
        mode: 'edf',
        caption: 'Deadlines on the time line (f64, as Envoy computes them)',
        rules: ['queue of f64 deadlines (ties: the order queued); built by createWithPicks(seed)', 'best = pop the earliest; now = its deadline', 'push best at now + 1.0/weight[best] (its weight now); return best ←'],
      });
    });
  });

  test('the comparison page puts nginx, gRPC and Envoy side by side', () => inTab(open('compare.html#w=5%2C3%2C2'), async (page) => {
    await page.waitForSelector('#panes article.pane');
    // In this laptop's window (1280×800) the sets fold behind the algorithms' button.
    await page.click('#algos-toggle');
    await page.click('button.algo-set[data-set="peers"]');
    await page.waitForFunction(() => document.querySelector('#panes').closest('[data-panes]')?.dataset.panes === 'swrr grpc envoy');
    assert.ok((await page.evaluate(() => location.hash)).includes('algos=swrr%2Cgrpc%2Cenvoy'));
    assert.equal(await page.getAttribute('button.algo-set[data-set="peers"]', 'aria-pressed'), 'true');
    const panes = await page.$$eval('#panes article.pane', (articles) => articles.map((a) => a.dataset.algo));
    assert.deepEqual(panes, ['swrr', 'grpc', 'envoy']);
    // The Envoy pane says where it parts from exact EDF; every pane's picture is its own.
    await page.waitForFunction(() => {
      const root = document.querySelector('article.pane[data-algo="envoy"] .pane-widget').shadowRoot;
      return root?.querySelector('#departure:not([hidden])');
    });
    const departure = await page.evaluate(() => document.querySelector('article.pane[data-algo="envoy"] .pane-widget').shadowRoot.querySelector('#departure').dataset.step);
    assert.equal(departure, '109');
    const views = await page.evaluate(() => [...document.querySelectorAll('article.pane .pane-widget')].map((host) => host.shadowRoot.querySelector('#algo-view').dataset.algo ?? 'swrr'));
    assert.deepEqual(views, ['swrr', 'grpc', 'envoy']);
    await page.click('button.algo-set[data-set="envoyExact"]');
    await page.waitForFunction(() => [...document.querySelectorAll('#panes article.pane')].map((a) => a.dataset.algo).join(' ') === 'edf envoy');
    await screenshot(page, 'peers-compare');
  }));
});
