// Names that share a start (web1, web2, web3; backend-primary-eu-west-1 …; an nginx import's
// 10.0.0.1:80 …) are told apart wherever the page shortens them: the strip's cells say as much of
// the name as the cell holds, and where a cut would read alike the core keeps the part that
// differs (render/names, the facade's `cellLabels` and `nameLabels`), as the CLI's pictures do.
// Colour is never the only cue: a handout is read in black and white.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { inTab, screenshot, usePageSuite } from './harness.mjs';

const LAPTOP = { viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' };
const PHONE = { viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' };

/** The strip's cell labels (with each cell's width and the label's drawn width) and the tanks' names. */
async function readLabels(page) {
  await page.waitForSelector('#strip rect.cell');
  return page.evaluate(() => {
    const cells = [...document.querySelectorAll('#strip rect.cell')];
    const labels = [...document.querySelectorAll('#strip text.cell-label')];
    return {
      cells: cells.length,
      strip: labels.map((t) => t.textContent),
      fits: labels.map((t, k) => [t.getBoundingClientRect().width, cells[k].getBoundingClientRect().width]),
      tanks: [...document.querySelectorAll('#tanks g.tank text.name')].map((t) => t.textContent),
    };
  });
}

const WEB_PICKS = ['web1', 'web2', 'web3', 'web1', 'web1', 'web2', 'web1', 'web3', 'web2', 'web1'];

describe('names that share a start', () => {
  const suite = usePageSuite();

  test('web1, web2, web3 at 1366×900: the strip\'s wide cells say the whole names, as the tanks', () => inTab(suite.open('#w=web1%3D5%2Cweb2%3D3%2Cweb3%3D2&t=5', LAPTOP), async (page) => {
    const { cells, strip, fits, tanks } = await readLabels(page);
    assert.equal(cells, 10);
    assert.deepEqual(strip, WEB_PICKS);
    for (const [label, cell] of fits) assert.ok(label < cell, `a label ${label.toFixed(1)} px wide in a cell ${cell.toFixed(1)} px wide`);
    assert.deepEqual(tanks, ['web1', 'web2', 'web3']);
    await screenshot(page, 'name-labels-web-1366');
  }));

  test('long names that share a start on a phone: the tanks and the cells keep the ends that differ', () => inTab(suite.open(`#w=${encodeURIComponent('backend-primary-eu-west-1=5 backend-primary-eu-west-2=3 backend-primary-eu-west-3=2')}&t=5`, PHONE), async (page) => {
    const { strip, fits, tanks } = await readLabels(page);
    assert.deepEqual(tanks, ['backend-…1', 'backend-…2', 'backend-…3']);
    assert.deepEqual(strip, WEB_PICKS.map((name) => `b…${name.at(-1)}`));
    for (const [label, cell] of fits) assert.ok(label < cell, `a label ${label.toFixed(1)} px wide in a cell ${cell.toFixed(1)} px wide`);
    await screenshot(page, 'name-labels-backend-390');
  }));

  test('servers imported from nginx (10.0.0.1:80 …) on a phone: four different names under the tanks', () => inTab(suite.open(`#w=${encodeURIComponent('10.0.0.1:80=1 10.0.0.2:80=1 10.0.0.3:80=1 10.0.0.4:80=1')}&t=3`, PHONE), async (page) => {
    const { tanks } = await readLabels(page);
    assert.deepEqual(tanks, ['10…1:80', '10…2:80', '10…3:80', '10…4:80']);
  }));

  test('narrow cells of names cut apart keep their cut: alpha, beta at 390 px', () => inTab(suite.open(`#w=${encodeURIComponent('alpha=5 beta=3 gamma=2')}&t=5`, PHONE), async (page) => {
    const { strip, tanks } = await readLabels(page);
    assert.deepEqual(tanks, ['alpha', 'beta', 'gamma']);
    assert.deepEqual([...new Set(strip)].sort(), ['al…', 'be…', 'ga…']);
  }));
});
