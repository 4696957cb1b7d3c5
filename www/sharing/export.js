// Export helpers: file names, downloads (Blob + a[download]), SVG → PNG through a canvas, and the
// page's own plot SVGs made standalone (computed styles inlined as presentation attributes).
// The documents themselves (trace, tank frame, strip, nginx block) come from the core.

// The extras module: the Export dialog is opened only after `extras()` (extras.js) initialised it.
import { exportSvg, exportTrace, nginxUpstream } from '../pkg-extras/swrr_viz_extras.js';
import { pictureWords } from '../words/i18n.js';

/** Most rows of a trace export (the whole run up to the current step, at least one period). */
export const MAX_TRACE_ROWS = 10_000;

export const TRACE_FORMATS = {
  csv: { extension: 'csv', type: 'text/csv;charset=utf-8' },
  json: { extension: 'json', type: 'application/json;charset=utf-8' },
  markdown: { extension: 'md', type: 'text/markdown;charset=utf-8' },
};

/** The options object of the core's run functions, from what the widget reports. */
export function runOptions(state) {
  const options = {};
  for (const key of ['algo', 'tie', 'subtract', 'seed', 'scenario']) {
    if (state[key] !== undefined && state[key] !== null && state[key] !== '') options[key] = state[key];
  }
  // nginx SWRR's traffic, when it is not the default.
  if (state.rate > 1) options.rate = state.rate;
  if (state.workers > 1) options.workers = state.workers;
  if (state.zone) options.zone = true;
  if (state.dispatch) options.dispatch = state.dispatch;
  return options;
}

/**
 * The UTF-8 bytes a file-name stem may take: file systems allow 255 in a name (ext4, APFS, NTFS
 * by characters), and the longest ending added to it (`-step1000000000000000-drain.png`) takes 31.
 */
const STEM_BYTES = 200;
const utf8Bytes = (text) => new TextEncoder().encode(text).length;

/**
 * A name as a file name holds it: letters of any script, accents, digits, symbols, `.` and `_`;
 * invisible characters (format controls) left out, the rest `-`.
 */
function fileWord(name) {
  return name.normalize('NFC').replace(/\p{Cf}+/gu, '').replace(/[^\p{L}\p{M}\p{N}\p{So}._]+/gu, '-').replace(/^-+|-+$/g, '');
}

/**
 * `name` in at most `length` characters and an ellipsis: its head and its tail, where names of
 * one set tend to differ (`server-01`, `server-02` → `ser…01`, `ser…02`).
 */
function cutWord(name, length) {
  const chars = [...name];
  if (chars.length <= length) return fileWord(name);
  const head = Math.ceil(length / 2);
  return `${fileWord(chars.slice(0, head).join(''))}…${fileWord(chars.slice(chars.length - (length - head)).join(''))}`;
}

/**
 * `swrr-5-3-2`, `swrr-北京-5-שרת-3-é-1`: a file-name stem with every node of `weights` (the core's
 * record: `canonical`, `nodes`), its name (when the weights have names) and its weight. Names
 * keep their scripts (file systems take any letter), user text kept to characters every system
 * accepts. Too long for a file name, the names are cut, each to the same length, then left
 * out (the weights alone), and past that the stem counts the nodes (`swrr-300-nodes`).
 */
export function fileStem({ canonical, nodes }) {
  const named = canonical.includes('=');
  const stem = (length) => `swrr-${nodes.map(({ name, weight }) => {
    const word = named && length > 0 ? cutWord(name, length) : '';
    return word ? `${word}-${weight}` : String(weight);
  }).join('-')}`;
  // Too many nodes for even their weights: no name can fit, so none is tried.
  if (utf8Bytes(stem(0)) > STEM_BYTES) return `swrr-${nodes.length}-nodes`;
  const longest = named ? Math.max(...nodes.map(({ name }) => [...name].length)) : 0;
  for (let length = longest; length > 0; length -= 1) {
    if (utf8Bytes(stem(length)) <= STEM_BYTES) return stem(length);
  }
  return stem(0);
}

