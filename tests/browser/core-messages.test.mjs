// The core's messages in the page's languages: every code the core and the facade can produce
// (messageSamples(), one of each) has a template in each language with the same parameters, and
// the page's wording of the English catalog entry (core-messages.js, which the core's Display
// reads too) is the core's text word for word. Real bad inputs through the facade are checked
// the same way.
// Runs in Node on the built wasm (www/pkg, and www/pkg-extras for what lives there: the
// exports, the nginx reader, the quiz, messageSamples), no browser.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, test } from 'node:test';

import { english } from '../../www/core-words.js';
import { errorText, has, loadLanguage, message, setLanguage, table } from '../../www/words/i18n.js';
import { WWW } from './harness.mjs';

/** Both wasm modules' exports, as one (they share no names but their init functions). */
let core;
before(async () => {
  const page = await import(join(WWW, 'pkg', 'swrr_viz.js'));
  page.initSync({ module: readFileSync(join(WWW, 'pkg', 'swrr_viz_bg.wasm')) });
  const extras = await import(join(WWW, 'pkg-extras', 'swrr_viz_extras.js'));
  extras.initSync({ module: readFileSync(join(WWW, 'pkg-extras', 'swrr_viz_extras_bg.wasm')) });
  core = { ...page, ...extras };
  await loadLanguage('zh');
});

/** Every message in `m`, itself first, then those inside its parameters (lists included). */
function* messages(m) {
  yield m;
  for (const value of Object.values(m.params ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item && typeof item === 'object') yield* messages(item);
    }
  }
}

/** What the core threw, for inputs that must be refused. */
function thrown(fn) {
  try {
    fn();
  } catch (error) {
    return error;
  }
  assert.fail('expected an error');
}

