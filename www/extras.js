// The extras wasm module (www/pkg-extras, built from the same crate with `--features extras`):
// the exports (trace documents, SVG pictures, nginx upstream blocks both ways), the quiz,
// `PickStream` and `messageSamples`. The first view never needs it, so it is fetched and
// compiled on first use: the Export dialog and the quiz panel await `extras()` before they use
// its functions (which they import from the glue directly: importing the glue fetches no wasm).

import { once } from './widget/lazy.js';

/** How the glue's init finds the wasm: by default next to the glue; the single file hands it the bytes. */
let source = () => undefined;

/** For the single file (scripts/build-dist.mjs): `() => ({module_or_path: bytes})`, called on first use. */
export function setExtrasSource(get) {
  source = get;
}

/** Loads and initialises the extras module once; resolves with the module's exports. */
export const extras = once(async () => {
  const module = await import('./pkg-extras/swrr_viz_extras.js');
  await module.default(source());
  return module;
});
