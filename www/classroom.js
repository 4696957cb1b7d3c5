// Classroom features of the page: presenter mode, "hide the future", the language switch, the
// guided lesson and the quiz. Their state lives in the URL hash next to the walkthrough's:
//   present=1   future=hide   lang=en|zh   lesson=<chapter>   quiz=<exercise>

import { LANGUAGES, language, setLanguage, tr } from './i18n.js';
import { LessonPanel } from './lesson-panel.js';
import { CHAPTERS, chapter } from './lessons.js';
import { QuizPanel } from './quiz-panel.js';

/** The language to start in: the URL's, else the browser's first one we speak, else English. */
export function preferredLanguage(fromUrl) {
  if (fromUrl && fromUrl in LANGUAGES) return fromUrl;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const code = String(tag).toLowerCase().split('-')[0];
    if (code in LANGUAGES) return code;
  }
  return 'en';
}

export class Classroom {
  /**
   * @param {{widget: () => import('./widget.js').SwrrWidget, navigate: (changes: Record<string, string|null>) => void,
   *          relabel: () => void}} page
   *        widget: the current walkthrough; navigate: write these hash keys (null removes) as a
   *        new history entry and load it; relabel: re-render every string after a language change
   */
  constructor(page) {
    this.page = page;
    this.present = false;
    this.hideFuture = false;
    this.lessonNumber = null;
    this.quizNumber = null;
    const $ = (id) => document.getElementById(id);
    this.presentButton = $('present');
    this.futureButton = $('hide-future');
    this.languageSelect = $('language');
    this.lessonButton = $('open-lesson');
    this.quizButton = $('open-quiz');
    this.lesson = new LessonPanel($('lesson'), (n) => page.navigate({ lesson: n ? String(n) : null, quiz: null, w: null, t: null }));
    this.quiz = new QuizPanel($('quiz'), {
      load: (exercise) => this.loadExercise(exercise),
      show: (step) => page.widget().showPick(step),
      navigate: (n) => page.navigate({ quiz: n ? String(n) : null, lesson: null, w: null, t: null }),
    });
    this.languageSelect.replaceChildren(...Object.entries(LANGUAGES).map(([code, label]) => {
      const option = document.createElement('option');
      option.value = code;
      option.textContent = label;
      return option;
    }));
    this.presentButton.addEventListener('click', () => page.navigate({ present: this.present ? null : '1' }));
    this.futureButton.addEventListener('click', () => page.navigate({ future: this.hideFuture ? null : 'hide' }));
    this.languageSelect.addEventListener('change', () => page.navigate({ lang: this.languageSelect.value }));
    this.lessonButton.addEventListener('click', () => page.navigate({ lesson: this.lessonNumber ? null : '1', quiz: null, w: null, t: null }));
    this.quizButton.addEventListener('click', () => page.navigate({ quiz: this.quizNumber ? null : '1', lesson: null, w: null, t: null }));
  }

  /** Language first (before anything is drawn): from the URL or the browser. */
  applyLanguage(hash) {
    const code = preferredLanguage(hash.get('lang'));
    const changed = code !== language();
    setLanguage(code);
    document.documentElement.lang = code === 'zh' ? 'zh-Hans' : 'en';
    this.languageSelect.value = code;
    return changed;
  }

  /**
   * Applies the classroom keys of the hash. A lesson or quiz whose number changed loads its own
   * state into the walkthrough, unless the hash also carries weights (a reload restores exactly).
   */
  apply(hash) {
    const widget = this.page.widget();
    this.present = hash.get('present') === '1';
    document.documentElement.dataset.present = String(this.present);
    this.presentButton.setAttribute('aria-pressed', String(this.present));

    const lessonNumber = chapter(hash.get('lesson')) ? Number(hash.get('lesson')) : null;
    const quizNumber = /^\d{1,7}$/.test(hash.get('quiz') ?? '') ? Number(hash.get('quiz')) : null;
    document.documentElement.dataset.mode = quizNumber ? 'quiz' : lessonNumber ? 'lesson' : 'explore';
    this.lessonButton.setAttribute('aria-pressed', String(Boolean(lessonNumber)));
    this.quizButton.setAttribute('aria-pressed', String(Boolean(quizNumber)));

    if (lessonNumber !== this.lessonNumber) {
      this.lessonNumber = lessonNumber;
      const current = this.lesson.show(lessonNumber);
      if (current && !hash.has('w')) this.loadChapter(current);
    }
    if (quizNumber !== this.quizNumber) {
      this.quizNumber = quizNumber;
      this.quiz.start(quizNumber);
    }
    // The quiz always hides the future: the strip and table would give the answers away.
    this.hideFuture = hash.get('future') === 'hide' || Boolean(quizNumber);
    widget.setHideFuture(this.hideFuture);
    this.futureButton.setAttribute('aria-pressed', String(this.hideFuture));
    this.futureButton.disabled = Boolean(quizNumber);
  }

  /** Writes the classroom keys into the hash entries. */
  save(entries) {
    entries.set('present', this.present ? '1' : '');
    entries.set('future', this.hideFuture && !this.quizNumber ? 'hide' : '');
    entries.set('lang', language() === 'en' && !entries.get('lang') ? '' : language());
    entries.set('lesson', this.lessonNumber ? String(this.lessonNumber) : '');
    entries.set('quiz', this.quizNumber ? String(this.quizNumber) : '');
  }

  loadChapter(current) {
    const widget = this.page.widget();
    if (widget.el.input) widget.el.input.value = current.weights;
    widget.restore(current.weights, runOptions(current), current.t);
    if (current.phase) widget.showPhase(current.t, current.phase);
  }

  loadExercise(exercise) {
    const widget = this.page.widget();
    if (widget.el.input) widget.el.input.value = exercise.weights;
    widget.restore(exercise.weights, runOptions(exercise), 0);
    return widget.engine.weights.nodes;
  }

  /** Re-renders the panels after a language change. */
  relabel() {
    if (this.lessonNumber) this.lesson.show(this.lessonNumber);
    if (this.quiz.quiz) this.quiz.render();
  }

  static get chapterCount() {
    return CHAPTERS.length;
  }
}

/** The walkthrough's run options for a chapter or an exercise (defaults: plain nginx SWRR). */
function runOptions({ algo, tie, subtract, seed, scenario }) {
  return { algo: algo ?? 'swrr', tie: tie ?? 'first', subtract: subtract ?? 'total', seed: seed ?? '0', scenario: scenario ?? '' };
}
