// Time to compute and draw the strip, plots and metrics in headless Chromium, and the longest
// main-thread task meanwhile (PerformanceObserver 'longtask': tasks over 50 ms). Prints a
// Markdown table; not a pass/fail test.   node bench/plots.mjs
//   import { measurePlots } from './plots.mjs'   (bench/all.mjs)
// Needs www/pkg (scripts/build-wasm.sh).

import { openPage, waitReady } from '../tests/browser/harness.mjs';
import { runAlone } from './alone.mjs';

const weightsOf = (n) => Array.from({ length: n }, (_, i) => 1 + ((i * 7919) % 97)).join(',');
const CASES = [
  { n: 8, steps: 1_000_000 },
  { n: 1000, steps: 100_000 },
  { n: 1000, steps: 10_000_000 },
  { n: 10_000, steps: 100_000 },
];

/** Sets n nodes and `steps` on a loaded page; returns {elapsed, tasks (ms each), period, errors}. */
export async function measurePlots(browser, server, { n, steps }) {
  const tab = await openPage(browser, `${server.url}index.html#w=1%2C1`, { viewport: { width: 1366, height: 900 } });
  try {
    await waitReady(tab.page);
    await tab.page.waitForSelector('section.plots[data-status="ready"]');
    const result = await tab.page.evaluate(async ({ weights, steps }) => {
      const tasks = [];
      const observer = new PerformanceObserver((list) => tasks.push(...list.getEntries().map((e) => e.duration)));
      observer.observe({ type: 'longtask' });
      const start = performance.now();
      location.hash = `#w=${encodeURIComponent(weights)}&steps=${steps}`;
      const section = document.querySelector('section.plots');
      await new Promise((resolve) => {
        const check = () => (section.dataset.status === 'ready' && section.dataset.steps === String(steps) ? resolve() : setTimeout(check, 5));
        setTimeout(check, 5);
      });
      // One more frame: the drawing is on screen.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const elapsed = performance.now() - start;
      await new Promise((resolve) => setTimeout(resolve, 100));
      observer.disconnect();
      return { elapsed, tasks, period: Number(document.querySelector('table#metrics').dataset.period) };
    }, { weights: weightsOf(n), steps });
    return { ...result, errors: [...tab.errors] };
  } finally {
    await tab.close();
  }
}

await runAlone(import.meta.url, async (browser, server) => {
  console.log('| nodes | steps | period | compute + draw | longest main-thread task | tasks > 50 ms |');
  console.log('|---:|---:|---:|---:|---:|---:|');
  for (const { n, steps } of CASES) {
    const result = await measurePlots(browser, server, { n, steps });
    const longest = result.tasks.length ? Math.max(...result.tasks) : 0;
    console.log(`| ${n} | ${steps.toLocaleString('en')} | ${result.period.toLocaleString('en')} | ${result.elapsed.toFixed(0)} ms | ${longest ? `${longest.toFixed(0)} ms` : 'none over 50 ms'} | ${result.tasks.length} |`);
    if (result.errors.length) console.log(`errors: ${result.errors.join('; ')}`);
  }
});
