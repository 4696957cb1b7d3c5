// Nodes' names as the pictures the page lays out itself label them (the other algorithms' tiles,
// list, slots and queue; the workers' bars): the core's labels (facade `nameLabels`,
// render/names), as the tanks' and the strip's, so that two names that share a start never read
// alike where the room holds what differs ("backend-alpha-1", "backend-alpha-2": "b…1", "b…2").
// These pictures are drawn for a run, so the core is here.

import { nameLabels } from '../pkg/swrr_viz.js';
import { charsIn } from './svg.js';

/**
 * The labeller of `nodes`' names: `(i, width, font)` is node i's label in `width` px at `font` px
 * (its room in letters as `fitted` counts it). One call of the core for each room asked.
 */
export function nameLabeller(nodes) {
  const names = nodes.map((node) => node.name);
  const byRoom = new Map();
  return (i, width, font) => {
    const room = charsIn(width, font);
    if (!byRoom.has(room)) byRoom.set(room, nameLabels(names, room));
    return byRoom.get(room)[i];
  };
}
