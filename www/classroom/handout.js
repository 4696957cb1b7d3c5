// The handout: what printing the page gives ("Print handout", Ctrl+P, or the browser's menu). One
// sheet of the current state in the page's language: the title and the weights, the step shown
// (a step under way with its phase) as one still (the core's picture: fill, pick and drain with
// the levels written in), the narration of the phase shown, the
// three rules, the hand calculation around the step with its row marked, the selection strip, the
// headline metrics, and a link to the state with its QR code. With the future hidden it is a
// worksheet: the table's later rows are blank, the strip stops at the step, and no metrics.
// Every number comes from the core; this file only lays the sheet out (handout.css prints it).

import { renderAlgorithmTable } from '../table/algorithm-table.js';
import { counted, pictureWords, tr } from '../words/i18n.js';
import { narrate, renderRules, showNarration } from '../stage/narration.js';
import { PlotsView } from '../run/plots.js';
import { qrSvg, qrTooLong } from '../sharing/qr-code.js';
import { blankRow, dropScreenWidths, renderTraceTable } from '../table/trace-table.js';
import { weightsSummary } from '../editor/weights-editor.js';
import { parts } from '../widget/panels.js';

/** Table rows when the period is longer: a window around the step. */
export const HANDOUT_ROWS = 20;
/** Rows of the window before the step. */
const ROWS_BEFORE = 9;
/** Node columns in the table (the page shows more; paper is narrower). */
export const HANDOUT_NODES = 12;
/** The table's type sizes on paper, largest first (handout.css). */
const SIZES = ['normal', 'small', 'smaller', 'smallest'];
/** The strip's cells keep their letters up to this many picks; it shows at least three periods. */
const STRIP_STEPS = 48;
/** Nodes listed in the metrics. */
const METRIC_NODES = 12;
/** The still's drawing width in CSS pixels: narrow, so its text prints large; wider with more tanks. */
const stillWidth = (nodes) => Math.min(640, 400 + 25 * Math.max(0, nodes - 6));
/**
 * The width another algorithm's picture is drawn at for paper: a phone's in the stage's column
 * (about 90 mm), or twice that across the sheet for more than 6 nodes, whose tiles need the room.
 * Either way its smallest text, 0.8 em of at least 12 units (picture-layout.js), prints at 8 pt
 * or more.
 */
const printedWidth = (nodes) => (nodes > 6 ? 600 : 300);

function element(tag, attributes = {}, text = null) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  if (text !== null) node.textContent = text;
  return node;
}

function section(name, titleKey) {
  const part = element('section', { class: `handout-${name}` });
  if (titleKey) part.append(element('h2', {}, tr(titleKey)));
  return part;
}

/** The steps the table shows: the period around `t` when it is short, else a window. */
export function tableRange(t, period) {
  if (period != null && period <= HANDOUT_ROWS) {
    const cycle = t === 0 ? 0 : Math.floor((t - 1) / period);
    return { from: cycle * period + 1, to: (cycle + 1) * period };
  }
  const from = Math.max(1, t - ROWS_BEFORE);
  return { from, to: from + HANDOUT_ROWS - 1 };
}

/**
 * Builds the handout into `root` (emptied first).
 * @param {HTMLElement} root
 * @param {{widget: import('../widget/widget.js').SwrrWidget, worksheet: boolean, link: string,
 *          exportSvg: ((weights: string, options: object, request: object) => string)|null}} state
 *   `exportSvg`: the extras module's, for the core's still; without it (not loaded yet) the
 *   tanks are copied as the page shows them.
 */
export function buildHandout(root, { widget, worksheet, link, exportSvg }) {
  const engine = widget.engine;
  // The step shown, under way or done, and its phase (`start` at step 0, `drain` once done).
  const { t, phase } = widget.position;
  // The picks a worksheet gives: at a fill, the step's own is still to be predicted.
  const given = worksheet && phase === 'fill' ? t - 1 : t;
  root.replaceChildren();
  root.className = 'handout';
  root.setAttribute('aria-label', tr('handout.label'));
  root.dataset.step = String(t);
  root.dataset.phase = phase;
  root.dataset.worksheet = String(worksheet);
  root.append(
    header(widget, t, phase, link),
    stage(widget, t, phase, worksheet, exportSvg),
    strip(widget, t, given, worksheet),
    table(widget, t, given, worksheet),
  );
  if (!worksheet && widget.metrics) root.append(metrics(widget.metrics, engine.weights.nodes));
  const footer = element('p', { class: 'handout-link' });
  footer.append(element('span', {}, tr('handout.link')), ' ', element('span', { class: 'handout-url' }, link));
  root.append(footer);
  root.dataset.ready = 'true';
}

