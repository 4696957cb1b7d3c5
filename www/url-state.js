// The page state in the URL hash: `#w=<weights text>&t=<step>…`. Unknown keys are kept.

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

/** Writes the Map back into the hash with `replaceState` (no history entry per keystroke). */
export function writeHash(state, { push = false } = {}) {
  const hash = hashText(state);
  if (hash === location.hash) return;
  const url = location.pathname + location.search + hash;
  if (push) history.pushState(null, '', url);
  else history.replaceState(null, '', url);
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
  url.hash = new URLSearchParams([...entries]).toString().replaceAll('+', '%20');
  return url.href;
}
