// The masthead's folded menu (under 1,024 px): a view chosen from it by keyboard folds the menu
// away with the button pressed, and the focus stays where the next Tab goes on from.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { inTab, usePageSuite } from './harness.mjs';

const active = (page) => page.evaluate(() => ({
  id: document.activeElement.id || document.activeElement.tagName,
  shown: document.activeElement !== document.body && document.activeElement.checkVisibility(),
  ring: document.activeElement.matches(':focus-visible'),
}));

describe('the folded menu', () => {
  const { open } = usePageSuite();

  for (const viewport of [{ width: 390, height: 844 }, { width: 900, height: 800 }]) {
    test(`at ${viewport.width}×${viewport.height} a view chosen by keyboard leaves the focus on Menu, with its ring`, async () => {
      for (const button of ['open-lesson', 'open-quiz', 'present', 'hide-future']) {
        await inTab(open('#w=5%2C3%2C2', { viewport, reducedMotion: 'reduce' }), async (page) => {
          const tabTo = async (id) => {
            for (let i = 0; i < 30 && (await active(page)).id !== id; i++) await page.keyboard.press('Tab');
            assert.equal((await active(page)).id, id, `Tab reaches #${id}`);
          };
          await tabTo('menu');
          await page.keyboard.press('Enter');
          await tabTo(button);
          await page.keyboard.press('Enter');
          await page.waitForFunction((id) => document.getElementById(id).getAttribute('aria-pressed') === 'true', button);
          assert.equal(await page.getAttribute('#menu', 'aria-expanded'), 'false', button);
          assert.deepEqual(await active(page), { id: 'menu', shown: true, ring: true }, `#${button}: the focus is on Menu`);
          // The next Tab goes on after Menu, not from the top of the page.
          await page.keyboard.press('Tab');
          const after = await page.evaluate(() => Boolean(document.querySelector('#menu').compareDocumentPosition(document.activeElement) & Node.DOCUMENT_POSITION_FOLLOWING));
          assert.ok(after, `#${button}: Tab after it reaches #${(await active(page)).id}`);
        });
      }
    });

    test(`at ${viewport.width}×${viewport.height} Escape on a tool of the menu folds it and gives the focus to Menu, with its ring`, () => inTab(open('#w=5%2C3%2C2', { viewport, reducedMotion: 'reduce' }), async (page) => {
      await page.focus('#menu');
      await page.keyboard.press('Enter');
      for (let i = 0; i < 30 && (await active(page)).id !== 'open-lesson'; i++) await page.keyboard.press('Tab');
      assert.equal((await active(page)).id, 'open-lesson');
      await page.keyboard.press('Escape');
      assert.equal(await page.getAttribute('#menu', 'aria-expanded'), 'false');
      assert.deepEqual(await active(page), { id: 'menu', shown: true, ring: true });
    }));

    test(`at ${viewport.width}×${viewport.height} the unfolded menu's rows start at one left edge: the views and the tools alike`, () => inTab(open('#w=5%2C3%2C2', { viewport, reducedMotion: 'reduce' }), async (page) => {
      await page.click('#menu');
      await page.waitForSelector('#page-menu .toolbar button', { state: 'visible' });
      const edges = await page.evaluate(() => {
        const menu = document.querySelector('#page-menu').getBoundingClientRect();
        // Each row's first control (a row is the controls at one height).
        const rows = new Map();
        for (const control of document.querySelectorAll('#page-menu :is(button, select)')) {
          if (!control.checkVisibility()) continue;
          const box = control.getBoundingClientRect();
          const top = Math.round(box.top);
          rows.set(top, Math.min(rows.get(top) ?? Infinity, Math.round(box.left - menu.left)));
        }
        return [...rows.values()];
      });
      assert.ok(edges.length >= 2, `${edges.length} rows`);
      assert.deepEqual(edges, edges.map(() => 0), `each row starts at the menu's left edge: ${edges}`);
    }));
  }
});
