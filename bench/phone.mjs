// The first view on a phone over a slow school network: the hosted site (dist/) served with gzip
// as a static host serves it, opened cold in Chromium's mobile profile (390×844, touch, the
// network at 1.6 Mbit/s down, 0.75 Mbit/s up and 150 ms round trips with
// Network.emulateNetworkConditions, the CPU 4× slower with Emulation.setCPUThrottlingRate). For
// each load, when the first tanks are seen (the built first view shown, main#app[data-first-view=
// "shown"], then a frame; where it does not fit, the core's) and the bytes before them; and until
// the core's tanks are drawn, the page usable (main#app[data-ready="true"], then a frame):
// - the bytes that came over the network for it, as sent (gzip), the wasm apart from the rest;
// - the round trips: the longest chain of requests each of which waited for the one before
//   (a module found in a module, the wasm named by its glue; preloads hang off the page);
// - when the modules and the wasm had their last byte, and the first tanks were drawn, since
//   navigation;
// - the layout shift until those tanks are painted (Chromium's layout-shift entries summed: the
//   page's CLS so far, as Core Web Vitals count it).
// Both ways a host serves it, the loads alternating: over HTTP/1.1, as a host without HTTP/2 does
// (Chromium opens six connections to it, so the files queue), and over HTTP/2, as GitHub Pages
// does (docs/HOSTING.md: every request on one connection); the protocol each file came over is
// checked (`nextHopProtocol`). The emulation delays each request by the round trip and shares the
// bandwidth among the requests in flight; opening a connection (TLS's handshake too) costs
// nothing here.
// Figures, not a pass/fail test.
//   node bench/phone.mjs [runs] [site]    (site: dist/, built by scripts/build-dist.mjs)
//   import { measurePhone } from './phone.mjs'   (bench/all.mjs)

import { join } from 'node:path';

import { startServer } from '../scripts/serve.mjs';
import { ROOT, launchBrowser, layoutShiftSince, recordLayoutShifts } from '../tests/browser/harness.mjs';
import { isMain } from './alone.mjs';
import { kb } from './page-weight.mjs';

/** Chromium DevTools' "Fast 3G" bandwidth with the issue's 150 ms round trips, and a mid-range phone's CPU. */
export const PHONE = { down: 1.6e6 / 8, up: 0.75e6 / 8, latency: 150, cpu: 4, viewport: { width: 390, height: 844 } };
/**
 * How dist/ is served: `alpn` is what Chromium must report as each file's `nextHopProtocol`.
 * HTTP/2 comes over TLS with a throwaway certificate (scripts/serve.mjs), as browsers speak it
 * only over TLS; the page's context ignores certificate errors.
 */
export const PROTOCOLS = [
  { name: 'HTTP/1.1', host: 'a host with six connections', http2: false, alpn: 'http/1.1' },
  { name: 'HTTP/2', host: 'one connection, as GitHub Pages serves it', http2: true, alpn: 'h2' },
];
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
  const context = await browser.newContext({
    viewport: PHONE.viewport, deviceScaleFactor: 3, isMobile: true, hasTouch: true, ignoreHTTPSErrors: true,
  });
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
      const app = document.getElementById('app');
      if (app?.dataset.firstView === 'shown' && window.__swrrSeen === undefined) {
        window.__swrrSeen = null;
        requestAnimationFrame(() => {
          window.__swrrSeen = performance.mark('swrr-seen').startTime;
        });
      }
      if (app?.dataset.ready !== 'true') return;
      observer.disconnect();
      performance.mark('swrr-ready');
      requestAnimationFrame(() => {
        window.__swrrDrawn = performance.mark('swrr-drawn').startTime;
      });
    });
    observer.observe(document, { attributes: true, subtree: true, childList: true, attributeFilter: ['data-ready', 'data-first-view'] });
  });
  return { context, page, cdp };
}

