// The SWRR tanks with many nodes (QA s23 F3): where the usual text leaves a tank too narrow for
// its name and level, the core's layout draws the text smaller (down to its least size), and
// narrower still the name alone, rather than leave 16 tanks of 8 repeating colours unnamed on a
// phone; 3 tanks stay as they were.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { inTab, screenshot, usePageSuite } from './harness.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' };
const weights = (n) => Array.from({ length: n }, (_, i) => (i % 7) + 1).join('%2C');

/** Each tank's name and level as drawn (boxes in the page's pixels), its body's box, and the picture's. */
function readTanks(page) {
  return page.$eval('svg#tanks', (svg) => {
    const box = (element) => element?.getBoundingClientRect().toJSON();
    return {
      picture: box(svg),
      font: getComputedStyle(svg).getPropertyValue('--tank-font'),
      tanks: [...svg.querySelectorAll('g.tank[data-node]')].map((g) => {
        const name = g.querySelector('text.name');
        const level = g.querySelector('text.level');
        return { node: Number(g.dataset.node), name: name?.textContent, nameBox: box(name), level: level?.textContent, body: box(g.querySelector('rect.tank-body')) };
      }),
    };
  });
}

describe('many tanks on a phone', () => {
  const suite = usePageSuite();

  for (const lang of ['en', 'zh']) {
    test(`16 tanks at 390 px (${lang}): every tank carries its name, in the picture, clear of its neighbours', and its level`, () => inTab(suite.open(`#w=${weights(16)}&t=8${lang === 'zh' ? '&lang=zh' : ''}`, PHONE), async (page) => {
      const { picture, font, tanks } = await readTanks(page);
      assert.equal(tanks.length, 16);
      // Smaller than the usual 12 px, and not so small it cannot be read.
      assert.ok(parseFloat(font) < 12 && parseFloat(font) >= 8, `tank text ${font}`);
      const names = 'ABCDEFGHIJKLMNOP';
      tanks.forEach((tank, i) => {
        assert.equal(tank.name, names[i], `tank ${i}'s name`);
        const r = tank.nameBox;
        assert.ok(r.width > 3 && r.height > 6, `${tank.name} is drawn (${r.width}×${r.height})`);
        assert.ok(r.left >= picture.left && r.right <= picture.right && r.top >= picture.top && r.bottom <= picture.bottom, `${tank.name} inside the picture`);
        assert.ok(r.top >= tank.body.bottom, `${tank.name} under its tank`);
        if (i > 0) assert.ok(tanks[i - 1].nameBox.right <= r.left, `${tanks[i - 1].name} (…${tanks[i - 1].nameBox.right}) runs into ${tank.name} (${r.left}…)`);
        assert.match(tank.level, /^[−-]?\d+$/, `${tank.name}'s level`);
      });
      await screenshot(page, `many-tanks-16-phone-${lang}`);
    }));
  }

  for (const n of [30, 38]) {
    test(`${n} tanks at 390 px: too narrow for their numbers, each still carries its whole name, clear of its neighbours'`, () => inTab(suite.open(`#w=${weights(n)}&t=8`, PHONE), async (page) => {
      const { picture, tanks } = await readTanks(page);
      assert.equal(tanks.length, n);
      tanks.forEach((tank, i) => {
        // A … Z, AA … AN: whole, the two-letter ones drawn as narrow as their tank.
        assert.equal(tank.name, i < 26 ? String.fromCharCode(65 + i) : `A${String.fromCharCode(65 + i - 26)}`);
        const r = tank.nameBox;
        assert.ok(r.width > 1.5 && r.height > 5 && r.left >= picture.left && r.right <= picture.right && r.bottom <= picture.bottom, `${tank.name} drawn inside the picture`);
        assert.ok(r.left >= tank.body.left - 0.5 && r.right <= tank.body.right + 0.5, `${tank.name} (${r.left}…${r.right}) within its tank (${tank.body.left}…${tank.body.right})`);
        if (i > 0) assert.ok(tanks[i - 1].nameBox.right <= r.left, `${tanks[i - 1].name} (…${tanks[i - 1].nameBox.right}) runs into ${tank.name} (${r.left}…)`);
        assert.equal(tank.level, undefined, 'no level where it does not fit');
      });
      await screenshot(page, `many-tanks-${n}-phone`);
    }));
  }

  test('24 tanks on a laptop: every level stays inside its tank, a wider one drawn narrower, as the CLI\'s still draws it', () => inTab(suite.open(`#w=${encodeURIComponent('100,90,80,70,60,50,40,30,20,10,9,8,7,6,5,4,3,2,1,1,1,1,1,1')}&t=3`, { viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' }), async (page) => {
    const tanks = await page.$$eval('svg#tanks g.tank[data-node]', (groups) => groups.map((g) => {
      const level = g.querySelector('text.level');
      const box = level.getBoundingClientRect();
      const body = g.querySelector('rect.tank-body').getBoundingClientRect();
      return { text: level.textContent, squeezed: level.hasAttribute('textLength'), left: box.left, right: box.right, body: [body.left, body.right] };
    }));
    assert.equal(tanks.length, 24);
    // A −400 → −300, B −420 → −330; C drains from 240 to −360: four characters in a tank that
    // holds three, drawn narrower (before, as wide as the slot, over the outlines and the gaps).
    assert.deepEqual(tanks.slice(0, 4).map(({ text, squeezed }) => [text, squeezed]), [['−300', true], ['−330', true], ['−360', true], ['210', false]]);
    for (const tank of tanks) {
      assert.ok(tank.left >= tank.body[0] && tank.right <= tank.body[1], `"${tank.text}" (${tank.left.toFixed(1)}–${tank.right.toFixed(1)}) outside its tank (${tank.body.map((x) => x.toFixed(1)).join('–')})`);
    }
    await screenshot(page, 'many-tanks-24-laptop');
  }));

  test('3 tanks at 390 px are drawn as before: the usual 12 px text, the same tanks and names', () => inTab(suite.open(`#w=${weights(3)}&t=8`, PHONE), async (page) => {
    const { picture, font, tanks } = await readTanks(page);
    assert.equal(font, '12px');
    // Measured before the change (main at 0a1016c), relative to the picture.
    const at = (r) => [r.left - picture.left, r.top - picture.top, r.width, r.height].map(Math.round);
    assert.deepEqual(tanks.map((tank) => at(tank.body)), [[33, 31, 95, 160], [142, 31, 95, 160], [251, 31, 95, 160]]);
    assert.deepEqual(tanks.map((tank) => tank.name), ['A', 'B', 'C']);
    assert.deepEqual(at(tanks[0].nameBox).slice(1), [195, 10, 14]);
  }));
});

/** The count under each tank: its text, whether it is drawn narrower, its box; the picture's box. */
function readCounts(page) {
  return page.$eval('svg#tanks', (svg) => ({
    picture: svg.getBoundingClientRect().toJSON(),
    counts: [...svg.querySelectorAll('g.tank[data-node]')].map((g) => {
      const text = g.querySelector('text.picks');
      return { picks: g.dataset.picks, text: text.textContent, squeezed: text.hasAttribute('textLength'), box: text.getBoundingClientRect().toJSON() };
    }),
  }));
}

describe('the counts under twelve tanks', () => {
  const suite = usePageSuite();
  const TWELVE = `#w=${encodeURIComponent('1,2,3,4,5,6,7,8,9,10,11,12')}&t=150`;

  for (const [lang, size, view, form] of [
    ['zh', '390', PHONE, /^\d+次$/], ['en', '390', PHONE, /^\d+×$/],
    ['zh', '1366', { viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' }, /^\d+ 次$/],
  ]) {
    test(`at ${size} px in ${lang}: every count is the tank's, in the picture, clear of the next count`, () => inTab(suite.open(`${TWELVE}${lang === 'zh' ? '&lang=zh' : ''}`, view), async (page) => {
      await page.waitForFunction(() => document.querySelector('svg#tanks g.tank[data-node="11"] text.picks')?.textContent);
      const { picture, counts } = await readCounts(page);
      assert.equal(counts.length, 12);
      // Step 150 of weights 1 … 12 (W = 78): 2 … 23 picks, one or two digits.
      assert.deepEqual(counts.map(({ picks }) => Number(picks)), [2, 4, 6, 8, 10, 12, 13, 15, 17, 19, 21, 23]);
      counts.forEach(({ picks, text, box }, i) => {
        assert.match(text, form);
        assert.equal(parseInt(text, 10), Number(picks));
        assert.ok(box.width > 5 && box.left >= picture.left && box.right <= picture.right, `${text} (${box.left.toFixed(1)}–${box.right.toFixed(1)}) inside the picture`);
        if (i > 0) {
          const before = counts[i - 1].box;
          assert.ok(box.left - before.right >= 2, `${counts[i - 1].text} (…${before.right.toFixed(1)}) and ${text} (${box.left.toFixed(1)}…) less than 2 px apart`);
        }
      });
      // English as it was: its counts fit whole; on a phone the Chinese ones hold whole with the short form's.
      if (lang === 'en' || size === '1366') assert.ok(counts.every(({ squeezed }) => !squeezed));
      await screenshot(page, `many-tanks-12-counts-${lang}-${size}`);
    }));
  }
});
