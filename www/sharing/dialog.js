// What the page's dialogs share: a modal <dialog> with a title and a close button (Escape closes
// it, focus returns to the button that opened it, or to "Menu" when that button is folded behind
// it), and copy buttons for read-only fields.
// Markup is static; user text only ever goes in with textContent or .value.

import { tr } from '../words/i18n.js';
import { focusMenuFor } from '../masthead-menu.js';

/**
 * Creates `<dialog id=…>` in the body with a header (title from `titleKey`) and returns it with
 * its body element. `dialog.dataset.open` mirrors whether it is open, for tests.
 */
export function createDialog(id, titleKey) {
  const dialog = document.createElement('dialog');
  dialog.id = id;
  dialog.className = 'page-dialog';
  dialog.setAttribute('aria-labelledby', `${id}-title`);
  dialog.innerHTML = `
    <div class="dialog-head">
      <h2 id="${id}-title"></h2>
      <button type="button" class="dialog-close"><span aria-hidden="true">×</span></button>
    </div>
    <div class="dialog-body"></div>
    <p class="note dialog-status" role="status"></p>
  `;
  dialog.querySelector('h2').textContent = tr(titleKey);
  const close = dialog.querySelector('.dialog-close');
  close.setAttribute('aria-label', tr('dialog.close'));
  close.title = tr('dialog.close');
  close.addEventListener('click', () => dialog.close());
  // A click on the backdrop (outside the dialog's box) closes it too.
  dialog.addEventListener('click', (event) => {
    if (event.target !== dialog) return;
    const box = dialog.getBoundingClientRect();
    const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    if (!inside) dialog.close();
  });
  dialog.addEventListener('close', () => {
    dialog.dataset.open = 'false';
    // The browser gives the focus back to the button that opened the dialog; one chosen from the
    // folded menu is hidden with it, and "Menu" takes the focus instead.
    focusMenuFor(opener);
  });
  document.body.append(dialog);
  /** The element that had the focus when the dialog opened. */
  let opener = null;
  const status = dialog.querySelector('.dialog-status');
  return {
    dialog,
    body: dialog.querySelector('.dialog-body'),
    status: (text) => {
      status.textContent = text;
      // The line sticks to the dialog's foot (dialogs.css): it must not cover what asked for it.
      const asker = dialog.contains(document.activeElement) ? document.activeElement : null;
      const covered = text && asker ? asker.getBoundingClientRect().bottom - status.getBoundingClientRect().top : 0;
      if (covered > 0) dialog.scrollBy(0, covered + 8);
    },
    open: () => {
      opener = document.activeElement;
      status.textContent = '';
      if (!dialog.open) dialog.showModal();
      dialog.dataset.open = 'true';
    },
  };
}

/**
 * Copies the text of `field` (an input or textarea): the Clipboard API where the page may use it,
 * else the field's text is selected so Ctrl+C copies it. Resolves with the message to show.
 */
export async function copyField(field) {
  const text = field.value;
  try {
    if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    return tr('copy.done');
  } catch {
    field.focus();
    field.select();
    let copied = false;
    try {
      copied = document.execCommand('copy');
    } catch {
      copied = false;
    }
    return copied ? tr('copy.done') : tr('copy.manual');
  }
}

/**
 * A labelled read-only field with a Copy button, named for screen readers by `copyKey` ("Copy the
 * link": a dialog has several); returns {row, field, button}. `multiline`: a textarea. `busyKey`: what the button says while it is disabled (its field not ready to copy);
 * it is as wide as the wider of its two labels, so the field beside it keeps its width.
 */
export function copyRow({ id, labelKey, copyKey, multiline = false, rows = 3, status, busyKey = null }) {
  const row = document.createElement('div');
  row.className = 'copy-row';
  const label = document.createElement('label');
  label.htmlFor = id;
  label.textContent = tr(labelKey);
  const field = document.createElement(multiline ? 'textarea' : 'input');
  field.id = id;
  field.readOnly = true;
  field.spellcheck = false;
  field.className = 'copy-field';
  if (multiline) field.rows = rows;
  field.addEventListener('focus', () => field.select());
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'copy-button';
  button.dataset.copy = id;
  if (busyKey) {
    const label = (className, key) => Object.assign(document.createElement('span'), { className, textContent: tr(key) });
    button.classList.add('has-busy-label');
    button.append(label('copy-label', 'copy.button'), label('copy-busy', busyKey));
  } else {
    button.textContent = tr('copy.button');
  }
  if (copyKey) button.setAttribute('aria-label', tr(copyKey));
  button.setAttribute('aria-describedby', id);
  button.addEventListener('click', async () => {
    status(await copyField(field));
  });
  const line = document.createElement('div');
  line.className = 'copy-line';
  line.append(field, button);
  row.append(label, line);
  return { row, field, button };
}
