// What a screen reader is told while the walkthrough plays: only the page's live regions speak,
// and they speak at a pace one can follow.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { inTab, usePageSuite, waitReady } from './harness.mjs';

/**
 * The elements Chromium exposes as live regions (the accessibility tree, through the shadow
 * roots), marked `data-live-probe` with their index, and their `id`s.
 */
async function liveRegions(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.getDocument', { depth: -1, pierce: true });
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  const ids = [];
  for (const node of nodes) {
    const live = node.properties?.find((property) => property.name === 'live');
    if (!live || live.value.value === 'off' || !node.backendDOMNodeId) continue;
    const { object } = await cdp.send('DOM.resolveNode', { backendNodeId: node.backendDOMNodeId });
    await cdp.send('Runtime.callFunctionOn', { objectId: object.objectId, functionDeclaration: `function (index) { this.dataset.liveProbe = index; }`, arguments: [{ value: ids.length }] });
    ids.push((await cdp.send('DOM.describeNode', { backendNodeId: node.backendDOMNodeId })).node.attributes.join(' '));
  }
  await cdp.detach();
  return ids;
}

/** How many times each live region's text changes while `during` runs. */
async function changesDuring(page, during) {
  await page.evaluate(() => {
    window.liveChanges = {};
    const roots = [document, ...[...document.querySelectorAll('*')].map((element) => element.shadowRoot).filter(Boolean)];
    for (const root of roots) {
      for (const region of root.querySelectorAll('[data-live-probe]')) {
        const key = region.id || region.dataset.liveProbe;
        window.liveChanges[key] = 0;
        new MutationObserver(() => { window.liveChanges[key] += 1; }).observe(region, { childList: true, characterData: true, subtree: true });
      }
    }
  });
  await during();
  return page.evaluate(() => window.liveChanges);
}

describe('live regions', () => {
  const { open } = usePageSuite();

  test('playing 100 steps a second for 6 s: the step counter is not live, the narration speaks at most every 2.5 s', () => inTab(open('#w=5%2C3%2C2&speed=100', { reducedMotion: 'reduce' }), async (page) => {
    await waitReady(page);
    await page.waitForSelector('section.plots[data-status="ready"]', { state: 'attached' });
    const regions = await liveRegions(page);
    assert.ok(!regions.some((attributes) => attributes.includes('id position')), `live: ${regions.join(' | ')}`);
    const changes = await changesDuring(page, async () => {
      await page.click('#play');
      await page.waitForTimeout(6000);
      await page.click('#play');
    });
    const total = Object.values(changes).reduce((sum, count) => sum + count, 0);
    // The narration's announcer at most every 2.5 s (3 in 6 s), and once more when paused.
    assert.ok(changes.announcer >= 2 && changes.announcer <= 4, JSON.stringify(changes));
    assert.ok(total <= 6, JSON.stringify(changes));
  }));
});
