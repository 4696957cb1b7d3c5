// The handout and the QR code: the PDF that printing gives (Chromium's page.pdf, read back with
// poppler's pdftotext and pdfinfo, which scripts/setup.sh installs), on A4 and Letter, in English
// and Chinese, as a worksheet with the future hidden; and the QR codes of presenter mode and of
// the printed sheet, decoded with jsQR (npm) to the link that restores the exact state.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { ROOT, SCREENSHOTS, inTab, launchBrowser, openPage, startServer, waitReady } from './harness.mjs';

/** Words of the page's controls: none may be on paper. */
const BUTTON_LABELS = ['Share / Embed', 'Export / import', 'Theme:', 'Print handout', 'Presenter', 'Hide the future', 'Step forward', 'Speed', 'Presets', 'Add node', 'QR code'];
const RULES = ['for each node i: current[i] += weight[i]; total += weight[i]', 'best = the node with the highest current (ties: first in list)', 'current[best] -= total; return best'];

describe('handout and QR code', () => {
  let server;
  let browser;
  let dir;

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    dir = await mkdtemp(join(tmpdir(), 'swrr-handout-'));
    await mkdir(SCREENSHOTS, { recursive: true });
  });

  after(async () => {
    await browser?.close();
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function open(hash, options = {}) {
    const tab = await openPage(browser, `${server.url}index.html${hash}`, { reducedMotion: 'reduce', ...options });
    await waitReady(tab.page);
    return tab;
  }

  /**
   * "Print handout" (the print dialog itself stubbed out), then the PDF of each paper size:
   * {text (pdftotext -layout), plain (reading order, spaces collapsed), pages, file} per format.
   */
  async function printHandout(page, name, formats = ['A4', 'Letter']) {
    await page.evaluate(() => {
      window.print = () => {
        document.documentElement.dataset.printed = String(Number(document.documentElement.dataset.printed ?? 0) + 1);
      };
    });
    await page.click('#print-handout');
    await page.waitForSelector('html[data-printed]', { timeout: 30_000 });
    const out = {};
    for (const format of formats) {
      const file = join(dir, `${name}-${format}.pdf`);
      await writeFile(file, await page.pdf({ format, printBackground: true }));
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      // In reading order, each block's lines joined: for sentences that wrap.
      const plain = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
      const pages = Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))[1]);
      out[format] = { text, plain, pages, file };
    }
    return out;
  }

  /** The table's line of `step` (its number first, after ▶ on the current one), below the table's title. */
  function rowLine(text, step, title = 'Hand calculation') {
    const table = text.slice(text.indexOf(title));
    return table.split('\n').find((line) => new RegExp(`^\\s*(▶\\s*)?${step}(\\s|$)`).test(line));
  }

  /** Decodes the QR code in a PNG with jsQR, in a blank page (no CSP there) of the same browser. */
  async function decodeQr(png) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addScriptTag({ path: join(ROOT, 'node_modules', 'jsqr', 'dist', 'jsQR.js') });
    const text = await page.evaluate(async (base64) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context2d = canvas.getContext('2d');
      context2d.drawImage(image, 0, 0);
      const { data, width, height } = context2d.getImageData(0, 0, canvas.width, canvas.height);
      return window.jsQR(data, width, height)?.data ?? null;
    }, png.toString('base64'));
    await context.close();
    return text;
  }

  test('the vendored QR encoder is lean-qr from npm, unchanged', async () => {
    const vendored = await readFile(join(ROOT, 'www', 'sharing', 'lean-qr.js'), 'utf8');
    const npm = await readFile(join(ROOT, 'node_modules', 'lean-qr', 'index.mjs'), 'utf8');
    assert.match(vendored.split('\n')[0], /^\/\*! lean-qr \d+\.\d+\.\d+ .*MIT License/);
    assert.equal(vendored.slice(vendored.indexOf('\n') + 1), npm, 'www/sharing/lean-qr.js is node_modules/lean-qr/index.mjs with a license line on top');
    const { version } = JSON.parse(await readFile(join(ROOT, 'node_modules', 'lean-qr', 'package.json'), 'utf8'));
    assert.ok(vendored.startsWith(`/*! lean-qr ${version} `), 'the license line names the installed version');
  });

  test('5,3,2 at step 5: one page on A4 and on Letter with the still, the rules, the table and the strip', () => inTab(open('#w=5%2C3%2C2&t=5'), async (page) => {
    await page.waitForSelector('section.strip-panel[data-status="ready"]');
    const pdf = await printHandout(page, 'default');
    execFileSync('pdftoppm', ['-png', '-r', '80', pdf.A4.file, join(SCREENSHOTS, 'handout-en-a4')]);
    execFileSync('pdftoppm', ['-png', '-r', '80', pdf.Letter.file, join(SCREENSHOTS, 'handout-en-letter')]);
    assert.equal(pdf.A4.pages, 1, 'A4: one page');
    assert.equal(pdf.Letter.pages, 1, 'Letter: one page');
    const { text, plain } = pdf.A4;
    assert.match(text, /Smooth Weighted Round-Robin/);
    assert.match(text, /Weights 5,3,2/);
    assert.match(text, /Step 5 · period 1 · step 5 of 10/);
    for (const rule of RULES) assert.ok(plain.includes(rule), `the rule "${rule}" is printed`);
    // The still: the levels written in, the drain and where it ends; the narration.
    for (const level of ['+5', '+3', '+2', '↓ −10', '→ −5']) assert.ok(text.includes(level), `the still shows ${level}`);
    assert.match(plain, /A and B tie at 5; A wins \(first in list\)\. A drains by 10: 5→−5\./);
    // The still's tanks and its key, with this step's numbers (bare, key): the sheet says the
    // step and its narration, the marks' key once.
    assert.equal((plain.match(/Dotted line, its number in small type: the level before the step/g) ?? []).length, 1, 'the still\'s key, once');
    assert.match(plain, /Hatched, ↓ −10: the water A drains/);
    assert.match(plain, /A’s level after the drain/);
    // The table: the whole period, the current row marked.
    const winners = ['A', 'B', 'C', 'A', 'A', 'B', 'A', 'C', 'B', 'A'];
    winners.forEach((winner, i) => {
      const line = rowLine(text, i + 1);
      assert.ok(line, `row ${i + 1} is printed`);
      assert.match(line, new RegExp(`\\s${winner}\\b`), `row ${i + 1}: ${winner} wins`);
    });
    assert.match(rowLine(text, 5), /▶\s*5\s+5\*\s+5\*\s+0\s+A \(tie A = B\)\s+-5\s+5\s+0/);
    assert.match(text, /Metrics/);
    assert.ok(text.includes('#w=5%2C3%2C2&t=5'), 'the link to the state');
    for (const label of BUTTON_LABELS) assert.ok(!text.includes(label), `no "${label}" on paper`);

    // The QR code on paper opens the same state.
    execFileSync('pdftoppm', ['-png', '-r', '150', '-singlefile', pdf.A4.file, join(dir, 'default-150')]);
    assert.equal(await decodeQr(await readFile(join(dir, 'default-150.png'))), `${server.url}index.html#w=5%2C3%2C2&t=5`);
    // The handout is not on screen.
    assert.equal(await page.isVisible('#handout'), false);
  }));

  test('with the future hidden it is a worksheet: later rows blank, the strip stops at the step', () => inTab(open('#w=5%2C3%2C2&t=5&future=hide'), async (page) => {
    const pdf = await printHandout(page, 'worksheet', ['A4']);
    const { text, pages } = pdf.A4;
    assert.equal(pages, 1);
    assert.match(text, /Worksheet: fill in the rows after step 5\./);
    for (let step = 1; step <= 5; step += 1) assert.match(rowLine(text, step), /\s[ABC]\b/, `row ${step} is filled in`);
    for (let step = 6; step <= 10; step += 1) {
      const line = rowLine(text, step);
      assert.ok(line, `row ${step} is there to fill in`);
      assert.equal(line.trim(), String(step), `row ${step} is blank but for its number`);
    }
    assert.ok(!/Metrics/.test(text), 'no whole-run metrics on a worksheet');
    const mask = await page.$eval('#handout .handout-strip rect.future-mask', (rect) => Number(rect.getAttribute('width')));
    assert.ok(mask > 0, 'the strip hides the picks after step 5');
    const blank = await page.$$eval('#handout tr[data-blank] td', (cells) => cells.map((cell) => cell.textContent).join(''));
    assert.equal(blank, '', 'blank rows carry no values');
  }));

  /** "Print handout" (the print dialog stubbed out); the handout's table rows, each its attributes, marks and texts. */
  async function handoutRows(page) {
    await page.evaluate(() => {
      window.print = () => { document.documentElement.dataset.printed = 'true'; };
    });
    await page.click('#print-handout');
    await page.waitForSelector('html[data-printed]', { timeout: 30_000 });
    return page.$$eval('#handout table.handout-trace tbody tr', (rows) => rows.map((row) => ({
      step: Number(row.dataset.step),
      attributes: row.getAttributeNames().filter((name) => name !== 'aria-current').sort(),
      winner: row.dataset.winner,
      // Cells that say where the winner is (`td.winner`) or carry a value as data-*.
      marks: row.querySelectorAll('.winner').length,
      data: [...row.cells].filter((cell) => cell.getAttributeNames().some((name) => name.startsWith('data-'))).length,
      winnerName: row.querySelector('td.winner-name')?.textContent ?? null,
      text: row.textContent,
    })));
  }

  test('a worksheet\'s blank rows give no later pick away: no data-winner, no winner mark or name; the rows shown keep theirs', () => inTab(open('#w=5%2C3%2C2&t=5&future=hide'), async (page) => {
    const rows = await handoutRows(page);
    assert.deepEqual(rows.map((row) => row.step), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const shown = rows.slice(0, 5);
    assert.deepEqual(shown.map((row) => row.winner), ['0', '1', '2', '0', '0']);
    assert.deepEqual(shown.map((row) => row.winnerName), ['A', 'B', 'C', 'A', 'A (tie A = B)']);
    // Each shown row: its winner's two cells marked, and the nodes' six level cells their data-*.
    for (const row of shown) assert.deepEqual([row.marks, row.data], [2, 6], `row ${row.step}`);
    for (const row of rows.slice(5)) {
      assert.deepEqual(row.attributes, ['data-blank', 'data-future', 'data-step'], `row ${row.step}`);
      assert.equal(row.winner, undefined, `row ${row.step}`);
      assert.deepEqual([row.marks, row.data], [0, 0], `row ${row.step}: no cell says where the winner is`);
      assert.equal(row.winnerName, '', `row ${row.step}`);
      assert.equal(row.text, String(row.step), `row ${row.step}: its number only`);
    }
  }));

  test('a worksheet of a run of requests: blank rows say neither the request\'s outcome nor its attempt', () => inTab(open(`#w=5%2C3%2C2&t=3&future=hide&scenario=${encodeURIComponent('@1 C max_fails=1 timeout=60; @1 C dead')}`), async (page) => {
    const rows = await handoutRows(page);
    const shown = rows.filter((row) => row.step <= 3);
    const blank = rows.filter((row) => row.step > 3);
    assert.equal(shown.length, 3);
    assert.ok(blank.length >= 5, JSON.stringify(rows.map((row) => row.step)));
    // Shown: A, B, then C, whose connection is refused (the CLI's trace); its retry at step 4 is blank.
    assert.deepEqual(shown.map((row) => row.winner), ['0', '1', '2']);
    for (const row of shown) assert.ok(row.attributes.includes('data-outcome') && row.attributes.includes('data-request'), `row ${row.step}: ${row.attributes}`);
    for (const row of blank) {
      assert.deepEqual(row.attributes, ['data-blank', 'data-future', 'data-step'], `row ${row.step}`);
      assert.deepEqual([row.marks, row.data], [0, 0], `row ${row.step}`);
      assert.equal(row.text, String(row.step), `row ${row.step}`);
    }
  }));

  test('12 nodes: the rows around the step, the whole table on page 1 and the metrics on page 2', () => inTab(open('#w=1%2C2%2C3%2C4%2C5%2C6%2C7%2C8%2C9%2C10%2C11%2C12&t=40'), async (page) => {
    await page.waitForSelector('section.strip-panel[data-status="ready"]');
    const pdf = await printHandout(page, 'twelve', ['A4', 'Letter']);
    execFileSync('pdftoppm', ['-png', '-r', '60', pdf.A4.file, join(SCREENSHOTS, 'handout-12-nodes')]);
    // Page 1: the sheet up to the whole table; page 2: the metrics of twelve nodes, whole.
    for (const format of ['A4', 'Letter']) {
      const { file, pages } = pdf[format];
      assert.equal(pages, 2, `${format}: two pages`);
      const [first, second] = [1, 2].map((n) => execFileSync('pdftotext', ['-layout', '-f', String(n), '-l', String(n), file, '-'], { encoding: 'utf8' }));
      assert.match(first, /Steps 31–50; the sequence repeats every 78 steps\./);
      for (let step = 31; step <= 50; step += 1) assert.ok(rowLine(first, step), `${format}: row ${step} on page 1`);
      assert.match(rowLine(first, 40), /▶\s*40\s/);
      assert.ok(!first.includes('Metrics'));
      const metrics = second.slice(second.indexOf('Metrics'));
      assert.ok(second.includes('Metrics'), `${format}: the metrics on page 2`);
      for (const name of 'ABCDEFGHIJKL') assert.match(metrics, new RegExp(`^\\s*${name}\\s+\\d`, 'm'), `${format}: node ${name}'s metrics`);
      assert.match(second, /This state online:/);
    }
    const rows = await page.$$eval('#handout .handout-trace tbody tr', (trs) => trs.map((tr) => tr.dataset.step));
    assert.deepEqual(rows.map(Number), Array.from({ length: 20 }, (_, i) => 31 + i));
  }));

  test('13 nodes: twelve have columns, and a row won by the thirteenth names it', () => inTab(open('#w=1%2C2%2C3%2C4%2C5%2C6%2C7%2C8%2C9%2C10%2C11%2C12%2C13&t=50'), async (page) => {
    await page.waitForSelector('section.strip-panel[data-status="ready"]');
    await printHandout(page, 'thirteen', ['A4']);
    const table = await page.$eval('#handout .handout-trace', (grid) => ({
      columns: grid.querySelectorAll('thead th[data-phase="filled"]').length,
      winners: [...grid.querySelectorAll('tbody tr')].map((row) => [Number(row.dataset.winner), row.querySelector('.winner-name').textContent]),
    }));
    assert.equal(table.columns, 12);
    const thirteenth = table.winners.filter(([winner]) => winner === 12);
    assert.ok(thirteenth.length > 0, JSON.stringify(table.winners));
    for (const [, name] of thirteenth) assert.match(name, /^M\b/);
  }));

  /**
   * The handout laid out as on paper: print media at the width the page's margins leave on A4 and
   * on Letter, in CSS pixels. Returns, per format, each table's heading cells that reach past the
   * sheet's edges (none should), and each table's font size.
   */
  async function printedTables(page) {
    const out = {};
    await page.emulateMedia({ media: 'print' });
    for (const [format, paper] of [['A4', 210], ['Letter', 215.9]]) {
      // @page's margins in handout.css: 12 mm left and right.
      await page.setViewportSize({ width: Math.floor(((paper - 24) / 25.4) * 96), height: 1000 });
      out[format] = await page.$$eval('#handout .handout-trace', (tables) => {
        const sheet = document.querySelector('#handout').getBoundingClientRect();
        return tables.map((table) => ({
          outside: [...table.querySelectorAll('thead th, tbody tr:first-child > *')]
            .filter((cell) => { const box = cell.getBoundingClientRect(); return box.left < sheet.left - 0.5 || box.right > sheet.right + 0.5; })
            .map((cell) => cell.textContent),
          font: Number.parseFloat(getComputedStyle(table).fontSize),
        }));
      });
    }
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize({ width: 1280, height: 800 });
    return out;
  }

  const WIDE = '#w=web%3D5%20db%3C1%3E%3D3%20%22q%22%3D2%20D%3D1&t=7&scenario=%401%20D%20backup%3B%20%403%20web%20dead%3B%20%401%20%22q%22%20max_fails%3D2%20timeout%3D30';
  const TWELVE = '#w=12%2C11%2C10%2C9%2C8%2C7%2C6%2C5%2C4%2C3%2C2%2C1&t=5';

  test('the whole table is on the sheet: a scenario, twelve nodes, EDF and Envoy, in English and Chinese, A4 and Letter', async () => {
    const states = [
      { name: 'scenario', hash: `${WIDE}&lang=en`, tables: 1 },
      { name: 'scenario-zh', hash: `${WIDE}&lang=zh`, tables: 1 },
      { name: 'twelve', hash: `${TWELVE}&lang=en`, tables: 1 },
      { name: 'twelve-scenario', hash: `${TWELVE}&scenario=%403%20A%20dead%3B%20%401%20L%20backup&lang=zh`, tables: 2 },
      { name: 'edf', hash: `${TWELVE}&algo=edf&lang=en`, tables: 1 },
      { name: 'envoy', hash: '#w=web%3D5%20db%3C1%3E%3D3%20%22q%22%3D2%20D%3D1&t=7&algo=envoy&lang=zh', tables: 1 },
    ];
    for (const state of states) {
      await inTab(open(state.hash), async (page) => {
        await page.waitForSelector('section.strip-panel[data-status="ready"]');
        const pdf = await printHandout(page, `wide-${state.name}`, state.name === 'scenario' ? ['A4', 'Letter'] : ['A4']);
        // The still's words are the page's: no key of a word left unworded under a tank.
        assert.doesNotMatch(pdf.A4.plain, /\b(tank|algo|figure)\.[a-z]/, `${state.name}: a key for a word`);
        const tables = await printedTables(page);
        for (const [format, list] of Object.entries(tables)) {
          assert.equal(list.length, state.tables, `${state.name}: ${state.tables} table(s)`);
          for (const { outside, font } of list) {
            assert.deepEqual(outside, [], `${state.name} on ${format}: every column within the sheet`);
            assert.ok(font >= 8, `${state.name} on ${format}: the table's type is ${font} px, at least 6 pt`);
          }
        }
        // web sits out this attempt, skipped for its failure; D is a backup.
        if (state.name === 'scenario') for (const word of ['skipped', 'backup']) assert.ok(pdf.A4.plain.includes(` ${word} `), `${state.name}: "${word}" under a tank`);
        if (state.name === 'scenario-zh') for (const word of ['跳过', '备用']) assert.ok(pdf.A4.plain.includes(word), `${state.name}: "${word}" under a tank`);
        if (state.name !== 'scenario') return;
        // On paper: every server's fails and effective weight, after the heading of that group.
        execFileSync('pdftoppm', ['-png', '-r', '80', '-singlefile', pdf.A4.file, join(SCREENSHOTS, 'handout-scenario-a4')]);
        assert.equal(pdf.A4.pages, 1, 'A4: one page');
        for (const format of ['A4', 'Letter']) {
          // The table whole on one page (Letter, shorter, puts it on the second).
          const { file, pages } = pdf[format];
          const text = Array.from({ length: pages }, (_, i) => execFileSync('pdftotext', ['-layout', '-f', String(i + 1), '-l', String(i + 1), file, '-'], { encoding: 'utf8' }))
            .find((page) => page.includes('Hand calculation'));
          for (let step = 1; step <= 20; step += 1) assert.ok(rowLine(text, step), `${format}: row ${step} on the table's page`);
          // The group's heading may wrap: "fails · effective" over "weight".
          const health = text.slice(text.indexOf('fails · effective'));
          assert.match(health, /^.*\bweb\s+db<1>\s+"q"\s+D\s*$/m, `${format}: the fails of web, db<1>, "q" and D`);
          assert.match(rowLine(text, 7), /▶\s*7\s.*6\.1\s+answered\b.*"q".*1 · 0\s+0 · 3\s+0 · 2\s+0 · 1\s*$/, `${format}: row 7 whole, to D's fails`);
        }
      });
    }
  });

  test('in Chinese the handout is in Chinese', () => inTab(open('#w=5%2C3%2C2&t=5&lang=zh'), async (page) => {
    await page.waitForSelector('section.strip-panel[data-status="ready"]');
    const pdf = await printHandout(page, 'zh', ['A4']);
    execFileSync('pdftoppm', ['-png', '-r', '80', pdf.A4.file, join(SCREENSHOTS, 'handout-zh')]);
    const { text, pages } = pdf.A4;
    assert.equal(pages, 1);
    for (const words of ['平滑加权轮询', '第 5 步', '三条规则', '手算过程', '选中', '平局']) assert.ok(text.includes(words), `"${words}" is printed`);
    for (const label of ['分享', '导出', '打印讲义', '演示模式']) assert.ok(!text.includes(label), `no "${label}" on paper`);
  }));

  test('one node (classic): the printed period and table say 1 step, in English and Chinese', async () => {
    for (const [lang, said] of [['en', ['Period: 1 step (W = 7, gcd 7)', 'One full period: 1 step (W = 7, gcd 7).']], ['zh', ['1 步（W = 7，最大公约数 7）', '一个完整周期：1 步（W = 7，最大公约数 7）。']]]) {
      await inTab(open(`#algo=classic&w=7&t=2&lang=${lang}`), async (page) => {
        await page.waitForSelector('section.strip-panel[data-status="ready"]');
        const { plain } = (await printHandout(page, `one-node-${lang}`, ['A4'])).A4;
        for (const words of said) assert.ok(plain.includes(words), `${lang}: "${words}" is printed`);
        assert.ok(!/\b1 (steps|picks|entries|nodes)\b/.test(plain), plain);
      });
    }
  });

  test('another algorithm\'s picture prints at 8 pt or more: IPVS in Chinese, its tiles\' "次" and "游标" measured in the PDF', () => inTab(open('#lang=zh&algo=interleaved&w=5%2C3%2C2&scenario=%403%20B%20down%3B%20%406%20B%20up&t=6&phase=pick'), async (page) => {
    await page.waitForSelector('section.strip-panel:is([data-status="ready"], [data-status="unsupported"])');
    const pdf = await printHandout(page, 'ipvs-zh', ['A4']);
    execFileSync('pdftoppm', ['-png', '-r', '80', pdf.A4.file, join(SCREENSHOTS, 'handout-ipvs-zh')]);
    assert.equal(pdf.A4.pages, 1);
    // A Chinese character is 1 em wide: its width in the PDF (in pt) is its type size.
    const words = [...execFileSync('pdftotext', ['-bbox', pdf.A4.file, '-'], { encoding: 'utf8' })
      .matchAll(/<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g)]
      .map(([, from, to, text]) => ({ text, size: (Number(to) - Number(from)) / [...text].length }));
    const times = words.filter((word) => word.text === '次');
    assert.equal(times.length, 3, 'each node\'s tile says how often it was picked');
    for (const word of [...times, ...words.filter((w) => w.text === '游标')]) assert.ok(word.size >= 8, `"${word.text}" prints at ${word.size.toFixed(1)} pt`);
  }));

  test("presenter mode's QR code opens the exact state on a phone", async () => {
    const states = [
      { hash: '#w=5%2C3%2C2&algo=edf&t=7', weights: '5,3,2', algo: 'edf', scenario: '', t: '7' },
      { hash: '#w=5%2C3%2C2&scenario=%4013%20C%20down%3B%20%4023%20C%20up&t=14&lang=zh', weights: '5,3,2', algo: 'swrr', scenario: '@13 C down; @23 C up', t: '14' },
    ];
    for (const state of states) {
      const tab = await open(`${state.hash}&present=1&theme=dark&speed=2`, { viewport: { width: 1366, height: 768 } });
      const { page } = tab;
      assert.equal(await page.isVisible('#show-qr'), true, 'presenter mode offers the QR code');
      await page.click('#show-qr');
      await page.waitForSelector('#qr-dialog[data-open="true"]');
      const box = await page.$eval('#qr-dialog .qr-code', (svg) => svg.getBoundingClientRect().height);
      assert.ok(box >= 500, `the code is most of a 768 px screen high (${box} px)`);
      if (state.algo === 'edf') await page.screenshot({ path: join(SCREENSHOTS, 'presenter-qr-1366x768.png') });
      const png = await page.locator('#qr-dialog .qr-code').screenshot();
      const link = await decodeQr(png);
      assert.equal(link, await page.getAttribute('#qr-dialog', 'data-link'));
      assert.ok(!/present=|theme=|speed=/.test(link), `the link leaves out this screen's layout: ${link}`);
      tab.assertNoErrors();
      await tab.close();

      const phone = await openPage(browser, link, { viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
      await waitReady(phone.page);
      assert.equal(await phone.page.getAttribute('#app', 'data-step'), state.t);
      assert.equal(await phone.page.inputValue('#weights'), state.weights);
      assert.equal(await phone.page.inputValue('#algo'), state.algo);
      assert.equal(await phone.page.inputValue('#scenario'), state.scenario);
      assert.notEqual(await phone.page.getAttribute('html', 'data-present'), 'true', 'the phone has its own layout');
      phone.assertNoErrors();
      await phone.close();
    }
  });

  test('a link longer than a QR code holds: the dialog and the handout say so with the numbers, and the rest prints', async () => {
    // 400 scenario events: a link of about 7,900 characters (a QR code holds about 2,300).
    const events = Array.from({ length: 400 }, (_, i) => `@${i + 1} ${'ABC'[i % 3]}=${(i % 5) + 1}`).join('; ');
    const hash = `#w=5%2C3%2C2&t=4&scenario=${encodeURIComponent(events)}`;
    await inTab(open(`${hash}&present=1`, { viewport: { width: 1366, height: 768 } }), async (page) => {
      await page.click('#show-qr');
      await page.waitForSelector('#qr-dialog[data-open="true"]', { timeout: 5000 });
      const link = await page.getAttribute('#qr-dialog', 'data-link');
      assert.ok(link.length > 7000, `the link is ${link.length} characters`);
      assert.equal(await page.$('#qr-dialog .qr-code'), null, 'no code');
      assert.equal(await page.getAttribute('#qr-dialog .qr-too-long', 'data-qr-too-long'), String(link.length));
      assert.equal(await page.textContent('#qr-dialog h2'), 'This link is too long for a QR code');
      assert.equal(await page.textContent('#qr-dialog .qr-too-long'), `No QR code: this link is ${link.length.toLocaleString('en')} characters long, and a QR code holds about 2,300. Use the link written out below.`);
      assert.equal(await page.textContent('#qr-dialog .qr-link'), link, 'the link is written out');
    });
    await inTab(open(`${hash}&lang=zh`), async (page) => {
      await page.evaluate(() => {
        window.print = () => {
          document.documentElement.dataset.printed = 'true';
        };
      });
      await page.click('#print-handout');
      await page.waitForSelector('html[data-printed]', { timeout: 10_000 });
      assert.equal(await page.isVisible('#fatal'), false, 'no error banner');
      assert.equal(await page.getAttribute('#handout', 'data-ready'), 'true');
      assert.equal(await page.getAttribute('#handout', 'data-step'), '4');
      const note = await page.textContent('#handout .handout-qr .qr-too-long');
      assert.match(note, /^没有二维码：这个链接有 \d,\d{3} 个字符，而一个二维码最多只能容纳约 2,300 个。/);
      assert.equal(await page.$('#handout .qr-code'), null);
      assert.ok(await page.$$eval('#handout .handout-trace tbody tr', (rows) => rows.length) > 0, 'the hand calculation prints');
      assert.ok((await page.textContent('#handout .handout-url')).length > 7000, 'the link is written out at the foot');
    });
  });

  test("the browser's Print menu gets the handout too, with the page's tanks until the core's still is loaded", () => inTab(open('#w=5%2C3%2C2&t=5'), async (page) => {
    // The handout module comes when the page is idle; the menu's print cannot wait for a load.
    await page.waitForSelector('html[data-handout="loaded"]', { state: 'attached', timeout: 30_000 });
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    assert.equal(await page.getAttribute('html', 'data-handout'), 'ready');
    assert.equal(await page.getAttribute('#handout', 'data-step'), '5');
    const tanks = await page.$$eval('#handout .handout-still svg g.tank', (gs) => gs.map((g) => g.dataset.current));
    assert.deepEqual(tanks, ['-5', '5', '0'], "the page's tanks after step 5");
    await page.emulateMedia({ media: 'print' });
    assert.equal(await page.isVisible('#handout .handout-trace'), true);
    assert.equal(await page.isVisible('main#app'), false, 'only the handout is printed');
  }));

  test('outside presenter mode there is no QR button; the masthead keeps Print handout', async () => {
    const tab = await open('#w=5%2C3%2C2');
    assert.equal(await tab.page.isVisible('#show-qr'), false);
    assert.equal(await tab.page.isVisible('#print-handout'), true);
    tab.assertNoErrors();
    await tab.close();
  });
});
