// The water tanks' geometry for a width, in CSS pixels. Its height depends on the width only, not
// on the number of nodes, so the <swrr-viz> element reserves the tanks' exact height before the
// core has read any weights (and a new weight vector never changes the page's layout).

/** Narrower boxes get the picture of this width, scaled down. */
const MIN_WIDTH = 280;
/** Above this many nodes tanks lose their texts; above DETAIL_LIMIT they become one bar chart. */
const TEXT_LIMIT = 40;
export const DETAIL_LIMIT = 200;

/**
 * @param {number} boxWidth  the width the picture is drawn in (0 or undefined: not laid out yet)
 * @param {number} n  the number of nodes
 */
export function tankGeometry(boxWidth, n) {
  const width = Math.max(MIN_WIDTH, Math.round(boxWidth || 640));
  const font = Math.max(12, Math.min(26, width / 55));
  const gutter = font * 2.2;
  const slot = (width - gutter) / Math.max(n, 1);
  const withText = n <= TEXT_LIMIT && slot >= font * 1.9;
  const withPipes = n <= DETAIL_LIMIT && slot >= 3;
  // The pipes above and the names below take fixed zones; without them the tanks grow into the space.
  const height = font * 6.8 + Math.max(160, Math.min(width * 0.42, 420));
  const pipeZone = withPipes ? font * 2.6 : 0;
  const labelZone = withText ? font * 4.2 : font * 0.5;
  const tankHeight = height - pipeZone - labelZone;
  return { width, height, font, gutter, slot, withText, withPipes, pipeZone, tankHeight, labelZone };
}

/** The width of `element`'s content box: what a ResizeObserver reports as its contentRect width. */
export function contentWidth(element) {
  if (!element) return 0;
  const style = getComputedStyle(element);
  return element.clientWidth - (parseFloat(style.paddingLeft) || 0) - (parseFloat(style.paddingRight) || 0);
}

/** Gives the (empty) tanks `<svg>` the size the tanks will have at `boxWidth`. */
export function reserveTanks(root, boxWidth) {
  const { width, height } = tankGeometry(boxWidth, 0);
  root.setAttribute('viewBox', `0 0 ${width} ${height}`);
}
