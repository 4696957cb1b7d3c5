// The walkthrough at its edges: names longer than their tanks or in a right-to-left script,
// presses faster than the animation, an embed whose only place to say an input is wrong is its
// status line, Space after a dialog closes, a snippet copied before its height is measured, a
// link to a step that is none.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { holdBack, inTab, usePageSuite, waitStep } from './harness.mjs';
import { cliTrace } from './run-reading.mjs';

describe('the walkthrough at its edges', () => {
  const { open } = usePageSuite();

  test('long names are shortened to their tank: no name runs into the next', async () => {
    const names = ['A', 'B', 'C'].map((letter) => letter.repeat(64));
    for (const width of [390, 1280]) {
      const tab = await open(`#w=${encodeURIComponent(names.map((name, i) => `${name}=${5 - i}`).join(' '))}&t=1`, { viewport: { width, height: 900 }, reducedMotion: 'reduce' });
      const boxes = await tab.page.$$eval('svg#tanks g.tank text.name', (texts) => texts.map((text) => {
        const box = text.getBoundingClientRect();
        return { left: box.left, right: box.right, text: text.textContent };
      }));
      assert.equal(boxes.length, 3);
      for (let i = 1; i < boxes.length; i += 1) {
        assert.ok(boxes[i - 1].right <= boxes[i].left, `${width} px: "${boxes[i - 1].text}" ends at ${boxes[i - 1].right.toFixed(1)}, past "${boxes[i].text}" at ${boxes[i].left.toFixed(1)}`);
      }
      assert.ok(boxes.every((box) => box.text.endsWith('…')));
      tab.assertNoErrors();
      await tab.close();
    }
  });

  test('names are shortened between whole characters: an emoji, a family, a flag or an accented letter is never cut in half', async () => {
    const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
    const names = ['😀'.repeat(16), '👨‍👩‍👧'.repeat(10), '🇨🇳🇺🇸'.repeat(8), 'e\u0301'.repeat(30), '平滑加权轮询算法演示'];
    const hash = `#w=${encodeURIComponent(`${names.map((name, i) => `${name}=${5 - i}`).join(' ')} a😀=1`)}&t=2`;
    for (const width of [390, 1280]) {
      await inTab(open(hash, { viewport: { width, height: 900 }, reducedMotion: 'reduce' }), async (page) => {
        await page.waitForSelector('svg#strip text.cell-label');
        const drawn = await page.evaluate(() => {
          const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
          const split = (text) => Array.from(segmenter.segment(text), ({ segment }) => segment);
          const tanks = [...document.querySelectorAll('svg#tanks g.tank text.name')].map((text) => text.firstChild.textContent);
          const labels = [...document.querySelectorAll('svg#strip text.cell-label')].map((text) => text.textContent);
          const boxes = [...document.querySelectorAll('svg#tanks g.tank text.name')].map((text) => text.getBoundingClientRect()).map(({ left, right }) => ({ left, right }));
          return { tanks, labels, split: tanks.map(split), boxes };
        });
        drawn.tanks.forEach((shown, i) => {
          assert.doesNotMatch(shown, lone, `${width} px: "${shown}" holds half an emoji`);
          if (i === names.length || shown === names[i]) return;
          const full = names[i];
          assert.ok(shown.endsWith('…'), `${width} px: "${shown}" is shortened`);
          const kept = shown.slice(0, -1);
          assert.ok(full.startsWith(kept), `${width} px: "${shown}" is the start of the name`);
          const whole = drawn.split[i].slice(0, -1).join('');
          assert.equal(whole, kept, `${width} px: "${shown}" ends on a whole character`);
          // The next of the name's characters begins where the kept part ends.
          const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
          const bounds = Array.from(segmenter.segment(full), ({ index }) => index);
          assert.ok(bounds.includes(kept.length), `${width} px: "${shown}" is cut between characters`);
        });
        // An emoji or an ideograph takes about two letters' width: the names stay clear of each other.
        for (let i = 1; i < drawn.boxes.length; i += 1) assert.ok(drawn.boxes[i - 1].right <= drawn.boxes[i].left, `${width} px: "${drawn.tanks[i - 1]}" runs into "${drawn.tanks[i]}"`);
        assert.ok(drawn.tanks[0].endsWith('…'), `${width} px: sixteen emoji are shortened (${drawn.tanks[0]})`);
        assert.ok(drawn.labels.length > 0 && drawn.labels.every((label) => !lone.test(label)), `${width} px: the strip's letters are whole: ${drawn.labels.join(' ')}`);
        assert.ok(drawn.labels.includes('a😀'), `${width} px: "a😀" keeps its emoji in the strip`);
      });
    }
  });

  test('a phone with ten or twelve tanks: the last tank\'s +w and its badge end inside the picture', async () => {
    // The last tank is the one picked: at step 1 for 10…100, at step 12 for twelve 1s, at step 2
    // for six tanks whose last weight a scenario raises from 1 to 100 (its +w says 100).
    for (const [width, weights, t, scenario, added] of [
      [360, '10,20,30,40,50,60,70,80,90,100', 1, '', '100'],
      [390, '1,1,1,1,1,1,1,1,1,1,1,1', 12, '', '1'],
      [390, '5,3,1,1,1,1', 2, '@2 F=100', '100'],
    ]) {
      const tab = await open(`#w=${weights}&t=${t}${scenario && `&scenario=${encodeURIComponent(scenario)}`}`, { viewport: { width, height: 700 }, reducedMotion: 'reduce' });
      const { right, texts } = await tab.page.$eval('svg#tanks', (svg) => ({
        right: svg.getBoundingClientRect().right,
        texts: [...svg.querySelectorAll('g.tank:last-of-type :is(.pipe-label, .badge)')].map((text) => ({ text: text.textContent, right: text.getBoundingClientRect().right })),
      }));
      assert.deepEqual(texts.map(({ text }) => text), [`+${added}`, 'picked']);
      for (const text of texts) assert.ok(text.right <= right + 0.5, `${width} px: "${text.text}" ends at ${text.right.toFixed(1)}, past the picture at ${right.toFixed(1)}`);
      tab.assertNoErrors();
      await tab.close();
    }
  });

  test('a phone with twelve tanks and a weight of five digits: the last tank\'s drain and level end inside the picture', () => inTab(open('#w=1,2,3,1,2,3,1,2,3,1,2,40000&t=1', { viewport: { width: 390, height: 700 }, reducedMotion: 'reduce' }), async (page) => {
    const { right, texts } = await page.$eval('svg#tanks', (svg) => ({
      right: svg.getBoundingClientRect().right,
      texts: [...svg.querySelectorAll('g.tank:last-of-type :is(.drain-label, .level)')].map((text) => ({ text: text.textContent, right: text.getBoundingClientRect().right })),
    }));
    // L is picked at step 1: it drains by W = 40021 from 40000 to −21.
    assert.deepEqual(texts.map(({ text }) => text), ['−21', '−40021']);
    for (const text of texts) assert.ok(text.right <= right + 0.5, `"${text.text}" ends at ${text.right.toFixed(1)}, past the picture at ${right.toFixed(1)}`);
  }));

  test('a level or drain wider than a tank\'s slot is drawn as wide as the slot: twelve tanks\' numbers never run into each other', () => inTab(open('#w=1000,90,5,7,1000,3,2,9,4000,1,2,3&t=11', { viewport: { width: 390, height: 700 }, reducedMotion: 'reduce' }), async (page) => {
    const tanks = await page.$$eval('svg#tanks g.tank', (groups) => groups.map((g) => {
      const box = (text) => (text && text.textContent ? { text: text.textContent, left: text.getBoundingClientRect().left, right: text.getBoundingClientRect().right } : null);
      return { level: box(g.querySelector('.level')), drain: box(g.querySelector('.drain-label')) };
    }));
    // A and E at −1244 (five characters; a slot holds three), I drains by 6122.
    assert.deepEqual([tanks[0].level.text, tanks[4].level.text, tanks[8].drain.text], ['−1244', '−1244', '−6122']);
    for (let i = 1; i < tanks.length; i += 1) {
      assert.ok(tanks[i - 1].level.right <= tanks[i].level.left + 0.5, `${tanks[i - 1].level.text} runs into ${tanks[i].level.text}`);
    }
    const slot = (await page.$eval('svg#tanks g.tank[data-node="1"] .tank-body', (b) => b.getBoundingClientRect().left)) - (await page.$eval('svg#tanks g.tank[data-node="0"] .tank-body', (b) => b.getBoundingClientRect().left));
    for (const text of [tanks[0].level, tanks[8].drain]) assert.ok(text.right - text.left <= slot + 1, `${text.text}: ${(text.right - text.left).toFixed(1)} px in a slot of ${slot.toFixed(1)}`);
  }));

  test('a level just under zero sits under its surface, clear of the zero line drawn over the tanks', () => inTab(open('#w=100,1,1&t=94', { viewport: { width: 390, height: 700 }, reducedMotion: 'reduce' }), async (page) => {
    const { zero, levels } = await page.$eval('svg#tanks', (svg) => ({
      zero: svg.querySelector('.zero-line').getBoundingClientRect().top,
      levels: [...svg.querySelectorAll('g.tank .level')].map((text) => {
        const box = text.getBoundingClientRect();
        return { text: text.textContent, top: box.top, bottom: box.bottom };
      }),
    }));
    // 100,1,1 at step 94: A 118→16, B and C at −8, just under the line.
    assert.deepEqual(levels.map(({ text }) => text), ['16', '−8', '−8']);
    for (const level of levels) {
      assert.ok(level.bottom <= zero + 1 || level.top >= zero - 1, `"${level.text}" (${level.top.toFixed(1)}–${level.bottom.toFixed(1)}) is struck through by the zero line at ${zero.toFixed(1)}`);
    }
  }));

  test('a +w wider than a tank\'s slot: every second one stands in a row under the first, and none runs into another', async () => {
    for (const [width, hash, rows] of [
      [390, '#w=1000,90,5,7,1000,3,2,9,4000,1,2,3&t=1', 2],
      [390, '#w=5,3,2,1,1,1&t=1', 1],
      // A weight a scenario raises to 1000 counts from the start: the rows do not change mid-run.
      [390, `#w=5,3,2,1,1,1,1,1,1,2&scenario=${encodeURIComponent('@2 A=1000')}&t=1`, 2],
    ]) {
      await inTab(open(hash, { viewport: { width, height: 700 }, reducedMotion: 'reduce' }), async (page) => {
        const labels = await page.$$eval('svg#tanks .pipe-label', (texts) => texts.map((text) => {
          const box = text.getBoundingClientRect();
          return { text: text.textContent, left: box.left, right: box.right, top: box.top, bottom: box.bottom, y: text.getAttribute('y') };
        }));
        assert.equal(new Set(labels.map(({ y }) => y)).size, rows, `${hash}: ${rows} row(s) of +w`);
        for (const [i, a] of labels.entries()) {
          for (const b of labels.slice(i + 1)) {
            const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
            assert.ok(!overlap, `${hash}: "${a.text}" and "${b.text}" overlap`);
          }
        }
      });
    }
  });

  test('a name in a right-to-left script keeps the numbers after it in order', () => inTab(open(`#w=${encodeURIComponent('שרת=5 B=3')}&t=2`, { reducedMotion: 'reduce' }), async (page) => {
    await waitStep(page, 2);
    // Isolated (U+2068 … U+2069), the Hebrew name no longer pulls "−3→2" into its direction,
    // which showed it as "2→3−"; a Latin name is written as it is.
    assert.equal(
      await page.textContent('#narration'),
      'Step 2: every tank fills by its weight: \u2068שרת\u2069 −3→2, B 3→6. B is the fullest at 6 and is picked. B drains by 8: 6→−2.',
    );
    // Where the characters after each name are drawn: "−3" left of "→2", as "3→" of "→6" (on
    // one line: a line may break after "→", which says nothing of the order).
    const [hebrew, latin] = await page.evaluate(() => {
      const narration = document.querySelector('#narration');
      narration.style.whiteSpace = 'nowrap';
      // The text node and offset of a character of the narration, whatever elements hold its text.
      const point = (offset) => {
        const walker = document.createTreeWalker(narration, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (offset <= node.length) return [node, offset];
          offset -= node.length;
        }
        throw new Error(`no character at ${offset}`);
      };
      const left = (needle) => {
        const start = narration.textContent.indexOf(needle);
        const range = document.createRange();
        range.setStart(...point(start));
        range.setEnd(...point(start + needle.length));
        return range.getBoundingClientRect().left;
      };
      return [[left('−3'), left('→2')], [left('3→'), left('→6')]];
    });
    assert.ok(hebrew[0] < hebrew[1], `"−3" is drawn left of "→2" (${hebrew})`);
    assert.ok(latin[0] < latin[1], `"3→" is drawn left of "→6" (${latin})`);
    // The table's heading of the same node keeps its "+5" after the name too.
    assert.equal(await page.textContent('#trace th[data-node="0"][data-phase="filled"]'), '\u2068שרת\u2069 +5');
    assert.equal(await page.textContent('#trace th[data-node="1"][data-phase="filled"]'), 'B +3');
  }));

  test('presses faster than the animation: each Step forward is one whole step', () => inTab(open('#w=5%2C3%2C2'), async (page) => {
    for (let i = 0; i < 3; i += 1) await page.click('#forward', { delay: 10 });
    await waitStep(page, 3);
    await page.focus('body');
    for (let i = 0; i < 20; i += 1) await page.keyboard.press('ArrowRight');
    await waitStep(page, 23);
    assert.deepEqual(await page.$$eval('svg#tanks g.tank', (gs) => gs.map((g) => Number(g.dataset.current))), cliTrace('5,3,2', 3).at(-1).drained, 'step 23 is step 3 of its period');
  }));

  test('playing into a step no node can be picked at pauses there, as any other end of play', async () => {
    // gRPC keeps no backup: with its only node down at step 2, the run stops after step 1.
    for (const speed of [30, 1]) {
      await inTab(open(`#w=5&algo=grpc&scenario=%402%20A%20down&speed=${speed}`, { reducedMotion: 'reduce' }), async (page) => {
        await page.click('#play');
        await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Cannot go to step 2'));
        await page.waitForFunction(() => document.querySelector('#app').dataset.playing === 'false', null, { timeout: 5000 });
        assert.equal(await page.getAttribute('#app', 'data-step'), '1', `speed ${speed}: it stops after step 1`);
        assert.equal(await page.getAttribute('#play', 'aria-label'), 'Play');
        assert.equal(await page.getAttribute('#play', 'aria-pressed'), 'false');
        assert.equal(await page.textContent('#status'), 'Cannot go to step 2: no node can be picked at step 2: nodes down: 1');
        // Play again: the same stop, paused again; the other controls work.
        await page.click('#play');
        await page.waitForFunction(() => document.querySelector('#app').dataset.playing === 'false', null, { timeout: 5000 });
        await page.click('#back');
        await waitStep(page, 0, 'start');
      });
    }
  });

  test('in embed mode a refused scenario stays said on the status line while the walkthrough steps', () => inTab(open('#w=5%2C3%2C2&scenario=%402%20Z%20down&embed=1', { viewport: { width: 760, height: 720 } }), async (page) => {
    const refused = 'event 1: "Z" (at column 4) is not a node: the nodes are A, B, C, or #1, #2, … by position';
    assert.equal(await page.textContent('#status'), refused);
    await page.click('#forward');
    await waitStep(page, 1);
    assert.equal(await page.textContent('#status'), refused);
    assert.equal(await page.getAttribute('#app', 'data-options-error'), refused);
  }));

  test('a link with a step, speed, theme or run option it cannot use opens with the defaults and says so, in the page\'s language', async () => {
    const cases = [
      ['t=abc', 't=abc is not a step: expected a whole number from 0, e.g. 5'],
      ['t=abc&lang=zh', 't=abc 不是步数：应为从 0 起的整数，例如 5'],
      ['t=2&speed=7&theme=blue', 'speed=7 is not a speed: expected 0.5, 1, 2, 4, 10, 30, 100 or 300 (steps per second) · theme=blue is not a theme: expected light or dark'],
      ['algo=grcp&tie=sideways', 'unknown algorithm "grcp": expected swrr (nginx), classic, interleaved, random, edf, grpc, grpc-java or envoy · unknown tie rule "sideways": expected first (nginx) or last'],
      ['t=x&subtract=mine&lang=zh', 't=x 不是步数：应为从 0 起的整数，例如 5 · 未知的减去规则“mine”：应为 total（nginx）或 own（错误的变体）'],
      ['workers=0', 'workers must be a whole number from 1 to 64, got 0'],
      // What JavaScript would read as 1000 is refused as the core refuses it, and the default runs.
      ['rate=1e3', 'rate must be a whole number from 1 to 1000000, got "1e3"'],
      ['t=2&phase=later', 'phase=later is not a phase of a step under way: expected fill or pick (a step whole has no phase)'],
      // Steps that are not a whole number are said to be so, as the CLI's --steps; a whole number
      // out of the page's range is said to be out of range.
      ['steps=abc', 'steps "abc" is not a whole number: write it with digits only, 1 or more'],
      ['steps=1.5&lang=zh', '步数 “1.5” 不是整数：请只用数字书写，至少为 1'],
      ['steps=0', 'steps 0 is out of range: a run has 1 to 10000000 steps'],
      ['steps=20000000', 'steps 20000000 is out of range: a run has 1 to 10000000 steps'],
      ['zone=yes&lang=zh', 'zone=yes 既不是开也不是关：应为不带值的 zone、true 或 1（各工作进程共享一份状态），或 false 或 0（每个工作进程各一份）'],
    ];
    for (const [hash, said] of cases) {
      await inTab(open(`#w=5%2C3%2C2&${hash}`), async (page) => {
        await page.waitForFunction((said) => document.querySelector('#status').textContent === said, said);
        const shown = await page.evaluate(() => [document.getElementById('app').dataset.step, ...['#speed', '#algo', '#tie', '#rate'].map((id) => document.querySelector(id).value)]);
        assert.deepEqual(shown, [hash.startsWith('t=2') ? '2' : '0', '1', 'swrr', 'first', '1']);
      });
    }
  });

  test('a run option a link asked for and the core refused is said until one is chosen', () => inTab(open('#w=5%2C3%2C2&algo=grcp&tie=sideways'), async (page) => {
    await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('unknown algorithm "grcp"'));
    await page.selectOption('#algo', 'grpc');
    await page.waitForFunction(() => document.querySelector('#status').textContent === 'unknown tie rule "sideways": expected first (nginx) or last');
    // The tie rule is SWRR's: back to it, and a rule chosen.
    await page.selectOption('#algo', 'swrr');
    await page.selectOption('#tie', 'last');
    await page.waitForFunction(() => document.querySelector('#status').textContent === '');
  }));

  test('Space after a dialog: closed with a click it plays, closed with Escape it presses the ringed button', () => inTab(open('#w=5%2C3%2C2&present=1', { reducedMotion: 'reduce' }), async (page) => {
    const shown = () => page.evaluate(() => ({
      active: document.activeElement.id, ring: document.activeElement.matches(':focus-visible'),
      open: document.querySelector('#qr-dialog').open, playing: document.querySelector('#app').dataset.playing,
    }));
    // Opened and closed with the mouse: the focus comes back to the QR button without its ring,
    // and Space plays, as on any button just clicked; the dialog stays closed.
    await page.click('#show-qr');
    await page.waitForSelector('#qr-dialog[open]');
    await page.click('#qr-dialog .dialog-close');
    assert.deepEqual(await shown(), { active: 'show-qr', ring: false, open: false, playing: 'false' });
    await page.keyboard.press('Space');
    await page.waitForSelector('#app[data-playing="true"]');
    assert.equal((await shown()).open, false, 'Space did not open the dialog again');
    await page.keyboard.press('Space');
    await page.waitForSelector('#app[data-playing="false"]');
    // The same with a click outside the dialog.
    await page.click('#show-qr');
    await page.waitForSelector('#qr-dialog[open]');
    await page.mouse.click(3, 3);
    await page.keyboard.press('Space');
    await page.waitForSelector('#app[data-playing="true"]');
    assert.equal((await shown()).open, false);
    await page.keyboard.press('Space');
    await page.waitForSelector('#app[data-playing="false"]');
    // Closed with Escape, the keyboard's way: the button shows its focus ring, and Space presses
    // it, opening the dialog again (the browser's own behaviour, as after Tab).
    await page.click('#show-qr');
    await page.waitForSelector('#qr-dialog[open]');
    await page.keyboard.press('Escape');
    assert.deepEqual(await shown(), { active: 'show-qr', ring: true, open: false, playing: 'false' });
    await page.keyboard.press('Space');
    await page.waitForSelector('#qr-dialog[open]');
    assert.equal((await shown()).playing, 'false');
  }));

  test('the iframe snippet\'s Copy waits for its height: disabled and saying so while it is measured', () => inTab(open('#w=5%2C3%2C2&t=5'), async (page) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    // The hidden frame that measures the page in embed mode loads index.html again: held back.
    const release = await holdBack(page, '**/index.html');
    await page.click('#share');
    await page.waitForSelector('#share-dialog[open]');
    const copy = '#share-dialog [data-copy="share-iframe"]';
    assert.equal(await page.getAttribute('#share-iframe', 'aria-busy'), 'true');
    assert.equal(await page.inputValue('#share-iframe'), '', 'no snippet to select and copy by hand before its height is known');
    assert.equal(await page.getAttribute('#share-iframe', 'placeholder'), 'Measuring…');
    // Under it, what a narrower column (a phone) does with the height measured at 760 px.
    assert.match(await page.textContent('#share-iframe-note'), /^Its height is the page’s at 760 px wide\. In a narrower column, as on a phone, the frame keeps that height and the page scrolls inside it/);
    // A press while measuring copies nothing (a disabled button takes no click).
    const box = await page.locator(copy).boundingBox();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForTimeout(150);
    assert.equal(await page.textContent('#share-dialog .dialog-status'), '', 'nothing copied while the height is measured');
    // It says so, and keeps its width (its two labels share one cell, the other one hidden).
    const shown = () => page.$eval(copy, (button) => ({ disabled: button.disabled, says: button.innerText, width: button.getBoundingClientRect().width }));
    const measuring = await shown();
    assert.deepEqual({ ...measuring, width: 0 }, { disabled: true, says: 'Measuring…', width: 0 });
    assert.equal(await page.getByRole('button', { name: 'Measuring…' }).count(), 1, 'its accessible name is what it says');
    release();
    await page.waitForSelector('#share-iframe[data-height]:not([aria-busy])');
    const height = await page.getAttribute('#share-iframe', 'data-height');
    assert.deepEqual(await shown(), { disabled: false, says: 'Copy', width: measuring.width });
    await page.click(copy);
    await page.waitForFunction(() => document.querySelector('#share-dialog .dialog-status').textContent !== '');
    assert.equal(await page.textContent('#share-dialog .dialog-status'), 'Copied to the clipboard.');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(copied, new RegExp(` height="${height}" `), `the copied snippet carries the measured ${height}`);
    assert.notEqual(height, '720');
  }));
});