test('every code of the core has a template in English and Chinese, and English gives the core\'s text', () => {
  const samples = core.messageSamples();
  assert.ok(samples.length > 100, `${samples.length} samples`);
  const en = table('en');
  const zh = table('zh');
  const codes = new Set();
  const paramsOf = (text) => [...new Set([...String(text).matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();
  setLanguage('en');
  try {
    for (const sample of samples) {
      for (const m of messages(sample)) {
        codes.add(m.code);
        const key = `core.${m.code}`;
        assert.ok(key in en, `no English template for ${m.code}`);
        assert.ok(key in zh, `no Chinese template for ${m.code}`);
        assert.deepEqual(paramsOf(en[key]), Object.keys(m.params).sort(), `${m.code}: the template's parameters are not the core's`);
        assert.equal(message(m), m.text, `${m.code}: the English template differs from the core's text`);
      }
    }
  } finally {
    setLanguage('en');
  }
  // No template without a code behind it (a renamed code would leave one behind).
  const orphans = Object.keys(en).filter((key) => key.startsWith('core.') && !codes.has(key.slice(5)));
  assert.deepEqual(orphans, [], 'templates no core message uses');
});

test('the first view\'s module words in JavaScript (core-words.js) exactly as the core\'s Display', () => {
  // The extras module words in Rust: its text is the CLI's, for every code.
  for (const sample of core.messageSamples()) {
    for (const m of messages(sample)) assert.equal(english(m.code, m.params), m.text, `${m.code}: core-words.js differs from the core`);
  }
  // The same bad weights through both modules: the same Error, worded in JavaScript in the first.
  const fromPage = thrown(() => core.parseWeights('5,x7'));
  const fromExtras = thrown(() => core.exportTrace('5,x7', undefined, 5, 'csv'));
  assert.equal(fromPage.message, 'weight 2 "x7" (at column 3) is not a number: expected a non-negative number such as 5, 2.5 or 30%, optionally named like A=5');
  assert.equal(fromPage.message, fromExtras.message);
  assert.equal(fromPage.code, fromExtras.code);
  assert.deepEqual(fromPage.params, fromExtras.params);
  const scenario = thrown(() => core.Walkthrough.withOptions('5,3,2', { scenario: '@5 A=3 zz' }));
  assert.equal(scenario.code, 'options.scenario');
  assert.ok(scenario.message.startsWith('invalid scenario: '), scenario.message);
  assert.equal(scenario.message, `invalid scenario: ${scenario.params.error.text}`);
  const run = core.Walkthrough.withOptions('5,3,2', { algo: 'edf', tie: 'last' });
  assert.deepEqual(run.notes().map((n) => n.text), ['tie rule "last" is about SWRR\'s levels: edf has its own order and ignores it']);
  run.free();
});

test('in Chinese every sample is worded in Chinese, with the user\'s text kept as typed', () => {
  setLanguage('zh');
  try {
    for (const sample of core.messageSamples()) {
      const text = message(sample);
      assert.notEqual(text, sample.text, `${sample.code} is not translated`);
      // Han characters, or Chinese punctuation alone (the list separator 、).
      assert.match(text, /[\u3001-\u3002\u4e00-\u9fff]|^--/, `${sample.code}: ${text}`);
      // `\u{200b}` is an escaped character of the user's text, not a parameter.
      assert.doesNotMatch(text, /(?<!\\u)\{\w+\}/, `${sample.code}: a parameter left unfilled: ${text}`);
      for (const m of messages(sample)) {
        // Tokens, names and event texts are the user's: they appear unchanged.
        for (const name of ['text', 'name', 'token', 'given', 'event', 'key']) {
          const value = m.params?.[name];
          if (typeof value === 'string') assert.ok(message(m).includes(value), `${m.code}: ${name} ${JSON.stringify(value)} missing from ${message(m)}`);
        }
      }
    }
  } finally {
    setLanguage('en');
  }
});

test('errors the facade throws carry code and params; errorText words them in the page\'s language', () => {
  const cases = [
    () => core.parseWeights(''),
    () => core.parseWeights('5,x7'),
    () => core.parseWeights('5\n-3'),
    () => core.parseWeights('A=1 B=2 A=3'),
    () => core.parseWeights('999999999.5,1'),
    () => core.parseScenario('5,3,2', '@5 a down'),
    () => core.parseScenario('5,3,2', '@5 A slowstart 0'),
    () => core.parseScenario('1,1,1,1,1,1,1,1,1,1,1,1', '@5 Z down'),
    () => core.Walkthrough.withOptions('5,3,2', { scenario: '@5 A=3 zz' }),
    () => core.Walkthrough.withOptions('5,3,2', { seed: '4x' }),
    () => core.Walkthrough.withOptions('5,3,2', { seed: 1.5 }),
    () => core.Walkthrough.withOptions('5,3,2', { algo: 'wrr' }),
    () => core.Walkthrough.withOptions('5,3,2', { colour: 'red' }),
    () => core.Walkthrough.withOptions('5,3', { scenario: '@2 A drain; @2 B drain' }).seek(3),
    () => core.Walkthrough.withOptions('5,3,2', {}).seek(-1),
    () => core.parseNginxUpstream('upstream u {\n server a wieght=5;\n}'),
    () => core.parseNginxUpstream('upstream u { server a weight=0; }'),
    () => new core.Quiz(0),
    () => new core.Quiz(2.5),
    () => new core.Analysis('5,3', 'first', undefined, 0),
    () => core.exportTrace('5,3,2', undefined, 0, 'csv'),
  ];
  for (const fn of cases) {
    const error = thrown(fn);
    assert.ok(error instanceof Error, String(error));
    assert.ok(error.code && has(`core.${error.code}`), `no template for ${error.code}: ${error.message}`);
    setLanguage('en');
    assert.equal(errorText(error), error.message);
    setLanguage('zh');
    const zh = errorText(error);
    setLanguage('en');
    assert.notEqual(zh, error.message, `${error.code} is not translated`);
  }
  // Anything else falls back to its own message.
  assert.equal(errorText(new Error('plain')), 'plain');
  assert.equal(errorText({ message: 'newer', code: 'no.such_code', params: {} }), 'newer');
});

test('notes come as messages too', () => {
  const run = core.Walkthrough.withOptions('5,3,2', { algo: 'edf', tie: 'last', scenario: '@2 A=3 scale' });
  const notes = run.notes();
  run.free();
  assert.deepEqual(notes.map((n) => n.code), ['note.tie_ignored', 'note.policy_as_keep']);
  setLanguage('zh');
  try {
    assert.equal(message(notes[1]), '@2 A=3 scale：reset-node 和 scale 作用于 SWRR 的当前权重；edf 没有当前权重，按 keep 处理');
  } finally {
    setLanguage('en');
  }
  const upstream = core.parseNginxUpstream('upstream u {\n least_conn;\n server a down;\n server b backup;\n server c weight=2;\n}');
  setLanguage('zh');
  try {
    assert.deepEqual(upstream.notes.map(message), [
      '这个 upstream 用 least_conn（第 2 行）做负载均衡，而不是加权轮询；这里显示的是相同权重下 nginx 的加权轮询。',
      'backup 服务器（第 4 行）在场景中设为 backup（@1 名字 backup）：只有当没有主服务器可选时，nginx 才会把请求发给它们。',
      '标记为 down 的服务器（第 3 行）在场景中设为 down（@1 名字 down）：永远不会被选中，与 nginx 跳过它们一样。',
      'a（第 3 行）、b（第 4 行）、c（第 5 行）：nginx 在启动时解析主机名，并为解析出的每个地址各建一个服务器，每个都带这一行的权重（localhost 常常同时是 127.0.0.1 和 ::1）；swrr-viz 不解析主机名，每个名字只显示一个节点：要看到 nginx 的选择，请把这些地址逐个写成 server。',
    ]);
  } finally {
    setLanguage('en');
  }
});
