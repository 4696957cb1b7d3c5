// The quiz: graded by the core (the same exercise as the CLI's), in English and Chinese; what it
// shows (the step before the question, never a pick not yet asked, after a reload or Back too);
// the place kept for its feedback; its panel beside the tanks on a projector; a link's exercise
// that does not exist.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, test } from 'node:test';

import { CLI, inTab, screenshot, usePageSuite, waitReady } from './harness.mjs';

/** The exercise as the CLI prints it: weights and the answer key (zero-based node indices). */
function cliExercise(number) {
  assert.ok(existsSync(CLI), `${CLI} is missing: run cargo build (scripts/test.sh does)`);
  const text = execFileSync(CLI, ['exercise', String(number), '--answers'], { encoding: 'utf8' });
  const field = (name) => text.split('\n').find((line) => line.startsWith(name)).slice(11).trim();
  const names = field('weights').split(',').map((_, i) => String.fromCharCode(65 + i));
  return { weights: field('weights'), answers: field('answers').split(' ').map((name) => names.indexOf(name)) };
}

/** The quiz's question step and what the walkthrough shows. */
function quizView(page) {
  return page.evaluate(() => ({
    question: Number(/\d+/.exec(document.querySelector('#quiz-question')?.textContent ?? '')?.[0] ?? NaN),
    answered: Number(document.querySelector('#quiz').dataset.answered),
    step: Number(document.querySelector('#app').dataset.step),
    phase: document.querySelector('#app').dataset.phase,
    cells: document.querySelectorAll('svg#strip rect.cell').length,
  }));
}

