// A QR code of a link, drawn as SVG: one path of dark modules on a white square with the quiet
// zone the standard asks for (4 modules), so phones read it on paper and on a projector, in
// light and in dark theme. The encoding is lean-qr's (vendored as lean-qr.js, see the README's dependencies).

import { correction, generate } from './lean-qr.js';
import { language, languageTag, tr } from '../words/i18n.js';

const SVG = 'http://www.w3.org/2000/svg';
/** Modules of light border around the code (ISO 18004). */
const QUIET_ZONE = 4;

/**
 * Characters of a link the largest QR code holds at medium correction (version 40, byte mode:
 * 2,331 bytes, ISO 18004 table 7), rounded down as the page says it: "about 2,300".
 */
export const QR_CHARACTERS = 2300;
/** lean-qr's error code for text longer than the largest code holds. */
const TOO_LONG = 4;

/**
 * The QR code of `text` as an `<svg>`: `data-qr-text` holds the text encoded, `data-qr-size`
 * the modules per side; `label` is its accessible name. Medium error correction: it survives a
 * smudge or a projector's glare and keeps the modules large. `null` when `text` is longer than
 * any QR code holds (a link with a long scenario or thousands of nodes): see `qrTooLong`.
 */
export function qrSvg(text, label) {
  let code;
  try {
    code = generate(text, { minCorrectionLevel: correction.M });
  } catch (error) {
    if (error?.code === TOO_LONG) return null;
    throw error;
  }
  const side = code.size + 2 * QUIET_ZONE;
  let path = '';
  for (let y = 0; y < code.size; y += 1) {
    for (let x = 0; x < code.size; x += 1) {
      if (code.get(x, y)) path += `M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`;
    }
  }
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${side} ${side}`);
  svg.setAttribute('class', 'qr-code');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', label);
  svg.setAttribute('shape-rendering', 'crispEdges');
  svg.dataset.qrText = text;
  svg.dataset.qrSize = String(code.size);
  const paper = document.createElementNS(SVG, 'rect');
  paper.setAttribute('width', String(side));
  paper.setAttribute('height', String(side));
  paper.setAttribute('fill', '#fff');
  const modules = document.createElementNS(SVG, 'path');
  modules.setAttribute('d', path);
  modules.setAttribute('fill', '#000');
  svg.append(paper, modules);
  return svg;
}

/**
 * What stands where the code of `text` would be when it is too long for one: a line that says
 * so with the numbers (`data-qr-too-long` holds the text's length).
 */
export function qrTooLong(text) {
  const number = new Intl.NumberFormat(languageTag(language()));
  const note = document.createElement('p');
  note.className = 'qr-too-long';
  note.dataset.qrTooLong = String(text.length);
  note.textContent = tr('qr.tooLong', { length: number.format(text.length), capacity: number.format(QR_CHARACTERS) });
  return note;
}
