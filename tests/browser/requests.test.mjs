// nginx as deployed, on the page, through the data-* contract: a dead server's refused attempt
// and the retry of the same request on the servers not yet tried (tanks, strip, table,
// narration in English and Chinese), the story "C dies, and comes back" against the real
// nginx's recording, and several workers with their own tanks and the merged unevenness the
// core (and the CLI) measures. The rate, the workers and the zone live in the URL.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';

import { CLI, ROOT, inTab, openPage, usePageSuite, waitReady, waitStep } from './harness.mjs';

function cli(args) {
  if (!existsSync(CLI)) execFileSync('cargo', ['build', '--quiet', '--bin', 'swrr-viz'], { cwd: ROOT, stdio: 'inherit' });
  return execFileSync(CLI, args, { encoding: 'utf8' });
}

/** A real nginx 1.22.1: weights 5,3,2, C refusing connections, max_fails=3 fail_timeout=3600s. */
const ISSUE_EXAMPLE = 'A B C>A A B A B A C>A B A A C>B A A B A B A A B A A B A B A A B A';
const DEAD_C = '#w=5%2C3%2C2&scenario=%401%20C%20dead%20max_fails%3D3%20timeout%3D3600';

/** The strip's requests as the CLI's `seq` prints them: attempts joined by `>`, `-` for none left. */
function readStrip(page) {
  return page.$$eval('svg#strip[data-mode="requests"] g.request', (groups) => groups.map((g) => {
    const names = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];
    const tokens = [...g.querySelectorAll('rect.cell')].map((cell) => (cell.dataset.pick === undefined ? '-' : names[Number(cell.dataset.pick)]));
    // A request whose last try was refused ends in a 502 too: the CLI writes `-` after it.
    if (g.dataset.outcome === 'failed') tokens.push('-');
    return tokens.join('>');
  }));
}

function readTanks(page) {
  return page.$eval('main#app', (app) => {
    const tanks = [...app.querySelectorAll('svg#tanks g.tank[data-node]')].sort((a, b) => a.dataset.node - b.dataset.node);
    const flags = (name) => tanks.filter((g) => g.hasAttribute(name)).map((g) => Number(g.dataset.node));
    return {
      step: Number(app.dataset.step),
      phase: app.dataset.phase,
      request: app.dataset.request,
      attempt: app.dataset.attempt,
      outcome: app.dataset.outcome,
      current: tanks.map((g) => Number(g.dataset.current)),
      added: tanks.map((g) => Number(g.dataset.added)),
      fails: tanks.map((g) => Number(g.dataset.fails)),
      selected: flags('data-selected'),
      refused: flags('data-refused'),
      tried: flags('data-tried'),
      dead: flags('data-dead'),
      crosses: app.querySelectorAll('svg#tanks .refused-mark').length,
      narration: app.querySelector('#narration').textContent,
    };
  });
}

async function phaseForward(page, step, phase) {
  await page.click('#phase-forward');
  await waitStep(page, step, phase);
}

