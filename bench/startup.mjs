// Start-up in headless Chromium: navigation → the first tanks drawn (main#app[data-ready="true"],
// then the next animation frame), cold: a fresh browser context each time (no HTTP cache, no
// compiled-wasm cache), on localhost. Prints the median and the spread; not a pass/fail test.
//   node bench/startup.mjs [runs]
//   import { measureStartup } from './startup.mjs'   (bench/all.mjs)

import { runAlone } from './alone.mjs';
import { median } from './phone.mjs';

/** One cold load: {ready, drawn, fcp} in ms since navigation start. */
async function coldLoad(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  try {
    await context.addInitScript(() => {
      const observer = new MutationObserver(() => {
        const app = document.getElementById('app');
        if (app?.dataset.ready !== 'true') return;
        observer.disconnect();
        window.__swrrReady = performance.now();
        requestAnimationFrame(() => {
          window.__swrrDrawn = performance.now();
        });
      });
      observer.observe(document, { attributes: true, subtree: true, childList: true, attributeFilter: ['data-ready'] });
    });
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => window.__swrrDrawn !== undefined, null, { timeout: 15_000 });
    return await page.evaluate(() => ({
      ready: window.__swrrReady,
      drawn: window.__swrrDrawn,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    }));
  } finally {
    await context.close();
  }
}

export async function measureStartup(browser, server, runs = 7) {
  const url = `${server.url}index.html`;
  await coldLoad(browser, url); // the server's and the browser's own first time
  const samples = [];
  for (let i = 0; i < runs; i++) samples.push(await coldLoad(browser, url));
  const drawn = samples.map((s) => s.drawn);
  return {
    drawn: median(drawn),
    ready: median(samples.map((s) => s.ready)),
    fcp: median(samples.map((s) => s.fcp)),
    min: Math.min(...drawn),
    max: Math.max(...drawn),
    runs,
  };
}

await runAlone(import.meta.url, async (browser, server) => {
  const r = await measureStartup(browser, server, Number(process.argv[2] ?? 7));
  console.log(`first tanks drawn: median ${r.drawn.toFixed(0)} ms (${r.min.toFixed(0)}–${r.max.toFixed(0)} ms over ${r.runs} cold loads); data-ready ${r.ready.toFixed(0)} ms; first contentful paint ${r.fcp.toFixed(0)} ms`);
});
