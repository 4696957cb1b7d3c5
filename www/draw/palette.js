// Node colours by index: the Okabe–Ito palette, distinguishable with the common colour-vision
// deficiencies. Each node also shows its name, so colour is never the only cue. The colours
// themselves are written once, in theme.css (`--node-0` … `--node-7`, light and dark), which
// build.rs also reads for the CLI's SVG pictures (after changing one, `UPDATE_SNAPSHOTS=1 cargo
// test --test render --test cli` draws the committed pictures again).

export const PALETTE_SIZE = 8;

/** CSS colour of node `index` (a custom property, so the theme can adjust it). */
export function nodeColor(index) {
  return `var(--node-${index % PALETTE_SIZE})`;
}
