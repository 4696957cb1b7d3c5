// Classroom features of the page: presenter mode, "hide the future", the language switch, the
// guided lesson and the quiz. Their state lives in the URL hash next to the walkthrough's:
//   present=1   future=hide   lang=en|zh   lesson=<chapter>   quiz=<exercise>
//
// The lesson panel, the quiz panel (with the extras wasm module that grades it) and the Chinese
// strings are loaded on first use: `prepare(hash)` loads what a hash needs before it is applied
// (the page awaits it, so the first view in Chinese or with a quiz is drawn whole); a panel
// asked for while not loaded shows "Loading …" in its place, then itself, or the failure.

import { extras } from '../extras.js';
import { LANGUAGES, isLoaded, language, languageTag, loadLanguage, pageError, preferredLanguage, quoted, setLanguage, tr } from '../words/i18n.js';
import { loadStyle, once, withNotice, withPanelNotice } from '../widget/lazy.js';
import { decodeState, positionOf } from '../state/state.js';
import { readHash } from '../state/url-state.js';
import { CHAPTERS, chapter, chapterState } from './lessons.js';
import { focusMenuFor } from '../masthead-menu.js';
import { followTop } from '../stage/tanks-top.js';

const lessonPanel = once(() => import('./lesson-panel.js'));
/** The hash keys leaving a lesson or quiz keeps as they are, not as they were when it opened. */
const KEPT_ON_LEAVING = ['lang', 'present', 'theme'];
const quizPanel = once(async () => (await Promise.all([import('./quiz-panel.js'), extras()]))[0]);
/** The handout (what printing gives) and its styles; fetched when the page is idle, so the browser's own Print menu finds it. */
const handout = once(async () => (await Promise.all([import('./handout.js'), loadStyle('handout.css')]))[0]);
const qrDialog = once(async () => {
  const [{ QrDialog }] = await Promise.all([import('./qr-dialog.js'), loadStyle('dialogs.css'), loadStyle('handout.css')]);
  return new QrDialog();
});

/** The chapter number of `lesson=`, or null; a quiz in the same URL comes first (the toolbar opens one at a time). */
function lessonNumberOf(hash) {
  if (quizNumberOf(hash) != null) return null;
  return chapter(hash.get('lesson')) ? Number(hash.get('lesson')) : null;
}

/** The exercise number of `quiz=`, or null. */
function quizNumberOf(hash) {
  return /^\d{1,7}$/.test(hash.get('quiz') ?? '') ? Number(hash.get('quiz')) : null;
}

