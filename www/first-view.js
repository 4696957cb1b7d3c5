// The hosted page's first view before its code and the wasm are here. dist/index.html comes with
// the widget as the page draws it for a bare link in English (scripts/build-first-view.mjs takes
// it from the built page in Chromium), its tanks drawn once for each of the phone widths most
// used: a phone on a slow network sees the tanks as soon as the page and its styles are in,
// about a second before the core could draw them. This module keeps that view when it is the
// one the page will show — no hash (or the one the page writes for that link), English, tanks as
// wide as one of those drawn — and takes it away otherwise, before it is ever shown. app.js
// replaces it with the live widget, drawn the same, once the core is here. On www/ (no built
// view) it does nothing.

import { contentWidth } from './stage/tank-geometry.js';
import { preferredLanguage } from './words/languages.js';

const app = document.getElementById('app');

/** The drawing of the tanks made for this box's width (the others are removed), or null. */
function tanksForThisWidth() {
  const drawings = [...app.querySelectorAll('svg[data-first-view-width]')];
  if (!drawings.length) return null;
  const width = Math.round(contentWidth(drawings[0].parentElement));
  const fits = drawings.find((svg) => Number(svg.dataset.firstViewWidth) === width) ?? null;
  for (const svg of drawings) if (svg !== fits) svg.remove();
  return fits;
}

/** Whether the link is the bare one the view was drawn for, or it as the page writes it after loading. */
const bareLink = () => location.hash.length <= 1 || location.hash === app.dataset.firstViewHash;

if (app?.dataset.firstView === 'waiting') {
  const tanks = bareLink() && preferredLanguage() === 'en' ? tanksForThisWidth() : null;
  if (tanks) {
    // The style attributes travel as data-first-view-style: the page's CSP refuses inline styles
    // in its HTML, not those a script sets.
    for (const element of app.querySelectorAll('[data-first-view-style]')) {
      element.style.cssText = element.dataset.firstViewStyle;
      delete element.dataset.firstViewStyle;
    }
    tanks.id = 'tanks';
    delete tanks.dataset.firstViewWidth;
    app.dataset.firstView = 'shown';
  } else {
    app.replaceChildren();
    delete app.dataset.firstView;
  }
}