function header(widget, t, phase, link) {
  const { engine } = widget;
  const { weights } = engine;
  const head = element('header', { class: 'handout-head' });
  const text = element('div');
  text.append(
    element('h1', {}, tr('app.title')),
    element('p', { class: 'handout-weights' }, tr('handout.weights', { weights: weights.canonical })),
    element('p', { class: 'note' }, weightsSummary(engine)),
  );
  const run = runText(engine);
  if (run) text.append(element('p', { class: 'note handout-run' }, run));
  let position = tr('core.figure.step', { t });
  if (phase === 'fill' || phase === 'pick') position += `, ${tr(`core.figure.phase_${phase}`)}`;
  if (engine.runPeriod != null && t > 0) {
    const offset = ((t - 1) % engine.period) + 1;
    position += ` · ${tr('controls.periodOf', { k: Math.floor((t - 1) / engine.period) + 1, offset, period: engine.period })}`;
  }
  text.append(element('p', { class: 'handout-position' }, position));
  const code = element('figure', { class: 'handout-qr' });
  const svg = qrSvg(link, tr('qr.label', { link }));
  // A link too long for a QR code: a line that says so; the link is written out at the foot.
  if (svg) code.append(svg, element('figcaption', {}, tr('handout.scan')));
  else code.append(qrTooLong(link));
  head.append(text, code);
  return head;
}

/** The run when it is not plain nginx SWRR: algorithm, its options, the scenario. */
function runText(engine) {
  const { algo, tie, subtract, seed, scenario } = engine.options;
  const parts = [];
  if (algo !== 'swrr') parts.push(`${tr('algo.label')}: ${tr(`algo.${algo}`)}`);
  if (algo === 'swrr' && tie === 'last') parts.push(`${tr('tie.label')}: ${tr('tie.last')}`);
  if (algo === 'swrr' && subtract === 'own') parts.push(`${tr('subtract.label')}: ${tr('subtract.own')}`);
  if (algo === 'random') parts.push(`${tr('seed.label')}: ${seed}`);
  if (scenario) parts.push(`${tr('scenario.label')}: ${scenario}`);
  return parts.join(' · ');
}

/**
 * The picture of the step; beside it the narration of the phase shown, what the marks mean and
 * the three rules. A worksheet at a fill shows the tanks filled only (the still would show the pick).
 */
function stage(widget, t, phase, worksheet, exportSvg) {
  const { engine } = widget;
  const part = section('stage');
  const figure = element('figure', { class: 'handout-still' });
  const filledOnly = worksheet && phase === 'fill';
  const view = engine.view({ t, phase });
  if (engine.hasLevels && exportSvg) {
    // The core takes no dispatch seed as absent, not as '' (the workers in turn).
    const options = { ...engine.options, dispatch: engine.options.dispatch || undefined };
    // The still's tanks and their key, with this step's numbers (bare, key): the sheet says the
    // step and its narration.
    const picture = filledOnly ? { kind: 'tanks', phase } : { kind: 'still', bare: true, key: true };
    const words = pictureWords();
    if (words) picture.words = words;
    figure.append(stillHost(exportSvg(widget.state.weights, options, { ...picture, step: t, theme: 'light', width: stillWidth(engine.weights.nodes.length) })));
  } else if (engine.hasLevels) {
    // The tanks as the page shows them, until the extras module with the core's still is here.
    const live = widget.container.querySelector('svg#tanks');
    if (live) {
      const copy = live.cloneNode(true);
      copy.removeAttribute('id');
      copy.removeAttribute('hidden');
      figure.append(copy);
    }
  } else if (parts.AlgorithmView) {
    const width = printedWidth(engine.weights.nodes.length);
    figure.dataset.printedWidth = String(width);
    figure.append(algorithmPicture(parts.AlgorithmView, engine, view, width));
  }
  const words = element('div', { class: 'handout-words' });
  const narration = element('p', { class: 'handout-narration' });
  showNarration(narration, narrate(view, engine.weights.nodes, engine.options.tie, engine.options));
  words.append(narration);
  words.append(rules(widget));
  part.append(figure, words);
  return part;
}

/**
 * Another algorithm's picture of `view`, drawn for the paper `width` units wide (a copy of the
 * page's keeps the screen's width, and its text prints at about 3 pt in the column), in a box off
 * the page while it is built, so its captions are fitted to that width as drawn.
 */
function algorithmPicture(AlgorithmView, engine, view, width) {
  const root = element('div', { class: 'algo-view' });
  const box = element('div', { class: 'handout handout-measure', 'aria-hidden': 'true' });
  box.append(root);
  document.body.append(box);
  const picture = new AlgorithmView(root);
  picture.knownWidth = width;
  picture.setRun(engine.weights, engine.algorithm, engine);
  picture.show(view);
  box.remove();
  return root;
}

