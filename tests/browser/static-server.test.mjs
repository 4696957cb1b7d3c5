// scripts/serve.mjs, the server of `scripts/serve.sh` and of these tests: odd request paths get a
// page or a 404, never a 500, and never a file outside the served folder.

import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, test } from 'node:test';

import { startServer } from '../../scripts/serve.mjs';
import { WWW } from './harness.mjs';

let server;
before(async () => {
  server = await startServer({ root: WWW });
});
after(() => server.close());

/** The status of a GET of `path` exactly as written (no client-side normalisation). */
function status(path) {
  const { hostname, port } = new URL(server.url);
  return new Promise((done, fail) => {
    const req = request({ hostname, port, path, method: 'GET' }, (res) => {
      res.resume();
      done(res.statusCode);
    });
    req.on('error', fail);
    req.end();
  });
}

test('repeated slashes are one, as nginx merges them', async () => {
  assert.equal(await status('//'), 200);
  assert.equal(await status('///index.html'), 200);
  assert.equal(await status('//compare.html'), 200);
  assert.equal(await status('//example.com/index.html'), 404);
});

test('paths out of the folder, malformed escapes and NUL bytes are not found', async () => {
  for (const path of ['/../package.json', '/%2e%2e/package.json', '/..%2fpackage.json', '/%E0%A4%A', '/index.html%00', '/nope.html']) {
    assert.equal(await status(path), 404, path);
  }
});
