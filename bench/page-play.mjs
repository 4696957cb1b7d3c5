// Playback smoothness in headless Chromium: plays the walkthrough at top speed and measures
// the frames (requestAnimationFrame intervals). Prints a Markdown table; not a pass/fail test.
//   node bench/page-play.mjs [seconds]
//   import { measurePlayback } from './page-play.mjs'   (bench/all.mjs)
// Needs www/pkg (scripts/build-wasm.sh).

import { openPage, waitReady } from '../tests/browser/harness.mjs';
import { runAlone } from './alone.mjs';

const LONG_FRAME_MS = 1000 / 60;

export function weightsOf(n) {
  return Array.from({ length: n }, (_, i) => 1 + ((i * 7919) % 97)).join(',');
}

/**
 * Plays n nodes at 300 steps/s for `seconds` and returns {frames, fps, longShare (0..1),
 * longest (ms), steps, errors}.
 */
export async function measurePlayback(browser, server, n, seconds) {
  const tab = await openPage(browser, `${server.url}index.html#w=${encodeURIComponent(weightsOf(n))}&speed=300`, { viewport: { width: 1366, height: 900 } });
  try {
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
    return {
      frames,
      fps: frames / (total / 1000),
      longShare: long / frames,
      longest: Math.max(...result.intervals),
      steps: result.steps,
      errors: [...tab.errors],
    };
  } finally {
    await tab.close();
  }
}

await runAlone(import.meta.url, async (browser, server) => {
  const seconds = Number(process.argv[2] ?? 5);
  console.log('| nodes | speed | frames | fps | frames > 16.7 ms | longest frame | steps played |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|');
  for (const n of [3, 12, 64]) {
    const r = await measurePlayback(browser, server, n, seconds);
    console.log(`| ${n} | 300 steps/s | ${r.frames} | ${r.fps.toFixed(1)} | ${(100 * r.longShare).toFixed(2)} % | ${r.longest.toFixed(1)} ms | ${r.steps} |`);
    if (r.errors.length) console.log(`errors: ${r.errors.join('; ')}`);
  }
});
