// nginx's proxy_next_upstream_tries on the page, through the data-* contract: a link's tries=2
// with two of three servers dead shows the request that met both answered 502 where nginx
// answered it (the strip, the tanks, the narration, the metrics, as the CLI's --tries 2 says);
// the control beside the workers sets it and the URL keeps it; a link's or an attribute's
// refused value is said in the core's words while the default runs.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, test } from 'node:test';

import { CLI, ROOT, inTab, openPage, usePageSuite, waitStep } from './harness.mjs';

function cli(args) {
  if (!existsSync(CLI)) execFileSync('cargo', ['build', '--quiet', '--bin', 'swrr-viz'], { cwd: ROOT, stdio: 'inherit' });
  return execFileSync(CLI, args, { encoding: 'utf8' });
}

const TWO_DEAD = '@1 A dead;@1 B dead';
const LINK = `#w=5,3,2&scenario=${encodeURIComponent(TWO_DEAD)}&tries=2`;

/** The strip's requests as `seq` prints them: attempts joined by `>`, `-` after a 502. */
function readStrip(page) {
  return page.$$eval('svg#strip[data-mode="requests"] g.request', (groups) => groups.map((g) => {
    const tokens = [...g.querySelectorAll('rect.cell')].map((cell) => (cell.dataset.pick === undefined ? '-' : 'ABC'[Number(cell.dataset.pick)]));
    if (g.dataset.outcome === 'failed') tokens.push('-');
    return tokens.join('>');
  }));
}

const hashKey = (page, key) => page.evaluate((key) => new URLSearchParams(location.hash.slice(1)).get(key), key);

describe('tries per request (proxy_next_upstream_tries)', () => {
  const { open, browser, url } = usePageSuite();

  test('tries=2 with A and B dead: request 1 tries A, then B, and answers 502 without trying C', () => inTab(open(`${LINK}&t=2`, { reducedMotion: 'reduce' }), async (page) => {
    assert.equal(await page.inputValue('#tries'), '2');
    const app = await page.$eval('main#app', (a) => ({ ...a.dataset }));
    assert.deepEqual([app.step, app.request, app.attempt, app.outcome], ['2', '1', '2', 'failed']);
    assert.match(await page.textContent('#narration'), /✗ B refuses the connection and no try is left: nginx answers request 1 with 502\./);
    assert.match(await page.textContent('#traffic-note'), /Tries per request: at most 2 \(nginx’s proxy_next_upstream_tries 2\); when the last one fails, nginx answers 502\./);
    // The next step is request 2, not a third attempt of request 1.
    await page.click('#forward');
    await waitStep(page, 3);
    assert.deepEqual(await page.$eval('main#app', (a) => [a.dataset.request, a.dataset.attempt]), ['2', '1']);
    await page.waitForSelector('svg#strip[data-mode="requests"] g.request');
    const strip = await readStrip(page);
    // A and B sit out their fail_timeout (max_fails=1): C answers the next ones.
    assert.deepEqual(strip.slice(0, 4), ['A>B>-', 'C', 'C', 'C']);
    const args = ['5,3,2', '--scenario', TWO_DEAD, '--tries', '2', '--steps', String(strip.length)];
    assert.equal(strip.join(' '), cli(['seq', ...args]).trim());
    const first = await page.$eval('svg#strip g.request[data-request="1"]', (g) => ({ ...g.dataset }));
    assert.deepEqual([first.attempts, first.outcome], ['0 1', 'failed']);
    const metrics = await page.$eval('table#metrics', (t) => ({ ...t.dataset }));
    const expected = JSON.parse(cli(['metrics', '5,3,2', '--scenario', TWO_DEAD, '--tries', '2', '--steps', metrics.requests, '--json']));
    assert.deepEqual([metrics.badGateway, metrics.attempts], [expected.bad_gateway, expected.attempts].map(String));
    assert.ok(Number(metrics.badGateway) > 0);
  }));

  test('the control sets the tries and the URL keeps them; 0 is as many as servers', () => inTab(open(LINK, { reducedMotion: 'reduce' }), async (page) => {
    await page.fill('#tries', '0');
    await page.press('#tries', 'Enter');
    await page.waitForFunction(() => !new URLSearchParams(location.hash.slice(1)).has('tries'));
    await page.waitForFunction(() => document.querySelector('svg#strip g.request[data-request="1"]')?.dataset.attempts === '0 1 2');
    assert.equal((await readStrip(page))[0], 'A>B>C');
    await page.fill('#tries', '1');
    await page.press('#tries', 'Enter');
    await page.waitForFunction(() => new URLSearchParams(location.hash.slice(1)).get('tries') === '1');
    await page.waitForFunction(() => document.querySelector('svg#strip g.request[data-request="1"]')?.dataset.attempts === '0');
    assert.equal(await hashKey(page, 'scenario'), TWO_DEAD.replace(';', '; '));
    // Reloading restores it.
    await page.reload();
    await page.waitForSelector('main#app[data-ready="true"]');
    assert.equal(await page.inputValue('#tries'), '1');
  }));

  test('a link\'s tries the core refuses is said, in the page\'s language, and no limit runs', async () => {
    for (const [hash, said] of [
      ['tries=x', 'tries "x" is not a whole number from 0 to 10000: 0 gives each request as many tries as servers not down (nginx\'s default), N at most N attempts'],
      ['tries=10001&lang=zh', '尝试次数（tries）应为 0 到 10000 之间的整数，不能是 10001：0 表示每个请求的尝试次数与未标记 down 的服务器数相同（nginx 的默认值），N 表示最多尝试 N 次'],
    ]) {
      await inTab(open(`#w=5%2C3%2C2&${hash}`), async (page) => {
        await page.waitForFunction((said) => document.querySelector('#status').textContent === said, said);
        assert.equal(await page.inputValue('#tries'), '0');
      });
    }
  });

  test('the element reads tries="2"; a refused one is said in its box and the last good value runs', () => inTab(openPage(browser(), 'about:blank', { reducedMotion: 'reduce' }), async (page) => {
    const page_ = `${url()}element-tries.html`;
    await page.route(page_, (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><html lang="en"><head><meta charset="utf-8">
      <script type="module" src="swrr-viz.js"></script></head>
      <body><swrr-viz id="x" weights="5,3,2" scenario="${TWO_DEAD}" tries="2" step="2" panels="tanks explain controls"></swrr-viz></body></html>` }));
    await page.goto(page_);
    await page.waitForSelector('swrr-viz#x[data-ready="true"]');
    await page.waitForFunction(() => document.querySelector('swrr-viz#x').shadowRoot.querySelector('svg#tanks[data-outcome]'));
    const shown = () => page.$eval('swrr-viz#x', (host) => ({
      tries: host.shadowRoot.querySelector('#tries').value,
      outcome: host.shadowRoot.querySelector('svg#tanks')?.dataset.outcome,
      error: host.dataset.optionsError ?? null,
    }));
    let now = await shown();
    assert.deepEqual([now.tries, now.outcome, now.error], ['2', 'failed', null]);
    await page.$eval('swrr-viz#x', (host) => host.setAttribute('tries', 'two'));
    await page.waitForFunction(() => document.querySelector('swrr-viz#x').dataset.optionsError !== undefined);
    now = await shown();
    assert.equal(now.error, 'tries "two" is not a whole number from 0 to 10000: 0 gives each request as many tries as servers not down (nginx\'s default), N at most N attempts');
    assert.equal(now.tries, '2', 'the last good limit runs on');
  }));
});
