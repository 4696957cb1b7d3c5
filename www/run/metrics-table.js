// The metrics of the whole run as a summary (period, steps, worst window, fingerprint) and a
// table with a row per node — the same numbers as `swrr-viz metrics`. Its pieces (a list of
// terms, a head row, a signed lag) write the comparison's ranking too (compare-ranking.js).

import { nodeColor } from '../draw/palette.js';
import { counted, tr } from '../words/i18n.js';

const HEAD = ['metrics.node', 'metrics.weight', 'metrics.target', 'metrics.picks', 'metrics.ideal', 'metrics.ahead', 'metrics.behind', 'metrics.longestRun', 'metrics.perWindow'];

/** Fills `list` (a <dl>) with one term and value per `[term, value]` row. */
export function fillTerms(list, rows) {
  list.replaceChildren(...rows.flatMap(([term, value]) => {
    const dt = document.createElement('dt');
    dt.textContent = term;
    const dd = document.createElement('dd');
    dd.textContent = value;
    return [dt, dd];
  }));
}

/** Gives `table` a head row of column headers, the words of `keys`. */
export function headRow(table, keys) {
  const row = table.createTHead().insertRow();
  for (const key of keys) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = tr(key);
    row.append(th);
  }
  return row;
}

/** A lag with its sign: +0.500, −0.333, 0.000. */
export function signed(value) {
  const text = Math.abs(value).toFixed(3);
  return value > 0 ? `+${text}` : value < 0 ? `−${text}` : text;
}

/**
 * Writes the core's metrics `m` into `table` (rows in `order`, node indices) and, when given,
 * its summary into `summary` (a <dl>).
 */
export function drawMetrics(table, summary, m, order) {
  table.dataset.period = String(m.period);
  table.dataset.algo = m.algorithm ?? 'swrr';
  table.dataset.repeats = String(m.repeats !== false);
  table.dataset.fingerprint = m.fingerprint;
  table.dataset.maxWindowVariance = String(m.max_window_variance.variance);
  if (summary) {
    fillTerms(summary, [
      [tr('metrics.period'), m.repeats === false
        ? tr('metrics.noPeriod', { period: m.period })
        : counted(m.period, 'metrics.periodValue', 'metrics.periodValueOne', { period: m.period, total: m.total, gcd: m.gcd })],
      [tr('metrics.steps'), tr(m.periodic ? 'metrics.stepsPeriodic' : 'metrics.stepsPartial', { steps: m.steps, computed: m.computed_picks })],
      [tr('metrics.window'), tr('metrics.windowValue', {
        window: m.window, variance: m.max_window_variance.variance.toPrecision(3), from: m.max_window_variance.first_step, to: m.max_window_variance.last_step,
      })],
      [tr('metrics.fingerprint'), counted(m.fingerprint_picks, 'metrics.fingerprintValue', 'metrics.fingerprintValueOne', { hash: m.fingerprint, picks: m.fingerprint_picks })],
    ]);
  }
  table.replaceChildren();
  headRow(table, HEAD);
  const body = table.createTBody();
  for (const i of order) {
    const node = m.nodes[i];
    const row = body.insertRow();
    Object.assign(row.dataset, {
      node: String(i), picks: String(node.picks), ideal: String(node.ideal_picks), longestRun: String(node.longest_run),
      maxAhead: String(node.max_ahead.lag), maxAheadStep: String(node.max_ahead.step),
      maxBehind: String(node.max_behind.lag), maxBehindStep: String(node.max_behind.step),
    });
    const cells = [
      node.name, String(node.weight), `${(node.target_share * 100).toFixed(2)}%`, String(node.picks), node.ideal_picks.toFixed(2),
      tr('metrics.lagAt', { lag: signed(node.max_ahead.lag), step: node.max_ahead.step }),
      tr('metrics.lagAt', { lag: signed(node.max_behind.lag), step: node.max_behind.step }),
      String(node.longest_run),
      `${node.window_picks_min}–${node.window_picks_max}`,
    ];
    cells.forEach((text, c) => {
      const td = document.createElement(c === 0 ? 'th' : 'td');
      if (c === 0) {
        td.scope = 'row';
        td.style.setProperty('--node-color', nodeColor(i));
      }
      td.textContent = text;
      row.append(td);
    });
  }
}
