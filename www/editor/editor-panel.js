// The walkthrough's editor: what a user sets, as boxes and pickers — the weights box with its
// chips and presets (weights-editor.js), the scenario and the stories (scenario-editor.js), the
// option pickers (option-controls.js), the plots' run length (run-length-fields.js) — and where
// the core's refusals are said (input-errors.js). It shows the walkthrough's state
// (run-state.js) and hands every edit to the widget's actions; it decides nothing itself.

import { countItems } from '../engine.js';
import { tr } from '../words/i18n.js';
import { InputErrors } from './input-errors.js';
import { OptionControls } from './option-controls.js';
import { nodeColor } from '../draw/palette.js';
import { renderPresets } from './presets.js';
import { RunLengthFields } from './run-length-fields.js';

/** Chips are offered up to this many nodes; beyond it the text box is the editor. */
export const CHIP_LIMIT = 64;

/**
 * Until the core has named the nodes of `text`, a blank chip per item (engine.js `countItems`),
 * each as wide as a chip with a one-letter name (the core's for unnamed nodes), and the add
 * button, so the row has the height it will have; beyond CHIP_LIMIT items, no row, as then.
 */
function reserveChips(list, text) {
  const count = countItems(text);
  list.hidden = count > CHIP_LIMIT;
  if (list.hidden) return;
  list.setAttribute('aria-busy', 'true');
  list.replaceChildren(...Array.from({ length: count }, (_, i) => {
    const item = document.createElement('li');
    item.className = 'chip pending';
    item.style.setProperty('--node-color', nodeColor(i));
    for (const part of ['swatch', 'chip-slot', 'chip-slot', 'chip-weight', 'chip-slot', 'chip-slot']) {
      item.append(Object.assign(document.createElement('span'), { className: part }));
    }
    return item;
  }), addChipItem());
}

/** The chips' last item: the button that adds a node (weights-editor.js answers it). */
export function addChipItem() {
  const add = document.createElement('li');
  add.append(Object.assign(document.createElement('button'), { type: 'button', className: 'chip-add', textContent: `+ ${tr('node.add')}` }));
  return add;
}

export class EditorPanel {
  /**
   * The pickers and fields at once; the weights and scenario editors at `start(parts)` (their
   * code loads with the panels, widget/panels.js). Each box is there only if the widget shows its panel.
   * @param {HTMLElement} container  the widget
   * @param {{weights: string, scenario: string, speed: number, tie: string, runSteps: number|null,
   *          runWindow: number|null, errorsOnStatus: boolean}} shown  what they show first, and
   *          whether a refused input without a box of its own is said on the status line
   * @param {{edit: (text: string, flags: {commit: boolean, tidy: boolean}) => void,
   *          setOptions: (changes: object, flags?: {commit: boolean}) => void, setSpeed: (rate: number) => void,
   *          setTie: (rule: string) => void, setRun: (fields: object) => void, loadStory: (preset: object) => void,
   *          seek: (step: number) => void, guard: (fn: () => unknown) => unknown}} actions
   */
  constructor(container, shown, actions) {
    const $ = (id) => container.querySelector(`#${id}`);
    this.el = {
      input: $('weights'), error: $('weights-error'), summary: $('weights-summary'), normalisation: $('normalisation'),
      chips: $('nodes'), presets: $('preset-buttons'), status: $('status'), play: $('play'),
      speed: $('speed'), tie: $('tie'), algo: $('algo'), subtract: $('subtract'), seed: $('seed'), seedError: $('seed-error'), algoAbout: $('algo-about'),
      rate: $('rate'), workers: $('workers'), tries: $('tries'), zone: $('zone'), dispatch: $('dispatch'), dispatchError: $('dispatch-error'), trafficError: $('traffic-error'),
      scenario: $('scenario'), scenarioError: $('scenario-error'), events: $('events'), stories: $('story-buttons'), storyAbout: $('story-about'),
      runSteps: $('run-steps'), runWindow: $('run-window'),
    };
    const { el } = this;
    this.actions = actions;
    this.errors = new InputErrors(container, { error: el.error, input: el.input, status: shown.errorsOnStatus ? el.status : null }, {
      scenario: () => this.scenario,
      options: () => this.controls,
    });
    this.runFields = el.runSteps ? new RunLengthFields({ steps: el.runSteps, window: el.runWindow }, (fields) => actions.guard(() => actions.setRun(fields))) : null;
    this.runFields?.render(shown.runSteps, shown.runWindow);
    this.controls = el.play
      ? new OptionControls(container, el, { speed: shown.speed, tie: shown.tie, ...actions })
      : null;
    this.weights = null;
    this.scenario = null;
    // What needs no core is laid out at once, and the chips' row is held for the core's chips,
    // so nothing moves when it arrives.
    this.showAsked({ weights: shown.weights, scenario: shown.scenario });
    if (el.presets) renderPresets(el.presets);
    if (el.chips) reserveChips(el.chips, shown.weights);
    // On a phone these rows (and the scenario's stories) scroll sideways (widget.css), and a Tab
    // onto a button half past the edge leaves it there, its ring cut: it is brought whole into view.
    for (const row of [el.presets, el.chips, el.stories]) {
      row?.addEventListener('focusin', (event) => event.target.scrollIntoView({ block: 'nearest', inline: 'nearest' }));
    }
  }

