// The core's facts the page reads a link with before the wasm arrives (www/core-facts.js, written
// from the wasm by scripts/build-core-facts.mjs): a link's algorithm and traffic are read as far as
// the core accepts them, and no further; the nodes the page lays out before the core are as many
// as the core makes. Runs in Node on the built wasm (www/pkg), no browser.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, test } from 'node:test';

import { Engine, coreLimits, countItems, normaliseOptions } from '../../www/engine.js';
import { decodeState } from '../../www/state/state.js';
import { WWW } from './harness.mjs';

let core;
before(async () => {
  core = await import(join(WWW, 'pkg', 'swrr_viz.js'));
  core.initSync({ module: readFileSync(join(WWW, 'pkg', 'swrr_viz_bg.wasm')) });
});

/** The options a link asks for, as the page reads them and the core runs them. */
function optionsOfLink(query) {
  return new Engine('5,3,2', decodeState(new Map(new URLSearchParams(query).entries())).options).options;
}

test('a link’s rate and workers are read up to the core’s bounds; beyond them, the default', () => {
  const { maxRate, maxWorkers } = core.limits();
  const traffic = ({ rate, workers }) => ({ rate, workers });
  assert.deepEqual(traffic(optionsOfLink(`rate=${maxRate}&workers=${maxWorkers}`)), { rate: maxRate, workers: maxWorkers });
  // The core refuses one more of either; the page runs the default instead.
  for (const beyond of [{ rate: maxRate + 1 }, { workers: maxWorkers + 1 }]) {
    assert.throws(() => core.Walkthrough.withOptions('5,3,2', beyond), { code: 'options.traffic' });
  }
  assert.deepEqual(traffic(optionsOfLink(`rate=${maxRate + 1}&workers=${maxWorkers + 1}`)), { rate: 1, workers: 1 });
});

test('a link’s algorithm is any the core lists; one it does not is SWRR', () => {
  for (const { name } of core.listAlgorithms()) assert.equal(optionsOfLink(`algo=${name}`).algo, name);
  assert.throws(() => core.Walkthrough.withOptions('5,3,2', { algo: 'round-robin' }), { code: 'choice.algorithm' });
  assert.equal(normaliseOptions({ algo: 'round-robin' }).algo, 'swrr');
});

test('engine.js hands the page the core’s limits', () => {
  assert.deepEqual(coreLimits(), core.limits());
});

test('the nodes counted before the core are the core’s, for every preset and the forms the page shows', () => {
  const texts = [
    ...core.listPresets().map((preset) => preset.weights),
    '5,3,2', 'A=5 B=3 C=2', 'A = 5, B = 3', '1:3:0.5', '50%,30%,20%', '5;3;2', ' 7 ,\t1 ', 'web-1=5 db-2=3', '7',
    Array.from({ length: 64 }, (_, i) => i + 1).join(' '),
  ];
  for (const text of texts) assert.equal(countItems(text), core.parseWeights(text).nodes.length, text);
});
