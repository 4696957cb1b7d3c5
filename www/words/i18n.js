// Every user-visible string, once per language, and the functions that word them. Templates take
// named parameters (`{name}`), so a sentence is never glued together from translated fragments.
// The words live in words/<language>/, one file per part of the page; English is imported here,
// the other languages are modules of their own (i18n-zh.js), loaded when chosen (`loadLanguage`),
// so a reader in English never downloads them. The core's messages are
// worded from the catalog the Rust core reads too (core-messages.js, core-messages-zh.js): the key
// `core.<code>`.

import coreEnglish from '../core-messages.js';
import { QUOTED_CHARS } from '../core-facts.js';
import { LANGUAGES } from './languages.js';
import walkthrough from './en/walkthrough.js';
import run from './en/run.js';
import requests from './en/requests.js';
import scenarios from './en/scenarios.js';
import algorithms from './en/algorithms.js';
import compare from './en/compare.js';
import classroom from './en/classroom.js';
import sharing from './en/sharing.js';

export { LANGUAGES, languageOf, languageTag, preferredLanguage } from './languages.js';

const en = { ...walkthrough, ...run, ...requests, ...scenarios, ...algorithms, ...compare, ...classroom, ...sharing };

for (const [code, entry] of Object.entries(coreEnglish)) en[`core.${code}`] = entry.text;

const languages = { en };
/** The languages loaded on demand: code → its module's table. */
const LOADERS = {
  zh: () => import('./i18n-zh.js').then((module) => module.zh),
};
const loading = new Map();
let current = 'en';

/** Whether `code`'s strings are here (English always; unknown codes count as English). */
export function isLoaded(code) {
  return code in languages || !(code in LOADERS);
}

/**
 * Loads a language's strings (once; a failed load is tried again next time). Resolves when
 * `setLanguage(code)` may be called; rejects with the loading error.
 */
export function loadLanguage(code) {
  if (isLoaded(code)) return Promise.resolve();
  if (!loading.has(code)) {
    const promise = LOADERS[code]().then((table) => {
      languages[code] = table;
    });
    loading.set(code, promise);
    promise.catch(() => loading.delete(code));
  }
  return loading.get(code);
}

/**
 * Switches the language; unknown codes fall back to English. A known language must be loaded
 * first (`loadLanguage`): drawing in it before would silently show English.
 */
export function setLanguage(code) {
  if (!isLoaded(code)) throw new Error(`the strings of language "${code}" are not loaded yet: await loadLanguage("${code}") first`);
  current = code in languages ? code : 'en';
}

/** Loads `code`'s strings if need be and speaks it (English if they cannot load); resolves with the language spoken. */
export async function useLanguage(code) {
  await loadLanguage(code).catch(() => {});
  setLanguage(isLoaded(code) ? code : 'en');
  return current;
}

/** The current language code. */
export function language() {
  return current;
}

/** Every key of the English table (the reference every language must cover). */
export function keys() {
  return Object.keys(en);
}

/** The table of a language, for the completeness test (undefined until loaded). */
export function table(code) {
  return languages[code];
}

/** The string for `key` with `{param}` placeholders filled in. */
export function tr(key, params = {}) {
  return wordIn(current, key, params);
}

/**
 * The locale that writes `code`'s lists: English as the core's messages and the CLI write it,
 * "A, B and C" and "a, b or c" (British usage, without the serial comma).
 */
function listLocale(code) {
  return code === 'en' ? 'en-GB' : code;
}

/**
 * `key` in language `code`, its placeholders filled in; with `lists`, a list parameter is
 * written as the language writes choices ("a, b or c").
 */
function wordIn(code, key, params, lists = false) {
  const template = languages[code][key] ?? languages.en[key] ?? key;
  const text = (value) => (lists && Array.isArray(value)
    ? listIn(code, value, 'disjunction')
    : String(value));
  return template.replace(/\{(\w+)\}/g, (_, name) => (name in params ? text(params[name]) : `{${name}}`));
}

/**
 * `count` worded by `key`, or by `oneKey` when it is 1 ("1 entry", not "1 entries"); `params`
 * fill both, and hold the count under the name `key` gives it (`{count}` unless told).
 */
export function counted(count, key, oneKey, params = { count }) {
  return tr(count === 1 ? oneKey : key, params);
}

/**
 * User text (a link's value, an attribute) as a page's message quotes it, as the core's `quoted`
 * does (src/input/text.rs): control characters and direction controls escaped (`\u{0}`,
 * `\u{202e}`), so the message stays one readable line that nothing reorders, and a text longer
 * than QUOTED_CHARS characters cut in the middle with its length, in the page's language ("abc…xyz
 * (5,000 characters)", "abc…xyz（5,000 个字符）").
 */
export function quoted(text) {
  const escape = (c) => (/[\p{Cc}\u202A-\u202E\u2066-\u2069]/u.test(c) ? `\\u{${c.codePointAt(0).toString(16)}}` : c);
  const chars = [...String(text)];
  if (chars.length <= QUOTED_CHARS) return chars.map(escape).join('');
  const head = Math.floor((QUOTED_CHARS * 2) / 3);
  const tail = QUOTED_CHARS - head - 1;
  const count = chars.length.toLocaleString('en-US');
  return `${[...chars.slice(0, head), '…', ...chars.slice(chars.length - tail)].map(escape).join('')}${tr('message.characters', { count })}`;
}

/** The length the core's `quoted` appends to a text it cuts: " (5,000 characters)", at the end. */
const CORE_LENGTH = / \((\d{1,3}(?:,\d{3})*) characters\)$/;

