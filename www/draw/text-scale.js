// How much larger than usual the pictures' text is drawn: the style `--picture-text-scale` where
// a picture is (presenter mode sets it, page.css, for the back of a classroom). The tanks hand it
// to the core's layout (`tankLayout`), the algorithms' pictures apply it themselves.

/** The text scale where `element` is, between 1 and 3 (the core's bounds); 1 where none is set. */
export function textScaleOf(element) {
  const scale = parseFloat(getComputedStyle(element).getPropertyValue('--picture-text-scale'));
  return Number.isFinite(scale) ? Math.max(1, Math.min(3, scale)) : 1;
}
