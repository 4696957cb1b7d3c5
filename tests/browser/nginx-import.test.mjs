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
