// The weights editor: the text box (any format the core parses), per-node chips with −/+,
// rename, remove and add, and preset buttons. Every change becomes a weights text that the
// core parses; this module never decides what is valid.

import { nodeColor } from '../draw/palette.js';
import { charsIn, letters } from '../draw/svg.js';
import { nameLabels, parseWeights } from '../pkg/swrr_viz.js';
import { counted, errorText, has, tr } from '../words/i18n.js';

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

/** The room of a chip's name where its style cannot be read (widget.css's 10rem at 16 px). */
const CHIP_NAME_ROOM = 14;
/** Letters (a wide character two) that any chip's name holds whole. */
const SHORT_NAME = 8;

let measure = null;

/**
 * `names` as the core labels them for a chip's name `button` (`nameLabels`, as the tanks'): as
 * many letters as its widest content box holds (widget.css's max-width, less its padding; draw/svg.js
 * `charsIn`), fewer where a label drawn in its bold face would still be wider, so that the CSS
 * ellipsis never hides the part that tells two names apart.
 */
function chipLabels(names, button) {
  // Short names fit any chip (even eight W's in bold): no style to read, which would force one
  // to be computed while the widget starts.
  if (names.every((name) => letters(name) <= SHORT_NAME)) return names;
  const style = getComputedStyle(button);
  const width = parseFloat(style.maxWidth) - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const font = parseFloat(style.fontSize);
  // A row that is not in a document (compare.html keeps its chips off-page) has no style.
  if (!(width > 0 && font > 0)) return nameLabels(names, CHIP_NAME_ROOM);
  measure ??= document.createElement('canvas').getContext('2d');
  measure.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  for (let room = charsIn(width, font); ; room -= 1) {
    const labels = nameLabels(names, room);
    if (room === 1 || labels.every((label) => measure.measureText(label).width <= width)) return labels;
  }
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
    this.focusAfter = null;
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
    const focus = this.focusToKeep();
    this.renameError?.remove(); // its field goes with the row
    this.nodes = nodes;
    this.chips.removeAttribute('aria-busy');
    if (nodes.length > this.chipLimit) {
      this.chips.replaceChildren();
      this.chips.hidden = true;
      if (focus) this.input.focus(); // past the limit the box is the editor
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
      const name = button(node.name, { class: 'chip-name', 'data-control': 'name', 'aria-label': tr('node.rename', { name: node.name }) }, () => this.rename(i, name));
      const minus = button('−', { class: 'chip-step', 'data-control': 'minus', 'aria-label': tr('node.minus', { name: node.name }) }, () => this.adjust(i, -1));
      const value = document.createElement('span');
      value.className = 'chip-weight';
      value.textContent = String(node.weight);
      const plus = button('+', { class: 'chip-step', 'data-control': 'plus', 'aria-label': tr('node.plus', { name: node.name }) }, () => this.adjust(i, +1));
      const remove = button('×', { class: 'chip-remove', 'data-control': 'remove', 'aria-label': tr('node.remove', { name: node.name }) }, () => this.remove(i));
      // No chip leaves weights the core refuses: none at all, or every one 0.
      const othersZero = nodes.every((other, j) => j === i || other.weight === 0);
      remove.disabled = nodes.length === 1 || othersZero;
      minus.disabled = node.weight === 0 || (othersZero && node.weight <= 1);
      item.append(swatch, name, minus, value, plus, remove);
      return item;
    });
    const add = this.addChip();
    add.firstChild.dataset.control = 'add';
    add.firstChild.addEventListener('click', () => this.add());
    this.chips.replaceChildren(...items, add);
    this.labelNames(items, nodes);
    if (focus) this.refocus(focus);
  }

  /**
   * Each chip's name as the core labels it for the chip's room (`nameLabels`, as the tanks'):
   * names that share a long start keep the part that differs (`backend-pri…1`, `…2`) rather
   * than read alike under a CSS ellipsis. The whole name stays in the button's accessible name
   * ("Rename …") and, where cut, in its title.
   */
  labelNames(items, nodes) {
    const buttons = items.map((item) => item.querySelector('.chip-name'));
    if (buttons.length === 0) return;
    const labels = chipLabels(nodes.map((node) => node.name), buttons[0]);
    buttons.forEach((button, i) => {
      button.textContent = labels[i];
      if (labels[i] !== nodes[i].name) button.title = nodes[i].name;
    });
  }

  /**
   * The control a keyboard user is on, if it is in the chips' row, as what should have the focus
   * once the row is rebuilt (`{node, control}`): the one an action asked for, else the same one.
   */
  focusToKeep() {
    const asked = this.focusAfter;
    this.focusAfter = null;
    const active = this.chips.getRootNode().activeElement;
    if (!active || !this.chips.contains(active)) return null;
    const node = Number(active.closest('li.chip')?.dataset.node);
    return asked ?? { node, control: active.dataset.control ?? (active.classList.contains('chip-rename') ? 'name' : null) };
  }

  /** Focuses `control` of chip `node` in the new row; a control that is disabled there gives way to a neighbour. */
  refocus({ node, control }) {
    const item = this.chips.querySelector(`li.chip[data-node="${node}"]`);
    const order = { minus: ['minus', 'plus'], plus: ['plus', 'minus'], remove: ['remove'], name: ['name'] }[control] ?? [];
    const target = order.map((name) => item?.querySelector(`[data-control="${name}"]`)).find((button) => button && !button.disabled)
      ?? this.chips.querySelector('[data-control="add"]');
    target.focus();
  }

  adjust(index, delta) {
    const nodes = this.nodes.map((node, i) => ({ name: node.name, weight: i === index ? Math.max(0, node.weight + delta) : node.weight }));
    this.set(textFromNodes(nodes), { commit: true, tidy: true });
  }

  remove(index) {
    // The chip that takes the removed one's place (or the one before, if it was the last) is
    // where the user's eye and next × already are; with one node left its × is off, so Add.
    this.setFocusing(textFromNodes(this.nodes.filter((_, i) => i !== index)), { node: Math.min(index, this.nodes.length - 2), control: 'remove' });
  }

  add() {
    // The new chip's name: a screen reader says which node was added ("Rename D"), Enter names it,
    // and Tab goes on to its − and +, the usual next steps after adding.
    this.setFocusing(textFromNodes([...this.nodes, { name: null, weight: 1 }]), { node: this.nodes.length, control: 'name' });
  }

  /** A chip's edit, after which `focus` ({node, control}) has the focus if the row is rebuilt (at once: run-state.js). */
  setFocusing(text, focus) {
    this.focusAfter = focus;
    this.set(text, { commit: true, tidy: true });
    this.focusAfter = null;
  }

  /** Swaps the name for an inline text field; Enter keeps the new name, Escape cancels. */
  rename(index, nameButton) {
    const field = document.createElement('input');
    field.type = 'text';
    field.className = 'chip-rename';
    field.value = this.nodes[index].name;
    field.setAttribute('aria-label', tr('node.renamePrompt', { name: this.nodes[index].name }));
    let done = false;
    // `refocus`: the field has the focus (Enter, Escape), so the name button takes it back; a blur
    // leaves it where the user sent it.
    const finish = (keep, { refocus = true } = {}) => {
      if (done) return;
      // Separators cannot be part of a name in the weights text.
      const name = field.value.trim().replace(/[\s,;=]+/g, '-');
      if (keep && name !== '' && name !== this.nodes[index].name) {
        const text = textFromNodes(this.nodes.map((node, i) => ({ name: i === index ? name : node.name, weight: node.weight })));
        const refusal = this.renameRefusal(index, name, text);
        if (refusal) {
          // Said at the field, with what was typed still in it, rather than as a column of the weights box.
          this.showRenameError(field, refusal);
          if (refocus) field.focus();
          return;
        }
        done = true;
        this.set(text, { commit: true, tidy: true });
      } else {
        done = true;
        this.renameError?.remove();
        field.replaceWith(nameButton);
        if (refocus) nameButton.focus();
      }
    };
    field.addEventListener('keydown', (event) => {
      // Handled here: the key would otherwise go on to press the name button that takes the focus back.
      if (event.key === 'Enter' || event.key === 'Escape') event.preventDefault();
      if (event.key === 'Enter') finish(true);
      if (event.key === 'Escape') finish(false);
    });
    field.addEventListener('blur', () => finish(true, { refocus: false }));
    nameButton.replaceWith(field);
    field.focus();
    field.select();
  }

  /**
   * Why the core refuses `text`, the weights with node `index` named `name`, said about that name
   * (which node, what is wrong, what a name may be); null when it takes it.
   */
  renameRefusal(index, name, text) {
    try {
      parseWeights(text);
      return null;
    } catch (error) {
      const code = String(error.code ?? '').replace(/^weights\./, '');
      // The name as the core quotes it (invisible characters escaped), without its "=weight".
      const { params } = error;
      const quoted = {
        duplicate_name: () => params.name,
        look_alike_names: () => (Number(params.second) === index + 1 ? params.second_name : params.first_name),
      }[code]?.() ?? params?.token?.params?.text?.replace(/=[^=]*$/, '');
      const why = has(`node.renameWhy.${code}`) ? tr(`node.renameWhy.${code}`, { max: params?.max }) : errorText(error);
      return tr('node.renameRefused', { name: this.nodes[index].name, typed: quoted ?? name, why });
    }
  }

  /** `message` under the chips, as the description of the rename `field`. */
  showRenameError(field, message) {
    this.renameError ??= Object.assign(document.createElement('p'), { className: 'error chip-error', id: 'rename-error' });
    this.renameError.setAttribute('role', 'alert');
    this.renameError.textContent = message;
    this.chips.after(this.renameError);
    field.setAttribute('aria-invalid', 'true');
    field.setAttribute('aria-describedby', 'rename-error');
  }
}
