#!/usr/bin/env node
// A tiny static file server for www/, with no dependencies.
//
//   node scripts/serve.mjs [--port 8000] [--host 127.0.0.1] [--root www] [--gzip] [--http2]
//   PORT=8080 node scripts/serve.mjs
//
// Also a module: `const { url, close } = await startServer({ port: 0 })` serves on a free port
// (the browser tests do that). Files only: right MIME types (application/wasm for .wasm, so
// `WebAssembly.instantiateStreaming` works), no directory listings, nothing outside the root, and
// `Cache-Control: no-cache` so a rebuilt wasm is never stale, with an ETag (size and mtime) so a
// second fetch of an unchanged file (the analysis worker loading the wasm the page already has)
// is a 304 without a body, as on any static host. Files are public, so any origin may
// load them (`Access-Control-Allow-Origin: *`): a page elsewhere can import the <swrr-viz>
// element module, which then fetches its wasm from here.
// With `gzip: true` (`--gzip`) it serves as a static host that compresses does: text and wasm
// gzipped for browsers that accept it, and files whose names carry their content's hash
// (dist/'s bundles and wasm, scripts/build-site.mjs) cached forever (`immutable`).
// With `http2: true` (`--http2`) it speaks HTTP/2 over TLS, as GitHub Pages does (every request
// on one connection), and HTTP/1.1 to clients without it, with a throwaway self-signed
// certificate made by openssl at start: browsers take it only when told to ignore certificate
// errors (bench/phone.mjs).

import { execFile as execFileCallback } from 'node:child_process';
import { createServer } from 'node:http';
import { createSecureServer } from 'node:http2';
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, realpath, rm, stat } from 'node:fs/promises';
import { isIP } from 'node:net';
import { tmpdir } from 'node:os';
import { gzip as gzipCallback } from 'node:zlib';
import { promisify } from 'node:util';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = fileURLToPath(new URL('.', import.meta.url));
export const DEFAULT_ROOT = resolve(HERE, '..', 'www');

export const MIME_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

const SECURITY_HEADERS = {
  'Cache-Control': 'no-cache',
  'X-Content-Type-Options': 'nosniff',
  'Access-Control-Allow-Origin': '*',
};

/** Names that carry their content's hash (scripts/build-site.mjs): `app-4KX2TQ7M.js`, `swrr_viz_bg-0f3a9c2e1b.wasm`. */
const HASHED_NAME = /-[A-Z0-9]{8,10}\.(js|css|wasm)$/;
const COMPRESSIBLE = /\.(html|m?js|css|json|map|wasm|svg|txt|md|ts)$/;
const gzip = promisify(gzipCallback);
const execFile = promisify(execFileCallback);
/** Gzipped bodies by file and ETag, so a repeated request costs no compression. */
const compressed = new Map();

function send(res, status, body, headers = {}) {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    ...SECURITY_HEADERS,
    ...headers,
  });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

/**
 * Maps a request path to a file under `root`, or null if it must not be served.
 * `root` must already be a real path (no symlinks).
 */
async function resolveFile(root, urlPath) {
  let path;
  try {
    path = decodeURIComponent(urlPath);
  } catch {
    return null; // malformed %-escape
  }
  if (path.includes('\0') || !path.startsWith('/')) return null;
  if (path.endsWith('/')) path += 'index.html';
  const candidate = resolve(root, '.' + path);
  if (candidate !== root && !candidate.startsWith(root + sep)) return null;
  let real;
  try {
    real = await realpath(candidate);
  } catch {
    return null;
  }
  // A symlink inside www/ must not lead outside it either.
  if (real !== root && !real.startsWith(root + sep)) return null;
  const info = await stat(real);
  if (info.isDirectory()) {
    return { redirect: true };
  }
  return info.isFile() ? { file: real, size: info.size, etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"` } : null;
}

async function handle(root, req, res, { gzip: compress = false } = {}) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    send(res, 405, 'Method Not Allowed\n', { Allow: 'GET, HEAD' });
    return;
  }
  // Repeated slashes are one, as nginx's merge_slashes has them: a path starting `//` would
  // otherwise be read as a host (`new URL('//', base)` throws, and the answer was a 500).
  const url = new URL(req.url.replace(/^\/{2,}/, '/'), 'http://localhost');
  const found = await resolveFile(root, url.pathname);
  if (!found) {
    send(res, 404, 'Not Found\n');
    return;
  }
  if (found.redirect) {
    // /dir → /dir/ so that relative URLs inside dir/index.html resolve.
    send(res, 301, 'Moved Permanently\n', { Location: url.pathname + '/' + url.search });
    return;
  }
  const type = MIME_TYPES[extname(found.file).toLowerCase()] ?? 'application/octet-stream';
  const headers = { 'Content-Type': type, 'Content-Length': found.size, ETag: found.etag, ...SECURITY_HEADERS };
  if (compress && HASHED_NAME.test(found.file)) headers['Cache-Control'] = 'public, max-age=31536000, immutable';
  const asked = req.headers['if-none-match'];
  if (asked && asked.split(/\s*,\s*/).includes(found.etag)) {
    res.writeHead(304, { ETag: found.etag, ...SECURITY_HEADERS });
    res.end();
    return;
  }
  if (req.method === 'HEAD') {
    res.writeHead(200, headers);
    res.end();
    return;
  }
  if (compress && COMPRESSIBLE.test(found.file) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
    const key = `${found.file} ${found.etag}`;
    if (!compressed.has(key)) compressed.set(key, await gzip(await readFile(found.file), { level: 9 }));
    const body = compressed.get(key);
    res.writeHead(200, { ...headers, 'Content-Encoding': 'gzip', 'Content-Length': body.length, Vary: 'Accept-Encoding' });
    res.end(body);
    return;
  }
  const stream = createReadStream(found.file);
  stream.once('open', () => {
    res.writeHead(200, headers);
    stream.pipe(res);
  });
  stream.once('error', (err) => {
    if (!res.headersSent) send(res, 500, 'Internal Server Error\n');
    else res.destroy(err);
  });
  res.once('close', () => stream.destroy());
}

