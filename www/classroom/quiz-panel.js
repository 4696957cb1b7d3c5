// "Predict the next pick": the quiz panel above the walkthrough. The core generates the
// exercise from its number and grades every guess (wasm Quiz); this panel asks, shows the
// grade and words the core's reason in the reader's language.

// The extras module: the classroom creates this panel only after `extras()` (extras.js) initialised it.
import { Quiz } from '../pkg-extras/swrr_viz_extras.js';
import { counted, errorText, joined, list, num, tr } from '../words/i18n.js';
import { nodeColor } from '../draw/palette.js';
import { showNarration } from '../stage/narration.js';

export class QuizPanel {
  /**
   * @param {HTMLElement} root  an empty section the panel fills
   * @param {{load: (exercise: object) => {name: string}[], show: (step: number) => void,
   *          navigate: (number: number|null) => void}} page
   *        load: put the exercise's weights at step 0 and return its nodes; show: move the
   *        walkthrough to a step's pick phase (0: its start); navigate: open another exercise
   *        (null: leave)
   */
  constructor(root, page) {
    this.root = root;
    this.page = page;
    this.quiz = null;
    /** The feedback's height so far in this exercise at this width (see `reserveFeedback`). */
    this.reserved = { width: 0, height: 0 };
  }

  /** Starts exercise `number`; false (with the reason shown) when there is no such exercise. */
  start(number) {
    this.quiz?.free();
    this.quiz = null;
    this.feedback = null;
    this.reserved = { width: 0, height: 0 };
    this.root.hidden = number == null;
    for (const key of ['exercise', 'answered', 'score', 'streak', 'finished', 'error']) delete this.root.dataset[key];
    if (number == null) {
      this.root.replaceChildren();
      return false;
    }
    try {
      this.quiz = new Quiz(Number(number));
    } catch (error) {
      this.showError(error);
      return false;
    }
    this.exercise = this.quiz.exercise();
    this.nodes = this.page.load(this.exercise);
    // A quiz starts at its first question, so the walkthrough shows step 0: a reload or Back that
    // brings the exercise's weights at a later step back would otherwise show picks not yet asked.
    this.page.show(0);
    this.render();
    this.root.scrollTop = 0;
    return true;
  }

  /**
   * A link's exercise that does not exist: the reason, said until the quiz is opened again or
   * left (as the page says a link's other refused inputs), and a button that closes the panel
   * and leaves the walkthrough as it is.
   */
  showError(error) {
    const close = document.createElement('button');
    close.type = 'button';
    close.id = 'quiz-close';
    close.textContent = tr('quiz.close');
    close.addEventListener('click', () => {
      this.root.hidden = true;
      this.root.replaceChildren();
    });
    const nav = document.createElement('div');
    nav.className = 'quiz-nav';
    nav.append(close);
    this.root.dataset.error = 'true';
    this.root.replaceChildren(paragraph(errorText(error), 'error'), nav);
  }

