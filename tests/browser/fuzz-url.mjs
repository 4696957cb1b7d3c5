// Fuzzes the page's URL-state decoding in headless Chromium (scripts/fuzz.sh runs it; not part of
// `node --test tests/browser/`, whose files end in .test.mjs):
//   1. N generated hashes (default 10^6) through the page's own decoder (url-state.js readHash,
//      engine.js normaliseOptions) into the wasm core as the page calls it (parseWeights,
//      Walkthrough.withOptions, seek, current, new Analysis): every call returns or throws an
//      Error with a short one-line message; never a wasm trap (a Rust panic), never a hang.
//   2. A few hundred of them loaded into the live page: it stays alive (no error banner, no page
//      error), shows payloads as text (window.__pwned stays undefined).
//   3. A third as many opened afresh in index.html and compare.html, which lay themselves out
//      from the hash before the core is here: the same checks.
//   node tests/browser/fuzz-url.mjs [N] [pages]        (seeded: FUZZ_SEED, default 1)

import assert from 'node:assert/strict';

import { launchBrowser, openPage, startServer, waitReady } from './harness.mjs';
import { seeded } from './seeded.mjs';

const cases = Number(process.argv[2] ?? 1_000_000);
const pages = Number(process.argv[3] ?? 300);
const seed = Number(process.env.FUZZ_SEED ?? 1);

