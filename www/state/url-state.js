// The page state in the URL hash: `#w=<weights text>&t=<step>…`, read and written; unknown keys
// are kept. Its layout is state.js's.

/** Reads the hash into a Map of key → value (values URL-decoded). */
export function readHash(hash = location.hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return new Map(params.entries());
}

/** `#key=value&…` of a Map, empty values left out. */
export function hashText(entries) {
  const params = new URLSearchParams();
  for (const [key, value] of entries) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  // URLSearchParams encodes spaces as '+'; %20 is what people expect to read and paste.
  return '#' + params.toString().replaceAll('+', '%20');
}

/** Writes the Map into the hash if it differs: with `replaceState` (no history entry per keystroke), or `pushState` with `push`. */
export function writeHash(state, { push = false } = {}) {
  const hash = hashText(state);
  if (hash === location.hash) return false;
  const url = location.pathname + location.search + hash;
  if (push) history.pushState(null, '', url);
  else history.replaceState(null, '', url);
  return true;
}

/** Keys that choose how this screen shows the state, not the state: left out of a link for others. */
const PERSONAL_KEYS = ['present', 'theme', 'speed', 'embed', 'panels'];

/**
 * The link to the same state for someone else (a student's phone, a handout): `href` without
 * the keys of this screen's layout (presenter mode, theme, speed, embed mode, panels), so it
 * opens with the reader's own layout.
 */
export function stateLink(href = location.href) {
  const url = new URL(href);
  const entries = readHash(url.hash);
  for (const key of PERSONAL_KEYS) entries.delete(key);
  url.hash = hashText(entries);
  return url.href;
}

/** A hash as location.hash has it: '' for no keys. */
function asLocationHash(text) {
  return text === '#' ? '' : text;
}

/**
 * The URL as a picture of a page's state, kept one way. Every change to the state asks for a
 * write; the hash is rewritten only when what the state encodes to differs from it. Back/forward
 * or an edited hash is applied only when it differs from what the state encodes to (`follow`):
 * one comparison, in one place, so applying a hash and writing it never feed each other.
 */
export class HashSync {
  /**
   * @param {{encode: (entries: Map<string, string>) => Map<string, string>, apply: () => void,
   *          saved?: () => void, interval?: number}} page
   *        encode: the page's state written into `entries` (the hash as it is: keys the page does
   *        not own kept); apply: read the hash into the state; saved: after each write (links
   *        that carry the state); interval: the least time between writes of `later()`
   */
  constructor({ encode, apply, saved = () => {}, interval = 400 }) {
    Object.assign(this, { encode, apply, saved, interval });
    this.timer = 0;
    this.queued = false;
    this.push = false;
    /** Weights being typed whose first change has made its history entry (their edit not finished). */
    this.editing = false;
  }

  /** The hash the state encodes to, over `base` (the hash as it is). */
  current(base = readHash()) {
    return asLocationHash(hashText(this.encode(base)));
  }

  /** Writes the state into the URL now, as a new history entry with `push`, if it differs; whether it did. */
  save({ push = false } = {}) {
    clearTimeout(this.timer);
    this.timer = 0;
    this.queued = false;
    this.push = false;
    const written = writeHash(this.encode(readHash()), { push });
    this.saved();
    return written;
  }

  /**
   * Weights typed (`commit` false, a keystroke) or their edit finished, or set at once (a preset,
   * a chip: `commit`). Typing starts a history entry with its first change, so Back returns to
   * the weights from before; the keystrokes after it and the finished edit update that entry.
   */
  edited({ commit }) {
    if (commit) {
      this.soon({ push: !this.editing });
      this.editing = false;
      return;
    }
    // Written at once: whether this keystroke made the entry decides how the next is written.
    const written = this.save({ push: !this.editing });
    this.editing ||= written;
  }

  /**
   * Writes once the current task's changes are made, so a change made in several steps (a link
   * applied, a story loaded) is written whole; any of them with `push` makes a history entry.
   */
  soon({ push = false } = {}) {
    this.push ||= push;
    if (this.queued) return;
    this.queued = true;
    queueMicrotask(() => {
      if (this.queued) this.save({ push: this.push });
    });
  }

  /** Writes within `interval` (positions while playing: browsers throttle history calls). */
  later() {
    if (!this.timer && !this.queued) this.timer = setTimeout(() => this.save(), this.interval);
  }

  /** Back/forward or an edited hash: applied if it says something other than the state. */
  follow() {
    if (this.current() === location.hash) return;
    this.editing = false;
    this.apply();
  }
}
