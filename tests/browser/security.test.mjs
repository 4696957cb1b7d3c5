// Untrusted text stays text, and the pages run under a Content-Security-Policy that forbids inline
// script: weights, node names, URL parameters, element attributes and pasted nginx configs
// carrying HTML/script payloads are shown literally and never run (window.__pwned stays
// undefined), and normal use raises no CSP violation (every page's meta policy, and the
// single-file build's hash-based one).

import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { pathToFileURL } from 'node:url';

import { ROOT, inTab, openPage, usePageSuite, waitReady } from './harness.mjs';

const PAYLOADS = ['<img src=x onerror=window.__pwned=1>', '<script>window.__pwned=1</script>', '"><svg onload=window.__pwned=1>'];

const suite = usePageSuite();

/** Opens `url` with a recorder of CSP violations (installed before any page script runs). */
async function openWatched(url, options) {
  const tab = await openPage(suite.browser(), 'about:blank', options);
  await tab.page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
  });
  await tab.page.goto(url);
  return tab;
}

async function assertSafe(page, where) {
  const state = await page.evaluate(() => ({ pwned: window.__pwned, violations: window.__violations ?? [] }));
  assert.equal(state.pwned, undefined, `a payload ran (${where})`);
  assert.deepEqual(state.violations, [], `CSP violations (${where})`);
}

test('every page declares a Content-Security-Policy without inline script', async () => {
  for (const file of ['index.html', 'compare.html', 'embed-demo.html']) {
    const tab = await openWatched(`${suite.url()}${file}`);
    const policy = await tab.page.evaluate(() => document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.content ?? '');
    assert.match(policy, /script-src 'self' 'wasm-unsafe-eval'/, file);
    assert.doesNotMatch(policy, /unsafe-inline|unsafe-eval'(?<!wasm-unsafe-eval')|\*/, file);
    assert.match(policy, /object-src 'none'/, file);
    // The policy is live: an inline script injected now is refused.
    const ran = await tab.page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__inline = 1';
      document.head.append(script);
      await new Promise((resolve) => setTimeout(resolve, 50));
      return window.__inline;
    });
    assert.equal(ran, undefined, `${file}: an inline script ran`);
    await tab.close();
  }
});

test('normal use raises no CSP violation: load, play, plots, dialogs, exports', async () => {
  const tab = await openWatched(`${suite.url()}index.html#w=5%2C3%2C2`);
  const { page } = tab;
  await waitReady(page);
  await page.waitForSelector('section.plots[data-status="ready"]');
  await page.click('#play');
  await page.waitForTimeout(400);
  await page.click('#play');
  await page.click('#share');
  await page.keyboard.press('Escape');
  await page.click('#export');
  await page.waitForSelector('dialog[data-open="true"]');
  // Exports: a PNG draws an SVG into a canvas through an image (img-src blob:); files download
  // through blob: links.
  for (const id of ['frame-png', 'plot-levels-png', 'trace-csv']) {
    const download = page.waitForEvent('download', { timeout: 10_000 });
    await page.click(`[data-export="${id}"]`);
    assert.ok(await download, id);
  }
  await page.keyboard.press('Escape');
  await page.waitForTimeout(200);
  await assertSafe(page, 'normal use');
  tab.assertNoErrors();
  await tab.close();

  const compare = await openWatched(`${suite.url()}compare.html#w=5%2C3%2C2&algos=swrr,edf`);
  await compare.page.waitForSelector('main[data-ready="true"], [data-ready="true"]', { timeout: 15000 });
  await compare.page.waitForTimeout(300);
  await assertSafe(compare.page, 'compare.html');
  compare.assertNoErrors();
  await compare.close();

  const embed = await openWatched(`${suite.url()}embed-demo.html`);
  await embed.page.locator('#first').scrollIntoViewIfNeeded();
  await embed.page.waitForFunction(() => document.querySelector('#first')?.shadowRoot?.querySelector('[data-ready="true"]'), null, { timeout: 15000 });
  await assertSafe(embed.page, 'embed-demo.html');
  embed.assertNoErrors();
  await embed.close();
});

