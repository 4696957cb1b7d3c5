// The narration under the tanks is the core's: the page words the coded sentences the core
// decides (Walkthrough.narration), and the CLI's pictures word the same sentences in English. So
// the page's English must be the picture's, word for word — for fixed cases (plain 5,3,2, a tie
// under either rule, a scenario with a node out and weights changed, a run of requests with a
// failed attempt, a recovering node, and the "own" rule) and for ~40 random ones drawn from a
// fixed seed (weights, names, rules, scenarios, rate and workers, step and phase) — and the
// page's Chinese must be Chinese. One tab serves all the English cases: each sets the URL's
// hash and steps forward phase by phase. On a phone a name stays on the line of its levels.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { execFileSync } from 'node:child_process';

import { CLI, inTab, usePageSuite, waitStep } from './harness.mjs';
import { cli } from './run-reading.mjs';
import { seeded } from './seeded.mjs';

/** [weights, scenario, extra URL keys and CLI flags, step, phase] */
const FIXED = [
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

/**
 * The random cases' seed and count: the same cases every run. Seed 45's forty cases say every
 * sentence of a step's narration at least once (ties either way, retries, refusals counted and
 * not, the last try, skipped and recovering servers, backups, 502s, workers, "and N more"…);
 * NARRATION_SEED and NARRATION_CASES draw others.
 */
const SEED = Number(process.env.NARRATION_SEED ?? 45);
const RANDOM_CASES = Number(process.env.NARRATION_CASES ?? 40);

const RIGHT_TO_LEFT = ['خادم', 'שרת', 'مخزن٢', 'עורף', 'ذاكرة'];
/** Names a picture must escape, or whose characters are more than one code unit or code point. */
const ODD = ['a&b', 'x<y>', 'q"z', "it's", '🙂', 'é́', 'Ωmega'];
const LONG = 'upstream-backend-server-in-the-eu-west-datacenter-number-';

/** `n` distinct node names: mostly short, now and then a long one (up to 64 characters), a right-to-left or an odd one. */
function namesOf(n, { rand, pick }) {
  const names = new Set();
  while (names.size < n) {
    const kind = rand(9);
    if (kind === 0) names.add(`${LONG.slice(0, 40 + rand(18))}${names.size}`);
    else if (kind === 1) names.add(pick(RIGHT_TO_LEFT) + (rand(2) ? '' : String(names.size)));
    else if (kind === 2) names.add(pick(ODD) + (rand(2) ? '' : String(names.size)));
    else names.add(`${pick(['web', 'app', 'db', 'gpu', 'n'])}${names.size}${pick(['', '.local', ':80', '_b'])}`);
  }
  return [...names];
}

/** An event of the scenario grammar (docs/SCENARIOS.md) for `node` at `step`. */
function eventOf(step, node, random) {
  const { rand, pick } = random;
  const action = pick([
    () => `=${rand(101)}${pick(['', ' keep', ' reset', ' reset-node', ' scale'])}`,
    () => ` drain${pick(['', ' reset', ' scale'])}`,
    () => ' down',
    () => ' up',
    () => ` slowstart ${1 + rand(12)}${pick(['', ' linear', ' dubbo'])}`,
    () => ` dead ${health(random)}`,
    () => ' alive',
    () => ` fail${rand(2) ? ` ${1 + rand(3)}` : ''} ${health(random)}`,
    () => ' backup',
    () => ' primary',
    () => ` max_fails=${rand(4)} timeout=${pick([1, 10, 3600])}`,
    () => ` dead ${health(random)}`,
    () => ` fail${rand(2) ? ` ${1 + rand(3)}` : ''} ${health(random)}`,
  ])();
  return `@${step} ${node}${action}`.trim();
}

/** nginx's max_fails and fail_timeout, either, both or neither. */
function health({ rand, pick }) {
  return [rand(2) ? `max_fails=${rand(4)}` : '', rand(3) ? '' : `timeout=${pick([1, 3, 10, 3600])}`].filter(Boolean).join(' ');
}

/**
 * A story of failures on a few nodes: most of them die early (so attempts are refused, retried,
 * skipped, recovered from, and requests find no server), some come back, one may be a backup.
 */
function failures(nodes, t, { rand, pick }) {
  const events = [];
  for (const node of nodes) {
    if (rand(3) > 0) events.push(`@${1 + rand(3)} ${node} dead ${health({ rand, pick })}`.trim());
    if (rand(4) === 0) events.push(`@${1 + rand(t)} ${node} alive`);
    if (rand(6) === 0) events.push(`@1 ${node} backup`);
  }
  return events.join('; ');
}

/**
 * A random case: 2–12 nodes weighing 0–100 (named a third of the time, tenths now and then, 0–5 a
 * third of the time), tie last and subtract own now and then, a story of failures on 2–4 nodes a
 * fifth of the time, else a scenario of 1–3 events before the step half of the time,
 * a rate or workers (with a zone or a dispatch seed) a fifth of the time, a step in 1–30 (now and
 * then up to 3,000) and a phase.
 */
function randomCase(random) {
  const { rand, pick } = random;
  const story = rand(5) === 0;
  const n = story ? 2 + rand(3) : 2 + rand(11);
  const names = rand(3) === 0 ? namesOf(n, random) : null;
  // Small weights a third of the time: ties.
  const most = rand(3) === 0 ? 6 : 101;
  const weights = Array.from({ length: n }, () => (rand(6) === 0 ? 0 : rand(most)));
  if (weights.every((w) => w === 0)) weights[rand(n)] = 1 + rand(100);
  // Tenths are scaled by 10 and divided by the gcd: the weights in effect differ from the typed.
  const typed = rand(8) === 0 ? weights.map((w) => (w / 10).toFixed(1)) : weights;
  const text = names ? names.map((name, i) => `${name}=${typed[i]}`).join(' ') : typed.join(',');
  let t = 1 + (rand(10) === 0 ? rand(3000) : rand(30));
  if (story) t = 1 + rand(12);
  const keys = {};
  if (rand(3) === 0) keys.tie = 'last';
  if (rand(4) === 0) keys.subtract = 'own';
  if (rand(5) === 0) keys.rate = String(2 + rand(9));
  if (rand(5) === 0) {
    keys.workers = String(2 + rand(3));
    if (rand(3) === 0) keys.zone = '1';
    else if (rand(2) === 0) keys.dispatch = String(rand(1000));
  }
  const nameOf = (i) => (rand(3) === 0 ? `#${i + 1}` : names?.[i] ?? String.fromCharCode(65 + i));
  let scenario = '';
  if (story) scenario = failures(weights.map((_, i) => nameOf(i)), t, random);
  else if (rand(2) === 0) scenario = Array.from({ length: 1 + rand(3) }, () => eventOf(1 + rand(t), nameOf(rand(n)), random)).join('; ');
  return [text, scenario, keys, t, pick(['fill', 'pick', 'drain'])];
}

/**
 * The page's hash for a case, at step `t` (its drain): with the panels the narration needs (the
 * tanks, their explanation, the controls), as an embed shows them — the strip, the table and the
 * plots of each new run would only slow the test down.
 */
function hash(weights, scenario, keys, t, lang = 'en') {
  const params = new URLSearchParams({ w: weights, t: String(t), lang, panels: 'tanks,explain,controls', ...keys });
  if (scenario) params.set('scenario', scenario);
  return `#${params.toString().replaceAll('+', '%20')}`;
}

/** A URL key's CLI flag, where it is not `--key value`. */
const FLAGS = { zone: () => ['--zone'], dispatch: (seed) => ['--dispatch-seed', seed] };
const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The CLI's tank picture of the case: its description starts with the narration. */
function pictureWords(weights, scenario, keys, t, phase, random = false) {
  const flags = Object.entries(keys).flatMap(([key, value]) => FLAGS[key]?.(value) ?? [`--${key}`, value]);
  if (scenario) flags.push('--scenario', scenario);
  const args = ['svg', weights, '--kind', 'tanks', '--step', String(t), '--phase', phase, ...flags];
  // The CLI's refusal (a run that stops) is the caller's to read, not the test's output.
  const svg = random ? execFileSync(CLI, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }) : cli(...args);
  return svg.match(/<desc[^>]*>([^<]*)<\/desc>/)[1].replace(/&(amp|lt|gt|quot|apos);/g, (_, name) => ENTITIES[name]);
}