  /** The weights and scenario editors, from the panels' code (`parts`: loaded by now). */
  start(parts) {
    const { el, actions } = this;
    const { ScenarioEditor, WeightsEditor } = parts;
    this.parts = parts;
    this.scenario = el.scenario
      ? new ScenarioEditor(
        { input: el.scenario, error: el.scenarioError, events: el.events, stories: el.stories, about: el.storyAbout },
        {
          onText: (text, commit) => actions.guard(() => actions.setOptions({ scenario: text }, { commit })),
          onStory: (preset) => actions.guard(() => actions.loadStory(preset)),
          onSeek: (step) => actions.guard(() => actions.seek(step)),
        },
      )
      : null;
    this.weights = el.input
      ? new WeightsEditor(
        { input: el.input, chips: el.chips, presets: el.presets, summary: el.summary, normalisation: el.normalisation },
        (text, flags) => actions.guard(() => actions.edit(text, flags)),
        { chipLimit: CHIP_LIMIT, addChip: addChipItem },
      )
      : null;
  }

  /** What was asked from outside (a link, a story, an attribute), in its boxes even if the core refuses it. */
  showAsked({ weights, scenario, seed, dispatch }) {
    const { el } = this;
    if (weights != null && el.input && el.input.value !== weights) el.input.value = weights;
    if (scenario != null && el.scenario) el.scenario.value = scenario;
    if (seed != null && el.seed) el.seed.value = seed;
    if (dispatch != null && el.dispatch) el.dispatch.value = dispatch;
  }

  /** What the core refused, where it was typed (null: nothing; `weights: false` leaves the weights' message). */
  showError(failure, { weights = true } = {}) {
    if (failure) {
      if (failure.kind === 'scenario') this.errors.weights('');
      this.errors[failure.kind](failure.text, failure.english);
      return;
    }
    if (weights) this.errors.weights('');
    this.errors.scenario('');
    this.errors.seed('');
    this.errors.dispatch('');
  }

  /** The options in effect in the pickers (the settings that do not apply hide), and the run length. */
  showOptions(options, { runSteps, runWindow }) {
    this.controls?.render(options);
    if (this.scenario && this.el.scenarioError.hidden) this.scenario.setText(options.scenario);
    this.runFields?.render(runSteps, runWindow);
  }

  /** A new run: its weights, its events and the story it is, and its default run length. */
  showRun(engine) {
    this.weights?.showWeights(engine);
    this.scenario?.showEvents(engine.events, engine.weights.nodes, engine.eventSteps);
    this.scenario?.showStory(this.parts.stories().find((preset) => preset.key === engine.key) ?? null);
    this.runFields?.showDefault(engine);
  }

  showSpeed(rate) {
    this.controls?.showSpeed(rate);
  }

  /** The scenario's events up to step `t` marked as past. */
  mark(t) {
    this.scenario?.mark(t);
  }
}
