// No layout shift when the tanks appear: before the wasm has arrived the page reserves the
// tanks' space from the width (and beside a lesson in presenter mode the row's height,
// www/stage/tank-geometry.js); once the core has laid them out (`tankLayout`) for 3, 41 or 250
// nodes, in presenter mode too, the viewBox and the size on screen are the same.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { holdBack, inTab, openPage, usePageSuite, waitReady } from './harness.mjs';

const WEIGHTS = {
  3: '5,3,2',
  41: Array.from({ length: 41 }, (_, i) => (i % 7) + 1).join(','),
  250: Array.from({ length: 250 }, (_, i) => (i % 5) + 1).join(','),
};

/** The tanks' viewBox and their size on screen. */
function tanksBox(page) {
  return page.$eval('svg#tanks', (svg) => {
    const box = svg.getBoundingClientRect();
    return { viewBox: svg.getAttribute('viewBox'), width: box.width, height: box.height };
  });
}

describe('the tanks reserve their space before the core is here', () => {
  const suite = usePageSuite();

  const cases = [{ width: 390, height: 844 }, { width: 1366, height: 900 }].flatMap((viewport) => [3, 41, 250].map((nodes) => ({ viewport, nodes, present: false })));
  // Presenter mode's larger text (a projector), from its first view.
  cases.push({ viewport: { width: 1366, height: 768 }, nodes: 3, present: true }, { viewport: { width: 1024, height: 768 }, nodes: 41, present: true });
  // Beside a lesson, where the tanks fill the row the window sets (presenter.css --tanks-fill-height).
  cases.push({ viewport: { width: 1366, height: 768 }, nodes: 3, present: true, lesson: 4 }, { viewport: { width: 1920, height: 1080 }, nodes: 3, present: true, lesson: 3 });
  for (const { viewport, nodes, present, lesson } of cases) {
    test(`${viewport.width}×${viewport.height}, ${nodes} nodes${present ? ', presenter mode' : ''}${lesson ? `, chapter ${lesson}` : ''}`, async () => {
      const url = `${suite.url()}index.html#${lesson ? `lesson=${lesson}` : `w=${WEIGHTS[nodes]}`}${present ? '&present=1' : ''}`;
      await inTab(openPage(suite.browser(), 'about:blank', { viewport }), async (page) => {
        // The first view's wasm waits until the reserved space has been read.
        const release = await holdBack(page, '**/pkg/swrr_viz_bg.wasm');
        await page.goto(url);
        await page.waitForSelector('svg#tanks[viewBox]', { state: 'attached' });
        // Two frames: a resize the observer reports is applied in the next one.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        const reserved = await tanksBox(page);
        assert.equal(await page.$('svg#tanks g'), null, 'nothing drawn before the core');
        assert.notEqual(await page.getAttribute('main#app', 'data-ready'), 'true', 'the core is not here yet');
        release();
        await waitReady(page);
        const drawn = await tanksBox(page);
        assert.ok(await page.$('svg#tanks g.tank, svg#tanks g.tanks-compact'), 'the tanks are drawn');
        assert.deepEqual(drawn, reserved);
      });
    });
  }
});
