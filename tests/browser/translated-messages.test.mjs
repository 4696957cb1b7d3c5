// The core's messages on the page, in the page's language: a bad weights text, a bad scenario,
// a bad seed in a link and the notes of options that do not apply are worded in Chinese with
// `lang=zh` (naming the token the user typed), and in English they are the core's own message.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { inTab, openPage, screenshot, usePageSuite, waitReady } from './harness.mjs';

/** What `errorBox` says once it shows, checking `field` is marked invalid meanwhile. */
async function refusal(page, field, errorBox) {
  await page.waitForSelector(`${errorBox}:not([hidden])`);
  assert.equal(await page.getAttribute(field, 'aria-invalid'), 'true', `${field} is marked invalid`);
  return page.textContent(errorBox);
}

describe('core messages in the page language', () => {
  const suite = usePageSuite();

  async function open(hash, options) {
    const tab = await openPage(suite.browser(), `${suite.url()}index.html${hash}`, options);
    await waitReady(tab.page);
    return tab;
  }

  /** What the core itself says for the weights text (its English `message`). */
  function coreWeightsError(page, text) {
    return page.evaluate(async (text) => {
      const { parseWeights } = await import('./pkg/swrr_viz.js');
      try {
        parseWeights(text);
      } catch (error) {
        return { message: error.message, code: error.code };
      }
      return null;
    }, text);
  }

  test('in Chinese: bad weights, a bad event and a note, each naming what was typed', () => inTab(open('#w=5%2C3%2C2&t=3&lang=zh'), async (page) => {
    assert.equal(await page.getAttribute('html', 'lang'), 'zh-Hans');
    assert.deepEqual(await page.$$eval('#tie option', (options) => options.map((o) => o.textContent)), ['列表中靠前者（nginx）', '列表中靠后者']);

    // Weights: the token, its place and what is accepted, in Chinese; the last good run stays.
    await page.fill('input#weights', '5,x7');
    assert.equal(
      await refusal(page, 'input#weights', '#weights-error'),
      '第 2 个权重“x7”（第 3 列）不是数字：应为非负数，例如 5、2.5 或 30%，也可以带名字，例如 A=5',
    );
    assert.equal(await page.getAttribute('table#trace', 'data-total'), '10', 'the last good run stays');
    await page.fill('input#weights', 'A=1 B=2 A=3');
    await page.waitForFunction(() => document.querySelector('#weights-error').textContent.includes('名字'));
    assert.equal(
      await page.textContent('#weights-error'),
      '名字“A”已被第 1 个权重使用，第 3 个权重又用了它（第 9 列）：名字不能重复',
    );
    await page.fill('input#weights', '5,3,2');
    await page.waitForSelector('#weights-error', { state: 'hidden' });

    // A scenario event: the event, the token, the nodes there are.
    await page.fill('#scenario', '@13 D down');
    await page.press('#scenario', 'Enter');
    assert.equal(
      await refusal(page, '#scenario', '#scenario-error'),
      '第 1 个事件的“D”（第 5 列）不是节点：节点有 A、B、C，也可以按位置写 #1、#2 …',
    );
    await page.fill('#scenario', '@13 a down');
    await page.press('#scenario', 'Enter');
    await page.waitForFunction(() => document.querySelector('#scenario-error').textContent.includes('“a”'));
    assert.match(await page.textContent('#scenario-error'), /“a”（第 5 列）不是节点（你是想写“A”吗？）/);
    await screenshot(page, 'scenario-error-zh');

    // A note for options that do not apply: EDF does not retry, so a failed attempt means
    // nothing to it.
    await page.fill('#scenario', '@6 C fail');
    await page.press('#scenario', 'Enter');
    await page.waitForSelector('#scenario-error', { state: 'hidden' });
    await page.selectOption('#algo', 'edf');
    await page.waitForFunction(() => location.hash.includes('algo=edf'));
    await page.waitForSelector('ul#notes:not([hidden]) li');
    assert.deepEqual(await page.$$eval('ul#notes li', (items) => items.map((li) => li.textContent)), [
      '@6 C fail：失败的尝试、重试和备用服务器是 nginx SWRR 的行为；edf 忽略此事件',
    ]);
  }));

  test('nginx workers kept in a link to another algorithm: a note says it is one balancer, in the page language', async () => {
    for (const [lang, note] of [
      ['en', 'workers 4: worker processes, each with its own state or sharing a zone, are modelled for nginx SWRR; envoy is shown as one balancer and ignores them'],
      ['zh', '工作进程 4：多个工作进程（各有自己的状态，或共享一个 zone）只为 nginx SWRR 建模；envoy 按一个均衡器显示，会忽略它'],
    ]) {
      const tab = await open(`#w=5%2C3%2C2&workers=4&algo=envoy&lang=${lang}`);
      await tab.page.waitForSelector('ul#notes:not([hidden]) li');
      assert.deepEqual(await tab.page.$$eval('ul#notes li', (items) => items.map((li) => li.textContent)), [note]);
      assert.equal(await tab.page.isVisible('#workers'), false, 'the workers field is nginx SWRR\'s');
      tab.assertNoErrors();
      await tab.close();
    }
  });

  test('an empty weight between two, from a link and typed: refused by name, in the page language', async () => {
    for (const [lang, rest, linked, typed] of [
      ['en', 'nothing stands between two separators; write a weight there, or take one separator out', 'weight 2 is empty (at column 3): ', 'weight 3 is empty (at column 5): '],
      ['zh', '两个分隔符之间什么也没有；请在那里写一个权重，或删掉一个分隔符', '第 2 个权重是空的（第 3 列）：', '第 3 个权重是空的（第 5 列）：'],
    ]) {
      await inTab(open(`#w=5%2C%2C2&lang=${lang}`), async (page) => {
        assert.equal(await refusal(page, 'input#weights', '#weights-error'), linked + rest);
        await page.fill('input#weights', '5,3,2,');
        await page.waitForSelector('#weights-error', { state: 'hidden' });
        assert.equal(await page.getAttribute('table#trace', 'data-total'), '10', 'a separator after the last weight is nothing');
        await page.fill('input#weights', '5,3,,2');
        assert.equal(await refusal(page, 'input#weights', '#weights-error'), typed + rest);
      });
    }
  });

  test('a seed kept in a link to an algorithm without one: a note says it is ignored, in the page language', async () => {
    for (const [lang, note] of [
      ['en', 'seed 3: only random, grpc, grpc-java, envoy draw on a seed; swrr picks the same way whatever the seed and ignores it'],
      ['zh', '种子 3：只有 random、grpc、grpc-java、envoy 会用到种子；swrr 无论种子是多少都选得一样，会忽略它'],
    ]) {
      const tab = await open(`#w=5%2C3%2C2&seed=3&lang=${lang}`);
      await tab.page.waitForSelector('ul#notes:not([hidden]) li');
      assert.deepEqual(await tab.page.$$eval('ul#notes li', (items) => items.map((li) => li.textContent)), [note]);
      tab.assertNoErrors();
      await tab.close();
    }
    // random draws on it: no note.
    const tab = await open('#w=5%2C3%2C2&seed=3&algo=random');
    assert.equal(await tab.page.isHidden('ul#notes'), true);
    tab.assertNoErrors();
    await tab.close();
  });

  test('in Chinese: a bad seed and a bad subtract rule from a link', async () => {
    const tab = await open('#w=5%2C3%2C2&algo=random&seed=4x&lang=zh');
    const { page } = tab;
    assert.equal(await page.isVisible('#seed-error'), true);
    assert.equal(
      await page.textContent('#seed-error'),
      '种子“4x”不是 0 到 18446744073709551615 之间的整数：请只用数字书写',
    );
    tab.assertNoErrors();
    await tab.close();

    const notes = await open('#w=5%2C3%2C2&algo=classic&subtract=own&lang=zh');
    assert.deepEqual(await notes.page.$$eval('ul#notes li', (items) => items.map((li) => li.textContent)), [
      '减去规则“own”针对的是 SWRR 的水位：classic 会忽略它',
    ]);
    notes.assertNoErrors();
    await notes.close();

    // Refused traffic values: the control's words beside the key, Chinese quotes, no "得到的是".
    const traffic = await open('#w=5%2C3%2C2&rate=-1&workers=999&lang=zh');
    const status = await traffic.page.textContent('#status');
    assert.ok(status.includes('每秒请求数（rate）应为 1 到 1000000 之间的整数，不能是 “-1”'), status);
    assert.ok(status.includes('工作进程数（workers）应为 1 到 64 之间的整数，不能是 999'), status);
    traffic.assertNoErrors();
    await traffic.close();
  });

  test('in Chinese a long text quoted in a message gives its length in Chinese: the core\'s and the page\'s own', async () => {
    const long = (text) => `${text.slice(0, 26)}…${text.slice(-13)}`;
    await inTab(open('#w=5%2C3%2C2&lang=zh'), async (page) => {
      await page.fill('input#weights', '9'.repeat(5000));
      assert.equal(await refusal(page, 'input#weights', '#weights-error'), `第 1 个权重“${long('9'.repeat(5000))}（5,000 个字符）”（第 1 列）超出上限：权重最大为 1,000,000,000`);
      await page.fill('input#weights', `${'é'.repeat(70)}=5`);
      await page.waitForFunction(() => document.querySelector('#weights-error').textContent.includes('名字'));
      assert.equal(await page.textContent('#weights-error'), `第 1 个权重“${long(`${'é'.repeat(70)}=5`)}（72 个字符）”（第 1 列）的名字不能用：名字最多 64 个字符`);
      await page.fill('input#weights', '5,3,2');
      await page.fill('#scenario', `@3 ${'B'.repeat(60)} down`);
      await page.press('#scenario', 'Enter');
      assert.equal(await refusal(page, '#scenario', '#scenario-error'), `第 1 个事件的“${long('B'.repeat(60))}（60 个字符）”（第 4 列）不是节点：节点有 A、B、C，也可以按位置写 #1、#2 …`);
    });
    // The page's own refusal of a link value, and the same in English once the language changes.
    await inTab(open(`#w=5%2C3%2C2&theme=${'x'.repeat(100)}&lang=zh`), async (page) => {
      await page.waitForFunction(() => document.querySelector('#status').textContent !== '');
      assert.equal(await page.textContent('#status'), `theme=${long('x'.repeat(100))}（100 个字符） 不是主题：应为 light 或 dark`);
      await page.selectOption('#language', 'en');
      await page.waitForFunction(() => document.querySelector('#status').textContent.includes('theme'));
      assert.equal(await page.textContent('#status'), `theme=${long('x'.repeat(100))} (100 characters) is not a theme: expected light or dark`);
    });
  });

  test('in English the page shows the core\'s own message, word for word', () => inTab(open('#w=5%2C3%2C2&lang=en'), async (page) => {
    for (const text of ['5,x7', '5,-3', '0,0', '1:2:0.1234567', '9'.repeat(5000)]) {
      await page.fill('input#weights', text);
      const core = await coreWeightsError(page, text);
      assert.ok(core?.code, `${text}: the core's error has a code`);
      await page.waitForFunction((message) => document.querySelector('#weights-error').textContent === message, core.message);
    }
  }));
});
