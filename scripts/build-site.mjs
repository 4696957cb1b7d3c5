// The hostable site in dist/ (scripts/build-dist.mjs calls buildSite): what a phone on a slow
// network needs for the first tanks arrives in three round trips.
//
//   index.html, compare.html, embed-demo.html   stable names; each links one bundled stylesheet
//                    and one entry module by their hashed names, and names up front, with
//                    <link rel="modulepreload"> and <link rel="preload" as="fetch">, every module
//                    and the wasm that the first view needs, so they download together
//   swrr-viz.js      the <swrr-viz> element's entry, stable (pages import it by that name)
//   NAME-HASH.js     esbuild bundles with code splitting: the page's, the comparison's and the
//                    element's entries, the chunks they share, one chunk per part loaded on first
//                    use (a panel's code, a dialog, the lesson, the quiz, Chinese, the extras glue)
//                    and the analysis worker; each with a source map beside it (NAME-HASH.js.map)
//   NAME-HASH.wasm   the two wasm modules (the first view's, and the extras loaded on first use)
//   NAME.css         www/'s stylesheets one for one, minified (loaded on first use by name:
//                    dialogs.css, handout.css; and for pages that want the element's look)
//   NAME-HASH.css    the stylesheets each page links, in one file
//
// A hashed name changes whenever its content does, so a host may cache those files forever
// (`Cache-Control: immutable`); the pages and the element's entry must be revalidated.

