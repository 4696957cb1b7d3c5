// The core's facts the page writes again because it needs them before the core is here (the
// first view lays itself out and reads the URL before the wasm arrives): each copy equals the
// core's. Runs in Node on the built wasm (www/pkg), no browser.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, test } from 'node:test';

import { ALGORITHMS, MAX_RATE, MAX_WORKERS, coreLimits } from '../../www/engine.js';
import { WWW } from './harness.mjs';

let core;
before(async () => {
  core = await import(join(WWW, 'pkg', 'swrr_viz.js'));
  core.initSync({ module: readFileSync(join(WWW, 'pkg', 'swrr_viz_bg.wasm')) });
});

test('the traffic bounds the page reads options with are the core’s', () => {
  const limits = core.limits();
  assert.deepEqual({ maxRate: MAX_RATE, maxWorkers: MAX_WORKERS }, { maxRate: limits.maxRate, maxWorkers: limits.maxWorkers });
  assert.deepEqual(coreLimits(), limits, 'engine.js hands the page the core’s limits');
});

test('the algorithms the page accepts are the core’s, in its order', () => {
  assert.deepEqual(ALGORITHMS, core.listAlgorithms().map((algo) => algo.name));
});
