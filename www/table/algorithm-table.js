// The hand-calculation table of a run other than plain nginx SWRR: SWRR with a scenario or
// "subtract own" (events, levels with the nodes that sat out marked, what the winner subtracted,
// Σ), and each level-less algorithm's own columns from the core's per-step state (as the CLI's
// `trace` prints them; gRPC's counter, Envoy's f64 queue). Text only: cells are filled with
// textContent.

import { sentenceNames } from '../engine.js';
import { tr } from '../words/i18n.js';
import { hasRequests, healthCells, healthHeads, requestCells, requestHeads } from './request-table.js';

/** Entries of the EDF queue written out in a row. */
const QUEUE_CELL = 6;

function cell(tag, text, attributes = {}) {
  const element = document.createElement(tag);
  element.textContent = text;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  return element;
}

function winnerText(step, names) {
  if (step.winner == null) return tr('table.nobody');
  if (step.tied.length === 0) return names[step.winner];
  return tr('core.figure.winner_tie', { name: names[step.winner], tied: step.tied.slice(0, 6).map((i) => names[i]).join(' = ') });
}

/**
 * A row's events: one line each (a narrow screen shows them above the row's numbers, `--events`
 * lines tall), the same text as `events.join('; ')`.
 */
function eventsCell(row, events) {
  const td = cell('td', '', { class: 'events', 'data-events': events.join('; ') });
  if (events.length === 0) return td;
  const lines = cell('span', '', { class: 'event-lines' });
  events.forEach((event, i) => {
    if (i > 0) lines.append(' ');
    lines.append(cell('span', i < events.length - 1 ? `${event};` : event));
  });
  td.append(lines);
  row.style.setProperty('--events', String(events.length));
  return td;
}

/**
 * Fills `table` with one row per record (`engine.records(from, to)`), columns for `algo`.
 * @param {HTMLTableElement} table
 * @param {{nodes: {name: string, weight: number}[], total: number}} weights
 * @param {object[]} records  full step records (with `state`, `events`, `eligible`)
 * @param {{algo: string, withEvents: boolean, period: number|null, nodeColumns: number, workers?: number}} options
 */
