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

import { openPage } from '../tests/browser/harness.mjs';
import { runAlone } from './alone.mjs';

const MB = 1024 * 1024;

/** Runs in a fresh page (a fresh wasm instance): `which` names the measurement. */
async function inPage(which) {
  const pkg = await import('/pkg/swrr_viz.js');
  const wasm = await pkg.default();
  const mem = () => wasm.memory.buffer.byteLength;
  const weightsOf = (n) => Array.from({ length: n }, (_, i) => 1 + ((i * 7919) % 97)).join(',');
  const start = mem();

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
    return mem();
  }
  /** Plays `steps` steps as the page reads each one; memory at each sixth of the way. */
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
  switch (which) {
    case 'analysis1000':
      return { start, end: analyse(new pkg.Analysis(weightsOf(1000), 'first', 1e7, undefined)) };
    case 'analysisRandom':
      return { start, end: analyse(pkg.Analysis.withOptions(weightsOf(8), { algo: 'random', seed: '1' }, 1e7, undefined)) };
    case 'playPeriodic':
      return { start, series: play(new pkg.Walkthrough(weightsOf(64), 'first'), HOUR, 6) };
    case 'playScenario':
      return { start, series: play(pkg.Walkthrough.withOptions(weightsOf(64), { scenario: '@2 A=50' }), HOUR, 6) };
    case 'seekFar': {
      const far = pkg.Walkthrough.withOptions(weightsOf(64), { scenario: '@2 A=50' });
      const series = [];
      for (let k = 1; k <= 10; k++) {
        far.seek(k * 2_000_000);
        far.current();
        series.push(mem());
      }
      far.free();
      return { start, series };
    }
    default:
      throw new Error(which);
  }
}

export async function measureMemory(browser, server) {
  const out = {};
  for (const which of ['analysis1000', 'analysisRandom', 'playPeriodic', 'playScenario', 'seekFar']) {
    const tab = await openPage(browser, `${server.url}pkg/swrr_viz_bg.wasm.d.ts`);
    try {
      out[which] = await tab.page.evaluate(inPage, which);
    } finally {
      await tab.close();
    }
  }
  return out;
}

export const mb = (bytes) => `${(bytes / MB).toFixed(1)} MB`;

await runAlone(import.meta.url, async (browser, server) => {
  const m = await measureMemory(browser, server);
  console.log(`wasm memory at start: ${mb(m.analysis1000.start)}`);
  console.log(`after 10^7 picks, 1,000 nodes (period 49,019): ${mb(m.analysis1000.end)}`);
  console.log(`after 10^7 picks, random, 8 nodes (every pick stored): ${mb(m.analysisRandom.end)}`);
  console.log(`an hour of play, repeating run, each sixth: ${m.playPeriodic.series.map(mb).join(' → ')}`);
  console.log(`an hour of play, scenario run, each sixth: ${m.playScenario.series.map(mb).join(' → ')}`);
  console.log(`10 seeks of 2,000,000 steps, scenario run: ${m.seekFar.series.map(mb).join(' → ')}`);
});
