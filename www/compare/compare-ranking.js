// The comparison's measurements: each pane's key numbers under its strip and the table that
// ranks the panes, from the core's metrics records (the widget's `metrics` event).

import { counted, tr } from '../words/i18n.js';
import { fillTerms, headRow, signed } from '../run/metrics-table.js';
import { showRequestMetrics } from '../requests/request-metrics-view.js';

/** The pane list's marks of a run of requests (`data-requests`…), the core's record's fields. */
const REQUEST_MARKS = { requests: 'requests', answered: 'answered', badGateway: 'bad_gateway', attempts: 'attempts', retries: 'retries' };

/**
 * The headline numbers of one pane, picked from the core's metrics record: the longest run of
 * any node, the largest lag ahead and behind (each with its node and step), the fingerprint.
 */
export function keyMetrics(metrics) {
  const nodes = metrics.nodes.filter(Boolean);
  let longest = nodes[0];
  let ahead = nodes[0];
  let behind = nodes[0];
  for (const node of nodes) {
    if (node.longest_run > longest.longest_run) longest = node;
    if (node.max_ahead.lag > ahead.max_ahead.lag) ahead = node;
    if (node.max_behind.lag < behind.max_behind.lag) behind = node;
  }
  return {
    longestRun: longest.longest_run,
    longestNode: longest.name,
    ahead: ahead.max_ahead.lag,
    aheadNode: ahead.name,
    aheadStep: ahead.max_ahead.step,
    behind: behind.max_behind.lag,
    behindNode: behind.name,
    behindStep: behind.max_behind.step,
    worstLag: Math.max(ahead.max_ahead.lag, -behind.max_behind.lag),
    fingerprint: metrics.fingerprint,
    repeats: metrics.repeats !== false,
    steps: metrics.steps,
  };
}

/**
 * The pane's key numbers (or why there are none) under its strip (`pane.metricsList`): for a run
 * of requests (SWRR with failures, backups), the core's request metrics as the walkthrough shows
 * them — requests answered and with a 502, attempts and retries (`data-status="requests"`).
 */
export function showPaneMetrics(pane) {
  const list = pane.metricsList;
  const m = pane.metrics;
  list.dataset.status = m ? 'ready' : pane.requests ? 'requests' : pane.reason ? 'unsupported' : 'running';
  for (const key of ['longestRun', 'worstAhead', 'worstBehind', 'fingerprint', ...Object.keys(REQUEST_MARKS)]) delete list.dataset[key];
  if (!m && pane.requests) {
    for (const [key, field] of Object.entries(REQUEST_MARKS)) list.dataset[key] = String(pane.requests[field]);
    showRequestMetrics({ summary: list }, pane.requests);
    return;
  }
  if (!m) {
    fillTerms(list, [[tr('metrics.title'), pane.reason ? tr('compare.noMetrics') : tr('compare.measuring')]]);
    return;
  }
  Object.assign(list.dataset, {
    longestRun: String(m.longestRun), worstAhead: String(m.ahead), worstBehind: String(m.behind), fingerprint: m.fingerprint,
  });
  const rows = [
    [tr('compare.longestRun'), tr('compare.longestRunValue', { run: m.longestRun, name: m.longestNode })],
    [tr('compare.worstAhead'), tr('compare.lagValue', { lag: signed(m.ahead), name: m.aheadNode, step: m.aheadStep })],
    [tr('compare.worstBehind'), tr('compare.lagValue', { lag: signed(m.behind), name: m.behindNode, step: m.behindStep })],
    [tr('metrics.fingerprint'), m.fingerprint],
  ];
  fillTerms(list, rows);
}

/**
 * Ranks the panes in `table`: shortest longest run first, then the smallest worst lag; `note`
 * says over how many steps, or why there is no ranking (a scenario: the weights change, or
 * requests are retried) or not yet.
 */
export function renderRanking({ table, note }, panes) {
  const measured = panes.filter((pane) => pane.metrics);
  const unsupported = panes.some((pane) => pane.reason || pane.requests);
  const pending = panes.some((pane) => !pane.metrics && !pane.reason && !pane.requests);
  table.dataset.status = unsupported ? 'unsupported' : pending ? 'running' : 'ready';
  note.textContent = unsupported
    ? tr('compare.rankingScenario')
    : pending ? tr('compare.measuring') : counted(measured[0]?.metrics.steps ?? 0, 'compare.rankingNote', 'compare.rankingNoteOne', { steps: measured[0]?.metrics.steps ?? 0 });
  table.replaceChildren();
  if (unsupported || measured.length === 0) return;
  const better = (a, b) => a.longestRun < b.longestRun || (a.longestRun === b.longestRun && a.worstLag < b.worstLag);
  const ordered = measured.slice().sort((a, b) => (better(a.metrics, b.metrics) ? -1 : better(b.metrics, a.metrics) ? 1 : 0));
  const columns = ['compare.rank', 'algo.label', 'compare.longestRun', 'compare.worstAhead', 'compare.worstBehind', 'compare.worstLag', 'metrics.fingerprint'];
  headRow(table, columns);
  const body = table.createTBody();
  for (const pane of ordered) {
    const m = pane.metrics;
    const rank = 1 + measured.filter((other) => better(other.metrics, m)).length;
    const row = body.insertRow();
    Object.assign(row.dataset, {
      algo: pane.algo, rank: String(rank), longestRun: String(m.longestRun), worstLag: String(m.worstLag),
      worstAhead: String(m.ahead), worstBehind: String(m.behind), fingerprint: m.fingerprint,
    });
    const cells = [
      String(rank), tr(`algo.${pane.algo}`), tr('compare.longestRunValue', { run: m.longestRun, name: m.longestNode }),
      tr('compare.lagValue', { lag: signed(m.ahead), name: m.aheadNode, step: m.aheadStep }),
      tr('compare.lagValue', { lag: signed(m.behind), name: m.behindNode, step: m.behindStep }),
      m.worstLag.toFixed(3), m.fingerprint,
    ];
    cells.forEach((text, c) => {
      const cell = document.createElement(c === 1 ? 'th' : 'td');
      if (c === 1) cell.scope = 'row';
      // A phone stacks each row as a card, every value under its column's name (compare.css).
      else cell.dataset.label = tr(columns[c]);
      cell.textContent = text;
      row.append(cell);
    });
  }
  // The phone's cards make the rows blocks, and some browsers then drop the table's roles: say them.
  table.setAttribute('role', 'table');
  for (const row of table.rows) row.setAttribute('role', 'row');
  for (const cell of table.querySelectorAll('thead th')) cell.setAttribute('role', 'columnheader');
  for (const cell of table.querySelectorAll('tbody th')) cell.setAttribute('role', 'rowheader');
  for (const cell of table.querySelectorAll('tbody td')) cell.setAttribute('role', 'cell');
}
