// compare.html reaches a far step in slices between frames (www/compare/compare-seek.js, on
// far-seek.js's FarSeek): each pane with far to go is walked toward it in turn, the page keeps
// drawing frames and answering clicks meanwhile, its status line says how far all of them are,
// `main#compare` carries `data-reaching`, and the panes move to the step together once every
// one is near. Any step control meanwhile takes its place; panes whose runs stop on the way are
// marked where they stop, as for a link's step that cannot be reached.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { framesIn, inTab, openPage, screenshot, usePageSuite } from './harness.mjs';

// Weights that change at step 1 (EDF and Envoy never repeat then): three million steps are
// seconds of work for the three panes, thirty million tens of seconds (asserted on while they
// are computed, then stopped).
const FAR = 'compare.html#w=5%2C3%2C2&algos=swrr,envoy,edf&scenario=%401%20A%3D6&t=3000000';
const FARTHER = 'compare.html#w=5%2C3%2C2&algos=swrr,envoy,edf&scenario=%401%20A%3D6&t=30000000';
const REACHING = /^Computing step 30000000: \d+ % done \(any step control stops it\)$/;

/** In the page: its root and its panes, the step each shows, and the step being reached. */
function shown() {
  const root = document.querySelector('main#compare');
  const panes = [...document.querySelectorAll('article.pane')].map((pane) => {
    const widget = pane.querySelector('.pane-widget').shadowRoot.querySelector('.swrr');
    return `${pane.dataset.algo} ${widget.dataset.step}/${widget.dataset.phase}${pane.dataset.stopped ? ` stopped ${pane.dataset.stopped}` : ''}`;
  });
  return { step: root.dataset.step, reaching: root.dataset.reaching ?? null, panes };
}
const compare = (page) => page.evaluate(shown);
const status = (page) => page.$eval('#status', (line) => line.textContent);

