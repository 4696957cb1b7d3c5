// The scenario panel: the stories (the core's presets, `listPresets()`), the event text box (the
// grammar of the CLI's --scenario; the core parses it and names a bad token), and the list of
// the run's events. This module never decides what is valid: the widget builds the run in the
// core and reports back.

import { listPresets } from '../pkg/swrr_viz.js';
import { has, tr } from '../words/i18n.js';

/** Typing waits this long before the run is rebuilt (an event half typed is an error anyway). */
const TYPING_MS = 250;

let presets = null;
/** The core's presets, each with the key of the run it makes (what `engine.key` is for a run). */
export function stories() {
  presets ??= listPresets().map((preset) => {
    const { canonicalWeights, algo, tie, subtract, seed, canonicalScenario } = preset;
    return { ...preset, key: [canonicalWeights, algo, tie, subtract, seed, canonicalScenario].join('\u0000') };
  });
  return presets;
}

/** The story's title in the current language (its name when no title is known). */
export function storyTitle(preset) {
  return has(`story.${preset.name}`) ? tr(`story.${preset.name}`) : preset.name;
}

/** What the story shows: the core's description, unless the language has its own. */
export function storyAbout(preset) {
  return has(`story.about.${preset.name}`) ? tr(`story.about.${preset.name}`) : preset.description;
}

const FIELD_SIZING = globalThis.CSS?.supports?.('field-sizing', 'content') ?? false;

/** Grows the box with its text (a long scenario wraps on a phone), up to the CSS max-height. */
export function autosize(textarea) {
  if (FIELD_SIZING) return; // CSS does it (widget.css: field-sizing: content)
  textarea.style.height = 'auto';
  if (textarea.scrollHeight > 0) textarea.style.height = `${textarea.scrollHeight + 2}px`;
}

export class ScenarioEditor {
  /**
   * @param {{input: HTMLTextAreaElement, error: HTMLElement, events: HTMLOListElement,
   *          stories: HTMLElement, about: HTMLElement}} el
   * @param {{onText: (text: string, commit: boolean) => void, onStory: (preset: object) => void,
   *          onSeek: (step: number) => void}} handlers
   */
  constructor(el, { onText, onStory, onSeek }) {
    this.el = el;
    this.onSeek = onSeek;
    this.timer = 0;
    el.input.addEventListener('input', () => {
      autosize(el.input);
      clearTimeout(this.timer);
      this.timer = setTimeout(() => onText(el.input.value, false), TYPING_MS);
    });
    el.input.addEventListener('change', () => {
      clearTimeout(this.timer);
      onText(el.input.value, true);
    });
    el.input.addEventListener('keydown', (event) => {
      // Enter applies (as the CLI's one line); Shift+Enter starts a new line.
      if (event.key === 'Enter' && !event.shiftKey) {
        event.preventDefault();
        clearTimeout(this.timer);
        onText(el.input.value, true);
      }
    });
    el.stories.replaceChildren(...stories().map((preset) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'story';
      button.dataset.story = preset.name;
      button.setAttribute('aria-pressed', 'false');
      button.textContent = storyTitle(preset);
      button.title = storyAbout(preset);
      button.addEventListener('click', () => onStory(preset));
      return button;
    }));
  }

  /** Puts `text` in the box (not while the user is typing in it). */
  setText(text) {
    if (this.el.input.getRootNode().activeElement === this.el.input && this.el.input.value.trim() !== '') return;
    this.el.input.value = text;
    autosize(this.el.input);
  }

  showError(message) {
    this.el.error.textContent = message;
    this.el.error.hidden = message === '';
    this.el.input.setAttribute('aria-invalid', message === '' ? 'false' : 'true');
  }

  /**
   * Lists the run's events (`engine.events`): each a button that goes to the step it happens
   * before, `steps[i]` (`engine.eventSteps`: in a run of requests `@k` is request k, whose
   * first attempt comes after every retry before it), marked on the item as `data-at`.
   */
  showEvents(events, nodes, steps) {
    this.events = events;
    const items = events.map((event, i) => {
      const at = steps[i];
      const item = document.createElement('li');
      item.dataset.step = String(event.step);
      item.dataset.at = String(at);
      item.dataset.node = String(event.node);
      item.dataset.kind = event.kind;
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'event';
      button.textContent = event.text;
      button.setAttribute('aria-label', tr('scenario.goTo', { text: event.text, step: at, name: nodes[event.node]?.name ?? '' }));
      button.addEventListener('click', () => this.onSeek(at));
      item.append(button);
      return item;
    });
    this.el.events.replaceChildren(...items);
    this.el.events.hidden = items.length === 0;
  }

  /** Marks the events already applied at step t. */
  mark(t) {
    for (const item of this.el.events.children) {
      if (Number(item.dataset.at) <= t) item.dataset.past = 'true';
      else delete item.dataset.past;
    }
  }

  /** Highlights the story the run is (null: none) and shows what it shows. */
  showStory(preset) {
    for (const button of this.el.stories.querySelectorAll('button[data-story]')) {
      button.setAttribute('aria-pressed', String(preset !== null && button.dataset.story === preset.name));
    }
    this.el.about.hidden = preset === null;
    this.el.about.textContent = preset ? storyAbout(preset) : '';
    if (preset) this.el.about.dataset.story = preset.name;
    else delete this.el.about.dataset.story;
  }
}