/**
 * The core's still in a shadow root: its own stylesheet applies there only (adopted, as the
 * page's Content-Security-Policy allows no inline style). Its words are already the page's
 * (`exportSvg`'s `words`); its badges' `data-i18n` keys only name them.
 */
function stillHost(svgText) {
  // Parsed without its <style> element, which the policy would refuse even in a parsed document;
  // its (XML-escaped) text is read on its own.
  const [, css = ''] = /<style>([^<]*)<\/style>/.exec(svgText) ?? [];
  const parser = new DOMParser();
  const svg = parser.parseFromString(svgText.replace(/<style>[^<]*<\/style>/, ''), 'image/svg+xml').documentElement;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(parser.parseFromString(`<css>${css}</css>`, 'application/xml').documentElement.textContent);
  svg.removeAttribute('width');
  svg.removeAttribute('height');
  const host = element('div', { class: 'still-host' });
  const shadow = host.attachShadow({ mode: 'open' });
  const sizing = new CSSStyleSheet();
  sizing.replaceSync(':host { display: block; } svg { display: block; width: 100%; height: auto; }');
  shadow.adoptedStyleSheets = [sheet, sizing];
  shadow.append(document.importNode(svg, true));
  return host;
}

function rules(widget) {
  const part = section('rules', 'code.title');
  const list = element('ol', { class: 'code' });
  for (const rule of ['fill', 'pick', 'drain']) list.append(element('li', { 'data-rule': rule }));
  renderRules(list, null, widget.engine.options.tie, { ...widget.engine.options, mode: widget.engine.initialState?.mode });
  part.append(list);
  return part;
}

/**
 * The picks from step 1 (three periods, or up to the step), the step marked; a worksheet's stop
 * at the picks it gives (`given`: the step, or the one before at a fill).
 */
function strip(widget, t, given, worksheet) {
  const { engine } = widget;
  const part = section('strip', 'strip.title');
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('class', 'plot strip');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', tr('strip.title'));
  part.append(svg);
  const period = engine.runPeriod;
  const steps = Math.max(t, Math.min(STRIP_STEPS, 3 * (period ?? engine.period)), 1);
  const picks = engine.sequence(steps);
  const view = new PlotsView({ strip: svg }, () => {});
  view.setHideFuture(worksheet);
  view.showSequence(picks, engine.weights.nodes, engine.events, period);
  view.mark(worksheet ? given : t);
  return part;
}

/**
 * The hand calculation around the step: the current row marked; the rows after the picks given
 * (`given`) are the future, a worksheet's blank.
 */
function table(widget, t, given, worksheet) {
  const { engine } = widget;
  const { weights } = engine;
  const part = section('table', 'table.title');
  const { from, to } = tableRange(t, engine.runPeriod);
  const note = engine.runPeriod != null && engine.runPeriod <= HANDOUT_ROWS
    ? counted(engine.runPeriod, 'table.period', 'table.periodOne', { period: engine.runPeriod, total: weights.total, gcd: weights.gcd })
    : engine.runPeriod == null ? tr('table.windowNoRepeat', { from, to }) : counted(engine.runPeriod, 'table.window', 'table.windowOne', { from, to, period: engine.runPeriod });
  const extra = weights.nodes.length > HANDOUT_NODES && engine.hasLevels
    ? ` ${tr('table.firstNodes', { shown: HANDOUT_NODES, count: weights.nodes.length })}` : '';
  part.append(element('p', { class: 'note' }, note + extra));
  if (worksheet) part.append(element('p', { class: 'note handout-worksheet' }, tr('handout.worksheet', { t: given })));
  const grid = element('table', { class: 'handout-trace' });
  if (engine.isPlain) {
    renderTraceTable(grid, weights, engine.rows(from, to, HANDOUT_NODES), { nodeColumns: HANDOUT_NODES });
  } else {
    renderAlgorithmTable(grid, weights, engine.records(from, to), {
      algo: engine.algorithm, withEvents: engine.events.length > 0, period: engine.runPeriod, nodeColumns: HANDOUT_NODES,
    });
  }
  dropScreenWidths(grid);
  for (const row of grid.tBodies[0]?.rows ?? []) if (Number(row.dataset.step) === t) row.setAttribute('aria-current', 'step');
  part.append(...fitToSheet(grid));
  for (const each of part.querySelectorAll('table')) markRows(each, given, worksheet);
  return part;
}

/**
 * The tables that print `grid` within the sheet's width: it in the largest type that fits; a run
 * of requests too wide at 7.5 pt gives its requests' columns a table of their own instead of
 * smaller type. Measured on screen, outside the page, in the type the paper gets.
 */
