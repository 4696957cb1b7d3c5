// The page's nginx import (Export / import): what a config states of nginx's traffic — its try
// limit (proxy_next_upstream_tries, proxy_next_upstream off) and its worker processes, with or
// without a zone — is carried into the page's own fields and URL by "Use", and the notes about
// it name those fields, in English and Chinese, never the CLI's flags (whose words stay the core's).

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { inTab, usePageSuite } from './harness.mjs';

/** The QA's config (qa-s22 M2): primaries A=5 and B=3 with max_fails=0, backups C=1 and D=2, tries 2, 4 workers. */
const TRIES_AND_WORKERS = `worker_processes 4;
events { worker_connections 256; }
http {
  upstream backend {
    server 127.0.0.1:21700 weight=5 max_fails=0; # node A
    server 127.0.0.1:21701 weight=3 max_fails=0; # node B
    server 127.0.0.1:21702 weight=1 backup; # node C
    server 127.0.0.1:21703 weight=2 backup; # node D
  }
  server { listen 127.0.0.1:21790; location / { proxy_pass http://backend; proxy_next_upstream_tries 2; } }
}`;

/** QA s22b's c1.conf, shortened: two locations send to backend with tries 3 and 2, http_404 in /api/ only. */
const TWO_LOCATIONS = `worker_processes 2;
http {
  upstream backend {
    server 10.0.0.1:8080 weight=5;
    server 10.0.0.2:8080 weight=3;
  }
  server {
    location / {
      proxy_pass http://backend;
      proxy_next_upstream error timeout http_502;
      proxy_next_upstream_tries 3;
    }
    location /api/ {
      proxy_pass http://backend;
      proxy_next_upstream error http_404;
      proxy_next_upstream_tries 2;
    }
  }
}`;

const hashOf = (page) => page.evaluate(() => Object.fromEntries(new URLSearchParams(location.hash.slice(1))));

async function importConfig(page, text) {
  await page.click('#export');
  await page.fill('#nginx-import', text);
  await page.click('#nginx-read');
  await page.waitForSelector('#nginx-result:not([hidden]), #nginx-error:not([hidden])');
}

async function use(page) {
  await page.click('#nginx-use');
  await page.waitForFunction(() => !document.querySelector('#export-dialog').open);
}

const notes = (page) => page.$$eval('#nginx-result .import-notes li', (items) => items.map((li) => li.textContent));

