// compare.html in a laptop's window (at least 1,024 px wide, at most 860 px tall, as page.css's
// laptop layout): the transport and every pane's whole picture (tanks or the algorithm's drawing,
// with the nodes' names) in the first screen, with 2, 3 and 4 algorithms and 3 and 12 nodes. The
// algorithm toggles and sets fold behind their button, the panes are one row, and what each
// algorithm is comes after its picture. A taller window keeps the desktop's layout.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { inTab, openPage, sayBox as said, screenshot, usePageSuite, wholeInWindow as whole } from './harness.mjs';

/** Browser windows of common laptop screens, less the browser's bars. */
const LAPTOPS = [
  { width: 1366, height: 650 }, { width: 1280, height: 720 }, { width: 1280, height: 600 }, { width: 1024, height: 600 },
  { width: 1024, height: 768 }, { width: 1440, height: 790 }, { width: 1536, height: 730 },
];
const WEIGHTS = { 3: '5%2C3%2C2', 12: '1%2C2%2C3%2C4%2C1%2C2%2C3%2C4%2C1%2C2%2C3%2C4' };
/** Two, three and four panes: tanks beside pictures, the tallest pictures (IPVS's and gRPC's bars, Envoy's status over its picture). */
const ALGOS = ['swrr,classic', 'swrr,grpc,envoy', 'swrr,classic,interleaved,edf', 'random,grpc,grpc-java,envoy'];

/** Waits until the panes of `algos` show their pictures at the widths the layout gives them. */
async function waitPanes(page, algos) {
  await page.waitForFunction((names) => {
    const panes = [...document.querySelectorAll('#panes:not([data-styling]) article.pane')];
    return document.querySelector('main#compare[data-ready="true"]')?.dataset.panes === names
      && panes.every((pane) => pane.querySelector('.pane-widget').shadowRoot.querySelector('svg#tanks g.tank, svg.algo-picture'));
  }, algos.split(',').join(' '));
  // The panes' top measured (stage/tanks-top.js), then the pictures drawn again at their width.
  for (let frame = 0; frame < 4; frame += 1) await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
}

/** The boxes of Play, each pane's heading, picture and description, and the window's scroll. */
function layout(page) {
  return page.evaluate(() => {
    const box = (element) => {
      const rect = element.getBoundingClientRect();
      return { top: rect.top, bottom: rect.bottom, left: rect.left, right: rect.right };
    };
    return {
      play: box(document.querySelector('#play')),
      panes: [...document.querySelectorAll('article.pane')].map((pane) => {
        const root = pane.querySelector('.pane-widget').shadowRoot;
        const picture = [...root.querySelectorAll('svg#tanks, svg.algo-picture')].find((svg) => svg.checkVisibility());
        return {
          algo: pane.dataset.algo, heading: box(pane.querySelector('h2')), widget: box(pane.querySelector('.pane-widget')),
          picture: box(picture), about: box(pane.querySelector('.pane-about')),
        };
      }),
      toggles: document.querySelector('#algo-buttons button').checkVisibility(),
      scroll: { x: scrollX, y: scrollY, width: document.documentElement.scrollWidth },
    };
  });
}