export class Classroom {
  /**
   * @param {{widget: () => import('../widget/widget.js').SwrrWidget, navigate: (changes: Record<string, string|null>) => void,
   *          relabel: () => void, notice: HTMLElement, link: () => string}} page
   *        widget: the current walkthrough (the URL follows its changes); navigate: write these
   *        hash keys (null removes) as a new history entry and load it; relabel: re-render every
   *        string after a language change; notice: the page's notice line (a language that is
   *        slow to load, or fails); link: the URL of the current state for others (url-state.js
   *        `stateLink`, written first)
   */
  constructor(page) {
    this.page = page;
    this.present = false;
    this.hideFuture = false;
    /** The chapter whose panel shows, and the one whose state was loaded into the walkthrough. */
    this.lessonNumber = null;
    this.chapterLoaded = null;
    this.quizNumber = null;
    /** The walkthrough's hash a lesson or quiz was opened from, to come back to on leaving it. */
    this.explored = null;
    /** How far the page was scrolled to show what a chapter points at (`showPointedPart`). */
    this.pointedScroll = 0;
    /** The panels, once their modules are here. */
    this.lesson = null;
    this.quiz = null;
    const $ = (id) => document.getElementById(id);
    this.lessonRoot = $('lesson');
    this.quizRoot = $('quiz');
    this.presentButton = $('present');
    this.futureButton = $('hide-future');
    this.languageSelect = $('language');
    this.lessonButton = $('open-lesson');
    this.quizButton = $('open-quiz');
    this.languageSelect.replaceChildren(...Object.entries(LANGUAGES).map(([code, label]) => {
      const option = document.createElement('option');
      option.value = code;
      option.textContent = label;
      return option;
    }));
    this.presentButton.addEventListener('click', () => page.navigate({ present: this.present ? null : '1' }));
    this.futureButton.addEventListener('click', () => page.navigate({ future: this.hideFuture ? null : 'hide' }));
    this.languageSelect.addEventListener('change', () => page.navigate({ lang: this.languageSelect.value }));
    this.lessonButton.addEventListener('click', () => this.visit({ lesson: this.lessonNumber ? null : '1' }));
    this.quizButton.addEventListener('click', () => this.visit({ quiz: this.quizNumber ? null : '1' }));
    this.qrButton = $('show-qr');
    this.qrButton.addEventListener('click', () => this.showQr());
    $('print-handout').addEventListener('click', () => this.printHandout());
    document.addEventListener('keydown', (event) => {
      // Ctrl+P / ⌘P prints the handout whole, once what it needs is loaded.
      if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'p') {
        event.preventDefault();
        this.printHandout();
      }
    });
    // The browser's own Print menu cannot wait for a load: it gets the handout with what is
    // here (the page's tanks until the core's still is loaded), or the page's print styles.
    window.addEventListener('beforeprint', () => this.buildHandout());
    document.addEventListener('keydown', (event) => this.quizKey(event));
    // Beside the walkthrough (presenter mode) a panel ends at the window's bottom, and on a phone
    // on its side the lesson's above the transport: page.css needs where its row starts, below
    // the masthead and the notice, which only the layout knows. In a laptop's window the tanks
    // are as wide as lets them fit under what is above them (a chapter, the weights): page.css
    // needs where they start too, which their width does not move.
    const app = $('app');
    const observed = [document.querySelector('.masthead'), page.notice, this.lessonRoot, this.quizRoot, app];
    followTop('--panel-top', () => [app], observed);
    followTop('--tanks-top', () => [app.querySelector('.tanks-wrap')], observed);
  }

  /**
   * A clicker's PageDown/PageUp in a quiz (the page's playback keys are off there: stepping would
   * give the answer away). They never scroll the page, which on a projector stays on the tanks
   * and the question. While questions are left they do nothing else: the next step is the class's
   * to predict, and opening another exercise would throw its answers away. Once the exercise is
   * done, PageDown opens the next one, as "Exercise N →" does.
   */
  quizKey(event) {
    if (!this.quizNumber || !['PageDown', 'PageUp'].includes(event.key)) return;
    if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey || document.querySelector('dialog[open]')) return;
    const target = event.composedPath()[0];
    if (target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA'].includes(target.tagName))) return;
    event.preventDefault();
    if (event.key === 'PageDown' && this.quizRoot.dataset.finished === 'true') this.quizRoot.querySelector('#quiz-next')?.click();
  }

  /** Fetches the handout's code when the page is idle (the page calls this once its first view is drawn). */
  prefetch() {
    const idle = window.requestIdleCallback ?? ((run) => setTimeout(run, 2000));
    idle(() => handout().then(() => {
      document.documentElement.dataset.handout ??= 'loaded';
    }, () => {}), { timeout: 5000 });
  }

  /** Builds the handout for the current state with what is loaded; false when its module is not. */
  buildHandout() {
    // Before the core there is no run to print (Ctrl+P then prints the page as it is).
    if (!handout.value || !this.page.widget()) return false;
    let root = document.getElementById('handout');
    if (!root) {
      root = document.createElement('section');
      root.id = 'handout';
      document.body.append(root);
    }
    this.page.widget().guard(() => handout.value.buildHandout(root, {
      widget: this.page.widget(),
      worksheet: this.hideFuture,
      link: this.page.link(),
      exportSvg: extras.value?.exportSvg ?? null,
    }));
    document.documentElement.dataset.handout = 'ready';
    return true;
  }

  /** "Print handout": loads the handout and the core's still, builds it, opens the print dialog. */
  async printHandout() {
    const opener = document.activeElement;
    const loaded = await withNotice(this.page.notice, tr('load.handout'), Promise.all([handout(), extras()]));
    if (!loaded || !this.buildHandout()) return;
    window.print();
    // Chosen from the folded menu, "Print handout" is hidden with it: "Menu" takes the focus back
    // from the print dialog.
    focusMenuFor(opener);
  }

  /** Presenter mode's QR code of the current state. */
  async showQr() {
    const dialog = qrDialog.value ?? await withNotice(this.page.notice, tr('load.qr'), qrDialog());
    dialog?.open(this.page.link());
  }

  /**
   * Loads what `hash` needs before it is applied: its language (with a notice on the page if
   * that takes a moment or fails), and with `panels` the lesson or quiz panel it opens (a panel
   * that fails shows the failure in its place when applied). Null when everything is here, so
   * the caller can go on synchronously.
   */
  prepare(hash, { panels = false } = {}) {
    const jobs = [];
    const code = preferredLanguage(hash.get('lang'));
    if (!isLoaded(code)) jobs.push(withNotice(this.page.notice, LANGUAGES[code], loadLanguage(code)));
    if (panels && lessonNumberOf(hash) && !lessonPanel.value) jobs.push(lessonPanel().catch(() => {}));
    // The quiz needs the extras module: a first view waits for it, saying so; a failure shows in
    // the panel's place once applied.
    if (panels && quizNumberOf(hash) && !quizPanel.value) jobs.push(withNotice(this.page.notice, tr('load.quiz'), quizPanel().catch(() => null)));
    return jobs.length ? Promise.all(jobs) : null;
  }

  /** Language first (before anything is drawn): from the URL or the browser (English if its strings could not load). */
  applyLanguage(hash) {
    const wanted = preferredLanguage(hash.get('lang'));
    const code = isLoaded(wanted) ? wanted : 'en';
    const changed = code !== language();
    setLanguage(code);
    document.documentElement.lang = languageTag(code);
    this.languageSelect.value = code;
    return changed;
  }

  /**
   * The walkthrough's state for a page opened at `hash`: a lesson chapter's weights, options and
   * step, which `apply` loads unless the hash carries weights, else the hash's own. The page lays
   * the walkthrough out in it before the core is here (and loads the picture its algorithm needs).
   */
  startingState(hash) {
    const state = decodeState(hash);
    const current = chapter(lessonNumberOf(hash));
    if (!current || hash.has('w')) return state;
    const { weights, t, phase, options } = chapterState(current);
    return { ...state, weights, t, phase, options };
  }

  /**
   * Presenter mode as the hash says (the page applies it before laying the widget out, so the
   * tanks reserve the size its larger text gives them); true when it changed.
   */
  applyPresent(hash) {
    const present = hash.get('present') === '1';
    const changed = present !== this.present;
    this.present = present;
    document.documentElement.dataset.present = String(present);
    this.presentButton.setAttribute('aria-pressed', String(present));
    this.qrButton.hidden = !present;
    return changed;
  }

  /**
   * What the hash changes of the page's layout, which needs no core: presenter mode, the mode
   * (lesson, quiz or explore) and the lesson's panel. The page applies it before laying the
   * walkthrough out too, so nothing moves when the core arrives.
   */
  applyLayout(hash) {
    if (this.applyPresent(hash)) this.page.widget()?.relayout();
    const lessonNumber = lessonNumberOf(hash);
    const quizNumber = quizNumberOf(hash);
    document.documentElement.dataset.mode = quizNumber ? 'quiz' : lessonNumber ? 'lesson' : 'explore';
    this.lessonButton.setAttribute('aria-pressed', String(Boolean(lessonNumber)));
    this.quizButton.setAttribute('aria-pressed', String(Boolean(quizNumber)));
    const shows = chapter(lessonNumber)?.shows;
    if (shows) document.documentElement.dataset.lessonShows = shows;
    else delete document.documentElement.dataset.lessonShows;
    if (lessonNumber !== this.lessonNumber) {
      this.lessonNumber = lessonNumber;
      this.showLesson(lessonNumber);
      if (lessonNumber) this.showBeginning(this.lessonRoot);
    }
  }

  /**
   * A new chapter or exercise opens at its beginning: when the page is scrolled past the top of
   * its panel or of the walkthrough (beside each other on a projector, where the panel stays in
   * view as the page scrolls), it scrolls back up to it.
   */
  showBeginning(panelRoot) {
    const app = document.getElementById('app');
    const top = Math.min(panelRoot.getBoundingClientRect().top, app?.getBoundingClientRect().top ?? Infinity);
    if (top < 0) window.scrollBy({ top, behavior: 'instant' });
  }

  /**
   * In presenter mode a chapter whose text points at a part of the page below the tanks (lessons.js
   * `shows`; presenter.css puts it right under them) brings that part into view, since a clicker cannot
   * scroll: the least scroll that shows it, and the transport's step line and timeline under it
   * where the room above the tanks allows (on a 720-line projector too), never past the tanks' top,
   * so the tanks stay in view. The next chapter, pointing at nothing there, opens at the page's top again.
   */
  showPointedPart() {
    const selector = { strip: '.strip-panel' }[chapter(this.lessonNumber)?.shows];
    const app = document.getElementById('app');
    const part = selector && app.querySelector(selector);
    const stage = app.querySelector('.stage');
    if (!this.present || !part || !stage) {
      if (this.pointedScroll && window.scrollY <= this.pointedScroll) window.scrollTo({ top: 0, behavior: 'instant' });
      this.pointedScroll = 0;
      return;
    }
    const margin = 8;
    const timeline = app.querySelector('.timeline');
    const bottom = Math.max(part.getBoundingClientRect().bottom, timeline?.getBoundingClientRect().bottom ?? 0);
    const below = bottom + margin - window.innerHeight;
    const room = stage.getBoundingClientRect().top - margin;
    if (below > 0 && room > 0) window.scrollBy({ top: Math.min(below, room), behavior: 'instant' });
    this.pointedScroll = window.scrollY;
  }

  /**
   * Applies the classroom keys of the hash. A lesson or quiz whose number changed loads its own
   * state into the walkthrough, unless the hash also carries weights: that is the chapter's link
   * as the page writes it, whose step and phase (`t`, `phase`) the page has shown, so a reload,
   * Back/Forward or the chapter's QR code restores exactly what was on screen.
   */
  apply(hash) {
    const widget = this.page.widget();
    const wasPresent = this.present;
    this.applyLayout(hash);
    const quizNumber = quizNumberOf(hash);
    if (this.lessonNumber !== this.chapterLoaded || this.present !== wasPresent) {
      // After the walkthrough has drawn the chapter's state.
      requestAnimationFrame(() => this.showPointedPart());
    }
    if (this.lessonNumber !== this.chapterLoaded) {
      this.chapterLoaded = this.lessonNumber;
      const current = chapter(this.lessonNumber);
      if (current && !hash.has('w')) this.loadChapter(current);
    }
    // A quiz link without its weights (`#quiz=1&present=1` typed over a quiz) shows the page's
    // default run: the exercise starts over, so the tanks are the ones it grades.
    if (quizNumber !== this.quizNumber || (quizNumber && !hash.has('w'))) {
      this.quizNumber = quizNumber;
      this.startQuiz(quizNumber);
      if (quizNumber) this.showBeginning(this.quizRoot);
    }
    // The quiz always hides the future: the strip and table would give the answers away.
    this.hideFuture = hash.get('future') === 'hide' || Boolean(quizNumber);
    widget.setHideFuture(this.hideFuture);
    this.futureButton.setAttribute('aria-pressed', String(this.hideFuture));
    this.futureButton.disabled = Boolean(quizNumber);
    this.refocus();
  }

  /**
   * What of the classroom keys in `hash` cannot be used, by key, as the page's errors (said on
   * the status line with the link's other errors): a `lesson=` that is no chapter, or one beside a
   * quiz (which opens instead); a `quiz=` that is not a whole number (a number that is no exercise
   * is said by the quiz itself); a `present=` other than 1 or 0; a `future=` other than hide; a
   * `lang=` the page has no words in.
   */
  refused(hash) {
    const refused = {};
    const given = (key) => {
      const text = hash.get(key);
      return text == null || text === '' ? null : text;
    };
    const say = (key, word, params = {}) => {
      refused[key] = pageError(word, { input: `${key}=${quoted(given(key))}`, ...params });
    };
    if (given('lesson') != null) {
      if (!chapter(given('lesson'))) say('lesson', 'input.lesson', { chapters: CHAPTERS.length });
      else if (quizNumberOf(hash) != null) say('lesson', 'input.lessonBesideQuiz', { quiz: `quiz=${quizNumberOf(hash)}` });
    }
    if (given('quiz') != null && quizNumberOf(hash) == null) say('quiz', 'input.quiz');
    if (given('present') != null && !['1', '0'].includes(given('present'))) say('present', 'input.present');
    if (given('future') != null && given('future') !== 'hide') say('future', 'input.future');
    if (given('lang') != null && !(given('lang') in LANGUAGES)) say('lang', 'input.lang', { languages: Object.keys(LANGUAGES) });
    return refused;
  }

  /** Writes the classroom keys into the hash entries. */
  save(entries) {
    entries.set('present', this.present ? '1' : '');
    entries.set('future', this.hideFuture && !this.quizNumber ? 'hide' : '');
    entries.set('lang', language() === 'en' && !entries.get('lang') ? '' : language());
    entries.set('lesson', this.lessonNumber ? String(this.lessonNumber) : '');
    entries.set('quiz', this.quizNumber ? String(this.quizNumber) : '');
  }

  /** Loads a chapter's state: its weights and options at its step and phase. */
  loadChapter(current) {
    const widget = this.page.widget();
    const state = chapterState(current);
    if (!widget.restore(state.weights, state.options, state.t)) return;
    const { t, phase } = positionOf(state);
    widget.showPhase(t, phase);
  }

  loadExercise(exercise) {
    const widget = this.page.widget();
    widget.restore(exercise.weights, exercise, 0);
    return widget.engine.weights.nodes;
  }

  /** Re-renders the panels after a language change. */
  relabel() {
    if (this.lessonNumber && this.lesson) this.lesson.show(this.lessonNumber);
    if (this.quiz?.quiz) this.quiz.render();
  }

  /**
   * Opens chapter or exercise `lesson`/`quiz` (each null: none), which sets its own weights and
   * step. Opened from the walkthrough, leaving comes back to what the reader had there (the
   * weights, the step, the algorithm, the future hidden or not), as Back does; the language,
   * presenter mode and the theme stay as they are now.
   */
  visit({ lesson = null, quiz = null }) {
    const opening = lesson !== null || quiz !== null;
    if (opening && !this.lessonNumber && !this.quizNumber) {
      // The walkthrough's latest state written into the hash first (before it is laid out, the
      // hash is the link's state).
      if (this.page.widget()) this.page.link();
      this.explored = readHash();
    }
    if (!opening) {
      // "Leave" goes with its panel: the toolbar's button that opens the panel again takes the
      // focus once the panel is closed (`refocus`), rather than the page's body.
      const focused = document.activeElement;
      const panel = [this.lessonRoot, this.quizRoot].find((root) => root.contains(focused));
      this.leaving = panel ? { panel, focusVisible: focused.matches(':focus-visible') } : null;
    }
    if (opening || !this.explored) {
      this.page.navigate({ lesson, quiz, w: null, t: null });
      return;
    }
    const leaves = (key) => !KEPT_ON_LEAVING.includes(key);
    const back = Object.fromEntries([...readHash().keys()].filter(leaves).map((key) => [key, null]));
    for (const [key, value] of this.explored) if (leaves(key)) back[key] = value;
    this.explored = null;
    this.page.navigate({ ...back, lesson: null, quiz: null });
  }

  /**
   * After "Leave" has closed its panel, the focus it had goes to the toolbar's Lesson or Quiz
   * button (Menu where the toolbar is folded), with its ring when Leave was pressed with a key.
   */
  refocus() {
    const { panel, focusVisible } = this.leaving ?? {};
    if (!panel?.hidden) return;
    this.leaving = null;
    if (document.activeElement && document.activeElement !== document.body) return;
    const opener = panel === this.lessonRoot ? this.lessonButton : this.quizButton;
    // Where the walkthrough is, not scrolled to the toolbar: a presenter's tanks stay in view.
    opener.focus({ focusVisible, preventScroll: true });
    focusMenuFor(opener, { focusVisible, preventScroll: true });
  }

  /** The lesson panel for chapter `number` (null hides it); loads the panel first if needed. */
  showLesson(number) {
    if (!this.lesson && lessonPanel.value) {
      this.lesson = new lessonPanel.value.LessonPanel(this.lessonRoot, (n) => this.visit({ lesson: n ? String(n) : null }));
    }
    if (this.lesson) this.lesson.show(number);
    else this.loadPanel(this.lessonRoot, number, tr('load.lesson'), lessonPanel, () => {
      if (this.lessonNumber === number) this.showLesson(number);
    });
  }

  /** Starts exercise `number` in the quiz panel (null hides it); loads the panel and the extras module first if needed. */
  startQuiz(number) {
    if (!this.quiz && quizPanel.value) {
      this.quiz = new quizPanel.value.QuizPanel(this.quizRoot, {
        load: (exercise) => this.loadExercise(exercise),
        show: (step) => this.page.widget().showPick(step),
        navigate: (n) => this.visit({ quiz: n ? String(n) : null }),
      });
    }
    if (this.quiz) this.quiz.start(number);
    else this.loadPanel(this.quizRoot, number, tr('load.quiz'), quizPanel, () => {
      if (this.quizNumber === number) this.page.widget().guard(() => this.startQuiz(number));
    });
  }

  /**
   * A panel whose module is not here yet, for chapter or exercise `number` (null hides the section):
   * its section says "Loading …" (after a moment) while `load` runs, then `then()`; or says why it
   * failed, in place of the panel.
   */
  loadPanel(root, number, what, load, then) {
    if (number == null) {
      root.hidden = true;
      root.replaceChildren();
      return;
    }
    root.hidden = false;
    delete root.dataset.chapter;
    delete root.dataset.exercise;
    withPanelNotice(root, what, load()).then((module) => {
      if (module) then();
    });
  }

  static get chapterCount() {
    return CHAPTERS.length;
  }
}