describe('compare.html reaches a far step in slices', () => {
  const suite = usePageSuite();
  const open = (hash, options) => openPage(suite.browser(), `${suite.url()}${hash}`, { reducedMotion: 'reduce', ...options });
  const ready = (page) => page.waitForSelector('main#compare[data-ready="true"]', { timeout: 15_000 });

  test('while the panes walk, the page draws and answers clicks, says how far, keeps the step in the link; a step control takes its place', () => inTab(open(FARTHER), async (page) => {
    await ready(page);
    assert.deepEqual(await compare(page), { step: '0', reaching: '30000000', panes: ['swrr 0/start', 'edf 0/start', 'envoy 0/start'] });
    assert.match(await status(page), REACHING);
    assert.ok(await framesIn(page, 500) >= 2, 'frames drawn while the step is computed');
    // A click is handled between slices: More options unfolds.
    await page.click('#more-toggle');
    assert.equal(await page.$eval('#more-toggle', (button) => button.getAttribute('aria-expanded')), 'true');
    await page.waitForFunction(() => /: [1-9]\d* % done/.test(document.querySelector('#status').textContent));
    // The link and the walkthrough's link keep the step asked meanwhile.
    await page.waitForFunction(() => /[#&]t=30000000(&|$)/.test(location.hash));
    assert.match(await page.$eval('#walkthrough-link', (link) => link.getAttribute('href')), /[#&]t=30000000(&|$)/);
    assert.equal((await compare(page)).reaching, '30000000', 'still computing');
    await page.keyboard.press('ArrowRight');
    await page.waitForSelector('main#compare[data-step="1"]');
    assert.deepEqual(await compare(page), { step: '1', reaching: null, panes: ['swrr 1/drain', 'edf 1/drain', 'envoy 1/drain'] });
    assert.equal(await status(page), '');
    await page.waitForFunction(() => /[#&]t=1(&|$)/.test(location.hash));
    await page.waitForTimeout(1000);
    assert.equal((await compare(page)).step, '1', 'the far step does not land later');
  }));

  test('a link to a far step: the panes walk in turn, the percent of all of them rising, then every pane shows it; new options walk back to it', () => inTab(open(FAR), async (page) => {
    await page.evaluate(() => {
      // Every text the status line says, from now on.
      window.said = [];
      new MutationObserver(() => window.said.push(document.querySelector('#status').textContent))
        .observe(document.querySelector('#status'), { childList: true, characterData: true, subtree: true });
    });
    await page.waitForSelector('main#compare[data-step="3000000"]', { timeout: 120_000 });
    assert.deepEqual(await compare(page), { step: '3000000', reaching: null, panes: ['swrr 3000000/drain', 'edf 3000000/drain', 'envoy 3000000/drain'] });
    assert.equal(await status(page), '');
    const percents = (await page.evaluate(() => window.said)).filter(Boolean).map((text) => {
      const match = /^Computing step 3000000: (\d+) % done/.exec(text);
      assert.ok(match, `said: ${text}`);
      return Number(match[1]);
    });
    assert.ok(percents.length >= 3, `said ${percents}`);
    assert.deepEqual(percents, [...percents].sort((a, b) => a - b), `rising: ${percents}`);
    assert.ok(percents.every((percent) => percent % 5 === 0 && percent < 100), `in fives, below 100: ${percents}`);
    // Each pane made three million picks.
    const picks = await page.$$eval('article.pane', (panes) => panes.map((pane) => [...pane.querySelector('.pane-widget').shadowRoot.querySelectorAll('g[data-node][data-picks]')]
      .reduce((sum, node) => sum + Number(node.dataset.picks), 0)));
    assert.deepEqual(picks, [3000000, 3000000, 3000000]);
    // Back and forth near it is quick: the ground is computed.
    await page.keyboard.press('ArrowLeft');
    await page.waitForSelector('main#compare[data-step="2999999"]');
    assert.equal((await compare(page)).reaching, null);
    await page.waitForFunction(() => /[#&]t=2999999(&|$)/.test(location.hash));
    // New options: new runs, which walk back to the step (their start shown meanwhile).
    // (What is shown as the walk starts, taken in that task: Envoy's walk alone may be short.)
    await page.evaluate(`new MutationObserver((_, observer) => {
      if (!document.querySelector('main#compare').dataset.reaching) return;
      window.walkStart = (${shown})();
      observer.disconnect();
    }).observe(document.querySelector('main#compare'), { attributes: true, attributeFilter: ['data-reaching'] })`);
    await page.click('#more-toggle');
    await page.fill('#seed', '7');
    await page.press('#seed', 'Enter');
    await page.waitForFunction(() => window.walkStart);
    assert.deepEqual(await page.evaluate(() => window.walkStart), { step: '2999999', reaching: '2999999', panes: ['swrr 0/start', 'edf 0/start', 'envoy 0/start'] });
    await page.waitForSelector('main#compare:not([data-reaching])', { timeout: 120_000 });
    assert.deepEqual(await compare(page), { step: '2999999', reaching: null, panes: ['swrr 2999999/drain', 'edf 2999999/drain', 'envoy 2999999/drain'] });
    await page.waitForFunction(() => /[#&]t=2999999&.*seed=7/.test(location.hash));
  }));

  test('End on a period longer than the timeline walks to its end; Start meanwhile takes its place, and End again reaches it', () => inTab(open('compare.html#w=1000000000%2C1&algos=swrr,classic'), async (page) => {
    await ready(page);
    await page.click('#to-end');
    await page.waitForSelector('main#compare[data-reaching="10000000"]');
    assert.match(await status(page), /^Computing step 10000000: \d+ % done/);
    await page.click('#to-start');
    await page.waitForSelector('main#compare:not([data-reaching])');
    assert.deepEqual(await compare(page), { step: '0', reaching: null, panes: ['swrr 0/start', 'classic 0/start'] });
    assert.equal(await status(page), '');
    await page.keyboard.press('End');
    await page.waitForSelector('main#compare[data-step="10000000"]', { timeout: 120_000 });
    assert.deepEqual(await compare(page), { step: '10000000', reaching: null, panes: ['swrr 10000000/drain', 'classic 10000000/drain'] });
    assert.equal(await page.$eval('#scrubber', (s) => [s.value, s.max].join('/')), '10000000/10000000');
  }));

  // A link's step some panes reach: they show it, the others stay where they stopped; one no
  // pane reaches: every pane where the first could go, the link written back at that step.
  const STOPS = "no node can be picked at step 2000000: nodes down: 1";
  for (const [algos, panes, step, said] of [
    ['swrr,classic', ['swrr 3000000/drain', 'classic 0/start stopped 0'], '3000000', `Classic (expanded list) stays at step 0: ${STOPS}`],
    ['classic,interleaved', ['classic 0/start stopped 0', 'interleaved 0/start stopped 0'], '0', `Classic (expanded list) stays at step 0: ${STOPS} · Interleaved (IPVS) stays at step 0: ${STOPS}`],
  ]) {
    test(`panes whose runs stop on the way are marked where they stop, and the status line says why (${algos})`, () => inTab(open(`compare.html#w=5&algos=${algos}&scenario=%402000000%20A%20down&t=3000000`), async (page) => {
      await ready(page);
      assert.equal((await compare(page)).reaching, '3000000');
      await page.waitForSelector('main#compare:not([data-reaching])', { timeout: 120_000 });
      assert.deepEqual(await compare(page), { step, reaching: null, panes });
      assert.equal(await status(page), said);
      await page.waitForFunction((step) => (step === '0' ? !/[#&]t=/.test(location.hash) : new RegExp(`[#&]t=${step}(&|$)`).test(location.hash)), step);
    }));
  }

  for (const [name, options] of [['phone-dark', { viewport: { width: 390, height: 844 }, colorScheme: 'dark' }], ['desktop-light', { viewport: { width: 1366, height: 900 } }], ['desktop-light-zh', { viewport: { width: 1366, height: 900 } }]]) {
    test(`the status line while the panes walk, ${name}`, () => inTab(open(`${FARTHER}${name.endsWith('zh') ? '&lang=zh' : ''}`, options), async (page) => {
      await ready(page);
      await page.waitForFunction(() => /[1-9]\d* ?%/.test(document.querySelector('#status').textContent));
      // The transport says where the panes stand meanwhile (a new run's start), in the page's words.
      const position = await page.evaluate(() => [document.querySelector('#position').textContent, document.querySelector('#phase-badge').textContent]);
      if (name.endsWith('zh')) {
        assert.match(await status(page), /^正在计算第 30000000 步：已完成 \d+%（按任一步进控件可停止）$/);
        assert.deepEqual(position, ['第 0 步', '开始']);
      } else {
        assert.match(await status(page), REACHING);
        assert.deepEqual(position, ['step 0', 'start']);
      }
      // In the muted colour, not the red of a step refused.
      const colors = await page.evaluate(() => {
        const probe = document.createElement('p');
        document.body.append(probe);
        const color = (value) => {
          probe.style.color = value;
          return getComputedStyle(probe).color;
        };
        return { status: getComputedStyle(document.querySelector('#status')).color, muted: color('var(--muted)'), error: color('var(--error)') };
      });
      assert.equal(colors.status, colors.muted, JSON.stringify(colors));
      assert.notEqual(colors.status, colors.error);
      await screenshot(page, `compare-far-seek-${name}`);
    }));
  }
});
