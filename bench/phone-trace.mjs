// Where the first view's time goes on the phone of bench/phone.mjs: cold loads of dist/ in the
// same profile (gzip, 1.6 Mbit/s, 150 ms, CPU 4× slower), each recorded as a Chrome trace, and
// from each: when the page, the modules and the wasm had their last byte, when the main thread
// was free for the wasm, when it was compiled and instantiated, data-ready, the frame callbacks
// after it and that frame's paint; and what the main thread did from the wasm's last byte to
// that paint (lazy compilation of wasm and of JavaScript functions, style, layout, paint), and
// before it. Medians of the loads.
// Served over HTTP/1.1, or with --http2 over HTTP/2 as GitHub Pages serves it (bench/phone.mjs).
// Figures for docs/PERFORMANCE.md, not a test.
//   node bench/phone-trace.mjs [loads] [site] [--http2]    (site: dist/, built by scripts/build-dist.mjs)

import { launchBrowser } from '../tests/browser/harness.mjs';
import { isMain } from './alone.mjs';
import { coldLoads, median, phonePage, PROTOCOLS } from './phone.mjs';

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.wasm', 'disabled-by-default-v8.compile', 'blink.user_timing', 'loading'];
/** Main-thread trace events counted by kind (the time they cover: nested ones count once). */
const KINDS = {
  'wasm compiled on first call': ['wasm.CompileLazy'],
  'JavaScript compiled on first call': ['V8.CompileCode'],
  style: ['UpdateLayoutTree'],
  layout: ['Layout'],
  'paint, pre-paint, commit': ['Paint', 'PrePaint', 'Commit'],
};

/** One traced cold load: the moments (ms since navigation), the main thread's time by kind, the protocols its files came over. */
async function tracedLoad(browser, url) {
  const { context, page } = await phonePage(browser);
  try {
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__swrrDrawn !== undefined, null, { timeout: 60_000, polling: 50 });
    await page.waitForTimeout(500); // the frame after data-ready is painted
    const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
    const timing = await page.evaluate(() => {
      const ready = performance.getEntriesByName('swrr-ready')[0].startTime;
      const resources = performance.getEntriesByType('resource').filter((e) => e.responseEnd <= ready);
      const last = (pattern) => Math.max(...resources.filter((e) => pattern.test(new URL(e.name).pathname)).map((e) => e.responseEnd));
      const [navigation] = performance.getEntriesByType('navigation');
      return {
        ready, drawn: window.__swrrDrawn, html: navigation.responseEnd, js: last(/\.js$/), wasm: last(/\.wasm$/),
        alpn: [...new Set([navigation, ...resources].map((e) => e.nextHopProtocol))].join(' + '),
      };
    });
    return { ...timing, ...fromTrace(events, timing) };
  } finally {
    await context.close();
  }
}

/** The trace's moments and main-thread times, on the page's clock (`timing.ready` places it). */
function fromTrace(events, timing) {
  const mark = events.find((e) => e.name === 'swrr-ready' && e.cat.includes('blink.user_timing'));
  const origin = mark.ts / 1000 - timing.ready;
  const main = events.filter((e) => e.pid === mark.pid && e.tid === mark.tid && e.ph === 'X').map((e) => ({ name: e.name, start: e.ts / 1000 - origin, end: (e.ts + e.dur) / 1000 - origin }));
  const firstEnd = (name, after = 0) => main.find((e) => e.name === name && e.start >= after)?.end ?? NaN;
  const paint = firstEnd('Paint', timing.ready);
  /** The time within [from, to] that events named `names` cover. */
  const busy = (from, to, names) => {
    let covered = 0;
    let reached = from;
    for (const e of main.filter((x) => names.includes(x.name)).sort((a, b) => a.start - b.start)) {
      const start = Math.max(e.start, reached);
      const end = Math.min(e.end, to);
      if (end > start) covered += end - start;
      reached = Math.max(reached, Math.min(e.end, to));
    }
    return covered;
  };
  const after = Object.fromEntries(Object.entries(KINDS).map(([kind, names]) => [kind, busy(timing.wasm, paint, names)]));
  const running = main.find((e) => e.name === 'RunTask' && e.start <= timing.wasm && e.end > timing.wasm);
  return {
    free: running ? running.end : timing.wasm,
    instantiated: firstEnd('wasm.SyncInstantiate'),
    paint,
    after: { ...after, 'all tasks': busy(timing.wasm, paint, ['RunTask']) },
    before: busy(0, timing.wasm, ['RunTask']),
  };
}

/** The medians of `loads` traced cold loads of `root` (dist/) served with gzip, over HTTP/2 with `http2`. */
export async function tracePhone(browser, loads = 5, { root = undefined, http2 = false } = {}) {
  const protocol = PROTOCOLS.find((p) => p.http2 === http2);
  const [runs] = await coldLoads(tracedLoad, browser, loads, { root, protocols: [protocol] });
  const at = (key) => median(runs.map((r) => r[key]));
  const since = (key, from) => median(runs.map((r) => r[key] - r[from]));
  return {
    loads,
    protocol: protocol.name,
    moments: [
      ['the page (HTML) has its last byte', at('html')],
      ['the modules have their last byte', at('js')],
      ['the wasm has its last byte', at('wasm')],
      ['the main thread ends the task it is in then (laying the page out, a frame)', at('free'), since('free', 'wasm')],
      ['the wasm is compiled (streamed: validated as it arrives; functions compile on first call) and instantiated', at('instantiated'), since('instantiated', 'wasm')],
      ['data-ready: the first tanks computed and built', at('ready'), since('ready', 'wasm')],
      ['the next frame\'s callbacks (bench/phone.mjs\'s "first tanks drawn")', at('drawn'), since('drawn', 'wasm')],
      ['that frame painted', at('paint'), since('paint', 'wasm')],
    ],
    after: Object.keys(runs[0].after).map((kind) => [kind, median(runs.map((r) => r.after[kind]))]),
    before: median(runs.map((r) => r.before)),
  };
}

/** The breakdown as Markdown lines. */
export function traceReport(r) {
  const ms = (value) => `${Math.round(value)} ms`;
  return [
    `| moment (median of ${r.loads} traced cold loads, ${r.protocol}) | since navigation | since the wasm's last byte |`,
    '|---|---:|---:|',
    ...r.moments.map(([what, at, since]) => `| ${what} | ${ms(at)} | ${since === undefined ? '' : ms(since)} |`),
    '',
    '| the main thread from the wasm\'s last byte to that paint | time |',
    '|---|---:|',
    ...r.after.map(([kind, time]) => `| ${kind} | ${ms(time)} |`),
    '',
    `The main thread's tasks before the wasm's last byte: ${ms(r.before)}.`,
  ];
}

if (isMain(import.meta.url)) {
  const browser = await launchBrowser();
  try {
    const [loads = 5, root] = process.argv.slice(2).filter((arg) => arg !== '--http2');
    console.log(traceReport(await tracePhone(browser, Number(loads), { root, http2: process.argv.includes('--http2') })).join('\n'));
  } finally {
    await browser.close();
  }
}
