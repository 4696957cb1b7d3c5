// One bar per node standing on a baseline, as IPVS's weights (interleaved-view.js) and gRPC's
// scaled weights (grpc-view.js) are drawn: a rect per node, or beyond the detail limit one path
// for all of them.

import { nodeColor } from '../draw/palette.js';
import { r1, svg } from '../draw/svg.js';

/**
 * Places the bars of `view`'s nodes from `gutter` to the picture's right edge, their floor
 * `barHeight` below `top`; adds their group and the baseline to the picture.
 */
export function nodeBars(view, { gutter, top, barHeight }) {
  const { width, pad } = view.g;
  const floor = top + barHeight;
  const slot = (width - pad - gutter) / view.nodes.length;
  const gap = slot > 12 ? Math.min(slot * 0.2, 16) : 0;
  const group = svg('g', { class: 'bars' }, view.picture);
  svg('line', { class: 'baseline', x1: r1(gutter), x2: r1(width - pad), y1: r1(floor), y2: r1(floor) }, view.picture);
  return {
    floor,
    slot,
    /** Empties the group for a new set of bars. */
    clear() {
      group.replaceChildren();
    },
    /** Node i's bar from y `top` down to the floor; `attributes` add to (or replace) the bar's. */
    bar(i, barTop, attributes = {}) {
      return svg('rect', {
        class: 'bar', x: r1(gutter + i * slot + gap / 2), y: r1(barTop), width: r1(Math.max(slot - gap, 0.6)), height: r1(floor - barTop),
        fill: nodeColor(i), 'data-node': i, ...attributes,
      }, group);
    },
    /** Every bar in one path, to each top y in `tops` (null: no bar). */
    compact(tops) {
      const path = svg('path', { class: 'bar-compact' }, group);
      path.setAttribute('d', tops.map((t, i) => (t == null ? '' : `M${r1(gutter + i * slot)} ${r1(floor)}V${r1(t)}h${r1(Math.max(slot, 0.5))}V${r1(floor)}z`)).join(''));
      return path;
    },
  };
}
