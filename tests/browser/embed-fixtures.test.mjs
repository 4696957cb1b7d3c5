// <swrr-viz> in documentation sites built with real toolchains (tests/embed-fixtures/): the npm
// package scripts/build-dist.sh makes, installed offline into a Vite 8 site (served by
// `vite preview` after `vite build`, and by the Vite dev server) and a webpack 5 site, and the
// hosted site (dist/) loaded by a plain <script type="module"> page. Each fixture is a default
// `npm init` project ("type": "commonjs") with the snippets docs/EMBEDDING.md gives, as they are written
// there. Each site's index.html is one article (tests/embed-fixtures/article.html) with the site's
// <script>, written before the site is built, so the same page is checked in Chromium for each:
// - only the element in view starts, and it loads its panels' code only: a tanks-only element
//   loads no explanation, table, plots or analysis worker, and nginx SWRR no picture of the
//   other algorithms; scrolling on starts the others;
// - tanks drawn and styled (computed colours are the palette of theme.css), light and dark;
// - the tie element shows −5, 5, 0 at step 5; the element that ends the page starts when
//   scrolled to;
// - no request fails, none returns HTML for a script, stylesheet or wasm (as an SPA host does
//   for a missing file), no console error, and the layout-shift score of it all is 0.

import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, test } from 'node:test';

import { startServer as startStaticServer } from '../../scripts/serve.mjs';
import { DIST, ROOT, WWW, recordLayoutShifts, screenshot, useDistSuite } from './harness.mjs';

const FIXTURES = join(ROOT, 'tests', 'embed-fixtures');
/** A string literal each lazily loaded part carries (in its modules only), to tell which code a page fetched. */
const MARKERS = {
  tanks: { files: ['stage/tanks.js'], marker: 'drain-label' },
  explain: { files: ['stage/sum-drift.js'], marker: 'sum-now' },
  table: { files: ['table/trace-table.js', 'table/algorithm-table.js', 'table/request-table.js'], marker: 'colgroup' },
  plots: { files: ['run/plots.js', 'requests/request-strip.js'], marker: 'data-future-mask' },
  analysis: { files: ['run/analysis-client.js'], marker: 'workers disabled' },
  algorithms: { files: ['algorithms/algorithm-view.js'], marker: 'nodes-compact' },
};
/** The <script> each site loads the element with, as docs/EMBEDDING.md gives it. */
const SCRIPTS = {
  static: '<script type="module" src="swrr-viz/swrr-viz.js" blocking="render"></script>',
  vite: '<script type="module" src="/main.js" blocking="render"></script>',
  webpack: '<script src="dist/main.js" defer blocking="render"></script>',
};
/** The line of article.html that each site's <script> takes. */
const SCRIPT_LINE = /^ {2}<!-- the site's <script>.*-->\n/m;

/** Writes `dir`/index.html: the article with `site`'s <script>. */
async function writePage(dir, site) {
  const article = await readFile(join(FIXTURES, 'article.html'), 'utf8');
  assert.match(article, SCRIPT_LINE, 'article.html has a line for the site\'s <script>');
  await writeFile(join(dir, 'index.html'), article.replace(SCRIPT_LINE, `  ${SCRIPTS[site]}\n`));
}
const quoted = (text) => new RegExp(`["'\`]${text}["'\`]`);

