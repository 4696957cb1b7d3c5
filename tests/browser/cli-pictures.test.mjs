// The CLI's pictures at the narrowest width they take (240 px, docs/CLI.md "Text that fits"):
// every text of each kind stays inside the picture, measured where Chromium draws it.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, test } from 'node:test';

import { CLI, inTab, launchBrowser, openPage } from './harness.mjs';

/** `swrr-viz svg` arguments: a strip by picks and by requests, a frame, a still. */
const PICTURES = [
  ['100,99,98', '--kind', 'strip', '--steps', '1000'],
  ['web=5 db=3 q=2 D=1', '--scenario', '@1 D backup; @3 web dead', '--kind', 'strip'],
  ['5,3,2', '--kind', 'tanks', '--step', '5'],
  ['5,3,2', '--kind', 'still', '--step', '4'],
  ['1000,90,5,7,1000,3,2,9,4000,1,2,3', '--kind', 'tanks', '--step', '1'],
];

describe('the CLI\'s pictures at 240 px', () => {
  test('no text runs past the picture\'s edges', async () => {
    const browser = await launchBrowser();
    try {
      for (const args of PICTURES) {
        const svg = execFileSync(CLI, ['svg', ...args, '--width', '240'], { encoding: 'utf8' });
        await inTab(openPage(browser, 'about:blank', { viewport: { width: 240, height: 800 } }), async (page) => {
          await page.setContent(`<body style="margin:0">${svg}</body>`);
          const outside = await page.$eval('svg', (root) => {
            const edge = root.getBoundingClientRect();
            return [...root.querySelectorAll('text')]
              .filter((text) => text.textContent.trim() !== '' && text.getBoundingClientRect().width > 0)
              .map((text) => ({ text: text.textContent, box: text.getBoundingClientRect() }))
              .filter(({ box }) => box.left < edge.left - 0.5 || box.right > edge.right + 0.5)
              .map(({ text, box }) => `"${text}" ${box.left.toFixed(1)}–${box.right.toFixed(1)} of ${edge.width}`);
          });
          assert.deepEqual(outside, [], `swrr-viz svg ${args.join(' ')} --width 240`);
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
