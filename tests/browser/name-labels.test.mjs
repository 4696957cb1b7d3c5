// Names that share a start (web1, web2, web3; backend-primary-eu-west-1 …; an nginx import's
// 10.0.0.1:80 …) are told apart wherever the page shortens them: the strip's cells say as much of
// the name as the cell holds, and where a cut would read alike the core keeps the part that
// differs (render/names, the facade's `cellLabels` and `nameLabels`), as the CLI's pictures do.
// Colour is never the only cue: a handout is read in black and white.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { inTab, openPage, screenshot, usePageSuite } from './harness.mjs';

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

/** Names that share a start, as a link gives them: cut alike they would read the same. */
const ALPHAS = `#w=${encodeURIComponent('backend-alpha-1=1 backend-alpha-2=2 backend-beta=3')}`;

/**
 * The names each picture of an algorithm without levels writes, node by node, in the page or in
 * the widget of `host` (a comparison's pane): its tiles', and its own texts' (the classic list's
 * entries, the random slots, EDF's queue), each `{picture: {node: [labels…]}}`; the workers' bars'.
 */
function pictureNames(host) {
  const root = host?.shadowRoot ?? document;
  const byNode = (pairs) => {
    const out = {};
    for (const [node, text] of pairs) (out[node] ??= new Set()).add(text);
    return Object.fromEntries(Object.entries(out).map(([node, texts]) => [node, [...texts]]));
  };
  const labelled = (selector, nodeOf) => byNode([...root.querySelectorAll(selector)].map((text) => [nodeOf(text), text.textContent]));
  return {
    tiles: labelled('#algo-view g.node text.node-name', (text) => text.closest('g.node').dataset.node),
    entries: labelled('#algo-view text.entry-label', (text) => text.previousElementSibling.dataset.node),
    queue: labelled('#algo-view g.deadline text.deadline-label', (text) => text.closest('g.deadline').dataset.node),
    workers: labelled('#workers-view text.worker-node', (text) => text.dataset.node),
  };
}

/** Each node of each picture in `names` has one label, no two nodes the same, and the alphas keep the digit that differs. */
function assertApart(names, what) {
  for (const [picture, nodes] of Object.entries(names)) {
    const labels = Object.values(nodes);
    if (labels.length === 0) continue;
    for (const one of labels) assert.equal(one.length, 1, `${what} ${picture}: one label a node, ${JSON.stringify(nodes)}`);
    const flat = labels.map(([label]) => label);
    assert.equal(new Set(flat).size, flat.length, `${what} ${picture}: two nodes read alike, ${JSON.stringify(nodes)}`);
    for (const [node, digit] of [['0', '1'], ['1', '2']]) {
      if (nodes[node]) assert.ok(nodes[node][0].endsWith(digit) || nodes[node][0] === `backend-alpha-${digit}`, `${what} ${picture}: ${nodes[node][0]} for backend-alpha-${digit}`);
    }
  }
}

describe('names that share a start in the other algorithms\' pictures', () => {
  const suite = usePageSuite();

  for (const algo of ['classic', 'interleaved', 'random', 'edf', 'grpc', 'envoy']) {
    test(`${algo} on a phone: the tiles and the picture's own labels are the core's, no two alike`, () => inTab(suite.open(`${ALPHAS}&algo=${algo}&t=2`, PHONE), async (page) => {
      await page.waitForSelector('#algo-view g.node text.node-name');
      const names = await page.evaluate(pictureNames);
      assert.deepEqual(Object.keys(names.tiles), ['0', '1', '2']);
      // Cut: a phone's tile does not hold "backend-alpha-1".
      assert.ok(names.tiles['0'][0].includes('…'), names.tiles['0'][0]);
      if (algo === 'classic') assert.deepEqual(Object.keys(names.entries), ['0', '1', '2']);
      if (algo === 'random') assert.deepEqual(Object.keys(names.entries), ['0', '1', '2']);
      if (algo === 'edf') assert.deepEqual(Object.keys(names.queue), ['0', '1', '2']);
      assertApart(names, algo);
    }));
  }

  test('two workers on a phone: the names under their bars are the core\'s, no two alike', () => inTab(suite.open(`${ALPHAS}&workers=2&t=2`, PHONE), async (page) => {
    await page.waitForSelector('#workers-view text.worker-node');
    const names = await page.evaluate(pictureNames);
    assert.deepEqual(Object.keys(names.workers), ['0', '1', '2']);
    assert.ok(names.workers['0'][0].includes('…'), names.workers['0'][0]);
    assertApart(names, 'workers');
  }));

  test('compare.html on a phone: every pane\'s tiles tell the alphas apart', () => inTab(openPage(suite.browser(), `${suite.url()}compare.html${ALPHAS}&algos=classic,edf&t=2`, PHONE), async (page) => {
    await page.waitForSelector('main#compare[data-ready="true"]', { timeout: 15_000 });
    await page.waitForFunction(() => [...document.querySelectorAll('article.pane .pane-widget')].every((host) => host.shadowRoot?.querySelector('#algo-view g.node text.node-name')));
    const panes = await Promise.all((await page.$$('article.pane .pane-widget')).map((host) => host.evaluate(pictureNames)));
    assert.equal(panes.length, 2);
    panes.forEach((names, k) => {
      assert.deepEqual(Object.keys(names.tiles), ['0', '1', '2']);
      assertApart(names, `pane ${k}`);
    });
  }));
});

