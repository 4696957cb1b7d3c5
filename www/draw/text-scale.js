// How much larger than usual the pictures' text is drawn: the style `--picture-text-scale` where
// a picture is (presenter mode sets it, page.css, for the back of a classroom). The tanks hand it
// to the core's layout (`tankLayout`), the algorithms' pictures apply it themselves.

import { MAX_TEXT_SCALE } from '../engine.js';

/** The text scale where `element` is, from 1 to the core's most; 1 where none is set. */
export function textScaleOf(element) {
  const scale = parseFloat(getComputedStyle(element).getPropertyValue('--picture-text-scale'));
  return Number.isFinite(scale) ? Math.max(1, Math.min(MAX_TEXT_SCALE, scale)) : 1;
}
