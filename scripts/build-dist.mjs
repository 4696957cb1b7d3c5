#!/usr/bin/env node
// Builds what is published from www/, www/pkg and www/pkg-extras (scripts/build-wasm.sh first;
// or run scripts/build-dist.sh, which does both):
//
//   dist/                      the hostable site (scripts/build-site.mjs): the pages, bundles with
//                              code splitting and hashed names, the wasm beside them, the first
//                              view's modules and wasm preloaded; the <swrr-viz> element's entry
//                              swrr-viz.js, embed-demo.html; index.html with its first view drawn
//                              (scripts/build-first-view.mjs, in Chromium)
//   dist/swrr-viz.html         one self-contained file: every module bundled into one inline
//                              <script type="module"> (those the page loads on first use too), the
//                              styles in one <style> (those loaded on first use too), both wasm
//                              modules inlined (base64) and handed to wasm-bindgen's init (the
//                              extras decoded on first use); the analysis runs on the main thread.
//                              Opens from disk with no network and no server.
//   dist/npm/                  the npm package: the element, its modules, both wasm packages
//                              (`swrr-viz/core` and `swrr-viz/core/extras`)
//   dist/swrr-viz-<v>.tgz      `npm pack` of it
//   dist/csp-single-file.txt   a Content-Security-Policy the single file satisfies (hashes of its
//                              one script and one style)
//
//   node scripts/build-dist.mjs [--out DIR]
//
// The site and the single file are bundled with esbuild (npm, dev dependency); www/ stays plain
// modules for development. A page opened from file:// cannot load module scripts from other
// files, so the single file has all of them in its one inline script.

import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { cp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { buildCoreFacts } from './build-core-facts.mjs';
import { buildFirstView } from './build-first-view.mjs';
import { buildSite } from './build-site.mjs';
import { buildStyles } from './build-styles.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const WWW = join(ROOT, 'www');
const PKG = join(WWW, 'pkg');
const PKG_FILES = ['swrr_viz.js', 'swrr_viz_bg.wasm', 'swrr_viz.d.ts', 'swrr_viz_bg.wasm.d.ts'];
/** The extras module (exports, nginx, quiz, PickStream, messageSamples), built with `--features extras`. */
const EXTRAS = join(WWW, 'pkg-extras');
const EXTRAS_FILES = ['swrr_viz_extras.js', 'swrr_viz_extras_bg.wasm', 'swrr_viz_extras.d.ts', 'swrr_viz_extras_bg.wasm.d.ts'];

function parseArgs(argv) {
  let out = join(ROOT, 'dist');
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--out' && argv[i + 1]) out = resolve(argv[++i]);
    else throw new Error(`usage: node scripts/build-dist.mjs [--out DIR] (unknown argument ${argv[i]})`);
  }
  return { out };
}

function say(text) {
  console.log(`  - ${text}`);
}

function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** The stylesheets index.html links, in order. */
function linkedStyles(html) {
  return [...html.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => m[1]);
}

