// Every string has both translations with the same {parameters}: a missing key fails here.

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';

import { isLoaded, keys, loadLanguage, message, setLanguage, table } from '../../www/words/i18n.js';
import { WWW, inTab, launchBrowser, openPage, startServer } from './harness.mjs';
import { cli } from './run-reading.mjs';

const STORY_ABOUT = 'story.about.';
const params = (text) => [...String(text).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test('every English string has a Chinese translation with the same parameters', async () => {
  // Chinese is a module of its own, loaded when chosen.
  assert.equal(isLoaded('zh'), false);
  assert.equal(table('zh'), undefined);
  await loadLanguage('zh');
  const en = table('en');
  const zh = table('zh');
  const missing = keys().filter((key) => !(key in zh));
  assert.deepEqual(missing, [], `missing in i18n-zh.js: ${missing.join(', ')}`);
  // A story's description is the core's in English (listPresets' `description`), checked below.
  const extra = Object.keys(zh).filter((key) => !(key in en) && !key.startsWith(STORY_ABOUT));
  assert.deepEqual(extra, [], `not in English: ${extra.join(', ')}`);
  for (const key of keys()) {
    assert.deepEqual(params(zh[key]), params(en[key]), `${key}: parameters differ`);
    assert.notEqual(zh[key].trim(), '', `${key} is empty`);
  }
});

test('the core\'s length of a cut text is worded in Chinese; a text quoted whole that ends like it is not', async () => {
  await loadLanguage('zh');
  setLanguage('zh');
  try {
    const token = (text) => message({ code: 'weights.token', params: { node: 1, text, at: 1 } });
    const cut = `${'\\u{7}'.repeat(26)}…${'9'.repeat(13)}`;
    assert.equal(token(`${cut} (5,000 characters)`), `第 1 个权重“${cut}（5,000 个字符）”（1）`);
    assert.equal(token('1… (50 characters)'), '第 1 个权重“1… (50 characters)”（1）');
    assert.equal(message({ code: 'choice.algorithm', params: { given: `${'x'.repeat(26)}…${'x'.repeat(13)} (41 characters)` } }).includes('（41 个字符）'), true);
  } finally {
    setLanguage('en');
  }
});

test('no Chinese string has a bare word between spaces, as if a value had not been filled in', async () => {
  await loadLanguage('zh');
  const bare = Object.entries(table('zh')).filter(([, text]) => /\p{Script=Han} \p{Script=Han}+ \p{Script=Han}/u.test(text)).map(([key]) => key);
  assert.deepEqual(bare, []);
});

test('every story the core lists has its description in Chinese, and no other story does', async () => {
  await loadLanguage('zh');
  const stories = cli('presets').split('\n').map((line) => /^(\S+)\s+\(/.exec(line)?.[1]).filter(Boolean);
  assert.equal(stories.length, 17);
  const described = Object.keys(table('zh')).filter((key) => key.startsWith(STORY_ABOUT)).map((key) => key.slice(STORY_ABOUT.length));
  assert.deepEqual(described.sort(), stories.sort());
});

test('every aria-label and title in the pages\' markup names its key (data-i18n-label, data-i18n-title)', async () => {
  const untranslated = [];
  for (const file of ['index.html', 'compare.html', 'widget/template.js']) {
    const source = await readFile(join(WWW, file), 'utf8');
    for (const [tag] of source.matchAll(/<[a-z][^<>]*>/g)) {
      if (/\saria-label="/.test(tag) && !/\sdata-i18n-label="/.test(tag)) untranslated.push(`${file}: ${tag}`);
      if (/\stitle="/.test(tag) && !/\sdata-i18n-title="/.test(tag)) untranslated.push(`${file}: ${tag}`);
    }
  }
  assert.deepEqual(untranslated, []);
});

test('in Chinese every aria-label and title on the pages is Chinese (but user text)', async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const pages = [
      ['index.html#w=5%2C3%2C2&scenario=%4013%20C%20down&lang=zh', 'main#app[data-ready="true"]'],
      ['index.html#lesson=2&present=1&lang=zh', 'main#app[data-ready="true"]'],
      ['compare.html#w=5%2C3%2C2&algos=swrr,grpc,envoy&lang=zh', 'main#compare[data-ready="true"]'],
    ];
    for (const [page, ready] of pages) {
      await inTab(openPage(browser, server.url + page), async (tab) => {
        await tab.waitForSelector(ready);
        // Every label in the document and in the panes' shadow roots, with no Chinese in it.
        const english = await tab.evaluate(() => {
          const found = [];
          const walk = (root) => {
            for (const element of root.querySelectorAll('*')) {
              for (const name of ['aria-label', 'title']) {
                const value = element.getAttribute(name);
                // A scenario event's tick is titled with the event as the user wrote it.
                if (value != null && !/[\u4e00-\u9fff]/.test(value) && !element.matches('#ticks span.event')) found.push(`${element.tagName.toLowerCase()}#${element.id} ${name}="${value}"`);
              }
              if (element.shadowRoot) walk(element.shadowRoot);
            }
          };
          walk(document);
          return found;
        });
        assert.deepEqual(english, [], page);
      });
    }
  } finally {
    await browser.close();
    await server.close();
  }
});

test('weights typed with a Chinese input method (full-width commas, colons, digits) are read', async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    await inTab(openPage(browser, `${server.url}index.html#w=7%2C2%2C1%2C1&lang=zh`, { reducedMotion: 'reduce' }), async (tab) => {
      await tab.waitForSelector('main#app[data-ready="true"]');
      for (const [typed, names] of [['5，3，2', ['A', 'B', 'C']], ['５：１：１', ['A', 'B', 'C']], ['甲＝2、乙＝1', ['甲', '乙']]]) {
        await tab.fill('#weights', typed);
        await tab.waitForFunction((count) => document.querySelectorAll('#tanks .tank').length === count, names.length);
        assert.equal(await tab.isVisible('#weights-error'), false, typed);
        assert.deepEqual(await tab.$$eval('#tanks .tank', (tanks) => tanks.map((tank) => tank.dataset.name ?? tank.querySelector('.name')?.textContent)), names, typed);
      }
    });
  } finally {
    await browser.close();
    await server.close();
  }
});
