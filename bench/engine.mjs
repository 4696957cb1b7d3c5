// Engine picks per second in headless Chromium: the wasm build against the obvious plain-JavaScript
// SWRR loop, in the same page and the same run, for n = 3, 8, 64, 1,024 (the weights of
// benches/engine.rs), two ways: `PickStream.fill` (a view of a buffer the stream reuses) against
// the JS loop writing into an array it reuses, and `PickStream.next` (a new Uint32Array each call,
// copied out of wasm memory) against the JS loop making a new array each call. Not a pass/fail test.
//   node bench/engine.mjs            prints a Markdown table
//   import { measureEngine } from './engine.mjs'   (bench/all.mjs)
// Needs www/pkg-extras (scripts/build-wasm.sh): PickStream lives in the extras module, which the
// page itself never loads.

import { openPage } from '../tests/browser/harness.mjs';
import { runAlone } from './alone.mjs';

export const NODES = [3, 8, 64, 1024];

/**
 * Runs in the page: for each n, rounds of wasm and JS alternate (so a disturbance hits both), each
 * round about `roundMs` of calls of ~1 ms; the best round of each counts.
 */
async function inPage({ nodes, rounds, roundMs }) {
  const pkg = await import('/pkg-extras/swrr_viz_extras.js');
  await pkg.default();

  // The obvious JavaScript: numbers in arrays, nginx's loop as written. `reuse`: into one
  // Uint32Array kept from call to call (returned as a view of it), as `PickStream.fill` does;
  // otherwise a new array each call, as `PickStream.next` returns.
  function jsStream(weights, reuse = false) {
    const n = weights.length;
    const total = weights.reduce((a, b) => a + b, 0);
    const current = new Array(n).fill(0);
    let kept = new Uint32Array(0);
    return (count) => {
      if (reuse && kept.length < count) kept = new Uint32Array(count);
      const out = reuse ? kept : new Uint32Array(count);
      for (let s = 0; s < count; s++) {
        let best = 0;
        let top = -Infinity;
        for (let i = 0; i < n; i++) {
          current[i] += weights[i];
          if (current[i] > top) {
            top = current[i];
            best = i;
          }
        }
        current[best] -= total;
        out[s] = best;
      }
      return reuse ? out.subarray(0, count) : out;
    };
  }

  function rate(next, chunk, ms) {
    let picks = 0;
    const start = performance.now();
    let now = start;
    while (now - start < ms) {
      next(chunk);
      picks += chunk;
      now = performance.now();
    }
    return picks / ((now - start) / 1000);
  }

  const results = [];
  for (const n of nodes) {
    const weights = Array.from({ length: n }, (_, i) => 1 + ((i * 7919) % 97));
    const chunk = Math.max(1000, Math.floor(1_000_000 / n));
    const copying = new pkg.PickStream(weights.join(','), 'first');
    const viewing = new pkg.PickStream(weights.join(','), 'first');
    const kinds = {
      wasm: (count) => viewing.fill(count),
      wasmCopy: (count) => copying.next(count),
      js: jsStream(weights, true),
      jsNew: jsStream(weights),
    };
    // Same picks, or the comparison means nothing.
    const a = new pkg.PickStream(weights.join(','), 'first').next(5000);
    const b = jsStream(weights)(5000);
    const c = Array.from(new pkg.PickStream(weights.join(','), 'first').fill(5000));
    const same = a.every((p, i) => p === b[i] && p === c[i]);
    for (const next of Object.values(kinds)) rate(next, chunk, 50);
    const best = Object.fromEntries(Object.keys(kinds).map((k) => [k, 0]));
    for (let r = 0; r < rounds; r++) {
      for (const [kind, next] of Object.entries(kinds)) best[kind] = Math.max(best[kind], rate(next, chunk, roundMs));
    }
    copying.free();
    viewing.free();
    results.push({ nodes: n, ...best, same });
  }
  return results;
}

/** Opens a blank page of the served www/ and measures there. */
export async function measureEngine(browser, server, { rounds = 5, roundMs = 250 } = {}) {
  // Any document of our origin will do (here a small text file), so the module import resolves and
  // no page script competes for the CPU.
  const tab = await openPage(browser, `${server.url}pkg/swrr_viz_bg.wasm.d.ts`);
  try {
    return await tab.page.evaluate(inPage, { nodes: NODES, rounds, roundMs });
  } finally {
    await tab.close();
  }
}

await runAlone(import.meta.url, async (browser, server) => {
  const rows = await measureEngine(browser, server);
  console.log('| nodes | wasm fill (view) | plain JS (reused array) | ratio | wasm next (copy) | plain JS (new array) | ratio | same picks |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|:---:|');
  for (const r of rows) {
    console.log(`| ${r.nodes} | ${r.wasm.toExponential(3)} | ${r.js.toExponential(3)} | ${(r.wasm / r.js).toFixed(2)}× | ${r.wasmCopy.toExponential(3)} | ${r.jsNew.toExponential(3)} | ${(r.wasmCopy / r.jsNew).toFixed(2)}× | ${r.same ? 'yes' : 'NO'} |`);
  }
});
