// Screenshots of the page for a person to look at: desktop and phone, light and dark.
//   node scripts/screenshots.mjs ['#w=5%2C3%2C2&t=5'] [name-prefix] [selector to click first]
// e.g. `node scripts/screenshots.mjs '' export '#export'` shows the Export dialog (it waits for
// the dialog, which loads on first use).
// Writes tests/browser/screenshots/<prefix>-<desktop|phone>-<light|dark>.png and prints
// anything the page reported as an error.

import { launchBrowser, openPage, screenshot, startServer, waitReady } from '../tests/browser/harness.mjs';

const hash = process.argv[2] ?? '';
const prefix = process.argv[3] ?? 'page';
const click = process.argv[4];
const server = await startServer();
const browser = await launchBrowser();
try {
  for (const [device, viewport] of [['desktop', { width: 1366, height: 900 }], ['phone', { width: 360, height: 740 }]]) {
    for (const colorScheme of ['light', 'dark']) {
      const tab = await openPage(browser, `${server.url}index.html${hash}`, { viewport, colorScheme });
      await waitReady(tab.page);
      if (click) {
        await tab.page.click(click);
        await tab.page.waitForSelector('dialog[open]', { timeout: 10_000 }).catch(() => {});
      }
      await tab.page.waitForTimeout(700);
      const overflow = await tab.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      const path = await screenshot(tab.page, `${prefix}-${device}-${colorScheme}`);
      console.log(`${path}${overflow > 0 ? `  (horizontal overflow: ${overflow}px)` : ''}`);
      if (tab.errors.length) console.log(`  errors: ${tab.errors.join('\n  ')}`);
      await tab.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