describe('nginx as deployed', () => {
  const { open, browser, url } = usePageSuite();

  test('a dead server: the strip stacks each request\'s attempts as the real nginx made them', () => inTab(open(DEAD_C), async (page) => {
    await page.waitForSelector('svg#strip[data-mode="requests"] g.request');
    const strip = await readStrip(page);
    assert.equal(strip.slice(0, 30).join(' '), ISSUE_EXAMPLE);
    assert.equal(strip.slice(0, 30).join(' '), cli(['seq', '5,3,2', '--scenario', '@1 C dead max_fails=3 timeout=3600', '--steps', '30']).trim());
    // Request 3: C refused, A answered; its group says so.
    const third = await page.$eval('svg#strip g.request[data-request="3"]', (g) => ({ ...g.dataset }));
    assert.deepEqual([third.first, third.steps, third.outcome, third.attempts], ['3', '2', 'answered', '2 0']);
    assert.equal(await page.$$eval('svg#strip g.request[data-request="3"] rect.cell', (cells) => cells.map((c) => c.dataset.outcome).join(' ')), 'failed answered');
    // The metrics count requests and attempts apart, as `swrr-viz metrics --json` does.
    const metrics = await page.$eval('table#metrics', (t) => ({ ...t.dataset }));
    const expected = JSON.parse(cli(['metrics', '5,3,2', '--scenario', '@1 C dead max_fails=3 timeout=3600', '--steps', metrics.requests, '--json']));
    assert.equal(metrics.mode, 'requests');
    assert.deepEqual([metrics.answered, metrics.attempts, metrics.retries], [expected.answered, expected.attempts, expected.retries].map(String));
    assert.equal(Number(metrics.maxWindowVariance), expected.max_window_variance.variance);
  }));

  test('every server dead: the tries run out, then no server is left — each a 502, as the CLI says', () => inTab(open('#w=5%2C3&scenario=%402%20A%20dead%3B%20%402%20B%20dead&t=4'), async (page) => {
    await page.waitForSelector('svg#strip[data-mode="requests"] g.request');
    const strip = await readStrip(page);
    assert.deepEqual(strip.slice(0, 4), ['A', 'B>A>-', '-', '-']);
    assert.equal(strip.join(' '), cli(['seq', '5,3', '--scenario', '@2 A dead; @2 B dead', '--steps', String(strip.length)]).trim());
    const tanks = await readTanks(page);
    assert.deepEqual([tanks.request, tanks.outcome, tanks.selected], ['3', 'none', []]);
    assert.equal(await page.textContent('svg#tanks .none-left'), 'no server left → 502');
    assert.match(tanks.narration, /No server can be picked for request 3: nginx answers it with 502\./);
    const metrics = await page.$eval('table#metrics', (t) => ({ ...t.dataset }));
    assert.deepEqual([metrics.answered, metrics.badGateway], ['1', String(strip.length - 1)]);
  }));

  test('every server down: each request is a 502 with no attempt, as nginx answers it and the CLI says', () => inTab(open('#w=5%2C1&scenario=%401%20A%20down%3B%401%20B%20down&t=2'), async (page) => {
    // nginx 1.22.1 with every server `down` answers every request 502 ("no live upstreams"),
    // the same as with every server dead once no server is left: not a stopped run.
    await page.waitForSelector('svg#strip[data-mode="requests"] g.request');
    const strip = await readStrip(page);
    assert.ok(strip.length >= 4 && strip.every((token) => token === '-'), strip.join(' '));
    assert.equal(strip.join(' '), cli(['seq', '5,1', '--scenario', '@1 A down; @1 B down', '--steps', String(strip.length)]).trim());
    const tanks = await readTanks(page);
    assert.deepEqual([tanks.step, tanks.request, tanks.outcome, tanks.selected, tanks.added], [2, '2', 'none', [], [0, 0]]);
    assert.equal(await page.textContent('svg#tanks .none-left'), 'no server left → 502');
    assert.match(tanks.narration, /No server can be picked for request 2: nginx answers it with 502\./);
    const metrics = await page.$eval('table#metrics', (t) => ({ ...t.dataset }));
    assert.deepEqual([metrics.mode, metrics.answered, metrics.badGateway], ['requests', '0', String(strip.length)]);
    assert.equal(await page.getAttribute('#app', 'data-error'), null);
    assert.equal(await page.locator('table#trace tr[data-step="2"] td.outcome').textContent(), 'none left → 502');
  }));

  test('the refused attempt drains with a ✗, and the retry fills only the tanks not yet tried', async () => {
    const tab = await open(`${DEAD_C}&t=2`);
    const { page } = tab;
    await phaseForward(page, 3, 'fill');
    let tanks = await readTanks(page);
    assert.deepEqual([tanks.request, tanks.attempt], ['3', '1']);
    assert.deepEqual(tanks.current, [5, -1, 6]);
    await phaseForward(page, 3, 'pick');
    assert.deepEqual((await readTanks(page)).selected, [2]);
    await phaseForward(page, 3, 'drain');
    tanks = await readTanks(page);
    assert.deepEqual([tanks.outcome, tanks.refused, tanks.crosses], ['failed', [2], 1]);
    assert.deepEqual(tanks.current, [5, -1, -4]);
    assert.deepEqual(tanks.fails, [0, 0, 1]);
    assert.match(tanks.narration, /✗ C refuses the connection: nginx counts the failure \(1 of max_fails=3\), its effective weight is now 2, and request 3 is retried on the servers not yet tried\./);
    // The retry: C sits out (tried), A and B fill by 5 and 3, the total is 8.
    await phaseForward(page, 4, 'fill');
    tanks = await readTanks(page);
    assert.deepEqual([tanks.request, tanks.attempt, tanks.tried, tanks.refused, tanks.crosses], ['3', '2', [2], [], 0]);
    assert.deepEqual(tanks.added, [5, 3, 0]);
    assert.deepEqual(tanks.current, [10, 2, -4]);
    assert.match(tanks.narration, /Step 4, request 3, attempt 2: .*Already tried in this request, so not in this fill: C\./);
    await phaseForward(page, 4, 'pick');
    await phaseForward(page, 4, 'drain');
    tanks = await readTanks(page);
    assert.deepEqual([tanks.outcome, tanks.selected, tanks.current], ['answered', [0], [2, 2, -4]]);
    assert.match(tanks.narration, /A drains by 8: 10→2\. A answers request 3, at attempt 2\./);
    // The table says the same in words, with each server's fails and effective weight.
    const row = await page.$eval('table#trace tr[data-step="3"]', (tr) => ({
      ...tr.dataset,
      outcome: tr.querySelector('td.outcome').textContent,
      health: [...tr.querySelectorAll('td[data-fails]')].map((td) => `${td.dataset.fails}·${td.dataset.effective}`),
    }));
    assert.deepEqual([row.request, row.attempt, row.outcome], ['3', '1', 'failed, retried']);
    assert.deepEqual(row.health, ['0·5', '0·3', '1·2']);
    tab.assertNoErrors();
    await tab.close();
    // In Chinese: the retry's fill, and the table's outcome.
    const zh = await open(`${DEAD_C}&t=4&lang=zh`);
    await zh.page.click('#phase-back');
    await zh.page.waitForFunction(() => document.querySelector('main#app').dataset.phase === 'pick');
    await zh.page.click('#phase-back');
    await zh.page.waitForFunction(() => document.querySelector('main#app').dataset.phase === 'fill');
    assert.match(await zh.page.textContent('#narration'), /第 4 步，请求 3，第 2 次尝试：.*在这个请求中已经试过.*：C。/);
    assert.equal(await zh.page.$eval('table#trace tr[data-step="3"] td.outcome', (td) => td.textContent), '失败，重试');
    zh.assertNoErrors();
    await zh.close();
  });

  test('the story "C dies, and comes back" is in the preset list and replays the real nginx', () => inTab(open('#w=5%2C3%2C2'), async (page) => {
    await page.click('button.story[data-story="c-dies-and-comes-back"]');
    await page.waitForSelector('svg#strip[data-mode="requests"][data-requests="44"]');
    const recorded = JSON.parse(readFileSync(join(ROOT, 'tests/vectors/nginx-failures.json'), 'utf8'))
      .cases.find((c) => c.name === 'c-dies-and-comes-back');
    const tokens = recorded.upstream_addr.map((addr) => addr.split(', ').join('>'));
    assert.deepEqual(await readStrip(page), tokens);
    assert.equal(new URLSearchParams(new URL(page.url()).hash.slice(1)).get('scenario'), '@5 C dead; @31 C alive');
    assert.match(await page.textContent('#traffic-note'), /requests arrive one a second \(request k at second k − 1\)\./);
  }));

  test('an event of a run of requests is listed, marked and sought at its request, after the retries before it', () => inTab(open('#w=5%2C3%2C2&scenario=%405%20C%20dead%3B%20%4031%20C%20alive&t=31', { viewport: { width: 390, height: 844 } }), async (page) => {
    // C is refused at requests 8 and 25 and each retried, so request 31 starts at step 33: step 31
    // is request 29, before `@31 C alive` (the table's row and the narration say so too).
    const first = await page.getAttribute('svg#strip g.request[data-request="31"]', 'data-first');
    assert.equal(first, '33');
    const alive = 'ol#events li[data-kind="alive"]';
    assert.deepEqual(await page.$eval(alive, (li) => [li.dataset.step, li.dataset.at, li.dataset.past ?? null]), ['31', '33', null]);
    assert.equal(await page.getAttribute(`${alive} button`, 'aria-label'), '@31 C alive: go to step 33 (C)');
    assert.match(await page.textContent('table#trace tr[data-step="33"] td.events'), /@31 C alive/);
    const span = Number(await page.getAttribute('#scrubber', 'max'));
    const tick = await page.$eval('#ticks span.event[data-kind="alive"]', (s) => [s.dataset.eventStep, s.dataset.at, s.style.left]);
    assert.deepEqual(tick, ['31', '33', `${(32.5 / span) * 100}%`]);
    await page.click(`${alive} button`);
    await waitStep(page, 33);
    assert.equal(await page.getAttribute('main#app', 'data-request'), '31');
    assert.match(await page.textContent('#narration'), /^Events before this pick: @31 C alive\. Step 33, request 31, attempt 1:/);
    assert.equal(await page.getAttribute(alive, 'data-past'), 'true');
  }));

  test('a dispatch seed that is not digits is refused under its field, and the workers take the requests in turn', () => inTab(open('#w=5%2C3%2C2&workers=2&dispatch=4x'), async (page) => {
    await page.waitForSelector('#dispatch-error:not([hidden])');
    assert.equal(
      await page.textContent('#dispatch-error'),
      'dispatch seed "4x" is not a whole number from 0 to 18446744073709551615: write it with digits only, or leave it empty to send requests to the workers in turn',
    );
    assert.deepEqual([await page.inputValue('#dispatch'), await page.getAttribute('#dispatch', 'aria-invalid')], ['4x', 'true']);
    assert.equal(await page.textContent('#weights-summary'), '3 nodes · W = 10', 'workers count requests one by one: neither a period nor "does not repeat"');
    assert.match(await page.textContent('#traffic-note'), /2 worker processes.*get the requests in turn\./);
    // A seed of digits takes: the message goes and the URL keeps it.
    await page.fill('#dispatch', '7');
    await page.press('#dispatch', 'Enter');
    await page.waitForFunction(() => new URLSearchParams(location.hash.slice(1)).get('dispatch') === '7');
    assert.equal(await page.isVisible('#dispatch-error'), false);
    assert.equal(await page.getAttribute('#dispatch', 'aria-invalid'), 'false');
    assert.match(await page.textContent('#traffic-note'), /by a draw seeded 7/);
  }));

  test('the rate and the workers are settings in the URL; four workers show their own tanks and the merged unevenness', async () => {
    // Reduced motion: a step is drawn at once, so a second click is a second step.
    const tab = await open('#w=5%2C3%2C2', { reducedMotion: 'reduce' });
    const { page } = tab;
    assert.equal(await page.isVisible('#workers-view'), false);
    await page.fill('#workers', '4');
    await page.press('#workers', 'Enter');
    await page.waitForSelector('#workers-view[data-workers="4"]');
    await page.fill('#rate', '2');
    await page.press('#rate', 'Enter');
    await page.waitForFunction(() => new URLSearchParams(location.hash.slice(1)).get('rate') === '2');
    const hash = new URLSearchParams(new URL(page.url()).hash.slice(1));
    assert.deepEqual([hash.get('workers'), hash.get('rate'), hash.get('w')], ['4', '2', '5,3,2']);
    assert.match(await page.textContent('#traffic-note'), /requests arrive 2 a second.*4 worker processes, each with its own SWRR state \(no zone\), get the requests in turn\./);
    assert.equal(await page.locator('#workers-view g.worker').count(), 4);
    // Each worker's bars say whose they are.
    assert.deepEqual(
      await page.$$eval('#workers-view g.worker', (groups) => groups.map((g) => [...g.querySelectorAll('text.worker-node')].map((t) => `${t.dataset.node}:${t.textContent}`).join(' '))),
      Array(4).fill('0:A 1:B 2:C'),
    );
    // The merged sequence, as the CLI prints it for the same requests.
    await page.waitForSelector('svg#strip[data-mode="requests"] g.request');
    const strip = await readStrip(page);
    const args = ['5,3,2', '--workers', '4', '--rate', '2', '--steps', String(strip.length)];
    assert.equal(strip.join(' '), cli(['seq', ...args]).trim());
    const expected = JSON.parse(cli(['metrics', ...args, '--json']));
    const uneven = await page.$eval('#workers-unevenness', (p) => ({ ...p.dataset, text: p.textContent }));
    assert.equal(Number(uneven.windowVariance), expected.max_window_variance.variance);
    assert.equal(Number(uneven.longestRun), Math.max(...expected.nodes.map((n) => n.longest_run)));
    assert.equal(uneven.longestNode, 'A');
    assert.match(uneven.text, /a window of 10 reaches a share variance of 0\.0600, and A answers 8 in a row\./);
    // Step 2 is request 2, served by worker 2: its tanks move, the others keep theirs.
    for (const step of ['1', '2']) {
      await page.click('#forward');
      await page.waitForFunction((s) => document.querySelector('main#app').dataset.step === s, step);
    }
    const workers = await page.$eval('#workers-view', (view) => ({
      active: view.dataset.active,
      levels: [...view.querySelectorAll('g.worker')].map((g) => [...g.querySelectorAll('rect[data-node]')].map((r) => Number(r.dataset.current))),
    }));
    assert.equal(workers.active, '1');
    assert.deepEqual(workers.levels, [[-5, 3, 2], [-5, 3, 2], [0, 0, 0], [0, 0, 0]]);
    // A reload restores the traffic; the zone makes the workers share one state.
    await page.reload();
    await waitReady(page);
    assert.deepEqual([await page.inputValue('#workers'), await page.inputValue('#rate')], ['4', '2']);
    await page.check('#zone');
    await page.waitForFunction(() => new URLSearchParams(location.hash.slice(1)).get('zone') === '1');
    assert.equal(await page.isVisible('#workers-view'), false);
    assert.equal((await readStrip(page)).slice(0, 10).join(' '), 'A B C A A B A C B A');
    tab.assertNoErrors();
    await tab.close();
  });

  test('a link\'s rate and workers are taken up to the core\'s bounds, the fields say so, and beyond them the run has one of each', async () => {
    const core = await import(join(ROOT, 'www', 'pkg', 'swrr_viz.js'));
    core.initSync({ module: readFileSync(join(ROOT, 'www', 'pkg', 'swrr_viz_bg.wasm')) });
    const { maxRate, maxWorkers } = core.limits();
    await inTab(open(`#w=5%2C3%2C2&rate=${maxRate}&workers=${maxWorkers}`), async (page) => {
      await page.waitForSelector(`#workers-view[data-workers="${maxWorkers}"]`);
      assert.deepEqual([await page.inputValue('#rate'), await page.inputValue('#workers')], [String(maxRate), String(maxWorkers)]);
      assert.deepEqual([await page.getAttribute('#rate', 'max'), await page.getAttribute('#workers', 'max')], [String(maxRate), String(maxWorkers)]);
    });
    await inTab(open(`#w=5%2C3%2C2&rate=${maxRate + 1}&workers=${maxWorkers + 1}`), async (page) => {
      assert.deepEqual([await page.inputValue('#rate'), await page.inputValue('#workers')], ['1', '1']);
      assert.equal(await page.isVisible('#workers-view'), false);
    });
  });

  test('the scenario\'s help says that @N is request N in a run of requests, in English and Chinese', async () => {
    for (const [hash, said] of [['', /In a run of requests \(dead, alive, fail, backup, max_fails=, several workers\) @N means request N, which starts after the retries before it\./], ['&lang=zh', /按请求运行时（dead、alive、fail、backup、max_fails=、多个工作进程），@N 指第 N 个请求，它在之前各次重试之后开始。/]]) {
      await inTab(open(`#w=5%2C3%2C2&scenario=%405%20C%20dead%3B%20%4031%20C%20alive${hash}`, { viewport: { width: 390, height: 844 } }), async (page) => {
        assert.match(await page.textContent('#scenario-help'), said);
      });
    }
  });

  test('a rate, worker count or try limit typed out of range is said under the fields in the core\'s words, and the one in effect stays', async () => {
    for (const [viewport, colorScheme] of [[{ width: 390, height: 844 }, 'light'], [{ width: 1366, height: 768 }, 'dark']]) {
      await inTab(open('#w=5%2C3%2C2&scenario=%403%20C%20dead&workers=3&t=4', { viewport, colorScheme }), async (page) => {
        await page.waitForSelector('#workers-view[data-workers="3"]');
        const typed = async (field, text) => {
          await page.fill(field, text);
          await page.press(field, 'Enter');
        };
        await typed('#workers', '100');
        await page.waitForSelector('#traffic-error:not([hidden])');
        assert.equal(await page.textContent('#traffic-error'), 'workers must be a whole number from 1 to 64, got 100');
        assert.equal(await page.inputValue('#workers'), '3');
        assert.equal(await page.getAttribute('#workers-view', 'data-workers'), '3');
        assert.equal(new URLSearchParams(new URL(page.url()).hash.slice(1)).get('workers'), '3');
        // Said where it was typed: the message and the field are in the window together.
        const [field, line] = await Promise.all(['#workers', '#traffic-error'].map((s) => page.locator(s).boundingBox()));
        assert.ok(field.y >= 0 && line.y + line.height <= viewport.height, `field at ${field.y}, message down to ${line.y + line.height} in ${viewport.height}`);
        assert.match(await page.getAttribute('#workers', 'aria-describedby'), /\btraffic-error\b/);
        await typed('#rate', '0.5');
        await page.waitForFunction(() => document.querySelector('#traffic-error').textContent.includes('rate'));
        assert.equal(await page.textContent('#traffic-error'), 'workers must be a whole number from 1 to 64, got 100 · rate must be a whole number from 1 to 1000000, got "0.5"');
        assert.equal(await page.inputValue('#rate'), '1');
        // A good value is taken, and what was said of the refused ones goes with the run they were typed over.
        await typed('#workers', '2');
        await page.waitForSelector('#workers-view[data-workers="2"]');
        assert.equal(await page.isHidden('#traffic-error'), true);
        await typed('#tries', '2.5');
        await page.waitForSelector('#traffic-error:not([hidden])');
        assert.equal(await page.textContent('#traffic-error'), 'tries "2.5" is not a whole number from 0 to 10000: 0 gives each request as many tries as servers not down (nginx\'s default), N at most N attempts');
        assert.equal(await page.inputValue('#tries'), '0');
        await page.click('button.story[data-story="c-dies-and-comes-back"]');
        await page.waitForSelector('svg#strip[data-mode="requests"][data-requests="44"]');
        assert.equal(await page.isHidden('#traffic-error'), true);
      });
    }
  });

  test('the element reads the traffic from its attributes, live', () => inTab(openPage(browser(), `${url()}embed-demo.html`, { viewport: { width: 1000, height: 800 }, reducedMotion: 'reduce' }), async (page) => {
    await page.waitForSelector('swrr-viz#first[data-ready="true"]');
    await page.$eval('swrr-viz#first', (el) => {
      el.setAttribute('weights', '5,3,2');
      el.setAttribute('scenario', '@1 C dead max_fails=3 timeout=3600');
      el.setAttribute('workers', '2');
      el.seek(5);
    });
    const read = () => page.$eval('swrr-viz#first', (el) => {
      const root = el.shadowRoot;
      const app = root.querySelector('.swrr');
      return {
        request: app.dataset.request,
        outcome: app.dataset.outcome,
        workers: root.querySelector('#workers-view').dataset.workers,
        refused: [...root.querySelectorAll('g.tank[data-refused]')].map((g) => g.dataset.node),
      };
    });
    // Two workers in turn (`swrr-viz trace … --workers 2`): step 5 is request 5, worker 1's third,
    // its C refused.
    assert.deepEqual(await read(), { request: '5', outcome: 'failed', workers: '2', refused: ['2'] });
    await page.$eval('swrr-viz#first', (el) => el.setAttribute('zone', 'true'));
    assert.equal((await read()).workers, '0');
  }));
});
