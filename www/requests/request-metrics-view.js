// The metrics panel of a run of requests, drawn from the core's record (`engine.requestMetrics`,
// the same as `swrr-viz metrics --json`): requests and attempts apart, retries and 502s, and
// for each server its share of the *answered* requests against its weight, its attempts and
// refusals, and how even the answered sequence was (window share variance, longest run).
//
// Testing contract: `table#metrics[data-mode="requests"][data-requests][data-answered]
// [data-bad-gateway][data-none-left][data-attempts][data-retries][data-window]
// [data-max-window-variance]`; rows `tr[data-node][data-answered][data-share][data-target]
// [data-attempts][data-failed][data-longest-run]` (`data-backup` on backups).

import { nodeColor } from '../draw/palette.js';
import { counted, tr } from '../words/i18n.js';

const percent = (share) => `${(share * 100).toFixed(2)}%`;

function cell(tag, text) {
  const element = document.createElement(tag);
  element.textContent = text;
  return element;
}

/** Fills `{summary, table}` (the panel's `dl` and `table`) with `m`. */
export function showRequestMetrics({ summary, table }, m) {
  const worst = m.max_window_variance;
  const lines = [
    [tr('metrics.requests'), tr('metrics.requestsValue', { requests: m.requests, answered: m.answered, failed: m.bad_gateway, none: m.none_left })],
    [tr('metrics.attempts'), counted(m.retried_requests, 'metrics.attemptsValue', 'metrics.attemptsValueOne', { attempts: m.attempts, retries: m.retries, retried: m.retried_requests })],
    [tr('metrics.window'), worst.windows > 0
      ? tr('metrics.requestWindowValue', { window: m.window, variance: worst.variance.toPrecision(3), from: worst.first, to: worst.last })
      : tr('metrics.noAnswered')],
  ];
  if (m.workers > 1) lines.push([tr('metrics.workers'), tr(m.zone ? 'metrics.workersZone' : 'metrics.workersOwn', { workers: m.workers })]);
  if (summary) {
    summary.replaceChildren(...lines.flatMap(([term, value]) => [cell('dt', term), cell('dd', value)]));
  }
  if (!table) return;
  Object.assign(table.dataset, {
    mode: 'requests', requests: String(m.requests), answered: String(m.answered), badGateway: String(m.bad_gateway),
    noneLeft: String(m.none_left), attempts: String(m.attempts), retries: String(m.retries), window: String(m.window),
    maxWindowVariance: String(worst.variance),
  });
  for (const key of ['period', 'algo', 'repeats', 'fingerprint']) delete table.dataset[key];
  table.replaceChildren();
  const head = table.createTHead().insertRow();
  for (const key of ['metrics.server', 'metrics.weight', 'metrics.target', 'metrics.answered', 'metrics.share', 'metrics.attemptsColumn', 'metrics.failed', 'metrics.longestRun', 'metrics.answeredPerWindow']) {
    const th = cell('th', tr(key));
    th.scope = 'col';
    head.append(th);
  }
  const body = table.createTBody();
  m.nodes.forEach((node, i) => {
    const row = body.insertRow();
    Object.assign(row.dataset, {
      node: String(i), answered: String(node.answered), share: String(node.answered_share), target: String(node.target_share),
      attempts: String(node.attempts), failed: String(node.failed), longestRun: String(node.longest_run),
    });
    if (node.backup) row.dataset.backup = 'true';
    const texts = [
      node.name, String(node.weight), node.backup ? tr('metrics.backup') : percent(node.target_share), String(node.answered),
      percent(node.answered_share), String(node.attempts), String(node.failed), String(node.longest_run), `${node.window_min}–${node.window_max}`,
    ];
    texts.forEach((text, c) => {
      const td = cell(c === 0 ? 'th' : 'td', text);
      if (c === 0) {
        td.scope = 'row';
        td.style.setProperty('--node-color', nodeColor(i));
      }
      row.append(td);
    });
  });
}

/** Takes the request mode's marks off the panel (the run now is measured by the plain metrics). */
export function leaveRequestMetrics(table) {
  if (!table || table.dataset.mode !== 'requests') return;
  for (const key of ['mode', 'requests', 'answered', 'badGateway', 'noneLeft', 'attempts', 'retries', 'window', 'maxWindowVariance']) {
    delete table.dataset[key];
  }
}
