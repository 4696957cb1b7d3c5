// The masthead's folded menu (a phone's layout, and any window under 1,024 px; page.css): open or
// closed, and where the focus goes when the button it was on folds away with it; and in presenter
// mode, the keys a select of the masthead (the language) or the slider would take from the presenter's stepping.

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

/** Whether the page is in presenter mode (classroom.js). */
function presenting() {
  return document.documentElement.dataset.present === 'true';
}

/** The masthead's select `target` is, or null (the language). */
function mastheadSelect(target) {
  return target instanceof HTMLSelectElement && target.closest('.masthead') ? target : null;
}

/** The walkthrough's slider `target` is, or null: a range input takes PageDown/PageUp as a jump of its own. */
function slider(target) {
  return target instanceof HTMLInputElement && target.type === 'range' ? target : null;
}

// In presenter mode the keys are a clicker's (PageDown/PageUp) or the presenter's arrows, and they
// step the walkthrough: a select of the masthead that was changed hands the focus back to the page,
// so they do not go on changing it (PageUp would switch the language in front of the class), and
// PageDown/PageUp while one has the focus step as anywhere else, not change it. So do they on the
// slider a presenter dragged, which would jump a tenth of its span (PageDown backwards).
document.addEventListener('change', (event) => {
  if (presenting()) mastheadSelect(event.target)?.blur();
});
document.addEventListener('keydown', (event) => {
  const target = event.composedPath()[0];
  const select = mastheadSelect(target);
  if (!(select || slider(target)) || !presenting() || !['PageDown', 'PageUp'].includes(event.key)) return;
  if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  select?.blur();
  document.body.dispatchEvent(new KeyboardEvent('keydown', { key: event.key, code: event.code, bubbles: true, cancelable: true }));
}, true);
