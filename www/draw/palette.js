// Node colours by index: the Okabe–Ito palette, distinguishable with the common colour-vision
// deficiencies. Each node also shows its name, so colour is never the only cue; where a plot's
// lines carry no names, two of one colour (from the ninth node on) are told apart by dashes. The colours
// themselves are written once, in theme.css (`--node-0` … `--node-7`, light and dark), which
// build.rs also reads for the CLI's SVG pictures (after changing one, `UPDATE_SNAPSHOTS=1 cargo
// test --test render --test cli` draws the committed pictures again).

export const PALETTE_SIZE = 8;

/** CSS colour of node `index` (a custom property, so the theme can adjust it). */
export function nodeColor(index) {
  return `var(--node-${index % PALETTE_SIZE})`;
}

/** The dashes that tell apart lines of one colour, as SVG `stroke-dasharray`s ('': solid):
 * dotted, dashed, dash-dot, long dashes. The plots' targets are dashed `6 4`, thinner. */
const DASHES = ['', '1.5 3', '8 3', '8 3 1.5 3', '14 4'];

/**
 * The dashes of each of `nodes`' lines in one plot: solid, but for a node whose colour an earlier
 * one of them has (from the ninth node on the colours repeat), which takes the next dashes.
 * @param {ArrayLike<number>} nodes  node indices, in the plot's order
 * @returns {string[]}
 */
export function plotDashes(nodes) {
  const before = new Map();
  return Array.from(nodes, (node) => {
    const color = node % PALETTE_SIZE;
    const round = before.get(color) ?? 0;
    before.set(color, round + 1);
    return DASHES[round % DASHES.length];
  });
}

/** A CSS background that draws a line of `dash` (as `plotDashes` gives) in a legend's swatch. */
export function dashSwatch(dash) {
  if (!dash) return 'var(--node-color)';
  let at = 0;
  const stops = dash.split(' ').map(Number).map((length, k) => {
    const stop = `${k % 2 === 0 ? 'var(--node-color)' : 'transparent'} ${at}px ${at + length}px`;
    at += length;
    return stop;
  });
  return `repeating-linear-gradient(to right, ${stops.join(', ')})`;
}
