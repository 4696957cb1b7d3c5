// Every string has both translations with the same {parameters}: a missing key fails here.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { isLoaded, keys, loadLanguage, table } from '../../www/words/i18n.js';

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
  const extra = Object.keys(zh).filter((key) => !(key in en));
  assert.deepEqual(extra, [], `not in English: ${extra.join(', ')}`);
  for (const key of keys()) {
    assert.deepEqual(params(zh[key]), params(en[key]), `${key}: parameters differ`);
    assert.notEqual(zh[key].trim(), '', `${key} is empty`);
  }
});