/** A key and a self-signed certificate for `host`, valid for a day, made by openssl in a temporary directory removed at once. */
async function throwawayCertificate(host) {
  const dir = await mkdtemp(join(tmpdir(), 'swrr-serve-'));
  const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  try {
    await execFile('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', `/CN=${host}`, '-addext', `subjectAltName=${isIP(host) ? 'IP' : 'DNS'}:${host}`, '-keyout', key, '-out', cert,
    ]);
    return { key: await readFile(key), cert: await readFile(cert) };
  } catch (err) {
    throw new Error(`serving over HTTP/2 needs a certificate, made by openssl (Debian's openssl package): ${err.message}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Starts serving `root` (default www/) on `host:port`; port 0 picks a free port.
 * @returns {Promise<{url: string, port: number, server: import('node:http').Server | import('node:http2').Http2SecureServer, close: () => Promise<void>}>}
 *   `url` ends with a slash, e.g. `http://127.0.0.1:8000/` (`https://` with `http2`).
 */
export async function startServer({ root = DEFAULT_ROOT, host = '127.0.0.1', port = 0, log = false, gzip: compress = false, http2 = false } = {}) {
  const realRoot = await realpath(resolve(root));
  const respond = (req, res) => {
    handle(realRoot, req, res, { gzip: compress })
      .catch((err) => {
        if (!res.headersSent) send(res, 500, 'Internal Server Error\n');
        else res.destroy();
        console.error(`serve: ${req.method} ${req.url}: ${err.message}`);
      })
      .finally(() => {
        if (log) console.log(`${new Date().toISOString()} ${res.statusCode} ${req.method} ${req.url}`);
      });
  };
  const server = http2 ? createSecureServer({ ...(await throwawayCertificate(host)), allowHTTP1: true }, respond) : createServer(respond);
  // An HTTP/2 server has no closeAllConnections: its connections are closed one by one.
  const connections = new Set();
  server.on('connection', (socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      ok();
    });
  });
  const actual = server.address().port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `${http2 ? 'https' : 'http'}://${shownHost}:${actual}/`,
    port: actual,
    server,
    close: () =>
      new Promise((ok) => {
        server.close(() => ok());
        if (server.closeAllConnections) server.closeAllConnections();
        else for (const socket of connections) socket.destroy();
      }),
  };
}

function parseArgs(argv) {
  const opts = { port: Number(process.env.PORT ?? 8000), host: process.env.HOST ?? '127.0.0.1', root: DEFAULT_ROOT };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${arg} needs a value`);
      return argv[++i];
    };
    if (arg === '--port' || arg === '-p') opts.port = Number(value());
    else if (arg === '--host') opts.host = value();
    else if (arg === '--root') opts.root = value();
    else if (arg === '--gzip') opts.gzip = true;
    else if (arg === '--http2') opts.http2 = true;
    else if (arg === '--help' || arg === '-h') {
      console.log('usage: node scripts/serve.mjs [--port N] [--host H] [--root DIR] [--gzip] [--http2]   (PORT, HOST env also work)');
      process.exit(0);
    } else throw new Error(`unknown argument ${arg}`);
  }
  if (!Number.isInteger(opts.port) || opts.port < 0 || opts.port > 65535) {
    throw new Error(`bad port ${opts.port}`);
  }
  return opts;
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  try {
    const opts = parseArgs(process.argv.slice(2));
    const { url, close } = await startServer({ ...opts, log: true });
    console.log(`Serving ${opts.root} at ${url}  (Ctrl+C stops)`);
    const stop = async () => {
      await close();
      process.exit(0);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } catch (err) {
    console.error(`serve: ${err.message}`);
    process.exit(1);
  }
}
