// Failure is visible: a panic of the core inside the analysis worker shows an error in the plots
// panel (the walkthrough's own banner test is in walkthrough.test.mjs), the page stays usable, and
// later analyses run on the main thread.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

import { WWW, openPage, usePageSuite, waitReady } from './harness.mjs';

const suite = usePageSuite();

test('a core panic inside the analysis worker shows an error in the plots panel; the page goes on', async () => {
  const tab = await openPage(suite.browser(), 'about:blank');
  const { page } = tab;
  // The worker as served, plus the facade's debug hook when the weights are 6,6,6 (a test-only
  // change of the served file; the page itself has no such hook).
  const source = readFileSync(join(WWW, 'run', 'analysis-worker.js'), 'utf8');
  const hook = "if (weights === '6,6,6') (await import('../pkg/swrr_viz.js')).debugPanic();";
  const patched = source
    .replace('function analyse({', 'async function analyse({')
    .replace('  try {\n    analysis = Analysis.withOptions(', `  try {\n    ${hook}\n    analysis = Analysis.withOptions(`);
  assert.notEqual(patched, source.replace('function analyse({', 'async function analyse({'), 'analysis-worker.js changed shape: update the injection point');
  await page.route('**/analysis-worker.js', (route) => route.fulfill({ contentType: 'text/javascript', body: patched }));
  await page.goto(`${suite.url()}index.html#w=6%2C6%2C6`);
  await waitReady(page);
  await page.waitForSelector('section.plots[data-status="error"]');
  const shown = await page.textContent('section.plots');
  assert.match(shown, /failed inside swrr-viz \(a bug, not your input\)/);
  // The walkthrough is untouched, and new weights are analysed (now on the main thread).
  assert.equal(await page.getAttribute('#app', 'data-error'), null);
  await page.click('#step-forward').catch(() => page.keyboard.press('ArrowRight'));
  await page.fill('#weights', '5,3,2');
  await page.press('#weights', 'Enter');
  await page.waitForSelector('section.plots[data-status="ready"]');
  assert.equal(await page.getAttribute('table#metrics', 'data-period'), '10');
  // The panic hook's console message is the one expected error.
  assert.ok(tab.errors.every((e) => e.includes('debug panic requested')), tab.errors.join('\n'));
  await tab.close();
});

test('a scenario that takes every node out stops the run; the page says so and lives', async () => {
  // The table must not ask the core for rows past the stop: the error would show the "something
  // went wrong inside swrr-viz" banner for what is the user's (valid) scenario. (nginx SWRR
  // answers 502s while every node is down, so its stop is every node drained.)
  for (const hash of ['#w=5&scenario=%402%20A%20drain', '#w=5&algo=random&scenario=%402%20A%20down&t=3']) {
    const tab = await openPage(suite.browser(), `${suite.url()}index.html${hash}`);
    const { page } = tab;
    await waitReady(page);
    await page.waitForTimeout(300);
    assert.equal(await page.getAttribute('#app', 'data-error'), null, hash);
    assert.equal(await page.isVisible('#fatal'), false, hash);
    assert.ok(await page.locator('table#trace tr[data-step="1"], svg#tanks').count() > 0, hash);
    tab.assertNoErrors();
    await tab.close();
  }
});
