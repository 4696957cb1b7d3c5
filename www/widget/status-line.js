// What the widget's status line says beside the editors' own notes: what of a link could not be
// used (link-errors.js) and a step the core cannot reach, each until what it is about changes,
// with the refused input still standing. A line that says it already is left alone, so that its
// live region does not announce it again at every step. A widget without the line (no controls
// panel) tells its host instead, which says it in its own place (the <swrr-viz> element's box).

import { errorText, tr } from '../words/i18n.js';
import { linkErrorTexts } from './link-errors.js';

export class StatusLine {
  /**
   * @param {{editors: object, errorsOnStatus: boolean}} widget  its editors (read when said: they
   *        are made after this) and whether a refused input without a box is said here
   */
  constructor(widget) {
    this.widget = widget;
    /** What a link asked that could not be used (`{t, speed, theme}` as typed; an option's key → the core's Error). */
    this.linkErrors = {};
    /** The step asked (by a new run, a seek, play) that the core cannot reach: `{t, error}` (the core's Error), else null. */
    this.unreached = null;
    /** What the line (or without it, the host) was last told. */
    this.said = '';
  }

  /**
   * Says what of a link cannot be used: a step that is not a whole number, a speed not offered,
   * an unknown theme (state.js `decodeState`'s `refused`), a run option the core refuses.
   */
  showLinkErrors(errors = {}) {
    const before = this.linkErrorText();
    this.linkErrors = Object.fromEntries(Object.entries(errors).filter(([, error]) => error != null));
    const said = this.linkErrorText();
    if (said || this.statusSays(before)) this.sayStatus(said);
  }

  /**
   * The link's errors still standing, in the current language ('' for none). Without the status
   * line (an embed of the tanks alone) also the input refused that has no box of its own, as the
   * line would say it: the page's note shows this text.
   */
  linkErrorText() {
    const texts = linkErrorTexts(this.linkErrors);
    if (this.unreached) texts.unshift(tr('error.seek', { t: this.unreached.t, message: errorText(this.unreached.error) }));
    if (!this.widget.editors.el.status) texts.push(this.standingNote());
    return texts.filter(Boolean).join(' · ');
  }

  /** The refused input the status line says beside the link's errors ('' when the host says it). */
  standingNote() {
    return this.widget.errorsOnStatus ? this.widget.editors.errors.standing() : '';
  }

  /** What a link's error for `subject` (`t`, `speed`, `theme`, an option's key) is about has changed: it is said no more. */
  forgetLinkError(subject) {
    if (this.linkErrors[subject] == null) return;
    const before = this.linkErrorText();
    delete this.linkErrors[subject];
    if (this.statusSays(before)) this.sayStatus(this.linkErrorText());
  }

  /** Step `t` cannot be reached (the core's `error`): said until the step shown changes. */
  showUnreached(t, error) {
    this.unreached = { t, error };
    this.sayStatus(this.linkErrorText());
  }

  /**
   * The step shown changed, or a step asked for was reached (the one shown, too): what the link
   * said of the step and phase, and a step not reached, are said no more.
   */
  stepChanged() {
    for (const key of ['t', 'phase']) delete this.linkErrors[key];
    this.unreached = null;
  }

  /**
   * Says `text` on the status line, beside what else still stands there (an input's note); without
   * the line, tells the widget's host when what it would say changes (a `status` event).
   */
  sayStatus(text) {
    const said = [text, this.standingNote()].filter(Boolean).join(' · ');
    const line = this.widget.editors.el.status;
    if (line && line.textContent !== said) line.textContent = said;
    if (!line && said !== this.said) this.widget.dispatchEvent(new CustomEvent('status', { detail: { text: said } }));
    this.said = said;
  }

  /** Whether the status line says `text` (not empty), alone or beside a standing note. */
  statusSays(text) {
    return text !== '' && Boolean(this.widget.editors.el.status?.textContent.includes(text));
  }
}
