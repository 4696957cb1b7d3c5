// A phone held sideways: the tanks and the transport share the first screen (page.css, a window
// wider than tall and under 500 px), and a phone turned while its tanks are watched keeps them in
// view (stage/tanks-in-view.js).

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { openPage, usePageSuite, waitReady, watchErrors } from './harness.mjs';

const PORTRAIT = { width: 390, height: 844 };
const LANDSCAPES = [{ width: 844, height: 390 }, { width: 740, height: 360 }, { width: 932, height: 430 }, { width: 667, height: 375 }];

/** The boxes (top, bottom, left, right) of the page's marks, the window's size and scroll. */
function boxes(page) {
  return page.evaluate(() => {
    const box = (selector) => {
      const rect = document.querySelector(selector)?.getBoundingClientRect();
      return rect && { top: rect.top, bottom: rect.bottom, left: rect.left, right: rect.right };
    };
    return {
      tanks: box('svg#tanks'), play: box('#play'), forward: box('#forward'), title: box('.masthead h1'), menu: box('#menu'),
      viewBox: document.querySelector('svg#tanks').getAttribute('viewBox'),
      width: innerWidth, height: innerHeight, scrollY, scrollWidth: document.documentElement.scrollWidth,
    };
  });
}

/** Whether `box` is whole in a window `height` tall and `width` wide. */
const whole = (box, { width, height }) => box && box.top >= 0 && box.bottom <= height && box.left >= 0 && box.right <= width;
const said = (box) => box && `${Math.round(box.top)}–${Math.round(box.bottom)} px`;

/** Two frames: the layout after a resize, and the tanks drawn again for their new width. */
const frames = (page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

describe('a phone in landscape', () => {
  const suite = usePageSuite();

  /** A phone's tab (touch, a mobile viewport) at `viewport`, opened at `hash` and ready. */
  async function phone(viewport, hash, colorScheme = 'light') {
    const context = await suite.browser().newContext({ viewport, hasTouch: true, isMobile: true, colorScheme, reducedMotion: 'reduce', locale: 'en-US' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${suite.url()}index.html${hash}`);
    await waitReady(page);
    return { page, done: async () => {
      await context.close();
      assert.deepEqual(errors, [], `the page reported errors:\n  ${errors.join('\n  ')}`);
    } };
  }

  for (const viewport of LANDSCAPES) {
    test(`at ${viewport.width}×${viewport.height} the first screen holds the tanks and the transport, under a folded masthead`, async () => {
      const { page, done } = await phone(viewport, '#w=5%2C3%2C2&t=4&phase=pick');
      try {
        await frames(page);
        const seen = await boxes(page);
        assert.equal(seen.scrollY, 0);
        assert.ok(whole(seen.tanks, viewport), `the tanks at ${said(seen.tanks)} in a window ${viewport.height} px tall`);
        for (const button of ['play', 'forward']) assert.ok(whole(seen[button], viewport), `${button} at ${said(seen[button])}`);
        assert.ok(seen.title.bottom - seen.title.top < 40, `the title takes one line (${said(seen.title)})`);
        assert.ok(seen.menu && seen.menu.bottom > 0, 'the tools are folded behind Menu');
        assert.ok(seen.scrollWidth <= viewport.width, `nothing scrolls sideways (${seen.scrollWidth} px)`);
        // The tanks are the core's drawing for their box's width, not a scaled one.
        const [, , vbWidth] = seen.viewBox.split(' ').map(Number);
        assert.ok(Math.abs(vbWidth - Math.max(280, seen.tanks.right - seen.tanks.left)) < 1 || vbWidth === 280, `viewBox ${seen.viewBox} for a box ${seen.tanks.right - seen.tanks.left} px wide`);
        // Play plays, here too.
        await page.tap('#play');
        await page.waitForSelector('#app[data-playing="true"]');
      } finally {
        await done();
      }
    });
  }

  test('in the dark the layout is the same', async () => {
    const { page, done } = await phone(LANDSCAPES[0], '#w=5%2C3%2C2', 'dark');
    try {
      const seen = await boxes(page);
      assert.ok(whole(seen.tanks, LANDSCAPES[0]) && whole(seen.play, LANDSCAPES[0]), `tanks ${said(seen.tanks)}, Play ${said(seen.play)}`);
    } finally {
      await done();
    }
  });

  // Turned while playing, from wherever the page was scrolled to watch the tanks: they are in view
  // after. Scrolled to the weights' box, the browser keeps that box in place (scroll anchoring),
  // which the turn moves under the explanation, far from the tanks.
  for (const [from, to] of [[PORTRAIT, LANDSCAPES[0]], [PORTRAIT, LANDSCAPES[1]], [LANDSCAPES[0], PORTRAIT]]) {
    for (const atTop of [null, '.tanks-wrap', '#weights']) {
      test(`turned from ${from.width}×${from.height} to ${to.width}×${to.height} while playing${atTop ? `, scrolled to ${atTop}` : ''}, the tanks stay in view`, async () => {
        const { page, done } = await phone(from, '#w=5%2C3%2C2&speed=0.5');
        try {
          if (atTop) {
            await page.evaluate((selector) => window.scrollTo(0, document.querySelector(selector).getBoundingClientRect().top + scrollY), atTop);
            await frames(page);
          }
          await page.tap('#play');
          await page.waitForSelector('#app[data-playing="true"]');
          await page.setViewportSize(to);
          await frames(page);
          await frames(page);
          const seen = await boxes(page);
          assert.equal(await page.getAttribute('#app', 'data-playing'), 'true');
          assert.ok(whole(seen.tanks, to), `the tanks at ${said(seen.tanks)} in a window ${to.height} px tall (scrolled ${seen.scrollY} px)`);
          assert.ok(whole(seen.play, to), `Play at ${said(seen.play)}`);
        } finally {
          await done();
        }
      });
    }
  }

  test('turned while reading the table below, not playing, the page is left where it is', async () => {
    const { page, done } = await phone(PORTRAIT, '#w=5%2C3%2C2&t=5');
    try {
      await page.evaluate(() => document.querySelector('#trace').scrollIntoView({ block: 'start' }));
      await frames(page);
      await page.setViewportSize(LANDSCAPES[0]);
      await frames(page);
      await frames(page);
      const seen = await boxes(page);
      assert.ok(seen.tanks.bottom < 0, `the tanks at ${said(seen.tanks)}: not brought back`);
    } finally {
      await done();
    }
  });

  // A tablet on its side and a desktop keep their layout: the masthead's tools beside the title.
  for (const viewport of [{ width: 1024, height: 600 }, { width: 1366, height: 900 }]) {
    test(`at ${viewport.width}×${viewport.height} the tanks are the desktop's, the explanation beside them`, () => {
      const opening = openPage(suite.browser(), `${suite.url()}index.html#w=5%2C3%2C2`, { viewport, reducedMotion: 'reduce' });
      return opening.then(async (tab) => {
        try {
          await waitReady(tab.page);
          const layout = await tab.page.evaluate(() => {
            const tanks = document.querySelector('.tanks-wrap').getBoundingClientRect();
            const explain = document.querySelector('.explain').getBoundingClientRect();
            const play = document.querySelector('#play').getBoundingClientRect();
            return { besides: explain.left >= tanks.right, playBelow: play.top >= tanks.bottom, lede: document.querySelector('.masthead .lede').checkVisibility() };
          });
          assert.deepEqual(layout, { besides: true, playBelow: true, lede: true });
          tab.assertNoErrors();
        } finally {
          await tab.close();
        }
      });
    });
  }
});
