// The hand-calculation table's columns for a run of requests (nginx SWRR with failed attempts,
// backup servers or several workers), from the core's `step.request` — what `swrr-viz trace`
// prints: the request and attempt of each row, how the attempt ended in words, and what nginx
// then knows of each server (its `fails`, and its effective weight). Text only.

import { tr } from '../words/i18n.js';

function cell(tag, text, attributes = {}) {
  const element = document.createElement(tag);
  element.textContent = text;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  return element;
}

/** The outcome in words, as the CLI's trace says it: answered, failed, retried, 502. */
export function outcomeText(request) {
  if (request.outcome === 'answered') return tr('core.figure.outcome_answered');
  if (request.noneLeft) return tr('core.figure.outcome_none_left');
  return tr(request.last ? 'core.figure.outcome_failed' : 'core.figure.outcome_retried');
}

/** Whether these records are attempts of requests. */
export function hasRequests(records) {
  return records.some((step) => step.request);
}

/** The heads before the levels: request (with its attempt) and outcome. */
export function requestHeads(th) {
  th('core.figure.table_request', {}, 9);
  th('core.figure.table_outcome', { class: 'outcome' }, 16);
}

/** The group after Σ: each server's fails and effective weight, `fails · effective`. */
export function healthHeads(top, second, nodes, shown, widths) {
  top.append(cell('th', tr('table.failsEffective'), { colspan: String(shown), scope: 'colgroup', class: 'group' }));
  nodes.slice(0, shown).forEach((node, i) => {
    second.append(cell('th', node.name, { scope: 'col', 'data-node': i, 'data-phase': 'health' }));
    widths.push({ width: 7, name: '' });
  });
}

/**
 * A row's request cells (the worker too when there are several); marks the row with
 * `data-request`, `data-attempt`, `data-outcome` and `data-worker`.
 */
export function requestCells(row, step, workers = 1) {
  const r = step.request;
  row.dataset.request = String(r.request);
  row.dataset.attempt = String(r.attempt);
  row.dataset.outcome = r.outcome;
  if (r.badGateway) row.dataset.badGateway = 'true';
  if (workers > 1) row.dataset.worker = String(r.worker);
  const worker = workers > 1 ? ` ${tr('table.worker', { worker: r.worker + 1 })}` : '';
  row.append(
    cell('td', `${r.request}.${r.attempt}${worker}`, { 'data-request': r.request, 'data-attempt': r.attempt }),
    cell('td', outcomeText(r), { class: 'outcome', 'data-outcome': r.outcome }),
  );
}

/** A row's `fails · effective` cells. */
export function healthCells(row, step, shown) {
  const r = step.request;
  const effective = step.state?.effective ?? [];
  for (let i = 0; i < shown; i += 1) {
    const td = cell('td', `${r.fails[i]} · ${effective[i]}`, { 'data-node': i, 'data-fails': r.fails[i], 'data-effective': effective[i] });
    if (r.disabled[i]) td.dataset.disabled = 'true';
    row.append(td);
  }
}
