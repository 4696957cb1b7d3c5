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
});