import { createHash } from 'node:crypto';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Pages and the entry module each loads; `before`: small entries that run first (the page's built
 * first view, first-view.js, decided before the page's code arrives); `inlineStyles`: the styles
 * in the page itself, allowed by their hash in its CSP, so that its first view is painted as
 * soon as the page is in (a stylesheet of its own would share the slow network with the wasm).
 */
const PAGES = [
  { html: 'index.html', entry: 'app', before: ['first-view'], inlineStyles: true },
  { html: 'compare.html', entry: 'compare' },
  { html: 'embed-demo.html', entry: 'swrr-viz' },
];


const say = (text) => console.log(`  - ${text}`);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
/** Like esbuild's [hash]: upper case, so a host (scripts/serve.mjs --gzip) tells hashed names from others. */
const contentHash = (bytes) => createHash('sha256').update(bytes).digest('hex').slice(0, 10).toUpperCase();

/**
 * Rewrites what esbuild leaves alone: `new URL('file', import.meta.url)` for the two wasm modules
 * (wasm-bindgen's glue) and the analysis worker (run/analysis-client.js), to their hashed names.
 * All bundles sit in one folder, so a name relative to one is relative to any.
 */
function assetUrls(renames) {
  return {
    name: 'swrr-asset-urls',
    setup(build) {
      build.onLoad({ filter: /\.js$/ }, async ({ path }) => {
        let contents = await readFile(path, 'utf8');
        for (const [from, to] of renames) {
          const written = new RegExp(`new URL\\(\\s*['"](?:\\./)?${from.replace(/[.]/g, '\\.')}['"]\\s*,\\s*import\\.meta\\.url\\s*\\)`, 'g');
          contents = contents.replace(written, `new URL('./${to}', import.meta.url)`);
        }
        return { contents, loader: 'js', resolveDir: join(path, '..') };
      });
    },
  };
}

/** Output files of a build as {name: text}, and each entry's output name (by entry name). */
function outputsOf(result, out) {
  const files = new Map();
  for (const file of result.outputFiles) files.set(file.path.slice(out.length + 1), file.text);
  const entries = new Map();
  for (const [path, meta] of Object.entries(result.metafile.outputs)) {
    if (meta.entryPoint && path.endsWith('.js')) entries.set(basename(meta.entryPoint, '.js'), basename(path));
  }
  return { files, entries, meta: result.metafile.outputs };
}

/** Every module `name` imports statically, itself included (what the browser fetches before running it). */
function staticClosure(meta, name) {
  const found = new Set();
  const visit = (file) => {
    if (found.has(file)) return;
    found.add(file);
    const entry = meta[file];
    for (const imported of entry?.imports ?? []) if (imported.kind === 'import-statement') visit(basename(imported.path));
  };
  visit(name);
  return found;
}

/** The output chunk that holds the module `source` (a path) when it is imported dynamically. */
function chunkOf(meta, out, source) {
  const found = Object.entries(meta).find(([, m]) => m.entryPoint && resolve(out, m.entryPoint) === source);
  return found ? basename(found[0]) : null;
}

/** www/widget/panels.js: the loaders of each panel's modules. */
const PANELS_MODULE = join('widget', 'panels.js');

/**
 * The modules of the panels a page starts with (widget/panels.js: each panel's `import('…')`s,
 * less its LATER_PANELS, which load once the tanks are drawn), as paths: the page preloads them.
 */
async function firstPanelModules(www) {
  const panels = join(www, PANELS_MODULE);
  const source = await readFile(panels, 'utf8');
  const { LATER_PANELS } = await import(pathToFileURL(panels).href);
  const modules = new Set();
  for (const [, panel, imports] of source.matchAll(/^\s*(\w+): \(\) => \[([^\]]*)\],$/gm)) {
    if (LATER_PANELS.includes(panel)) continue;
    for (const [, module] of imports.matchAll(/import\('(\.{1,2}\/[^']+)'\)/g)) modules.add(resolve(dirname(panels), module));
  }
  if (!modules.size) throw new Error(`no panel loaders found in www/${PANELS_MODULE}: update build-site.mjs`);
  return [...modules];
}

/**
 * Chromium's per-file compile hint (https://github.com/WICG/explicit-javascript-compile-hints-file-based):
 * the functions of a module marked so are compiled on the thread that streams it in, while the
 * rest downloads, instead of one by one on the main thread when first called — which, for the
 * code that draws the first tanks, is after the wasm's last byte. Other browsers ignore it. A
 * comment changes no behaviour, so the name's hash still stands for the code; the map gets an
 * empty first line, so its positions still match.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
function compileOnLoad(files, name) {
  files.set(name, COMPILE_HINT + files.get(name));
  const map = JSON.parse(files.get(`${name}.map`));
  files.set(`${name}.map`, JSON.stringify({ ...map, mappings: `;${map.mappings}` }));
}

/** The stylesheets `html` links, in order. */
const linkedStyles = (html) => [...html.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => m[1]);

export async function buildSite({ www, pkg, extras, out }) {
  const esbuild = await import('esbuild');
  const common = {
    bundle: true, format: 'esm', platform: 'browser', target: 'es2022', minify: true, legalComments: 'none',
    // Chinese and symbols as themselves, not as \u escapes (which gzip less well).
    charset: 'utf8', sourcemap: 'linked', metafile: true, write: false, outdir: out, absWorkingDir: out, logLevel: 'warning',
  };

  // The wasm modules first: their hashed names go into the glue.
  const renames = [];
  for (const [dir, name] of [[pkg, 'swrr_viz_bg'], [extras, 'swrr_viz_extras_bg']]) {
    const bytes = await readFile(join(dir, `${name}.wasm`));
    const hashed = `${name}-${contentHash(bytes)}.wasm`;
    await writeFile(join(out, hashed), bytes);
    renames.push([`${name}.wasm`, hashed]);
  }
  const wasm = renames[0][1];

  // The worker: one bundle of its own (a worker cannot share the page's chunks), then its name
  // goes into run/analysis-client.js.
  const worker = outputsOf(await esbuild.build({
    ...common, entryPoints: { 'analysis-worker': join(www, 'run', 'analysis-worker.js') }, entryNames: '[name]-[hash]', plugins: [assetUrls(renames)],
  }), out);
  renames.push(['analysis-worker.js', worker.entries.get('analysis-worker')]);

  const site = outputsOf(await esbuild.build({
    ...common,
    entryPoints: Object.fromEntries(PAGES.map(({ entry }) => [entry, join(www, `${entry}.js`)])),
    splitting: true,
    entryNames: '[name]-[hash]',
    chunkNames: '[name]-[hash]',
    plugins: [assetUrls(renames)],
  }), out);

  // What runs first: each in one file, with what it imports inlined (a chunk shared with the
  // page's modules would arrive with them, among the wasm's bytes).
  const early = outputsOf(await esbuild.build({
    ...common, entryPoints: Object.fromEntries(PAGES.flatMap(({ before = [] }) => before).map((name) => [name, join(www, `${name}.js`)])), entryNames: '[name]-[hash]',
  }), out);

  // The element's entry keeps its name: pages import `swrr-viz.js`.
  const elementHashed = site.entries.get('swrr-viz');
  const files = new Map([...worker.files, ...early.files, ...site.files]);
  const rename = (from, to) => {
    files.set(to, files.get(from).replace(`//# sourceMappingURL=${from}.map`, `//# sourceMappingURL=${to}.map`));
    const map = JSON.parse(files.get(`${from}.map`));
    files.set(`${to}.map`, JSON.stringify({ ...map, file: to }));
    files.delete(from);
    files.delete(`${from}.map`);
  };
  rename(elementHashed, 'swrr-viz.js');
  site.entries.set('swrr-viz', 'swrr-viz.js');
  site.meta['swrr-viz.js'] = site.meta[elementHashed];

  // www/'s stylesheets one for one (minified, with maps), and per page one bundle of its links.
  for (const name of (await readdir(www)).filter((n) => n.endsWith('.css'))) {
    const result = await esbuild.transform(await readFile(join(www, name), 'utf8'), {
      loader: 'css', minify: true, charset: 'utf8', sourcemap: 'external', sourcefile: name, logLevel: 'warning',
    });
    await writeFile(join(out, name), `${result.code}/*# sourceMappingURL=${name}.map */\n`);
    await writeFile(join(out, `${name}.map`), result.map);
  }
  const firstPanels = await firstPanelModules(www);
  let firstView = 0;
  /** The modules some page runs before its first tanks: each gets the compile hint. */
  const runAtLoad = new Set();
  for (const { html: page, entry, before = [], inlineStyles = false } of PAGES) {
    let html = await readFile(join(www, page), 'utf8');
    const styles = linkedStyles(html);
    const head = [];
    if (styles.length) {
      let css = '';
      for (const href of styles) css += `${await readFile(join(www, href), 'utf8')}\n`;
      const { code } = await esbuild.transform(css, { loader: 'css', minify: true, charset: 'utf8', logLevel: 'warning' });
      html = html.replace(/^\s*<link rel="stylesheet" href="[^"]+">\n/gm, '');
      if (inlineStyles) {
        if (/<\/style/i.test(code)) throw new Error(`${page}'s styles contain "</style": they cannot be inlined`);
        const policy = /(<meta http-equiv="Content-Security-Policy" content="[^"]*style-src 'self')/;
        if (!policy.test(html)) throw new Error(`${page} has no CSP with style-src 'self': update build-site.mjs`);
        const hash = createHash('sha256').update(code).digest('base64');
        html = html.replace(policy, (found) => `${found} 'sha256-${hash}'`);
        head.push(`<style>${code}</style>`);
        // The policy as a host would send it as a header: the styles' hash changes with them.
        const sent = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)[1];
        await writeFile(join(out, `csp-${basename(page, '.html')}.txt`), `# The Content-Security-Policy of dist/${page} (in its meta tag; to send as a header, this one).\n${sent}\n`);
      } else {
        const name = `${basename(page, '.html')}-${contentHash(code)}.css`;
        await writeFile(join(out, name), code);
        head.push(`<link rel="stylesheet" href="${name}">`);
      }
    }
    const script = site.entries.get(entry);
    // What runs before the first tanks: the entry and its static imports, and the panels' chunks
    // a page starts with (the element's start when scrolled to: its page preloads only the entry).
    const preload = staticClosure(site.meta, script);
    if (entry !== 'swrr-viz') {
      // The compare page starts with algorithms without levels (state.js DEFAULT_ALGOS): their
      // picture too (widget/panels.js `algorithmView`; the walkthrough loads it only for one).
      const modules = entry === 'compare' ? [...firstPanels, join(www, 'algorithms', 'algorithm-view.js')] : firstPanels;
      for (const module of modules) {
        const chunk = chunkOf(site.meta, out, module);
        if (chunk) for (const file of staticClosure(site.meta, chunk)) preload.add(file);
      }
      head.push(`<link rel="preload" href="${wasm}" as="fetch" type="application/wasm" crossorigin>`);
    }
    for (const name of before) {
      const tag = new RegExp(`^\\s*<script type="module" src="${name}\\.js"></script>\\n`, 'm');
      if (!tag.test(html)) throw new Error(`${page} has no <script type="module" src="${name}.js">: update build-site.mjs`);
      html = html.replace(tag, '');
      head.push(`<script type="module" src="${early.entries.get(name)}"></script>`);
    }
    for (const file of preload) runAtLoad.add(file);
    preload.delete(script);
    head.push(`<script type="module" src="${script}"${entry === 'swrr-viz' ? ' blocking="render"' : ''}></script>`);
    for (const file of [...preload].sort()) head.push(`<link rel="modulepreload" href="${file}">`);
    const tag = new RegExp(`^\\s*<script type="module" src="${entry}\\.js"[^>]*></script>\\n`, 'm');
    if (!tag.test(html)) throw new Error(`${page} has no <script type="module" src="${entry}.js">: update build-site.mjs`);
    html = html.replace(tag, '').replace('</head>', () => `${head.map((line) => `  ${line}\n`).join('')}</head>`);
    await writeFile(join(out, page), html);
    if (page === 'index.html') {
      for (const file of [script, ...preload]) firstView += Buffer.byteLength(files.get(file));
    }
  }
  for (const file of runAtLoad) compileOnLoad(files, file);
  for (const [name, text] of files) await writeFile(join(out, name), text);
  say(`site: ${out}/ (pages, ${site.entries.size} entries and ${files.size / 2 - site.entries.size - 1} chunks bundled and hashed, worker ${worker.entries.get('analysis-worker')}, ${renames.slice(0, 2).map(([, to]) => to).join(', ')}; the page's first view preloads ${kb(firstView)} of modules)`);
}
