// Nothing under the picture of gRPC, Envoy or EDF moves while the run plays: its lists (the numbers
// a pick drew, the queue, Envoy's status) and the narration keep, from the first frame, the place
// the tallest of them takes in the run (www/algorithms/run-samples.js). Measured step by step,
// every phase, in <swrr-viz> elements 390 to 1366 px wide and in the page on a phone and a desktop,
// with short names and with long ones.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { inTab, openPage, usePageSuite, waitReady } from './harness.mjs';

const LONG_NAMES = 'alpha-frontend-eu-west-1a=5 bravo-backend-us-east-2b=3 charlie-cache-ap-south-1c=2';
const ALGOS = ['grpc', 'envoy', 'edf'];
/** Phases walked: the scrubber's least span (40 steps) for 5,3,2, each step's fill, pick and drain. */
const PHASES = 40 * 3;

/**
 * In `page`, from where `scope` (a document or a shadow root, found by `scopeSelector`) stands,
 * `phases` presses of Phase forward, and after each the heights and tops of `marks` (rounded to
 * a tenth of a pixel): a list of `{t, phase, marks}`.
 */
function walk(page, scopeSelector, marks, phases) {
  return page.evaluate(({ scopeSelector, marks, phases }) => {
    const host = scopeSelector ? document.querySelector(scopeSelector) : null;
    const scope = host ? host.shadowRoot : document;
    const root = host ?? scope.querySelector('main#app');
    const read = () => ({
      t: root.dataset.step, phase: root.dataset.phase,
      marks: marks.map((selector) => {
        const box = (selector === ':host' ? host : scope.querySelector(selector)).getBoundingClientRect();
        return [Math.round(box.top * 10) / 10, Math.round(box.height * 10) / 10];
      }),
    });
    const seen = [read()];
    for (let i = 0; i < phases; i += 1) {
      scope.querySelector('#phase-forward').click();
      seen.push(read());
    }
    return seen;
  }, { scopeSelector, marks, phases });
}

/** Asserts every reading in `seen` is the first one's, naming the first that is not. */
function assertStill(seen, name) {
  const [first] = seen;
  const moved = seen.find((reading) => JSON.stringify(reading.marks) !== JSON.stringify(first.marks));
  assert.equal(moved, undefined, `${name}: at step ${moved?.t} (${moved?.phase}) ${JSON.stringify(moved?.marks)}, at the start ${JSON.stringify(first.marks)}`);
}

describe('the picture of an algorithm without levels keeps its place while the run plays', () => {
  const suite = usePageSuite();

  for (const width of [390, 850, 1118, 1366]) {
    test(`<swrr-viz> ${width} px wide: gRPC, Envoy and EDF, short and long names`, () => inTab(openPage(suite.browser(), `${suite.url()}embed-demo.html`, { viewport: { width: width + 40, height: 900 }, reducedMotion: 'reduce' }), async (page) => {
      for (const algo of ALGOS) {
        for (const weights of ['5,3,2', LONG_NAMES]) {
          await page.evaluate(({ algo, weights, width }) => {
            document.querySelector('#column')?.remove();
            const column = Object.assign(document.createElement('div'), { id: 'column' });
            column.style.width = `${width}px`;
            const element = Object.assign(document.createElement('swrr-viz'), { id: 'walked' });
            element.setAttribute('algo', algo);
            element.setAttribute('weights', weights);
            column.append(element);
            document.body.prepend(column);
          }, { algo, weights, width });
          await page.waitForSelector('swrr-viz#walked[data-ready="true"]');
          const name = `${algo}, ${weights === LONG_NAMES ? 'long names' : weights}, ${width} px`;
          const seen = await walk(page, 'swrr-viz#walked', [':host', '#algo-view', '#narration'], PHASES);
          assert.equal(seen.at(-1).t, '40', `${name}: walked to step 40`);
          assert.equal(seen[0].marks[0][1] > 0, true);
          assertStill(seen, name);
        }
      }
    }));
  }

  for (const viewport of [{ width: 390, height: 844 }, { width: 1366, height: 900 }]) {
    test(`the page at ${viewport.width}×${viewport.height}: what follows the picture stays put`, async () => {
      for (const algo of ALGOS) {
        await inTab(openPage(suite.browser(), `${suite.url()}index.html#w=5,3,2&algo=${algo}`, { viewport, reducedMotion: 'reduce' }), async (page) => {
          await waitReady(page);
          const seen = await walk(page, null, ['#algo-view', '#narration', '.controls'], PHASES);
          assertStill(seen, `${algo} in the page at ${viewport.width} px`);
        });
      }
    });
  }
});