/** The page's theme as drawn now: the chosen one, or the system's when auto. */
export function resolvedTheme() {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === 'light' || chosen === 'dark') return chosen;
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Saves `data` (text or Blob) as `filename` through a temporary a[download]. */
export function download(filename, data, type = 'application/octet-stream') {
  const blob = data instanceof Blob ? data : new Blob([data], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** The trace of steps 1..steps as the CLI prints it (`swrr-viz trace --format F`). */
export function traceText(state, steps, format) {
  const { text, stopped } = exportTrace(state.weights, runOptions(state), steps, format);
  // A run that stops before its first row: the core's reason, with its code for the page's language.
  if (!text) throw Object.assign(new Error(stopped?.text ?? 'empty trace'), { code: stopped?.code, params: stopped?.params });
  return text;
}

/** The request of a picture `fields`, worded in the page's language (the core's English in English). */
function pictureRequest(fields) {
  const words = pictureWords();
  return words ? { ...fields, words } : fields;
}

/** The tanks at the widget's position, drawn by the core (as `swrr-viz svg --kind tanks`), in the page's language. */
export function frameSvg(state, position, theme) {
  const request = pictureRequest({ kind: 'tanks', step: position.t, theme });
  if (position.t > 0 && position.phase !== 'start') request.phase = position.phase;
  return exportSvg(state.weights, runOptions(state), request);
}

/** The selection strip of steps 1..steps with the current step marked (`--kind strip`), in the page's language. */
export function stripSvg(state, steps, marked, theme) {
  const request = pictureRequest({ kind: 'strip', steps, theme });
  if (marked >= 1 && marked <= steps) request.step = marked;
  return exportSvg(state.weights, runOptions(state), request);
}

/** The upstream block for the weights, with the scenario's server parameters (backup, down…). */
export function upstreamText(state) {
  return nginxUpstream(state.weights, state.scenario || undefined);
}

/** Rasterises an SVG document (text with width and height) to a PNG Blob at `scale`. */
export async function svgToPng(svgText, { scale = 2 } = {}) {
  const url = URL.createObjectURL(new Blob([svgText], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.decoding = 'sync';
    await new Promise((resolve, reject) => {
      image.onload = resolve;
      image.onerror = () => reject(new Error('the SVG could not be drawn as an image'));
      image.src = url;
    });
    const width = Math.max(1, Math.ceil(image.naturalWidth || image.width));
    const height = Math.max(1, Math.ceil(image.naturalHeight || image.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const context = canvas.getContext('2d');
    context.scale(scale, scale);
    context.drawImage(image, 0, 0, width, height);
    return await new Promise((resolve, reject) => {
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the canvas gave no PNG'))), 'image/png');
    });
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Presentation properties copied from the computed style, with the values that need no copy. */
const STYLE_PROPERTIES = {
  fill: null,
  'fill-opacity': '1',
  stroke: 'none',
  'stroke-width': null,
  'stroke-opacity': '1',
  'stroke-dasharray': 'none',
  'stroke-linejoin': 'miter',
  'stroke-linecap': 'butt',
  opacity: '1',
  'font-family': null,
  'font-size': null,
  'font-weight': '400',
  'text-anchor': 'start',
  'dominant-baseline': 'auto',
  'paint-order': 'normal',
  visibility: 'visible',
};

/** Properties an SVG child inherits from its parent. */
const INHERITED = new Set(['fill', 'fill-opacity', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-dasharray', 'stroke-linejoin', 'stroke-linecap', 'font-family', 'font-size', 'font-weight', 'text-anchor', 'paint-order', 'visibility']);

/**
 * A deep copy of `node` without `style` attributes: cloning an element whose style was set
 * through the CSSOM would create an inline style attribute, which the page's
 * Content-Security-Policy refuses (and the export drops them anyway).
 */
function cloneWithoutStyle(node) {
  if (node.nodeType !== Node.ELEMENT_NODE) return node.cloneNode(false);
  const copy = document.createElementNS(node.namespaceURI, node.tagName);
  for (const attribute of node.attributes) {
    if (attribute.name !== 'style') copy.setAttributeNS(attribute.namespaceURI, attribute.name, attribute.value);
  }
  for (const child of node.childNodes) copy.append(cloneWithoutStyle(child));
  return copy;
}

/** The colour theme variable `name` stands for under `parent` now (its light-dark() resolved), as rgb(). */
function themeColor(parent, name) {
  const probe = document.createElement('span');
  probe.hidden = true;
  probe.style.color = `var(${name})`;
  parent.append(probe);
  const color = getComputedStyle(probe).color;
  probe.remove();
  return color;
}

/**
 * A copy of an SVG element of the page that stands alone: every element gets its computed
 * presentation (colours from the theme, fonts, dashes) as attributes, so the file looks the same
 * anywhere; classes go, data-* attributes stay. `title` becomes its <title>.
 */
export function standaloneSvg(svg, { title = '', background } = {}) {
  const clone = cloneWithoutStyle(svg);
  const originals = [svg, ...svg.querySelectorAll('*')];
  const copies = [clone, ...clone.querySelectorAll('*')];
  const styles = new Map(originals.map((original) => [original, getComputedStyle(original)]));
  originals.forEach((original, i) => {
    const copy = copies[i];
    const style = styles.get(original);
    if (style.display === 'none') {
      copy.setAttribute('display', 'none');
      return;
    }
    // An inherited value equal to the parent's needs no attribute: the parent's is inherited.
    const parent = i === 0 ? null : styles.get(original.parentElement);
    for (const [property, initial] of Object.entries(STYLE_PROPERTIES)) {
      const value = style.getPropertyValue(property);
      if (!value) continue;
      const inherited = parent && INHERITED.has(property);
      // A child's inherited value that differs from the parent's is written even when it is the
      // initial one (a `stroke: none` under a stroked group); anything else only when not initial.
      const needed = inherited ? parent.getPropertyValue(property) !== value : value !== initial;
      if (needed) copy.setAttribute(property, value);
    }
    copy.removeAttribute('class');
    copy.removeAttribute('style');
  });
  const box = svg.viewBox.baseVal;
  const width = box && box.width ? box.width : svg.clientWidth;
  const height = box && box.height ? box.height : svg.clientHeight;
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(Math.ceil(width)));
  clone.setAttribute('height', String(Math.ceil(height)));
  if (!clone.getAttribute('viewBox')) clone.setAttribute('viewBox', `0 0 ${width} ${height}`);
  clone.removeAttribute('id');
  clone.removeAttribute('aria-labelledby');
  clone.setAttribute('role', 'img');
  const ns = 'http://www.w3.org/2000/svg';
  const rect = document.createElementNS(ns, 'rect');
  rect.setAttribute('width', '100%');
  rect.setAttribute('height', '100%');
  rect.setAttribute('fill', background ?? themeColor(svg.parentNode ?? svg, '--panel'));
  const titleElement = document.createElementNS(ns, 'title');
  titleElement.textContent = title;
  clone.prepend(titleElement, rect);
  return `${new XMLSerializer().serializeToString(clone)}\n`;
}
