// What the Share / Embed snippets carry of the position and the algorithm shown: the <swrr-viz>
// snippet of a step under way has its phase (`step="6" phase="pick"`, the element's own
// attribute, read through its data-step and data-phase), and the iframe's title names the
// algorithm, in English and Chinese.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { inTab, openPage, usePageSuite, waitReady } from './harness.mjs';

/** Opens Share / Embed and reads its three snippets once the iframe's height is measured. */
async function snippets(page) {
  await page.click('#share');
  await page.waitForSelector('#share-iframe[data-height]');
  return { iframe: await page.inputValue('#share-iframe'), element: await page.inputValue('#share-element') };
}

/**
 * The position shown (data-step, data-phase of the page's main#app, or of the element `host`),
 * the algorithm's view and the node it marks picked, through the element's shadow root.
 */
const shows = (page, host = null) => page.evaluate((selector) => {
  const element = selector ? document.querySelector(selector) : null;
  const at = element ?? document.querySelector('main#app');
  const view = (element ? element.shadowRoot : document).querySelector('#algo-view');
  return { step: at.dataset.step, phase: at.dataset.phase, view: { ...view.dataset }, selected: view.querySelector('[data-selected]')?.dataset.node ?? null };
}, host);

/** Serves `body` (the markup of a page's body) at `url` in `lang`, opens it in `page`, and waits for its element to start. */
async function elementPage(page, url, lang, body) {
  const head = `<meta charset="utf-8"><link rel="icon" href="data:,"><script type="module" src="swrr-viz.js"></script>`;
  await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><html lang="${lang}"><head>${head}</head><body>\n${body}\n</body></html>` }));
  await page.goto(url);
  await page.waitForSelector('swrr-viz[data-ready="true"]');
}

describe('the share snippets carry the phase and name the algorithm', () => {
  const suite = usePageSuite();

  for (const [lang, title] of [
    ['en', 'Interleaved (IPVS): A=5 B=3 C=2, step by step'],
    ['zh', '交错加权轮询（Linux IPVS）：A=5 B=3 C=2，逐步演示'],
  ]) {
    test(`step 6 at its pick: the element snippet shows step 6 at its pick, the same winner (${lang})`, () => inTab(suite.open(`#w=A%3D5%20B%3D3%20C%3D2&t=5&phase=pick&algo=interleaved&lang=${lang}`, { reducedMotion: 'reduce' }), async (page) => {
      await waitReady(page);
      const shown = await shows(page);
      assert.deepEqual([shown.step, shown.phase], ['6', 'pick']);
      assert.notEqual(shown.selected, null, 'a winner is marked');
      const { iframe, element } = await snippets(page);
      assert.match(iframe, new RegExp(` title="${title.replace(/[()]/g, '\\$&')}" `));
      assert.match(element, /<swrr-viz weights="A=5 B=3 C=2" step="6" phase="pick" algorithm="interleaved"><\/swrr-viz>$/);

      // The snippet on a page of its own shows what the page showed.
      const pasted = await openPage(suite.browser(), `${suite.url()}embed-demo.html`, { reducedMotion: 'reduce' });
      await elementPage(pasted.page, `${suite.url()}share-position-${lang}.html`, lang, element);
      assert.deepEqual(await shows(pasted.page, 'swrr-viz'), shown);
      pasted.assertNoErrors();
      await pasted.close();
    }));
  }

  test('the element\'s phase attribute: live, with the step, refused when it is none', () => inTab(openPage(suite.browser(), `${suite.url()}embed-demo.html`, { reducedMotion: 'reduce' }), async (page) => {
    await elementPage(page, `${suite.url()}phase-attribute.html`, 'en', '<swrr-viz id="a" weights="5,3,2" step="4" phase="fill" panels="tanks explain"></swrr-viz>');
    const at = () => page.$eval('swrr-viz#a', (host) => [host.dataset.step, host.dataset.phase, host.t, host.phase, host.dataset.optionsError ?? null]);
    assert.deepEqual(await at(), ['4', 'fill', 4, 'fill', null]);
    await page.$eval('swrr-viz#a', (host) => host.setAttribute('phase', 'pick'));
    assert.deepEqual(await at(), ['4', 'pick', 4, 'pick', null]);
    await page.$eval('swrr-viz#a', (host) => host.setAttribute('step', '7'));
    assert.deepEqual(await at(), ['7', 'pick', 7, 'pick', null], 'the phase goes with the step asked');
    await page.$eval('swrr-viz#a', (host) => host.removeAttribute('phase'));
    assert.deepEqual(await at(), ['7', 'drain', 7, 'drain', null]);
    await page.$eval('swrr-viz#a', (host) => host.setAttribute('phase', 'middle'));
    const refusal = 'phase="middle" is not a phase of a step under way: expected fill or pick (a step whole has no phase)';
    assert.deepEqual(await at(), ['7', 'drain', 7, 'drain', refusal], 'refused: what was shown stays');
    assert.equal(await page.$eval('swrr-viz#a', (host) => host.shadowRoot.querySelector('.attribute-errors').textContent), refusal);
  }));
});
