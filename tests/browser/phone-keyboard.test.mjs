// A phone with a keyboard: the presets, the chips and the scenario's stories scroll sideways there,
// and a Tab onto a button half past the screen's edge brings it, with its focus ring, whole into view.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { inTab, usePageSuite, waitReady } from './harness.mjs';

const PHONE = { width: 390, height: 844 };
/** The focus ring's reach beyond a button: a 3 px outline 2 px off it (page.css :focus-visible). */
const RING = 5;

describe('Tab on a phone', () => {
  const { open } = usePageSuite();

  for (const lang of ['en', 'zh']) {
    test(`every preset, chip and story button Tab reaches is whole in view, ring included (${lang})`, () => inTab(open(`#w=5%2C3%2C2&t=5&lang=${lang}`, { viewport: PHONE, reducedMotion: 'reduce' }), async (page) => {
      await waitReady(page);
      await page.focus('#weights');
      const seen = [];
      for (let i = 0; i < 60; i++) {
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(() => {
          const element = document.activeElement;
          if (!element.closest('.presets, .chips')) return null;
          const box = element.getBoundingClientRect();
          return { name: element.getAttribute('aria-label') || element.textContent.trim(), story: element.closest('.stories') !== null, left: box.left, right: box.right };
        });
        if (!focused) continue;
        seen.push(focused);
        assert.ok(focused.left >= RING && focused.right <= PHONE.width - RING, `${focused.name} at ${focused.left}–${focused.right} px`);
      }
      assert.ok(seen.length >= 10, `Tab reached ${seen.length} preset, chip and story buttons`);
      assert.ok(seen.filter((button) => button.story).length >= 5, 'Tab reached the stories');
    }));
  }
});
