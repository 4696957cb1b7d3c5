// A far step walked in slices between frames (www/widget/far-seek.js), in headless Chromium: how
// long the walk takes from the page's first `data-reaching` to its end, the frames drawn
// meanwhile (requestAnimationFrame, counted from before the page's own scripts) and the longest
// wait between two; beside it the same steps in one task (`<swrr-viz>`'s seek(t), the tab frozen).
// Prints a Markdown table of medians; not a pass/fail test.
//   node bench/far-walk.mjs [runs]
//   import { measureFarWalks } from './far-walk.mjs'   (bench/all.mjs)
// Needs www/pkg (scripts/build-wasm.sh).

import { openPage } from '../tests/browser/harness.mjs';
import { runAlone } from './alone.mjs';
import { median } from './phone.mjs';

const SCENARIO = '@1 A=6';
const T = 30_000_000;
/** The walks: the main page's one pane, and compare.html's three (SWRR repeats; Envoy and EDF walk). */
export const WALKS = [
  { page: 'index.html', hash: `#w=5,3,2&algo=envoy&scenario=${encodeURIComponent(SCENARIO)}&t=${T}`, oneTask: ['envoy'] },
  { page: 'compare.html', hash: `#w=5,3,2&algos=swrr,envoy,edf&scenario=${encodeURIComponent(SCENARIO)}&t=${T}`, oneTask: ['envoy', 'edf'] },
];

/** Records each frame's time and when `data-reaching` comes and goes, from the document's start. */
function recordFrames() {
  const frames = [];
  const marks = { start: null, end: null };
  window.__farWalk = { frames, marks };
  const frame = (now) => {
    frames.push(now);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  new MutationObserver(() => {
    const reaching = document.querySelector('main[data-reaching]');
    if (reaching && marks.start === null) marks.start = performance.now();
    if (!reaching && marks.start !== null && marks.end === null) marks.end = performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-reaching'] });
}

/** One walk of `walk`: {seconds, fps, longestGap (ms), frames}. */
async function walkOnce(browser, server, walk) {
  const tab = await openPage(browser, 'about:blank', { viewport: { width: 1366, height: 900 } });
  try {
    await tab.page.addInitScript(recordFrames);
    await tab.page.goto(`${server.url}${walk.page}${walk.hash}`);
    await tab.page.waitForFunction(() => window.__farWalk.marks.end !== null, null, { timeout: 300_000, polling: 500 });
    const { frames, marks } = await tab.page.evaluate(() => window.__farWalk);
    const during = frames.filter((at) => at >= marks.start && at <= marks.end);
    const times = [marks.start, ...during, marks.end];
    const gaps = times.slice(1).map((at, i) => at - times[i]);
    const ms = marks.end - marks.start;
    if (tab.errors.length) throw new Error(`${walk.page}: ${tab.errors.join('; ')}`);
    return { seconds: ms / 1000, fps: during.length / (ms / 1000), longestGap: Math.max(...gaps), frames: during.length };
  } finally {
    await tab.close();
  }
}

/** The same steps in one task, each algorithm of `walk` in turn: seconds. */
async function oneTask(browser, server, walk) {
  const tab = await openPage(browser, `${server.url}embed-demo.html`);
  try {
    const url = `${server.url}far-element.html`;
    const elements = walk.oneTask.map((algorithm, i) => `<swrr-viz id="e${i}" weights="5,3,2" algorithm="${algorithm}" scenario="${SCENARIO}"></swrr-viz>`);
    await tab.page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><html lang="en"><head><meta charset="utf-8">
      <script type="module" src="swrr-viz.js"></script></head><body>${elements.join('')}</body></html>` }));
    await tab.page.goto(url);
    for (let i = 0; i < elements.length; i += 1) await tab.page.waitForSelector(`swrr-viz#e${i}[data-ready="true"]`);
    const ms = await tab.page.evaluate(({ count, t }) => {
      const started = performance.now();
      for (let i = 0; i < count; i += 1) {
        if (!document.querySelector(`swrr-viz#e${i}`).seek(t)) throw new Error(`e${i} did not reach ${t}`);
      }
      return performance.now() - started;
    }, { count: elements.length, t: T });
    return ms / 1000;
  } finally {
    await tab.close();
  }
}

/** Each walk `runs` times, in slices and in one task; medians. */
export async function measureFarWalks(browser, server, runs = 3) {
  const results = [];
  for (const walk of WALKS) {
    // In turn, so that a busy spell of the machine weighs on both alike.
    const each = [];
    const single = [];
    for (let run = 0; run < runs; run += 1) {
      each.push(await walkOnce(browser, server, walk));
      single.push(await oneTask(browser, server, walk));
    }
    results.push({
      walk,
      runs: each,
      seconds: median(each.map((r) => r.seconds)),
      fps: median(each.map((r) => r.fps)),
      longestGap: median(each.map((r) => r.longestGap)),
      oneTask: median(single),
    });
  }
  return results;
}

/** The table's lines. */
export function farWalkReport(results) {
  const lines = [
    `| walk to step ${T.toLocaleString('en')} (5,3,2, \`${SCENARIO}\`) | in slices | frames a second | longest wait for a frame | in one task (frozen) | slices ÷ one task |`,
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const r of results) {
    const each = r.runs.map((x) => x.seconds.toFixed(1)).join(', ');
    lines.push(`| \`${r.walk.page}${r.walk.hash.replace(/&t=.*/, '')}\` | ${r.seconds.toFixed(1)} s (${each}) | ${r.fps.toFixed(1)} | ${r.longestGap.toFixed(0)} ms | ${r.oneTask.toFixed(1)} s | ${(r.seconds / r.oneTask).toFixed(2)}× |`);
  }
  return lines;
}

await runAlone(import.meta.url, async (browser, server) => {
  const runs = Number(process.argv[2] ?? 3);
  for (const line of farWalkReport(await measureFarWalks(browser, server, runs))) console.log(line);
});
