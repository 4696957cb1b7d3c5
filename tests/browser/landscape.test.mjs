// A phone held sideways: the tanks and the transport share the first screen (page.css, a window
// wider than tall and under 500 px), and a phone turned while its tanks are watched keeps them in
// view (stage/tanks-in-view.js), as a story or an event tapped a screen under them brings them
// into view. A laptop's window is laptop.test.mjs's.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { openPage, usePageSuite, waitReady, watchErrors, wholeInWindow as whole } from './harness.mjs';

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

/** A box as these assertions say it: its top–bottom in whole px. */
const said = (box) => box && `${Math.round(box.top)}–${Math.round(box.bottom)} px`;

/** Two frames: the layout after a resize, and the tanks drawn again for their new width. */
const frames = (page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/** Turns the phone to `size`, lets the page settle (the turn's scroll comes in its own frames), and reads its boxes. */
async function turned(page, size) {
  await page.setViewportSize(size);
  await frames(page);
  await frames(page);
  return boxes(page);
}

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

  // A lesson: its chapter in the right column above the transport, so the chapter's title, the
  // tanks (or chapter 1's and 2's pictures) and the Phase button it asks for share the first
  // screen, the chapter's buttons too; a long text scrolls inside the panel, not the page.
  for (const [viewport, lang, scheme] of [[LANDSCAPES[0], 'en', 'light'], [LANDSCAPES[1], 'zh', 'dark'], [LANDSCAPES[2], 'en', 'light'], [LANDSCAPES[3], 'en', 'dark']]) {
    test(`at ${viewport.width}×${viewport.height} (${lang}, ${scheme}) every chapter, the tanks and the Phase button are in the first screen`, async () => {
      const { page, done } = await phone(viewport, `#lesson=1${lang === 'zh' ? '&lang=zh' : ''}`, scheme);
      try {
        for (let chapter = 1; chapter <= 8; chapter++) {
          await page.waitForSelector(`#lesson[data-chapter="${chapter}"]`);
          await frames(page);
          const at = `chapter ${chapter}`;
          const seen = await page.evaluate(() => {
            const box = (selector) => {
              const rect = document.querySelector(selector).getBoundingClientRect();
              return { top: rect.top, bottom: rect.bottom, left: rect.left, right: rect.right };
            };
            return {
              scrollY, scrollWidth: document.documentElement.scrollWidth,
              picture: box('.tanks-wrap'), title: box('#lesson-title'), panel: box('#lesson'),
              phase: box('#phase-forward'), play: box('#play'), previous: box('#lesson-previous'), next: box('#lesson-next'), leave: box('#lesson-leave'),
              nextName: document.querySelector('#lesson-next').textContent,
            };
          });
          assert.equal(seen.scrollY, 0, at);
          assert.ok(seen.scrollWidth <= viewport.width, `${at}: nothing scrolls sideways (${seen.scrollWidth} px)`);
          for (const part of ['picture', 'title', 'phase', 'play', 'previous', 'next', 'leave']) {
            assert.ok(whole(seen[part], viewport), `${at}: ${part} at ${said(seen[part])}, ${Math.round(seen[part].left)}–${Math.round(seen[part].right)} px across`);
          }
          assert.ok(seen.panel.left >= seen.picture.right, `${at}: the chapter beside the tanks, not over them`);
          assert.ok(seen.phase.top >= seen.panel.bottom, `${at}: the transport under the chapter`);
          assert.match(seen.nextName, lang === 'zh' ? /下一章/ : /Next chapter/, `${at}: Next keeps its name`);
          // The text's end is in reach of the panel's own scrolling, and the page stays put.
          const end = await page.$eval('#lesson .lesson-text', (text) => {
            text.scrollTop = text.scrollHeight;
            const range = document.createRange();
            range.selectNodeContents(text);
            const rects = [...range.getClientRects()];
            return { last: rects.at(-1).bottom, box: text.getBoundingClientRect().bottom, scrollY };
          });
          assert.ok(end.last <= end.box + 0.5 && end.box <= viewport.height, `${at}: the text ends at ${Math.round(end.last)} px in a box ending at ${Math.round(end.box)} px`);
          assert.equal(end.scrollY, 0, `${at}: the page did not scroll with the text`);
          if (chapter < 8) await page.tap('#lesson-next');
        }
        // The Phase button the chapters ask for works from here.
        const phase = await page.getAttribute('#app', 'data-phase');
        await page.tap('#phase-forward');
        await page.waitForFunction((before) => document.querySelector('#app').dataset.phase !== before, phase);
      } finally {
        await done();
      }
    });
  }

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
          const seen = await turned(page, to);
          assert.equal(await page.getAttribute('#app', 'data-playing'), 'true');
          assert.ok(whole(seen.tanks, to), `the tanks at ${said(seen.tanks)} in a window ${to.height} px tall (scrolled ${seen.scrollY} px)`);
          assert.ok(whole(seen.play, to), `Play at ${said(seen.play)}`);
        } finally {
          await done();
        }
      });
    }
  }

  // The tanks are half in view under an open menu; the reader is in the menu, not at the tanks.
  for (const to of [LANDSCAPES[0], LANDSCAPES[1]]) {
    test(`turned to ${to.width}×${to.height} with the Menu open, Menu and its tools stay in the window`, async () => {
      const { page, done } = await phone(PORTRAIT, '#w=5%2C3%2C2&t=5');
      try {
        await page.tap('#menu');
        await page.waitForSelector('#menu[aria-expanded="true"]');
        const seen = await turned(page, to);
        const tools = await page.evaluate(() => document.querySelector('#page-menu').getBoundingClientRect().top);
        assert.equal(await page.getAttribute('#menu', 'aria-expanded'), 'true');
        assert.ok(whole(seen.menu, to), `Menu at ${said(seen.menu)} (scrolled ${seen.scrollY} px)`);
        assert.ok(tools >= 0, `the tools start at ${Math.round(tools)} px`);
      } finally {
        await done();
      }
    });
  }

  // Upright, the scenario's panel is a screen or two under the tanks: a tap that changes the run
  // or the step there shows what it changed; a key press leaves the page, and the focus, as they are.
  for (const [what, target] of [['a story', 'button[data-story="c-down-up"]'], ['an event', 'ol#events li[data-kind="alive"] button']]) {
    test(`${what} tapped under the tanks brings them and the transport into view; pressed with a key, the page stays`, async () => {
      const { page, done } = await phone(PORTRAIT, '#w=5%2C3%2C2&scenario=%405%20C%20dead%3B%20%4031%20C%20alive');
      try {
        const away = async () => {
          await page.evaluate((target) => document.querySelector(target).scrollIntoView({ block: 'center' }), target);
          await frames(page);
          const seen = await boxes(page);
          assert.ok(seen.tanks.bottom < 0, `the tanks at ${said(seen.tanks)}, out of view`);
        };
        await away();
        await page.focus(target);
        await page.keyboard.press('Enter');
        await frames(page);
        await frames(page);
        let seen = await boxes(page);
        assert.ok(seen.tanks.bottom < 0, `after Enter the tanks at ${said(seen.tanks)}: the page stays with the focus`);
        await away();
        await page.tap(target);
        await frames(page);
        await frames(page);
        seen = await boxes(page);
        assert.ok(whole(seen.tanks, PORTRAIT), `after a tap the tanks at ${said(seen.tanks)}`);
        assert.ok(whole(seen.play, PORTRAIT), `and Play at ${said(seen.play)}`);
      } finally {
        await done();
      }
    });
  }

  test('turned while reading the table below, not playing, the page is left where it is', async () => {
    const { page, done } = await phone(PORTRAIT, '#w=5%2C3%2C2&t=5');
    try {
      await page.evaluate(() => document.querySelector('#trace').scrollIntoView({ block: 'start' }));
      await frames(page);
      const seen = await turned(page, LANDSCAPES[0]);
      assert.ok(seen.tanks.bottom < 0, `the tanks at ${said(seen.tanks)}: not brought back`);
    } finally {
      await done();
    }
  });
});