export function renderAlgorithmTable(table, weights, records, { algo, withEvents, period, nodeColumns, workers = 1 }) {
  const names = sentenceNames(weights.nodes);
  const shown = Math.min(names.length, nodeColumns);
  table.replaceChildren();
  table.dataset.total = String(weights.total);
  table.dataset.period = period == null ? '' : String(period);
  table.dataset.algo = algo;
  const widths = [];
  const head = table.createTHead();
  const top = head.insertRow();
  const second = algo === 'swrr' ? head.insertRow() : null;
  const th = (key, attributes = {}, width = 8) => {
    top.append(cell('th', tr(key), { scope: 'col', ...(second ? { rowspan: '2' } : {}), ...attributes }));
    widths.push({ width, name: attributes.class ?? '' });
  };
  const levelWidth = Math.min(Math.max(6, ...weights.nodes.slice(0, shown).map((node) => `${node.name} +${node.weight}`.length)), 20) + 2;
  th('core.figure.table_step', {}, 6);
  if (withEvents) th('table.events', { class: 'events' }, 16);
  const requests = algo === 'swrr' && hasRequests(records);
  if (requests) requestHeads(th);
  if (algo === 'swrr') {
    top.append(cell('th', tr('table.afterAdding'), { colspan: String(shown), scope: 'colgroup', class: 'group' }));
    for (let i = 0; i < shown; i += 1) widths.push(levelWidth);
    th('table.winner', {}, 12);
    th('core.figure.table_total', {}, 10);
    // What is subtracted changes from step to step here: its own column says it.
    top.append(cell('th', tr('core.figure.table_after'), { colspan: String(shown), scope: 'colgroup', class: 'group' }));
    for (let i = 0; i < shown; i += 1) widths.push(levelWidth);
    th('table.sum', {}, 8);
    for (const phase of ['filled', 'drained']) {
      weights.nodes.slice(0, shown).forEach((node, i) => {
        second.append(cell('th', phase === 'filled' ? `${names[i]} +${node.weight}` : node.name, { scope: 'col', 'data-node': i, 'data-phase': phase }));
      });
    }
    if (requests) healthHeads(top, second, weights.nodes, shown, widths);
  } else if (algo === 'classic') {
    th('table.pointer', {}, 8);
    th('table.winner', {}, 12);
    th('table.next', {}, 8);
  } else if (algo === 'interleaved') {
    th('table.cw', {}, 7);
    th('table.winner', {}, 12);
    th('table.cursor', {}, 10);
  } else if (algo === 'random') {
    th('table.draw', {}, 9);
    th('table.winner', {}, 12);
    th('table.slot', {}, 14);
  } else if (algo === 'grpc' || algo === 'grpc-java') {
    th('table.winner', {}, 12);
    th('table.draws', {}, 7);
    th('table.generation', {}, 10);
    th('table.counter', {}, 12);
  } else if (algo === 'edf' || algo === 'envoy') {
    th('table.winner', {}, 12);
    th('table.now', {}, algo === 'envoy' ? 20 : 10);
    th('table.due', {}, algo === 'envoy' ? 20 : 11);
    th('table.queue', {}, 40);
  }
  const colgroup = document.createElement('colgroup');
  for (const { width, name } of widths) {
    // A variable, not the width itself: a narrow screen gives the events and outcome their own.
    const col = Object.assign(document.createElement('col'), { className: name });
    col.style.setProperty('--width', `${width}ch`);
    colgroup.append(col);
  }
  table.prepend(colgroup);

  const body = table.createTBody();
  for (const step of records) {
    const row = body.insertRow();
    row.dataset.step = String(step.t);
    row.dataset.winner = step.winner == null ? '' : String(step.winner);
    if (step.tied.length > 0) row.dataset.tied = step.tied.join(' ');
    row.append(cell('th', String(step.t), { scope: 'row' }));
    if (withEvents) row.append(eventsCell(row, step.events));
    if (requests) requestCells(row, step, workers);
    const state = step.state;
    const winner = cell('td', winnerText(step, names), { class: 'winner-name' });
    if (algo === 'swrr') {
      step.filled.slice(0, shown).forEach((level, i) => {
        const out = !step.eligible[i];
        const text = out ? tr('table.out', { level }) : step.tied.includes(i) ? `${level}*` : String(level);
        const td = cell('td', text, { 'data-node': i, 'data-phase': 'filled', 'data-level': level });
        if (out) td.dataset.out = 'true';
        if (i === step.winner) td.classList.add('winner');
        row.append(td);
      });
      row.append(winner, cell('td', String(step.total), { 'data-subtracts': step.total }));
      step.drained.slice(0, shown).forEach((level, i) => {
        const td = cell('td', String(level), { 'data-node': i, 'data-phase': 'drained', 'data-level': level });
        if (i === step.winner) td.classList.add('winner');
        row.append(td);
      });
      row.append(cell('td', String(state.sum), { 'data-sum': state.sum }));
      if (requests) healthCells(row, step, shown);
    } else if (algo === 'classic') {
      row.append(cell('td', String(state.position + 1), { 'data-position': state.position }), winner, cell('td', String(state.next + 1), { 'data-next': state.next }));
    } else if (algo === 'interleaved') {
      row.append(cell('td', String(state.cw), { 'data-cw': state.cw }), winner,
        cell('td', state.cursor == null ? tr('table.head') : names[state.cursor], { 'data-cursor': state.cursor ?? '' }));
    } else if (algo === 'random') {
      const start = state.starts[step.winner];
      const end = (state.starts[step.winner + 1] ?? state.range) - 1;
      row.append(cell('td', String(state.draw), { 'data-draw': state.draw }), winner, cell('td', `${start}…${end}`));
    } else if (algo === 'grpc' || algo === 'grpc-java') {
      const last = state.listed[state.listed.length - 1];
      const generation = last ? String(last.generation) : '';
      row.append(winner, cell('td', String(state.draws), { 'data-draws': state.draws }),
        cell('td', generation, { 'data-generation': generation }),
        cell('td', String(state.sequence), { 'data-sequence': state.sequence }));
    } else if (algo === 'envoy' && state.mode === 'round-robin') {
      row.append(winner, cell('td', tr('table.index', { index: state.index - 1 }), { 'data-index': state.index - 1 }), cell('td', ''), cell('td', '', { class: 'queue', 'data-queue': '' }));
    } else if (algo === 'edf' || algo === 'envoy') {
      const next = state.queue.find((entry) => entry.node === step.winner);
      const queue = state.queue.slice(0, QUEUE_CELL).map((entry) => `${names[entry.node]}@${entry.deadlineText}`).join(' ')
        + (state.queue.length > QUEUE_CELL ? ' …' : '');
      row.append(winner, cell('td', state.now.text, { 'data-now': state.now.text }),
        cell('td', next ? next.deadlineText : '', { 'data-deadline': next ? next.deadlineText : '' }),
        cell('td', queue, { class: 'queue', 'data-queue': state.queue.map((entry) => entry.node).join(' ') }));
    }
  }
}
