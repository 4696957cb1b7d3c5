// WebAssembly memory in headless Chromium (`memory.buffer.byteLength` of the wasm instance; it
// only ever grows, so a plateau means bounded):
//   - after an analysis of 10^7 picks for 1,000 nodes (the plots' largest case), and of 10^7
//     picks that never repeat (random, 8 nodes: every pick stored);
//   - while a walkthrough plays for an hour at the top speed (1,080,000 steps at 300 steps/s, each
//     step read as the page reads it: seek, current, picks, levels), on a run that repeats and on
//     one that never does (a scenario);
//   - while a run that never repeats is sought far forward again and again (10 × 2,000,000 steps).
//   node bench/memory.mjs
//   import { measureMemory } from './memory.mjs'   (bench/all.mjs)

import { pathToFileURL } from 'node:url';

import { launchBrowser, openPage, startServer } from '../tests/browser/harness.mjs';

const MB = 1024 * 1024;

async function inPage() {
  const pkg = await import('/pkg/swrr_viz.js');
  const wasm = await pkg.default();
  const mem = () => wasm.memory.buffer.byteLength;
  const weightsOf = (n) => Array.from({ length: n }, (_, i) => 1 + ((i * 7919) % 97)).join(',');
  const out = { start: mem() };

  function analyse(analysis) {
    while (!analysis.run(1e7).finished) {
      // chunks, as the worker runs them
    }
    analysis.metrics();
    const steps = analysis.steps;
    analysis.strip(1, steps, 1000);
    analysis.levelColumns(1, steps, 1000, analysis.rankedNodes('lag', 8), true);
    analysis.windowColumns(1, steps, 1000, analysis.rankedNodes('lag', 8), true);
    analysis.free();
  }
  analyse(new pkg.Analysis(weightsOf(1000), 'first', 1e7, undefined));
  out.analysis1000 = mem();
  analyse(pkg.Analysis.withOptions(weightsOf(8), { algo: 'random', seed: '1' }, 1e7, undefined));
  out.analysisRandom = mem();

  function play(walkthrough, steps, samples) {
    const series = [];
    for (let t = 1; t <= steps; t++) {
      walkthrough.seek(t);
      walkthrough.current();
      walkthrough.picks();
      walkthrough.levels();
      if (t % Math.floor(steps / samples) === 0) series.push(mem());
    }
    walkthrough.free();
    return series;
  }
  const HOUR = 300 * 3600;
  const started = performance.now();
  out.playPeriodic = play(new pkg.Walkthrough(weightsOf(64), 'first'), HOUR, 6);
  out.playScenario = play(pkg.Walkthrough.withOptions(weightsOf(64), { scenario: '@2 A=50' }), HOUR, 6);
  out.playSeconds = (performance.now() - started) / 1000;

  const far = pkg.Walkthrough.withOptions(weightsOf(64), { scenario: '@2 A=50' });
  out.seekFar = [];
  for (let k = 1; k <= 10; k++) {
    far.seek(k * 2_000_000);
    far.current();
    out.seekFar.push(mem());
  }
  far.free();
  return out;
}

export async function measureMemory(browser, server) {
  const tab = await openPage(browser, `${server.url}pkg/swrr_viz_bg.wasm.d.ts`);
  try {
    return await tab.page.evaluate(inPage);
  } finally {
    await tab.close();
  }
}

export const mb = (bytes) => `${(bytes / MB).toFixed(1)} MB`;

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const m = await measureMemory(browser, server);
    console.log(`wasm memory at start: ${mb(m.start)}`);
    console.log(`after 10^7 picks, 1,000 nodes (period 49,019): ${mb(m.analysis1000)}`);
    console.log(`after 10^7 picks, random, 8 nodes (every pick stored): ${mb(m.analysisRandom)}`);
    console.log(`an hour of play, repeating run, each sixth: ${m.playPeriodic.map(mb).join(' → ')}`);
    console.log(`an hour of play, scenario run, each sixth: ${m.playScenario.map(mb).join(' → ')}  (${m.playSeconds.toFixed(1)} s for both)`);
    console.log(`10 seeks of 2,000,000 steps, scenario run: ${m.seekFar.map(mb).join(' → ')}`);
  } finally {
    await browser.close();
    await server.close();
  }
}
