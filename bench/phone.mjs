// The first view on a phone over a slow school network: the hosted site (dist/) served with gzip
// as a static host serves it, opened cold in Chromium's mobile profile (390×844, touch, the
// network at 1.6 Mbit/s down, 0.75 Mbit/s up and 150 ms round trips with
// Network.emulateNetworkConditions, the CPU 4× slower with Emulation.setCPUThrottlingRate). For
// each load, until the first tanks are drawn (main#app[data-ready="true"], then a frame):
// - the bytes that came over the network for it, as sent (gzip), the wasm apart from the rest;
// - the round trips: the longest chain of requests each of which waited for the one before
//   (a module found in a module, the wasm named by its glue; preloads hang off the page);
// - the time since navigation;
// - the layout shift until those tanks are painted (Chromium's layout-shift entries summed: the
//   page's CLS so far, as Core Web Vitals count it).
// Figures, not a pass/fail test.
//   node bench/phone.mjs [runs] [site]    (site: dist/, built by scripts/build-dist.mjs)
//   import { measurePhone } from './phone.mjs'   (bench/all.mjs)

import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { startServer } from '../scripts/serve.mjs';
import { ROOT, launchBrowser, layoutShiftSince, recordLayoutShifts } from '../tests/browser/harness.mjs';
import { kb } from './page-weight.mjs';

/** Chromium DevTools' "Fast 3G" bandwidth with the issue's 150 ms round trips, and a mid-range phone's CPU. */
export const PHONE = { down: 1.6e6 / 8, up: 0.75e6 / 8, latency: 150, cpu: 4, viewport: { width: 390, height: 844 } };
/** CLS: Core Web Vitals call ≤ 0.1 good. */
export const TARGETS = { kb: 100, roundTrips: 3, ms: 1000, shift: 0.1 };

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * A fresh context (nothing cached) in the phone's profile: its page and CDP session, with the
 * network and the CPU slowed, and the page marking the first tanks: `performance.mark('swrr-ready')`
 * when main#app[data-ready="true"], then `swrr-drawn` (and `window.__swrrDrawn`, its time) in
 * the next frame's callbacks; `window.layoutShifts` holds the layout shifts so far
 * (harness.mjs `recordLayoutShifts`).
 */
export async function phonePage(browser) {
  const context = await browser.newContext({ viewport: PHONE.viewport, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false, latency: PHONE.latency, downloadThroughput: PHONE.down, uploadThroughput: PHONE.up,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpu });
  await page.addInitScript(recordLayoutShifts);
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (document.getElementById('app')?.dataset.ready !== 'true') return;
      observer.disconnect();
      performance.mark('swrr-ready');
      requestAnimationFrame(() => {
        window.__swrrDrawn = performance.mark('swrr-drawn').startTime;
      });
    });
    observer.observe(document, { attributes: true, subtree: true, childList: true, attributeFilter: ['data-ready'] });
  });
  return { context, page, cdp };
}

/** One cold load: {ms, wasm, rest, roundTrips, chain, files, shift}. */
async function coldLoad(browser, url) {
  const { context, page, cdp } = await phonePage(browser);
  try {
    /** url → the url whose loading started it (undefined: the navigation itself). */
    const initiators = new Map();
    cdp.on('Network.requestWillBeSent', ({ request, initiator, type }) => {
      if (initiators.has(request.url)) return;
      const frames = [];
      for (let stack = initiator.stack; stack; stack = stack.parent) frames.push(...stack.callFrames);
      const from = type === 'Document' ? undefined : (initiator.url ?? frames.find((frame) => frame.url)?.url ?? null);
      initiators.set(request.url, from);
    });
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__swrrDrawn !== undefined, null, { timeout: 60_000, polling: 50 });
    // The shifts of the frame that paints the tanks are reported once it is painted.
    await page.evaluate(() => new Promise((resolve) => {
      requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve)));
    }));
    const shift = await layoutShiftSince(page);
    const { ms, entries } = await page.evaluate(() => ({
      ms: window.__swrrDrawn,
      entries: [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
        .filter((e) => e.responseEnd > 0 && e.responseEnd <= window.__swrrDrawn)
        .map((e) => ({ url: e.name, bytes: e.transferSize })),
    }));
    const depth = new Map();
    const depthOf = (file, seen = new Set()) => {
      if (depth.has(file)) return depth.get(file);
      if (seen.has(file)) return 1;
      seen.add(file);
      const from = initiators.get(file);
      const value = from === undefined || from === null || from === file ? 1 : depthOf(from.split('#')[0], seen) + 1;
      depth.set(file, value);
      return value;
    };
    const files = entries.map((e) => ({ ...e, url: e.url.split('#')[0], depth: depthOf(e.url.split('#')[0]) }));
    const deepest = files.reduce((a, b) => (b.depth > a.depth ? b : a));
    const chain = [];
    for (let file = deepest.url; file; file = initiators.get(file)) chain.unshift(file.replace(url.replace(/[^/]*$/, ''), '') || 'index.html');
    const wasm = files.filter((f) => /\.wasm$/.test(f.url)).reduce((sum, f) => sum + f.bytes, 0);
    const all = files.reduce((sum, f) => sum + f.bytes, 0);
    return { ms, wasm, rest: all - wasm, roundTrips: deepest.depth, chain, files, shift };
  } finally {
    await context.close();
  }
}

