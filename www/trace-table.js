// The hand-calculation table, from step records computed by the core. Text only (names are
// user input): cells are filled with textContent, never innerHTML. Rows after the current
// step are marked `data-future` (shown faint), the current row `aria-current`.

import { tr } from './i18n.js';

function cell(tag, text, attributes = {}) {
  const element = document.createElement(tag);
  element.textContent = text;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

/**
 * Fills `table` with a header (node names) and one row per step record.
 * @param {HTMLTableElement} table
 * @param {{nodes: {name: string, weight: number}[], total: number, period: number}} weights
 * @param {{t: number, filled: number[], drained: number[], winner: number, tied: number[]}[]} rows
 */
export function renderTraceTable(table, weights, rows) {
  const names = weights.nodes.map((node) => node.name);
  table.replaceChildren();
  table.dataset.total = String(weights.total);
  table.dataset.period = String(weights.period);

  const head = table.createTHead();
  const groups = head.insertRow();
  groups.append(
    cell('th', tr('table.step'), { rowspan: '2', scope: 'col' }),
    cell('th', tr('table.afterAdding'), { colspan: String(names.length), scope: 'colgroup', class: 'group' }),
    cell('th', tr('table.winner'), { rowspan: '2', scope: 'col' }),
    cell('th', tr('table.afterSubtracting', { total: weights.total }), { colspan: String(names.length), scope: 'colgroup', class: 'group' }),
  );
  const nameRow = head.insertRow();
  for (const phase of ['filled', 'drained']) {
    weights.nodes.forEach((node, i) => {
      const label = phase === 'filled' ? `${node.name} +${node.weight}` : node.name;
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
    step.filled.forEach((level, i) => {
      const td = cell('td', step.tied.includes(i) ? `${level}*` : String(level), {
        'data-node': String(i), 'data-phase': 'filled', 'data-level': String(level),
      });
      if (i === step.winner) td.classList.add('winner');
      row.append(td);
    });
    const winnerText = step.tied.length > 0
      ? tr('table.tie', { name: names[step.winner], names: step.tied.map((i) => names[i]).join(' = ') })
      : names[step.winner];
    row.append(cell('td', winnerText, { class: 'winner-name' }));
    step.drained.forEach((level, i) => {
      const td = cell('td', String(level), {
        'data-node': String(i), 'data-phase': 'drained', 'data-level': String(level),
      });
      if (i === step.winner) td.classList.add('winner');
      row.append(td);
    });
  }
}

/**
 * Marks the row of step `t` as current and the later ones as future; scrolls the current row
 * into view inside `scroller` (without moving the page).
 */
export function markCurrentRow(table, t, scroller) {
  let current = null;
  for (const row of table.tBodies[0]?.rows ?? []) {
    const step = Number(row.dataset.step);
    if (step === t) {
      row.setAttribute('aria-current', 'step');
      current = row;
    } else {
      row.removeAttribute('aria-current');
    }
    if (step > t) row.dataset.future = 'true';
    else delete row.dataset.future;
  }
  if (current && scroller) {
    const top = current.offsetTop - scroller.clientHeight / 2 + current.offsetHeight / 2;
    scroller.scrollTop = Math.max(0, top);
  }
}
