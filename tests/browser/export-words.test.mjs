// The pictures a page exports speak its language: on a Chinese page the tanks and the strip the
// core draws are worded by the page (`exportSvg`'s `words`, from core-messages-zh.js), with no
// English word of the pictures left; on an English page they are the CLI's, byte for byte, and on a
// Chinese page those of `swrr-viz svg --lang zh`.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';

import zh from '../../www/words/core-messages-zh.js';
import { CLI, ROOT, inTab, openPage, usePageSuite, waitReady } from './harness.mjs';

function cli(...args) {
  if (!existsSync(CLI)) execFileSync('cargo', ['build', '--quiet', '--bin', 'swrr-viz'], { cwd: ROOT, stdio: 'inherit' });
  return execFileSync(CLI, args, { encoding: 'utf8' });
}

/** The Chinese template of `code` with `params` filled in. */
function chinese(code, params = {}) {
  return zh[code].replace(/\{(\w+)\}/g, (_, name) => String(params[name]));
}

async function saveExport(page, id) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(`#export-dialog [data-export="${id}"]`)]);
  return (await readFile(await download.path())).toString('utf8');
}

/** The Export dialog, once the plots are drawn (a run with events has none: `plots: false`). */
async function openExport(page, { plots = true } = {}) {
  await waitReady(page);
  if (plots) await page.waitForSelector('section.plots[data-status="ready"]');
  await page.click('#export');
  await page.waitForSelector('#export-dialog[open]');
}

/** The texts of an SVG document that people read: `<text>`, `<tspan>`, `<title>`, `<desc>`. */
function readTexts(svg) {
  return [...svg.matchAll(/<(text|tspan|title|desc)\b[^>]*>([^<]*)</g)].map((m) => m[2]);
}

/** Words of two or more Latin letters, but for nginx, which is a name. */
const englishWords = (texts) => texts.flatMap((text) => text.match(/[A-Za-z]{2,}/g) ?? []).filter((word) => word !== 'nginx');

/** QA s22b F5's run: a refusal and its retry, C out for four steps, a reload that sets A to 4. */
const FAILING = '@1 C max_fails=1 timeout=60; @1 C dead; @6 C alive; @7 A=4 reset';

/** The hand table of FAILING as the page's extras draw it (`swrr-viz svg --kind table`), in the page's words. */
function failingTable(page) {
  return page.evaluate(async (scenario) => {
    const { exportSvg } = await import('./pkg-extras/swrr_viz_extras.js');
    const { pictureWords } = await import('./words/i18n.js');
    const words = pictureWords();
    return exportSvg('5,3,2', { scenario }, { kind: 'table', steps: 14, step: 3, theme: 'light', ...(words ? { words } : {}) });
  }, FAILING);
}

const failingCli = (...more) => cli('svg', '5,3,2', '--kind', 'table', '--steps', '14', '--step', '3', '--theme', 'light', '--scenario', FAILING, ...more);