describe('compare.html in a laptop\'s window', () => {
  const suite = usePageSuite();

  for (const viewport of LAPTOPS) {
    test(`at ${viewport.width}×${viewport.height} Play and every pane's picture are in the first screen, for 2, 3 and 4 algorithms and 3 and 12 nodes`, () => inTab(
      openPage(suite.browser(), `${suite.url()}compare.html#w=${WEIGHTS[3]}&algos=${ALGOS[0]}`, { viewport, reducedMotion: 'reduce' }),
      async (page) => {
        for (const nodes of [3, 12]) {
          for (const algos of ALGOS) {
            await page.evaluate((hash) => { location.hash = hash; }, `w=${WEIGHTS[nodes]}&algos=${algos}`);
            await waitPanes(page, algos);
            const seen = await layout(page);
            const at = `${algos}, ${nodes} nodes`;
            assert.deepEqual(seen.scroll, { x: 0, y: 0, width: viewport.width }, `${at}: the page has not scrolled, nor scrolls sideways`);
            assert.ok(whole(seen.play, viewport), `${at}: Play at ${said(seen.play)}`);
            assert.equal(seen.toggles, false, `${at}: the algorithm toggles are folded`);
            assert.equal(seen.panes.length, algos.split(',').length);
            for (const { algo, heading, widget, picture, about } of seen.panes) {
              assert.ok(whole(picture, viewport), `${at}: ${algo}'s picture at ${said(picture)}`);
              assert.ok(whole(heading, viewport) && heading.bottom <= picture.top, `${at}: ${algo}'s name (${said(heading)}) over its picture`);
              assert.ok(about.top >= picture.bottom, `${at}: what ${algo} is (${said(about)}) comes after its picture`);
              // One row, whose walkthroughs start at one height, however many lines a name takes.
              assert.ok(Math.abs(widget.top - seen.panes[0].widget.top) < 1, `${at}: ${algo}'s walkthrough (${said(widget)}) beside the first one's (${said(seen.panes[0].widget)})`);
            }
          }
        }
        if (viewport.width === 1366) await screenshot(page, 'compare-laptop-1366x650-twelve');
      },
    ));
  }

  // A scenario adds Σ's drift under nginx's narration: its pane's tanks stay where they are.
  for (const viewport of [LAPTOPS[0], LAPTOPS[2]]) {
    test(`at ${viewport.width}×${viewport.height} with a scenario every pane's picture is in the first screen too`, () => inTab(
      openPage(suite.browser(), `${suite.url()}compare.html#w=${WEIGHTS[3]}&algos=${ALGOS[0]}`, { viewport, reducedMotion: 'reduce' }),
      async (page) => {
        for (const nodes of [3, 12]) {
          for (const algos of ALGOS.slice(0, 2)) {
            await page.evaluate((hash) => { location.hash = hash; }, `w=${WEIGHTS[nodes]}&algos=${algos}&scenario=%402%20A%20down&t=3`);
            await waitPanes(page, algos);
            const seen = await layout(page);
            for (const { algo, picture } of seen.panes) assert.ok(whole(picture, viewport), `${algos}, ${nodes} nodes, A down at 2: ${algo}'s picture at ${said(picture)}`);
          }
        }
      },
    ));
  }

  test('the algorithm toggles and sets unfold from their button, and pick the panes', () => inTab(
    openPage(suite.browser(), `${suite.url()}compare.html#w=${WEIGHTS[3]}`, { viewport: LAPTOPS[0], reducedMotion: 'reduce' }),
    async (page) => {
      await waitPanes(page, 'swrr,classic,interleaved,edf');
      assert.equal(await page.getAttribute('#algos-toggle', 'aria-expanded'), 'false');
      await page.focus('#algos-toggle');
      await page.keyboard.press('Enter');
      assert.equal(await page.getAttribute('#algos-toggle', 'aria-expanded'), 'true');
      assert.equal(await page.isVisible('button.algo-set[data-set="peers"]'), true, 'the sets show');
      await page.click('button.algo-set[data-set="peers"]');
      await waitPanes(page, 'swrr,grpc,envoy');
      await page.click('button[data-algo="classic"]');
      await waitPanes(page, 'swrr,classic,grpc,envoy');
      await page.waitForFunction(() => location.hash.includes('algos=swrr%2Cclassic%2Cgrpc%2Cenvoy'));
      await screenshot(page, 'compare-laptop-1366x650-algorithms-open');
      await page.click('#algos-toggle');
      assert.equal(await page.isVisible('button[data-algo="classic"]'), false, 'folded again');
      const seen = await layout(page);
      for (const { algo, picture } of seen.panes) assert.ok(whole(picture, LAPTOPS[0]), `folded again: ${algo}'s picture at ${said(picture)}`);
    },
  ));

  test('Escape folds the algorithms and More options again, from their button or from inside, and the button takes the focus', () => inTab(
    openPage(suite.browser(), `${suite.url()}compare.html#w=${WEIGHTS[3]}`, { viewport: LAPTOPS[0], reducedMotion: 'reduce' }),
    async (page) => {
      await waitPanes(page, 'swrr,classic,interleaved,edf');
      const focused = () => page.evaluate(() => document.activeElement.id || document.activeElement.dataset.algo);
      await page.click('#algos-toggle');
      await page.focus('button[data-algo="grpc"]');
      await page.keyboard.press('Escape');
      assert.equal(await page.getAttribute('#algos-toggle', 'aria-expanded'), 'false', 'Escape on a toggle inside folds the algorithms');
      assert.equal(await page.isVisible('button[data-algo="grpc"]'), false);
      assert.equal(await focused(), 'algos-toggle');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Escape');
      assert.equal(await page.getAttribute('#algos-toggle', 'aria-expanded'), 'false', 'Escape on the button folds them');
      await page.click('#more-toggle');
      await page.focus('#seed');
      await page.keyboard.press('Escape');
      assert.equal(await page.getAttribute('#more-toggle', 'aria-expanded'), 'false', 'Escape in a setting folds More options');
      assert.equal(await focused(), 'more-toggle');
      assert.equal(await page.getAttribute('#algos-toggle', 'aria-expanded'), 'false');
    },
  ));

  // The presets' row is shorter in Chinese: the two buttons still start the next line together.
  for (const viewport of [LAPTOPS[0], LAPTOPS[5]]) {
    test(`in Chinese at ${viewport.width}×${viewport.height} the two fold buttons share the line under the presets`, () => inTab(
      openPage(suite.browser(), `${suite.url()}compare.html#w=${WEIGHTS[3]}&lang=zh`, { viewport, reducedMotion: 'reduce' }),
      async (page) => {
        await waitPanes(page, 'swrr,classic,interleaved,edf');
        const seen = await page.evaluate(() => Object.fromEntries(['.compare-setup', '.presets', '#algos-toggle', '#more-toggle'].map((selector) => {
          const rect = document.querySelector(selector).getBoundingClientRect();
          return [selector, { top: rect.top, bottom: rect.bottom, left: rect.left, right: rect.right }];
        })));
        assert.equal(await page.textContent('#algos-toggle'), '算法（2 到 4 个）');
        assert.ok(seen['#algos-toggle'].top >= seen['.presets'].bottom, `算法 (${said(seen['#algos-toggle'])}) under the presets (${said(seen['.presets'])})`);
        assert.equal(Math.round(seen['#algos-toggle'].left), Math.round(seen['.compare-setup'].left), 'at the line\'s start');
        assert.equal(Math.round(seen['#more-toggle'].top), Math.round(seen['#algos-toggle'].top), `更多选项 (${said(seen['#more-toggle'])}) beside 算法 (${said(seen['#algos-toggle'])})`);
        assert.ok(seen['#more-toggle'].left > seen['#algos-toggle'].right);
      },
    ));
  }

  // A desktop's taller window keeps its layout: the toggles and sets shown, no button for them,
  // and what each algorithm is under its name.
  test('at 1366×900 the toggles show and each pane says what its algorithm is over its picture', () => inTab(
    openPage(suite.browser(), `${suite.url()}compare.html#w=${WEIGHTS[3]}&algos=swrr,grpc,envoy`, { viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' }),
    async (page) => {
      await waitPanes(page, 'swrr,grpc,envoy');
      const seen = await layout(page);
      assert.equal(seen.toggles, true);
      assert.equal(await page.isVisible('#algos-toggle'), false);
      for (const { algo, picture, about } of seen.panes) assert.ok(about.bottom <= picture.top, `${algo}: what it is (${said(about)}) over its picture (${said(picture)})`);
    },
  ));
});
