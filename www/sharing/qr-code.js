// A QR code of a link, drawn as SVG: one path of dark modules on a white square with the quiet
// zone the standard asks for (4 modules), so phones read it on paper and on a projector, in
// light and in dark theme. The encoding is lean-qr's (vendored as lean-qr.js, see the README's dependencies).

import { correction, generate } from './lean-qr.js';

const SVG = 'http://www.w3.org/2000/svg';
/** Modules of light border around the code (ISO 18004). */
const QUIET_ZONE = 4;

/**
 * The QR code of `text` as an `<svg>`: `data-qr-text` holds the text encoded, `data-qr-size`
 * the modules per side; `label` is its accessible name. Medium error correction: it survives a
 * smudge or a projector's glare and keeps the modules large.
 */
export function qrSvg(text, label) {
  const code = generate(text, { minCorrectionLevel: correction.M });
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
