// The tanks' size before the core is here. The core lays the tanks out (`tankLayout`,
// src/render/tank_layout/) with a height that depends on the width and the text scale only (or a
// taller box the styles set, `fillHeightOf`), so the page and the <swrr-viz> element reserve
// their exact space before the wasm has arrived, and nothing moves when the tanks appear.
// `reservedSize` is that one rule written again for the time before the core:
// tests/web/tanks.rs holds it to the core's layout. (No imports: the wasm tests load this file
// alone.)

/**
 * The tanks' viewBox size in a box `boxWidth` wide (0 or undefined: not laid out yet), their
 * text `textScale` times the usual size, as the core's `tankLayout` gives it for any nodes; in a
 * box `boxHeight` tall (`fillHeightOf`) where that is taller, up to twice the width.
 */
export function reservedSize(boxWidth, textScale = 1, boxHeight = 0) {
  const width = Math.max(280, boxWidth > 0 ? Math.round(boxWidth) : 640);
  const font = Math.max(12, Math.min(26, width / 55)) * textScale;
  const own = font * 6.8 + Math.max(160, Math.min(width * 0.42, 420));
  const fill = Number.isFinite(boxHeight) ? Math.min(boxHeight, width * 2) : 0;
  return { width, height: Math.max(own, fill) };
}

/**
 * The height the tanks may fill (presenter.css `--tanks-fill-height`: beside a lesson the
 * window sets the row's height), 0 where none is set.
 */
export function fillHeightOf(element) {
  const height = parseFloat(getComputedStyle(element).getPropertyValue('--tanks-fill-height'));
  return Number.isFinite(height) && height > 0 ? height : 0;
}

/**
 * The width of `element`'s content box in layout pixels (a transform or zoom around it does not
 * count): what a ResizeObserver reports as its contentRect width, rounded as the tanks take it
 * where the paddings are whole pixels (`clientWidth` is rounded).
 */
export function contentWidth(element) {
  if (!element) return 0;
  const style = getComputedStyle(element);
  return element.clientWidth - (parseFloat(style.paddingLeft) || 0) - (parseFloat(style.paddingRight) || 0);
}

/**
 * Gives the (empty) tanks `<svg>` the size the tanks will have at `boxWidth`, their text
 * `textScale` times the usual size, in a box `boxHeight` tall (`fillHeightOf`).
 */
export function reserveTanks(root, boxWidth, textScale, boxHeight) {
  const { width, height } = reservedSize(boxWidth, textScale, boxHeight);
  root.setAttribute('viewBox', `0 0 ${width} ${height}`);
}