/** Two names that share a long start, and a short one. */
const PRIMARIES = `#w=${encodeURIComponent('backend-primary-eu-1=3 backend-primary-eu-2=2 c=1')}&t=2`;

/** Each chip's name as shown: its text, title, accessible name's label, and whether CSS cuts it. */
function readChips(page) {
  return page.$$eval('li.chip[data-node] .chip-name', (buttons) => buttons.map((button) => ({
    node: button.closest('li.chip').dataset.node,
    control: button.dataset.control,
    text: button.textContent,
    title: button.title,
    label: button.getAttribute('aria-label'),
    cut: button.scrollWidth > button.clientWidth,
  })));
}

describe('names that share a start in the editor\'s chips', () => {
  const suite = usePageSuite();

  for (const [size, view] of [['390×844', PHONE], ['1366×900', LAPTOP]]) {
    test(`at ${size} the chips show the core's labels, which keep the part that differs, and the whole name to hover and screen readers`, () => inTab(suite.open(PRIMARIES, view), async (page) => {
      await page.waitForSelector('li.chip[data-node="2"] .chip-name');
      const chips = await readChips(page);
      assert.deepEqual(chips.map(({ node, control }) => [node, control]), [['0', 'name'], ['1', 'name'], ['2', 'name']]);
      const [first, second, short] = chips;
      // Cut by the core (a chip holds 14 average letters; a bold face's fewer): what differs stays.
      assert.notEqual(first.text, second.text);
      assert.match(first.text, /^backend-.*…1$/);
      assert.match(second.text, /^backend-.*…2$/);
      assert.equal(first.text.replace(/1$/, '2'), second.text);
      assert.equal(short.text, 'c');
      // Never cut again by the CSS ellipsis, which would hide the end that differs.
      for (const chip of chips) assert.equal(chip.cut, false, `${chip.text} overflows its chip`);
      assert.deepEqual(chips.map(({ title }) => title), ['backend-primary-eu-1', 'backend-primary-eu-2', '']);
      for (const name of ['backend-primary-eu-1', 'backend-primary-eu-2', 'c']) {
        assert.equal(await page.getByRole('button', { name: `Rename ${name}`, exact: true }).count(), 1, `a button named "Rename ${name}"`);
      }
      await screenshot(page, `name-labels-chips-${size}`);
    }));
  }

  test('a chip\'s name is edited whole: the field holds the whole name, and a new name is labelled in turn', () => inTab(suite.open(`${PRIMARIES}&lang=zh`, PHONE), async (page) => {
    await page.waitForSelector('li.chip[data-node="1"] .chip-name');
    assert.equal(await page.getByRole('button', { name: '重命名 backend-primary-eu-2', exact: true }).count(), 1);
    await page.click('li.chip[data-node="1"] .chip-name');
    const field = page.locator('li.chip[data-node="1"] input.chip-rename');
    assert.equal(await field.inputValue(), 'backend-primary-eu-2');
    await page.keyboard.press('Escape');
    assert.match(await page.textContent('li.chip[data-node="1"] .chip-name'), /…2$/);
    await page.click('li.chip[data-node="1"] .chip-name');
    await field.fill('backend-primary-eu-9');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('#weights').value.includes('backend-primary-eu-9'));
    const chips = await readChips(page);
    assert.match(chips[1].text, /^backend-.*…9$/);
    assert.equal(chips[1].title, 'backend-primary-eu-9');
    assert.match(chips[0].text, /…1$/);
  }));
});
