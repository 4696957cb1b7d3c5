// Browser-test harness: serve www/, drive Debian's Chromium with playwright-core, fail on any
// console error or page error. Used by the *.test.mjs files next to it (`node --test tests/browser/`).
//
//   const server = await startServer();            // www/ on 127.0.0.1, a free port
//   const browser = await launchBrowser();
//   const tab = await openPage(browser, server.url + 'index.html#w=5%2C3%2C2');
//   await waitReady(tab.page);                     // main#app[data-ready="true"]
//   ...assertions on data-* attributes...
//   tab.assertNoErrors();
//   await screenshot(tab.page, 'trace-5-3-2');     // tests/browser/screenshots/trace-5-3-2.png
//   await tab.close(); await browser.close(); await server.close();
//
// In a test file: `const suite = usePageSuite()` inside a `describe` (one server and browser for
// it; `suite.open(hash)`), `test(name, () => inTab(suite.open(hash), async (page) => …))` (no
// error logged, the tab closed on every path), `useDistSuite(prefix)` for tests on dist/.
//
// The page needs www/pkg and www/pkg-extras (scripts/build-wasm.sh); startServer() fails early with a hint if one is missing,
// and writes www/widget-styles.js (scripts/build-styles.mjs) and www/core-facts.js (scripts/build-core-facts.mjs).

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

import { buildCoreFacts } from '../../scripts/build-core-facts.mjs';
import { buildStyles } from '../../scripts/build-styles.mjs';
import { startServer as startStaticServer } from '../../scripts/serve.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
export const ROOT = resolve(HERE, '..', '..');
export const WWW = join(ROOT, 'www');
/**
 * The site the tests serve: www/ as written, or another build of it named by SWRR_SITE — e.g.
 * `SWRR_SITE=dist node --test tests/browser/walkthrough.test.mjs` runs a file against the hosted
 * site, bundled (scripts/build-dist.mjs). Tests that intercept or import www/'s modules by their
 * file names (lazy loading, failure injection) hold for www/ only.
 */
export const SITE = process.env.SWRR_SITE ? resolve(ROOT, process.env.SWRR_SITE) : WWW;
export const SCREENSHOTS = join(HERE, 'screenshots');
/** The hosted build (scripts/build-dist.mjs): the site, the single file and the npm package. */
export const DIST = join(ROOT, 'dist');
/** The native CLI, built by `cargo test` (scripts/test.sh) before the browser tests run. */
export const CLI = join(process.env.CARGO_TARGET_DIR ?? join(ROOT, 'target'), 'debug', 'swrr-viz');

/** Debian's Chromium; CHROMIUM overrides. `npx playwright install` cannot download a browser here. */
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

/**
 * Flags for Chromium on these machines (DESIGN.md, "Tooling facts"): headless, no sandbox (we run
 * as root), and no background traffic, which this machine's closed network would refuse noisily.
 * Playwright adds a fresh temporary --user-data-dir per launch and deletes it on close.
 */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Serves `root` (www/, or SWRR_SITE) on 127.0.0.1 at a free port.
 * @returns {Promise<{url: string, close: () => Promise<void>}>} `url` ends with '/'.
 */
export async function startServer(root = SITE) {
  // The element's styles as a module (generated from www/'s .css files, so never stale here).
  if (root === WWW) await buildStyles();
  // www/ needs the wasm packages; a built site (dist/) has them bundled under hashed names.
  for (const file of root === WWW ? ['pkg/swrr_viz_bg.wasm', 'pkg-extras/swrr_viz_extras_bg.wasm'] : ['index.html']) {
    if (!existsSync(join(root, file))) throw new Error(`${join(root, file)} is missing: run scripts/build-wasm.sh (and for dist/, scripts/build-dist.mjs) first`);
  }
  // The core's facts the page reads before its wasm arrives, from that wasm (never stale here either).
  if (root === WWW) await buildCoreFacts();
  const { url, close } = await startStaticServer({ root, host: '127.0.0.1', port: 0 });
  return { url, close };
}

/** Launches headless Chromium. Close it with `browser.close()`. */
export async function launchBrowser() {
  const launch = () => chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
    timeout: 30_000,
  });
  // Debian's Chromium now and then dies while starting on these machines (SIGSEGV before its
  // first page): that is not what a test checks, so a failed start is tried once more.
  try {
    return await launch();
  } catch (error) {
    console.error(`Chromium did not start (${String(error.message).split('\n')[0]}); starting it again`);
    return launch();
  }
}

/**
 * Opens `url` in a fresh browser context and records everything that went wrong in it: console
 * messages of type error (this includes failed resource loads), uncaught page errors, failed
 * requests and HTTP error responses.
 *
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {{viewport?: {width: number, height: number}, colorScheme?: 'light'|'dark',
 *          reducedMotion?: 'reduce'|'no-preference'}} [options]
 * @returns {Promise<{page: import('playwright-core').Page, errors: string[],
 *          assertNoErrors: () => void, close: () => Promise<void>}>}
 */
export async function openPage(browser, url, { viewport = { width: 1280, height: 800 }, colorScheme = 'light', reducedMotion = 'no-preference', locale = 'en-US' } = {}) {
  const context = await browser.newContext({ viewport, colorScheme, reducedMotion, locale });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(url);
  return {
    page,
    errors,
    assertNoErrors() {
      assert.deepEqual(errors, [], `the page reported errors:\n  ${errors.join('\n  ')}`);
    },
    close: () => context.close(),
  };
}

