// The narration under the tanks is the core's: the page words the coded sentences the core
// decides (Walkthrough.narration), and the CLI's pictures word the same sentences in English. So
// the page's English must be the picture's, word for word — for plain 5,3,2, a tie under either
// rule, a scenario with a node out and weights changed, a run of requests with a failed attempt,
// a recovering node, and the "own" rule — and the page's Chinese must be Chinese.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { inTab, usePageSuite, waitStep } from './harness.mjs';
import { cli } from './run-reading.mjs';

/** [weights, scenario, extra URL keys and CLI flags, step, phase] */
const CASES = [
  ['5,3,2', '', {}, 1, 'drain'],
  ['5,3,2', '', {}, 5, 'pick'],
  ['5,3,2', '', { tie: 'last' }, 5, 'drain'],
  ['5,3,2', '@2 B=0; @2 C slowstart 4', {}, 2, 'fill'],
  ['5,3,2', '@2 B=0; @2 C slowstart 4', {}, 3, 'drain'],
  ['5,3,2', '@1 C dead max_fails=3 timeout=3600', {}, 3, 'drain'],
  ['5,3,2', '@1 C dead max_fails=3 timeout=3600', {}, 4, 'fill'],
  ['5,3,2', '@1 A dead max_fails=5 timeout=3600; @1 C down', {}, 3, 'fill'],
  ['5,3,2', '', { subtract: 'own' }, 2, 'drain'],
];

/** The page's hash for a case, at step `t` (its drain). */
function hash(weights, scenario, keys, t, lang = 'en') {
  const params = new URLSearchParams({ w: weights, t: String(t), lang, ...keys });
  if (scenario) params.set('scenario', scenario);
  return `#${params.toString().replaceAll('+', '%20')}`;
}

/** The CLI's tank picture of the case: its description starts with the narration. */
function pictureWords(weights, scenario, keys, t, phase) {
  const flags = Object.entries(keys).flatMap(([key, value]) => [`--${key}`, value]);
  if (scenario) flags.push('--scenario', scenario);
  const svg = cli('svg', weights, '--kind', 'tanks', '--step', String(t), '--phase', phase, ...flags);
  return svg.match(/<desc[^>]*>([^<]*)<\/desc>/)[1].replaceAll('&amp;', '&');
}

/** Opens the page at the step before `t` and steps forward, phase by phase, to `phase` of `t`. */
async function reach(open, weights, scenario, keys, t, phase, lang) {
  const tab = await open(hash(weights, scenario, keys, t - 1, lang), { reducedMotion: 'reduce' });
  for (const each of ['fill', 'pick', 'drain']) {
    await tab.page.click('#phase-forward');
    await waitStep(tab.page, t, each);
    if (each === phase) break;
  }
  return tab;
}

describe('the narration is the core\'s', () => {
  const { open } = usePageSuite();

  for (const [weights, scenario, keys, t, phase] of CASES) {
    const name = `${weights}${scenario ? ` · ${scenario}` : ''}${Object.keys(keys).length ? ` · ${JSON.stringify(keys)}` : ''}: step ${t} ${phase}`;
    test(`the page says what the CLI's picture says: ${name}`, () => inTab(reach(open, weights, scenario, keys, t, phase, 'en'), async (page) => {
      const said = await page.textContent('#narration');
      assert.ok(said.length > 0);
      assert.ok(pictureWords(weights, scenario, keys, t, phase).startsWith(`${said} Levels:`), `page: ${said}\npicture: ${pictureWords(weights, scenario, keys, t, phase)}`);
      // The tie note is the narration's tie sentence.
      const tie = await page.textContent('#tie-note');
      if (tie) assert.ok(said.includes(tie), `${tie} in ${said}`);
    }));
  }

  test('in Chinese the same coded sentences are Chinese, with the page\'s names and numbers', () => inTab(reach(open, '5,3,2', '@2 B=0; @2 C slowstart 4', {}, 2, 'fill', 'zh'), async (page) => {
    const said = await page.textContent('#narration');
    assert.ok(said.startsWith('本次选择之前的事件：@2 B=0; @2 C slowstart 4。'), said);
    assert.ok(said.includes('第 2 步：每个水箱按权重注水：A −5→0, B 3→3, C 2→3。'), said);
    assert.ok(said.includes('B 这一步不可选，没有加上权重。'), said);
    assert.doesNotMatch(said, /fills by|could not be picked/);
  }));
});