test('payloads in the weights box are refused or shown as text, never run', () => inTab(openWatched(`${suite.url()}index.html`), async (page) => {
  await waitReady(page);
  // Not valid weights (the spaces split it): refused with a message that quotes it as text.
  await page.fill('#weights', `${PAYLOADS[0]}=5`);
  await page.press('#weights', 'Enter');
  await page.waitForFunction(() => document.querySelector('#weights-error')?.textContent.includes('<img'));
  assert.equal(await page.locator('#weights-error img, #weights-error script').count(), 0);
  // Valid names that are markup: shown as text on the tanks and in the table.
  // (Names cannot hold '=' or spaces, so these payloads are the ones a name can carry.)
  await page.fill('#weights', '<b>x</b>=5, <script>alert(1)</script>=3, "><i>=2, <img/src/onerror>=1');
  await page.press('#weights', 'Enter');
  await page.waitForFunction(() => document.querySelector('svg#tanks')?.textContent.includes('<b>x</b>'));
  const text = await page.locator('#app').textContent();
  assert.ok(text.includes('<script>alert(1)</script>') && text.includes('"><i>'), 'the names show literally');
  assert.equal(await page.locator('#app b, #app i, #app script').count(), 0, 'no element made from a name');
  await assertSafe(page, 'weights box');
}));

test('payloads in the URL hash are shown as text, never run', async () => {
  const weights = encodeURIComponent(`<b>x</b>=5,${PAYLOADS[1]}=3`);
  const scenario = encodeURIComponent(`@2 ${PAYLOADS[0]} down`);
  const tab = await openWatched(`${suite.url()}index.html#w=${weights}&t=${encodeURIComponent(PAYLOADS[2])}&scenario=${scenario}&theme=${encodeURIComponent(PAYLOADS[0])}&algo=${encodeURIComponent(PAYLOADS[1])}`);
  const { page } = tab;
  await waitReady(page);
  assert.equal(await page.inputValue('#weights'), `<b>x</b>=5,${PAYLOADS[1]}=3`);
  assert.equal(await page.locator('#app b, #app script, #app img, #app svg svg[onload]').count(), 0);
  await page.waitForTimeout(200);
  await assertSafe(page, 'URL hash');
  await tab.close();
});

test('payloads in <swrr-viz> attributes are shown as text, never run', async () => {
  const tab = await openWatched(`${suite.url()}embed-demo.html`);
  const { page } = tab;
  await page.locator('#first').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.querySelector('#first')?.shadowRoot?.querySelector('[data-ready="true"]'), null, { timeout: 15000 });
  await page.evaluate(() => {
    const el = document.querySelector('#first');
    el.setAttribute('weights', '<b>x</b>=5,<img/src/onerror>=3,<script>alert(1)</script>=2');
    el.setAttribute('theme', '"><script>window.__pwned=1</script>');
    el.setAttribute('scenario', '@1 <svg/onload=window.__pwned=1> down');
  });
  await page.waitForFunction(() => document.querySelector('#first').shadowRoot.textContent.includes('<b>x</b>'));
  const made = await page.evaluate(() => document.querySelector('#first').shadowRoot.querySelectorAll('b, img, script, svg[onload]').length);
  assert.equal(made, 0);
  await page.waitForTimeout(200);
  await assertSafe(page, 'element attributes');
  await tab.close();
});

test('a pasted nginx config with payloads is read as text', async () => {
  const tab = await openWatched(`${suite.url()}index.html`);
  const { page } = tab;
  await waitReady(page);
  await page.click('#export');
  await page.fill('#nginx-import', `upstream ${PAYLOADS[1]} {\n  server ${PAYLOADS[0].replaceAll(' ', '')} weight=5;\n  server <b>b</b>:80 weight=3;\n  server "><svg/onload=window.__pwned=1> weight=2;\n}`);
  await page.click('#nginx-read');
  await page.waitForFunction(() => document.querySelector('#nginx-result')?.dataset.weights || document.querySelector('#nginx-error')?.textContent);
  assert.equal(await page.locator('dialog b, dialog img, dialog script, dialog svg[onload]').count(), 0);
  await assertSafe(page, 'nginx import');
  await tab.close();
});

test('the single file carries a hash-based CSP and runs under it', { skip: !existsSync(join(ROOT, 'dist', 'swrr-viz.html')) && 'dist/ not built' }, async () => {
  const context = await suite.browser().newContext();
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await page.goto(pathToFileURL(join(ROOT, 'dist', 'swrr-viz.html')).href);
  const policy = await page.evaluate(() => document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.content ?? '');
  assert.match(policy, /default-src 'none'/);
  assert.match(policy, /script-src 'sha256-[^']+' 'wasm-unsafe-eval'/);
  await page.waitForSelector('main#app[data-ready="true"]', { timeout: 20000 });
  await page.waitForSelector('section.plots[data-status="ready"]', { timeout: 20000 });
  await assertSafe(page, 'single file');
  assert.deepEqual(errors, []);
  await context.close();
});
