// Where the keyboard's focus goes in the classroom: on the button pressed when a lesson's or the
// quiz's navigation moves on, and to the toolbar's button when "Leave" closes the panel.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { inTab, screenshot, usePageSuite, waitReady } from './harness.mjs';

describe('classroom focus', () => {
  const suite = usePageSuite();

  const open = (hash, options = {}) => suite.open(hash, { reducedMotion: 'reduce', ...options });

  test('lesson and quiz navigation keep the keyboard\'s focus on the button pressed, and a new chapter opens at its beginning', () => inTab(open('#lesson=2&present=1', { viewport: { width: 1366, height: 768 } }), async (page) => {
    const active = () => page.evaluate(() => document.activeElement.id || document.activeElement.tagName);
    const pressOn = async (id, chapter) => {
      await page.focus(`#${id}`);
      await page.keyboard.press('Enter');
      await page.waitForFunction((n) => document.querySelector('#lesson').dataset.chapter === n, String(chapter));
    };
    await pressOn('lesson-next', 3);
    assert.equal(await active(), 'lesson-next', 'Next keeps focus in the chapter it opened');
    await page.keyboard.press('Tab');
    assert.equal(await active(), 'lesson-leave', 'so Tab goes on after it, not back to Previous');
    await pressOn('lesson-previous', 2);
    assert.equal(await active(), 'lesson-previous');
    // Scrolled down (the panel stays in view beside the walkthrough), Next opens chapter 3 at its top.
    await page.evaluate(() => window.scrollTo(0, 430));
    await pressOn('lesson-next', 3);
    await page.waitForTimeout(100);
    const view = await page.evaluate(() => ({
      scrollY: window.scrollY,
      heading: document.querySelector('#lesson-title').getBoundingClientRect().top,
      tanks: document.querySelector('svg#tanks').getBoundingClientRect().top,
    }));
    assert.ok(view.scrollY < 430, `the page scrolled back: ${JSON.stringify(view)}`);
    assert.ok(view.heading >= 0 && view.heading < 768 && view.tanks >= 0, `the heading and the tanks' top are in view: ${JSON.stringify(view)}`);
    assert.equal(await active(), 'lesson-next');
    // Next on the way to the last chapter is disabled there: the chapter's title takes focus.
    await page.goto(`${suite.url()}index.html#lesson=7&present=1`);
    await waitReady(page);
    await pressOn('lesson-next', 8);
    assert.equal(await active(), 'lesson-title');
    await screenshot(page, 'lesson-after-next-projector');

    // The quiz: "Exercise N →" keeps focus in the next exercise.
    await page.goto(`${suite.url()}index.html#quiz=3`);
    await waitReady(page);
    await page.waitForSelector('#quiz-next');
    await page.focus('#quiz-next');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('#quiz').dataset.exercise === '4');
    assert.equal(await active(), 'quiz-next');
  }));

  test('"Leave" gives the keyboard\'s focus to the toolbar\'s Lesson or Quiz button (Menu where folded), not to the page\'s body', async () => {
    const focus = (page) => page.evaluate(() => `${document.activeElement.id || document.activeElement.tagName} ${document.activeElement.matches(':focus-visible') ? 'ringed' : 'plain'}`);
    for (const [hash, leave, opener, viewport] of [
      ['#lesson=3', '#lesson-leave', 'open-lesson', { width: 1280, height: 800 }],
      ['#quiz=2&present=1', '#quiz-leave', 'open-quiz', { width: 1280, height: 720 }],
      ['#lesson=3', '#lesson-leave', 'menu', { width: 390, height: 844 }],
    ]) {
      await inTab(open(hash, { viewport }), async (page) => {
        await page.waitForSelector(leave);
        // Pressed with a key: the button that opens the panel again, with its ring, and Tab goes on from there.
        await page.focus(leave);
        await page.keyboard.press('Enter');
        await page.waitForFunction(() => document.documentElement.dataset.mode === 'explore');
        await page.waitForTimeout(100);
        assert.equal(await focus(page), `${opener} ringed`, `${hash} at ${viewport.width} px, Leave with Enter`);
        // Clicked: the same button without its ring, and a clicker's PageDown steps.
        await page.click(`#${opener === 'menu' ? 'menu' : opener}`);
        if (opener === 'menu') await page.click(leave.includes('quiz') ? '#open-quiz' : '#open-lesson');
        await page.waitForSelector(leave);
        await page.click(leave);
        await page.waitForFunction(() => document.documentElement.dataset.mode === 'explore');
        await page.waitForTimeout(100);
        assert.equal(await focus(page), `${opener} plain`, `${hash} at ${viewport.width} px, Leave clicked`);
        const before = await page.$eval('#app', (app) => `${app.dataset.step}/${app.dataset.phase}`);
        await page.keyboard.press('PageDown');
        assert.notEqual(await page.$eval('#app', (app) => `${app.dataset.step}/${app.dataset.phase}`), before, 'PageDown steps');
      });
    }
  });
});
