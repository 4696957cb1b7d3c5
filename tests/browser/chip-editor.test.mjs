// The weights editor's chips. By keyboard: −, +, × and "+ Add node" rebuild the row, and the focus
// stays where a keyboard user is (the same control of the same node; after ×, the next chip's ×;
// after Add, the new chip's name), read through the chips' data-node and data-control. A name the
// core refuses is said at the rename field, about that name, with what was typed kept in it.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { inTab, usePageSuite } from './harness.mjs';

/** The focused control as `{node, control}` (node null outside a chip), or the focused tag. */
const focused = (page) => page.evaluate(() => {
  const active = document.activeElement;
  if (!active?.dataset.control) return active?.tagName ?? null;
  const chip = active.closest('li.chip');
  return { node: chip ? Number(chip.dataset.node) : null, control: active.dataset.control };
});
const weightsAre = (page, text) => page.waitForFunction((want) => document.querySelector('#weights').value === want, text);
/** Presses `key`, waits for the weights to read `text`, and checks where the focus is then. */
async function pressing(page, key, text, focus, why) {
  await page.keyboard.press(key);
  await weightsAre(page, text);
  assert.deepEqual(await focused(page), focus, why);
}

describe('the chips keep the keyboard focus', () => {
  const suite = usePageSuite();

  test('− and + keep the focus on the same button of the same node; at 0, − gives way to +', () => inTab(suite.open('#w=5%2C3%2C2', { reducedMotion: 'reduce' }), async (page) => {
    await page.focus('li.chip[data-node="1"] [data-control="plus"]');
    await pressing(page, 'Enter', '5,4,2', { node: 1, control: 'plus' });
    await pressing(page, 'Enter', '5,5,2', { node: 1, control: 'plus' });
    await page.keyboard.press('Shift+Tab');
    await pressing(page, 'Space', '5,4,2', { node: 1, control: 'minus' });
    await page.focus('li.chip[data-node="2"] [data-control="minus"]');
    await pressing(page, 'Enter', '5,4,1', { node: 2, control: 'minus' });
    await pressing(page, 'Enter', '5,4,0', { node: 2, control: 'plus' }, '− is off at 0: the focus goes to +');
  }));

  test('× moves the focus to the next chip\'s ×, to the previous one after the last, and to Add when one node is left', () => inTab(suite.open('#w=A%3D5%20B%3D3%20C%3D2%20D%3D1', { reducedMotion: 'reduce' }), async (page) => {
    await page.focus('li.chip[data-node="1"] [data-control="remove"]');
    await pressing(page, 'Enter', 'A=5 C=2 D=1', { node: 1, control: 'remove' });
    assert.equal(await page.$eval('li.chip[data-node="1"] .chip-name', (name) => name.textContent), 'C');
    await page.focus('li.chip[data-node="2"] [data-control="remove"]');
    await pressing(page, 'Enter', 'A=5 C=2', { node: 1, control: 'remove' }, 'the last chip went: the one before it');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('li.chip').length === 1);
    assert.deepEqual(await focused(page), { node: null, control: 'add' }, 'one node left, its × is off: Add');
  }));

  test('no × or − leaves every weight 0: the last weighted node can be neither removed nor lowered to 0', () => inTab(suite.open('#w=A%3D1%20B%3D0%20C%3D0', { reducedMotion: 'reduce' }), async (page) => {
    const off = () => page.$$eval('li.chip[data-node]', (chips) => chips.map((chip) => ['minus', 'remove'].map((control) => chip.querySelector(`[data-control="${control}"]`).disabled)));
    assert.deepEqual(await off(), [[true, true], [true, false], [true, false]]);
    await page.click('li.chip[data-node="0"] [data-control="plus"]');
    await page.waitForFunction(() => document.querySelector('#weights').value === '2,0,0');
    assert.deepEqual(await off(), [[false, true], [true, false], [true, false]], 'A can go down to 1, not be removed');
    await page.click('li.chip[data-node="1"] [data-control="remove"]');
    await page.waitForFunction(() => document.querySelector('#weights').value === 'A=2 C=0');
    assert.equal(await page.isHidden('#weights-error'), true, 'no error');
  }));

  test('"+ Add node" moves the focus to the new chip\'s name; a rename by Enter keeps it there', () => inTab(suite.open('#w=5%2C3%2C2', { reducedMotion: 'reduce' }), async (page) => {
    await page.focus('[data-control="add"]');
    await pressing(page, 'Enter', '5,3,2,1', { node: 3, control: 'name' });
    await page.keyboard.press('Enter');
    await page.keyboard.type('gpu');
    await pressing(page, 'Enter', 'A=5 B=3 C=2 gpu=1', { node: 3, control: 'name' });
  }));

  for (const [lang, said] of [
    ['en', 'Cannot rename B to "\\u{200b}": nothing of it can be seen (only zero-width spaces, joiners, direction marks, accents with no letter under them or blanks), and a name needs a character that can be seen. Type another name, or clear the field to keep B.'],
    ['zh', '无法把 B 改名为“\\u{200b}”：它没有一个能看见的字符（只有零宽空格、连接符、方向标记、下面没有字母的附加符号或空白），名字里要有能看见的字符。请换一个名字，或清空输入框以保留 B。'],
  ]) {
    test(`an invisible name is refused at the rename field, which keeps it; the weights stay (${lang})`, () => inTab(suite.open(`#w=5%2C3%2C2&lang=${lang}`, { reducedMotion: 'reduce' }), async (page) => {
      await page.click('li.chip[data-node="1"] [data-control="name"]');
      await page.fill('li.chip[data-node="1"] input.chip-rename', '\u200b');
      await page.keyboard.press('Enter');
      await page.waitForSelector('#rename-error');
      assert.equal(await page.textContent('#rename-error'), said);
      const field = await page.$eval('li.chip[data-node="1"] input.chip-rename', (input) => ({
        value: input.value, focused: document.activeElement === input, invalid: input.getAttribute('aria-invalid'), describedBy: input.getAttribute('aria-describedby'),
      }));
      assert.deepEqual(field, { value: '\u200b', focused: true, invalid: 'true', describedBy: 'rename-error' });
      assert.equal(await page.inputValue('#weights'), '5,3,2', 'the weights box is not touched');
      assert.equal(await page.$eval('#weights-error', (box) => box.hidden), true);
      // A name the core takes replaces it, and the message goes.
      await page.fill('li.chip[data-node="1"] input.chip-rename', 'gpu');
      await page.keyboard.press('Enter');
      await weightsAre(page, 'A=5 gpu=3 C=2');
      assert.equal(await page.$('#rename-error'), null);
      assert.deepEqual(await focused(page), { node: 1, control: 'name' });
    }));
  }

  test('a name another node has, and one too long, are said the same way; Escape keeps the old name', () => inTab(suite.open('#w=5%2C3%2C2', { reducedMotion: 'reduce' }), async (page) => {
    await page.click('li.chip[data-node="2"] [data-control="name"]');
    await page.fill('li.chip[data-node="2"] input.chip-rename', 'A');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#rename-error');
    assert.equal(await page.textContent('#rename-error'), 'Cannot rename C to "A": another node has that name, and names must be unique. Type another name, or clear the field to keep C.');
    await page.fill('li.chip[data-node="2"] input.chip-rename', 'A\u200b');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('#rename-error').textContent.includes('looks the same'));
    assert.equal(await page.textContent('#rename-error'), 'Cannot rename C to "A\\u{200b}": another node\'s name looks the same: they differ only in invisible characters, and names must be told apart. Type another name, or clear the field to keep C.');
    await page.fill('li.chip[data-node="2"] input.chip-rename', 'x'.repeat(200));
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => /a name has at most \d+ characters/.test(document.querySelector('#rename-error').textContent));
    await page.keyboard.press('Escape');
    assert.equal(await page.$('#rename-error'), null);
    assert.deepEqual(await focused(page), { node: 2, control: 'name' });
    assert.equal(await page.textContent('li.chip[data-node="2"] .chip-name'), 'C');
    assert.equal(await page.inputValue('#weights'), '5,3,2');
  }));

  test('a rename or × that leaves the scenario naming no node is said by the weights, in view, and the run stays', async () => {
    for (const viewport of [{ width: 1366, height: 768 }, { width: 390, height: 844 }]) {
      await inTab(suite.open('#w=5%2C3%2C2&scenario=%403%20C%20dead&t=5', { reducedMotion: 'reduce', viewport }), async (page) => {
        await page.click('li.chip[data-node="2"] [data-control="name"]');
        await page.fill('li.chip[data-node="2"] input.chip-rename', 'db');
        await page.keyboard.press('Enter');
        await page.waitForSelector('#weights-error:not([hidden])');
        assert.equal(await page.textContent('#weights-error'), 'The scenario cannot run on these weights: event 1: "C" (at column 4) is not a node: the nodes are A, B, db, or #1, #2, … by position');
        const box = await page.locator('#weights-error').boundingBox();
        assert.ok(box.y >= 0 && box.y + box.height <= viewport.height, `the message at ${box.y}–${box.y + box.height} in ${viewport.height}`);
        // The last good run stays: three tanks, C among them, at the step shown.
        assert.deepEqual(await page.$$eval('svg#tanks g.tank .name', (names) => names.map((n) => n.textContent)), ['A', 'B', 'C']);
        assert.equal(await page.getAttribute('main#app', 'data-step'), '5');
        await page.keyboard.press('Escape');
        await page.click('li.chip[data-node="2"] [data-control="remove"]');
        await page.waitForFunction(() => document.querySelector('#weights').value === 'A=5 B=3');
        assert.equal(await page.textContent('#weights-error'), 'The scenario cannot run on these weights: event 1: "C" (at column 4) is not a node: the nodes are A, B, or #1, #2, … by position');
        // Weights the scenario runs on take the message away.
        await page.fill('#weights', '5,3,2');
        await page.press('#weights', 'Enter');
        await page.waitForSelector('#weights-error', { state: 'hidden' });
      });
    }
  });
});