/**
 * A text the core quoted, its length in the page's language. The core's `quoted`
 * (src/input/text.rs) writes a text longer than its limit (QUOTED_CHARS, 40; a directive's 80) as
 * that many characters with '…' in the middle, an escape such as `\u{7}` counting as one, then
 * " (N characters)", N grouped by commas, in English; a text quoted whole keeps its words, even
 * one that ends like that.
 */
function lengthWorded(text) {
  const length = CORE_LENGTH.exec(text);
  if (!length) return text;
  const shown = text.slice(0, length.index);
  if (!shown.includes('…') || [...shown.replace(/\\u\{[0-9a-f]+\}/g, '?')].length < QUOTED_CHARS) return text;
  return `${shown}${tr('message.characters', { count: length[1] })}`;
}

/**
 * An error of the page's own (not the core's), from its words `key` and `params`: its `message`
 * is the English, as programs read the core's errors, and `errorText` words it in the page's
 * language.
 */
export function pageError(key, params = {}) {
  return Object.assign(new Error(wordIn('en', key, params, true)), { words: { key, params } });
}

/**
 * A message of the core — a note `{code, params, text}`, or a message inside another one's
 * parameters — in the current language: the template `core.<code>` with the parameters filled in
 * (messages inside formatted the same way, lists joined with the language's separator). A code no
 * table knows gives the core's English `text`, so a newer core never shows a blank.
 * With `page: true`, a code the page words by a key of its own, `page.<code>`, takes those words:
 * where the core's (the CLI's output) name a command-line flag, the page's name its own control.
 */
export function message(m, { page = false } = {}) {
  if (m == null) return '';
  if (typeof m !== 'object') return String(m);
  const key = page && has(`page.${m.code}`) ? `page.${m.code}` : `core.${m.code}`;
  if (!m.code || !has(key)) return String(m.text ?? m.message ?? '');
  const params = {};
  for (const [name, value] of Object.entries(m.params ?? {})) {
    // The option a message is about (`what`: "rate") is named as the page's controls name it.
    params[name] = name === 'what' && has(`message.what.${value}`) ? tr(`message.what.${value}`) : parameter(value);
  }
  return tr(key, params);
}

function parameter(value) {
  if (Array.isArray(value)) return value.map(parameter).join(tr('core.list.separator'));
  if (value && typeof value === 'object') return message(value);
  // Text the core quotes as written ("-1") takes the language's quotes (“-1” in Chinese).
  const quoted = /^"(.*)"$/s.exec(String(value));
  if (quoted) return tr('message.quoted', { text: lengthWorded(quoted[1]) });
  return lengthWorded(String(value));
}

/**
 * What an error says, in the current language: an error thrown by the core carries `code` and
 * `params` next to its English `message` (so does a worker's `{message, code, params}`); any
 * other error gives its `message`. `options`: as `message`'s (`page`).
 */
export function errorText(error, options = {}) {
  if (error == null) return '';
  if (typeof error !== 'object') return String(error);
  if (error.code) return message({ code: error.code, params: error.params, text: error.message }, options);
  if (error.words) return wordIn(current, error.words.key, error.words.params, true);
  return String(error.message ?? error);
}

/** Whether the current language (or English) has a string for `key`. */
export function has(key) {
  return key in languages[current] || key in languages.en;
}

/**
 * `items` as language `code` lists them, `type` 'conjunction' ("A, B and C") or 'disjunction'
 * ("a, b or c"). Chinese puts a space between 和 or 或 and a Latin name or a number ("A、B 和 C",
 * "甲、乙和丙"), where Intl writes "A、B和C".
 */
function listIn(code, items, type) {
  const texts = items.map(String);
  if (code === 'zh' && texts.length > 1) {
    const head = texts.slice(0, -1).join('、');
    const last = texts.at(-1);
    const before = /\p{Script=Han}$/u.test(head) ? '' : ' ';
    const after = /^\p{Script=Han}/u.test(last) ? '' : ' ';
    return `${head}${before}${type === 'conjunction' ? '和' : '或'}${after}${last}`;
  }
  return new Intl.ListFormat(listLocale(code), { style: 'long', type }).format(texts);
}

/** A list of items in the current language ("A, B and C"). */
export function list(items) {
  return listIn(current, items, 'conjunction');
}

/** Items run together in the current language without "and": "A 0→5, B 0→3" or "A 0→5、B 0→3". */
export function joined(items) {
  return items.join(tr('core.list.separator'));
}

/**
 * The words of the core's pictures in the current language, for the extras' `exportSvg`
 * (`words` of its request; src/wasm/export.rs): `core.<code>` with its parameters — each a
 * text, `{list}` listed or `{joined}` run together the language's way. Undefined in English:
 * the core's own English is the same.
 */
export function pictureWords() {
  if (current === 'en') return undefined;
  const part = (value) => {
    if (value && typeof value === 'object') return 'list' in value ? list(value.list) : joined(value.joined ?? []);
    return String(value);
  };
  return (code, params) => tr(`core.${code}`, Object.fromEntries(Object.entries(params).map(([name, value]) => [name, part(value)])));
}

/** Sentences one after another in the current language: a space between them in English, none in Chinese. */
export function sentences(items) {
  return items.join(current === 'zh' ? '' : ' ');
}

/** Numbers as people read them: "−5" with a real minus sign. */
export function num(value) {
  return value < 0 ? `−${-value}` : String(value);
}
