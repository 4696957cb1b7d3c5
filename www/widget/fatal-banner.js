// The error banner: a failure inside the core (a panic) is said on the page, which stays alive
// (DESIGN.md rule 4), with a Reset button where there is one (it drops the URL's state).

import { errorText, tr } from '../words/i18n.js';

export class FatalBanner {
  /**
   * @param {HTMLElement} root  carries `data-error` once something failed
   * @param {ParentNode} scope  where `#fatal`, `#fatal-message` and `#fatal-reset` are
   */
  constructor(root, scope) {
    this.root = root;
    this.box = scope.querySelector('#fatal');
    this.message = scope.querySelector('#fatal-message');
    scope.querySelector('#fatal-reset')?.addEventListener('click', () => {
      location.hash = '';
      location.reload();
    });
  }

  /** Shows `error` (an Error, the core's, or a message) and returns its message. */
  show(error) {
    const message = errorText(error);
    this.message.textContent = tr('error.fatal', { message });
    this.box.hidden = false;
    this.root.dataset.error = 'true';
    return message;
  }
}

/** Runs `fn`; a failure inside the core (a panic) goes to `fail` and `fallback` is returned. */
export function guarded(fn, fallback, fail) {
  try {
    return fn();
  } catch (error) {
    fail(error);
    return fallback;
  }
}