/**
 * The random cases. A run that stops before the case's step (every node down or drained: the CLI
 * draws no picture past the stop) is drawn again.
 */
function randomCases() {
  const random = seeded(SEED);
  const cases = [];
  while (cases.length < RANDOM_CASES) {
    const [weights, scenario, keys, t, phase] = randomCase(random);
    try {
      cases.push([weights, scenario, keys, t, phase, pictureWords(weights, scenario, keys, t, phase, true)]);
    } catch (error) {
      if (!/no node can be picked/.test(String(error.stderr))) throw error;
    }
  }
  return cases;
}

/** Moves `page` to `phase` of step `t`: from the drain of step t − 1 (or the start), phase by phase. */
async function stepTo(page, t, phase) {
  await waitStep(page, t - 1, t === 1 ? 'start' : 'drain');
  for (const each of ['fill', 'pick', 'drain']) {
    await page.$eval('#phase-forward', (button) => button.click());
    await waitStep(page, t, each);
    if (each === phase) break;
  }
}

/**
 * Sets the tab's hash to the case at step t − 1 and waits until the page follows it: the step and
 * the hash's fields as the page writes them back (the scenario only there or not: the page writes
 * it in its own order, `#k` as the node's name). A write of the page's own that was still due (it
 * writes the position a moment after a step) can land between the new hash and its `hashchange`
 * and keep the old state: the hash is then set again.
 */
