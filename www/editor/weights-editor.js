// The weights editor: the text box (any format the core parses), per-node chips with −/+,
// rename, remove and add, and preset buttons. Every change becomes a weights text that the
// core parses; this module never decides what is valid.

import { nodeColor } from '../draw/palette.js';
import { counted, tr } from '../words/i18n.js';

function button(label, attributes, onClick) {
  const element = document.createElement('button');
  element.type = 'button';
  element.textContent = label;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.addEventListener('click', onClick);
  return element;
}

/** Weights text for a list of nodes: named entries, plus unnamed ones (`name: null`). */
export function textFromNodes(nodes) {
  return nodes.map((node) => (node.name == null ? String(node.weight) : `${node.name}=${node.weight}`)).join(' ');
}

/**
 * The run's weights in a line: nodes, W and the period, or, for a run that does not repeat
 * (random, "own", gRPC, Envoy, a scenario), that it does not, as its table and metrics say. A
 * run of requests without events (nginx workers) is measured request by request: no period said.
 */
export function weightsSummary(engine) {
  const { weights } = engine;
  const count = weights.nodes.length;
  const period = weights.period;
  const parts = [counted(count, 'weights.nodes', 'weights.oneNode'), tr('weights.total', { total: weights.total })];
  if (engine.runPeriod != null) parts.push(period === 1 ? tr('weights.periodOne') : tr('weights.period', { period }));
  else if (!engine.modelsRequests || engine.events.length > 0) parts.push(tr('weights.noRepeat'));
  return parts.join(' · ');
}

export class WeightsEditor {
  /**
   * @param {{input: HTMLInputElement, chips: HTMLUListElement, presets: HTMLElement,
   *          summary?: HTMLElement, normalisation?: HTMLElement}} elements  summary: nodes, total
   *        and period of the weights in effect; normalisation: how they were scaled to integers
   * @param {(text: string, options: {commit: boolean, tidy: boolean}) => void} onChange  called
   *        with a new text; `commit` when the user is done (not mid-typing), `tidy` when the text
   *        was generated here and should be replaced by the canonical form
   * @param {{chipLimit: number, addChip: () => HTMLLIElement}} chipRow  chips up to `chipLimit`
   *        nodes, then the item `addChip` makes (editor-panel.js, which lays the row out before
   *        the core is here)
   */
  constructor({ input, chips, presets, summary = null, normalisation = null }, onChange, { chipLimit, addChip }) {
    Object.assign(this, { input, chips, presets, summary, normalisation, chipLimit, addChip });
    this.onChange = onChange;
    this.nodes = [];
    input.addEventListener('input', () => onChange(input.value, { commit: false, tidy: false }));
    input.addEventListener('change', () => onChange(input.value, { commit: true, tidy: false }));
    // The preset buttons are laid out with the editor (presets.js `renderPresets`).
    presets.addEventListener('click', (event) => {
      const preset = event.target.closest('button.preset');
      if (preset) this.set(preset.dataset.preset, { commit: true });
    });
  }

  /** Puts `text` in the box and reports it; `tidy` asks for the core's canonical form back. */
  set(text, { commit, tidy = false }) {
    this.input.value = text;
    this.onChange(text, { commit, tidy });
  }

  /** The run's weights in effect (the core's record): their summary, their scaling, their chips. */
  showWeights(engine) {
    const { weights } = engine;
    if (this.summary) {
      this.summary.textContent = weightsSummary(engine);
      this.normalisation.hidden = weights.normalisation == null;
      this.normalisation.textContent = weights.normalisation ? tr('weights.normalised', { text: weights.normalisation }) : '';
    }
    this.showNodes(weights.nodes);
  }

  /** Shows the chips for the last valid weights. */
  showNodes(nodes) {
    this.nodes = nodes;
    this.chips.removeAttribute('aria-busy');
    if (nodes.length > this.chipLimit) {
      this.chips.replaceChildren();
      this.chips.hidden = true;
      return;
    }
    this.chips.hidden = false;
    const items = nodes.map((node, i) => {
      const item = document.createElement('li');
      item.className = 'chip';
      item.dataset.node = String(i);
      item.style.setProperty('--node-color', nodeColor(i));
      const swatch = document.createElement('span');
      swatch.className = 'swatch';
      swatch.setAttribute('aria-hidden', 'true');
      const name = button(node.name, { class: 'chip-name', 'aria-label': tr('node.rename', { name: node.name }) }, () => this.rename(i, name));
      const minus = button('−', { class: 'chip-step', 'aria-label': tr('node.minus', { name: node.name }) }, () => this.adjust(i, -1));
      const value = document.createElement('span');
      value.className = 'chip-weight';
      value.textContent = String(node.weight);
      const plus = button('+', { class: 'chip-step', 'aria-label': tr('node.plus', { name: node.name }) }, () => this.adjust(i, +1));
      const remove = button('×', { class: 'chip-remove', 'aria-label': tr('node.remove', { name: node.name }) }, () => this.remove(i));
      remove.disabled = nodes.length === 1;
      minus.disabled = node.weight === 0;
      item.append(swatch, name, minus, value, plus, remove);
      return item;
    });
    const add = this.addChip();
    add.firstChild.addEventListener('click', () => this.add());
    this.chips.replaceChildren(...items, add);
  }

  adjust(index, delta) {
    const nodes = this.nodes.map((node, i) => ({ name: node.name, weight: i === index ? Math.max(0, node.weight + delta) : node.weight }));
    this.set(textFromNodes(nodes), { commit: true, tidy: true });
  }

  remove(index) {
    this.set(textFromNodes(this.nodes.filter((_, i) => i !== index)), { commit: true, tidy: true });
  }

  add() {
    this.set(textFromNodes([...this.nodes, { name: null, weight: 1 }]), { commit: true, tidy: true });
  }

  /** Swaps the name for an inline text field; Enter keeps the new name, Escape cancels. */
  rename(index, nameButton) {
    const field = document.createElement('input');
    field.type = 'text';
    field.className = 'chip-rename';
    field.value = this.nodes[index].name;
    field.setAttribute('aria-label', tr('node.renamePrompt', { name: this.nodes[index].name }));
    let done = false;
    const finish = (keep) => {
      if (done) return;
      done = true;
      // Separators cannot be part of a name in the weights text.
      const name = field.value.trim().replace(/[\s,;=]+/g, '-');
      if (keep && name !== '' && name !== this.nodes[index].name) {
        const nodes = this.nodes.map((node, i) => ({ name: i === index ? name : node.name, weight: node.weight }));
        this.set(textFromNodes(nodes), { commit: true, tidy: true });
      } else {
        field.replaceWith(nameButton);
        nameButton.focus();
      }
    };
    field.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') finish(true);
      if (event.key === 'Escape') finish(false);
    });
    field.addEventListener('blur', () => finish(true));
    nameButton.replaceWith(field);
    field.focus();
    field.select();
  }
}
