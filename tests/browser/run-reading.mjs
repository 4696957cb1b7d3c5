// Reading a run two ways, for the tests that compare them: the CLI's (target/debug/swrr-viz,
// built by `cargo test`) and the page's, through its data-* contract.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

import { CLI } from './harness.mjs';

export function cli(...args) {
  assert.ok(existsSync(CLI), `${CLI} is missing: run cargo build (scripts/test.sh does)`);
  return execFileSync(CLI, args, { encoding: 'utf8' });
}

/** `swrr-viz seq … --index` as numbers. */
export function cliPicks(weights, steps, ...flags) {
  return cli('seq', weights, '--index', '--steps', String(steps), ...flags).trim().split(/\s+/).map(Number);
}

/** `swrr-viz trace … --format json`'s steps. */
export function cliTrace(weights, steps, ...flags) {
  return JSON.parse(cli('trace', weights, '--format', 'json', '--steps', String(steps), ...flags)).steps;
}

/** Waits until the page shows step `step` in phase `phase`. */
export async function waitStep(page, step, phase = 'drain') {
  await page.waitForFunction(
    ([s, p]) => document.querySelector('main#app').dataset.step === String(s) && document.querySelector('main#app').dataset.phase === p,
    [step, phase],
  );
}

/** The winners of the hand-calculation table's rows. */
export function tableWinners(page) {
  return page.$$eval('table#trace tbody tr[data-step]', (rows) => rows.map((row) => Number(row.dataset.winner)));
}

/** `#algo-view`'s data-* (and whether it is hidden). */
export function algoView(page) {
  return page.$eval('#algo-view', (view) => ({ ...view.dataset, hidden: view.hasAttribute('hidden') }));
}
