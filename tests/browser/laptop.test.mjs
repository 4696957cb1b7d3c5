// A laptop's window (at least 1,024 px wide, at most 860 px tall; page.css): the weights, and
// under them the tanks with the transport and the step's narration beside them, all in the first
// screen, whatever the number of nodes (their chips are one row that scrolls sideways). A taller
// window keeps the desktop's layout: the explanation beside the tanks, the transport under them.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { openPage, sayBox as said, usePageSuite, waitReady, wholeInWindow as whole } from './harness.mjs';

/** Browser windows of common laptop screens: 1366 × 768, 1280 × 720, 1024 × 600, 1280 × 800, 1536 × 864 less the browser's bars. */
const LAPTOPS = [
  { width: 1366, height: 650 }, { width: 1280, height: 600 }, { width: 1024, height: 600 }, { width: 1024, height: 768 },
  { width: 1280, height: 800 }, { width: 1440, height: 790 }, { width: 1536, height: 730 },
];
const TWELVE = Array(12).fill(1).join('%2C');

/** The boxes of the page's marks and the window's size. */
function layout(page) {
  return page.evaluate(() => {
    const box = (selector) => {
      const rect = document.querySelector(selector).getBoundingClientRect();
      return { top: rect.top, bottom: rect.bottom, left: rect.left, right: rect.right };
    };
    const chips = document.querySelector('#nodes');
    return {
      tanks: box('svg#tanks'), play: box('#play'), forward: box('#forward'), narration: box('#narration'), settings: box('.run-settings'),
      masthead: box('.masthead'), chips: { ...box('#nodes'), overflows: chips.scrollWidth > chips.clientWidth },
      scrollWidth: document.documentElement.scrollWidth,
    };
  });
}

