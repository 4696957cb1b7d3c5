// A button that folds a part of the setup away (`aria-expanded`, `aria-controls`; compare.css
// hides the part while it is "false"): a click opens or closes it, and Escape, with the focus on
// the button or in the part, closes it and hands the focus to the button, where the next Tab goes
// on from.

/**
 * @param {HTMLButtonElement} button  the fold's button
 * @param {(open: boolean) => void} [setOpen]  opens or closes it (by default: `aria-expanded`)
 */
export function wireFold(button, setOpen = (open) => button.setAttribute('aria-expanded', String(open))) {
  const part = document.getElementById(button.getAttribute('aria-controls'));
  button.addEventListener('click', () => setOpen(button.getAttribute('aria-expanded') !== 'true'));
  const closeOnEscape = (event) => {
    // A button hidden by the layout folds nothing there (the algorithms outside a laptop's window).
    if (event.key !== 'Escape' || button.getAttribute('aria-expanded') !== 'true' || !button.checkVisibility()) return;
    event.preventDefault();
    setOpen(false);
    button.focus();
  };
  button.addEventListener('keydown', closeOnEscape);
  part.addEventListener('keydown', closeOnEscape);
}
