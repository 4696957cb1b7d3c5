// Tiny SVG helpers shared by the pictures. Text goes in with textContent only: node names are
// user input and never become markup.

const NS = 'http://www.w3.org/2000/svg';

/**
 * How much larger than usual a picture's text is drawn where `element` is: the style
 * `--picture-text-scale` (presenter mode sets it, page.css, for the back of a classroom), at
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

/** Shortens `content` to about `width` px at `font` px (the full text stays in a title). */
export function fitted(content, width, font) {
  const max = Math.max(1, Math.floor(width / (font * 0.62)));
  return content.length > max ? `${content.slice(0, Math.max(1, max - 1))}…` : content;
}

/**
 * Puts `content` in the SVG text `text`, shortened with "…" where, as drawn, it is wider than
 * `width` (a long caption in a narrow picture was cut at the edge mid-word); the whole of it
 * then stays in a <title>. Text not laid out yet (a hidden picture) keeps all of it.
 */
export function fitText(text, content, width) {
  text.textContent = content;
  if (text.getComputedTextLength() <= width) return;
  let fits = 0;
  let tooLong = content.length;
  while (tooLong - fits > 1) {
    const middle = Math.floor((fits + tooLong) / 2);
    text.textContent = `${content.slice(0, middle).trimEnd()}…`;
    if (text.getComputedTextLength() <= width) fits = middle;
    else tooLong = middle;
  }
  text.textContent = `${content.slice(0, Math.max(fits, 1)).trimEnd()}…`;
  svg('title', {}, text).textContent = content;
}