describe('a laptop\'s window', () => {
  const suite = usePageSuite();

  for (const viewport of LAPTOPS) {
    for (const [weights, nodes] of [['5%2C3%2C2', 3], [TWELVE, 12]]) {
      test(`at ${viewport.width}×${viewport.height} with ${nodes} nodes the tanks, Play and the narration are in the first screen, side by side`, async () => {
        const tab = await openPage(suite.browser(), `${suite.url()}index.html#w=${weights}&t=3`, { viewport, reducedMotion: 'reduce' });
        try {
          await waitReady(tab.page);
          const seen = await layout(tab.page);
          assert.ok(whole(seen.tanks, viewport), `the tanks at ${said(seen.tanks)}`);
          for (const button of ['play', 'forward']) assert.ok(whole(seen[button], viewport), `${button} at ${said(seen[button])}`);
          assert.ok(seen.play.left >= seen.tanks.right, `Play (${said(seen.play)}) beside the tanks (${said(seen.tanks)})`);
          assert.ok(seen.play.top < seen.tanks.top + 60, `Play at the top of the tanks' row (${said(seen.play)}; tanks ${said(seen.tanks)})`);
          assert.ok(seen.narration.top > seen.play.bottom && seen.narration.top < viewport.height - 48, `the narration at ${said(seen.narration)}`);
          assert.ok(seen.settings.top >= seen.tanks.bottom, `the run's settings under the tanks (${said(seen.settings)})`);
          assert.ok(seen.masthead.bottom < 130, `the masthead ends at ${Math.round(seen.masthead.bottom)} px`);
          assert.ok(seen.chips.bottom - seen.chips.top < 60, `the nodes are one row (${said(seen.chips)})`);
          assert.equal(seen.chips.overflows, nodes === 12, 'twelve chips, wider than any of these windows, scroll sideways');
          assert.ok(seen.scrollWidth <= viewport.width, `the page does not scroll sideways (${seen.scrollWidth} px)`);
          tab.assertNoErrors();
        } finally {
          await tab.close();
        }
      });
    }
  }

  test('a chip scrolled out of the row comes into view when the keyboard reaches it', async () => {
    const tab = await openPage(suite.browser(), `${suite.url()}index.html#w=${TWELVE}`, { viewport: LAPTOPS[0], reducedMotion: 'reduce' });
    try {
      await waitReady(tab.page);
      const last = tab.page.locator('#nodes > li').last().locator('button').first();
      await last.focus();
      const [chip, row] = await tab.page.evaluate(() => [document.activeElement, document.querySelector('#nodes')].map((element) => {
        const rect = element.getBoundingClientRect();
        return { left: rect.left, right: rect.right };
      }));
      assert.ok(chip.left >= row.left && chip.right <= row.right, `the focused button at ${chip.left}–${chip.right}, the row ${row.left}–${row.right}`);
      tab.assertNoErrors();
    } finally {
      await tab.close();
    }
  });

  // A lesson: the chapter over the weights, its buttons beside its title, and the tanks (or
  // chapters 1's and 2's pictures) with the transport beside them, for every chapter.
  for (const [viewport, lang, colorScheme] of [[LAPTOPS[0], 'en', 'light'], [LAPTOPS[4], 'zh', 'dark'], [LAPTOPS[6], 'en', 'dark']]) {
    test(`at ${viewport.width}×${viewport.height} (${lang}, ${colorScheme}) every chapter, its buttons, the picture and Play are in the first screen`, async () => {
      const tab = await openPage(suite.browser(), `${suite.url()}index.html#lesson=1${lang === 'zh' ? '&lang=zh' : ''}`, { viewport, colorScheme, reducedMotion: 'reduce' });
      try {
        await waitReady(tab.page);
        for (let chapter = 1; chapter <= 8; chapter++) {
          await tab.page.waitForSelector(`#lesson[data-chapter="${chapter}"]`);
          await tab.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
          const seen = await tab.page.evaluate(() => {
            const box = (selector) => {
              const rect = document.querySelector(selector).getBoundingClientRect();
              return { top: rect.top, bottom: rect.bottom, left: rect.left, right: rect.right };
            };
            return {
              picture: box('.tanks-wrap'), title: box('#lesson-title'), text: box('#lesson .lesson-text'), play: box('#play'), phase: box('#phase-forward'),
              previous: box('#lesson-previous'), next: box('#lesson-next'), leave: box('#lesson-leave'), scrollY,
            };
          });
          const at = `chapter ${chapter}`;
          assert.equal(seen.scrollY, 0, at);
          for (const part of ['picture', 'title', 'text', 'play', 'phase', 'previous', 'next', 'leave']) {
            assert.ok(whole(seen[part], viewport), `${at}: ${part} at ${said(seen[part])}`);
          }
          assert.ok(seen.next.top < seen.text.top, `${at}: the chapter's buttons beside its title, over its text`);
          assert.ok(seen.play.left >= seen.picture.right, `${at}: Play beside the picture`);
          if (chapter < 8) await tab.page.click('#lesson-next');
        }
        tab.assertNoErrors();
      } finally {
        await tab.close();
      }
    });
  }

  // A quiz: the question, the choices, the feedback beside them and the tanks they ask about, in
  // the first screen before and after an answer (in a desktop's window too); at the end the way
  // on is beside the score.
  for (const [viewport, lang, colorScheme] of [[LAPTOPS[0], 'en', 'light'], [{ width: 1280, height: 720 }, 'zh', 'dark'], [LAPTOPS[6], 'en', 'dark'], [LAPTOPS[2], 'en', 'light'], [LAPTOPS[1], 'zh', 'dark'], [{ width: 1366, height: 900 }, 'en', 'dark']]) {
    test(`at ${viewport.width}×${viewport.height} (${lang}, ${colorScheme}) a quiz's question, choices, feedback and tanks are in the first screen`, async () => {
      const tab = await openPage(suite.browser(), `${suite.url()}index.html#quiz=5${lang === 'zh' ? '&lang=zh' : ''}`, { viewport, colorScheme, reducedMotion: 'reduce' });
      try {
        await waitReady(tab.page);
        await tab.page.waitForSelector('#quiz .quiz-choice');
        for (const answered of [false, true]) {
          if (answered) {
            await tab.page.click('#quiz .quiz-choice');
            await tab.page.waitForSelector('#quiz .quiz-feedback:is(.right, .wrong)');
          }
          const seen = await tab.page.evaluate(() => {
            const box = (selector) => {
              const rect = document.querySelector(selector).getBoundingClientRect();
              return { top: rect.top, bottom: rect.bottom, left: rect.left, right: rect.right };
            };
            return { question: box('#quiz-question'), choices: box('#quiz .quiz-choices'), feedback: box('#quiz .quiz-feedback'), tanks: box('svg#tanks'), scrollY };
          });
          const at = answered ? 'after an answer' : 'before an answer';
          assert.equal(seen.scrollY, 0, at);
          for (const part of ['question', 'choices', 'feedback', 'tanks']) assert.ok(whole(seen[part], viewport), `${at}: ${part} at ${said(seen[part])}`);
          assert.ok(seen.feedback.left > seen.question.left + 200, `${at}: the feedback beside the question (${said(seen.feedback)})`);
        }
        // Every pick answered: the panel closes with the score, the next exercise beside it.
        while (await tab.page.$('#quiz .quiz-choice')) {
          await tab.page.click('#quiz .quiz-choice');
          await tab.page.waitForFunction(() => !document.querySelector('#quiz .quiz-feedback.waiting'));
        }
        const done = await tab.page.$eval('#quiz .quiz-done', (p) => p.getBoundingClientRect().toJSON());
        const nav = await tab.page.$eval('#quiz .quiz-nav', (p) => p.getBoundingClientRect().toJSON());
        assert.ok(nav.left > done.left + 200 && nav.top < done.bottom, `the way on (${said(nav)}) is beside the closing score (${said(done)})`);
        tab.assertNoErrors();
      } finally {
        await tab.close();
      }
    });
  }

  // Exercises 41–48 run other algorithms, whose pictures hide the tanks while the panel, and with
  // it the tanks' column, changes height and width: exercise 49's tanks are drawn at the width
  // their box has then, whole in the window (they were drawn at exercise 40's and ran under it).
  test('at 1024×600 a quiz\'s tanks come back at their box\'s width after other algorithms\' exercises', async () => {
    const tab = await openPage(suite.browser(), `${suite.url()}index.html#quiz=40`, { viewport: LAPTOPS[2], reducedMotion: 'reduce' });
    try {
      await waitReady(tab.page);
      await tab.page.waitForSelector('#quiz .quiz-choice');
      for (let exercise = 41; exercise <= 49; exercise += 1) {
        await tab.page.click('#quiz .quiz-nav button');
        await tab.page.waitForFunction((n) => document.querySelector('#quiz h2').textContent.includes(`${n} `), exercise);
      }
      await tab.page.waitForFunction(() => document.querySelector('svg#tanks').checkVisibility());
      await tab.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const seen = await tab.page.evaluate(() => {
        const tanks = document.querySelector('svg#tanks');
        const { top, bottom, left, right, width } = tanks.getBoundingClientRect();
        return { box: { top, bottom, left, right }, width, drawn: Number(tanks.getAttribute('viewBox').split(' ')[2]) };
      });
      assert.ok(Math.abs(seen.drawn - seen.width) <= 1, `drawn ${seen.drawn} wide in a ${seen.width} px box`);
      assert.ok(whole(seen.box, LAPTOPS[2]), `tanks at ${said(seen.box)}`);
      tab.assertNoErrors();
    } finally {
      await tab.close();
    }
  });

  // Every kind of exercise (`swrr-viz exercise N`): SWRR with 3, 4, 6, 7 and 8 nodes (the most
  // the quiz asks of), then the expanded list, EDF and IPVS with 5 (the most they have). Before
  // and after an answer, the question, the choices, the feedback and the picture — its frame, the
  // names and the pick counts under it (EDF's queue too) — are in the window, which does not scroll.
  const KINDS = [[5, 3], [11, 4], [32, 6], [33, 7], [31, 8], [50, 'classic'], [44, 'edf'], [59, 'interleaved']];
  for (const [viewport, lang, colorScheme] of [[LAPTOPS[2], 'en', 'light'], [LAPTOPS[1], 'zh', 'dark'], [LAPTOPS[0], 'en', 'dark']]) {
    test(`at ${viewport.width}×${viewport.height} (${lang}, ${colorScheme}) every kind of exercise, its choices and its picture with the names and counts are in the window`, async () => {
      const tab = await openPage(suite.browser(), `${suite.url()}index.html#quiz=1${lang === 'zh' ? '&lang=zh' : ''}`, { viewport, colorScheme, reducedMotion: 'reduce' });
      try {
        await waitReady(tab.page);
        for (const [exercise, kind] of KINDS) {
          await tab.page.evaluate((n) => { location.hash = location.hash.replace(/quiz=\d+/, `quiz=${n}`); }, exercise);
          await tab.page.waitForSelector(`#quiz[data-exercise="${exercise}"][data-answered="0"] .quiz-choice`);
          for (const answered of [false, true]) {
            if (answered) {
              await tab.page.click('#quiz .quiz-choice');
              await tab.page.waitForSelector('#quiz[data-answered="1"] .quiz-feedback:is(.right, .wrong)');
            }
            // Drawn at the width its box has once the panel above it has settled.
            await tab.page.waitForFunction(() => {
              const picture = document.querySelector('#algo-view:not([hidden]) svg.algo-picture') ?? document.querySelector('svg#tanks');
              return picture.checkVisibility() && Math.abs(picture.viewBox.baseVal.width - Math.max(280, picture.getBoundingClientRect().width)) <= 1;
            });
            await tab.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
            const seen = await tab.page.evaluate(() => {
              const union = (elements) => {
                const rects = [...elements].filter((element) => element.checkVisibility()).map((element) => element.getBoundingClientRect());
                return rects.length === 0 ? null : {
                  top: Math.min(...rects.map((r) => r.top)), bottom: Math.max(...rects.map((r) => r.bottom)),
                  left: Math.min(...rects.map((r) => r.left)), right: Math.max(...rects.map((r) => r.right)),
                };
              };
              const all = (selector) => union(document.querySelectorAll(selector));
              return {
                question: all('#quiz-question'), choices: all('#quiz .quiz-choices'), feedback: all('#quiz .quiz-feedback'),
                picture: all('#app .tanks-wrap'), names: all('svg#tanks text.name, #algo-view .node-name'), counts: all('svg#tanks text.picks, #algo-view .node-picks'),
                nodes: document.querySelectorAll('#quiz .quiz-choice').length, algo: document.querySelector('#algo-view').hidden ? 'swrr' : document.querySelector('#algo-view').dataset.algo,
                scrollY, scrollHeight: document.documentElement.scrollHeight,
              };
            });
            const at = `exercise ${exercise}${answered ? ' after an answer' : ''}`;
            assert.equal(typeof kind === 'number' ? seen.nodes : seen.algo, kind, `${at}: the exercise's kind`);
            assert.equal(seen.scrollY, 0, at);
            for (const part of ['question', 'choices', 'feedback', 'picture', 'names', 'counts']) assert.ok(whole(seen[part], viewport), `${at}: ${part} at ${seen[part] ? said(seen[part]) : 'nowhere'}`);
          }
        }
        tab.assertNoErrors();
      } finally {
        await tab.close();
      }
    });
  }

  // A desktop's taller window keeps its layout: the lede, the explanation beside the tanks and
  // the transport under them.
  for (const [viewport, colorScheme] of [[{ width: 1366, height: 900 }, 'light'], [{ width: 1920, height: 1080 }, 'dark']]) {
    test(`at ${viewport.width}×${viewport.height} (${colorScheme}) the tanks are the desktop's, the explanation beside them`, async () => {
      const tab = await openPage(suite.browser(), `${suite.url()}index.html#w=5%2C3%2C2`, { viewport, colorScheme, reducedMotion: 'reduce' });
      try {
        await waitReady(tab.page);
        const seen = await tab.page.evaluate(() => {
          const tanks = document.querySelector('.tanks-wrap').getBoundingClientRect();
          const explain = document.querySelector('.explain').getBoundingClientRect();
          const play = document.querySelector('#play').getBoundingClientRect();
          return { besides: explain.left >= tanks.right, playBelow: play.top >= tanks.bottom, lede: document.querySelector('.masthead .lede').checkVisibility() };
        });
        assert.deepEqual(seen, { besides: true, playBelow: true, lede: true });
        tab.assertNoErrors();
      } finally {
        await tab.close();
      }
    });
  }
});
