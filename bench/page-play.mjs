// Playback smoothness in headless Chromium: plays the walkthrough at top speed and measures
// the frames (requestAnimationFrame intervals). Prints a Markdown table; not a pass/fail test.
//   node bench/page-play.mjs [seconds]
// Needs www/pkg (scripts/build-wasm.sh).

import { launchBrowser, openPage, startServer, waitReady } from '../tests/browser/harness.mjs';

const seconds = Number(process.argv[2] ?? 5);
const LONG_FRAME_MS = 1000 / 60;

function weightsOf(n) {
  return Array.from({ length: n }, (_, i) => 1 + ((i * 7919) % 97)).join(',');
}

const server = await startServer();
const browser = await launchBrowser();
console.log('| nodes | speed | frames | fps | frames > 16.7 ms | longest frame | steps played |');
console.log('|---:|---:|---:|---:|---:|---:|---:|');
try {
  for (const n of [3, 12, 64]) {
    const tab = await openPage(browser, `${server.url}index.html#w=${encodeURIComponent(weightsOf(n))}&speed=300`, { viewport: { width: 1366, height: 900 } });
    await waitReady(tab.page);
    // Measure playback alone: the plots below are computed and drawn once, before.
    await tab.page.waitForSelector('section.plots[data-status="ready"]');
    const result = await tab.page.evaluate(async (ms) => {
      const intervals = [];
      let last = performance.now();
      let running = true;
      const frame = (now) => {
        intervals.push(now - last);
        last = now;
        if (running) requestAnimationFrame(frame);
      };
      requestAnimationFrame((now) => {
        last = now;
        requestAnimationFrame(frame);
      });
      const start = Number(document.querySelector('#app').dataset.step);
      document.querySelector('#play').click();
      await new Promise((resolve) => setTimeout(resolve, ms));
      running = false;
      document.querySelector('#play').click();
      return { intervals, steps: Number(document.querySelector('#app').dataset.step) - start };
    }, seconds * 1000);
    const frames = result.intervals.length;
    const total = result.intervals.reduce((a, b) => a + b, 0);
    // A frame counts as long when it took more than one 60 Hz frame (with 1 ms of timer slack).
    const long = result.intervals.filter((ms) => ms > LONG_FRAME_MS + 1).length;
    console.log(`| ${n} | 300 steps/s | ${frames} | ${(frames / (total / 1000)).toFixed(1)} | ${((100 * long) / frames).toFixed(2)} % | ${Math.max(...result.intervals).toFixed(1)} ms | ${result.steps} |`);
    if (tab.errors.length) console.log(`errors: ${tab.errors.join('; ')}`);
    await tab.close();
  }
} finally {
  await browser.close();
  await server.close();
}
