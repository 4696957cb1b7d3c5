// The masthead's folded menu (a phone's layout, and any window under 1,024 px; page.css): open or
// closed, and where the focus goes when the button it was on folds away with it.

/** The button the masthead's tools fold behind. */
function menuButton() {
  return document.getElementById('menu');
}

/** Opens or closes the masthead's folded tools (elsewhere they always show). */
export function setMenu(open) {
  const button = menuButton();
  button.setAttribute('aria-expanded', String(open));
  button.closest('.masthead').dataset.menu = open ? 'open' : 'closed';
}

/** Whether the folded menu is open. */
export function menuOpen() {
  return menuButton().getAttribute('aria-expanded') === 'true';
}

/**
 * `opener`, a button of the folded menu, is hidden with it: "Menu" takes the focus, so the next Tab
 * goes on from there rather than from the page's top. `options` as `focus()` takes them.
 */
export function focusMenuFor(opener, options) {
  const button = menuButton();
  if (opener && opener !== document.body && !opener.checkVisibility() && button?.checkVisibility()) button.focus(options);
}
