// Which languages the page speaks and which one a reader starts in. No imports: the hosted page's
// first view (first-view.js) asks it before the words themselves have arrived.

/** The languages of the switch, by code, each named in itself. */
export const LANGUAGES = { en: 'English', zh: '中文' };

/** The language of a language `tag` (`zh-CN` → `zh`) if it is one of LANGUAGES, else null. */
export function languageOf(tag) {
  const code = String(tag ?? '').toLowerCase().split('-')[0];
  return code in LANGUAGES ? code : null;
}

/** The language to start in: the URL's, else the browser's first one we speak, else English. */
export function preferredLanguage(fromUrl) {
  if (fromUrl && fromUrl in LANGUAGES) return fromUrl;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const code = languageOf(tag);
    if (code) return code;
  }
  return 'en';
}

/** The language tag of `code` for a page's `lang` attribute: Chinese is written in simplified characters. */
export function languageTag(code) {
  return code === 'zh' ? 'zh-Hans' : 'en';
}