/** The stylesheets the page's modules load on first use (`loadStyle('dialogs.css')`, widget/lazy.js). */
async function lazyStyles() {
  const found = new Set();
  for (const entry of await readdir(WWW, { recursive: true })) {
    if (!entry.endsWith('.js') || entry === join('widget', 'lazy.js') || /^pkg(-extras)?\//.test(entry)) continue;
    const source = await readFile(join(WWW, entry), 'utf8');
    for (const m of source.matchAll(/loadStyle\(\s*'([^']+\.css)'\s*\)/g)) found.add(m[1]);
  }
  if (!found.size) throw new Error('no loadStyle(\'….css\') in www/**/*.js: update build-dist.mjs');
  return [...found].sort();
}

/** Makes JS or CSS text safe inside an inline <script> or <style> element. */
function inlineSafe(text, tag) {
  // `<\/script` means the same in a string, a template or a regular expression.
  return text.replace(new RegExp(`</(${tag})`, 'gi'), '<\\/$1');
}

async function buildSingleFile(out) {
  const esbuild = await import('esbuild');
  const wasm = await readFile(join(PKG, 'swrr_viz_bg.wasm'));
  const extrasWasm = await readFile(join(EXTRAS, 'swrr_viz_extras_bg.wasm'));
  // Runs before app.js (imported first): the core is initialised from the inlined bytes, so the
  // glue never fetches a URL, and analyses stay on the main thread. The extras module gets its
  // bytes the same way, decoded only when the page first asks for it (extras.js).
  const boot = `
    import { ready } from './engine.js';
    import { disableWorkers } from './run/analysis-client.js';
    import { setExtrasSource } from './extras.js';
    function bytesOf(base64) {
      const text = atob(base64);
      const bytes = new Uint8Array(text.length);
      for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
      return bytes;
    }
    disableWorkers();
    ready({ module_or_path: bytesOf(${JSON.stringify(wasm.toString('base64'))}) });
    setExtrasSource(() => ({ module_or_path: bytesOf(${JSON.stringify(extrasWasm.toString('base64'))}) }));
  `;
  const inline = {
    name: 'swrr-single-file',
    setup(build) {
      build.onResolve({ filter: /^swrr:boot$/ }, () => ({ path: 'boot', namespace: 'swrr' }));
      build.onLoad({ filter: /.*/, namespace: 'swrr' }, () => ({ contents: boot, resolveDir: WWW, loader: 'js' }));
    },
  };
  const result = await esbuild.build({
    stdin: { contents: "import 'swrr:boot';\nimport './app.js';\n", resolveDir: WWW, sourcefile: 'single-file.js', loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    write: false,
    logLevel: 'warning',
    plugins: [inline],
  });
  const script = inlineSafe(result.outputFiles[0].text, 'script');

  const html = await readFile(join(WWW, 'index.html'), 'utf8');
  let css = '';
  const styles = linkedStyles(html);
  for (const href of await lazyStyles()) if (!styles.includes(href)) styles.push(href);
  for (const href of styles) css += `${await readFile(join(WWW, href), 'utf8')}\n`;
  const minified = await esbuild.transform(css, { loader: 'css', minify: true });
  const style = inlineSafe(minified.code, 'style');

  let page = html
    .replace(/^\s*<link rel="stylesheet" href="[^"]+">\n/gm, '')
    .replace(/^\s*<script type="module" src="(first-view|app)\.js"><\/script>\n/gm, '')
    .replace('<html lang="en">', '<html lang="en" data-build="single-file">');
  if (/src="(first-view|app)\.js"/.test(page) || page.includes('rel="stylesheet"')) throw new Error('index.html changed shape: update build-dist.mjs');
  page = page.replace('</head>', () => `  <style>${style}</style>\n  <script type="module">${script}</script>\n</head>`);

  // The page's own policy allows 'self' scripts only; the single file has one inline script and
  // one inline style, allowed by their hashes (and nothing from the network at all).
  const hash = (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  const policy = [
    "default-src 'none'",
    `script-src ${hash(script)} 'wasm-unsafe-eval'`,
    `style-src ${hash(style)}`,
    'img-src data: blob:',
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  const meta = /<meta http-equiv="Content-Security-Policy" content="[^"]*">/;
  if (!meta.test(page)) throw new Error('index.html has no Content-Security-Policy meta tag: update build-dist.mjs');
  page = page.replace(meta, () => `<meta http-equiv="Content-Security-Policy" content="${policy}">`);
  const file = join(out, 'swrr-viz.html');
  await writeFile(file, page);
  say(`single file: ${file} (${kb(Buffer.byteLength(page))}, both wasm modules inlined, styles ${styles.join(' ')}, CSP with the hashes of its script and style)`);

  await writeFile(join(out, 'csp-single-file.txt'), `# The Content-Security-Policy of dist/swrr-viz.html (in its meta tag; also usable as a header).\n${policy}\n`);
}

/** Modules a module imports (static imports, `import('./x.js')` and `new URL('x', import.meta.url)` assets). */
function dependencies(source) {
  const found = new Set();
  for (const m of source.matchAll(/^\s*import\s+(?:[^'"]*?from\s+)?['"](\.[^'"]+)['"]/gm)) found.add(m[1]);
  // Loaded on first use (a language): a bundler resolves these too, so they must be in the package.
  for (const m of source.matchAll(/\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g)) found.add(m[1]);
  for (const m of source.matchAll(/new URL\(\s*['"]([^'"]+)['"]\s*,\s*import\.meta\.url\s*\)/g)) found.add(m[1]);
  return [...found];
}

/**
 * Every file the element needs, from swrr-viz.js through its imports and worker (its styles are
 * one of those modules), and the page's stylesheets for pages that want the same look.
 */
async function elementClosure() {
  const files = new Set(['theme.css', 'widget.css'].map((file) => join(WWW, file)));
  const queue = [join(WWW, 'swrr-viz.js')];
  while (queue.length) {
    const file = queue.pop();
    if (files.has(file)) continue;
    files.add(file);
    if (!file.endsWith('.js')) continue;
    const source = await readFile(file, 'utf8');
    for (const dep of dependencies(source)) queue.push(resolve(dirname(file), dep));
  }
  return [...files].map((file) => relative(WWW, file)).sort();
}

async function buildPackage(out) {
  const dir = join(out, 'npm');
  await mkdir(dir, { recursive: true });
  const files = await elementClosure();
  for (const file of files) {
    await mkdir(dirname(join(dir, file)), { recursive: true });
    await cp(join(WWW, file), join(dir, file));
  }
  for (const file of PKG_FILES) await cp(join(PKG, file), join(dir, 'pkg', file));
  await mkdir(join(dir, 'pkg-extras'), { recursive: true });
  for (const file of EXTRAS_FILES) await cp(join(EXTRAS, file), join(dir, 'pkg-extras', file));
  const cargo = await readFile(join(ROOT, 'Cargo.toml'), 'utf8');
  const version = /^version = "([^"]+)"/m.exec(cargo)[1];
  const description = /^description = "([^"]+)"/m.exec(cargo)[1];
  const manifest = {
    name: 'swrr-viz',
    version,
    description,
    license: 'MIT',
    type: 'module',
    exports: {
      '.': './swrr-viz.js',
      './element': './swrr-viz.js',
      './core': { types: './pkg/swrr_viz.d.ts', default: './pkg/swrr_viz.js' },
      './core/wasm': './pkg/swrr_viz_bg.wasm',
      './core/extras': { types: './pkg-extras/swrr_viz_extras.d.ts', default: './pkg-extras/swrr_viz_extras.js' },
      './core/extras/wasm': './pkg-extras/swrr_viz_extras_bg.wasm',
      './theme.css': './theme.css',
      './widget.css': './widget.css',
      './package.json': './package.json',
    },
    module: './swrr-viz.js',
    types: './pkg/swrr_viz.d.ts',
    files: [...files, ...PKG_FILES.map((file) => `pkg/${file}`), ...EXTRAS_FILES.map((file) => `pkg-extras/${file}`), 'README.md'],
    sideEffects: ['./swrr-viz.js'],
    keywords: ['nginx', 'load-balancing', 'round-robin', 'swrr', 'webassembly', 'web-component', 'visualization'],
  };
  await writeFile(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await cp(join(ROOT, 'npm', 'README.md'), join(dir, 'README.md'));
  const tarball = execFileSync('npm', ['pack', '--silent', '--pack-destination', out], { cwd: dir, encoding: 'utf8' }).trim().split('\n').at(-1);
  say(`npm package: ${dir}/ (${files.length + PKG_FILES.length + EXTRAS_FILES.length + 2} files) → ${join(out, tarball)}`);
  return join(out, tarball);
}

async function main() {
  const { out } = parseArgs(process.argv.slice(2));
  for (const file of [join(PKG, 'swrr_viz.js'), join(PKG, 'swrr_viz_bg.wasm'), join(EXTRAS, 'swrr_viz_extras.js'), join(EXTRAS, 'swrr_viz_extras_bg.wasm')]) {
    if (!existsSync(file)) throw new Error(`${relative(ROOT, file)} is missing: run scripts/build-wasm.sh (or scripts/build-dist.sh) first`);
  }
  if (basename(out) === '' || out === ROOT || out === WWW) throw new Error(`refusing to write into ${out}`);
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  await buildStyles();
  await buildCoreFacts();
  await buildSite({ www: WWW, pkg: PKG, extras: EXTRAS, out });
  const firstView = await buildFirstView(out);
  say(`first view: index.html holds the widget as drawn for a bare link, its tanks for phones ${firstView.widths.join(', ')} px wide (${kb(firstView.bytes)}; scripts/build-first-view.mjs)`);
  await buildSingleFile(out);
  await buildPackage(out);
}

main().catch((error) => {
  console.error(`build-dist: ${error.message}`);
  process.exit(1);
});
