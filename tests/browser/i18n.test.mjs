// Every string has both translations with the same {parameters}: a missing key fails here.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { isLoaded, keys, loadLanguage, table } from '../../www/words/i18n.js';
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

test('every story the core lists has its description in Chinese, and no other story does', async () => {
  await loadLanguage('zh');
  const stories = cli('presets').split('\n').map((line) => /^(\S+)\s+\(/.exec(line)?.[1]).filter(Boolean);
  assert.equal(stories.length, 17);
  const described = Object.keys(table('zh')).filter((key) => key.startsWith(STORY_ABOUT)).map((key) => key.slice(STORY_ABOUT.length));
  assert.deepEqual(described.sort(), stories.sort());
});
