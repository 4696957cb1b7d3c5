// The page's engine contract, read through data-* attributes only (DESIGN.md, rule 7):
// weights input → trace table; bad input shows why and keeps the last good table; #w= in the URL.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { openPage, screenshot, usePageSuite, waitReady } from './harness.mjs';

/** What the trace table shows, as plain data. */
function readTrace(page) {
  return page.$eval('table#trace', (table) => ({
    total: table.dataset.total,
    period: table.dataset.period,
    rows: [...table.querySelectorAll('tbody tr[data-step]')].map((tr) => ({
      step: Number(tr.dataset.step),
      winner: Number(tr.dataset.winner),
      tied: tr.dataset.tied ?? null,
      filled: [...tr.querySelectorAll('td[data-phase="filled"]')]
        .sort((a, b) => a.dataset.node - b.dataset.node)
        .map((td) => Number(td.dataset.level)),
      drained: [...tr.querySelectorAll('td[data-phase="drained"]')]
        .sort((a, b) => a.dataset.node - b.dataset.node)
        .map((td) => Number(td.dataset.level)),
    })),
  }));
}

/** Replaces the weights text the way typing does (fill fires an input event). */
async function typeWeights(page, text) {
  await page.fill('input#weights', text);
}

describe('engine page', () => {
  const suite = usePageSuite();

  test('typing weights recomputes the trace; bad input keeps the last good table', async () => {
    const tab = await openPage(suite.browser(), `${suite.url()}index.html`);
    const { page } = tab;
    try {
      await waitReady(page);

      // Default weights are shown and computed.
      const defaultText = await page.inputValue('input#weights');
      assert.notEqual(defaultText.trim(), '', 'the input holds default weights');
      const initial = await readTrace(page);
      assert.ok(initial.rows.length > 0, 'the default weights give a table');
      assert.equal(await page.getAttribute('input#weights', 'aria-invalid') ?? 'false', 'false');

      await typeWeights(page, '5,3,2');
      await page.waitForFunction(() => document.querySelector('table#trace')?.dataset.total === '10');
      const trace = await readTrace(page);
      assert.equal(trace.total, '10');
      assert.equal(trace.period, '10');
      assert.deepEqual(trace.rows.map((r) => r.step), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      assert.deepEqual(trace.rows.map((r) => r.winner), [0, 1, 2, 0, 0, 1, 0, 2, 1, 0]);
      assert.deepEqual(
        trace.rows.map((r) => r.tied),
        [null, null, null, null, '0 1', null, null, null, null, null],
        'only step 5 is a tie (A and B)',
      );
      assert.deepEqual(trace.rows[4].filled, [5, 5, 0]);
      assert.deepEqual(trace.rows[4].drained, [-5, 5, 0]);
      for (const row of trace.rows) {
        assert.equal(row.filled.reduce((a, b) => a + b, 0), 10, `step ${row.step}: filled levels sum to W`);
        assert.equal(row.drained.reduce((a, b) => a + b, 0), 0, `step ${row.step}: drained levels sum to 0`);
      }
      assert.equal(await page.isVisible('#weights-error'), false, 'no error shown for good input');
      await screenshot(page, 'engine-page-5-3-2');

      // A negative weight: the error names the token and why; the 5,3,2 table stays.
      await typeWeights(page, '5,-3');
      const alert = page.locator('#weights-error');
      await alert.waitFor({ state: 'visible' });
      assert.equal(await alert.getAttribute('role'), 'alert');
      const message = await alert.textContent();
      assert.match(message, /-3/, `the error names the bad token: ${message}`);
      assert.match(message, /negative/i, `the error says why: ${message}`);
      assert.equal(await page.getAttribute('input#weights', 'aria-invalid'), 'true');
      assert.deepEqual(await readTrace(page), trace, 'the last good table stays');
      await screenshot(page, 'engine-page-bad-input');

      // Fixing the input clears the error.
      await typeWeights(page, '5,3,2');
      await alert.waitFor({ state: 'hidden' });
      assert.equal(await page.getAttribute('input#weights', 'aria-invalid'), 'false');

      tab.assertNoErrors();
    } finally {
      await tab.close();
    }
  });

  test('#w= in the URL loads those weights', async () => {
    const tab = await openPage(suite.browser(), `${suite.url()}index.html#w=4%2C1%2C1`);
    const { page } = tab;
    try {
      await waitReady(page);
      assert.equal(await page.inputValue('input#weights'), '4,1,1');
      const trace = await readTrace(page);
      assert.equal(trace.total, '6');
      assert.equal(trace.period, '6');
      assert.deepEqual(trace.rows.map((r) => r.winner), [0, 0, 1, 0, 2, 0]);
      tab.assertNoErrors();
    } finally {
      await tab.close();
    }
  });
});
