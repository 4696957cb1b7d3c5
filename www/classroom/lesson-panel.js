// The lesson panel above the walkthrough: chapter title and paragraph, previous/next. Loading
// a chapter puts the walkthrough into the chapter's state. The panel is drawn anew for each
// chapter; the control that had focus in it keeps it, so a keyboard walks on with Enter.

import { CHAPTERS, chapter } from './lessons.js';
import { tr } from '../words/i18n.js';

export class LessonPanel {
  /**
   * @param {HTMLElement} root  an empty section the panel fills
   * @param {(number: number|null) => void} onNavigate  asks the page to open chapter `number` (null: leave)
   */
  constructor(root, onNavigate) {
    this.root = root;
    this.onNavigate = onNavigate;
    this.number = null;
  }

  /** Shows chapter `number` (1-based) and returns its definition, or hides the panel. */
  show(number) {
    const current = chapter(number);
    this.number = current ? Number(number) : null;
    this.root.hidden = !current;
    if (!current) {
      this.root.replaceChildren();
      return null;
    }
    // The button pressed is replaced with the rest of the panel: remember it to focus its successor.
    const focusedId = this.root.contains(document.activeElement) ? document.activeElement.id : null;
    const n = this.number;
    this.root.dataset.chapter = String(n);
    this.root.dataset.chapterId = current.id;
    const heading = document.createElement('h2');
    heading.id = 'lesson-title';
    heading.tabIndex = -1;
    heading.textContent = tr(`lesson.${current.id}.title`);
    const position = document.createElement('p');
    position.className = 'lesson-position';
    position.textContent = tr('lesson.position', { n, count: CHAPTERS.length });
    const text = document.createElement('p');
    text.className = 'lesson-text';
    text.textContent = tr(`lesson.${current.id}.text`);
    const nav = document.createElement('nav');
    nav.className = 'lesson-nav';
    nav.setAttribute('aria-label', tr('lesson.nav'));
    const button = (label, target, id) => {
      const element = document.createElement('button');
      element.type = 'button';
      element.id = id;
      // A label's words apart from its arrow, which is all a narrow column shows (page.css).
      const [, before, words, after] = /^(←\s*)?(.*?)(\s*→)?$/u.exec(label);
      if (before || after) {
        const wordsElement = document.createElement('span');
        wordsElement.className = 'nav-words';
        wordsElement.textContent = words;
        element.append(before ?? '', wordsElement, after ?? '');
      } else element.textContent = label;
      element.disabled = target === null;
      element.addEventListener('click', () => this.onNavigate(target));
      return element;
    };
    nav.append(
      button(tr('lesson.previous'), n > 1 ? n - 1 : null, 'lesson-previous'),
      button(tr('lesson.next'), n < CHAPTERS.length ? n + 1 : null, 'lesson-next'),
      button(tr('lesson.leave'), 0, 'lesson-leave'),
    );
    this.root.setAttribute('aria-labelledby', 'lesson-title');
    this.root.replaceChildren(position, heading, text, nav);
    // Beside the walkthrough the panel scrolls on its own (page.css, presenter.css): a chapter opens at its top.
    this.root.scrollTop = 0;
    if (focusedId) {
      // Next on the last chapter (or Previous on the first) is disabled: the chapter's title takes focus.
      const same = document.getElementById(focusedId);
      (same && !same.disabled ? same : heading).focus({ preventScroll: true });
    }
    return current;
  }
}
