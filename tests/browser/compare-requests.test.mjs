// compare.html with nginx's failures (a run of requests for SWRR): the SWRR pane's metrics are the
// core's request metrics (the CLI's `metrics --json`), the ranking says why it cannot rank, and
// the pane says its steps are attempts; on a phone the ranking is a card per algorithm, every
// number on screen; gRPC's mean label crosses no bar.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, test } from 'node:test';

import { CLI, inTab, openPage, usePageSuite } from './harness.mjs';

function cliJson(...args) {
  assert.ok(existsSync(CLI), `${CLI} is missing: run cargo build (scripts/test.sh does)`);
  return JSON.parse(execFileSync(CLI, args, { encoding: 'utf8' }));
}

const DEAD = '@1 C dead max_fails=3 timeout=3600';
const DEAD_LINK = `#w=5%2C3%2C2&algos=swrr,classic,edf&scenario=${encodeURIComponent(DEAD)}&t=12`;
const PHONE = { viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' };
const DESKTOP = { viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' };

describe('compare.html with failures and on a phone', () => {
  const suite = usePageSuite();

  async function open(hash, options = DESKTOP) {
    const tab = await openPage(suite.browser(), `${suite.url()}compare.html${hash}`, options);
    await tab.page.waitForSelector('main#compare[data-ready="true"]', { timeout: 15_000 });
    return tab;
  }

  test('a dead server: SWRR\'s pane shows the CLI\'s request metrics, the ranking finishes and says why not', () => inTab(open(DEAD_LINK), async (page) => {
    await page.waitForSelector('table#ranking:not([data-status="running"])', { state: 'attached', timeout: 20_000 });
    await page.waitForSelector('article.pane[data-algo="swrr"] dl.pane-metrics:not([data-status="running"])', { timeout: 20_000 });
    const lists = await page.$$eval('article.pane', (panes) => Object.fromEntries(panes.map((p) => [p.dataset.algo, { ...p.querySelector('dl.pane-metrics').dataset }])));
    assert.equal(lists.classic.status, 'unsupported');
    assert.equal(lists.edf.status, 'unsupported');
    assert.equal(lists.swrr.status, 'requests');
    const requests = Number(lists.swrr.requests);
    const cli = cliJson('metrics', '5,3,2', '--scenario', DEAD, '--steps', String(requests), '--json');
    assert.deepEqual(
      ['requests', 'answered', 'badGateway', 'attempts', 'retries'].map((key) => Number(lists.swrr[key])),
      [cli.requests, cli.answered, cli.bad_gateway, cli.attempts, cli.retries],
    );
    assert.deepEqual([cli.requests, cli.attempts, cli.retries], [40, 43, 3]);
    const said = await page.$eval('article.pane[data-algo="swrr"] dl.pane-metrics', (dl) => dl.textContent);
    assert.match(said, /40: 40 answered, 0 with a 502/);
    assert.doesNotMatch(said, /Measuring/);
    assert.equal(await page.getAttribute('table#ranking', 'data-status'), 'unsupported');
    assert.match(await page.textContent('#ranking-note'), /no ranking/);
  }));

  test('SWRR\'s steps are attempts: its pane says so, in English and Chinese; without failures it does not', async () => {
    await inTab(open(DEAD_LINK), async (page) => {
      await page.waitForSelector('article.pane[data-algo="swrr"][data-steps="attempts"]');
      const request = await page.$eval('article.pane[data-algo="swrr"] .pane-widget', (host) => host.shadowRoot.querySelector('.swrr').dataset.request);
      assert.equal(request, '10', 'step 12 is request 10');
      assert.equal(await page.isVisible('article.pane[data-algo="swrr"] .pane-attempts'), true);
      assert.match(await page.textContent('article.pane[data-algo="swrr"] .pane-attempts'), /^Steps here count attempts, not requests/);
      assert.deepEqual(await page.$$eval('article.pane[data-steps]', (panes) => panes.map((p) => p.dataset.algo)), ['swrr']);
      // A scenario without failures: steps are picks again.
      await page.click('#more-toggle');
      await page.fill('#scenario', '@3 C down');
      await page.press('#scenario', 'Enter');
      await page.waitForSelector('article.pane[data-algo="swrr"]:not([data-steps])');
      assert.equal(await page.isVisible('article.pane[data-algo="swrr"] .pane-attempts'), false);
    });
    await inTab(open(`${DEAD_LINK}&lang=zh`), async (page) => {
      await page.waitForSelector('article.pane[data-algo="swrr"][data-steps="attempts"]');
      assert.match(await page.textContent('article.pane[data-algo="swrr"] .pane-attempts'), /^这里的步数计的是尝试次数/);
    });
  });

  test('a phone: each algorithm\'s ranking is a card inside the screen, every number under its column\'s name', () => inTab(open('#w=5%2C3%2C2&algos=swrr,grpc,envoy,random&t=7', PHONE), async (page) => {
    await page.waitForSelector('table#ranking[data-status="ready"]', { timeout: 20_000 });
    const layout = await page.evaluate(() => {
      const scroller = document.querySelector('.ranking-panel .table-scroll');
      const cells = [...document.querySelectorAll('table#ranking tbody :is(th, td)')];
      return {
        table: document.querySelector('table#ranking').getBoundingClientRect().width,
        scroller: scroller.clientWidth,
        scrolls: scroller.scrollWidth > scroller.clientWidth,
        outside: cells.filter((cell) => { const r = cell.getBoundingClientRect(); return r.left < 0 || r.right > innerWidth; }).length,
        cells: cells.length,
        labels: [...document.querySelectorAll('table#ranking tbody tr:first-child td')].slice(1).map((td) => getComputedStyle(td, '::before').content),
      };
    });
    assert.ok(layout.table <= layout.scroller, `the table is ${layout.table} px in ${layout.scroller} px`);
    assert.equal(layout.scrolls, false);
    assert.equal(layout.cells, 4 * 7);
    assert.equal(layout.outside, 0, 'every cell on screen');
    assert.deepEqual(layout.labels, ['"longest run"', '"worst ahead"', '"worst behind"', '"worst |lag|"', '"Fingerprint"']);
  }));

  for (const [name, options] of [['a phone', PHONE], ['a laptop', DESKTOP]]) {
    test(`gRPC on ${name}: the mean's label crosses no bar`, () => inTab(open('#w=5%2C3%2C2&algos=swrr,grpc&t=7', options), async (page) => {
      await page.waitForSelector('article.pane[data-algo="grpc"]');
      const boxes = await page.$eval('article.pane[data-algo="grpc"] .pane-widget', async (host) => {
        const root = host.shadowRoot;
        const box = (el) => { const r = el.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, bottom: r.bottom }; };
        return { label: box(root.querySelector('.mean-label')), text: root.querySelector('.mean-label').textContent, bars: [...root.querySelectorAll('rect.bar.scaled')].map(box) };
      });
      assert.equal(boxes.text, 'mean 43690 · floor 437');
      assert.equal(boxes.bars.length, 3);
      const { label } = boxes;
      for (const bar of boxes.bars) {
        const overlaps = label.left < bar.right && bar.left < label.right && label.top < bar.bottom && bar.top < label.bottom;
        assert.equal(overlaps, false, `the label ${JSON.stringify(label)} crosses a bar ${JSON.stringify(bar)}`);
      }
    }));
  }
});
