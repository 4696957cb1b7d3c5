// What a run of requests adds to the water tanks (nginx SWRR with failed attempts, backup
// servers or several workers), drawn from the core's `step.request`: the tanks a request has
// already tried sit out its retry, a dead server, a backup and one skipped for its failures say
// so, and from the pick of a failed attempt on the picked tank carries a ✗ — its connection was
// refused — while it drains like any winner. What each tank says is the core's decision
// (`view.requestMarks`, the catalog codes its SVG pictures word too). An attempt that found no
// server says "no server left → 502" across the tanks. Every mark is a data-* attribute too.

import { tr } from '../words/i18n.js';
import { flag, svgText } from '../draw/svg.js';

/**
 * Marks the tanks of `tankView` for `view` (a no-op, clearing old marks, when the step is not an
 * attempt of a request). `root` is the tanks' <svg>.
 */
export function markRequest(tankView, view) {
  const root = tankView.root;
  const step = view.step;
  const request = step?.request ?? null;
  const phase = view.position.phase;
  const decided = phase === 'pick' || phase === 'drain';
  root.querySelector('.none-left')?.remove();
  for (const name of ['data-request', 'data-attempt', 'data-outcome']) root.removeAttribute(name);
  tankView.tanks.forEach((tank, i) => {
    const g = tank.group;
    const mark = view.requestMarks?.[i];
    const failed = mark === 'figure.refused';
    flag(g, 'data-tried', request?.tried[i]);
    flag(g, 'data-dead', request?.dead[i]);
    flag(g, 'data-backup', request?.backup[i]);
    flag(g, 'data-disabled', request?.disabled[i]);
    flag(g, 'data-refused', failed);
    if (request) g.dataset.fails = String(request.fails[i]);
    else delete g.dataset.fails;
    tank.refused?.remove();
    tank.refused = null;
    if (!request || !tank.badge) return;
    if (failed) {
      // The ✗ sits on the tank body, under the drain's label (where the core's pictures draw it).
      // Narrower where the tank is narrower than it (the core's `refusedMarkLength`), as the
      // core's pictures draw it.
      const { refusedMarkY, refusedMarkLength } = tankView.geometry;
      const squeezed = refusedMarkLength ? { textLength: refusedMarkLength, lengthAdjust: 'spacingAndGlyphs' } : {};
      tank.refused = svgText('✗', { class: 'refused-mark', x: tank.x + tank.w / 2, y: refusedMarkY, 'text-anchor': 'middle', 'dominant-baseline': 'middle', 'aria-hidden': 'true', ...squeezed }, g);
    }
    if (mark) tank.badge.textContent = tr(`core.${mark}`);
  });
  if (!request) return;
  root.dataset.request = String(request.request);
  root.dataset.attempt = String(request.attempt);
  if (decided || request.noneLeft) root.dataset.outcome = request.outcome;
  if (request.noneLeft && phase !== 'start') {
    // Across the tanks' tops, on the drain label's line: nothing drains, and no level number
    // ever climbs into that line (the core keeps them under it), so none is covered.
    const { width, topTextY, font } = tankView.geometry;
    const label = svgText(tr('tank.noneLeft'), { class: 'none-left', x: width / 2, y: topTextY, 'text-anchor': 'middle' }, root);
    label.style.fontSize = `${Math.round(font * 1.2)}px`;
  }
}
