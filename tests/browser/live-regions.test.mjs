// What a screen reader is told while the walkthrough plays: only the page's live regions speak,
// and they speak at a pace one can follow.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { inTab, openPage, usePageSuite, waitReady } from './harness.mjs';

/** nginx's picks for 5,3,2, one period (DESIGN.md). */
const NGINX_532 = 'ABCAABACBA';

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
    window.liveSaid = [];
    for (const root of roots) {
      for (const region of root.querySelectorAll('[data-live-probe]')) {
        const key = region.id || region.dataset.liveProbe;
        window.liveChanges[key] = 0;
        new MutationObserver(() => {
          window.liveChanges[key] += 1;
          window.liveSaid.push(region.textContent);
        }).observe(region, { childList: true, characterData: true, subtree: true });
      }
    }
  });
  await during();
  return page.evaluate(() => window.liveChanges);
}

/** What the live regions said while the last `changesDuring` ran, in order. */
function saidDuring(page) {
  return page.evaluate(() => window.liveSaid);
}

const total = (changes) => Object.values(changes).reduce((sum, count) => sum + count, 0);

/**
 * How many times each live region's text changes while → steps `root` (the page's main element)
 * from step 4 to step 5, through its three phases, and for `settle` ms after.
 */
function changesOfOneStep(page, root, settle) {
  return changesDuring(page, async () => {
    await page.locator('body').focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForSelector(`${root}[data-step="5"][data-phase="drain"]`);
    await page.waitForTimeout(settle);
  });
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
    // The narration's announcer at most every 2.5 s (3 in 6 s), and once more when paused.
    assert.ok(changes.announcer >= 2 && changes.announcer <= 4, JSON.stringify(changes));
    assert.ok(total(changes) <= 6, JSON.stringify(changes));
  }));
});

describe('live regions of the walkthrough, stepping and playing by phase', () => {
  const { open } = usePageSuite();

  test('→ once: the narration is said once, the whole step, after its three phases', () => inTab(open('#w=5%2C3%2C2&t=4'), async (page) => {
    await liveRegions(page);
    await page.waitForTimeout(500);
    const changes = await changesOfOneStep(page, 'main#app', 1000);
    assert.equal(total(changes), 1, JSON.stringify(changes));
    const [said] = await saidDuring(page);
    assert.equal(said, await page.textContent('#narration'));
    assert.match(said, /^Step 5: .* A drains by 10: 5→−5\.$/);
  }));

  test('reading down the page, the step is told once: the tanks picture is named by its levels, the narration beside it', async () => {
    for (const [hash, name] of [
      ['#w=5%2C3%2C2&t=4&phase=pick', 'Water tanks at step 5: A 5, B 5, C 0'],
      ['#w=5%2C3%2C2&t=5&lang=zh', '第 5 步的水箱：A −5、B 5、C 0'],
      ['#w=1,1,1,1,1,1,1,1,1,1,1,1&t=3', 'Water tanks at step 3: A −9, B −9, C −9, D 3, E 3, F 3, G 3, H 3 and 4 more'],
    ]) {
      await inTab(open(hash), async (page) => {
        await page.waitForFunction((said) => document.querySelector('#tanks').getAttribute('aria-label') === said, name);
        assert.equal(await page.getByRole('img', { name, exact: true }).count(), 1, hash);
        // Once the visually hidden announcer, the live region that says it as it comes, has said
        // it: that copy aside, the narration stands once in the page.
        await page.waitForFunction(() => document.querySelector('#announcer').textContent === document.querySelector('#narration').textContent);
        const narration = await page.textContent('#narration');
        const tree = await page.locator('main#app').ariaSnapshot();
        assert.equal(tree.split(narration).length - 1, 2, `${hash}: the narration once beside the announcer's in ${tree.slice(0, 400)}`);
      });
    }
  });

  test('playing at 1 step a second, phase by phase: each announcement is a whole step with its pick', () => inTab(open('#w=5%2C3%2C2&speed=1'), async (page) => {
    await liveRegions(page);
    await page.waitForTimeout(500);
    const changes = await changesDuring(page, async () => {
      await page.click('#play');
      await page.waitForTimeout(7000);
      await page.click('#play');
    });
    assert.ok(total(changes) >= 2 && total(changes) <= 5, JSON.stringify(changes));
    const said = await saidDuring(page);
    for (const text of said) assert.match(text, /^Step (\d+): .* ([ABC]) drains by 10: /, text);
    // The picks said are nginx's for their steps.
    for (const text of said) {
      const [, step, node] = /^Step (\d+): .* ([ABC]) drains by 10/.exec(text);
      assert.equal(node, NGINX_532[(Number(step) - 1) % 10], text);
    }
  }));
});

describe('live regions of compare.html', () => {
  const suite = usePageSuite();

  async function openCompare(hash, options) {
    const tab = await openPage(suite.browser(), `${suite.url()}compare.html${hash}`, options);
    await tab.page.waitForSelector('main#compare[data-ready="true"]', { timeout: 15_000 });
    await tab.page.waitForSelector('table#ranking[data-status="ready"]', { state: 'attached', timeout: 20_000 });
    return tab;
  }

  /** The step and the panes' picks a page announcement says (English). */
  function parse(text) {
    const match = /^Step (\d+): SWRR \(nginx\) picks ([ABC]), gRPC WRR \(C\+\+\) ([ABC]), Envoy round robin ([ABC])\.$/.exec(text);
    assert.ok(match, `said: ${text}`);
    return { step: Number(match[1]), picks: match.slice(2) };
  }

  test('playing 100 steps a second for 6 s: the panes are silent, the page says the step across them at most every 2.5 s', () => inTab(openCompare('#w=5%2C3%2C2&algos=swrr,grpc,envoy&speed=100', { reducedMotion: 'reduce' }), async (page) => {
    const regions = await liveRegions(page);
    assert.equal(regions.filter((attributes) => attributes.includes('id announcer')).length, 1, `live: ${regions.join(' | ')}`);
    const changes = await changesDuring(page, async () => {
      await page.click('#play');
      await page.waitForTimeout(6000);
      await page.click('#play');
      await page.waitForTimeout(2600);
    });
    assert.ok(changes.announcer >= 2 && changes.announcer <= 4, JSON.stringify(changes));
    assert.ok(total(changes) <= 6, JSON.stringify(changes));
    // The last announcement is the step the panes stopped at, with SWRR's pick as nginx makes it.
    const said = (await saidDuring(page)).map(parse);
    const last = said.at(-1);
    assert.equal(String(last.step), await page.getAttribute('main#compare', 'data-step'));
    assert.ok(last.step > 100, `stopped at ${last.step}`);
    for (const { step, picks } of said) assert.equal(picks[0], NGINX_532[(step - 1) % 10], `step ${step}`);
  }));

  test('→ once: one announcement, of the step it made, after its three phases', () => inTab(openCompare('#w=5%2C3%2C2&algos=swrr,grpc,envoy&t=4'), async (page) => {
    await liveRegions(page);
    const changes = await changesOfOneStep(page, 'main#compare', 1200);
    assert.equal(total(changes), 1, JSON.stringify(changes));
    assert.equal(changes.announcer, 1, JSON.stringify(changes));
    const [said] = await saidDuring(page);
    assert.deepEqual(parse(said), { step: 5, picks: [NGINX_532[4], ...parse(said).picks.slice(1)] });
  }));
});
