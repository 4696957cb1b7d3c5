// The core's messages in English, worded in JavaScript from the catalog (core-messages.js) that
// the Rust core's `Display` reads too. The first view's wasm (www/pkg, built with the Cargo
// feature `js-words`) carries codes and parameters only, no English: it builds its errors and
// notes through these functions, which give them the same `message` and `text` as the CLI's words
// (tests/browser/core-messages.test.mjs compares them for every code).

import catalog from './core-messages.js';

/** A parameter's English text: a message's sentence, a list's items joined by ", ". */
function argText(value) {
  if (Array.isArray(value)) return value.map(argText).join(', ');
  if (value && typeof value === 'object') return worded(value).text;
  return String(value);
}

/** The English sentence of `code` with `params` (as `message::english` in Rust). */
export function english(code, params = {}) {
  const entry = Object.hasOwn(catalog, code) ? catalog[code] : null;
  if (!entry) {
    const names = Object.entries(params).map(([name, value]) => `${name}=${argText(value)}`);
    return `${code} (${names.join(', ')})`;
  }
  return entry.text.replace(/\{([A-Za-z0-9_]+)\}/g, (all, name) => (Object.hasOwn(params, name) ? argText(params[name]) : all));
}

/** `{code, params, text}` with `text` (and every nested message's) filled in; returns it. */
export function worded(message) {
  message.text = english(message.code, message.params ?? {});
  return message;
}

/** A list of messages, each worded (`Walkthrough.notes()`). */
export function wordedAll(messages) {
  for (const message of messages) worded(message);
  return messages;
}

/** The facade's `Error`: the English sentence as `message`, plus `code` and `params`. */
export function coreError(code, params) {
  const error = new Error(english(code, params));
  error.code = code;
  error.params = params;
  return error;
}