describe('quiz', () => {
  const suite = usePageSuite();

  const open = (hash, options = {}) => suite.open(hash, { reducedMotion: 'reduce', ...options });

  /** The strip's cells as step:pick, and how many steps each (hidden) level plot's line holds. */
  const readStrip = (page) => page.evaluate(() => ({
    cells: [...document.querySelectorAll('svg#strip rect.cell')].map((cell) => `${cell.dataset.step}:${cell.dataset.pick}`),
    levelSteps: [...document.querySelectorAll('#plot-levels path[data-node]')].map((path) => path.getAttribute('d').split(/[ML]/).filter(Boolean).length),
  }));

  test('the quiz grades every guess with the same exercise as the CLI', async () => {
    const expected = cliExercise(1);
    const tab = await open('#quiz=1');
    const { page } = tab;
    assert.equal(await page.getAttribute('#quiz', 'data-exercise'), '1');
    assert.equal(await page.inputValue('#weights'), expected.weights);
    assert.equal(await page.getAttribute('#app', 'data-hide-future'), 'true', 'the quiz hides the future');
    assert.equal(await page.isVisible('#forward'), false, 'no stepping ahead in the quiz');

    // Right, then wrong, then right.
    await page.click(`#quiz .quiz-choice[data-node="${expected.answers[0]}"]`);
    assert.equal(await page.getAttribute('.quiz-feedback', 'data-correct'), 'true');
    assert.match(await page.textContent('.quiz-feedback .levels'), /^Levels after filling: A /, 'a right answer shows the levels too');
    assert.equal(await page.getAttribute('#app', 'data-step'), '1');
    assert.equal(await page.getAttribute('#app', 'data-phase'), 'pick');
    const wrong = (expected.answers[1] + 1) % 3;
    await page.click(`#quiz .quiz-choice[data-node="${wrong}"]`);
    assert.equal(await page.getAttribute('.quiz-feedback', 'data-correct'), 'false');
    assert.equal(await page.getAttribute('.quiz-feedback', 'data-winner'), String(expected.answers[1]));
    assert.match(await page.textContent('.quiz-feedback'), /Levels after filling: A /);
    await page.click(`#quiz .quiz-choice[data-node="${expected.answers[2]}"]`);
    assert.equal(await page.getAttribute('#quiz', 'data-score'), '2');
    assert.equal(await page.getAttribute('#quiz', 'data-streak'), '1');
    // The keyboard does not step ahead either.
    await page.evaluate(() => document.activeElement.blur());
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.getAttribute('#app', 'data-step'), '3');
    // Finish it.
    for (const answer of expected.answers.slice(3)) await page.click(`#quiz .quiz-choice[data-node="${answer}"]`);
    assert.equal(await page.getAttribute('#quiz', 'data-finished'), 'true');
    assert.match(await page.textContent('.quiz-done'), new RegExp(`Done: ${expected.answers.length - 1} of ${expected.answers.length} right`));
    await page.click('#quiz-next');
    await page.waitForFunction(() => document.querySelector('#quiz').dataset.exercise === '2');
    assert.equal(await page.inputValue('#weights'), cliExercise(2).weights);
    tab.assertNoErrors();
    await tab.close();
  });

  test('leaving a quiz or a lesson comes back to the walkthrough it was opened from, the language and presenter mode as they are now', () => inTab(open('#w=7%2C2%2C1&t=4&future=hide&algo=classic'), async (page) => {
    const walkthrough = () => page.evaluate(() => {
      const hash = new URLSearchParams(location.hash.slice(1));
      return { w: hash.get('w'), t: hash.get('t'), algo: hash.get('algo'), future: hash.get('future'), weights: document.querySelector('#weights').value, step: document.querySelector('#app').dataset.step };
    });
    const before = await walkthrough();
    assert.deepEqual(before, { w: '7,2,1', t: '4', algo: 'classic', future: 'hide', weights: '7,2,1', step: '4' });
    await page.click('#open-quiz');
    await page.waitForFunction(() => !document.querySelector('#quiz').hidden);
    assert.notEqual((await walkthrough()).weights, '7,2,1', 'the exercise has weights of its own');
    await page.click('#present');
    await page.waitForFunction(() => document.documentElement.dataset.present === 'true');
    await page.click('#quiz-leave');
    await page.waitForFunction(() => document.querySelector('#quiz').hidden);
    await page.waitForFunction(() => document.querySelector('#app').dataset.step === '4');
    assert.deepEqual(await walkthrough(), before);
    assert.equal(await page.getAttribute('html', 'data-present'), 'true', 'presenter mode as it is now');
    // A lesson, a chapter on, and back.
    await page.click('#open-lesson');
    await page.waitForFunction(() => !document.querySelector('#lesson').hidden);
    await page.click('#lesson-next');
    await page.waitForFunction(() => new URLSearchParams(location.hash.slice(1)).get('lesson') === '2');
    await page.click('#lesson-leave');
    await page.waitForFunction(() => document.querySelector('#lesson').hidden);
    await page.waitForFunction(() => document.querySelector('#weights').value === '7,2,1');
    assert.deepEqual(await walkthrough(), before);
  }));

  test('a URL with a lesson and a quiz opens the quiz alone, as the toolbar would', () => inTab(open('#lesson=3&quiz=2'), async (page) => {
    await page.waitForSelector('#quiz:not([hidden])');
    assert.equal(await page.isVisible('#lesson'), false);
    await page.waitForFunction(() => !location.hash.includes('lesson='));
    assert.equal(await page.evaluate(() => document.documentElement.dataset.mode), 'quiz');
  }));

  test('a quiz link typed over the quiz without its weights starts the exercise again on its own weights', () => inTab(open('#quiz=1'), async (page) => {
    const { weights } = cliExercise(1);
    assert.equal(await page.inputValue('#weights'), weights);
    // As a teacher adds &present=1 in the address bar: the hash has no w=, whose default is 5,3,2.
    await page.evaluate(() => {
      location.hash = '#quiz=1&present=1';
    });
    await page.waitForFunction(() => document.documentElement.dataset.present === 'true');
    await page.waitForFunction((w) => document.querySelector('#weights').value === w && location.hash.includes(`w=${encodeURIComponent(w)}`), weights);
    assert.match(await page.textContent('#quiz'), new RegExp(`Weights ${weights}`));
  }));

  test('the quiz in Chinese on a phone', () => inTab(open('#quiz=11&lang=zh', { viewport: { width: 360, height: 740 } }), async (page) => {
    assert.equal(await page.getAttribute('html', 'lang'), 'zh-Hans');
    // Step 0's words send nobody to a "Step forward" the quiz hides.
    assert.equal(await page.textContent('#narration'), '第 0 步：所有水箱都在 0。每一步，每个水箱按自己的权重注水。');
    assert.match(await page.textContent('#quiz-title'), /^练习 11 · 平局$/);
    const expected = cliExercise(11);
    await page.click(`#quiz .quiz-choice[data-node="${(expected.answers[0] + 1) % 4}"]`);
    assert.match(await page.textContent('.quiz-feedback .verdict'), /^不对：第 1 步选中的是 A/);
    assert.match(await page.textContent('.quiz-feedback .reason'), /列表中靠前者胜出/);
    assert.match(await page.textContent('#narration'), /^第 1 步：每个水箱按权重注水/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.equal(overflow, 0);
    await screenshot(page, 'quiz-zh-phone');
  }));
  test('the quiz\'s strip holds the picks made and no answer to come, and is not shown empty', () => inTab(open('#quiz=15', { viewport: { width: 390, height: 844 } }), async (page) => {
    const expected = cliExercise(15);
    await page.waitForSelector('section.strip-panel[data-status="ready"]', { state: 'attached' });
    assert.deepEqual((await readStrip(page)).cells, [], 'no pick before the first guess');
    assert.equal(await page.isVisible('section.strip-panel'), false, 'an empty strip is not shown');
    await page.click(`#quiz .quiz-choice[data-node="${expected.answers[0]}"]`);
    await page.click(`#quiz .quiz-choice[data-node="${expected.answers[1]}"]`);
    await page.waitForFunction(() => document.querySelectorAll('svg#strip rect.cell').length === 2);
    const strip = await readStrip(page);
    assert.deepEqual(strip.cells, [`1:${expected.answers[0]}`, `2:${expected.answers[1]}`]);
    assert.deepEqual(strip.levelSteps, [2, 2, 2], 'the (hidden) level plot holds steps 1–2 only');
    const shown = await page.evaluate(() => ({
      strip: document.querySelector('svg#strip').getBoundingClientRect().height,
      status: document.querySelector('#strip-status').getBoundingClientRect().height,
    }));
    assert.ok(shown.strip > 20, `the strip of the picks so far is shown (${shown.strip} px)`);
    assert.equal(shown.status, 0, 'without the run\'s length and window, which are not the exercise\'s');
    await screenshot(page, 'quiz-strip-phone');
  }));

  test('a clicker\'s PageDown/PageUp in a quiz scroll nothing and step nothing; on a finished exercise PageDown opens the next', async () => {
    const expected = cliExercise(1);
    for (const [viewport, present] of [[{ width: 390, height: 844 }, ''], [{ width: 1280, height: 720 }, '&present=1']]) {
      await inTab(open(`#quiz=1${present}`, { viewport }), async (page) => {
        const at = `${viewport.width}×${viewport.height}`;
        await page.click(`#quiz .quiz-choice[data-node="${expected.answers[0]}"]`);
        const state = () => page.evaluate(() => ({
          scrollY: window.scrollY, panel: document.querySelector('#quiz').scrollTop, step: document.querySelector('#app').dataset.step,
          phase: document.querySelector('#app').dataset.phase, answered: document.querySelector('#quiz').dataset.answered,
        }));
        const before = await state();
        // From the page (focus nowhere), from a choice in the panel and from the language select.
        for (const focus of [() => page.evaluate(() => document.activeElement.blur()), () => page.focus('#quiz .quiz-choice'), () => page.focus('#language')]) {
          await focus();
          for (const key of ['PageDown', 'PageDown', 'PageUp', 'PageDown']) await page.keyboard.press(key);
          await page.waitForTimeout(150);
          assert.deepEqual(await state(), before, `${at}: nothing moved`);
          assert.equal(await page.inputValue('#language'), 'en', `${at}: the language stays`);
        }
        for (const answer of expected.answers.slice(1)) await page.click(`#quiz .quiz-choice[data-node="${answer}"]`);
        assert.equal(await page.getAttribute('#quiz', 'data-finished'), 'true');
        await page.evaluate(() => document.activeElement.blur());
        await page.keyboard.press('PageUp');
        assert.equal(await page.getAttribute('#quiz', 'data-exercise'), '1', `${at}: PageUp stays`);
        await page.keyboard.press('PageDown');
        await page.waitForFunction(() => document.querySelector('#quiz').dataset.exercise === '2');
        assert.equal(await page.getAttribute('#quiz', 'data-answered'), '0');
      });
    }
  });

  test('a reload or Back starts the quiz over at step 0: the tanks never show a pick the quiz has not asked', () => inTab(open('#quiz=1', { viewport: { width: 390, height: 844 } }), async (page) => {
    const expected = cliExercise(1);
    for (const answer of expected.answers.slice(0, 3)) await page.click(`#quiz .quiz-choice[data-node="${answer}"]`);
    assert.deepEqual(await quizView(page), { question: 4, answered: 3, step: 3, phase: 'pick', cells: 3 });
    // The URL follows the walkthrough (step 3); reloaded, the quiz asks step 1 again and shows step 0.
    await page.waitForFunction(() => /[#&]t=[23]/.test(location.hash));
    await page.reload();
    await waitReady(page);
    await page.waitForSelector('#quiz .quiz-choice');
    await page.waitForTimeout(300);
    const reloaded = await quizView(page);
    assert.deepEqual(reloaded, { question: 1, answered: 0, step: 0, phase: 'start', cells: 0 });
    assert.equal(reloaded.step, reloaded.question - 1, 'the tanks at the step before the question');
    assert.match(await page.textContent('#narration'), /^Step 0/);
    await page.waitForFunction(() => !/[#&]t=[1-9]/.test(location.hash));

    // Finished, "Exercise 2 →", then Back: exercise 1 from its start, not at its last step.
    for (const answer of expected.answers) await page.click(`#quiz .quiz-choice[data-node="${answer}"]`);
    assert.equal((await quizView(page)).step, expected.answers.length);
    await page.click('#quiz-next');
    await page.waitForFunction(() => document.querySelector('#quiz').dataset.exercise === '2');
    await page.goBack();
    await page.waitForFunction(() => document.querySelector('#quiz').dataset.exercise === '1');
    await page.waitForTimeout(300);
    assert.deepEqual(await quizView(page), { question: 1, answered: 0, step: 0, phase: 'start', cells: 0 });
  }));

  test('the feedback keeps its place: the tanks under the panel do not move from question to question', async () => {
    const expected = cliExercise(5);
    for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
      const tab = await open('#quiz=5', { viewport });
      const { page } = tab;
      await page.waitForSelector('#quiz .quiz-choice');
      const top = () => page.$eval('svg#tanks', (svg) => Math.round(svg.getBoundingClientRect().top + window.scrollY));
      const tops = [await top()];
      const verdicts = [];
      // Right, wrong, right, wrong, wrong: a wrong answer's feedback has more to say.
      for (const [i, right] of [true, false, true, false, false].entries()) {
        await page.click(`#quiz .quiz-choice[data-node="${right ? expected.answers[i] : (expected.answers[i] + 1) % 3}"]`);
        verdicts.push(await page.getAttribute('.quiz-feedback', 'data-correct'));
        tops.push(await top());
      }
      assert.deepEqual(verdicts, ['true', 'false', 'true', 'false', 'false']);
      assert.deepEqual(tops, tops.map(() => tops[0]), `the tanks' top at ${viewport.width} px: ${tops.join(', ')}`);
      tab.assertNoErrors();
      await tab.close();
    }
  });

  test('presenter mode at 1280 × 720: after a wrong answer the next question\'s choices and "Exercise N →" are in view', async () => {
    const expected = cliExercise(5);
    for (const colorScheme of ['dark', 'light']) {
      const tab = await open('#quiz=5&present=1', { viewport: { width: 1280, height: 720 }, colorScheme });
      const { page } = tab;
      await page.waitForSelector('#quiz .quiz-choice');
      for (const [i, right] of [true, true, false].entries()) {
        await page.click(`#quiz .quiz-choice[data-node="${right ? expected.answers[i] : (expected.answers[i] + 1) % 3}"]`);
      }
      assert.equal(await page.getAttribute('.quiz-feedback', 'data-correct'), 'false');
      await page.waitForTimeout(100);
      const seen = await page.evaluate(() => {
        const panel = document.querySelector('#quiz').getBoundingClientRect();
        const inside = (el) => {
          const box = el.getBoundingClientRect();
          return box.top >= Math.max(panel.top, 0) - 0.5 && box.bottom <= Math.min(panel.bottom, window.innerHeight) + 0.5;
        };
        return {
          focus: document.activeElement.matches('.quiz-choice[data-node="0"]') && inside(document.activeElement),
          choices: [...document.querySelectorAll('.quiz-choice')].every(inside),
          next: inside(document.querySelector('#quiz-next')),
          leave: inside(document.querySelector('#quiz-leave')),
          verdict: inside(document.querySelector('.quiz-feedback .verdict')),
          scrollY: window.scrollY,
        };
      });
      assert.deepEqual(seen, { focus: true, choices: true, next: true, leave: true, verdict: true, scrollY: 0 });
      if (colorScheme === 'dark') await screenshot(page, 'quiz-present-1280x720-wrong');
      tab.assertNoErrors();
      await tab.close();
    }
    // On a phone, light: the same answers, the question under the feedback.
    const phone = await open('#quiz=5', { viewport: { width: 390, height: 844 } });
    await phone.page.waitForSelector('#quiz .quiz-choice');
    for (const [i, right] of [true, true, false].entries()) {
      await phone.page.click(`#quiz .quiz-choice[data-node="${right ? expected.answers[i] : (expected.answers[i] + 1) % 3}"]`);
    }
    await screenshot(phone.page, 'quiz-phone-wrong');
    phone.assertNoErrors();
    await phone.close();
  });

  /** The lines `selector`'s text is laid out in, each as its characters (by the top of each one's box). */
  const linesOf = (page, selector) => page.evaluate((selector) => {
    const lines = [];
    const walker = document.createTreeWalker(document.querySelector(selector), NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    let top = null;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < node.data.length; i += 1) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = [...range.getClientRects()].find((rect) => rect.width > 0);
        if (!box) continue;
        if (top === null || box.top > top + 2) lines.push('');
        top = box.top > (top ?? -Infinity) + 2 ? box.top : top;
        lines[lines.length - 1] += node.data[i];
      }
    }
    return lines.map((line) => line.trim());
  }, selector);

  test('the score line breaks between its parts only, and the feedback keeps a name with its level, on a 1024 × 768 and a 1280 × 720 projector, in Chinese and English', async () => {
    for (const [hash, width, height] of [['#quiz=12&present=1&lang=zh', 1024, 768], ['#quiz=1&present=1', 1024, 768], ['#quiz=1&present=1', 1280, 720]]) {
      const tab = await open(hash, { viewport: { width, height } });
      const { page } = tab;
      await page.waitForSelector('#quiz .quiz-choice');
      const score = await linesOf(page, '#quiz-score');
      assert.ok(score.length > 1, `the score takes more than one line at ${width} × ${height} (${JSON.stringify(score)})`);
      for (const line of score) assert.ok(!line.startsWith('·'), `no line of the score starts with "·": ${JSON.stringify(score)}`);
      // Its parts ("得分 0/0（共 4 题）", "连对 0", "最长连对 0") each whole on a line.
      const pieces = (text) => text.split('·').map((piece) => piece.trim()).filter(Boolean);
      assert.deepEqual(score.flatMap(pieces), pieces(await page.textContent('#quiz-score')), `each part of the score is whole on a line: ${JSON.stringify(score)}`);
      // A wrong first answer (B; exercise 1 and 12 both pick A first): its levels, each name with its number.
      await page.click('#quiz .quiz-choice[data-node="1"]');
      await page.waitForSelector('.quiz-feedback .levels');
      const levels = await linesOf(page, '.quiz-feedback .levels');
      const named = levels.join('\n').match(/\b[A-D] [−-]?\d+/g);
      const all = (await page.textContent('.quiz-feedback .levels')).match(/\b[A-D] [−-]?\d+/g);
      assert.deepEqual(named, all, `every "name level" of the levels is on one line: ${JSON.stringify(levels)}`);
      tab.assertNoErrors();
      await tab.close();
    }
  });

  test('a link to an exercise that does not exist says so; the panel closes and the quiz opens again from the toolbar', () => inTab(open('#quiz=0&w=7%2C2%2C1&t=3', { viewport: { width: 1280, height: 800 } }), async (page) => {
    await page.waitForSelector('#quiz[data-error="true"]');
    assert.match(await page.textContent('#quiz .error'), /^exercise 0 does not exist: exercises go from 1 to 1000000/);
    // Written back without it, as a link's other refused inputs; the walkthrough keeps the link's run.
    await page.waitForFunction(() => !location.hash.includes('quiz='));
    assert.equal(await page.evaluate(() => document.documentElement.dataset.mode), 'explore');
    assert.equal(await page.getAttribute('#quiz', 'data-exercise'), null);
    await page.click('#quiz-close');
    assert.equal(await page.isVisible('#quiz'), false);
    assert.equal(await page.inputValue('#weights'), '7,2,1');
    assert.equal(await page.getAttribute('#app', 'data-step'), '3');
    await page.click('#open-quiz');
    await page.waitForFunction(() => document.querySelector('#quiz').dataset.exercise === '1');
    assert.equal(await page.getAttribute('#quiz', 'data-error'), null);
    assert.equal((await quizView(page)).step, 0);
  }));
});