  render() {
    const { exercise, quiz } = this;
    const root = this.root;
    // The panel is drawn anew: the control that had focus in it (a choice, Exercise N →) gets it back.
    const focused = root.contains(document.activeElement) ? focusKey(document.activeElement) : null;
    delete root.dataset.error;
    root.dataset.exercise = String(exercise.number);
    root.dataset.answered = String(quiz.answered);
    root.dataset.score = String(quiz.score);
    root.dataset.streak = String(quiz.streak);
    root.dataset.finished = String(quiz.finished);
    const heading = document.createElement('h2');
    heading.id = 'quiz-title';
    heading.textContent = tr('quiz.title', { number: exercise.number, tier: tr(`quiz.tier.${exercise.tier}`) });
    root.setAttribute('aria-labelledby', 'quiz-title');
    const algorithm = paragraph(exercise.algo === 'swrr'
      ? tr('quiz.algorithm', { weights: exercise.weights, algo: tr('algo.swrr'), tie: tr(exercise.tie === 'last' ? 'tie.last' : 'tie.first') })
      : tr('quiz.algorithmOther', { weights: exercise.weights, algo: tr(`algo.${exercise.algo}`) }), 'note');
    const score = scoreLine(counted(exercise.picks, 'quiz.score', 'quiz.scoreOne', { score: quiz.score, answered: quiz.answered, picks: exercise.picks, streak: quiz.streak, best: quiz.bestStreak }));
    score.id = 'quiz-score';
    const feedback = this.feedback ? this.feedbackBlock() : paragraph(tr('quiz.waiting'), 'quiz-feedback waiting');
    const parts = [heading, algorithm, score, feedback];
    if (quiz.finished) {
      parts.push(paragraph(tr('quiz.done', { score: quiz.score, picks: exercise.picks }), 'quiz-done'));
    } else {
      const question = paragraph(tr('quiz.question', { step: quiz.answered + 1 }), 'quiz-question');
      question.id = 'quiz-question';
      const choices = document.createElement('div');
      choices.className = 'quiz-choices';
      choices.setAttribute('role', 'group');
      choices.setAttribute('aria-labelledby', 'quiz-question');
      this.nodes.forEach((node, i) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'quiz-choice';
        button.dataset.node = String(i);
        button.style.setProperty('--node-color', nodeColor(i));
        button.textContent = node.name;
        button.addEventListener('click', () => this.answer(i));
        choices.append(button);
      });
      parts.push(question, choices);
    }
    const next = document.createElement('button');
    next.type = 'button';
    next.id = 'quiz-next';
    next.textContent = tr('quiz.next', { number: exercise.number + 1 });
    next.addEventListener('click', () => this.page.navigate(exercise.number + 1));
    const leave = document.createElement('button');
    leave.type = 'button';
    leave.id = 'quiz-leave';
    leave.textContent = tr('quiz.leave');
    leave.addEventListener('click', () => this.page.navigate(null));
    const nav = document.createElement('div');
    nav.className = 'quiz-nav';
    nav.append(next, leave);
    parts.push(nav);
    root.replaceChildren(...parts);
    this.reserveFeedback(feedback);
    if (focused) (root.querySelector(focused) ?? next).focus({ preventScroll: true });
  }

  /**
   * The feedback keeps the tallest height it has had in this exercise at this width, so what is
   * under it (the next question; on a narrow screen the tanks) stays where it is from answer to
   * answer: a wrong answer's levels or a longer reason do not move it.
   */
  reserveFeedback(block) {
    const width = this.root.clientWidth;
    if (width !== this.reserved.width) this.reserved = { width, height: 0 };
    const height = block.getBoundingClientRect().height;
    this.reserved.height = Math.max(this.reserved.height, height);
    block.style.minHeight = `${this.reserved.height}px`;
  }

  answer(guess) {
    this.feedback = this.quiz.predict(guess);
    this.page.show(this.feedback.step);
    this.render();
    // The next question starts at its first choice; after the last one, at the next exercise.
    const first = this.root.querySelector('.quiz-choice') ?? this.root.querySelector('#quiz-next');
    first?.focus({ preventScroll: true });
    // The next question's choices and the buttons under them come into view, scrolling no more
    // than needed: beside the walkthrough (presenter mode) the panel scrolls on its own, and the
    // feedback above them can push them past its foot.
    this.root.querySelector('.quiz-nav').scrollIntoView({ block: 'nearest' });
  }

  /** "Right" or "Not quite", and why, from the core's reason. */
  feedbackBlock() {
    const f = this.feedback;
    const names = this.nodes.map((node) => node.name);
    const block = document.createElement('div');
    block.className = `quiz-feedback ${f.correct ? 'right' : 'wrong'}`;
    block.dataset.correct = String(f.correct);
    block.dataset.winner = String(f.winner);
    block.setAttribute('role', 'status');
    const verdict = f.correct
      ? tr('quiz.right', { step: f.step, name: names[f.winner] })
      : tr('quiz.wrong', { step: f.step, name: names[f.winner], guess: names[f.guess] });
    const lines = [sentence(verdict, 'verdict'), sentence(this.reasonText(f, names), 'reason')];
    // The levels the reason compares, after a right answer too: the same lines either way.
    if (f.reason.kind === 'highest' || f.reason.kind === 'tie') {
      const levels = joined(f.filled.map((level, i) => `${names[i]} ${num(level)}`));
      lines.push(sentence(tr('quiz.levels', { levels }), 'levels'));
    }
    block.append(...lines);
    return block;
  }

  reasonText(f, names) {
    const r = f.reason;
    const name = names[f.winner];
    switch (r.kind) {
      case 'highest':
        return tr('quiz.reason.highest', { name, level: num(r.level) });
      case 'tie':
        return tr(r.rule === 'last' ? 'quiz.reason.tieLast' : 'quiz.reason.tieFirst', {
          names: list(r.tied.map((i) => names[i])), level: num(r.level), name,
        });
      case 'next-in-list':
        return tr('quiz.reason.nextInList', { name, position: r.position + 1, length: r.length });
      case 'first-at-or-above':
        return tr('quiz.reason.firstAtOrAbove', { name, cw: r.cw });
      case 'earliest-deadline':
        return tr('quiz.reason.earliestDeadline', { name, deadline: r.deadline });
      default:
        return tr('quiz.reason.draw', { name });
    }
  }
}

/** A selector for `element` that finds its successor in the panel drawn anew, or null. */
function focusKey(element) {
  if (element.id) return `#${element.id}`;
  if (element.classList.contains('quiz-choice')) return `.quiz-choice[data-node="${element.dataset.node}"]`;
  return null;
}

/** A sentence of the feedback, each name with its number unbroken ("B 4" never split), as the narration's. */
function sentence(text, className) {
  const p = paragraph('', className);
  showNarration(p, text);
  return p;
}

/**
 * The score line, each of its parts ("streak 2", "连对 2") whole with the "·" after it: a line
 * breaks only between parts, so none starts with "·" and no word is cut in two.
 */
function scoreLine(text) {
  const p = paragraph('', 'quiz-score');
  for (const [, space, part] of text.matchAll(/(\s*)([^·]+·?)/gu)) {
    const kept = document.createElement('span');
    kept.className = 'kept';
    kept.textContent = part.trimEnd();
    p.append(...[space, kept, part.slice(kept.textContent.length)].filter((piece) => piece !== ''));
  }
  return p;
}

function paragraph(text, className) {
  const p = document.createElement('p');
  p.className = className;
  p.textContent = text;
  return p;
}