function fitToSheet(grid) {
  const box = element('div', { class: 'handout handout-measure', 'aria-hidden': 'true' });
  document.body.append(box);
  const fit = (table, sizes) => {
    box.append(table);
    table.dataset.columns = String(columnCount(table));
    const found = sizes.find((size) => {
      table.dataset.size = size;
      return table.getBoundingClientRect().width <= box.clientWidth + 0.5;
    });
    // Nothing fits (names too long to print whole): headings may break inside a word.
    if (!found) table.dataset.size = 'squeezed';
    return found;
  };
  let grids = [grid];
  if (!fit(grid, SIZES.slice(0, 2)) && grid.querySelector('td[data-fails]')) {
    grids = [grid, splitRequests(grid)];
  }
  for (const table of grids) if (table.dataset.size !== SIZES[0]) fit(table, SIZES);
  box.remove();
  return grids;
}

/** A table's columns: the cells of its first row. */
function columnCount(grid) {
  return [...(grid.tBodies[0]?.rows[0]?.cells ?? [])].reduce((sum, cell) => sum + cell.colSpan, 0);
}

/**
 * Moves a run of requests' bookkeeping (events, request, outcome, and each server's fails and
 * effective weight) out of `grid` into a table of its own, the same steps in the same order:
 * with them a table of many nodes is too wide for the paper.
 */
function splitRequests(grid) {
  const requests = element('table', { class: 'handout-trace handout-requests' });
  const [top, second] = grid.tHead.rows;
  const head = requests.createTHead();
  const newTop = head.insertRow();
  const newSecond = head.insertRow();
  // Before the first group (the levels after adding): step, then events, request and outcome.
  const lead = [...top.cells].slice(0, [...top.cells].findIndex((cell) => cell.classList.contains('group')));
  newTop.append(lead[0].cloneNode(true), ...lead.slice(1), [...top.cells].at(-1));
  newSecond.append(...second.querySelectorAll('th[data-phase="health"]'));
  const body = requests.createTBody();
  for (const row of grid.tBodies[0].rows) {
    const copy = body.insertRow();
    for (const [name, value] of Object.entries(row.dataset)) copy.dataset[name] = value;
    if (row.hasAttribute('aria-current')) copy.setAttribute('aria-current', 'step');
    copy.append(row.cells[0].cloneNode(true), ...row.querySelectorAll('td.events, td[data-request], td.outcome, td[data-fails]'));
  }
  return requests;
}

/** Rows after the step marked as the future, and a worksheet's emptied to fill in. */
function markRows(grid, t, worksheet) {
  for (const row of grid.tBodies[0]?.rows ?? []) {
    if (Number(row.dataset.step) <= t) continue;
    row.dataset.future = 'true';
    // For the students to fill in: the step number stays, every value and mark goes, as on the page.
    if (worksheet) blankRow(row);
  }
}

/** The headline metrics of the run the page measured: period, and per node picks, lag and runs. */
function metrics(m, nodes) {
  const part = section('metrics', 'metrics.title');
  const period = m.repeats === false
    ? tr('metrics.noPeriod', { period: m.period })
    : counted(m.period, 'metrics.periodValue', 'metrics.periodValueOne', { period: m.period, total: m.total, gcd: m.gcd });
  part.append(element('p', { class: 'note' }, `${tr('metrics.period')}: ${period} · ${tr('metrics.steps')}: ${m.steps}`));
  const grid = element('table', { class: 'handout-metrics-table' });
  const head = grid.createTHead().insertRow();
  for (const key of ['metrics.node', 'metrics.weight', 'metrics.picks', 'metrics.ideal', 'metrics.ahead', 'metrics.behind', 'metrics.longestRun']) {
    head.append(element('th', { scope: 'col' }, tr(key)));
  }
  const body = grid.createTBody();
  m.nodes.slice(0, METRIC_NODES).forEach((node, i) => {
    const row = body.insertRow();
    row.dataset.node = String(i);
    const signed = (lag) => (lag > 0 ? `+${lag.toFixed(3)}` : lag.toFixed(3).replace('-', '−'));
    const cells = [
      nodes[i]?.name ?? node.name, node.weight, node.picks, node.ideal_picks.toFixed(2),
      tr('metrics.lagAt', { lag: signed(node.max_ahead.lag), step: node.max_ahead.step }),
      tr('metrics.lagAt', { lag: signed(node.max_behind.lag), step: node.max_behind.step }),
      node.longest_run,
    ];
    cells.forEach((value, c) => row.append(element(c === 0 ? 'th' : 'td', c === 0 ? { scope: 'row' } : {}, String(value))));
  });
  part.append(grid);
  return part;
}
