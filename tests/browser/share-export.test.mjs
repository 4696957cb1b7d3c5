// Share / Embed, embed mode, Export / import on the page: every exported file has the content the
// CLI gives for the same run (byte for byte where the CLI has the document); each share snippet
// reproduces the state (the link, the iframe snippet and the element snippet on a blank page of
// another origin); the nginx block round-trips through the import.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';

import { startServer as startStaticServer } from '../../scripts/serve.mjs';
import { CLI, ROOT, inTab, openPage, screenshot, startServer, usePageSuite, waitReady } from './harness.mjs';


function cli(...args) {
  if (!existsSync(CLI)) execFileSync('cargo', ['build', '--quiet', '--bin', 'swrr-viz'], { cwd: ROOT, stdio: 'inherit' });
  return execFileSync(CLI, args, { encoding: 'utf8' });
}

/** Clicks an export button and returns the saved file's name and text (or bytes). */
async function saveExport(page, id, { binary = false } = {}) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(`#export-dialog [data-export="${id}"]`)]);
  const path = await download.path();
  const data = await readFile(path);
  return { name: download.suggestedFilename(), text: binary ? null : data.toString('utf8'), bytes: data };
}

/** Levels and names of the page's tanks (or an element's, through its shadow root). */
function tanks(page, host = null) {
  return page.evaluate((selector) => {
    const root = selector ? document.querySelector(selector).shadowRoot : document;
    const nodes = [...root.querySelectorAll('svg#tanks g.tank[data-node]')].sort((a, b) => a.dataset.node - b.dataset.node);
    return {
      current: nodes.map((g) => Number(g.dataset.current)),
      picks: nodes.map((g) => Number(g.dataset.picks)),
      names: nodes.map((g) => g.querySelector('.name')?.textContent),
      markup: nodes.some((g) => g.querySelector('i')),
    };
  }, host);
}

/** Parses an SVG text in the page: well-formed or the parser's message. */
function parseSvg(page, text) {
  return page.evaluate((source) => {
    // Without its styles: a document parsed in the page falls under the page's
    // Content-Security-Policy, which refuses inline styles (only data and shapes are read here).
    const bare = source.replace(/<style[\s\S]*?<\/style>/g, '').replace(/\sstyle="[^"]*"/g, '');
    const doc = new DOMParser().parseFromString(bare, 'image/svg+xml');
    const error = doc.querySelector('parsererror');
    const root = doc.documentElement;
    return {
      error: error ? error.textContent : null,
      root: root.nodeName,
      classes: doc.querySelectorAll('[class]').length,
      paths: [...doc.querySelectorAll('path[data-node]')].map((p) => ({ node: p.dataset.node, stroke: p.getAttribute('stroke'), fill: p.getAttribute('fill') })),
      current: [...doc.querySelectorAll('g.tank[data-node]')].map((g) => Number(g.dataset.current)),
    };
  }, text);
}

