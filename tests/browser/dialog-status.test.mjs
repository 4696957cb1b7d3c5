// What a dialog says after a button in it (Copy's "Copied to the clipboard.", Export's "Saved …")
// is in view when it is said: the dialogs' bodies are taller than a phone's window (Share's 990 px
// in an 810 px box at 390 × 844, Export's 1,600), and a line after the body would be under the
// dialog's foot, the button seeming to do nothing.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { inTab, sayBox, screenshot, usePageSuite } from './harness.mjs';

const CASES = [
  { width: 390, height: 844, dialog: 'share', copy: 'share-link' },
  { width: 390, height: 844, dialog: 'export', copy: 'nginx-export' },
  { width: 1366, height: 768, dialog: 'export', copy: 'nginx-export' },
];

describe('a dialog\'s status line', () => {
  const suite = usePageSuite();

  for (const { width, height, dialog, copy } of CASES) {
    for (const colorScheme of ['light', 'dark']) {
      test(`${dialog}'s Copy is answered in view at ${width}×${height}, ${colorScheme}`, () => inTab(suite.open('#w=5%2C3%2C2&t=5', { viewport: { width, height }, colorScheme }), async (page) => {
        if (await page.isVisible('#menu')) await page.click('#menu');
        await page.click(`#${dialog}`);
        await page.waitForSelector(`#${dialog}-dialog[open]`);
        await page.waitForSelector(`#${dialog}-dialog [data-copy="${copy}"]:not([disabled])`);
        // Scrolled just far enough to show the button at the dialog's foot, as a reader scrolls to it.
        await page.evaluate(([id, copy]) => document.querySelector(`#${id}-dialog [data-copy="${copy}"]`).scrollIntoView({ block: 'end' }), [dialog, copy]);
        await page.click(`#${dialog}-dialog [data-copy="${copy}"]`);
        await page.waitForFunction((id) => document.querySelector(`#${id}-dialog .dialog-status`).textContent !== '', dialog);
        const { text, status, box, button } = await page.evaluate(([id, copy]) => {
          const shown = document.getElementById(`${id}-dialog`);
          const line = shown.querySelector('.dialog-status');
          const rect = (element) => {
            const { top, bottom, left, right } = element.getBoundingClientRect();
            return { top, bottom, left, right };
          };
          return { text: line.textContent, status: rect(line), box: rect(shown), button: rect(shown.querySelector(`[data-copy="${copy}"]`)) };
        }, [dialog, copy]);
        assert.match(text, /Copied to the clipboard\.|press Ctrl\+C/);
        const seen = status.top >= box.top && status.bottom <= box.bottom + 0.5 && status.bottom <= height;
        assert.ok(seen, `"${text}" at ${sayBox(status)}, the dialog at ${sayBox(box)} in a ${height} px window`);
        assert.ok(button.bottom <= status.top + 0.5, `the Copy button at ${sayBox(button)} is not under the line at ${sayBox(status)}`);
        await screenshot(page, `dialog-status-${dialog}-${width}x${height}-${colorScheme}`);
      }));
    }
  }
});
