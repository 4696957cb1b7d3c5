// Presenter mode on a projector (1366 × 768, 1280 × 720), measured: a chapter whose text points at
// the strip shows it in the window with the tanks, and a clicker's keys keep both there; the other
// algorithms' captions grow with their pictures' text, whole; without a lesson the transport is in
// the window under the tanks, for every algorithm, and under a lesson's walkthrough; the rules, the
// step line and the panels' text are near the narration's size; a drain's label stays in its tank.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { inTab, sayBox as said, usePageSuite, wholeInWindow as whole } from './harness.mjs';

const PROJECTORS = [{ width: 1366, height: 768 }, { width: 1280, height: 720 }, { width: 1024, height: 768 }];
const ALGORITHMS = ['grpc', 'envoy', 'edf', 'classic', 'interleaved', 'random'];

/** Where the stage (tanks and narration) and the strip are in the window, and the page's scroll. */
function placeOf(page) {
  return page.evaluate(() => {
    const box = (selector) => {
      const { top, bottom } = document.querySelector(selector).getBoundingClientRect();
      return { top, bottom };
    };
    return { stage: box('#app .stage'), strip: box('#app .strip-panel'), height: window.innerHeight, scrollY: window.scrollY };
  });
}

const inWindow = ({ top, bottom }, height) => top >= 0 && bottom <= height + 0.5;
/** A rule whose last words alone show at the top of the rules' box (it starts above the box and ends in it). */
const cutAtTop = (rules, items) => items.find((li) => li.top < rules.top - 1 && li.bottom > rules.top + 1);