function pngSize(bytes) {
  assert.deepEqual([...bytes.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], 'a PNG signature');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Pastes `text` into the import box and reads it; resolves once `shows` (the result or the error) appears. */
async function readBlock(page, text, shows) {
  await page.fill('#nginx-import', text);
  await page.click('#nginx-read');
  await page.waitForSelector(`${shows}:not([hidden])`);
}

/** Uses the block read: the dialog closes and the page shows its `count` tanks. */
async function useBlock(page, count) {
  await page.click('#nginx-use');
  await page.waitForFunction(() => !document.querySelector('#export-dialog').open);
  await page.waitForFunction((n) => document.querySelectorAll('g.tank').length === n, count);
}

describe('share, embed and export', () => {
  const suite = usePageSuite();

  test('exported files equal the CLI documents for the same run', () => inTab(openPage(suite.browser(), `${suite.url()}index.html#w=5%2C3%2C2&t=5`, { reducedMotion: 'reduce' }), async (page) => {
    await waitReady(page);
    await page.waitForSelector('section.plots[data-status="ready"]');
    await page.click('#export');
    await page.waitForSelector('#export-dialog[open]');

    const csv = await saveExport(page, 'trace-csv');
    assert.equal(csv.name, 'swrr-5-3-2-trace.csv');
    assert.equal(csv.text, cli('trace', '5,3,2', '--steps', '10', '--format', 'csv'));
    assert.equal(csv.text.split('\n')[0], 'step,A added,B added,C added,winner,tied,A after,B after,C after');
    const json = await saveExport(page, 'trace-json');
    assert.equal(json.text, cli('trace', '5,3,2', '--steps', '10', '--format', 'json'));
    assert.deepEqual(JSON.parse(json.text).steps[4].drained, [-5, 5, 0]);
    const markdown = await saveExport(page, 'trace-markdown');
    assert.equal(markdown.name, 'swrr-5-3-2-trace.md');
    assert.equal(markdown.text, cli('trace', '5,3,2', '--steps', '10', '--format', 'markdown'));

    // The frame: the CLI's picture, with the levels the page shows.
    const shown = await tanks(page);
    const frame = await saveExport(page, 'frame-svg');
    assert.equal(frame.name, 'swrr-5-3-2-step5.svg');
    assert.equal(frame.text, cli('svg', '5,3,2', '--kind', 'tanks', '--step', '5', '--theme', 'light'));
    const parsed = await parseSvg(page, frame.text);
    assert.equal(parsed.error, null);
    assert.deepEqual(parsed.current, shown.current);
    assert.deepEqual(shown.current, [-5, 5, 0]);
    const framePng = await saveExport(page, 'frame-png', { binary: true });
    assert.equal(framePng.name, 'swrr-5-3-2-step5.png');
    const size = pngSize(framePng.bytes);
    const svgWidth = Number(/width="(\d+)"/.exec(frame.text)[1]);
    assert.equal(size.width, 2 * svgWidth, 'rasterised at twice the SVG size');

    const strip = await saveExport(page, 'strip-svg');
    assert.equal(strip.text, cli('svg', '5,3,2', '--kind', 'strip', '--steps', '10', '--step', '5', '--theme', 'light'));
    pngSize((await saveExport(page, 'strip-png', { binary: true })).bytes);

    // A plot of the page: standalone (styles inlined, no classes), one path per node.
    const lag = await saveExport(page, 'plot-lag-svg');
    assert.equal(lag.name, 'swrr-5-3-2-plot-lag.svg');
    const lagSvg = await parseSvg(page, lag.text);
    assert.equal(lagSvg.error, null);
    assert.equal(lagSvg.root, 'svg');
    assert.equal(lagSvg.classes, 0);
    assert.deepEqual(lagSvg.paths.map((p) => p.node), ['0', '1', '2']);
    assert.ok(lagSvg.paths.every((p) => /^rgb/.test(p.stroke)), JSON.stringify(lagSvg.paths));
    const runsPng = pngSize((await saveExport(page, 'plot-runs-png', { binary: true })).bytes);
    assert.ok(runsPng.width > 100 && runsPng.height > 50);

    // nginx: the block shown and downloaded is the CLI's.
    const block = cli('nginx', '5,3,2');
    assert.equal(await page.inputValue('#nginx-export'), block);
    assert.equal((await saveExport(page, 'nginx-download')).text, block);
    assert.equal(await page.getAttribute('#export-dialog', 'data-last-file'), 'swrr-5-3-2-upstream.conf');
  }));

  test('with failures the trace is named by its requests, as the CLI counts them', () => inTab(openPage(suite.browser(), `${suite.url()}index.html#w=5%2C3%2C2&t=5&scenario=%403%20A%20dead`, { reducedMotion: 'reduce' }), async (page) => {
    await waitReady(page);
    await page.click('#export');
    await page.waitForSelector('#export-dialog[open]');
    assert.equal(await page.textContent('#export-dialog .export-section h3'), 'Trace, requests 1–10 (with every attempt)');
    const csv = await saveExport(page, 'trace-csv');
    assert.equal(csv.text, cli('trace', '5,3,2', '--scenario', '@3 A dead', '--steps', '10', '--format', 'csv'));
    const rows = csv.text.trim().split('\n').slice(1).map((line) => line.split(','));
    const request = csv.text.split('\n')[0].split(',').indexOf('request');
    assert.equal(rows.at(-1)[request], '10', 'the last row is request 10');
    assert.ok(rows.length > 10, `${rows.length} attempts`);
  }));

  test('a run whose plots are not drawn offers no plot to save, and says why', async () => {
    const runs = [
      // A run of requests (failures): the plots panel is the requests' strip and metrics.
      ['w=5%2C3%2C2&scenario=%401%20C%20dead%20max_fails%3D3%20timeout%3D3600&t=4', 'section.plots[data-mode="requests"][data-status="ready"]'],
      // A scenario of weights and health: the plots compare with fixed shares, so they are not drawn.
      ['w=5%2C3%2C2&scenario=%4013%20C%20down%3B%20%4023%20C%20up', 'section.plots[data-status="unsupported"]'],
    ];
    for (const [hash, settled] of runs) {
      await inTab(openPage(suite.browser(), `${suite.url()}index.html#${hash}`, { reducedMotion: 'reduce' }), async (page) => {
        await waitReady(page);
        await page.waitForSelector(settled, { state: 'attached' });
        await page.click('#export');
        await page.waitForSelector('#export-dialog[open]');
        const plots = await page.$eval('#export-dialog [data-plots]', (section) => ({
          state: section.dataset.plots,
          title: section.querySelector('h3').textContent,
          note: section.querySelector('.note')?.textContent,
        }));
        assert.deepEqual(plots, {
          state: 'not-drawn',
          title: 'Plots',
          note: 'The plots are not drawn for this run (the Plots panel says why), so there is no plot to save.',
        }, hash);
        assert.deepEqual(await page.$$eval('#export-dialog [data-export^="plot-"]', (buttons) => buttons.map((b) => b.dataset.export)), [], hash);
        // The trace and the strip are still offered, and save what they name.
        assert.ok((await saveExport(page, 'strip-svg')).text.includes('<svg'), hash);
      });
    }
  });

  test('drawn plots are offered: the dialog\'s plots section is ready with ten buttons', () => inTab(openPage(suite.browser(), `${suite.url()}index.html#w=5%2C3%2C2&t=5`, { reducedMotion: 'reduce' }), async (page) => {
    await waitReady(page);
    await page.waitForSelector('section.plots[data-status="ready"]', { state: 'attached' });
    await page.click('#export');
    await page.waitForSelector('#export-dialog[open]');
    assert.equal(await page.getAttribute('#export-dialog [data-plots]', 'data-plots'), 'ready');
    assert.deepEqual(await page.$$eval('#export-dialog [data-export^="plot-"]', (buttons) => buttons.map((b) => b.dataset.export)), [
      'plot-levels-svg', 'plot-levels-png', 'plot-lag-svg', 'plot-lag-png', 'plot-window-svg', 'plot-window-png',
      'plot-longest-svg', 'plot-longest-png', 'plot-runs-svg', 'plot-runs-png',
    ]);
  }));

  test('another algorithm exports its own trace and strip, and says why there is no tank picture', () => inTab(openPage(suite.browser(), `${suite.url()}index.html#w=2%2C2%2C1&algo=edf&t=3`, { reducedMotion: 'reduce' }), async (page) => {
    await waitReady(page);
    await page.click('#export');
    assert.equal(await page.$('[data-export="frame-svg"]'), null);
    assert.match(await page.textContent('#export-dialog'), /edf has none/);
    assert.equal((await saveExport(page, 'trace-csv')).text, cli('trace', '2,2,1', '--algo', 'edf', '--steps', '5', '--format', 'csv'));
    assert.equal((await saveExport(page, 'strip-svg')).text, cli('svg', '2,2,1', '--algo', 'edf', '--kind', 'strip', '--steps', '5', '--step', '3', '--theme', 'light'));
  }));

  test('an nginx block exported from the page imports back to the same weights', async () => {
    const weights = 'gpu=5 10.0.0.1:80=3 <b>x</b>=0 app.example.com=2';
    const tab = await openPage(suite.browser(), `${suite.url()}index.html#w=${encodeURIComponent(weights)}`);
    const { page } = tab;
    await waitReady(page);
    await page.click('#export');
    const block = await page.inputValue('#nginx-export');
    assert.match(block, /server 127\.0\.0\.1:8001 weight=5;  # node gpu\n/);
    assert.match(block, /server 127\.0\.0\.1:8002 down;  # node <b>x<\/b> \(weight 0: never picked\)\n/);
    await page.keyboard.press('Escape');

    // Something else on screen, then the block back in.
    await page.fill('#weights', '1,1');
    await page.waitForFunction(() => document.querySelectorAll('g.tank').length === 2);
    await page.click('#export');
    await readBlock(page, `http {\n  upstream shop {\n${block}\n  }\n}`, '#nginx-error');
    assert.match(await page.textContent('#nginx-error'), /Cannot read it: line 5: unknown directive "upstream" in an upstream block/);

    await readBlock(page, block, '#nginx-result');
    assert.equal(await page.getAttribute('#nginx-result', 'data-weights'), weights);
    assert.equal(await page.$$eval('#nginx-result tr[data-node]', (rows) => rows.length), 4);
    await useBlock(page, 4);
    assert.equal(await page.inputValue('#weights'), weights);
    const hash = new URLSearchParams((await page.evaluate(() => location.hash)).slice(1));
    assert.equal(hash.get('w'), weights);
    const shown = await tanks(page);
    assert.deepEqual(shown.names, ['gpu', '10.0.0.1:80', '<b>x</b>', 'app.example.com']);
    assert.equal(shown.markup, false);

    // A bad block names the line and the token, and leaves the weights alone.
    await page.click('#export');
    await readBlock(page, 'upstream b {\n  server a.example wieght=5;\n}', '#nginx-error');
    assert.equal(await page.textContent('#nginx-error'), 'Cannot read it: line 2, column 20: unknown server parameter "wieght=5": expected weight=N, max_fails=N, fail_timeout=TIME, backup or down (or max_conns=N, slow_start=TIME, resolve, route=, service=, drain)');
    assert.equal(await page.getAttribute('#nginx-import', 'aria-invalid'), 'true');
    assert.equal(await page.isHidden('#nginx-use'), true);
    // Read on an emptied box says what to paste; emptying it by typing says nothing.
    await page.fill('#nginx-import', '');
    await page.waitForSelector('#nginx-error[hidden]', { state: 'attached' });
    await readBlock(page, '  ', '#nginx-error');
    assert.equal(await page.textContent('#nginx-error'), 'Cannot read it: the text is empty: paste an upstream block, e.g. upstream backend { server 10.0.0.1 weight=5; server 10.0.0.2 weight=3; }');
    tab.assertNoErrors();
    await tab.close();
  });

  test('an imported block\'s backup, down and max_fails become the scenario, and export back', () => inTab(openPage(suite.browser(), `${suite.url()}index.html`), async (page) => {
    await waitReady(page);
    await page.click('#export');
    await readBlock(page, 'upstream app {\n  server a.example weight=5;\n  server b.example weight=3 max_fails=3 fail_timeout=1m;\n  server c.example weight=2 down;\n  server d.example backup;\n}', '#nginx-result');
    const scenario = '@1 b.example max_fails=3 timeout=60; @1 c.example down; @1 d.example backup';
    assert.equal(await page.getAttribute('#nginx-result', 'data-weights'), 'a.example=5 b.example=3 c.example=2 d.example=1');
    assert.equal(await page.getAttribute('#nginx-result', 'data-scenario'), scenario);
    assert.deepEqual(await page.$$eval('#nginx-result tr[data-node] td:nth-child(3)', (cells) => cells.map((c) => c.textContent)), ['5', '3', '2, down', '1, backup']);
    assert.equal(await page.textContent('#nginx-use'), 'Use these weights and events');
    await useBlock(page, 4);
    assert.equal(await page.inputValue('#scenario'), scenario);
    const hash = new URLSearchParams((await page.evaluate(() => location.hash)).slice(1));
    assert.equal(hash.get('scenario'), scenario);
    // C is out of the pool from the first request.
    await page.click('#forward');
    await page.waitForFunction(() => document.querySelector('#app').dataset.step === '1' && document.querySelector('#app').dataset.phase === 'drain');
    assert.equal(await page.getAttribute('g.tank[data-node="2"]', 'data-eligible'), 'false');
    // Exported again, the block holds the parameters, as the CLI writes them.
    await page.click('#export');
    const block = await page.inputValue('#nginx-export');
    assert.equal(block, cli('nginx', 'a.example=5 b.example=3 c.example=2 d.example=1', '--scenario', scenario));
    assert.match(block, /server b\.example weight=3 max_fails=3 fail_timeout=1m;\n/);
    assert.match(block, /server d\.example weight=1 backup;\n/);
  }));

  test('a file name keeps every node, names in any script; too long, each name is cut alike', async () => {
    const exported = async (weights, id = 'frame-svg') => {
      let name = null;
      await inTab(openPage(suite.browser(), `${suite.url()}index.html#w=${encodeURIComponent(weights)}&t=5&phase=pick`, { reducedMotion: 'reduce' }), async (page) => {
        await waitReady(page);
        await page.click('#export');
        await page.waitForSelector('#export-dialog[open]');
        name = (await saveExport(page, id)).name;
      });
      return name;
    };
    assert.equal(await exported('北京=5,שרת=3,VeryLongServerNameNumberOneHundred=2,é=1'), 'swrr-北京-5-שרת-3-VeryLongServerNameNumberOneHundred-2-é-1-step6-pick.svg');
    assert.equal(await exported('<i>q</i>=2 a\u200bb=1', 'trace-csv'), 'swrr-i-q-i-2-ab-1-trace.csv', 'only characters every file system takes');
    // Twelve names of 20 or 21 characters (about 60 bytes each in UTF-8) that differ at their end: each cut to the
    // same length, its head and tail kept, every weight kept.
    const long = Array.from({ length: 12 }, (_, i) => `${'服务器'.repeat(6)}${'甲乙丙丁戊己庚辛壬癸子丑'[i]}${i + 1}=${i + 1}`).join(' ');
    const name = await exported(long);
    assert.ok(new TextEncoder().encode(name).length <= 255, `${name}: ${new TextEncoder().encode(name).length} bytes`);
    const parts = name.replace(/^swrr-|-step6-pick\.svg$/g, '').split('-');
    assert.deepEqual(parts.filter((_, i) => i % 2 === 1), Array.from({ length: 12 }, (_, i) => String(i + 1)), name);
    const words = parts.filter((_, i) => i % 2 === 0);
    assert.equal(new Set(words.map((word) => [...word].length)).size, 1, `every name cut alike: ${name}`);
    assert.equal(new Set(words).size, 12, `head and tail kept, where the names differ: ${name}`);
  });

  test('a scenario of backups only exports no block: the reason nginx would refuse it', () => inTab(openPage(suite.browser(), `${suite.url()}index.html#w=5%2C3%2C2&scenario=${encodeURIComponent('@1 A backup; @1 B backup; @1 C backup')}`, { reducedMotion: 'reduce' }), async (page) => {
    await waitReady(page);
    await page.click('#export');
    await page.waitForSelector('#export-dialog[open]');
    assert.equal(await page.inputValue('#nginx-export'), '');
    assert.equal(await page.textContent('#nginx-export-error'), 'No block to export, as nginx would refuse it: every server is a backup: nginx refuses an upstream of backups only ("no servers in upstream"): give at least one server without backup');
    assert.equal(await page.isDisabled('[data-export="nginx-download"]'), true);
    // The trace still exports.
    assert.equal((await saveExport(page, 'trace-csv')).name, 'swrr-5-3-2-trace.csv');
  }));

  test('the link, the iframe snippet and the element snippet reproduce the state', async () => {
    const weights = 'gpu=5 cpu=3 <i>q</i>=2';
    const tab = await openPage(suite.browser(), `${suite.url()}index.html#w=${encodeURIComponent(weights)}&t=7&tie=last&speed=2&theme=dark`, { reducedMotion: 'reduce' });
    const { page } = tab;
    await waitReady(page);
    const original = await tanks(page);
    assert.equal(original.names[2], '<i>q</i>');
    await page.click('#share');
    await page.waitForSelector('#share-dialog[open]');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'share-link', 'focus moves into the dialog');
    const link = await page.inputValue('#share-link');
    // The iframe's height is measured: the page in embed mode at 760 px for this state.
    await page.waitForSelector('#share-iframe[data-height]');
    const iframe = await page.inputValue('#share-iframe');
    const element = await page.inputValue('#share-element');
    assert.match(iframe, /^<iframe src="http:\/\/127\.0\.0\.1:\d+\/index\.html#w=gpu%3D5%20cpu%3D3%20%3Ci%3Eq%3C%2Fi%3E%3D2&amp;t=7&amp;tie=last&amp;speed=2&amp;theme=dark&amp;embed=1" title="Smooth Weighted Round-Robin: gpu=5 cpu=3 &lt;i&gt;q&lt;\/i&gt;=2, step by step" width="760" height="(\d+)"/);
    const height = Number(iframe.match(/height="(\d+)"/)[1]);
    assert.equal(String(height), await page.getAttribute('#share-iframe', 'data-height'));
    assert.ok(height > 720, `${height}: more than the 720 a fixed snippet gave, as this state needs`);
    assert.equal(element, `<script type="module" src="${suite.url()}swrr-viz.js" blocking="render"></script>\n<swrr-viz weights="gpu=5 cpu=3 &lt;i&gt;q&lt;/i&gt;=2" step="7" tie="last" speed="2" theme="dark"></swrr-viz>`);
    // Copy: the clipboard where allowed, else the text is selected for Ctrl+C.
    await page.click('#share-dialog [data-copy="share-iframe"]');
    await page.waitForFunction(() => document.querySelector('#share-dialog .dialog-status').textContent !== '');
    assert.match(await page.textContent('#share-dialog .dialog-status'), /Copied to the clipboard\.|press Ctrl\+C/);
    // Keyboard: Escape closes, focus returns to the button.
    await page.keyboard.press('Escape');
    assert.equal(await page.evaluate(() => document.querySelector('#share-dialog').open), false);
    assert.equal(await page.evaluate(() => document.activeElement.id), 'share');
    tab.assertNoErrors();

    // 1. The link.
    const linked = await openPage(suite.browser(), link, { reducedMotion: 'reduce' });
    await waitReady(linked.page);
    assert.deepEqual(await tanks(linked.page), original);
    assert.equal(await linked.page.getAttribute('html', 'data-theme'), 'dark');
    linked.assertNoErrors();
    await linked.close();

    // 2 and 3: the snippets pasted into blank pages served from another origin.
    const dir = await mkdtemp(join(tmpdir(), 'swrr-snippets-'));
    const other = await startStaticServer({ root: dir, host: '127.0.0.1', port: 0 });
    try {
      await writeFile(join(dir, 'iframe.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>iframe</title></head><body>\n${iframe}\n</body></html>\n`);
      await writeFile(join(dir, 'element.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>element</title></head><body>\n${element}\n</body></html>\n`);

      const framed = await openPage(suite.browser(), `${other.url}iframe.html`, { reducedMotion: 'reduce' });
      const frameHandle = await framed.page.waitForSelector('iframe');
      const frame = await frameHandle.contentFrame();
      await frame.waitForSelector('main#app[data-ready="true"]');
      assert.deepEqual(await tanks(frame), original);
      assert.equal(await frame.isVisible('header.masthead'), false, 'embed mode hides the masthead');
      assert.equal(await frame.$('#weights'), null, 'and the editor');
      assert.ok(await frame.$('#play'), 'the controls stay');
      const fits = await frame.evaluate(() => [document.documentElement.scrollHeight, innerHeight]);
      assert.ok(fits[0] <= fits[1] + 1, `the page in the frame fits its height: ${fits}`);
      const full = await frame.getAttribute('#open-full', 'href');
      assert.ok(full.includes('t=7') && !full.includes('embed'), full);
      assert.equal(await frameHandle.getAttribute('title'), `Smooth Weighted Round-Robin: ${weights}, step by step`);
      await screenshot(framed.page, 'share-iframe-snippet');
      framed.assertNoErrors();
      await framed.close();

      const blank = await openPage(suite.browser(), `${other.url}element.html`, { reducedMotion: 'reduce' });
      await blank.page.waitForSelector('swrr-viz[data-ready="true"]');
      assert.deepEqual(await tanks(blank.page, 'swrr-viz'), original);
      assert.equal(await blank.page.getAttribute('swrr-viz', 'data-step'), '7');
      await screenshot(blank.page, 'share-element-snippet');
      blank.assertNoErrors();
      await blank.close();
    } finally {
      await other.close();
      await rm(dir, { recursive: true, force: true });
    }
    await tab.close();
  });

  test('after a switch of language the dialogs open in the new one', () => inTab(openPage(suite.browser(), `${suite.url()}index.html#w=5%2C3%2C2&t=5&lang=en`, { reducedMotion: 'reduce' }), async (page) => {
    await waitReady(page);
    const words = () => page.evaluate(() => ({
      share: document.querySelector('#share-dialog-title')?.textContent,
      link: document.querySelector('label[for="share-link"]')?.textContent,
      exported: document.querySelector('#export-dialog-title')?.textContent,
      read: document.querySelector('#nginx-read')?.textContent,
    }));
    for (const [button, dialog] of [['#share', '#share-dialog'], ['#export', '#export-dialog']]) {
      await page.click(button);
      await page.waitForSelector(`${dialog}[open]`);
      await page.keyboard.press('Escape');
    }
    assert.deepEqual(await words(), { share: 'Share / Embed', link: 'Link to this state', exported: 'Export / import', read: 'Read' });
    await page.selectOption('#language', 'zh');
    await page.waitForFunction(() => document.documentElement.lang === 'zh-Hans');
    for (const [button, dialog] of [['#share', '#share-dialog'], ['#export', '#export-dialog']]) {
      await page.click(button);
      await page.waitForSelector(`${dialog}[open]`);
      await page.keyboard.press('Escape');
    }
    assert.deepEqual(await words(), { share: '分享 / 嵌入', link: '指向当前状态的链接', exported: '导出 / 导入', read: '读取' });
    assert.equal(await page.$$eval('dialog#share-dialog, dialog#export-dialog', (dialogs) => dialogs.length), 2, 'one of each');
  }));

  test('each button of the dialogs is named for what it exports or copies, none alike', () => inTab(openPage(suite.browser(), `${suite.url()}index.html#w=5%2C3%2C2&t=5`, { reducedMotion: 'reduce' }), async (page) => {
    await waitReady(page);
    await page.waitForSelector('section.plots[data-status="ready"]', { state: 'attached' });
    const names = async (button, dialog, settled = dialog) => {
      await page.click(button);
      await page.waitForSelector(`${dialog}[open]`);
      await page.waitForSelector(settled);
      const said = await page.$$eval(`${dialog} button:not(.close)`, (buttons) => buttons.filter((b) => b.checkVisibility()).map((b) => b.getAttribute('aria-label') ?? b.textContent.trim()));
      await page.keyboard.press('Escape');
      return said;
    };
    const exported = await names('#export', '#export-dialog');
    for (const name of ['Tanks (SVG)', 'Tanks (PNG)', 'Selection strip (SVG)', 'Selection strip (PNG)', 'Copy the nginx block']) assert.ok(exported.includes(name), `${name} in ${exported}`);
    assert.equal(new Set(exported).size, exported.length, exported.join(' | '));
    // Once the iframe's height is measured: until then its Copy is named "Measuring…" (edges.test.mjs).
    const shared = await names('#share', '#share-dialog', '#share-iframe[data-height]:not([aria-busy])');
    for (const name of ['Copy the link', 'Copy the iframe', 'Copy the element']) assert.ok(shared.includes(name), `${name} in ${shared}`);
    assert.equal(new Set(shared).size, shared.length, shared.join(' | '));
  }));

  test('a dialog chosen from the folded menu gives the focus back to Menu, with its ring, when it closes', async () => {
    // Share, Export and (in presenter mode) QR are the page's dialogs; Print handout opens the
    // browser's print dialog, stubbed out here.
    const cases = [['share', '#share-dialog', ''], ['export', '#export-dialog', ''], ['show-qr', '#qr-dialog', '&present=1'], ['print-handout', null, '']];
    for (const viewport of [{ width: 390, height: 844 }, { width: 900, height: 800 }]) {
      for (const [button, dialog, hash] of cases) {
        const tab = await openPage(suite.browser(), `${suite.url()}index.html#w=5%2C3%2C2${hash}`, { viewport, reducedMotion: 'reduce' });
        const { page } = tab;
        await waitReady(page);
        const at = `${viewport.width}×${viewport.height}, #${button}`;
        const active = () => page.evaluate(() => document.activeElement.id || document.activeElement.tagName);
        const tabTo = async (id) => {
          for (let i = 0; i < 30 && await active() !== id; i++) await page.keyboard.press('Tab');
          assert.equal(await active(), id, `${at}: Tab reaches #${id}`);
        };
        await page.evaluate(() => {
          window.print = () => {
            document.documentElement.dataset.printed = 'true';
          };
        });
        await tabTo('menu');
        await page.keyboard.press('Enter');
        await tabTo(button);
        await page.keyboard.press('Enter');
        if (dialog) {
          await page.waitForSelector(`${dialog}[open]`);
          await page.keyboard.press('Escape');
          // Its close event (which places the focus) comes after the browser's own restoring.
          await page.waitForSelector(`${dialog}[data-open="false"]`, { state: 'attached' });
        } else {
          await page.waitForSelector('html[data-printed]', { timeout: 30_000 });
        }
        const focus = await page.evaluate(() => ({ id: document.activeElement.id, ring: document.activeElement.matches(':focus-visible') }));
        assert.deepEqual(focus, { id: 'menu', ring: true }, `${at}: the focus is on Menu with its ring`);
        assert.equal(await page.getAttribute('#menu', 'aria-expanded'), 'false', at);
        // The next Tab goes on after Menu, not from the top of the page.
        await page.keyboard.press('Tab');
        const after = await page.evaluate(() => Boolean(document.querySelector('#menu').compareDocumentPosition(document.activeElement) & Node.DOCUMENT_POSITION_FOLLOWING));
        assert.ok(after, `${at}: Tab after closing reaches #${await active()}`);
        tab.assertNoErrors();
        await tab.close();
      }
    }
  });

  test('embed mode: minimal chrome, panels from the URL, state kept in the URL', () => inTab(openPage(suite.browser(), `${suite.url()}index.html#w=5%2C3%2C2&t=3&embed=1`, { viewport: { width: 760, height: 720 }, reducedMotion: 'reduce' }), async (page) => {
    await waitReady(page);
    assert.equal(await page.getAttribute('html', 'data-embed'), 'true');
    assert.equal(await page.isVisible('header.masthead'), false);
    assert.equal(await page.isVisible('#open-full'), true);
    for (const [selector, present] of [['svg#tanks', true], ['#narration', true], ['#play', true], ['#weights', false], ['table#trace', false], ['section.plots', false]]) {
      assert.equal(Boolean(await page.$(selector)), present, selector);
    }
    assert.deepEqual((await tanks(page)).current, [5, -1, -4]);
    await page.click('#forward');
    await page.waitForFunction(() => document.querySelector('main#app').dataset.step === '4' && document.querySelector('main#app').dataset.phase === 'drain');
    await page.waitForFunction(() => location.hash.includes('t=4'));
    assert.match(await page.evaluate(() => location.hash), /embed=1/);
    assert.match(await page.getAttribute('#open-full', 'href'), /#w=5%2C3%2C2&t=4$/);
    await screenshot(page, 'embed-760');

    // panels= chooses the panels; a hash change rebuilds the widget.
    await page.evaluate(() => { location.hash = '#w=4%2C1%2C1&t=2&embed=1&panels=tanks%20table'; });
    await page.waitForFunction(() => document.querySelector('table#trace') && !document.querySelector('#play'));
    assert.equal(Boolean(await page.$('#narration')), false);
    await page.waitForFunction(() => document.querySelector('main#app').dataset.step === '2');
    assert.deepEqual((await tanks(page)).current, [-4, 2, 2]);
  }));
});
