// One bench file run alone (`node bench/engine.mjs`): its measure over a server of the site and a
// browser of its own, both closed on every path. bench/all.mjs runs every measure over one of each.

import { pathToFileURL } from 'node:url';

import { launchBrowser, startServer } from '../tests/browser/harness.mjs';

/** True when the module at `moduleUrl` is the file node was started with. */
export const isMain = (moduleUrl) => Boolean(process.argv[1]) && moduleUrl === pathToFileURL(process.argv[1]).href;

/**
 * When the module at `moduleUrl` is run directly: `report(browser, server)` with a server of
 * `root` (the harness's site by default) and a browser, closed after it whatever happens.
 */
export async function runAlone(moduleUrl, report, root = undefined) {
  if (!isMain(moduleUrl)) return;
  const server = await startServer(root);
  const browser = await launchBrowser();
  try {
    await report(browser, server);
  } finally {
    await browser.close();
    await server.close();
  }
}