/**
 * What goes wrong in `page` from now on, as lines in the returned array: console errors, page
 * errors, failed requests (but those a navigation cancels) and HTTP errors.
 */
export function watchErrors(page) {
  const errors = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') {
      const where = msg.location()?.url ? ` (${msg.location().url})` : '';
      errors.push(`console.error: ${msg.text()}${where}`);
    }
  });
  page.on('pageerror', (err) => errors.push(`page error: ${err.stack ?? err.message}`));
  page.on('requestfailed', (req) => {
    const reason = req.failure()?.errorText ?? '';
    // A reload or navigation cancels requests still in flight (a worker's wasm, a favicon):
    // that is the browser tidying up, not a failure of the page.
    if (reason === 'net::ERR_ABORTED') return;
    errors.push(`request failed: ${req.url()} ${reason}`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400) errors.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  return errors;
}

/**
 * Holds back every request of `target` (a page or its context) that `pattern` matches until the
 * returned `release()` is called, or `target` closes: the page as it is while that file is on its way.
 */
export async function holdBack(target, pattern) {
  let release;
  const held = new Promise((resolve) => {
    release = resolve;
  });
  target.once('close', release);
  await target.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * An init script (`page.addInitScript(recordLayoutShifts)`): every layout shift Chromium reports
 * that no input caused, as `{value, time}` (the page's clock) in `window.layoutShifts`.
 */
export function recordLayoutShifts() {
  window.layoutShifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.layoutShifts.push({ value: entry.value, time: entry.startTime });
  }).observe({ type: 'layout-shift', buffered: true });
}

/** The layout shifts `recordLayoutShifts` recorded from the page's time `from` on, summed (CLS). */
export function layoutShiftSince(page, from = 0) {
  return page.evaluate((from) => window.layoutShifts.filter(({ time }) => time >= from).reduce((sum, { value }) => sum + value, 0), from);
}

/** Waits until the wasm is loaded and the first render is done: `main#app[data-ready="true"]`. */
export async function waitReady(page, timeout = 15_000) {
  await page.waitForSelector('main#app[data-ready="true"]', { timeout });
}

/** Waits until the page shows `step` in `phase`: `main#app[data-step][data-phase]`. */
export async function waitStep(page, step, phase = 'drain') {
  await page.waitForFunction(([s, p]) => {
    const app = document.querySelector('main#app');
    return app.dataset.step === String(s) && app.dataset.phase === p;
  }, [step, phase]);
}

/**
 * Inside a `describe`: one server and one browser for the suite, closed after it, and
 * `open(hash, options)`, which opens index.html at `hash` and waits until it is ready.
 * @returns {{open: (hash: string, options?: object) => Promise<object>, browser: () => object, url: () => string}}
 */
export function usePageSuite() {
  let server;
  let browser;
  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    open: async (hash, options) => {
      const tab = await openPage(browser, `${server.url}index.html${hash}`, options);
      await waitReady(tab.page);
      return tab;
    },
    browser: () => browser,
    url: () => server.url,
  };
}

/** Whether `box` (a rectangle's top, bottom, left and right) is whole in a window of `width` × `height`. */
/** Frames drawn in `ms` (a page busy with one long task draws none). */
export const framesIn = (page, ms) => page.evaluate((ms) => new Promise((done) => {
  let frames = 0;
  const end = performance.now() + ms;
  const count = () => {
    frames += 1;
    if (performance.now() < end) requestAnimationFrame(count);
    else done(frames);
  };
  requestAnimationFrame(count);
}), ms);

export const wholeInWindow = (box, { width, height }) => Boolean(box) && box.top >= 0 && box.bottom <= height && box.left >= 0 && box.right <= width;

/** A box as the assertions say it: its left–right × top–bottom in whole px. */
export const sayBox = (box) => `${Math.round(box.left)}–${Math.round(box.right)} × ${Math.round(box.top)}–${Math.round(box.bottom)} px`;

/**
 * Saves a full-page PNG to tests/browser/screenshots/NAME.png (git-ignored), for a person to look at.
 * @returns {Promise<string>} the file's path
 */
export async function screenshot(page, name) {
  await mkdir(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name.replace(/[^\w.-]+/g, '_')}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * Runs `body(page, tab)` in the tab `opening` resolves to (openPage's, or a suite's `open`), then
 * checks nothing went wrong in it (`assertNoErrors`); the tab is closed on every path.
 */
export async function inTab(opening, body) {
  const tab = await opening;
  try {
    await body(tab.page, tab);
    tab.assertNoErrors();
  } finally {
    await tab.close();
  }
}

/**
 * Inside a `describe` of tests on dist/: builds dist/ if it is not there, and gives the suite one
 * browser and a scratch folder (its name starts with `prefix`), closed and removed after it.
 * @returns {{browser: () => object, scratch: () => string}}
 */
export function useDistSuite(prefix) {
  let browser;
  let scratch;
  before(async () => {
    if (!existsSync(join(DIST, 'swrr-viz.html')) || !existsSync(join(DIST, 'npm', 'package.json'))) {
      execFileSync('node', [join(ROOT, 'scripts', 'build-dist.mjs')], { cwd: ROOT, stdio: 'inherit' });
    }
    browser = await launchBrowser();
    scratch = await mkdtemp(join(tmpdir(), prefix));
  });
  after(async () => {
    await browser?.close();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });
  return { browser: () => browser, scratch: () => scratch };
}
