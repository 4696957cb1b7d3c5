// A phone turned while its tanks are watched keeps them in view. The page's layout changes with
// the turn (page.css: on its side the transport is beside the tanks, upright under them), and the
// scroll offset the browser keeps then points elsewhere, as often as not at the masthead or the
// table. Tanks that were at least half in view, or playing, are brought back into view with the
// transport's buttons; tanks the reader had scrolled away from are left there, and so is a page
// whose folded menu is open: the reader is in the menu, which a scroll to the tanks would cut off.
// A story or an event tapped (or clicked) while the tanks are out of view brings them into view
// too: on a phone the scenario's panel is a screen or two under the tanks, and the tap changes
// only what is there. A key press leaves the page where it is, with the focus.

import { menuOpen } from '../masthead-menu.js';

/**
 * How far to scroll so that a band from `top` to `bottom` (window coordinates) shows whole in a
 * window `height` tall, `margin` clear of its edges: the least scroll, or, for a band taller than
 * the window, its top at the top. 0 when it shows already.
 */
function scrollToShow(top, bottom, height, margin = 8) {
  if (bottom - top + 2 * margin > height || top < margin) return top - margin;
  if (bottom > height - margin) return bottom - height + margin;
  return 0;
}

let observer = null;
let tanks = null;
/** Whether the tanks were at least half in view when last seen (before a turn relays the page out). */
let watched = false;

/**
 * Brings the tanks and the transport's buttons into view once the page is laid out again: two
 * frames, the new layout and the tanks drawn again for their new width (or run). `behavior`:
 * how `window.scrollBy` moves.
 */
function showTanks(app, behavior = 'instant') {
  requestAnimationFrame(() => requestAnimationFrame(() => {
    const boxes = [tanks, app.querySelector('.controls .buttons')]
      .filter((element) => element?.isConnected && element.checkVisibility())
      .map((element) => element.getBoundingClientRect());
    if (!boxes.length) return;
    const top = Math.min(...boxes.map((box) => box.top));
    const bottom = Math.max(...boxes.map((box) => box.bottom));
    const by = scrollToShow(top, bottom, window.innerHeight);
    if (by) window.scrollBy({ top: by, behavior });
  }));
}

/** After a turn of the phone: the tanks back in view, if they were watched or playing. */
function turned(app) {
  if ((!watched && app.dataset.playing !== 'true') || menuOpen()) return;
  showTanks(app);
}

/** After a tap on a story or an event (`detail` 0 is a key press): the tanks, if out of view. */
function tapped(app, event) {
  if (event.detail === 0 || watched || !event.target.closest?.('button[data-story], ol#events button')) return;
  showTanks(app, window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'instant' : 'smooth');
}

/** Watches the tanks of `app` (the page's widget, each time it is made) across turns of the phone. */
export function watchTanks(app) {
  if (!observer) {
    observer = new IntersectionObserver((entries) => {
      for (const entry of entries) if (entry.target === tanks) watched = entry.intersectionRatio >= 0.5;
    }, { threshold: [0, 0.5, 1] });
    window.matchMedia('(orientation: portrait)').addEventListener('change', () => turned(app));
    app.addEventListener('click', (event) => tapped(app, event));
  }
  const now = app.querySelector('.tanks-wrap');
  if (now === tanks) return;
  if (tanks) observer.unobserve(tanks);
  tanks = now;
  watched = false;
  if (tanks) observer.observe(tanks);
}