describe('presenter mode', () => {
  const suite = usePageSuite();
  const open = (hash, options) => suite.open(hash, { reducedMotion: 'reduce', ...options });

  test('chapter 1 says "look at the strip": the strip and the tanks are in the window together, and stay as a clicker steps', async () => {
    for (const viewport of PROJECTORS) {
      for (const [lang, colorScheme] of [['en', 'light'], ['zh', 'dark']]) {
        await inTab(open(`#lesson=1&present=1&lang=${lang}`, { viewport, colorScheme }), async (page) => {
          const at = `${viewport.width}×${viewport.height} ${lang}`;
          await page.waitForSelector('svg#strip rect.cell');
          await page.waitForFunction(() => document.querySelector('#app .strip-panel').getBoundingClientRect().bottom <= window.innerHeight);
          let place = await placeOf(page);
          assert.ok(inWindow(place.strip, place.height), `${at}: the strip spans ${Math.round(place.strip.top)}–${Math.round(place.strip.bottom)} px`);
          assert.ok(inWindow(place.stage, place.height), `${at}: the tanks span ${Math.round(place.stage.top)}–${Math.round(place.stage.bottom)} px`);
          assert.ok(place.strip.top >= place.stage.bottom, `${at}: the strip is under the tanks`);
          for (const key of ['PageDown', 'PageDown', 'PageUp']) {
            await page.keyboard.press(key);
            place = await placeOf(page);
            assert.ok(inWindow(place.strip, place.height) && inWindow(place.stage, place.height), `${at}: after ${key} the tanks and the strip are in the window`);
          }
          // The next chapter's text points at nothing below the tanks: it opens at the page's top, the strip where it usually is.
          await page.click('#lesson-next');
          await page.waitForFunction(() => document.querySelector('#lesson').dataset.chapter === '2');
          place = await placeOf(page);
          assert.equal(place.scrollY, 0, `${at}: chapter 2 opens at the top`);
          assert.ok(place.strip.top > place.height, `${at}: chapter 2 keeps the strip under the transport`);
        });
      }
    }
  });

  test('two-character Chinese names stay whole in twelve narrow tanks: "北…" is as wide as "北京"', () => inTab(open(
    '#present=1&lang=zh&w=%E5%8C%97%E4%BA%AC=9,%E4%B8%8A%E6%B5%B7=8,%E5%B9%BF%E5%B7%9E=7,%E6%B7%B1%E5%9C%B3=6,%E6%9D%AD%E5%B7%9E=5,%E5%8D%97%E4%BA%AC=4,%E6%88%90%E9%83%BD=3,%E9%87%8D%E5%BA%86=2,%E6%AD%A6%E6%B1%89=2,%E8%A5%BF%E5%AE%89=1,%E5%A4%A9%E6%B4%A5=1,%E8%8B%8F%E5%B7%9E=1&t=7&phase=pick',
    { viewport: { width: 1280, height: 720 } },
  ), async (page) => {
    const names = await page.$$eval('#tanks g.tank text.name', (texts) => texts.map((text) => text.textContent));
    assert.deepEqual(names, ['北京', '上海', '广州', '深圳', '杭州', '南京', '成都', '重庆', '武汉', '西安', '天津', '苏州']);
  }));

  test('a clicker\'s PageDown/PageUp on the slider a presenter dragged step a phase, as elsewhere, not jump the slider back', () => inTab(open('#w=5%2C3%2C2&t=5&present=1', { viewport: { width: 1280, height: 720 } }), async (page) => {
    const at = () => page.evaluate(() => `${document.querySelector('#app').dataset.step}/${document.querySelector('#app').dataset.phase}`);
    await page.waitForFunction(() => document.querySelector('#app').dataset.step === '5');
    await page.focus('#scrubber');
    await page.keyboard.press('PageDown');
    assert.equal(await at(), '6/fill', 'PageDown on the slider: step 6\'s fill, not step 1 (the slider\'s own PageDown, a tenth of its span back)');
    await page.keyboard.press('PageDown');
    assert.equal(await at(), '6/pick');
    await page.keyboard.press('PageUp');
    await page.keyboard.press('PageUp');
    assert.equal(await at(), '5/drain', 'PageUp steps back a phase at a time');
    assert.equal(await page.inputValue('#scrubber'), '5', 'the slider follows the step');
    // The slider's other keys stay its own: an arrow moves it a step.
    await page.keyboard.press('ArrowRight');
    assert.equal(await at(), '6/drain');
  }));

  test('outside presenter mode chapter 1 leaves the page where it is', () => inTab(open('#lesson=1', { viewport: { width: 1366, height: 768 } }), async (page) => {
    await page.waitForSelector('svg#strip rect.cell');
    await page.waitForTimeout(100);
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    // The chapter over the walkthrough, not beside it as presenter mode has it.
    const [lesson, app] = await page.$$eval('#lesson, #app', (elements) => elements.map((element) => element.getBoundingClientRect().toJSON()));
    assert.ok(lesson.bottom <= app.top, `the chapter ends at ${lesson.bottom} px, the walkthrough starts at ${app.top} px`);
  }));

  test('the other algorithms\' captions grow with their pictures\' text, and stay whole beside a lesson', async () => {
    /** The first caption's font size in px, whether it was shortened, and the node names' size. */
    const captionOf = (page) => page.evaluate(() => {
      const caption = document.querySelector('#algo-view .algo-caption');
      return {
        px: parseFloat(getComputedStyle(caption).fontSize),
        cut: Boolean(caption.querySelector('title')),
        name: parseFloat(getComputedStyle(document.querySelector('#algo-view .node-name')).fontSize),
      };
    });
    const viewport = { width: 1366, height: 768 };
    // The usual size: a desktop's window as wide (a laptop's, as tall as the projector's, gives
    // the picture another width).
    const desktop = { width: 1366, height: 900 };
    for (const algo of ALGORITHMS) {
      const hash = `#w=5%2C3%2C2&t=3&algo=${algo}`;
      let usual;
      await inTab(open(hash, { viewport: desktop }), async (page) => {
        usual = await captionOf(page);
      });
      await inTab(open(`${hash}&present=1`, { viewport }), async (page) => {
        const big = await captionOf(page);
        assert.equal(big.cut, false, `${algo}: the caption is whole`);
        // As the pictures' other text (the node names): 1.7 times, as far as the width allows.
        assert.ok(Math.abs(big.px / usual.px - big.name / usual.name) < 0.02, `${algo}: the caption grew ${(big.px / usual.px).toFixed(2)}×, the names ${(big.name / usual.name).toFixed(2)}×`);
        assert.ok(big.px >= 17, `${algo}: the caption is ${big.px} px`);
      });
      // At 1024 px beside a lesson the picture has a third of the window, too little for a larger
      // caption (Envoy's is shortened there, its whole text in its tooltip).
      for (const projector of PROJECTORS.filter(({ width }) => width > 1100)) {
        await inTab(open(`#lesson=3&present=1${hash.replace('#', '&')}`, { viewport: projector }), async (page) => {
          const beside = await captionOf(page);
          const at = `${algo} beside a lesson at ${projector.width}×${projector.height}`;
          assert.equal(beside.cut, false, `${at}: the caption is whole`);
          assert.ok(beside.px >= usual.px * 1.18, `${at}: the caption is ${beside.px.toFixed(1)} px (usually ${usual.px.toFixed(1)})`);
        });
      }
    }
  });

  test('without a lesson or quiz the transport (buttons, step line, timeline) is in the window under the tanks, as a clicker steps', async () => {
    for (const viewport of [...PROJECTORS, { width: 1920, height: 1080 }]) {
      for (const [lang, colorScheme] of [['en', 'light'], ['zh', 'dark']]) {
        await inTab(open(`#present=1&w=5%2C3%2C2&lang=${lang}`, { viewport, colorScheme }), async (page) => {
          const at = `${viewport.width}×${viewport.height} ${lang}`;
          for (const key of ['PageDown', 'PageDown', 'PageDown', 'ArrowRight', 'ArrowRight']) {
            await page.keyboard.press(key);
            const boxes = await page.$$eval('#tanks, #back, #phase-back, #play, #phase-forward, #forward, #position, #scrubber', (els) => els.map((el) => {
              const { top, bottom } = el.getBoundingClientRect();
              return { id: el.id, top, bottom };
            }));
            assert.equal(boxes.length, 8);
            for (const box of boxes) {
              assert.ok(inWindow(box, viewport.height), `${at}, after ${key}: #${box.id} spans ${Math.round(box.top)}–${Math.round(box.bottom)} px`);
            }
            assert.equal(await page.evaluate(() => window.scrollY), 0, `${at}: the page did not scroll`);
          }
        });
      }
    }
  });

  // Σ's drift (a scenario, "subtract own") would take the explanation's room: its figure is left
  // to screen readers there, and the rules scroll to the rule of the phase.
  test('without a lesson, SWRR with Σ\'s drift: the rule of every phase in view, no part of the drift\'s figure', async () => {
    const scenarios = ['scenario=%4013%20C%20down%3B%20%4023%20C%20up&t=13', 'scenario=%401%20C%20dead%20max_fails%3D3%20timeout%3D3600&t=4', 'subtract=own&t=4'];
    for (const viewport of PROJECTORS) {
      for (const run of scenarios) {
        await inTab(open(`#present=1&w=5%2C3%2C2&${run}`, { viewport }), async (page) => {
          for (const key of [null, 'PageDown', 'PageDown', 'PageDown']) {
            if (key) await page.keyboard.press(key);
            const at = `${run} at ${viewport.width}×${viewport.height}${key ? ` after ${key}` : ''}`;
            const m = await page.evaluate(() => {
              const box = (el) => {
                const { top, bottom, width, height } = el.getBoundingClientRect();
                return { top, bottom, width, height };
              };
              return {
                explain: box(document.querySelector('.stage .explain')), rules: box(document.querySelector('#rules')),
                rule: box(document.querySelector('#rules li.active')), phase: document.querySelector('#rules li.active').dataset.rule,
                items: [...document.querySelectorAll('#rules li')].map(box),
                drift: box(document.querySelector('.sum-drift')), drawn: !document.querySelector('.sum-drift').hidden, scrubber: box(document.querySelector('#scrubber')),
              };
            });
            const shown = { top: Math.max(m.rules.top, m.explain.top), bottom: Math.min(m.rules.bottom, m.explain.bottom, viewport.height) };
            assert.ok(m.rule.top >= shown.top - 0.5 && m.rule.bottom <= shown.bottom + 0.5, `${at}: the rule of the ${m.phase} spans ${Math.round(m.rule.top)}–${Math.round(m.rule.bottom)} px, the rules show ${Math.round(shown.top)}–${Math.round(shown.bottom)}`);
            const cut = cutAtTop(m.rules, m.items);
            assert.ok(!cut, `${at}: the rules' box starts at ${Math.round(m.rules.top)} px, inside a rule at ${cut && Math.round(cut.top)}–${cut && Math.round(cut.bottom)} px`);
            assert.ok(m.drawn && m.drift.width <= 1 && m.drift.height <= 1, `${at}: the drift's figure is drawn for screen readers only (${Math.round(m.drift.width)}×${Math.round(m.drift.height)} px)`);
            assert.ok(inWindow(m.scrubber, viewport.height), `${at}: the slider spans ${Math.round(m.scrubber.top)}–${Math.round(m.scrubber.bottom)} px`);
          }
        });
      }
    }
  });

  test('the rules, the step line and a lesson\'s or quiz\'s panel read near the narration\'s size; IPVS\'s boxes too at 1280 × 720', async () => {
    const px = (page, selector) => page.$eval(selector, (el) => parseFloat(getComputedStyle(el).fontSize));
    for (const [viewport, hash] of [[{ width: 1280, height: 720 }, '#present=1&w=5%2C3%2C2&t=3'], [{ width: 1920, height: 1080 }, '#present=1&w=5%2C3%2C2&t=3'], [{ width: 1920, height: 1080 }, '#lesson=3&present=1']]) {
      await inTab(open(hash, { viewport }), async (page) => {
        const at = `${viewport.width}×${viewport.height} ${hash}`;
        const narration = await px(page, '#narration');
        assert.ok(narration >= 26, `${at}: the narration is ${narration} px`);
        for (const selector of ['#rules li', '#position']) {
          const size = await px(page, selector);
          assert.ok(size >= 0.8 * narration, `${at}: ${selector} is ${size} px beside the narration's ${narration} px`);
        }
      });
    }
    // A quiz on a 1080-line projector: after an answer, its verdict, explanation and notes.
    await inTab(open('#quiz=42&present=1', { viewport: { width: 1920, height: 1080 } }), async (page) => {
      await page.click('.quiz-choices button');
      await page.waitForSelector('.quiz-feedback p');
      const narration = await px(page, '#narration');
      for (const [selector, share] of [['.quiz-feedback p', 0.85], ['.quiz-question', 0.9], ['.quiz .note', 0.75]]) {
        const size = await px(page, selector);
        assert.ok(size >= share * narration, `1920×1080 quiz: ${selector} is ${size} px beside the narration's ${narration} px`);
      }
    });
    // IPVS's boxes ("w = 1", "0×") in a quiz at 1280 × 720: its picture takes three fifths of the walkthrough.
    await inTab(open('#quiz=42&present=1', { viewport: { width: 1280, height: 720 } }), async (page) => {
      await page.waitForSelector('#algo-view .node-weight');
      const sizes = await page.$$eval('#algo-view .node-weight, #algo-view .node-picks', (texts) => texts.map((text) => parseFloat(getComputedStyle(text).fontSize)));
      assert.ok(sizes.length >= 8 && Math.min(...sizes) >= 15, `1280×720 quiz: IPVS's box text is ${sizes.join(', ')} px`);
    });
  });
  test('every algorithm: the transport, the step line, the whole narration and the rule of the phase are in the window, its picture in its column, its text readable', async () => {
    /** Boxes of what must be in the window, the picture's column, and the sizes its text is drawn at (the SVG's scale applied). */
    const measure = (page) => page.evaluate(() => {
      const box = (el) => {
        const { top, bottom } = el.getBoundingClientRect();
        return { top, bottom };
      };
      const picture = document.querySelector('#algo-view:not([hidden]) svg.algo-picture') ?? document.querySelector('#tanks');
      const scale = picture.getBoundingClientRect().width / picture.viewBox.baseVal.width;
      const drawn = (selector) => [...picture.querySelectorAll(selector)].map((text) => parseFloat(getComputedStyle(text).fontSize) * scale);
      const narration = document.querySelector('#narration');
      return {
        play: box(document.querySelector('#play')),
        position: box(document.querySelector('#position')),
        scrubber: box(document.querySelector('#scrubber')),
        narration: box(narration),
        explain: box(document.querySelector('.stage .explain')),
        rules: box(document.querySelector('#rules')),
        rule: box(document.querySelector('#rules li.active')),
        phase: document.querySelector('#rules li.active').dataset.rule,
        items: [...document.querySelectorAll('#rules li')].map(box),
        picture: box(picture),
        column: box(document.querySelector('.stage .tanks-wrap')),
        whole: narration.scrollHeight <= narration.clientHeight + 1,
        names: drawn('.node-name, text.name'),
        small: drawn('.node-weight, .node-picks'),
        scrollY: window.scrollY,
      };
    });
    for (const viewport of PROJECTORS) {
      for (const algo of ['swrr', ...ALGORITHMS]) {
        await inTab(open(`#w=5%2C3%2C2&algo=${algo}&t=3&present=1`, { viewport }), async (page) => {
          for (const key of [null, 'PageDown', 'PageDown']) {
            if (key) await page.keyboard.press(key);
            const at = `${algo} at ${viewport.width}×${viewport.height}${key ? ` after ${key}` : ''}`;
            const m = await measure(page);
            for (const part of ['play', 'position', 'scrubber']) {
              assert.ok(inWindow(m[part], viewport.height), `${at}: #${part} spans ${Math.round(m[part].top)}–${Math.round(m[part].bottom)} px`);
            }
            assert.ok(inWindow(m.narration, viewport.height) && m.narration.bottom <= m.explain.bottom + 0.5 && m.whole, `${at}: the narration spans ${Math.round(m.narration.top)}–${Math.round(m.narration.bottom)} px, its column ends at ${Math.round(m.explain.bottom)}`);
            // A clicker cannot scroll: the rule of the phase is in view (the rules scroll to it).
            const shown = { top: Math.max(m.rules.top, m.explain.top), bottom: Math.min(m.rules.bottom, m.explain.bottom, viewport.height) };
            assert.ok(m.rule.top >= shown.top - 0.5 && m.rule.bottom <= shown.bottom + 0.5, `${at}: the rule of the ${m.phase} spans ${Math.round(m.rule.top)}–${Math.round(m.rule.bottom)} px, the rules show ${Math.round(shown.top)}–${Math.round(shown.bottom)}`);
            const cut = cutAtTop(m.rules, m.items);
            assert.ok(!cut, `${at}: the rules' box starts at ${Math.round(m.rules.top)} px, inside a rule at ${cut && Math.round(cut.top)}–${cut && Math.round(cut.bottom)} px`);
            assert.ok(m.picture.top >= m.column.top && m.picture.bottom <= m.column.bottom + 0.5, `${at}: the picture spans ${Math.round(m.picture.top)}–${Math.round(m.picture.bottom)} px in a column of ${Math.round(m.column.top)}–${Math.round(m.column.bottom)}`);
            assert.equal(m.scrollY, 0, `${at}: the page did not scroll`);
            if (algo === 'swrr') continue;
            // As presenter.test asks of IPVS's boxes in a quiz: 15 px and more; the names larger.
            assert.ok(m.small.length >= 6 && Math.min(...m.small) >= 15, `${at}: the boxes' text is drawn at ${m.small.map((px) => px.toFixed(1)).join(', ')} px`);
            assert.ok(m.names.length === 3 && Math.min(...m.names) >= 18, `${at}: the names are drawn at ${m.names.map((px) => px.toFixed(1)).join(', ')} px`);
          }
        });
      }
    }
  });

  test('a window made shorter (a browser going full screen the other way) draws the picture again for its height', () => inTab(open('#w=5%2C3%2C2&algo=grpc&t=3&present=1', { viewport: { width: 1280, height: 1000 } }), async (page) => {
    const playBottom = () => page.$eval('#play', (el) => el.getBoundingClientRect().bottom);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.waitForFunction(() => document.querySelector('#play').getBoundingClientRect().bottom <= 720);
    assert.ok(await playBottom() <= 720);
    // Only the height changed: the picture is shorter than at 1,000 lines, its bars shorter.
    const height = await page.$eval('#algo-view svg.algo-picture', (svg) => svg.viewBox.baseVal.height);
    assert.ok(height <= 340, `the picture is ${height} px tall`);
  }));

  // Σ's drift (chapters 5 and 8) does not fit the explanation with the rules there: it is left to
  // screen readers, not a sliver at the explanation's foot.
  test('beside a lesson on a 720- or 768-line projector the transport and its slider are in the window (chapter 1 with the strip), the rule of the phase too, and Σ\'s drift no sliver', async () => {
    for (const viewport of PROJECTORS) {
      for (const chapter of [1, 3, 5, 8]) {
        await inTab(open(`#lesson=${chapter}&present=1`, { viewport }), async (page) => {
          const at = `chapter ${chapter} at ${viewport.width}×${viewport.height}`;
          // Chapter 1 brings the strip into view once it is drawn (classroom.js `showPointedPart`).
          await page.waitForSelector('svg#strip rect.cell');
          await page.waitForFunction(() => document.querySelector('#scrubber').getBoundingClientRect().bottom <= window.innerHeight, null, { timeout: 3000 }).catch(() => {});
          for (const key of [null, 'PageDown', 'PageDown', 'PageDown']) {
            if (key) await page.keyboard.press(key);
            const m = await page.evaluate(() => {
              const box = (el) => el && (({ top, bottom, left, right }) => ({ top, bottom, left, right }))(el.getBoundingClientRect());
              const drift = document.querySelector('#sum-drift');
              return {
                play: box(document.querySelector('#play')), position: box(document.querySelector('#position')), slider: box(document.querySelector('#scrubber')),
                rule: box(document.querySelector('#rules li[aria-current]')), explain: box(document.querySelector('.stage .explain')),
                drift: drift.checkVisibility() ? box(drift) : null,
              };
            });
            const when = `${at}${key ? ` after ${key}` : ''}`;
            for (const part of ['play', 'position', 'slider']) assert.ok(whole(m[part], viewport), `${when}: the ${part} at ${said(m[part])}`);
            if (m.rule) assert.ok(m.rule.top >= m.explain.top && m.rule.bottom <= m.explain.bottom + 0.5, `${when}: the phase's rule spans ${Math.round(m.rule.top)}–${Math.round(m.rule.bottom)}, the explanation ends at ${Math.round(m.explain.bottom)}`);
            if (m.drift) {
              const shown = Math.max(0, Math.min(m.drift.bottom, m.explain.bottom) - Math.max(m.drift.top, m.explain.top));
              assert.ok(shown <= 1 || shown >= m.drift.bottom - m.drift.top - 0.5, `${when}: ${Math.round(shown)} px of Σ's drift (${said(m.drift)}) show in the explanation (${said(m.explain)})`);
            }
          }
        });
      }
    }
  });

  // A weights error (one line in Chinese, two in English at 1280 px) stands beside the weights:
  // the transport and its slider stay in the window while it is shown, alone or beside a lesson,
  // and the tanks above them, smaller for its lines, whole.
  test('a weights error keeps the transport and its slider in the window, with and without a lesson', async () => {
    for (const viewport of PROJECTORS) {
      for (const [hash, lang, colorScheme] of [['#present=1&w=5%2C3%2C2', 'en', 'light'], ['#present=1&w=5%2C3%2C2&algo=grpc', 'en', 'dark'], ['#present=1&w=5%2C3%2C2', 'zh', 'dark'], ['#present=1&lesson=5', 'en', 'light']]) {
        await inTab(open(`${hash}&lang=${lang}`, { viewport, colorScheme }), async (page) => {
          for (const [typed, wrong] of [['5,x,2', true], ['5,3,2', false]]) {
            await page.fill('#weights', typed);
            await page.waitForFunction((wrong) => document.querySelector('#weights-error').hidden !== wrong, wrong);
            await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
            const m = await page.evaluate(() => Object.fromEntries(['#weights-error', '#play', '#position', '#scrubber', '.stage .tanks-wrap'].map((selector) => {
              const element = document.querySelector(selector);
              const { top, bottom, left, right } = element.getBoundingClientRect();
              return [selector, element.checkVisibility() ? { top, bottom, left, right } : null];
            })));
            const at = `${hash} (${lang}) at ${viewport.width}×${viewport.height}${wrong ? ` with "${typed}"` : ', mended'}`;
            assert.equal(Boolean(m['#weights-error']), wrong, `${at}: the error shown`);
            for (const part of ['#play', '#position', '#scrubber', '.stage .tanks-wrap']) assert.ok(whole(m[part], viewport), `${at}: ${part} at ${said(m[part])}`);
            assert.equal(await page.evaluate(() => window.scrollY), 0, `${at}: the page did not scroll`);
          }
        });
      }
    }
  });

  test('sixteen tanks: the drain\'s label stays inside its tank (QA s23 F13), in its short form where the tank holds no arrow', async () => {
    const hash = '#w=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16&t=8';
    for (const [viewport, present] of [[{ width: 1280, height: 720 }, true], [{ width: 1366, height: 768 }, true], [{ width: 1920, height: 1080 }, true], [{ width: 390, height: 844 }, false]]) {
      await inTab(open(`${hash}${present ? '&present=1' : ''}`, { viewport }), async (page) => {
        const at = `${viewport.width}×${viewport.height}`;
        const m = await page.$eval('#tanks .drain-label:not(:empty)', (label) => {
          const body = label.closest('g.tank').querySelector('.tank-body').getBoundingClientRect();
          const text = label.getBoundingClientRect();
          return { text: label.textContent, body: [body.left, body.right], label: [text.left, text.right] };
        });
        assert.equal(m.text, '−136', `${at}: the short form`);
        assert.ok(m.label[0] >= m.body[0] && m.label[1] <= m.body[1], `${at}: "${m.text}" spans ${m.label.map((x) => x.toFixed(1)).join('–')} px in a tank of ${m.body.map((x) => x.toFixed(1)).join('–')}`);
      });
    }
    // Twelve tanks on a 720-line projector: the slot would hold "↓ −12" over the gap, the tank
    // holds "−12" alone; where the tank holds the arrow (three tanks, twelve on a desktop) it stays.
    for (const [hash, viewport, text] of [
      ['#w=1,1,1,1,1,1,1,1,1,1,1,1&t=3&present=1', { width: 1280, height: 720 }, '−12'],
      ['#w=1,1,1,1,1,1,1,1,1,1,1,1&t=3', { width: 1366, height: 900 }, '↓ −12'],
      ['#w=5%2C3%2C2&t=3&present=1', { width: 1280, height: 720 }, '↓ −10'],
    ]) {
      await inTab(open(hash, { viewport }), async (page) => {
        const m = await page.$eval('#tanks .drain-label:not(:empty)', (label) => {
          const body = label.closest('g.tank').querySelector('.tank-body').getBoundingClientRect();
          const box = label.getBoundingClientRect();
          return { text: label.textContent, inside: box.left >= body.left && box.right <= body.right, squeezed: label.hasAttribute('textLength') };
        });
        assert.deepEqual(m, { text, inside: true, squeezed: false }, `${hash} at ${viewport.width}×${viewport.height}`);
      });
    }
  });
});
