// WebKit through W3C WebDriver: Debian's WebKitGTK (webkit2gtk-driver: /usr/bin/WebKitWebDriver,
// which drives WebKitGTK's MiniBrowser) on an Xvfb display, spoken to with plain `fetch`.
//
//   const webkit = await launchWebKit();          // Xvfb + WebKitWebDriver + one session
//   await webkit.setViewport(390, 844);            // the page's inner size, not the window's
//   await webkit.go(url);
//   await webkit.waitFor('document.querySelector("#app")?.dataset.ready === "true"');
//   const n = await webkit.run('return document.querySelectorAll("g.tank").length');
//   await webkit.click('#step-forward');
//   await webkit.screenshot('/tmp/page.png');      // the viewport, as PNG
//   await webkit.close();
//
// MiniBrowser is a GTK 3 program and WebKitGTK 2.50 has no headless mode: without a display the
// driver's new-session request hangs ("cannot open display"), hence Xvfb.

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';

export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER ?? '/usr/bin/WebKitWebDriver';
export const XVFB = process.env.XVFB ?? '/usr/bin/Xvfb';

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

async function freePort() {
  const server = createServer();
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  await new Promise((ok) => server.close(ok));
  return port;
}

/** Starts Xvfb on the first free display it finds (`-displayfd`); resolves to `{display, process}`. */
async function startXvfb() {
  const xvfb = spawn(XVFB, ['-displayfd', '1', '-screen', '0', '1920x1200x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const display = await new Promise((ok, fail) => {
    let out = '';
    xvfb.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) ok(`:${out.trim()}`);
    });
    xvfb.once('exit', (code) => fail(new Error(`Xvfb exited (${code}) before it named its display`)));
    setTimeout(() => fail(new Error('Xvfb named no display in 10 s')), 10_000);
  });
  return { display, process: xvfb };
}

/** A WebDriver error as an Error whose message names the command and the driver's own words. */
class WebDriverError extends Error {}

/**
 * Starts Xvfb, WebKitWebDriver and one session (MiniBrowser). Everything it started is stopped
 * by `close()`, and also if starting fails half way.
 */
export async function launchWebKit({ args = [] } = {}) {
  for (const file of [WEBKIT_DRIVER, XVFB]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: apt-get install -y webkit2gtk-driver xvfb (scripts/setup.sh webkit)`);
  }
  const started = [];
  const stopAll = () => {
    for (const child of started.reverse()) if (child.exitCode === null) child.kill();
    started.length = 0;
  };
  // Xvfb outlives a Node process that ends without close() (an uncaught error, process.exit).
  process.once('exit', stopAll);
  try {
    const xvfb = await startXvfb();
    started.push(xvfb.process);
    const port = await freePort();
    const driver = spawn(WEBKIT_DRIVER, [`--port=${port}`], { env: { ...process.env, DISPLAY: xvfb.display }, stdio: ['ignore', 'ignore', 'pipe'] });
    started.push(driver);
    let driverLog = '';
    driver.stderr.on('data', (chunk) => {
      driverLog = (driverLog + chunk).slice(-2000);
    });
    const base = `http://127.0.0.1:${port}`;
    for (let tries = 0; ; tries += 1) {
      try {
        if ((await fetch(`${base}/status`)).ok) break;
      } catch {
        if (tries > 100) throw new Error(`WebKitWebDriver did not answer on ${base}: ${driverLog}`);
        await sleep(50);
      }
    }
    const command = async (method, path, body) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(120_000),
      });
      const { value } = await res.json();
      if (!res.ok) throw new WebDriverError(`${method} ${path}: ${value?.error}: ${value?.message}`);
      return value;
    };
    const created = await command('POST', '/session', {
      capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': { args: ['--automation', ...args] } } },
    });
    const session = `/session/${created.sessionId}`;
    const at = (method, path, body) => command(method, `${session}${path}`, body);
    const webkit = {
      version: created.capabilities.browserVersion,
      command: at,
      go: (url) => at('POST', '/url', { url }),
      /** Runs `body` (a function body: `return …`) in the page, with `args` as `arguments`. */
      run: (body, ...args) => at('POST', '/execute/sync', { script: body, args }),
      /** Runs `body`, which calls `arguments[arguments.length - 1](value)` when done. */
      runAsync: (body, ...args) => at('POST', '/execute/async', { script: body, args }),
      /** Waits until the expression `condition` is truthy in the page; its last value is in the error. */
      async waitFor(condition, { timeout = 15_000, what = condition } = {}) {
        const until = Date.now() + timeout;
        let last;
        for (;;) {
          try {
            last = await webkit.run(`return (${condition});`);
            if (last) return last;
          } catch (error) {
            last = error.message;
          }
          if (Date.now() > until) throw new Error(`timed out after ${timeout} ms waiting for ${what} (last: ${JSON.stringify(last)})`);
          await sleep(50);
        }
      },
      async find(selector) {
        const found = await at('POST', '/element', { using: 'css selector', value: selector });
        return Object.values(found)[0];
      },
      /** A WebDriver click (scrolls the element into view, fails if something covers it). */
      async click(selector) {
        await at('POST', `/element/${await webkit.find(selector)}/click`, {});
      },
      /** Sets the window so that the page's viewport (innerWidth × innerHeight) is width × height. */
      async setViewport(width, height) {
        for (let tries = 0; tries < 4; tries += 1) {
          const [innerWidth, innerHeight] = await webkit.run('return [innerWidth, innerHeight];');
          if (innerWidth === width && innerHeight === height) return;
          const rect = await at('GET', '/window/rect');
          await at('POST', '/window/rect', { width: rect.width + width - innerWidth, height: rect.height + height - innerHeight });
          await sleep(100);
        }
        const inner = await webkit.run('return [innerWidth, innerHeight];');
        throw new Error(`the viewport stays ${inner.join('×')}, not ${width}×${height}`);
      },
      /** Commands go to the document of the page's `index`th frame from now on; `null`: the top. */
      frame: (index) => at('POST', '/frame', { id: index }),
      /** Saves the viewport as a PNG, or with `selector` that element (an iframe with its page). */
      async screenshot(path, selector) {
        const png = selector ? await at('GET', `/element/${await webkit.find(selector)}/screenshot`) : await at('GET', '/screenshot');
        await writeFile(path, Buffer.from(png, 'base64'));
        return path;
      },
      async close() {
        await command('DELETE', session).catch(() => {});
        stopAll();
      },
    };
    return webkit;
  } catch (error) {
    stopAll();
    throw error;
  }
}
