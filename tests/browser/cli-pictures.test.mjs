// The CLI's pictures on a phone, down to the narrowest width they take (240 px, docs/CLI.md "Text
// that fits"): every text of each kind stays inside the picture, and a caption, a footer and the
// axis inside its 12 px margin, measured where Chromium draws them.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, test } from 'node:test';

import { CLI, inTab, launchBrowser, openPage } from './harness.mjs';

const TWELVE = 'A=12 B=11 C=10 D=9 E=8 F=7 G=6 H=5 I=4 J=3 K=2 L=1';

/**
 * The width, how far inside the picture's edges every text stays (the margin, where a strip's
 * cells, whose bold labels may reach past them by a pixel, are not drawn), and the
 * `swrr-viz svg` arguments: strips by picks and by requests, frames and stills.
 */
const PICTURES = [
  [240, 0, '100,99,98', '--kind', 'strip', '--steps', '1000'],
  [240, 0, 'web=5 db=3 q=2 D=1', '--scenario', '@1 D backup; @3 web dead', '--kind', 'strip'],
  [240, 12, '5,3,2', '--kind', 'tanks', '--step', '5'],
  [240, 12, '5,3,2', '--kind', 'still', '--step', '4'],
  [240, 12, '1000,90,5,7,1000,3,2,9,4000,1,2,3', '--kind', 'tanks', '--step', '1'],
  // A footer of long numbers; a period's boundary at the strip's end.
  [240, 12, '999999937,999999929', '--kind', 'tanks'],
  [390, 12, '100,1', '--kind', 'strip'],
  // Captions of levels: digits, − and → are wider than letters.
  [390, 12, TWELVE, '--kind', 'still', '--step', '155'],
  [390, 12, TWELVE, '--kind', 'tanks', '--step', '154', '--lang', 'zh'],
  [390, 12, TWELVE, '--kind', 'still', '--step', '153', '--lang', 'zh'],
];

describe('the CLI\'s pictures on a phone', () => {
  test('no text runs past the picture\'s edges, nor a caption, footer or axis into its margin', async () => {
    const browser = await launchBrowser();
    try {
      for (const [width, margin, ...args] of PICTURES) {
        const svg = execFileSync(CLI, ['svg', ...args, '--width', String(width)], { encoding: 'utf8' });
        await inTab(openPage(browser, 'about:blank', { viewport: { width, height: 800 } }), async (page) => {
          await page.setContent(`<body style="margin:0">${svg}</body>`);
          const outside = await page.$eval('svg', (root, margin) => {
            const edge = root.getBoundingClientRect();
            return [...root.querySelectorAll('text')]
              .filter((text) => text.textContent.trim() !== '' && text.getBoundingClientRect().width > 0)
              .map((text) => ({ text: text.textContent, box: text.getBoundingClientRect() }))
              .filter(({ box }) => box.left < edge.left + margin - 0.5 || box.right > edge.right - margin + 0.5)
              .map(({ text, box }) => `"${text}" ${box.left.toFixed(1)}–${box.right.toFixed(1)} of ${edge.width}`);
          }, margin);
          assert.deepEqual(outside, [], `swrr-viz svg ${args.join(' ')} --width ${width}`);
        });
      }
    } finally {
      await browser.close();
    }
  });

  test('the strip\'s legend: no label runs under the next swatch, whatever its letters; a right-to-left name keeps its weight after it', async () => {
    const names = 'VeryLongServerNameNumberOneHundred=2 WWWWWWWWWWWWWWWWWWWWWWWWWWWWWW=1 mmmmmmmmmmmmmmmmmmmmmmmmmmmm=1 北京=5 שרת=3 iiiiiiiiiiiiiiiiiiiiiiiiiiiii=1';
    const svg = execFileSync(CLI, ['svg', names, '--kind', 'strip'], { encoding: 'utf8' });
    const browser = await launchBrowser();
    try {
      await inTab(openPage(browser, 'about:blank', { viewport: { width: 900, height: 400 } }), async (page) => {
        await page.setContent(`<body style="margin:0">${svg}</body>`);
        const { overlaps, labels } = await page.$eval('svg', (root) => {
          // Each legend item: its swatch (a small rect) and its label (the text after it, "name=weight").
          const labels = [...root.querySelectorAll('text')].filter((text) => /=\d+$/.test(text.textContent));
          const swatches = [...root.querySelectorAll('rect')].filter((rect) => Number(rect.getAttribute('width')) < 20 && Number(rect.getAttribute('height')) < 20);
          const overlaps = [];
          for (const text of labels) {
            const box = text.getBoundingClientRect();
            for (const swatch of swatches) {
              const other = swatch.getBoundingClientRect();
              const sameLine = other.bottom > box.top && other.top < box.bottom;
              if (sameLine && other.left > box.left && other.left < box.right) overlaps.push(`"${text.textContent}" ${box.left.toFixed(0)}–${box.right.toFixed(0)} runs under a swatch at ${other.left.toFixed(0)}`);
            }
          }
          return { overlaps, labels: labels.map((text) => text.textContent) };
        });
        assert.deepEqual(overlaps, []);
        assert.ok(labels.includes('\u2068שרת\u2069=3'), labels.join(' | '));
      });
    } finally {
      await browser.close();
    }
  });
});
