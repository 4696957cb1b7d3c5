// The HTML snippets of README.md and docs/EMBEDDING.md, pasted as they are written into a blank
// page of another origin, with their placeholder host (`https://your.host/swrr-viz/`, and the
// relative `swrr-viz/` of a static site) pointing at the served site: every element starts and
// shows the tanks its attributes ask for, the iframe shows the page in embed mode at its step,
// the <picture> shows the CLI's SVG in the reader's theme, and nothing fails or logs an error.
// Every call the JavaScript API listings of docs/EMBEDDING.md show is in the wasm modules' types.
// (The toolchain files of docs/EMBEDDING.md are checked by embed-fixtures.test.mjs, its attribute
// table by element-docs.test.mjs, the CLI's snippets by tests/cli/docs.rs.)

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { startServer as startStaticServer } from '../../scripts/serve.mjs';
import { CLI, ROOT, WWW, launchBrowser, openPage, screenshot, startServer } from './harness.mjs';

const DOCUMENTS = ['README.md', 'docs/EMBEDDING.md'];

/** The ```html blocks of a Markdown text (fences may be indented, as in a list item). */
export function htmlBlocks(text) {
  const blocks = [];
  for (const match of text.matchAll(/^( *)```html\n([\s\S]*?)^ *```$/gm)) {
    const indent = match[1].length;
    blocks.push(match[2].split('\n').map((line) => line.slice(Math.min(indent, line.length - line.trimStart().length))).join('\n').trim());
  }
  return blocks;
}

/** Each element's state: its attributes' step and weights, and the levels its tanks show. */
function elements(page) {
  return page.evaluate(() => [...document.querySelectorAll('swrr-viz')].map((el) => ({
    weights: el.getAttribute('weights'),
    ready: el.dataset.ready,
    error: el.dataset.error ?? null,
    step: el.dataset.step,
    current: [...el.shadowRoot.querySelectorAll('svg#tanks g.tank[data-node]')].map((g) => Number(g.dataset.current)),
  })));
}

