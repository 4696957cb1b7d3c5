// The <swrr-viz> attribute tables of docs/EMBEDDING.md and npm/README.md are the element's own list
// (www/state/element-attributes.js), and every attribute the element reads — itself, or through the
// URL's codec (state.js decodeAttributes) — is in that list (that an element without attributes
// behaves as the listed defaults say: element.test.mjs).

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, test } from 'node:test';

import { DOCUMENTS, currentTable, withTable } from '../../scripts/element-docs.mjs';
import { ATTRIBUTES, ATTRIBUTE_NAMES } from '../../www/state/element-attributes.js';
import { decodeAttributes } from '../../www/state/state.js';
import { WWW } from './harness.mjs';

/** Attributes the element sets on itself for accessibility (it reads them only to keep a page's own). */
const OWN_ACCESSIBILITY = ['tabindex', 'role', 'aria-label'];

describe('<swrr-viz> attributes: docs, code and behaviour agree', () => {
  test('the docs\' tables are generated from the element\'s list', async () => {
    const table = await currentTable();
    for (const file of DOCUMENTS) {
      const text = await readFile(file, 'utf8');
      assert.equal(text, withTable(text, table, file), `${file} is out of date: run node scripts/element-docs.mjs`);
    }
    assert.match(table, /\| `algorithm` \| `swrr` · `classic`/);
    for (const name of ['algorithm', 'subtract', 'seed', 'scenario']) assert.match(table, new RegExp(`^\\| \`${name}\` \\|`, 'm'));
  });

  test('every attribute the element reads is in the list', async () => {
    const source = await readFile(join(WWW, 'swrr-viz.js'), 'utf8');
    const read = new Set([...source.matchAll(/\b(?:get|has)Attribute\('([^']+)'\)/g)].map((m) => m[1]));
    // The run's attributes are read through the URL's codec (state.js decodeAttributes): the names it asks for.
    assert.match(source, /decodeAttributes\(\(name\) => this\.getAttribute\(name\)\)/, 'the element reads its run through decodeAttributes');
    decodeAttributes((name) => {
      read.add(name);
      return null;
    });
    assert.ok(read.size >= 10, `found ${[...read]}`);
    for (const name of read) {
      if (OWN_ACCESSIBILITY.includes(name)) continue;
      assert.ok(ATTRIBUTE_NAMES.includes(name), `swrr-viz.js reads "${name}", which element-attributes.js does not list`);
    }
    assert.deepEqual(ATTRIBUTES.map((a) => a.name).filter((name) => !read.has(name)), ['theme'], 'only theme works through CSS alone');
  });
});
