// The hand-calculation table, from step records computed by the core. Text only (names are
// user input): cells are filled with textContent, never innerHTML. Rows after the current
// step are marked `data-future` (shown faint), the current row `aria-current`; with the future
// hidden they are also blank (`data-blank`): their values leave the DOM until they are reached.

import { sentenceNames } from '../engine.js';
import { tr } from '../words/i18n.js';

/** Node columns per phase in the table; the winner column names any node. */
export const TABLE_NODE_COLUMNS = 24;

function cell(tag, text, attributes = {}) {
  const element = document.createElement(tag);
  element.textContent = text;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

/** Tied names listed in a winner cell before "+N". */
const TIED_LISTED = 6;

function winnerText(step, names) {
  if (step.tied.length === 0) return names[step.winner];
  const listed = step.tied.slice(0, TIED_LISTED).map((i) => names[i]).join(' = ');
  const more = step.tied.length > TIED_LISTED ? ` +${step.tied.length - TIED_LISTED}` : '';
  return tr('core.figure.winner_tie', { name: names[step.winner], tied: listed + more });
}

/** Drops the columns' widths `table` was given for a screen (either table's): on paper the cells' text decides. */
export function dropScreenWidths(table) {
  table.querySelector('colgroup')?.remove();
  table.style.removeProperty('--level-width');
  table.style.removeProperty('--winner-width');
}

/**
 * Fills `table` with a header (node names) and one row per step record.
 * @param {HTMLTableElement} table
 * @param {{nodes: {name: string, weight: number}[], total: number, period: number}} weights
 * @param {{t: number, filled: number[], drained: number[], winner: number, tied: number[]}[]} rows
 * @param {{nodeColumns?: number}} [options]  how many nodes have columns (the winner column names any node)
 */
export function renderTraceTable(table, weights, rows, { nodeColumns = TABLE_NODE_COLUMNS } = {}) {
  const names = sentenceNames(weights.nodes);
  // A column per node stops being readable long before 10,000 nodes: show the first ones.
  const shown = Math.min(names.length, nodeColumns);
  table.replaceChildren();
  table.dataset.total = String(weights.total);
  table.dataset.period = String(weights.period);

  // Column widths for the fixed layout, from the widest text a column can hold.
  const widest = (values) => Math.max(...values.map((v) => String(v).length));
  const levelChars = Math.max(
    widest(weights.nodes.map((node) => `${node.name} +${node.weight}`)),
    ...rows.map((step) => Math.max(widest(step.filled) + 1, widest(step.drained))),
  );
  const winnerChars = Math.max(6, ...rows.map((step) => winnerText(step, names).length));
  table.style.setProperty('--level-width', `${Math.min(levelChars, 24) + 2}ch`);
  table.style.setProperty('--winner-width', `${Math.min(winnerChars, 40) + 2}ch`);
  const colgroup = document.createElement('colgroup');
  const col = (className) => Object.assign(document.createElement('col'), { className });
  const levelCols = () => Array.from({ length: shown }, () => col('level'));
  colgroup.append(col('step'), ...levelCols(), col('winner'), ...levelCols());
  table.append(colgroup);

  const head = table.createTHead();
  const groups = head.insertRow();
  groups.append(
    cell('th', tr('core.figure.table_step'), { rowspan: '2', scope: 'col' }),
    cell('th', tr('table.afterAdding'), { colspan: String(shown), scope: 'colgroup', class: 'group' }),
    cell('th', tr('table.winner'), { rowspan: '2', scope: 'col' }),
    cell('th', tr('core.figure.table_subtracted', { total: weights.total }), { colspan: String(shown), scope: 'colgroup', class: 'group' }),
  );
  const nameRow = head.insertRow();
  for (const phase of ['filled', 'drained']) {
    weights.nodes.slice(0, shown).forEach((node, i) => {
      const label = phase === 'filled' ? `${names[i]} +${node.weight}` : node.name;
      nameRow.append(cell('th', label, { scope: 'col', 'data-node': String(i), 'data-phase': phase }));
    });
  }

  const body = table.createTBody();
  for (const step of rows) {
    const row = body.insertRow();
    row.dataset.step = String(step.t);
    row.dataset.winner = String(step.winner);
    if (step.tied.length > 0) row.dataset.tied = step.tied.join(' ');
    row.append(cell('th', String(step.t), { scope: 'row' }));
    step.filled.slice(0, shown).forEach((level, i) => {
      const td = cell('td', step.tied.includes(i) ? `${level}*` : String(level), {
        'data-node': String(i), 'data-phase': 'filled', 'data-level': String(level),
      });
      if (i === step.winner) td.classList.add('winner');
      row.append(td);
    });
    row.append(cell('td', winnerText(step, names), { class: 'winner-name' }));
    step.drained.slice(0, shown).forEach((level, i) => {
      const td = cell('td', String(level), {
        'data-node': String(i), 'data-phase': 'drained', 'data-level': String(level),
      });
      if (i === step.winner) td.classList.add('winner');
      row.append(td);
    });
  }
}

/**
 * Empties a row of the future for a reader to fill in: it keeps its step number, `data-step` and
 * `data-future`, and gains `data-blank`; its other cells are empty ones of the same kind (no
 * value, no data-*, no `winner` mark), so no later pick shows on paper, to a screen reader or in
 * the DOM. Returns what it took — the row's data-* and its cells — for a RowMarker to put back.
 */
export function blankRow(row) {
  const data = { ...row.dataset };
  const cells = [...row.cells].slice(1);
  for (const name of Object.keys(data)) if (name !== 'step' && name !== 'future') delete row.dataset[name];
  row.dataset.blank = 'true';
  for (const cell of cells) {
    const empty = document.createElement(cell.tagName);
    for (const name of cell.classList) if (name !== 'winner') empty.classList.add(name);
    cell.replaceWith(empty);
  }
  return { data, cells };
}

/**
 * Keeps the current-row and future-row marks of a rendered table up to date. Only the rows
 * whose state changes are touched, and scrolling uses a row height measured once per render, so
 * playing at hundreds of steps per second does not force a layout of the whole table per frame.
 */
export class RowMarker {
  constructor(table, scroller) {
    this.table = table;
    this.scroller = scroller;
    this.hideFuture = false;
    this.reset();
  }

  /** Call after every renderTraceTable. */
  reset() {
    this.rows = [...(this.table.tBodies[0]?.rows ?? [])];
    this.first = this.rows.length ? Number(this.rows[0].dataset.step) : 1;
    /** A blank row's values and data-*, kept out of the DOM until the row is reached. */
    this.kept = new Map();
    for (const row of this.rows) {
      row.dataset.future = 'true';
      this.blank(row, this.hideFuture);
    }
    this.marked = this.first - 1; // every row after this step is marked future
    this.current = null;
    this.rowHeight = 0;
  }

  /**
   * With the future hidden a later row gives nothing away, to a screen reader or view-source
   * either: it keeps its step number, `data-step` and `data-future`, and blank cells.
   */
  setHideFuture(on) {
    if (on === this.hideFuture) return;
    this.hideFuture = on;
    for (const row of this.rows) if (row.dataset.future) this.blank(row, on);
  }

  blank(row, on) {
    const kept = this.kept.get(row);
    if (on && !kept) {
      this.kept.set(row, blankRow(row));
    } else if (!on && kept) {
      this.kept.delete(row);
      for (const cell of [...row.cells].slice(1)) cell.remove();
      row.append(...kept.cells);
      delete row.dataset.blank;
      for (const [name, value] of Object.entries(kept.data)) if (name !== 'future') row.dataset[name] = value;
    }
  }

  mark(t) {
    const index = t - this.first;
    // Rows first..t are past (or current), the rest future; only the rows in between change.
    const low = Math.min(this.marked, t);
    const high = Math.max(this.marked, t);
    for (let step = low + 1; step <= high; step += 1) {
      const row = this.rows[step - this.first];
      if (!row) continue;
      if (step <= t) {
        delete row.dataset.future;
        this.blank(row, false);
      } else {
        row.dataset.future = 'true';
        this.blank(row, this.hideFuture);
      }
    }
    this.marked = t;
    this.current?.removeAttribute('aria-current');
    this.current = this.rows[index] ?? null;
    this.current?.setAttribute('aria-current', 'step');
    this.scrollTo(index);
  }

  scrollTo(index) {
    if (!this.scroller || index < 0 || index >= this.rows.length) return;
    if (!this.rowHeight) {
      // Measured once per render (rows with events or a wrapped outcome are taller); every
      // later scroll is arithmetic, with no layout read. A table not laid out (hidden) counts
      // rows of 24 px.
      this.rowHeight = this.rows[0].offsetHeight || 24;
      const top = this.rows[0].offsetTop;
      this.rowTops = this.rows[0].offsetHeight ? this.rows.map((row) => row.offsetTop - top) : [];
      this.headHeight = this.table.tHead?.offsetHeight ?? 0;
      this.viewHeight = this.scroller.clientHeight || 400;
      this.scrolled = this.scroller.scrollTop;
    }
    const body = this.viewHeight - this.headHeight;
    const rowTop = this.rowTops[index] ?? index * this.rowHeight;
    const rowHeight = (this.rowTops[index + 1] ?? rowTop + this.rowHeight) - rowTop;
    // Scroll only when the row leaves the middle half of the view.
    if (rowTop >= this.scrolled + body / 4 && rowTop + rowHeight <= this.scrolled + (3 * body) / 4) return;
    this.scrolled = Math.max(0, rowTop - body / 2 + rowHeight / 2);
    this.scroller.scrollTop = this.scrolled;
  }
}
