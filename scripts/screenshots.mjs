// Screenshots of the page for a person to look at: desktop and phone, light and dark.
//   node scripts/screenshots.mjs ['#w=5%2C3%2C2&t=5'] [name-prefix] [selector to click first]
// e.g. `node scripts/screenshots.mjs '' export '#export'` shows the Export dialog (it waits for
// the dialog, which loads on first use).
// Writes tests/browser/screenshots/<prefix>-<desktop|phone>-<light|dark>.png and prints
// anything the page reported as an error.
//   node scripts/screenshots.mjs --readme
// writes the README's picture of the page, docs/page.png: 5,3,2 at step 5, 1280 × 880, light.

import { launchBrowser, openPage, screenshot, startServer, waitReady } from '../tests/browser/harness.mjs';

if (process.argv[2] === '--readme') {
  await readmePicture();
  process.exit(0);
}

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

async function readmePicture() {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const viewport = { width: 1280, height: 880 };
    const tab = await openPage(browser, `${server.url}index.html#w=5%2C3%2C2&t=5`, { viewport, reducedMotion: 'reduce' });
    await waitReady(tab.page);
    const path = new URL('../docs/page.png', import.meta.url).pathname;
    await tab.page.screenshot({ path });
    console.log(path);
    tab.assertNoErrors();
    await tab.close();
  } finally {
    await browser.close();
    await server.close();
  }
}
