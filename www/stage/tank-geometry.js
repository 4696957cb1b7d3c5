// The tanks' size before the core is here. The core lays the tanks out (`tankLayout`,
// src/render/tank_layout.rs) with a height that depends on the width only, so the page and the
// <swrr-viz> element reserve their exact space from the width before the wasm has arrived, and
// nothing moves when the tanks appear. `reservedSize` is that one rule written again for the
// time before the core: tests/browser/tank-reserve.test.mjs holds it to the core's layout.

/**
 * The tanks' viewBox size in a box `boxWidth` wide (0 or undefined: not laid out yet), their
 * text `textScale` times the usual size, as the core's `tankLayout` gives it for any nodes.
 */
export function reservedSize(boxWidth, textScale = 1) {
  const width = Math.max(280, boxWidth > 0 ? Math.round(boxWidth) : 640);
  const font = Math.max(12, Math.min(26, width / 55)) * textScale;
  return { width, height: font * 6.8 + Math.max(160, Math.min(width * 0.42, 420)) };
}

/**
 * How much larger than usual the tanks' text is drawn: the style `--tank-text-scale` where
 * `element` is (presenter mode sets it, page.css), between 1 and 3 as the core takes it.
 */
export function textScaleOf(element) {
  const scale = parseFloat(getComputedStyle(element).getPropertyValue('--tank-text-scale'));
  return Number.isFinite(scale) ? Math.max(1, Math.min(3, scale)) : 1;
}

/** The width of `element`'s content box: what a ResizeObserver reports as its contentRect width. */
export function contentWidth(element) {
  if (!element) return 0;
  const style = getComputedStyle(element);
  return element.clientWidth - (parseFloat(style.paddingLeft) || 0) - (parseFloat(style.paddingRight) || 0);
}

/** Gives the (empty) tanks `<svg>` the size the tanks will have at `boxWidth`. */
export function reserveTanks(root, boxWidth) {
  const { width, height } = reservedSize(boxWidth, textScaleOf(root));
  root.setAttribute('viewBox', `0 0 ${width} ${height}`);
}