async function follow(page, weights, scenario, keys, t) {
  const target = hash(weights, scenario, keys, t - 1);
  const expected = Object.fromEntries(new URLSearchParams(target.slice(1)));
  for (let attempt = 0; ; attempt += 1) {
    await page.evaluate((next) => new Promise((resolve) => {
      if (location.hash === next) return resolve();
      window.addEventListener('hashchange', () => setTimeout(resolve), { once: true });
      location.hash = next;
    }), target);
    try {
      await page.waitForFunction((fields) => {
        const now = new URLSearchParams(location.hash.slice(1));
        const value = (key) => now.get(key) ?? (key === 't' ? '0' : null);
        return document.querySelector('main#app').dataset.step === fields.t
          && Object.entries(fields).every(([key, want]) => (key === 'scenario' ? now.has(key) : value(key) === want))
          && now.has('scenario') === ('scenario' in fields);
      }, expected, { timeout: 2_000 });
      return;
    } catch (error) {
      if (attempt === 2) throw error;
    }
  }
}

const CASES = [...FIXED.map((fixed) => [...fixed, null]), ...randomCases()];

describe('the narration is the core\'s', () => {
  const { open } = usePageSuite();
  let tab;
  before(async () => {
    tab = await open('#lang=en&panels=tanks%2Cexplain%2Ccontrols', { reducedMotion: 'reduce' });
  });
  after(() => tab?.close());

  for (const [index, [weights, scenario, keys, t, phase, words]] of CASES.entries()) {
    const name = `${weights}${scenario ? ` · ${scenario}` : ''}${Object.keys(keys).length ? ` · ${JSON.stringify(keys)}` : ''}: step ${t} ${phase}`;
    const kind = index < FIXED.length ? 'fixed' : `random #${index - FIXED.length + 1}`;
    test(`the page says what the CLI's picture says (${kind}): ${name}`, async () => {
      const { page } = tab;
      tab.errors.length = 0; // each case answers for its own errors
      await follow(page, weights, scenario, keys, t);
      await stepTo(page, t, phase);
      const said = await page.textContent('#narration');
      const picture = words ?? pictureWords(weights, scenario, keys, t, phase);
      assert.ok(said.length > 0);
      // The description goes on with the levels after the narration (names hold no spaces).
      assert.ok(picture.includes(' Levels:'), picture);
      const sentence = picture.slice(0, picture.indexOf(' Levels:'));
      assert.equal(said, sentence);
      // The tie note is the narration's tie sentence.
      const tie = await page.textContent('#tie-note');
      if (tie) assert.ok(said.includes(tie), `${tie} in ${said}`);
      tab.assertNoErrors();
    });
  }

  test('in Chinese the same coded sentences are Chinese, with the page\'s names and numbers', () => inTab(open(hash('5,3,2', '@2 B=0; @2 C slowstart 4', {}, 1, 'zh'), { reducedMotion: 'reduce' }), async (page) => {
    await stepTo(page, 2, 'fill');
    const said = await page.textContent('#narration');
    assert.ok(said.startsWith('本次选择之前的事件：@2 B=0; @2 C slowstart 4。'), said);
    // Only the tanks that could be picked fill; items run together with 、 and sentences with no space.
    assert.ok(said.includes('第 2 步：可选的水箱按权重注水：A −5→0、C 2→3。这一步生效的权重'), said);
    assert.ok(said.includes('B 这一步不可选，没有加上权重。'), said);
    assert.doesNotMatch(said, /fills by|could not be picked|。 |, /);
  }));

  test('on a phone a name stays on the line of its levels, and a long name still wraps', async () => {
    const phone = { viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' };
    const cases = [
      ['5,3,2', 4, 'en', ['A 5→10', 'B −1→2', 'C −4→−2', 'at 10', 'by 10']],
      ['5,3,2', 4, 'zh', ['A 5→10', 'B −1→2', 'C −4→−2']],
      // At 320 px the line broke inside 第 3 次 ("D 在第 3" / "次尝试时响应了请求 1").
      ['A=5,B=3,C=1,D=2', 3, 'zh', ['第 3 步', '在第 3 次', '请求 1'], '@1 C backup; @1 D backup; @1 A dead; @1 B dead', 320],
      ['A=12 B=11 C=10 D=9 E=8 F=7 G=6 H=5 I=4 J=3 K=2 L=1', 154, 'en', ['A 42→54', 'D −27→−18', 'G −18→−12', 'at 58']],
      ['backend-primary-eu-west-1-a=5 backend-primary-eu-west-1-b=3 c=2', 4, 'en', []],
    ];
    for (const [weights, t, lang, pieces, scenario = '', width = 390] of cases) {
      await inTab(open(hash(weights, scenario, {}, t - 1, lang), { ...phone, viewport: { width, height: 844 } }), async (page) => {
        await stepTo(page, t, 'drain');
        const { lines, overflow } = await page.$eval('#narration', (el, pieces) => {
          // Where each piece stands: the line tops of a range over the text, whatever elements hold it.
          const text = el.textContent;
          const nodes = [];
          const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
          for (let at = 0, node = walker.nextNode(); node; at += node.length, node = walker.nextNode()) nodes.push([at, node]);
          const point = (offset) => {
            const [at, node] = nodes.findLast(([start]) => start <= offset);
            return [node, offset - at];
          };
          const lines = {};
          for (const piece of pieces) {
            const from = text.indexOf(piece);
            if (from < 0) { lines[piece] = 'missing'; continue; }
            const range = document.createRange();
            range.setStart(...point(from));
            range.setEnd(...point(from + piece.length));
            lines[piece] = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
          }
          return { lines, overflow: el.scrollWidth - el.clientWidth };
        }, pieces);
        assert.deepEqual(lines, Object.fromEntries(pieces.map((piece) => [piece, 1])), `${weights} step ${t} (${lang})`);
        assert.ok(overflow <= 0, `the narration of ${weights} is ${overflow} px wider than its box`);
      });
    }
  });
});
