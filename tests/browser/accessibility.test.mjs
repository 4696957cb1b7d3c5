// Automated accessibility audit (axe-core in Chromium): no serious or critical violations in
// both themes and both languages, on the walkthrough, the lesson, the quiz and presenter mode,
// and on the comparison at a phone's and a laptop's width.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';

import { inTab, openPage, screenshot, usePageSuite, waitReady } from './harness.mjs';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function audit(page) {
  // Evaluated through the DevTools protocol: the page's Content-Security-Policy refuses an inline
  // <script> (which is what addScriptTag would insert).
  await page.evaluate(AXE);
  const result = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
  return result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

describe('accessibility audit (axe-core)', () => {
  const suite = usePageSuite();

  for (const colorScheme of ['light', 'dark']) {
    for (const lang of ['en', 'zh']) {
      test(`${colorScheme}, ${lang}: walkthrough, lesson, quiz, presenter`, async () => {
        for (const hash of [
          `#w=5%2C3%2C2&t=5&lang=${lang}`,
          `#lesson=6&lang=${lang}`,
          `#quiz=11&lang=${lang}`,
          `#w=5%2C3%2C2&t=5&present=1&future=hide&lang=${lang}`,
        ]) {
          const tab = await openPage(suite.browser(), `${suite.url()}index.html${hash}`, { colorScheme, reducedMotion: 'reduce' });
          await waitReady(tab.page);
          await tab.page.waitForSelector('section.plots[data-status="ready"], html[data-mode="quiz"]', { state: 'attached' });
          const violations = await audit(tab.page);
          assert.deepEqual(violations, [], `${hash} (${colorScheme}):\n${JSON.stringify(violations, null, 2)}`);
          tab.assertNoErrors();
          await tab.close();
        }
      });
    }
  }

  for (const [viewport, lang, words] of [[{ width: 1366, height: 900 }, 'en', 'Skip to the tanks'], [{ width: 390, height: 844 }, 'zh', '跳到水箱']]) {
    test(`the first Tab stop skips to the tanks, seen when focused (${viewport.width} px, ${lang})`, () => inTab(suite.open(`#w=5%2C3%2C2&t=5&lang=${lang}`, { viewport, reducedMotion: 'reduce' }), async (page) => {
      const seen = () => page.$eval('#skip-to-tanks', (link) => {
        const box = link.getBoundingClientRect();
        return box.bottom > 0 && box.top >= 0 && box.right <= window.innerWidth;
      });
      assert.equal(await seen(), false, 'out of sight until focused');
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement.id), 'skip-to-tanks');
      assert.equal(await page.textContent('#skip-to-tanks'), words);
      assert.equal(await seen(), true, 'in sight when focused');
      await screenshot(page, `skip-link-${lang}-${viewport.width}`);
      await page.keyboard.press('Enter');
      assert.equal(await page.evaluate(() => document.activeElement.matches('main#app .tanks-wrap')), true);
      assert.equal(await page.evaluate(() => location.hash.includes('w=5%2C3%2C2')), true, 'the state stays in the URL');
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement.id), 'to-start', 'the next stop is the transport\'s first button');
    }));
  }

  test('forced colours (Windows High Contrast): the current rule stands out in the system highlight, the chips keep their colour', () => inTab(suite.open('#w=5%2C3%2C2&t=4&phase=pick', { viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' }), async (page) => {
    await page.emulateMedia({ forcedColors: 'active' });
    await page.waitForSelector('#rules li.active');
    const rules = await page.$$eval('#rules li', (lines) => lines.map((line) => {
      const style = getComputedStyle(line);
      return { active: line.classList.contains('active'), background: style.backgroundColor, bar: style.borderLeftColor, canvas: getComputedStyle(document.body).backgroundColor };
    }));
    const [active] = rules.filter((rule) => rule.active);
    const others = rules.filter((rule) => !rule.active);
    assert.equal(others.length, 2);
    for (const rule of others) assert.equal(rule.bar, rule.canvas, 'no bar beside the other rules');
    assert.notEqual(active.background, active.canvas, 'the current rule has a background of its own');
    assert.notEqual(active.bar, active.canvas, 'and a bar');
    const swatches = await page.$$eval('.chip .swatch', (dots) => dots.map((dot) => getComputedStyle(dot).backgroundColor));
    assert.equal(new Set(swatches).size, 3, `three colours: ${swatches}`);
    await screenshot(page, 'forced-colors-1366');
  }));

  // The comparison once its panes are measured, and with a scenario (no metrics, and the panes
  // say why): a phone with the settings folded and unfolded, a desktop, and a laptop's window
  // with the algorithms folded and unfolded.
  for (const colorScheme of ['light', 'dark']) {
    test(`${colorScheme}: compare.html on a phone and a laptop`, async () => {
      for (const [viewport, hash, status] of [
        [{ width: 390, height: 844 }, '#w=5%2C3%2C2&algos=swrr,grpc,envoy', 'ready'],
        [{ width: 390, height: 844 }, '#w=5%2C3%2C2&algos=swrr,classic&scenario=%403%20C%20down', 'unsupported'],
        [{ width: 1366, height: 900 }, '#w=5%2C3%2C2&algos=swrr,grpc,envoy', 'ready'],
        [{ width: 1366, height: 650 }, '#w=5%2C3%2C2&algos=swrr,grpc,envoy', 'ready'],
      ]) {
        const tab = await openPage(suite.browser(), `${suite.url()}compare.html${hash}`, { viewport, colorScheme, reducedMotion: 'reduce' });
        await tab.page.waitForSelector(`table#ranking[data-status="${status}"]`, { state: 'attached', timeout: 20_000 });
        // Checked before the audit: axe's probes of the panes' shadow roots try inline styles,
        // which the page's Content-Security-Policy refuses (and logs).
        tab.assertNoErrors();
        assert.deepEqual(await audit(tab.page), [], `compare.html${hash} at ${viewport.width}px (${colorScheme})`);
        if (await tab.page.isVisible('#more-toggle')) {
          await tab.page.click('#more-toggle');
          assert.deepEqual(await audit(tab.page), [], `compare.html${hash} at ${viewport.width}px, More options open (${colorScheme})`);
        }
        // In a laptop's window the algorithms fold too.
        if (await tab.page.isVisible('#algos-toggle')) {
          await tab.page.click('#algos-toggle');
          assert.deepEqual(await audit(tab.page), [], `compare.html${hash} at ${viewport.width}×${viewport.height}, the algorithms open (${colorScheme})`);
        }
        await tab.close();
      }
    });
  }
});