/** `load(browser, url)` for `runs` cold loads of `root`'s index.html served with gzip, after one that warms the server. */
export async function coldLoads(load, browser, runs, root = join(ROOT, 'dist')) {
  const server = await startServer({ root, gzip: true });
  try {
    const url = `${server.url}index.html`;
    await load(browser, url); // the server compresses each file once, here
    const loads = [];
    for (let i = 0; i < runs; i += 1) loads.push(await load(browser, url));
    return loads;
  } finally {
    await server.close();
  }
}

/** The median of `runs` cold loads of dist/ served with gzip, and the bytes and round trips of the median one. */
export async function measurePhone(browser, runs = 5, root = undefined) {
  const loads = await coldLoads(coldLoad, browser, runs, root);
  const ms = median(loads.map((l) => l.ms));
  const typical = loads.find((l) => l.ms === ms);
  const shift = Math.max(...loads.map((l) => l.shift));
  return { ...typical, ms, min: Math.min(...loads.map((l) => l.ms)), max: Math.max(...loads.map((l) => l.ms)), shift, runs };
}

/** The figures as Markdown lines, each against its target. */
export function phoneReport(r) {
  const verdict = (met) => (met ? 'met' : '**missed**');
  const total = r.wasm + r.rest;
  return [
    `| first view on a phone (dist/, gzip; ${PHONE.down * 8 / 1e6} Mbit/s, ${PHONE.latency} ms, CPU ÷${PHONE.cpu}) | figure | target | |`,
    '|---|---:|---:|---|',
    `| bytes before the first tanks: wasm + the rest | ${kb(r.wasm)} + ${kb(r.rest)} = ${kb(total)} | ≤ ${TARGETS.kb} KB | ${verdict(total <= TARGETS.kb * 1024)}${total > TARGETS.kb * 1024 ? ` by ${kb(total - TARGETS.kb * 1024)} (the rest alone: ${verdict(r.rest <= TARGETS.kb * 1024)})` : ''} |`,
    `| round trips before the first tanks (longest chain) | ${r.roundTrips} | ≤ ${TARGETS.roundTrips} | ${verdict(r.roundTrips <= TARGETS.roundTrips)} |`,
    `| first tanks drawn, median of ${r.runs} cold loads | ${r.ms.toFixed(0)} ms (${r.min.toFixed(0)}–${r.max.toFixed(0)}) | ≤ ${TARGETS.ms} ms | ${verdict(r.ms <= TARGETS.ms)}${r.ms > TARGETS.ms ? ` by ${(r.ms - TARGETS.ms).toFixed(0)} ms` : ''} |`,
    `| layout shift until the first tanks are painted (CLS), the most of ${r.runs} loads | ${r.shift.toFixed(4)} | ≤ ${TARGETS.shift} | ${verdict(r.shift <= TARGETS.shift)} |`,
    '',
    `Longest chain: ${r.chain.join(' → ')}.`,
    `Files before the first tanks (${r.files.length}): ${r.files.map((f) => `${f.url.replace(/^.*\//, '') || 'index.html'} ${kb(f.bytes)}`).join(', ')}.`,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const browser = await launchBrowser();
  try {
    console.log(phoneReport(await measurePhone(browser, Number(process.argv[2] ?? 5), process.argv[3])).join('\n'));
  } finally {
    await browser.close();
  }
}