describe('exported pictures in the page\'s language', () => {
  const suite = usePageSuite();

  test('a Chinese page exports the tanks and the strip in Chinese', () => inTab(openPage(suite.browser(), `${suite.url()}index.html#w=5%2C3%2C2&t=5&lang=zh`, { reducedMotion: 'reduce' }), async (page) => {
    await openExport(page);
    const frame = await saveExport(page, 'frame-svg');
    const step = chinese('figure.step', { t: 5 });
    assert.equal(step, '第 5 步');
    assert.ok(frame.includes(`>${step}</text>`), 'the step label');
    const title = chinese('figure.tanks_title', { weights: '5,3,2', t: 5, phase: chinese('figure.phase_drain') });
    assert.ok(frame.includes(`>${title}</title>`), title);
    // The narration, as the page's own narration says it.
    const drain = chinese('narration.drain', { name: 'A', total: 10, from: 5, to: '−5' });
    assert.equal(drain, 'A 放掉 10：5→−5。');
    assert.ok(frame.includes(drain), 'the drain sentence');
    assert.ok(frame.includes(chinese('narration.sum_conserved')), 'the Σ line');
    for (const phase of ['fill', 'pick', 'drain']) assert.ok(frame.includes(`>${chinese(`figure.phase_${phase}`)}</text>`), phase);
    // Under the names, the picks as the page's tanks say them: A 3 次, B and C 1 次 (not 3×).
    const counts = [...frame.matchAll(/<text class="picks"[^>]*>([^<]*)</g)].map((m) => m[1]);
    assert.deepEqual(counts, ['3 次', '1 次', '1 次']);
    assert.equal(chinese('figure.tank_picks', { count: 3 }), '3 次');
    assert.deepEqual(englishWords(readTexts(frame)), []);
    assert.deepEqual(readTexts(frame).filter((text) => text.includes('×')), []);
    // The same picture as the CLI's otherwise: its testing contract.
    const english = cli('svg', '5,3,2', '--kind', 'tanks', '--step', '5', '--theme', 'light');
    const contract = (svg) => svg.match(/data-[a-z]+="[^"]*"/g);
    assert.deepEqual(contract(frame), contract(english));
    assert.notEqual(frame, english);
    // `swrr-viz svg --lang zh` draws what the Chinese page exports, byte for byte.
    assert.equal(frame, cli('svg', '5,3,2', '--kind', 'tanks', '--step', '5', '--theme', 'light', '--lang', 'zh'));

    const strip = await saveExport(page, 'strip-svg');
    const picks = chinese('figure.picks', { steps: 10 });
    assert.equal(picks, '10 次选择');
    assert.ok(strip.includes(`>${chinese('figure.strip_title', { weights: '5,3,2', counted: picks })}</title>`));
    assert.ok(strip.includes(`>${chinese('figure.strip_period', { picks, count: 1, period: 10 })}</text>`));
    assert.ok(strip.includes(chinese('figure.strip_repeats', { period: 10 })));
    assert.deepEqual(englishWords(readTexts(strip)), []);
    assert.equal(strip, cli('svg', '5,3,2', '--kind', 'strip', '--steps', '10', '--step', '5', '--theme', 'light', '--lang', 'zh'));
  }));

  test('a Chinese page exports the hand table of a run with failures in Chinese: events, outcomes, totals', () => inTab(openPage(suite.browser(), `${suite.url()}index.html#w=5%2C3%2C2&t=3&lang=zh`, { reducedMotion: 'reduce' }), async (page) => {
    await openExport(page);
    const table = await failingTable(page);
    // The columns of a run of requests, headed in Chinese.
    for (const code of ['table_request', 'table_attempt', 'table_outcome', 'table_adds', 'table_total', 'table_after', 'table_fails', 'table_effective']) {
      assert.ok(table.includes(`>${chinese(`figure.${code}`)}</text>`), code);
    }
    assert.equal(chinese('figure.outcome_retried'), '失败，重试');
    assert.ok(table.includes(`>${chinese('figure.outcome_retried')}</text>`), 'step 3 failed and was retried');
    assert.ok(table.includes('>@7 A=4 reset</text>'), 'the reload above its row');
    // What the winner subtracted, row by row, in the description.
    const totals = chinese('figure.table_totals_steps', { total: 8, first: 4, last: 7 });
    assert.equal(totals, '第 4–7 步减去 8');
    assert.ok(table.match(/<desc[^>]*>([^<]*)</)[1].includes(totals));
    assert.ok(table.includes(`>${chinese('figure.table_out_attempt').slice(0, 12)}`), 'the key to x');
    // No English word but the scenario's (as typed) and the algorithm's name; the run key's tie and subtract rules are Chinese.
    assert.ok(table.includes(chinese('figure.footer_rules', { tie: chinese('figure.tie_first'), subtract: chinese('figure.subtract_total') })), 'the run key');
    const typed = new Set(['max', 'fails', 'timeout', 'dead', 'alive', 'reset', 'down', 'swrr']);
    assert.deepEqual(englishWords(readTexts(table)).filter((word) => !typed.has(word)), []);
    // The CLI's picture otherwise: its testing contract.
    const contract = (svg) => svg.match(/data-[a-z]+="[^"]*"/g);
    assert.deepEqual(contract(table), contract(failingCli()));
    assert.equal(table, failingCli('--lang', 'zh'));
  }));

  test('a Chinese page exports the tanks of a run with options and events with its footer in Chinese', () => inTab(openPage(suite.browser(), `${suite.url()}index.html#w=5%2C3%2C2&t=4&subtract=own&tie=last&scenario=${encodeURIComponent('@2 B down')}&lang=zh`, { reducedMotion: 'reduce' }), async (page) => {
    await openExport(page, { plots: false });
    const frame = await saveExport(page, 'frame-svg');
    const footer = `5,3,2 · swrr${chinese('figure.footer_rules', { tie: chinese('figure.tie_last'), subtract: chinese('figure.subtract_own') })}${chinese('figure.footer_scenario', { scenario: '@2 B down' })}`;
    assert.equal(footer, '5,3,2 · swrr · 平局：列表中靠后者 · 减去：自己的权重 · 场景 @2 B down');
    assert.ok(readTexts(frame).includes(footer), readTexts(frame).at(-1));
    // No English word but the algorithm's name and the scenario as typed.
    assert.deepEqual(englishWords(readTexts(frame)).filter((word) => !['swrr', 'down'].includes(word)), []);
    assert.deepEqual(readTexts(frame).filter((text) => text.includes('×')), []);
    assert.equal(frame, cli('svg', '5,3,2', '--kind', 'tanks', '--step', '4', '--theme', 'light', '--subtract', 'own', '--tie', 'last', '--scenario', '@2 B down', '--lang', 'zh'));
    // In English the footer keeps the CLI's words, as `--tie last --subtract own` spell them.
    assert.ok(cli('svg', '5,3,2', '--kind', 'tanks', '--step', '4', '--subtract', 'own', '--tie', 'last', '--scenario', '@2 B down').includes('>5,3,2 · swrr · ties: last · subtract: own · scenario @2 B down</text>'));
  }));

  test('an English page exports the CLI\'s pictures, byte for byte', () => inTab(openPage(suite.browser(), `${suite.url()}index.html#w=5%2C3%2C2&t=5&lang=en`, { reducedMotion: 'reduce' }), async (page) => {
    await openExport(page);
    assert.equal(await saveExport(page, 'frame-svg'), cli('svg', '5,3,2', '--kind', 'tanks', '--step', '5', '--theme', 'light'));
    assert.equal(await saveExport(page, 'strip-svg'), cli('svg', '5,3,2', '--kind', 'strip', '--steps', '10', '--step', '5', '--theme', 'light'));
    assert.equal(await failingTable(page), failingCli());
  }));
});
