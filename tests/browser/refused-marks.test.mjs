// A failed attempt, on the page and in what it exports: the tanks the page exports at a refused
// attempt say "refused" with a ✗, as the page's own tanks do (the CLI's picture, byte for byte, in
// English; the page's words in Chinese); and with every server down, "no server left → 502"
// stands on the drain's line, clear of every level number.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';

import zh from '../../www/words/core-messages-zh.js';
import { CLI, ROOT, inTab, openPage, screenshot, usePageSuite, waitReady, waitStep } from './harness.mjs';

const SCENARIO = '@1 C max_fails=1 timeout=60; @1 C dead; @6 C alive';
const hash = (fields) => Object.entries(fields).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');

function cli(...args) {
  if (!existsSync(CLI)) execFileSync('cargo', ['build', '--quiet', '--bin', 'swrr-viz'], { cwd: ROOT, stdio: 'inherit' });
  return execFileSync(CLI, args, { encoding: 'utf8' });
}

async function exportFrame(page) {
  await waitReady(page);
  await page.click('#export');
  await page.waitForSelector('#export-dialog[open]');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-dialog [data-export="frame-svg"]')]);
  return (await readFile(await download.path())).toString('utf8');
}

/** Per tank of the page's #tanks: data-refused, its badge, whether it has a ✗. */
const pageMarks = (page) => page.$$eval('#tanks g.tank', (tanks) => tanks.map((t) => [t.dataset.refused ?? null, t.querySelector('.badge')?.textContent ?? '', Boolean(t.querySelector('.refused-mark'))]));

/** The same of an exported picture (its tank groups hold no other group). */
function exportedMarks(svg) {
  return svg.split('<g class="tank ').slice(1).map((part) => {
    const tank = part.slice(0, part.indexOf('</g>'));
    const badge = tank.match(/<text class="badge[^"]*"[^>]*>([^<]*)</)?.[1] ?? '';
    return [tank.match(/data-refused="([^"]*)"/)?.[1] ?? null, badge, tank.includes('class="refused-mark"')];
  });
}

describe('a refused attempt, on the page and exported', () => {
  const suite = usePageSuite();

  for (const [lang, refused] of [['en', 'refused'], ['zh', zh['figure.refused']]]) {
    test(`${lang}: the exported tanks mark the refused tank as the page does`, () => inTab(openPage(suite.browser(), `${suite.url()}index.html#${hash({ w: '5,3,2', scenario: SCENARIO, t: 3, lang })}`, { reducedMotion: 'reduce' }), async (page) => {
      await waitReady(page);
      await waitStep(page, 3);
      const expected = [[null, '', false], [null, '', false], ['true', refused, true]];
      assert.deepEqual(await pageMarks(page), expected);
      const svg = await exportFrame(page);
      assert.deepEqual(exportedMarks(svg), expected);
      if (lang === 'en') {
        assert.equal(svg, cli('svg', '5,3,2', '--kind', 'tanks', '--step', '3', '--phase', 'drain', '--scenario', SCENARIO, '--theme', 'light'));
      }
    }));
  }

  for (const [lang, tried] of [['en', 'tried'], ['zh', zh['figure.tried']]]) {
    test(`${lang}: at the retry the page's tanks and the exported ones say the same words (the core's)`, () => inTab(openPage(suite.browser(), `${suite.url()}index.html#${hash({ w: '5,3,2', scenario: SCENARIO, t: 4, lang })}`, { reducedMotion: 'reduce' }), async (page) => {
      await waitReady(page);
      await waitStep(page, 4);
      // Request 3, attempt 2: C refused at step 3, so it sits out: "tried"; A answers.
      const marks = await pageMarks(page);
      assert.deepEqual(marks.map(([, badge]) => badge), [lang === 'en' ? 'picked' : zh['figure.picked'], '', tried]);
      assert.deepEqual(exportedMarks(await exportFrame(page)), marks);
    }));
  }

  for (const width of [390, 1280]) test(`every server down, ${width} px: "no server left → 502" covers no level number`, () => inTab(openPage(suite.browser(), `${suite.url()}index.html#${hash({ w: '5,3,2', scenario: '@2 A down; @2 B down; @2 C down', t: 50 })}`, { viewport: { width, height: 844 }, reducedMotion: 'reduce' }), async (page) => {
    await waitReady(page);
    await page.waitForSelector('#tanks .none-left');
    const { label, levels } = await page.evaluate(() => {
      const box = (el) => { const b = el.getBBox(); return { top: b.y, bottom: b.y + b.height, text: el.textContent }; };
      return { label: box(document.querySelector('#tanks .none-left')), levels: [...document.querySelectorAll('#tanks g.tank .level')].map(box) };
    });
    assert.equal(levels.map((l) => l.text).join(' '), '−5 3 2');
    for (const level of levels) assert.ok(label.bottom <= level.top || level.bottom <= label.top, `${JSON.stringify(label)} over ${JSON.stringify(level)}`);
    await screenshot(page, `none-left-all-down-${width}`);
  }));

  // Among 24 tanks a ✗ (2.6 em) is wider than its tank: drawn narrower, as the core's pictures
  // draw it (`refusedMarkLength`), inside the tank; three tanks keep it whole.
  for (const [w, squeezed] of [['100,90,80,70,60,50,40,30,20,10,9,8,7,6,5,4,3,2,1,1,1,1,1,1', true], ['5,3,2', false]]) {
    test(`a ✗ among ${w.split(',').length} tanks at 1366 px stays inside its tank`, () => inTab(openPage(suite.browser(), `${suite.url()}index.html#${hash({ w, scenario: '@1 A max_fails=1 timeout=60; @1 A dead', t: 1 })}`, { viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' }), async (page) => {
      await waitReady(page);
      await page.waitForSelector('#tanks g.tank[data-refused] .refused-mark');
      const { mark, body, length } = await page.evaluate(() => {
        const tank = document.querySelector('#tanks g.tank[data-refused]');
        const box = (el) => { const b = el.getBBox(); return { left: b.x, right: b.x + b.width }; };
        const mark = tank.querySelector('.refused-mark');
        return { mark: box(mark), body: box(tank.querySelector('.tank-body')), length: mark.getAttribute('textLength') };
      });
      assert.equal(length !== null, squeezed, `textLength ${length}`);
      assert.ok(mark.left >= body.left && mark.right <= body.right, `the ✗ at ${mark.left}–${mark.right}, its tank ${body.left}–${body.right}`);
    }));
  }
});