describe('the nginx import carries the try limit and the workers into the page', () => {
  const { open } = usePageSuite();

  test('tries 2 and 4 workers: the notes name the page\'s fields, and Use sets them and the URL', () => inTab(open('#w=5%2C3%2C2', { reducedMotion: 'reduce' }), async (page) => {
    await importConfig(page, TRIES_AND_WORKERS);
    const result = await page.$eval('#nginx-result', (r) => ({ ...r.dataset }));
    assert.deepEqual([result.weights, result.tries, result.workers, result.zone], ['5,3,1,2', '2', '4', 'false']);
    const said = await notes(page);
    assert.ok(said.some((note) => note.includes('“Use” sets Tries per request to 2')), said.join('\n'));
    assert.ok(said.some((note) => note.includes('“Use” sets nginx workers to 4')), said.join('\n'));
    for (const note of said) assert.doesNotMatch(note, /--\w/, `a CLI flag on the page: ${note}`);
    await use(page);
    assert.equal(await page.inputValue('#tries'), '2');
    assert.equal(await page.inputValue('#workers'), '4');
    assert.equal(await page.isChecked('#zone'), false);
    const hash = await hashOf(page);
    assert.deepEqual([hash.w, hash.tries, hash.workers, hash.zone], ['5,3,1,2', '2', '4', undefined]);
    assert.equal(hash.scenario, '@1 A max_fails=0; @1 B max_fails=0; @1 C backup; @1 D backup');
    // The run is the config's: with A and B dead, request 1 meets both and nginx answers 502 (the
    // QA's 12 logged requests), where without the limit it would go on to the backups.
    await page.fill('#scenario', `${hash.scenario}; @1 A dead; @1 B dead`);
    await page.press('#scenario', 'Enter');
    await page.waitForFunction(() => document.querySelector('svg#strip g.request[data-request="1"]')?.dataset.attempts === '0 1');
    assert.equal(await page.getAttribute('svg#strip g.request[data-request="1"]', 'data-outcome'), 'failed');
  }));

  test('proxy_next_upstream off and workers with a zone: Tries 1, the zone ticked; in Chinese too', () => inTab(open('#w=5%2C3%2C2&lang=zh', { reducedMotion: 'reduce' }), async (page) => {
    await importConfig(page, 'worker_processes 3;\nhttp {\n upstream u { zone u 64k; server a.example weight=2; server b.example; }\n proxy_next_upstream off;\n}');
    const result = await page.$eval('#nginx-result', (r) => ({ ...r.dataset }));
    assert.deepEqual([result.tries, result.workers, result.zone], ['1', '3', 'true']);
    const said = await notes(page);
    assert.ok(said.some((note) => note.includes('“使用”会把“每个请求的尝试次数”设为 1')), said.join('\n'));
    assert.ok(said.some((note) => note.includes('“使用”会把“nginx 工作进程”设为 3，并勾选“共享 zone”')), said.join('\n'));
    for (const note of said) assert.doesNotMatch(note, /--\w/, `a CLI flag on the page: ${note}`);
    await use(page);
    assert.deepEqual([await page.inputValue('#tries'), await page.inputValue('#workers'), await page.isChecked('#zone')], ['1', '3', true]);
    const hash = await hashOf(page);
    assert.deepEqual([hash.tries, hash.workers, hash.zone], ['1', '3', '1']);
  }));

  test('what a config does not state is left as the page has it; worker_processes auto asks for the number', () => inTab(open('#w=5%2C3%2C2&tries=3&workers=2', { reducedMotion: 'reduce' }), async (page) => {
    await importConfig(page, 'worker_processes auto;\nupstream u { server a.example weight=2; server b.example; }');
    const result = await page.$eval('#nginx-result', (r) => ({ ...r.dataset }));
    assert.deepEqual(['tries', 'workers', 'zone'].filter((key) => key in result), []);
    const said = await notes(page);
    assert.ok(said.some((note) => note.includes('set nginx workers to the number of cores')), said.join('\n'));
    await use(page);
    assert.deepEqual([await page.inputValue('#tries'), await page.inputValue('#workers')], ['3', '2']);
  }));

  test('more workers than a run models and a limit no request reaches: said, and Use carries no limit and keeps the workers', () => inTab(open('#w=5%2C3%2C2&tries=3&workers=2', { reducedMotion: 'reduce' }), async (page) => {
    await importConfig(page, 'worker_processes 128;\nupstream u { server a.example weight=2; server b.example; }\nlocation / { proxy_next_upstream_tries 100000; }');
    const result = await page.$eval('#nginx-result', (r) => ({ ...r.dataset }));
    assert.deepEqual([result.tries, result.workers, result.zone], ['0', undefined, undefined]);
    const said = await notes(page);
    assert.ok(said.some((note) => note.startsWith('worker_processes 128 (line 1): swrr-viz runs 1 to 64 worker processes')), said.join('\n'));
    assert.ok(said.some((note) => note.includes('an upstream has at most 10000 servers, so no request reaches this limit')), said.join('\n'));
    assert.ok(!said.some((note) => note.includes('“Use” sets')), said.join('\n'));
    await use(page);
    assert.deepEqual([await page.inputValue('#tries'), await page.inputValue('#workers')], ['0', '2']);
  }));

  test('locations with different limits: one note names them and says Use takes the least; a 404 passed on in one location is said to be its only (QA s22b F2)', () => inTab(open('#w=5%2C3%2C2', { reducedMotion: 'reduce' }), async (page) => {
    await importConfig(page, TWO_LOCATIONS);
    assert.equal(await page.getAttribute('#nginx-result', 'data-tries'), '2');
    const said = await notes(page);
    const using = said.filter((note) => note.includes('“Use” sets Tries'));
    assert.deepEqual(using, [
      'The locations limit a request’s tries differently: location / (line 8) with proxy_next_upstream_tries 3 (line 11), location /api/ (line 13) with proxy_next_upstream_tries 2 (line 16). nginx applies each location’s own limit to its requests; the page runs one stream of requests, so one limit: “Use” sets Tries per request to the least, 2, that of location /api/ (line 13), whose requests get a 502 soonest.',
    ]);
    assert.ok(said.some((note) => note.startsWith('proxy_next_upstream error http_404 (line 15) holds for location /api/ (line 13) only:')), said.join('\n'));
    for (const note of said) assert.doesNotMatch(note, /--\w/, `a CLI flag on the page: ${note}`);
    await use(page);
    assert.equal(await page.inputValue('#tries'), '2');
    assert.equal((await hashOf(page)).tries, '2');
  }));

  test('the same in Chinese: the locations, their limits and the one Use takes', () => inTab(open('#w=5%2C3%2C2&lang=zh', { reducedMotion: 'reduce' }), async (page) => {
    await importConfig(page, TWO_LOCATIONS);
    const said = await notes(page);
    assert.ok(said.some((note) => note.startsWith('各个 location 对请求尝试次数的限制不同：location /（第 8 行）用 proxy_next_upstream_tries 3（第 11 行）、location /api/（第 13 行）用 proxy_next_upstream_tries 2（第 16 行）。')
      && note.includes('“使用”会把“每个请求的尝试次数”设为最小的 2，即 location /api/（第 13 行）的限制')), said.join('\n'));
    assert.ok(said.some((note) => note.startsWith('proxy_next_upstream error http_404（第 15 行）只对 location /api/（第 13 行）有效')), said.join('\n'));
  }));

  test('lines nginx refuses, and worker_processes 0, are said to be ignored: no data-workers="0", Use keeps the page\'s fields (QA s22b F10)', () => inTab(open('#w=5%2C3%2C2&tries=3&workers=2', { reducedMotion: 'reduce' }), async (page) => {
    const block = 'upstream a { server 10.0.0.1; server 10.0.0.2; }';
    const cases = [
      [`worker_processes 0;\n${block}`, 'Ignored: worker_processes 0 (line 1): nginx accepts it, but then starts no worker process and answers no request.'],
      [`worker_processes lots;\n${block}`, 'Ignored: worker_processes lots (line 1), which nginx refuses: worker_processes takes one whole number, or auto.'],
      [`${block}\nproxy_next_upstream_tries -1;`, 'Ignored: proxy_next_upstream_tries -1 (line 2), which nginx refuses: a try limit is one whole number, 0 for none.'],
    ];
    await page.click('#export');
    for (const [text, note] of cases) {
      await page.fill('#nginx-import', text);
      await page.click('#nginx-read');
      await page.waitForSelector('#nginx-result:not([hidden])');
      const result = await page.$eval('#nginx-result', (r) => ({ ...r.dataset }));
      assert.deepEqual([result.tries, result.workers, result.zone], [undefined, undefined, undefined], text);
      assert.deepEqual(await notes(page), [note]);
    }
    // A duplicate: the first line is read and carried, the second said.
    await page.fill('#nginx-import', `worker_processes 4;\nworker_processes 8;\n${block}`);
    await page.click('#nginx-read');
    await page.waitForFunction(() => document.querySelector('#nginx-result').dataset.workers === '4');
    const said = await notes(page);
    assert.equal(said.at(-1), 'Ignored: worker_processes 8 (line 2), which nginx refuses (is duplicate): line 1 gives it already.');
    // worker_processes 0: Use leaves the page's workers and tries as they were.
    await page.fill('#nginx-import', cases[0][0]);
    await page.click('#nginx-read');
    await page.waitForFunction(() => !('workers' in document.querySelector('#nginx-result').dataset));
    await use(page);
    assert.deepEqual([await page.inputValue('#tries'), await page.inputValue('#workers')], ['3', '2']);
    const hash = await hashOf(page);
    assert.deepEqual([hash.tries, hash.workers], ['3', '2']);
  }));

  test('in Chinese, the ignored lines say so', () => inTab(open('#w=5%2C3%2C2&lang=zh', { reducedMotion: 'reduce' }), async (page) => {
    await importConfig(page, 'worker_processes 0;\nworker_processes 2;\nupstream a { server 10.0.0.1; server 10.0.0.2; }');
    assert.deepEqual(await notes(page), [
      '已忽略：worker_processes 0（第 1 行）：nginx 接受这一行，但随后不启动任何工作进程，也不响应任何请求。',
      '已忽略：worker_processes 2（第 2 行），nginx 不接受（is duplicate）：第 1 行已经写过。',
    ]);
    assert.equal(await page.getAttribute('#nginx-result', 'data-workers'), null);
  }));

  test('two upstream blocks: the error says to paste one, not which flag to run with', () => inTab(open('#w=5%2C3%2C2', { reducedMotion: 'reduce' }), async (page) => {
    await importConfig(page, 'upstream one { server a; }\nupstream two { server b; }');
    const error = await page.textContent('#nginx-error');
    assert.match(error, /^Cannot read it: there are 2 upstream blocks, .*: swrr-viz reads one at a time: paste that block alone$/);
  }));
});

test('the page\'s own wording of a core message has the core\'s parameters, in both languages', async () => {
  const { default: core } = await import('../../www/core-messages.js');
  const { default: en } = await import('../../www/words/en/sharing.js');
  const { default: zh } = await import('../../www/words/zh/sharing.js');
  const paramsOf = (text) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();
  const own = Object.keys(en).filter((key) => key.startsWith('page.'));
  assert.ok(own.length >= 8, own.join());
  for (const key of own) {
    const code = key.slice('page.'.length);
    assert.ok(code in core, `${key}: no core message ${code}`);
    assert.deepEqual(paramsOf(en[key]), [...core[code].params].sort(), key);
    assert.deepEqual(paramsOf(zh[key]), [...core[code].params].sort(), `${key} (Chinese)`);
    assert.doesNotMatch(en[key], /--\w/, key);
    assert.doesNotMatch(zh[key], /--\w/, `${key} (Chinese)`);
  }
});