describe('the docs\' HTML snippets work as written', () => {
  let site;
  let other;
  let dir;
  let browser;
  let snippets;

  before(async () => {
    site = await startServer();
    dir = await mkdtemp(join(tmpdir(), 'swrr-docs-snippets-'));
    other = await startStaticServer({ root: dir, host: '127.0.0.1', port: 0 });
    browser = await launchBrowser();
    snippets = [];
    for (const file of DOCUMENTS) {
      for (const html of htmlBlocks(await readFile(join(ROOT, file), 'utf8'))) snippets.push({ file, html });
    }
  });

  after(async () => {
    await browser?.close();
    await other?.close();
    await site?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** A blank page of the other origin holding `html`, with the placeholder host made the site. */
  async function blankPage(name, html) {
    const body = html.replaceAll('https://your.host/swrr-viz/', site.url).replaceAll('src="swrr-viz/', `src="${site.url}`);
    await writeFile(join(dir, `${name}.html`), `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>${name}</title></head><body>\n${body}\n</body></html>\n`);
    return `${other.url}${name}.html`;
  }

  test('the docs hold the snippets this test runs', () => {
    const shows = (file, tag) => snippets.some((s) => s.file === file && s.html.includes(`<${tag}`));
    for (const file of DOCUMENTS) {
      for (const tag of ['swrr-viz', 'iframe']) assert.ok(shows(file, tag), `${file} shows a <${tag}> snippet`);
    }
    assert.ok(shows('docs/EMBEDDING.md', 'picture'), 'docs/EMBEDDING.md shows a <picture> snippet');
  });

  test('every element snippet, with the module script the docs give, starts and shows its tanks', async () => {
    const script = snippets.map((s) => s.html).find((html) => /^<script type="module" src="swrr-viz\/swrr-viz.js"/.test(html));
    assert.ok(script, 'the docs give the static site\'s module script');
    const elementSnippets = snippets.filter((s) => s.html.includes('<swrr-viz'));
    assert.ok(elementSnippets.length >= 2);
    for (const [index, { file, html }] of elementSnippets.entries()) {
      const withScript = html.includes('<script') ? html : `${script}\n${html}`;
      const tab = await openPage(browser, await blankPage(`element-${index}`, withScript), { reducedMotion: 'reduce' });
      const { page } = tab;
      const count = await page.locator('swrr-viz').count();
      for (let i = 0; i < count; i += 1) {
        await page.locator('swrr-viz').nth(i).scrollIntoViewIfNeeded();
        await page.waitForFunction((n) => document.querySelectorAll('swrr-viz')[n].dataset.ready === 'true', i);
      }
      for (const el of await elements(page)) {
        assert.equal(el.error, null, `${file}: ${html}`);
        assert.equal(el.current.length, el.weights.split(',').length, `${file}: one tank per weight in ${html}`);
      }
      // The snippet that opens 5,3,2 at step 5 shows the tie step: A picked and drained to −5.
      for (const el of (await elements(page)).filter((e) => e.weights === '5,3,2' && e.step === '5')) assert.deepEqual(el.current, [-5, 5, 0]);
      await screenshot(page, `docs-element-${index}`);
      tab.assertNoErrors();
      await tab.close();
    }
  });

  test('the iframe snippet shows the page in embed mode at its step', async () => {
    const iframes = snippets.filter((s) => s.html.startsWith('<iframe'));
    assert.ok(iframes.length >= 2, 'README.md and docs/EMBEDDING.md');
    for (const [index, { file, html }] of iframes.entries()) {
      const tab = await openPage(browser, await blankPage(`iframe-${index}`, html), { reducedMotion: 'reduce' });
      const handle = await tab.page.waitForSelector('iframe');
      const frame = await handle.contentFrame();
      await frame.waitForSelector('main#app[data-ready="true"]');
      assert.equal(await frame.getAttribute('html', 'data-embed'), 'true', file);
      assert.equal(await frame.getAttribute('main#app', 'data-step'), '5', file);
      const levels = await frame.$$eval('svg#tanks g.tank[data-node]', (tanks) => tanks.map((g) => Number(g.dataset.current)));
      assert.deepEqual(levels, [-5, 5, 0], file);
      assert.equal(await frame.isVisible('header.masthead'), false, 'embed mode hides the masthead');
      // As tall as the Share dialog measures: nothing cut ("Open the full page" in view), no scroll.
      const height = Number(await handle.getAttribute('height'));
      const content = await frame.evaluate(() => document.documentElement.scrollHeight);
      assert.ok(content <= height && height - content <= 24, `${file}: the frame is ${height} px tall, its page ${content} px`);
      await screenshot(tab.page, `docs-iframe-${index}`);
      tab.assertNoErrors();
      await tab.close();
    }
  });

  test('the <picture> snippet shows the CLI\'s SVG in the reader\'s theme', async () => {
    const picture = snippets.find((s) => s.html.startsWith('<picture'));
    await mkdir(join(dir, 'docs'), { recursive: true });
    for (const theme of ['dark', 'light']) {
      execFileSync(CLI, ['svg', '5,3,2', '--theme', theme, '-o', join(dir, 'docs', `swrr-5-3-2-${theme}.svg`)]);
    }
    const url = await blankPage('picture', picture.html);
    for (const colorScheme of ['dark', 'light']) {
      const tab = await openPage(browser, url, { colorScheme });
      const img = await tab.page.waitForSelector('picture img');
      await tab.page.waitForFunction(() => document.querySelector('picture img').complete);
      assert.ok(await img.evaluate((el) => el.naturalWidth > 0), 'the SVG loads as an image');
      assert.match(await img.evaluate((el) => el.currentSrc), new RegExp(`swrr-5-3-2-${colorScheme}\\.svg$`));
      tab.assertNoErrors();
      await tab.close();
    }
  });

  test('the wasm API the docs list is what the modules export', async () => {
    const text = await readFile(join(ROOT, 'docs', 'EMBEDDING.md'), 'utf8');
    const listings = [...text.slice(text.indexOf('## From JavaScript')).matchAll(/^```js\n([\s\S]*?)^```$/gm)];
    const code = listings.map((m) => m[1]).join('\n').replace(/\/\/.*$/gm, '');
    const called = [...code.matchAll(/(?:^|[\s;])(?:new )?([A-Za-z]\w*)\(/gm)].map((m) => m[1]);
    const members = [...code.matchAll(/\b(?:w|a|stream|Walkthrough|Analysis)\.([A-Za-z]\w*)/g)].map((m) => m[1]);
    const names = new Set([...called, ...members]);
    assert.ok(names.size >= 30, `found ${[...names]}`);
    const types = (await Promise.all(['pkg/swrr_viz.d.ts', 'pkg-extras/swrr_viz_extras.d.ts'].map((file) => readFile(join(WWW, file), 'utf8')))).join('\n');
    for (const name of names) assert.match(types, new RegExp(`\\b${name}\\b`), `docs/EMBEDDING.md shows ${name}, which the wasm modules do not export`);
  });
});
