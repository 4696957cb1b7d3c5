// The current step's line on the selection strip, where its cells carry their letters: it
// leaves the letters' band open, so the step's own letter reads whole (not struck through into
// an arrow), on the page, with the future hidden, in the quiz and on the handout's strip. The
// period's ticks stand between two periods, not on the letter of a period's last pick.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { inTab, usePageSuite, waitStep } from './harness.mjs';

/** The marker's x, the open band of its dashes (from its top) and the current cell's letter's box. */
async function markerOverLetter(page, selector = 'svg#strip') {
  await page.waitForSelector(`${selector} line.marker`, { state: 'attached' });
  return page.evaluate((selector) => {
    const root = document.querySelector(selector);
    const line = root.querySelector('line.marker');
    const x = Number(line.getAttribute('x1'));
    const dashes = (line.getAttribute('stroke-dasharray') ?? '').split(/[\s,]+/).filter(Boolean).map(Number);
    const letter = [...root.querySelectorAll('text.cell-label')].find((text) => {
      const box = text.getBBox();
      return box.x <= x && x <= box.x + box.width;
    });
    const box = letter?.getBBox();
    return { x, dashes, letter: letter?.textContent, top: box?.y, bottom: box && box.y + box.height };
  }, selector);
}

/** Whether a line dashed `dashes` from y = 0 leaves `top`–`bottom` undrawn. */
function openOver(dashes, top, bottom) {
  if (dashes.length < 2) return false;
  const [drawn, gap] = dashes;
  return drawn <= top && drawn + gap >= bottom;
}

describe('the strip\'s step line and its letters', () => {
  const suite = usePageSuite();

  for (const [what, hash] of [['the whole run', '#w=5%2C3%2C2&t=5'], ['the future hidden', '#w=5%2C3%2C2&t=5&future=hide']]) {
    test(`5,3,2 at step 5, ${what}: the line leaves step 5's letter A whole`, () => inTab(suite.open(hash, { viewport: { width: 1280, height: 720 }, reducedMotion: 'reduce' }), async (page) => {
      await waitStep(page, 5);
      const mark = await markerOverLetter(page);
      assert.equal(mark.letter, 'A', 'the line stands on step 5\'s cell, lettered A');
      assert.ok(openOver(mark.dashes, mark.top, mark.bottom), `the line (dashes "${mark.dashes.join(' ')}") leaves the letter's ${mark.top.toFixed(1)}–${mark.bottom.toFixed(1)} open`);
      await page.keyboard.press('ArrowRight');
      await waitStep(page, 6);
      const next = await markerOverLetter(page);
      assert.equal(next.letter, 'B', 'at step 6 the line stands on B');
      assert.ok(openOver(next.dashes, next.top, next.bottom), 'and leaves its letter open too');
    }));
  }

  test('the quiz\'s strip after two answers: the line leaves the second pick\'s letter whole', () => inTab(suite.open('#quiz=1', { viewport: { width: 1280, height: 720 }, reducedMotion: 'reduce' }), async (page) => {
    await page.waitForSelector('.quiz-choice');
    await page.click('.quiz-choice[data-node="0"]');
    await page.click('.quiz-choice[data-node="1"]');
    await waitStep(page, 2, 'pick');
    const mark = await markerOverLetter(page);
    assert.equal(mark.letter, 'B', 'exercise 1 (4,4,3) picks B at step 2');
    assert.ok(openOver(mark.dashes, mark.top, mark.bottom), `the line (dashes "${mark.dashes.join(' ')}") leaves B (${mark.top}–${mark.bottom}) open`);
  }));

  test('5,3,2 at step 5, 300 steps: cells too narrow for letters keep a whole line', () => inTab(suite.open('#w=5%2C3%2C2&t=5&steps=300', { viewport: { width: 1280, height: 720 }, reducedMotion: 'reduce' }), async (page) => {
    await waitStep(page, 5);
    const mark = await markerOverLetter(page);
    assert.equal(mark.letter, undefined, 'no letters at 300 cells');
    assert.deepEqual(mark.dashes, [], 'the line is whole');
  }));

  test('5,3,2 over 30 steps: the period ticks stand between steps 10 and 11 and between 20 and 21, on no letter', () => inTab(suite.open('#w=5%2C3%2C2&steps=30', { viewport: { width: 1280, height: 720 }, reducedMotion: 'reduce' }), async (page) => {
    await page.waitForSelector('svg#strip line.period', { state: 'attached' });
    const ticks = await page.evaluate(() => {
      const strip = document.querySelector('svg#strip');
      const cell = (step) => strip.querySelector(`rect.cell[data-step="${step}"]`);
      return [...strip.querySelectorAll('line.period')].map((line) => {
        const end = Number(line.dataset.periodEnd);
        const last = cell(end);
        const next = cell(end + 1);
        return {
          end,
          x: Number(line.getAttribute('x1')),
          lastRight: Number(last.getAttribute('x')) + Number(last.getAttribute('width')),
          nextLeft: next ? Number(next.getAttribute('x')) : Infinity,
        };
      });
    });
    assert.deepEqual(ticks.map((tick) => tick.end), [10, 20, 30]);
    for (const tick of ticks) {
      assert.ok(tick.x >= tick.lastRight - 0.5 && tick.x <= tick.nextLeft + 0.5, `the tick after step ${tick.end} at x ${tick.x.toFixed(1)}, between the cells ${tick.lastRight.toFixed(1)} and ${tick.nextLeft.toFixed(1)}`);
    }
  }));
});
