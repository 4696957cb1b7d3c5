// What scripts/build-dist.sh publishes (dist/, built by scripts/test.sh before this runs):
// - the single file, copied alone into an empty folder and opened from file:// with the network
//   off, shows the tanks, steps, draws the strip and plots (main thread) and exports;
// - the hosted site (dist/ over HTTP) serves the page and the element demo; its bundles carry
//   hashed names and source maps, the page preloads its first view's modules and wasm, and
//   what loads on first use works;
// - the npm tarball installs offline into a fresh project, where Node imports the wasm glue and
//   runs the engine, esbuild resolves `swrr-viz/element` through the package's "exports", and a
//   static page of that project shows the element from node_modules in Chromium.

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, test } from 'node:test';

import { startServer as startStaticServer } from '../../scripts/serve.mjs';
import { DIST, WWW, openPage, screenshot, startServer, useDistSuite } from './harness.mjs';

function tankLevels(page, host = null) {
  return page.evaluate((selector) => {
    const root = selector ? document.querySelector(selector).shadowRoot : document;
    return [...root.querySelectorAll('svg#tanks g.tank[data-node]')].sort((a, b) => a.dataset.node - b.dataset.node).map((g) => Number(g.dataset.current));
  }, host);
}

describe('dist: single file, site, npm package', () => {
  const suite = useDistSuite('swrr-dist-');

  test('the single file works from file:// with the network off', async () => {
    const html = await readFile(join(DIST, 'swrr-viz.html'), 'utf8');
    // The markup around the one inline module (its code may hold "<script" in strings).
    const markup = html.replace(/<script type="module">[\s\S]*?<\/script>/, '<script type="module"></script>').replace(/<style>[\s\S]*?<\/style>/, '<style></style>');
    assert.equal((markup.match(/<script\b/g) ?? []).length, 1, 'one script element');
    assert.doesNotMatch(markup, /<script[^>]+src=|<link[^>]+stylesheet|\son[a-z]+="/i, 'no external script or style, no inline handler');
    const alone = join(suite.scratch(), 'single');
    await rm(alone, { recursive: true, force: true });
    await (await import('node:fs/promises')).mkdir(alone);
    await copyFile(join(DIST, 'swrr-viz.html'), join(alone, 'swrr-viz.html'));
    assert.deepEqual(await readdir(alone), ['swrr-viz.html']);

    const context = await suite.browser().newContext({ offline: true, acceptDownloads: true, viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    await context.route('**/*', (route) => {
      const url = route.request().url();
      return /^(file|data|blob):/.test(url) ? route.continue() : route.abort();
    });
    const page = await context.newPage();
    const errors = [];
    const requests = [];
    page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
    page.on('pageerror', (err) => errors.push(err.message));
    page.on('request', (req) => requests.push(req.url()));
    await page.goto(`${pathToFileURL(join(alone, 'swrr-viz.html')).href}#w=5%2C3%2C2&t=5`);
    await page.waitForSelector('main#app[data-ready="true"]', { timeout: 20_000 });
    assert.equal(await page.getAttribute('html', 'data-build'), 'single-file');
    assert.deepEqual(await tankLevels(page), [-5, 5, 0]);
    await page.click('#forward');
    await page.waitForFunction(() => document.querySelector('main#app').dataset.step === '6' && document.querySelector('main#app').dataset.phase === 'drain');
    assert.deepEqual(await tankLevels(page), [0, -2, 2]);
    // The analysis ran on the main thread: strip, plots and metrics are there.
    await page.waitForSelector('section.plots[data-status="ready"]', { timeout: 20_000 });
    assert.equal(await page.$$eval('svg#strip rect[data-step][data-pick]', (cells) => cells.length), 10);
    assert.equal(await page.getAttribute('table#metrics', 'data-period'), '10');
    // Exports work offline too (Blob downloads).
    await page.click('#export');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-export="trace-csv"]')]);
    const csv = await readFile(await download.path(), 'utf8');
    assert.equal(csv.split('\n')[1], '1,5,3,2,A,,-5,3,2');
    await page.keyboard.press('Escape');
    // The share dialog says the snippets point at this file only.
    await page.click('#share');
    assert.equal(await page.isVisible('#share-dialog .note.warning'), true);
    await page.keyboard.press('Escape');
    await screenshot(page, 'dist-single-file');
    assert.deepEqual(requests.filter((url) => !/^(file|data|blob):/.test(url)), [], 'no request left this computer');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the hosted site serves the page and the element demo', async () => {
    const server = await startServer(DIST);
    try {
      const tab = await openPage(suite.browser(), `${server.url}index.html#w=4%2C1%2C1&t=2`, { reducedMotion: 'reduce' });
      await tab.page.waitForSelector('main#app[data-ready="true"]');
      assert.deepEqual(await tankLevels(tab.page), [-4, 2, 2]);
      await tab.page.waitForSelector('section.plots[data-status="ready"]');
      // The extras module, loaded on first use from the site's pkg-extras/.
      await tab.page.click('#export');
      await tab.page.waitForFunction(() => /server 127\.0\.0\.1:8001 weight=4;/.test(document.querySelector('#nginx-export')?.value ?? ''));
      tab.assertNoErrors();
      await tab.close();
      const demo = await openPage(suite.browser(), `${server.url}embed-demo.html`, { reducedMotion: 'reduce' });
      await demo.page.$eval('swrr-viz#second', (el) => el.scrollIntoView());
      await demo.page.waitForSelector('swrr-viz#second[data-ready="true"]');
      assert.deepEqual(await tankLevels(demo.page, 'swrr-viz#second'), [-5, 5, 0]);
      demo.assertNoErrors();
      await demo.close();
    } finally {
      await server.close();
    }
  });

  test('the hosted site is bundled: hashed names, source maps, the first view preloaded; what loads on first use works', async () => {
    const files = await readdir(DIST);
    const html = await readFile(join(DIST, 'index.html'), 'utf8');
    const one = (pattern) => {
      const found = [...html.matchAll(pattern)].map((m) => m[1]);
      assert.equal(found.length, 1, `index.html: one ${pattern}: ${found}`);
      return found[0];
    };
    // The styles in the page, allowed by their hash; the first view's small module and the entry
    // module after it, the wasm preloaded beside them, each by a hashed name.
    assert.doesNotMatch(html, /<link rel="stylesheet"/);
    // A style sheet holds `<` too (`@property`'s syntax "<length>"); only `</style` ends it.
    const style = one(/<style>([\s\S]*?)<\/style>/g);
    const styleHash = createHash('sha256').update(style).digest('base64');
    assert.ok(html.includes(`style-src 'self' 'sha256-${styleHash}'`), 'the CSP allows the styles by their hash');
    assert.match(style, /main#app\[data-first-view=waiting\]\{visibility:hidden\}/);
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)[1];
    assert.equal((await readFile(join(DIST, 'csp-index.txt'), 'utf8')).split('\n')[1], policy, 'csp-index.txt holds the policy of the page, to send as a header');
    const [firstView, entry, ...more] = [...html.matchAll(/<script type="module" src="([^"]+)"><\/script>/g)].map((m) => m[1]);
    assert.deepEqual(more, []);
    assert.match(firstView, /^first-view-[A-Z0-9]{8}\.js$/);
    assert.doesNotMatch(await readFile(join(DIST, firstView), 'utf8'), /^import\b/m, 'the first view needs no other module');
    const wasm = one(/<link rel="preload" href="([^"]+)" as="fetch" type="application\/wasm" crossorigin>/g);
    assert.match(entry, /^app-[A-Z0-9]{8}\.js$/);
    assert.match(wasm, /^swrr_viz_bg-[A-Z0-9]{10}\.wasm$/);
    assert.deepEqual(await readFile(join(DIST, wasm)), await readFile(join(WWW, 'pkg', 'swrr_viz_bg.wasm')));
    const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);
    assert.ok(preloads.some((file) => /^tanks-/.test(file)), `the tanks' code is preloaded: ${preloads}`);
    assert.ok(!preloads.some((file) => /^(plots|analysis-client|i18n-zh|share-dialog|quiz-panel)-/.test(file)), `what loads later is not: ${preloads}`);
    for (const file of [firstView, entry, ...preloads]) assert.ok(files.includes(file), `${file} is in dist/`);
    // Every bundle has a hashed name and a source map with the sources as written, but the
    // element's entry, which pages import by name.
    const bundles = files.filter((name) => name.endsWith('.js'));
    assert.ok(bundles.includes('swrr-viz.js'));
    for (const name of bundles) {
      if (name !== 'swrr-viz.js') assert.match(name, /-[A-Z0-9]{8}\.js$/, `${name} has a hashed name`);
      const text = await readFile(join(DIST, name), 'utf8');
      assert.ok(text.endsWith(`//# sourceMappingURL=${name}.map\n`), `${name} names its map`);
      const map = JSON.parse(await readFile(join(DIST, `${name}.map`), 'utf8'));
      for (const [i, source] of map.sources.entries()) {
        // As written, but the names of the worker and the wasm, which the build hashes.
        if (source.startsWith('../www/') && !source.includes('/pkg')) {
          assert.equal(map.sourcesContent[i].replace(/-[A-Z0-9]{8,10}\.(js|wasm)\b/g, '.$1'), await readFile(join(DIST, source), 'utf8'), `${name}.map carries ${source} as written`);
        }
      }
    }
    assert.ok(!files.includes('analysis-worker.js') && files.some((name) => /^analysis-worker-[A-Z0-9]{8}\.js$/.test(name)), 'one hashed worker');
    // Chinese stays Chinese (not \u escapes), in the chunk loaded with the language.
    const zh = files.find((name) => /^i18n-zh-[A-Z0-9]{8}\.js$/.test(name));
    assert.match(await readFile(join(DIST, zh), 'utf8'), /注水/);

    const server = await startServer(DIST);
    try {
      // The lesson, then Chinese, then the quiz: modules loaded on first use.
      const tab = await openPage(suite.browser(), `${server.url}index.html#lesson=3`, { reducedMotion: 'reduce' });
      const { page } = tab;
      await page.waitForSelector('#lesson[data-chapter="3"]');
      await page.selectOption('#language', 'zh');
      await page.waitForSelector('html[lang="zh-Hans"]');
      await page.click('#open-quiz');
      await page.waitForSelector('#quiz[data-exercise]');
      assert.match(await page.textContent('#quiz-title'), /^练习 \d+/);
      await page.click('#quiz .quiz-choice[data-node="0"]');
      assert.match(await page.getAttribute('.quiz-feedback', 'data-correct'), /^(true|false)$/);
      await page.click('#share');
      await page.waitForSelector('#share-dialog[open]');
      tab.assertNoErrors();
      await tab.close();
    } finally {
      await server.close();
    }
  });

  test('the npm tarball installs offline and works in Node, a bundler and a page', async () => {
    const tarballs = (await readdir(DIST)).filter((name) => /^swrr-viz-.*\.tgz$/.test(name));
    assert.equal(tarballs.length, 1, `one tarball in dist/: ${tarballs}`);
    const tarball = join(DIST, tarballs[0]);
    const project = join(suite.scratch(), 'docs-site');
    await rm(project, { recursive: true, force: true });
    await (await import('node:fs/promises')).mkdir(project);
    await writeFile(join(project, 'package.json'), `${JSON.stringify({ name: 'docs-site', private: true, type: 'module' }, null, 2)}\n`);
    execFileSync('npm', ['install', tarball, '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: project, stdio: 'pipe' });
    const installed = join(project, 'node_modules', 'swrr-viz');
    for (const file of ['package.json', 'README.md', 'swrr-viz.js', 'widget/widget.js', 'engine.js', 'run/analysis-worker.js', 'theme.css', 'widget.css', 'pkg/swrr_viz.js', 'pkg/swrr_viz_bg.wasm', 'pkg/swrr_viz.d.ts',
      'pkg-extras/swrr_viz_extras.js', 'pkg-extras/swrr_viz_extras_bg.wasm', 'pkg-extras/swrr_viz_extras.d.ts']) {
      assert.ok(existsSync(join(installed, file)), `node_modules/swrr-viz/${file}`);
    }
    const manifest = JSON.parse(await readFile(join(installed, 'package.json'), 'utf8'));
    assert.equal(manifest.exports['./element'], './swrr-viz.js');
    assert.ok(!existsSync(join(installed, 'app.js')), 'the page itself is not in the package');

    // Node: the glue modules import, the wasm runs the engine; the extras module its exports.
    await writeFile(join(project, 'check.mjs'), `
      import { readFileSync } from 'node:fs';
      import { fileURLToPath } from 'node:url';
      import { initSync, Walkthrough } from 'swrr-viz/core';
      import * as extras from 'swrr-viz/core/extras';
      initSync({ module: readFileSync(fileURLToPath(import.meta.resolve('swrr-viz/core/wasm'))) });
      extras.initSync({ module: readFileSync(fileURLToPath(import.meta.resolve('swrr-viz/core/extras/wasm'))) });
      const w = new Walkthrough('5,3,2', 'first');
      console.log(JSON.stringify({
        picks: Array.from(w.sequence(10)),
        csv: extras.exportTrace('5,3,2', {}, 2, 'csv').text,
        element: import.meta.resolve('swrr-viz/element'),
      }));
    `);
    const result = JSON.parse(execFileSync('node', ['check.mjs'], { cwd: project, encoding: 'utf8' }));
    assert.deepEqual(result.picks, [0, 1, 2, 0, 0, 1, 0, 2, 1, 0]);
    assert.equal(result.csv.split('\n')[1], '1,5,3,2,A,,-5,3,2');
    assert.match(result.element, /node_modules\/swrr-viz\/swrr-viz\.js$/);

    // A bundler resolves `import 'swrr-viz/element'` through "exports" and bundles the element.
    const esbuild = await import('esbuild');
    await writeFile(join(project, 'main.js'), "import 'swrr-viz/element';\n");
    const bundle = await esbuild.build({ entryPoints: [join(project, 'main.js')], absWorkingDir: project, bundle: true, format: 'esm', write: false, logLevel: 'silent' });
    assert.match(bundle.outputFiles[0].text, /customElements\.define\("swrr-viz"/);

    // A page of the project loads the element straight from node_modules.
    await writeFile(join(project, 'index.html'), `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>docs</title>
<script type="module" src="./node_modules/swrr-viz/swrr-viz.js"></script></head>
<body><swrr-viz weights="5,3,2" step="5" panels="tanks strip"></swrr-viz></body></html>
`);
    const server = await startStaticServer({ root: project, host: '127.0.0.1', port: 0 });
    try {
      const tab = await openPage(suite.browser(), `${server.url}index.html`, { reducedMotion: 'reduce' });
      await tab.page.waitForSelector('swrr-viz[data-ready="true"]');
      assert.deepEqual(await tankLevels(tab.page, 'swrr-viz'), [-5, 5, 0]);
      // The strip's analysis ran in the package's worker.
      await tab.page.waitForFunction(() => document.querySelector('swrr-viz').shadowRoot.querySelector('section.strip-panel')?.dataset.status === 'ready');
      tab.assertNoErrors();
      await tab.close();
    } finally {
      await server.close();
    }
  });
});
