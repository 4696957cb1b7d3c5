// The walkthrough at its edges: names longer than their tanks, presses faster than the animation,
// an embed whose only place to say an input is wrong is its status line.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { inTab, usePageSuite, waitStep } from './harness.mjs';
import { cliTrace } from './run-reading.mjs';

describe('the walkthrough at its edges', () => {
  const { open } = usePageSuite();

  test('long names are shortened to their tank: no name runs into the next', async () => {
    const names = ['A', 'B', 'C'].map((letter) => letter.repeat(64));
    for (const width of [390, 1280]) {
      const tab = await open(`#w=${encodeURIComponent(names.map((name, i) => `${name}=${5 - i}`).join(' '))}&t=1`, { viewport: { width, height: 900 }, reducedMotion: 'reduce' });
      const boxes = await tab.page.$$eval('svg#tanks g.tank text.name', (texts) => texts.map((text) => {
        const box = text.getBoundingClientRect();
        return { left: box.left, right: box.right, text: text.textContent };
      }));
      assert.equal(boxes.length, 3);
      for (let i = 1; i < boxes.length; i += 1) {
        assert.ok(boxes[i - 1].right <= boxes[i].left, `${width} px: "${boxes[i - 1].text}" ends at ${boxes[i - 1].right.toFixed(1)}, past "${boxes[i].text}" at ${boxes[i].left.toFixed(1)}`);
      }
      assert.ok(boxes.every((box) => box.text.endsWith('…')));
      tab.assertNoErrors();
      await tab.close();
    }
  });

  test('presses faster than the animation: each Step forward is one whole step', () => inTab(open('#w=5%2C3%2C2'), async (page) => {
    for (let i = 0; i < 3; i += 1) await page.click('#forward', { delay: 10 });
    await waitStep(page, 3);
    await page.focus('body');
    for (let i = 0; i < 20; i += 1) await page.keyboard.press('ArrowRight');
    await waitStep(page, 23);
    assert.deepEqual(await page.$$eval('svg#tanks g.tank', (gs) => gs.map((g) => Number(g.dataset.current))), cliTrace('5,3,2', 3).at(-1).drained, 'step 23 is step 3 of its period');
  }));

  test('in embed mode a refused scenario stays said on the status line while the walkthrough steps', () => inTab(open('#w=5%2C3%2C2&scenario=%402%20Z%20down&embed=1', { viewport: { width: 760, height: 720 } }), async (page) => {
    const refused = 'event 1: "Z" (at column 4) is not a node: the nodes are A, B, C, or #1, #2, … by position';
    assert.equal(await page.textContent('#status'), refused);
    await page.click('#forward');
    await waitStep(page, 1);
    assert.equal(await page.textContent('#status'), refused);
    assert.equal(await page.getAttribute('#app', 'data-options-error'), refused);
  }));
});