/** Installs dist/'s npm tarball into a fixture, from the file alone (no network). */
async function installPackage(dir) {
  const tarballs = (await readdir(DIST)).filter((name) => /^swrr-viz-.*\.tgz$/.test(name));
  assert.equal(tarballs.length, 1, `one tarball in dist/: ${tarballs}`);
  if (!existsSync(join(dir, 'node_modules', '.bin'))) throw new Error(`${dir} has no node_modules: run scripts/setup.sh fixtures`);
  execFileSync('npm', ['install', join(DIST, tarballs[0]), '--no-save', '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: dir, stdio: 'pipe' });
}

/** Runs a fixture's own tool (node_modules/.bin/TOOL) to the end; its output, or a failure with it. */
function runTool(dir, tool, args) {
  try {
    return execFileSync(join(dir, 'node_modules', '.bin', tool), args, { cwd: dir, encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    throw new Error(`${tool} ${args.join(' ')} failed:\n${error.stdout}\n${error.stderr}`);
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts a fixture's server (the Vite dev server or `vite preview`) on a free port. */
async function serveWith(dir, tool, args) {
  const port = await freePort();
  const child = spawn(join(dir, 'node_modules', '.bin', tool), [...args, '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    // NO_COLOR: under CI (the `CI` variable) Vite colours its output, splitting the URL with escapes.
    cwd: dir, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' },
  });
  let output = '';
  await new Promise((resolve, reject) => {
    // A server left running would keep this file's process, and so the whole test run, from ending.
    const timer = setTimeout(() => {
      process.kill(-child.pid, 'SIGTERM');
      reject(new Error(`${tool} ${args.join(' ')} did not start:\n${output}`));
    }, 30_000);
    const listen = (chunk) => {
      output += chunk;
      // eslint-disable-next-line no-control-regex
      if (output.replace(/\u001b\[[0-9;]*m/g, '').includes(`127.0.0.1:${port}`)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', listen);
    child.stderr.on('data', listen);
    child.on('exit', (code) => reject(new Error(`${tool} ${args.join(' ')} exited (${code}):\n${output}`)));
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  return {
    url: `http://127.0.0.1:${port}/`,
    close: async () => {
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    },
  };
}

/** The palette as computed colours, read from theme.css: `light-dark(#light, #dark)` or one colour for both. */
async function palette() {
  const css = await readFile(join(WWW, 'theme.css'), 'utf8');
  const rgb = (name, theme = 'light') => {
    const [, light, dark] = new RegExp(`${name}:\\s*(?:light-dark\\()?#([0-9a-f]{6})(?:,\\s*#([0-9a-f]{6})\\))?;`).exec(css);
    const hex = theme === 'dark' ? dark ?? light : light;
    return `rgb(${[0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
  };
  return { node0: rgb('--node-0'), node1: rgb('--node-1'), bg: rgb('--bg'), accent: rgb('--accent'), darkBg: rgb('--bg', 'dark') };
}

/** Opens `url` and checks the fixture page as the file's header says; returns what it measured. */
async function checkSite(browser, url, name) {
  const colours = await palette();
  const context = await browser.newContext({ viewport: { width: 1000, height: 720 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const problems = [];
  const scripts = [];
  let workers = 0;
  page.on('console', (msg) => { if (msg.type() === 'error') problems.push(`console.error: ${msg.text()}`); });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('worker', () => { workers += 1; });
  context.on('requestfailed', (request) => problems.push(`request failed: ${request.url()} ${request.failure()?.errorText}`));
  context.on('response', (response) => {
    const request = response.request();
    const type = request.resourceType();
    const path = new URL(response.url()).pathname;
    const html = (response.headers()['content-type'] ?? '').includes('text/html');
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
    if (html && (['script', 'stylesheet'].includes(type) || /\.(m?js|css|wasm)$/.test(path))) problems.push(`HTML for a ${type}: ${response.url()}`);
    if (/\.m?js$/.test(path) || type === 'script') {
      scripts.push(response.body().then((body) => ({ path, body }), () => ({ path, body: Buffer.alloc(0) })));
    }
  });
  await page.addInitScript(recordLayoutShifts);
  const state = (id) => page.$eval(`swrr-viz#${id}`, (host) => ({
    ready: host.dataset.ready ?? null,
    step: host.dataset.step,
    current: [...host.shadowRoot.querySelectorAll('g.tank[data-node]')].sort((a, b) => a.dataset.node - b.dataset.node).map((g) => Number(g.dataset.current)),
    top: host.getBoundingClientRect().top,
  }));
  const loadedCode = async () => {
    const files = await Promise.all(scripts);
    const text = files.map((file) => file.body.toString('utf8')).join('\n');
    const found = Object.fromEntries(Object.entries(MARKERS).map(([part, { marker }]) => [part, quoted(marker).test(text)]));
    return { found, bytes: files.reduce((sum, f) => sum + f.body.length, 0), gzip: files.reduce((sum, f) => sum + gzipSync(f.body).length, 0) };
  };
  const startInView = async (id) => {
    await page.$eval(`swrr-viz#${id}`, (el) => el.scrollIntoView());
    await page.waitForSelector(`swrr-viz#${id}[data-ready="true"]`);
  };

  await page.goto(url);
  // Only the tanks-only element is in view: it starts, with the tanks' code and no other panel's.
  await page.waitForSelector('swrr-viz#tanks-only[data-ready="true"]');
  await page.waitForLoadState('networkidle');
  assert.deepEqual((await state('tanks-only')).current, [0, 0, 0], `${name}: the tanks-only element`);
  for (const id of ['first', 'second', 'last']) assert.equal((await state(id)).ready, null, `${name}: #${id} waits below the fold`);
  const tanksOnly = await loadedCode();
  assert.deepEqual(tanksOnly.found, { tanks: true, explain: false, table: false, plots: false, analysis: false, algorithms: false }, `${name}: code loaded for a tanks-only element`);
  assert.equal(workers, 0, `${name}: no worker for a tanks-only element`);

  await startInView('first');
  await startInView('second');
  const second = await state('second');
  assert.equal(second.step, '5');
  assert.deepEqual(second.current, [-5, 5, 0], `${name}: 5,3,2 at step 5`);
  await page.waitForLoadState('networkidle');
  assert.deepEqual((await loadedCode()).found, { tanks: true, explain: true, table: true, plots: false, analysis: false, algorithms: false }, `${name}: code loaded once the table and the explanation show`);
  assert.equal(workers, 0, `${name}: no analysis worker without the strip or plots`);

  // Styled: the palette's colours, in the light element and the dark one.
  const styles = await page.evaluate(() => {
    const look = (id) => {
      const host = document.getElementById(id);
      const root = host.shadowRoot;
      const fill = (selector) => getComputedStyle(root.querySelector(selector)).fill;
      return {
        background: getComputedStyle(host).backgroundColor,
        water0: fill('g.tank[data-node="0"] .water'),
        water1: fill('g.tank[data-node="1"] .water'),
        play: root.querySelector('#play') ? getComputedStyle(root.querySelector('#play')).backgroundColor : null,
        tableCell: root.querySelector('#trace td') ? getComputedStyle(root.querySelector('#trace td')).fontFamily : null,
      };
    };
    return { first: look('first'), second: look('second') };
  });
  assert.equal(styles.first.background, colours.bg, `${name}: light background`);
  assert.equal(styles.first.water0, colours.node0, `${name}: node A's water is palette colour 0`);
  assert.equal(styles.first.water1, colours.node1, `${name}: node B's water is palette colour 1`);
  assert.equal(styles.first.play, colours.accent, `${name}: the Play button is styled`);
  assert.equal(styles.second.background, colours.darkBg, `${name}: theme="dark"`);
  assert.match(styles.second.tableCell, /mono/i, `${name}: the table is styled`);

  // The element that ends the page: below the fold until scrolled to, then it starts and plays.
  const last = await state('last');
  assert.equal(last.ready, null);
  assert.ok(last.top > 720, `${name}: #last starts below the viewport (top ${last.top})`);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForSelector('swrr-viz#last[data-ready="true"]');
  await page.waitForFunction(() => Number(document.getElementById('last').dataset.step) > 3);
  assert.ok(await page.$eval('swrr-viz#last', (el) => el.getBoundingClientRect().bottom <= window.innerHeight + 1), `${name}: the page scrolls to its last element`);

  await page.waitForTimeout(300);
  const shifts = await page.evaluate(() => window.layoutShifts.map(({ value }) => value));
  assert.deepEqual(problems, [], `${name}: the page reported problems:\n  ${problems.join('\n  ')}`);
  assert.equal(shifts.reduce((a, b) => a + b, 0), 0, `${name}: layout shifts ${JSON.stringify(shifts)}`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, `embed-${name}`);
  await context.close();
  return tanksOnly;
}

/** Full-page screenshots of the fixture page at phone and desktop sizes, light and dark, every element started. */
async function screenshots(browser, url, name) {
  for (const [size, viewport] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1280, height: 800 }]]) {
    for (const colorScheme of ['light', 'dark']) {
      const context = await browser.newContext({ viewport, colorScheme, reducedMotion: 'reduce' });
      const page = await context.newPage();
      await page.goto(url);
      for (const id of ['tanks-only', 'first', 'second', 'last']) {
        await page.$eval(`swrr-viz#${id}`, (el) => el.scrollIntoView());
        await page.waitForSelector(`swrr-viz#${id}[data-ready="true"]`);
      }
      await page.$eval('swrr-viz#last', (el) => el.pause());
      await screenshot(page, `embed-${name}-${size}-${colorScheme}`);
      await context.close();
    }
  }
}

describe('<swrr-viz> in sites built with real toolchains', () => {
  const suite = useDistSuite('swrr-embed-');
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const report = (t, figures) => t.diagnostic(`tanks-only element: ${kb(figures.bytes)} of JavaScript, ${kb(figures.gzip)} gzip`);

  test('each marker is in its part\'s modules only', async () => {
    for (const [part, { files, marker }] of Object.entries(MARKERS)) {
      const holders = [];
      for (const name of (await readdir(WWW, { recursive: true })).filter((n) => n.endsWith('.js') && n !== 'widget-styles.js' && !/^pkg(-extras)?\//.test(n))) {
        if (quoted(marker).test(await readFile(join(WWW, name), 'utf8'))) holders.push(name);
      }
      assert.ok(holders.length > 0 && holders.every((name) => files.includes(name)), `${part}: "${marker}" is in ${holders}`);
    }
  });

  test('the three sites are one page (only how the element is loaded differs), each a default npm init project', async () => {
    const article = await readFile(join(FIXTURES, 'article.html'), 'utf8');
    assert.equal(article.match(new RegExp(SCRIPT_LINE.source, 'gm'))?.length, 1, 'article.html has one line for the site\'s <script>');
    assert.ok(!article.includes('</script>'), 'the article loads nothing itself');
    for (const site of ['vite', 'webpack']) {
      assert.equal(JSON.parse(await readFile(join(FIXTURES, site, 'package.json'), 'utf8')).type, 'commonjs', `${site}: as \`npm init\` writes it`);
    }
  });

  test('docs/EMBEDDING.md and npm/README.md show the fixtures\' files as they are', async () => {
    const nested = (text) => text.trimEnd().split('\n').map((line) => (line ? `  ${line}` : '')).join('\n');
    for (const readme of [join(ROOT, 'docs', 'EMBEDDING.md'), join(ROOT, 'npm', 'README.md')]) {
      const text = await readFile(readme, 'utf8');
      for (const file of ['vite/vite.config.mjs', 'webpack/webpack.config.js']) {
        assert.ok(text.includes(nested(await readFile(join(FIXTURES, file), 'utf8'))), `${readme} shows ${file}`);
      }
      for (const file of ['vite/main.js', 'webpack/src/index.mjs']) {
        assert.ok(text.includes((await readFile(join(FIXTURES, file), 'utf8')).trim()), `${readme} shows ${file}`);
      }
      for (const [site, script] of Object.entries(SCRIPTS)) assert.ok(text.includes(script), `${readme} shows ${site}'s <script>`);
    }
  });

  /** The fixture `site` with the npm package installed and its page written: its folder. */
  async function prepare(site) {
    const dir = join(FIXTURES, site);
    await installPackage(dir);
    await writePage(dir, site);
    return dir;
  }

  /** Checks the page `server` serves as `name` (checkSite), then `more(url)`; the server stops on every path. */
  async function checkServed(server, name, more = async () => {}) {
    try {
      const figures = await checkSite(suite.browser(), server.url, name);
      await more(server.url);
      return figures;
    } finally {
      await server.close();
    }
  }

  test('Vite 8: vite build, served by vite preview', async (t) => {
    const dir = await prepare('vite');
    const out = join(suite.scratch(), 'vite-dist');
    runTool(dir, 'vite', ['build', '--outDir', out, '--emptyOutDir']);
    const emitted = await readdir(join(out, 'assets'));
    assert.ok(emitted.some((file) => file.endsWith('.wasm')), `the wasm is emitted: ${emitted}`);
    assert.ok(!emitted.some((file) => file.endsWith('.css')), 'no stylesheet to lose: the styles are in the modules');
    report(t, await checkServed(await serveWith(dir, 'vite', ['preview', '--outDir', out]), 'vite-build'));
  });

  test('Vite 8: the dev server', async () => {
    const dir = await prepare('vite');
    await rm(join(dir, 'node_modules', '.vite'), { recursive: true, force: true });
    await checkServed(await serveWith(dir, 'vite', []), 'vite-dev');
  });

  test('webpack 5', async (t) => {
    const dir = await prepare('webpack');
    const output = runTool(dir, 'webpack', []);
    // Its only warning: the .wasm is bigger than its 244 KiB performance hint.
    const warnings = [...output.matchAll(/WARNING in (.+)/g)].map((m) => m[1]).filter((w) => !/size limit|performance recommendations/.test(w));
    assert.deepEqual(warnings, [], output);
    report(t, await checkServed(await startStaticServer({ root: dir, host: '127.0.0.1', port: 0 }), 'webpack'));
  });

  test('a static page with <script type="module"> and the hosted site (dist/)', async (t) => {
    const site = join(suite.scratch(), 'static');
    await mkdir(site);
    await writePage(site, 'static');
    await cp(DIST, join(site, 'swrr-viz'), { recursive: true, filter: (source) => !/\/npm$|\.tgz$/.test(source) });
    const server = await startStaticServer({ root: site, host: '127.0.0.1', port: 0 });
    report(t, await checkServed(server, 'static', (url) => screenshots(suite.browser(), url, 'static')));
  });
});
