// The other algorithms' pictures with many nodes on a phone (QA s22b F8): each node's labels fit
// its tile or, for the badges, the room the row keeps for them, never run into a neighbour's, and
// a value is never cut to look like another ("65…", "@ 1/…").

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { inTab, screenshot, usePageSuite } from './harness.mjs';
import { ALGORITHMS } from '../../www/core-facts.js';

const TWELVE = '12%2C11%2C10%2C9%2C8%2C7%2C6%2C5%2C4%2C3%2C2%2C1';

/** Every label of every tile: its line, text, box (the text as drawn, squeezed or not) and its tile's box. */
function readLabels(page) {
  return page.$$eval('#algo-view g.node', (tiles) => tiles.flatMap((tile) => {
    const box = tile.querySelector('rect.node-box').getBoundingClientRect();
    return ['name', 'weight', 'picks', 'badge'].map((line) => {
      const text = tile.querySelector(`text.node-${line}`);
      const r = text.getBoundingClientRect();
      return {
        node: Number(tile.dataset.node), line, text: text.textContent, weight: tile.dataset.weight,
        left: r.left, right: r.right, top: r.top, bottom: r.bottom, boxLeft: box.left, boxRight: box.right, boxBottom: box.bottom,
      };
    }).filter((label) => label.text !== '');
  }));
}

/** Whether two drawn labels overlap (a hair of antialiasing aside). */
const overlap = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

describe('many nodes on a phone', () => {
  const suite = usePageSuite();

  for (const algo of ALGORITHMS.filter((name) => name !== 'swrr')) {
    for (const lang of ['en', 'zh']) {
      test(`${algo}, 12 nodes at 390 px (${lang}): no label runs into another, and none is cut`, () => inTab(suite.open(`#w=${TWELVE}&algo=${algo}&t=3&phase=pick${lang === 'zh' ? '&lang=zh' : ''}`, { viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' }), async (page) => {
        const labels = await readLabels(page);
        assert.equal(new Set(labels.map((label) => label.node)).size, 12);
        for (const line of ['name', 'weight', 'picks']) assert.equal(labels.filter((label) => label.line === line).length, 12, `${algo}: a ${line} on every tile`);
        for (let i = 0; i < labels.length; i += 1) {
          for (let j = i + 1; j < labels.length; j += 1) {
            const [a, b] = [labels[i], labels[j]];
            if (a.node !== b.node) assert.ok(!overlap(a, b), `${algo}: ${a.line} "${a.text}" of node ${a.node} runs into ${b.line} "${b.text}" of node ${b.node}`);
          }
        }
        for (const label of labels.filter((l) => l.line !== 'badge')) {
          assert.ok(label.left >= label.boxLeft - 0.5 && label.right <= label.boxRight + 0.5, `${algo}: ${label.line} "${label.text}" of node ${label.node} spans ${label.left.toFixed(1)}…${label.right.toFixed(1)}, its tile ${label.boxLeft.toFixed(1)}…${label.boxRight.toFixed(1)}`);
        }
        // The weight whole, in its long or short form.
        for (const label of labels.filter((l) => l.line === 'weight')) assert.match(label.text, new RegExp(`^(w ?= ?)?${label.weight}$`));
        const picture = await page.$eval('#algo-view svg.algo-picture', (svg) => svg.getBoundingClientRect().toJSON());
        for (const label of labels.filter((l) => l.line === 'badge')) {
          assert.ok(label.left >= picture.left - 0.5 && label.right <= picture.right + 0.5, `${algo}: the badge "${label.text}" of node ${label.node} leaves the picture`);
          if (algo !== 'envoy') assert.ok(!label.text.includes('…'), `${algo}: the badge "${label.text}" of node ${label.node} is cut`);
        }
        const badges = Object.fromEntries(labels.filter((l) => l.line === 'badge').map((l) => [l.node, l.text]));
        const picked = Number(await page.$eval('#algo-view g.node[data-selected]', (tile) => tile.dataset.node));
        assert.equal(badges[picked], lang === 'zh' ? '选中' : 'picked');
        if (algo === 'grpc' || algo === 'grpc-java') {
          // Each badge is the scaled weight its bar holds, whole.
          const scaled = await page.$$eval('#algo-view rect.bar.scaled', (bars) => bars.map((bar) => bar.dataset.scaled));
          scaled.forEach((value, i) => {
            if (i !== picked) assert.equal(badges[i], value, `${algo}: node ${i}'s scaled weight`);
          });
        }
        if (algo === 'edf') {
          const { queue, deadlines } = await page.$eval('#algo-view', (root) => ({ queue: root.dataset.queue.split(' ').map(Number), deadlines: root.dataset.deadlines.split(' ') }));
          queue.forEach((node, rank) => {
            if (node !== picked) assert.equal(badges[node], `@ ${deadlines[rank]}`, `EDF: node ${node}'s deadline`);
          });
        }
        if (lang === 'en') await screenshot(page, `many-nodes-${algo}-390`);
      }));
    }
  }

  test('the picture keeps the height it reserved before the core, with its badges under the tiles', () => inTab(suite.open(`#w=${TWELVE}&algo=edf&t=3`, { viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' }), async (page) => {
    const { viewBox, lowest } = await page.$eval('#algo-view svg.algo-picture', (svg) => ({
      viewBox: svg.viewBox.baseVal.height,
      lowest: Math.max(...[...svg.querySelectorAll('g.node text, g.node rect')].map((el) => { const b = el.getBBox(); return b.y + b.height; })),
    }));
    assert.ok(lowest <= viewBox, `a label reaches ${lowest.toFixed(1)}, the picture ends at ${viewBox}`);
    assert.ok(viewBox - lowest < 20, `${(viewBox - lowest).toFixed(1)} px kept empty under the labels`);
  }));
});
