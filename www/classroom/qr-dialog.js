// Presenter mode's QR code: the current state as a link, in a code large enough for a class to
// scan from the back of the room (most of the projected screen), with the link written under it.

import { createDialog } from '../sharing/dialog.js';
import { tr } from '../words/i18n.js';
import { qrSvg, qrTooLong } from '../sharing/qr-code.js';

export class QrDialog {
  constructor() {
    this.parts = createDialog('qr-dialog', 'qr.title');
    this.parts.dialog.classList.add('qr-dialog');
  }

  /**
   * Shows the code of `link` (drawn anew each time: the state may have moved); a link longer
   * than a QR code holds gets a line that says so, over the link written out.
   */
  open(link) {
    const { dialog, body, open } = this.parts;
    const code = qrSvg(link, tr('qr.label', { link }));
    dialog.querySelector('h2').textContent = tr(code ? 'qr.title' : 'qr.titleTooLong');
    const close = dialog.querySelector('.dialog-close');
    close.setAttribute('aria-label', tr('dialog.close'));
    close.title = tr('dialog.close');
    const text = document.createElement('p');
    text.className = 'qr-link';
    text.textContent = link;
    body.replaceChildren(code ?? qrTooLong(link), text);
    dialog.dataset.link = link;
    open();
  }
}