/** Runs in the page: the generator and the decoder loop. Returns counts and the first failure. */
async function decoderLoop({ cases, seed, only, randomSource }) {
  const pkg = await import('/pkg/swrr_viz.js');
  await pkg.default();
  const { readHash } = await import('/state/url-state.js');
  const { normaliseOptions } = await import('/engine.js');

  // The generator is handed over as its source (this page, a .d.ts file, has no CSP to forbid it).
  const { rand, pick } = new Function(`return (${randomSource});`)()(seed);
  const junk = (max) => Array.from({ length: rand(max + 1) }, () => String.fromCodePoint(pick([rand(0x80), 0x80 + rand(0x700), rand(0x110000) & ~0x800]))).join('');
  const numbers = ['0', '1', '5', '42', '1000000000', '1000000001', '-1', '1.5', 'NaN', 'Infinity', '1e21', '9007199254740993', '00', '', ' 7 ', '0x10', '１２', '18446744073709551616'];
  const payloads = ['<img src=x onerror=window.__pwned=1>', '<script>window.__pwned=1</script>', '"><svg onload=window.__pwned=1>', 'javascript:window.__pwned=1', '%3Cb%3E', '&amp;', "'", '\u202e'];
  const value = (key) => {
    switch (rand(key === 'w' ? 6 : 4)) {
      case 0: return junk(12);
      case 1: return pick(payloads) + (rand(2) ? `=${pick(numbers)}` : '');
      case 2: return pick(numbers);
      default:
        if (key === 'w') return Array.from({ length: 1 + rand(8) }, (_, i) => (rand(3) ? '' : `${pick(['A', 'b', 'n' + i, pick(payloads)])}=`) + pick(numbers)).join(pick([',', ' ', ':', ';', ', ']));
        if (key === 'scenario') return Array.from({ length: rand(4) }, () => `@${pick(numbers)} ${pick(['A', 'B', 'C', 'Z'])}${pick(['=3', ' down', ' up', ' drain', ' fail', ' slowstart 5', '=9 scale', ' x'])}`).join('; ');
        if (key === 'algo') return pick(['swrr', 'classic', 'interleaved', 'random', 'edf', 'SWRR', 'rr']);
        if (key === 'tie') return pick(['first', 'last', 'middle']);
        if (key === 'subtract') return pick(['total', 'own', 'all']);
        return pick(numbers);
    }
  };
  const encode = (text) => (rand(4) ? encodeURIComponent(text) : text.replace(/[&#]/g, encodeURIComponent));
  const KEYS = ['w', 't', 'algo', 'tie', 'subtract', 'seed', 'scenario', 'steps', 'win', 'speed', 'theme', 'embed', 'panels'];
  const makeHash = () => {
    let hash = '#' + Array.from({ length: rand(9) }, () => {
      const key = pick(KEYS);
      return `${key}=${encode(value(key))}`;
    }).join('&');
    if (!rand(20)) hash = hash.slice(0, rand(hash.length + 1)) + pick(['%', '%E0%A4%A', '%ZZ', '&&', '==', '#']) + hash.slice(rand(hash.length + 1));
    return hash;
  };

  const MAX_MESSAGE = 400;
  let failure = null;
  const call = (what, fn, hash) => {
    try {
      return fn();
    } catch (error) {
      const message = String(error?.message ?? '');
      const trap = error instanceof WebAssembly.RuntimeError;
      if (trap || !(error instanceof Error) || !message.trim() || message.length > MAX_MESSAGE || message.includes('\n')) {
        failure ??= { what, hash, name: error?.name, message: message.slice(0, 300), trap };
      }
      return undefined;
    }
  };

  const hashes = only ? [only] : null;
  let accepted = 0;
  const started = performance.now();
  for (let i = 0; i < (hashes ? hashes.length : cases) && !failure; i++) {
    const hash = hashes ? hashes[i] : makeHash();
    const map = call('readHash', () => readHash(hash), hash);
    if (!map) continue;
    const weights = map.get('w') ?? '5,3,2';
    if (!call('parseWeights', () => pkg.parseWeights(weights), hash)) continue;
    const asked = normaliseOptions({ algo: map.get('algo'), tie: map.get('tie'), subtract: map.get('subtract'), seed: map.get('seed'), scenario: map.get('scenario') });
    // As engine.js's Engine hands them to the core: no dispatch seed is `undefined`, not ''.
    const options = { ...asked, dispatch: asked.dispatch || undefined };
    const walkthrough = call('Walkthrough.withOptions', () => pkg.Walkthrough.withOptions(weights, options), hash);
    if (!walkthrough) continue;
    accepted++;
    const t = map.get('t') ?? '0';
    if (/^\d{1,16}$/.test(t) && Number(t) <= 1e6) {
      if (call('seek', () => (walkthrough.seek(Number(t)), true), hash)) call('current', () => walkthrough.current(), hash);
    }
    walkthrough.free();
    // The plots read steps and win as numbers; only short runs here (the loop must stay fast).
    if (!rand(50) && options.scenario === '') {
      const steps = map.has('steps') ? Number(map.get('steps')) : undefined;
      const window = map.has('win') ? Number(map.get('win')) : undefined;
      const analysis = call('Analysis.withOptions', () => pkg.Analysis.withOptions(weights, options, steps === undefined ? 100 : Math.min(steps, 2000), window), hash);
      if (analysis) {
        call('run', () => analysis.run(1e6), hash);
        analysis.free();
      }
    }
  }
  // Most generated hashes hold good weights: none accepted means the loop calls the core wrongly.
  if (!failure && !only && cases >= 100 && accepted === 0) failure = { what: 'the loop', message: 'no hash was accepted: every call was refused' };
  return { accepted, failure, seconds: (performance.now() - started) / 1000, hashes: Array.from({ length: 0 }) };
}

/** `count` page hashes as people share them and as they should not: junk, payloads, huge values. */
function pageHashes(count, salt) {
  const { rand, pick } = seeded(seed * salt);
  const payloads = ['<img src=x onerror=window.__pwned=1>', '<script>window.__pwned=1</script>', '"><svg onload=window.__pwned=1>'];
  return Array.from({ length: count }, () => {
    const w = Array.from({ length: 1 + rand(6) }, () => `${rand(2) ? pick(payloads) + '=' : ''}${pick(['1', '5', '0', '-1', 'x', '1000000000', '2.5', '50%'])}`).join(',');
    const parts = [`w=${encodeURIComponent(w)}`];
    if (rand(2)) parts.push(`t=${pick(['3', '-1', 'x', '99999999999999999', '10'])}`);
    if (rand(3) === 0) parts.push(`algo=${pick(['edf', 'random', 'rr'])}`);
    if (rand(3) === 0) parts.push(`algos=${pick(['swrr,grpc', 'x', 'swrr', 'swrr,classic,edf,envoy,grpc'])}`);
    if (rand(3) === 0) parts.push(`scenario=${encodeURIComponent(pick(['@2 A down', '@x', pick(payloads), '@1 A=5 scale']))}`);
    if (rand(4) === 0) parts.push(`steps=${pick(['10', '0', '-5', 'x', '10000001'])}`);
    if (rand(6) === 0) parts.push(`theme=${encodeURIComponent(pick(payloads))}`);
    return `#${parts.join('&')}`;
  });
}

/** Page-level: a few hundred hashes loaded into the live page. */
async function pageLoop(browser, server, count) {
  const tab = await openPage(browser, `${server.url}index.html`);
  try {
    await waitReady(tab.page);
    const hashes = pageHashes(count, 7919);
    for (const hash of hashes) {
      await tab.page.evaluate((h) => {
        location.hash = h;
      }, hash);
      await tab.page.waitForTimeout(5);
      const status = await tab.page.evaluate(() => ({ pwned: window.__pwned, error: document.querySelector('#app')?.dataset.error ?? null }));
      assert.equal(status.pwned, undefined, `a payload ran after ${hash}`);
      assert.equal(status.error, null, `the page failed after ${hash}`);
    }
    await tab.page.waitForTimeout(200);
    tab.assertNoErrors();
    return hashes.length;
  } finally {
    await tab.close();
  }
}

/**
 * Page-level: the page and the comparison opened afresh at `count` hashes each, which they read
 * twice — laid out before the core, then started with it.
 */
async function freshLoads(browser, server, count) {
  const ready = { 'index.html': 'main#app[data-ready="true"]', 'compare.html': 'main#compare[data-ready="true"]' };
  const hashes = pageHashes(count, 104729);
  for (const hash of hashes) {
    for (const [file, selector] of Object.entries(ready)) {
      const tab = await openPage(browser, `${server.url}${file}${hash}`);
      try {
        await tab.page.waitForSelector(selector);
        const status = await tab.page.evaluate(() => ({ pwned: window.__pwned, fatal: document.querySelector('#fatal:not([hidden])')?.textContent ?? null }));
        assert.equal(status.pwned, undefined, `a payload ran in ${file}${hash}`);
        assert.equal(status.fatal, null, `${file}${hash} failed`);
        tab.assertNoErrors();
      } finally {
        await tab.close();
      }
    }
  }
  return hashes.length;
}

const server = await startServer();
const browser = await launchBrowser();
try {
  const tab = await openPage(browser, `${server.url}pkg/swrr_viz_bg.wasm.d.ts`);
  const result = await tab.page.evaluate(decoderLoop, { cases, seed, only: process.env.FUZZ_HASH ?? null, randomSource: seeded.toString() });
  await tab.close();
  if (result.failure) {
    console.error('fuzz url (decoder → core): FAILED', result.failure);
    process.exitCode = 1;
  } else {
    console.log(`fuzz url (decoder → core): ${cases} hashes (${result.accepted} accepted), seed ${seed}, ${result.seconds.toFixed(1)} s: no trap, every refusal a short Error`);
  }
  if (pages > 0 && !result.failure) {
    const loaded = await pageLoop(browser, server, pages);
    console.log(`fuzz url (live page): ${loaded} hashes loaded: no payload ran, no error banner, no page error`);
    const opened = await freshLoads(browser, server, Math.ceil(pages / 3));
    console.log(`fuzz url (fresh loads): index.html and compare.html opened at ${opened} hashes each: no payload ran, no error banner, no page error`);
  }
} finally {
  await browser.close();
  await server.close();
}