/**
 * One cold load: {ms, wasm, rest, roundTrips, chain, files, shift, alpn, lastByte} (`alpn`: the
 * protocols the files came over; `lastByte`: when the modules and the wasm had theirs, ms).
 */
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
    const { ms, seen, entries } = await page.evaluate(() => ({
      ms: window.__swrrDrawn,
      seen: window.__swrrSeen ?? window.__swrrDrawn,
      entries: [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
        .filter((e) => e.responseEnd > 0 && e.responseEnd <= window.__swrrDrawn)
        .map((e) => ({ url: e.name, bytes: e.transferSize, alpn: e.nextHopProtocol, end: e.responseEnd })),
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
    const alpn = [...new Set(files.map((f) => f.alpn))].join(' + ');
    const lastByte = (pattern) => Math.max(...files.filter((f) => pattern.test(f.url)).map((f) => f.end));
    const seenBytes = files.filter((f) => f.end <= seen).reduce((sum, f) => sum + f.bytes, 0);
    return {
      ms, seen, seenBytes, wasm, rest: all - wasm, roundTrips: deepest.depth, chain, files, shift, alpn, lastByte: { js: lastByte(/\.js$/), wasm: lastByte(/\.wasm$/) },
    };
  } finally {
    await context.close();
  }
}

/**
 * `load(browser, url)` for `runs` cold loads of `root`'s index.html served with gzip over each of
 * `protocols` in turn (so a machine whose load changes weighs on each alike), after one per
 * server that warms it (each file is compressed once). Each load says the protocols its files
 * came over (`alpn`); one that is not its server's throws. @returns the loads, one list per protocol.
 */
export async function coldLoads(load, browser, runs, { root = join(ROOT, 'dist'), protocols = PROTOCOLS.slice(0, 1), hash = '' } = {}) {
  const servers = [];
  try {
    for (const { http2 } of protocols) servers.push(await startServer({ root, gzip: true, http2 }));
    const urls = servers.map((server) => `${server.url}index.html${hash}`);
    for (const url of urls) await load(browser, url);
    const loads = urls.map(() => []);
    for (let i = 0; i < runs; i += 1) {
      for (const [which, url] of urls.entries()) {
        const measured = await load(browser, url);
        const { name, alpn } = protocols[which];
        if (measured.alpn !== alpn) throw new Error(`served over ${name}, but Chromium fetched the files over ${measured.alpn}`);
        loads[which].push(measured);
      }
    }
    return loads;
  } finally {
    await Promise.all(servers.map((server) => server.close()));
  }
}

/**
 * For each of PROTOCOLS: the median of `runs` cold loads of dist/ (at `hash`: a link's first
 * view) served with gzip, the bytes and round trips of the median one, the most layout shift of any.
 */
export async function measurePhone(browser, runs = 5, root = undefined, hash = '') {
  const measured = await coldLoads(coldLoad, browser, runs, { root, protocols: PROTOCOLS, hash });
  return PROTOCOLS.map((protocol, which) => {
    const loads = measured[which];
    const ms = median(loads.map((l) => l.ms));
    const typical = loads.find((l) => l.ms === ms);
    const shift = Math.max(...loads.map((l) => l.shift));
    const lastByte = { js: median(loads.map((l) => l.lastByte.js)), wasm: median(loads.map((l) => l.lastByte.wasm)) };
    const seen = { ms: median(loads.map((l) => l.seen)), min: Math.min(...loads.map((l) => l.seen)), max: Math.max(...loads.map((l) => l.seen)), bytes: median(loads.map((l) => l.seenBytes)) };
    return {
      ...protocol, ...typical, ms, min: Math.min(...loads.map((l) => l.ms)), max: Math.max(...loads.map((l) => l.ms)), seen, shift, lastByte, runs,
    };
  });
}

/** The figures of each protocol (measurePhone) as Markdown lines, each against its target. */
export function phoneReport(rows) {
  const verdict = (met, by = '') => (met ? 'met' : `**missed**${by && ` by ${by}`}`);
  const bytes = (r) => {
    const total = r.wasm + r.rest;
    const over = total - TARGETS.kb * 1024;
    return `${kb(r.wasm)} + ${kb(r.rest)} = ${kb(total)}, ${verdict(over <= 0, kb(over))}${over > 0 ? ` (the rest alone: ${verdict(r.rest <= TARGETS.kb * 1024)})` : ''}`;
  };
  const time = ({ ms, min, max }) => `${ms.toFixed(0)} ms (${min.toFixed(0)}–${max.toFixed(0)}), ${verdict(ms <= TARGETS.ms, `${(ms - TARGETS.ms).toFixed(0)} ms`)}`;
  const seenBytes = (r) => `${kb(r.seen.bytes)}, ${verdict(r.seen.bytes <= TARGETS.kb * 1024, kb(r.seen.bytes - TARGETS.kb * 1024))}`;
  const { runs } = rows[0];
  return [
    `| first view on a phone (dist/, gzip; ${PHONE.down * 8 / 1e6} Mbit/s, ${PHONE.latency} ms, CPU ÷${PHONE.cpu}), served over | first tanks seen (the built first view where it fits, else the core's), median of ${runs} cold loads | bytes before they are seen | the core's tanks drawn, the page usable | bytes before that: wasm + the rest | round trips (longest chain) | last byte of the modules, of the wasm, medians | layout shift until the core's tanks are painted (CLS), the most of ${runs} |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.name}: ${r.host} (Chromium: ${r.alpn}) | ${time(r.seen)} | ${seenBytes(r)} | ${time(r)} | ${bytes(r)} | ${r.roundTrips}, ${verdict(r.roundTrips <= TARGETS.roundTrips)} | ${r.lastByte.js.toFixed(0)} ms, ${r.lastByte.wasm.toFixed(0)} ms | ${r.shift.toFixed(4)}, ${verdict(r.shift <= TARGETS.shift)} |`),
    `| target | ≤ ${TARGETS.ms} ms | ≤ ${TARGETS.kb} KB | ≤ ${TARGETS.ms} ms | ≤ ${TARGETS.kb} KB | ≤ ${TARGETS.roundTrips} | | ≤ ${TARGETS.shift} |`,
    '',
    ...rows.flatMap((r) => [
      `${r.name}: longest chain ${r.chain.join(' → ')}.`,
      `${r.name}: files before the first tanks (${r.files.length}): ${r.files.map((f) => `${f.url.replace(/^.*\//, '') || 'index.html'} ${kb(f.bytes)}`).join(', ')}.`,
    ]),
  ];
}

if (isMain(import.meta.url)) {
  const browser = await launchBrowser();
  try {
    // node bench/phone.mjs [runs] [root] [hash]: e.g. `node bench/phone.mjs 3 dist '#quiz=3'`.
    console.log(phoneReport(await measurePhone(browser, Number(process.argv[2] ?? 5), process.argv[3] || undefined, process.argv[4] ?? '')).join('\n'));
  } finally {
    await browser.close();
  }
}
