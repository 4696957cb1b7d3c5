// Export / import opened while the plots are still being computed (a phone's first seconds) offers
// their buttons once they are drawn, without being closed and opened again.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { holdBack, openPage, usePageSuite, waitReady } from './harness.mjs';

describe('Export / import and the plots', () => {
  const suite = usePageSuite();

  for (const [viewport, colorScheme] of [[{ width: 390, height: 844 }, 'light'], [{ width: 1366, height: 768 }, 'dark']]) {
    test(`opened before the plots are drawn, it offers them once they are, at ${viewport.width}×${viewport.height}, ${colorScheme}`, async () => {
      const tab = await openPage(suite.browser(), 'about:blank', { viewport, colorScheme });
      const { page } = tab;
      try {
        // The analysis worker computes the plots: held back, they stay "computing".
        const release = await holdBack(page.context(), '**/analysis-worker.js');
        await page.goto(`${suite.url()}index.html#w=5%2C3%2C2&t=5`);
        await waitReady(page);
        if (await page.isVisible('#menu')) await page.click('#menu');
        await page.click('#export');
        await page.waitForSelector('#export-dialog[open]');
        const plots = '#export-dialog [data-plots]';
        assert.equal(await page.getAttribute(plots, 'data-plots'), 'computing');
        assert.equal(await page.locator('#export-dialog [data-export="plot-levels-svg"]').count(), 0);
        const focused = await page.evaluate(() => document.activeElement.dataset.export);
        release();
        await page.waitForSelector('section.plots[data-status="ready"]');
        await page.waitForSelector(`${plots}[data-plots="ready"]`, { timeout: 5_000 });
        const offered = await page.$$eval('#export-dialog .plot-export button[data-export]', (buttons) => buttons.map((b) => b.dataset.export));
        assert.deepEqual(offered.slice(0, 2), ['plot-levels-svg', 'plot-levels-png']);
        assert.equal(offered.length, 10, `five plots, SVG and PNG each: ${offered}`);
        assert.equal(await page.evaluate(() => document.activeElement.dataset.export), focused, 'the focus stays where it was');
        tab.assertNoErrors();
      } finally {
        await tab.close();
      }
    });
  }
});
