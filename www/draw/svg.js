// Tiny SVG helpers shared by the pictures. Text goes in with textContent only: node names are
// user input and never become markup.

const NS = 'http://www.w3.org/2000/svg';

/**
 * How much larger than usual a picture's text is drawn where `element` is: the style
 * `--picture-text-scale` (presenter mode sets it, presenter.css, for the back of a classroom), at
 * least 1; 1 where none is set. The tanks hand it to the core's layout (`tankLayout`, which takes
 * up to `limits().maxTextScale`), the algorithms' pictures apply it themselves.
 */
export function textScaleOf(element) {
  const scale = parseFloat(getComputedStyle(element).getPropertyValue('--picture-text-scale'));
  return Number.isFinite(scale) ? Math.max(1, scale) : 1;
}

/** An SVG element with attributes, appended to `parent` when given. */
export function svg(tag, attributes = {}, parent = null) {
  const element = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== null) element.setAttribute(name, String(value));
  }
  if (parent) parent.append(element);
  return element;
}

/** An SVG text element holding `content` as text. */
export function svgText(content, attributes, parent) {
  const element = svg('text', attributes, parent);
  element.textContent = content;
  return element;
}

/** Sets or removes a boolean data attribute (`data-x="true"` or absent). */
export function flag(element, attribute, on) {
  if (on) element.setAttribute(attribute, 'true');
  else element.removeAttribute(attribute);
}

/** Rounds for compact path data. */
export const r1 = (value) => Math.round(value * 10) / 10;

const segmenter = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

/**
 * `text` as the characters a reader sees (grapheme clusters: an emoji with its modifiers or
 * joiners, a letter with its accents, a flag), so a shortened name never ends in half of one —
 * slicing UTF-16 units split 😀 into a lone surrogate, drawn as U+FFFD. Code points where the
 * browser has no Intl.Segmenter.
 */
function graphemes(text) {
  return segmenter ? Array.from(segmenter.segment(text), ({ segment }) => segment) : Array.from(text);
}

/**
 * Characters drawn about twice as wide as a Latin letter: emoji, flags (regional indicators),
 * CJK ideographs, kana, Hangul and full-width forms. The pictures' "characters that fit" count
 * Latin letters; one of these takes two of them.
 */
const WIDE = /\p{Extended_Pictographic}|\p{Regional_Indicator}|[\u1100-\u115F\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6\u{20000}-\u{3FFFD}]/u;

/**
 * `text` cut to at most `count` Latin letters' width, between characters as a reader sees
 * them (`graphemes`; a wide one, `WIDE`, counts two), with "…" in the last place when it is
 * cut (at least one character is kept); `text` itself when it fits. The "…" is as wide as the
 * character before it (a CJK font draws it full-width), and a cut no narrower than the whole
 * text is no cut ("北京", not "北…"). The CLI's pictures cut alike (src/render/svg/text.rs `fit`).
 */
export function shortened(text, count) {
  // No character is wider than two letters nor shorter than one UTF-16 unit: no need to measure.
  if (2 * text.length <= count) return text;
  const parts = graphemes(text);
  const widths = parts.map((part) => (WIDE.test(part) ? 2 : 1));
  const whole = widths.reduce((sum, width) => sum + width, 0);
  if (whole <= count) return text;
  let kept = 0;
  let used = 0;
  while (kept < parts.length && used + 2 * widths[kept] <= count) used += widths[kept++];
  kept = Math.max(1, kept);
  const cut = widths.slice(0, kept).reduce((sum, width) => sum + width, 0) + widths[kept - 1];
  return cut >= whole ? text : `${parts.slice(0, kept).join('')}…`;
}

/** A Latin letter's advance, in em, that the pictures' "characters that fit" count with. */
const LETTER_EM = 0.62;

/** How many Latin letters' width `width` px hold at `font` px (at least one): the room `fitted` cuts to. */
export function charsIn(width, font) {
  return Math.max(1, Math.floor(width / (font * LETTER_EM)));
}

/**
 * Shortens `content` to about `width` px at `font` px (the full text stays in a title). Not for
 * nodes' names: those are the core's labels (names.js `nameLabeller`).
 */
export function fitted(content, width, font) {
  return shortened(content, charsIn(width, font));
}

/** How many Latin letters' width `content` takes: one a character, two a wide one (`WIDE`). */
export function letters(content) {
  return graphemes(content).reduce((sum, part) => sum + (WIDE.test(part) ? 2 : 1), 0);
}

/** About how wide `content` is drawn at `font` px. */
export function textWidth(content, font) {
  return letters(content) * font * LETTER_EM;
}

/**
 * Puts `content` in the SVG text `text` (drawn `font` px high) within `width` px: as it is where
 * it fits, else drawn narrower to `width` (as the tanks' drain labels, tanks.js `fitDrain`) — never
 * cut, so a number is never read as another; text that may be `cut` (a long decimal) is
 * shortened with "…" instead.
 */
export function squeezeInto(text, content, width, font, { cut = false } = {}) {
  const shown = cut ? fitted(content, width, font) : content;
  text.textContent = shown;
  if (textWidth(shown, font) > width) {
    text.setAttribute('textLength', r1(Math.max(width, 1)));
    text.setAttribute('lengthAdjust', 'spacingAndGlyphs');
  } else {
    text.removeAttribute('textLength');
    text.removeAttribute('lengthAdjust');
  }
}

/**
 * Puts `content` in the SVG text `text`, shortened with "…" where, as drawn, it is wider than
 * `width` (a long caption in a narrow picture was cut at the edge mid-word); the whole of it
 * then stays in a <title>. Text not laid out yet (a hidden picture) keeps all of it.
 */
export function fitText(text, content, width) {
  text.textContent = content;
  if (text.getComputedTextLength() <= width) return;
  // Cut between the characters a reader sees, never inside an emoji or an accented letter.
  const parts = graphemes(content);
  const head = (count) => `${parts.slice(0, count).join('').trimEnd()}…`;
  let fits = 0;
  let tooLong = parts.length;
  while (tooLong - fits > 1) {
    const middle = Math.floor((fits + tooLong) / 2);
    text.textContent = head(middle);
    if (text.getComputedTextLength() <= width) fits = middle;
    else tooLong = middle;
  }
  text.textContent = head(Math.max(fits, 1));
  svg('title', {}, text).textContent = content;
}
