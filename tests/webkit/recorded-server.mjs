// The site as the browser tests serve it (tests/browser/harness.mjs `startServer`), behind a front
// that records what went wrong, for a browser whose driver has no log API (WebKitGTK's
// WebDriver classic): every HTML page gets, first in its <head>, a classic script that records
// uncaught errors, unhandled rejections, console.error, CSP violations and failed loads of
// scripts, styles and images in `window.__errors` (ResizeObserver loop notices in
// `window.__notices`); and the front itself records every response
// of 400 or more, which the page's own records cannot see for a fetch the page handled.
//
//   const site = await startRecordedServer();
//   site.url                 // http://127.0.0.1:PORT/
//   site.httpErrors          // ['404 /missing.js', …]
//   site.framed('index.html#w=5', 390, 844)   // a page that shows that one in a 390 × 844 iframe
//   await site.close();

import { createServer } from 'node:http';

import { startServer } from '../browser/harness.mjs';

const RECORDER_PATH = '/__webkit-recorder.js';
/** `/__frame.html?w=390&h=844&src=index.html%23w%3D5`: `src` in an iframe of w × h CSS pixels. */
const FRAME_PATH = '/__frame.html';

/** Runs in the page before its own code (a classic script, allowed by its CSP's script-src 'self'). */
function recorder() {
  const errors = [];
  window.__errors = errors;
  // "ResizeObserver loop completed with undelivered notifications": benign (they come in the next
  // frame), ignored by the page's own error handlers (app.js, compare.js) too; kept apart, counted.
  const notices = [];
  window.__notices = notices;
  const text = (value) => (value instanceof Error ? `${value.name}: ${value.message}${value.stack ? `\n${value.stack}` : ''}` : String(value));
  addEventListener('error', (event) => {
    if (event.target && event.target !== window) {
      const target = event.target;
      errors.push(`failed to load <${target.localName}> ${target.src ?? target.href ?? ''}`);
    } else if (!event.error && String(event.message).includes('ResizeObserver loop')) {
      notices.push(String(event.message));
    } else {
      errors.push(`uncaught ${text(event.error ?? event.message)} (${event.filename}:${event.lineno}:${event.colno})`);
    }
  }, true);
  addEventListener('unhandledrejection', (event) => errors.push(`unhandled rejection: ${text(event.reason)}`));
  addEventListener('securitypolicyviolation', (event) => errors.push(`CSP: ${event.violatedDirective} blocked ${event.blockedURI}`));
  const consoleError = console.error.bind(console);
  console.error = (...args) => {
    errors.push(`console.error: ${args.map(text).join(' ')}`);
    consoleError(...args);
  };
}

export async function startRecordedServer() {
  const site = await startServer();
  const httpErrors = [];
  const front = createServer(async (req, res) => {
    const path = new URL(req.url, 'http://localhost').pathname;
    if (path === RECORDER_PATH) {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end(`(${recorder})();\n`);
      return;
    }
    if (path === FRAME_PATH) {
      const query = new URL(req.url, 'http://localhost').searchParams;
      const [w, h] = ['w', 'h'].map((name) => Number.parseInt(query.get(name), 10));
      const src = query.get('src') ?? '';
      const attr = (value) => String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end(`<!doctype html><html><head><link rel="icon" href="data:,"></head><body style="margin:0;background:#777"><iframe src="${attr(src)}" width="${w}" height="${h}" style="border:0;display:block"></iframe></body></html>`);
      return;
    }
    try {
      const headers = { ...req.headers };
      delete headers.host;
      delete headers['accept-encoding'];
      const answer = await fetch(new URL(req.url, site.url), { method: req.method, headers });
      if (answer.status >= 400) httpErrors.push(`${answer.status} ${req.url}`);
      const out = Object.fromEntries([...answer.headers].filter(([name]) => !['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name)));
      let body = Buffer.from(await answer.arrayBuffer());
      if ((answer.headers.get('content-type') ?? '').startsWith('text/html')) {
        body = Buffer.from(body.toString('utf8').replace(/<head>/i, `<head>\n<script src="${RECORDER_PATH}"></script>`));
      }
      res.writeHead(answer.status, { ...out, 'Content-Length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (error) {
      httpErrors.push(`front: ${req.url}: ${error.message}`);
      if (!res.headersSent) res.writeHead(502);
      res.end();
    }
  });
  await new Promise((ok) => front.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${front.address().port}/`,
    httpErrors,
    framed: (src, width, height) => `http://127.0.0.1:${front.address().port}${FRAME_PATH}?w=${width}&h=${height}&src=${encodeURIComponent(src)}`,
    async close() {
      front.closeAllConnections();
      await new Promise((ok) => front.close(ok));
      await site.close();
    },
  };
}
