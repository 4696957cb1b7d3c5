// Parts of the page that the first view does not show are loaded on first use: the dialogs and
// their stylesheet, the lesson and quiz panels, the extras wasm module (extras.js), a second
// language. What they share: load once (a failed load is tried again next time), a stylesheet
// loaded only when needed, and a short "loading…" notice that turns into a visible error if the
// load fails.

import { errorText, tr } from '../words/i18n.js';

/** A loading notice appears only when a load takes longer than this. */
const NOTICE_DELAY_MS = 150;

/**
 * `load` called once: every call returns the same promise, until it fails (then the next call
 * tries again: a stylesheet or a wasm file that failed is fetched again; a module script that
 * failed stays failed in the browser's module map until the page is reloaded, which the failure
 * notice says).
 * @template T
 * @param {() => Promise<T>} load
 * @returns {{(): Promise<T>, value: T|undefined}} `value`: the result once resolved (for code
 *   that must stay synchronous when everything is already there)
 */
export function once(load) {
  let promise = null;
  let generation = 0;
  const get = () => {
    if (!promise) {
      const asked = generation;
      promise = load().then((value) => {
        // Forgotten while it loaded: what came is not kept.
        if (asked === generation) get.value = value;
        return value;
      });
      promise.catch(() => {
        promise = null;
      });
    }
    return promise;
  };
  get.value = undefined;
  /** Drops what was loaded: the next call loads it anew (a dialog built in another language). */
  get.forget = () => {
    generation += 1;
    promise = null;
    get.value = undefined;
  };
  return get;
}

const styles = new Map();

/**
 * Adds `<link rel="stylesheet" href>` (once) and resolves when it applies, so a dialog never
 * shows unstyled. `href` names a stylesheet beside the page, as the page's own <link>s do (in
 * www/ and in dist/ alike). The single file has every style inline already
 * (scripts/build-dist.mjs inlines each `loadStyle('…')` of the modules), so there it resolves at once.
 */
export function loadStyle(href) {
  if (document.documentElement.dataset.build === 'single-file') return Promise.resolve();
  if (!styles.has(href)) {
    const promise = new Promise((resolve, reject) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = new URL(href, document.baseURI).href;
      link.addEventListener('load', () => resolve());
      link.addEventListener('error', () => {
        link.remove();
        reject(new Error(`${href} did not load`));
      });
      document.head.append(link);
    });
    styles.set(href, promise);
    promise.catch(() => styles.delete(href));
  }
  return styles.get(href);
}

/**
 * Runs `promise` with a visible state in `notice` (an element with `aria-live`): "Loading
 * {what}…" if it takes a moment, the error (role=alert) if it fails, nothing once done. Resolves
 * with the promise's value, or with `undefined` after a failure (which stays on screen).
 * @param {HTMLElement} notice
 * @param {string} what  what is loading, already in the page's language (`tr('load.quiz')`)
 */
export async function withNotice(notice, what, promise) {
  const timer = setTimeout(() => showNotice(notice, tr('load.loading', { what }), 'loading', what), NOTICE_DELAY_MS);
  try {
    const value = await promise;
    clearTimeout(timer);
    // Done: its "loading" goes, and so does an earlier failure of the same part.
    if (notice.dataset.what === what) hideNotice(notice);
    return value;
  } catch (error) {
    clearTimeout(timer);
    showNotice(notice, tr('load.failed', { what, message: errorText(error) }), 'error', what);
    return undefined;
  }
}

/**
 * `withNotice` in the place of a part still loading: `root`'s content becomes its notice (a
 * `.panel-notice`, shown only if the load takes a moment), which the part replaces once drawn.
 */
export function withPanelNotice(root, what, promise) {
  const notice = document.createElement('p');
  notice.className = 'panel-notice';
  notice.setAttribute('aria-live', 'polite');
  notice.hidden = true;
  root.replaceChildren(notice);
  return withNotice(notice, what, promise);
}

function showNotice(notice, text, state, what) {
  notice.textContent = text;
  notice.dataset.state = state;
  notice.dataset.what = what;
  if (state === 'error') notice.setAttribute('role', 'alert');
  else notice.removeAttribute('role');
  notice.hidden = false;
}

function hideNotice(notice) {
  notice.hidden = true;
  notice.textContent = '';
  delete notice.dataset.state;
  delete notice.dataset.what;
  notice.removeAttribute('role');
}
