// The "Export / import" dialog: the trace as CSV, JSON and Markdown; the current frame and the
// selection strip as SVG and PNG (drawn by the core, the same files as `swrr-viz svg`); each plot
// of the page as SVG and PNG; the nginx upstream block for the weights; and the reverse, an
// upstream block pasted in, read by the core into weights and names.
//
// Testing contract: buttons `[data-export="trace-csv"]` (trace-json, trace-markdown, frame-svg,
// frame-png, strip-svg, strip-png, plot-levels-svg, …, nginx-download); `#nginx-export` (the
// block; empty, with `#nginx-export-error` and the download disabled, when nginx would refuse
// it), `#nginx-import` + `#nginx-read` → `#nginx-result[data-weights][data-scenario]` or
// `#nginx-error`; the try limit and the workers the config states, as the page's fields take them,
// `#nginx-result[data-tries][data-workers][data-zone]` (absent: not stated); `#nginx-use` (weights,
// scenario, and those). The dialog's `data-last-file` names the last file saved. The plots'
// section has `data-plots`: ready (their buttons), computing, or not-drawn (a run of requests or a
// scenario: a note, no button).

import { copyRow, createDialog } from './dialog.js';
import { coreLimits } from '../engine.js';
import {
  MAX_TRACE_ROWS, TRACE_FORMATS, download, fileStem, frameSvg, resolvedTheme, standaloneSvg,
  stripSvg, svgToPng, traceText, upstreamText,
} from './export.js';
import { counted, errorText, message, tr } from '../words/i18n.js';
import { parseNginxUpstream } from '../pkg-extras/swrr_viz_extras.js';

const PLOTS = [
  { id: 'plot-levels', key: 'export.plotLevels' },
  { id: 'plot-lag', key: 'export.plotLag' },
  { id: 'plot-window', key: 'export.plotWindow' },
  { id: 'plot-longest', key: 'export.plotLongest' },
  { id: 'plot-runs', key: 'export.plotRuns' },
];

/**
 * What the config states of nginx's traffic (the core's `traffic`: null where it does not say)
 * as the page's fields take it: each only when stated, the zone with the workers that share it.
 */
export function importedTraffic({ tries, workers, zone }) {
  const traffic = {};
  if (tries !== null) traffic.tries = tries;
  if (workers !== null) Object.assign(traffic, { workers, zone });
  return traffic;
}

/** The plots' state for export: ready, computing, or not-drawn (a run of requests or a scenario keeps empty pictures). */
function plotsStateOf(panel) {
  if (!panel) return null;
  if (panel.dataset.mode === 'requests' || ['unsupported', 'error'].includes(panel.dataset.status)) return 'not-drawn';
  return panel.dataset.status === 'ready' ? 'ready' : 'computing';
}

/** Whether a plot of the page has a picture to save: a size and something drawn in it. */
function drawn(svg) {
  if (!svg) return false;
  const box = svg.viewBox.baseVal;
  const width = box && box.width ? box.width : svg.clientWidth;
  const height = box && box.height ? box.height : svg.clientHeight;
  return width > 0 && height > 0 && svg.querySelector('path, rect, line, circle, polyline') !== null;
}

function element(tag, { className, text, attributes = {} } = {}) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

export class ExportDialog {
  /**
   * @param {{widget: () => import('../widget/widget.js').SwrrWidget, applyWeights: (text: string, scenario: string, traffic: {tries?: number, workers?: number, zone?: boolean}) => void}} hooks
   */
  constructor({ widget, applyWeights }) {
    this.widget = widget;
    this.applyWeights = applyWeights;
    const { dialog, body, status, open } = createDialog('export-dialog', 'export.title');
    this.dialog = dialog;
    this.status = status;
    this.showDialog = open;
    this.body = body;
    this.sections = element('div', { className: 'export-sections' });
    body.append(this.sections);
    this.buildImport();
  }

  open() {
    this.render();
    this.showDialog();
    this.sections.querySelector('button')?.focus();
  }

  /** The export buttons for the state now (labels name the steps they cover). */
  render() {
    const widget = this.widget();
    const state = widget.state;
    const position = widget.position;
    const period = widget.engine.period;
    const traceSteps = Math.min(Math.max(period, position.t), MAX_TRACE_ROWS);
    // A strip holds as many cells as the core's strip picture does by default.
    const stripSteps = Math.min(Math.max(period, position.t), coreLimits().stripSteps);
    const stem = fileStem(widget.engine.weights);
    const sections = [];

    // With failures the trace's steps are requests, each with its attempts (the CLI's --steps).
    const traceKey = widget.engine.modelsRequests ? 'export.traceRequests' : 'export.trace';
    sections.push(this.section(tr(traceKey, { steps: traceSteps }), Object.entries(TRACE_FORMATS).map(([format, { extension, type }]) => ({
      id: `trace-${format}`,
      label: tr(`export.format.${format}`),
      run: () => download(this.saved(`${stem}-trace.${extension}`), traceText(state, traceSteps, format), type),
    }))));

    const phase = position.t === 0 ? 'start' : position.phase;
    const frameName = `${stem}-step${position.t}${phase === 'start' || phase === 'drain' ? '' : `-${phase}`}`;
    if (!state.algo || state.algo === 'swrr') {
      sections.push(this.section(tr('export.frame', { t: position.t, phase: tr(`core.figure.phase_${phase}`) }), this.pictureButtons('frame', frameName, () => frameSvg(state, position, resolvedTheme()), tr('export.tanksName'))));
    } else {
      // The tank picture is SWRR's levels; the other algorithms have none (the strip has their picks).
      const section = this.section(tr('export.frame', { t: position.t, phase: tr(`core.figure.phase_${phase}`) }), []);
      section.append(element('p', { className: 'note', text: tr('export.frameNoLevels', { algo: state.algo }) }));
      sections.push(section);
    }
    sections.push(this.section(tr('export.strip', { steps: stripSteps }), this.pictureButtons('strip', `${stem}-strip`, () => stripSvg(state, stripSteps, position.t, resolvedTheme()), tr('export.stripName'))));

    const plots = this.plotsSection(widget.container, stem);
    if (plots) sections.push(plots);

    const nginx = this.section(tr('export.nginx'), [{
      id: 'nginx-download',
      label: tr('export.download'),
      run: () => download(this.saved(`${stem}-upstream.conf`), upstreamText(state), 'text/plain;charset=utf-8'),
    }]);
    const { row, field } = copyRow({ id: 'nginx-export', labelKey: 'export.nginxBlock', copyKey: 'copy.nginx', multiline: true, rows: 8, status: this.status });
    // A block nginx would refuse (backups only) is not offered: the core's reason takes its place.
    let refusal = null;
    try {
      field.value = upstreamText(state);
    } catch (error) {
      refusal = errorText(error);
      field.value = '';
    }
    nginx.insertBefore(row, nginx.querySelector('.export-buttons'));
    if (refusal !== null) {
      nginx.querySelector('[data-export="nginx-download"]').disabled = true;
      field.setAttribute('aria-describedby', 'nginx-export-error');
      nginx.append(element('p', { className: 'error', text: tr('export.nginxRefused', { message: refusal }), attributes: { id: 'nginx-export-error', role: 'alert' } }));
    }
    nginx.append(element('p', { className: 'note', text: tr('export.nginxNote') }));
    sections.push(nginx);
    this.sections.replaceChildren(...sections);
  }

  /**
   * The plots' section: a row of buttons per drawn plot, or a note. While they are computed (a
   * phone's first seconds) the note gives way to the buttons when they are drawn, the dialog open.
   */
  plotsSection(root, stem) {
    this.plotsWatch?.disconnect();
    const plotsPanel = root.querySelector('section.plots');
    const plots = PLOTS.filter(({ id }) => root.querySelector(`svg#${id}`));
    if (!plots.length) return null;
    const plotsState = plotsStateOf(plotsPanel);
    const section = this.section(tr('export.plots'), []);
    section.dataset.plots = plotsState;
    if (plotsState === 'ready') {
      for (const { id, key } of plots) {
        const name = tr(key);
        const row = this.buttonRow(this.pictureButtons(id, `${stem}-${id}`, () => standaloneSvg(root.querySelector(`svg#${id}`), { title: name }), name, () => drawn(root.querySelector(`svg#${id}`))));
        row.classList.add('plot-export');
        row.prepend(element('span', { className: 'plot-name', text: name }));
        section.append(row);
      }
    } else {
      section.append(element('p', { className: 'note', text: tr(plotsState === 'not-drawn' ? 'export.plotsNotDrawn' : 'export.plotsWaiting') }));
    }
    if (plotsState === 'computing') {
      this.plotsWatch = new MutationObserver(() => {
        if (plotsStateOf(plotsPanel) === 'computing') return;
        this.plotsWatch.disconnect();
        if (this.dialog.open && section.isConnected) section.replaceWith(this.plotsSection(root, stem));
      });
      this.plotsWatch.observe(plotsPanel, { attributes: true, attributeFilter: ['data-status', 'data-mode'] });
    }
    return section;
  }

  /** SVG and PNG buttons for one picture; `label` names the picture to screen readers ("Tanks (SVG)": a dialog has several). */
  pictureButtons(id, name, svg, label, isDrawn = () => true) {
    return ['SVG', 'PNG'].map((format) => ({
      id: `${id}-${format.toLowerCase()}`,
      label: format,
      aria: label ? tr('export.pictureAs', { name: label, format }) : undefined,
      run: async () => {
        // An empty picture is never saved: the status line says so instead.
        if (!isDrawn()) {
          delete this.dialog.dataset.lastFile;
          this.status(tr('export.plotEmpty', { name: label }));
          return;
        }
        if (format === 'SVG') download(this.saved(`${name}.svg`), svg(), 'image/svg+xml');
        else download(this.saved(`${name}.png`), await svgToPng(svg()));
      },
    }));
  }

  section(title, buttons) {
    const section = element('section', { className: 'export-section' });
    section.append(element('h3', { text: title }));
    if (buttons.length) section.append(this.buttonRow(buttons));
    return section;
  }

  buttonRow(buttons) {
    const row = element('div', { className: 'export-buttons' });
    for (const { id, label, aria, run } of buttons) {
      const button = element('button', { text: label, attributes: { type: 'button', 'data-export': id } });
      if (aria) button.setAttribute('aria-label', aria);
      button.addEventListener('click', async () => {
        try {
          await run();
        } catch (error) {
          this.status(tr('export.error', { message: errorText(error) }));
        }
      });
      row.append(button);
    }
    return row;
  }

  /** Records the file name (status line and `data-last-file`) and returns it. */
  saved(file) {
    this.dialog.dataset.lastFile = file;
    this.status(tr('export.saved', { file }));
    return file;
  }

  buildImport() {
    const section = element('section', { className: 'export-section import' });
    section.append(element('h3', { text: tr('export.import') }));
    const label = element('label', { text: tr('export.importLabel'), attributes: { for: 'nginx-import' } });
    const input = element('textarea', { className: 'copy-field', attributes: { id: 'nginx-import', rows: '6', spellcheck: 'false', 'aria-describedby': 'nginx-import-help nginx-error' } });
    input.placeholder = 'upstream backend {\n    server 10.0.0.1:8080 weight=5;\n    server 10.0.0.2:8080 weight=3;\n}';
    const help = element('p', { className: 'note', text: tr('export.importHelp'), attributes: { id: 'nginx-import-help' } });
    const read = element('button', { text: tr('export.read'), attributes: { type: 'button', id: 'nginx-read' } });
    const error = element('p', { className: 'error', attributes: { id: 'nginx-error', role: 'alert' } });
    error.hidden = true;
    const result = element('div', { className: 'import-result', attributes: { id: 'nginx-result', 'aria-live': 'polite' } });
    result.hidden = true;
    const use = element('button', { className: 'primary', text: tr('export.use'), attributes: { type: 'button', id: 'nginx-use' } });
    use.hidden = true;
    let parsed = null;
    // Typing into an emptied box says nothing; Read pressed on it says what to paste (the core's
    // nginx.empty).
    const readNow = (pressed = false) => {
      parsed = null;
      error.hidden = true;
      result.hidden = true;
      use.hidden = true;
      if (!input.value.trim() && !pressed) return;
      try {
        parsed = parseNginxUpstream(input.value);
      } catch (e) {
        error.textContent = tr('export.importError', { message: errorText(e, { page: true }) });
        error.hidden = false;
        input.setAttribute('aria-invalid', 'true');
        return;
      }
      input.setAttribute('aria-invalid', 'false');
      this.showImport(result, parsed);
      use.textContent = tr(parsed.scenario ? 'export.useWithScenario' : 'export.use');
      use.hidden = false;
    };
    let timer = 0;
    input.addEventListener('input', () => {
      clearTimeout(timer);
      timer = setTimeout(readNow, 300);
    });
    read.addEventListener('click', () => {
      clearTimeout(timer);
      readNow(true);
    });
    use.addEventListener('click', () => {
      if (!parsed) return;
      this.applyWeights(parsed.weights, parsed.scenario, importedTraffic(parsed.traffic));
      this.dialog.close();
    });
    const buttons = element('div', { className: 'export-buttons' });
    buttons.append(read);
    section.append(label, input, help, buttons, error, result, use);
    this.body.append(section);
  }

  /** The servers read (name, weight, line), the scenario and the notes; all user text as text. */
  showImport(result, parsed) {
    result.dataset.weights = parsed.weights;
    result.dataset.scenario = parsed.scenario;
    const traffic = importedTraffic(parsed.traffic);
    for (const key of ['tries', 'workers', 'zone']) {
      if (key in traffic) result.dataset[key] = String(traffic[key]);
      else delete result.dataset[key];
    }
    const heading = element('p', { text: counted(parsed.nodes.length, 'export.imported', 'export.importedOne', { count: parsed.nodes.length, name: parsed.name ?? '—' }) });
    const table = element('table', { className: 'import-table' });
    const head = element('tr');
    for (const key of ['export.colServer', 'export.colName', 'export.colWeight', 'export.colLine']) head.append(element('th', { text: tr(key), attributes: { scope: 'col' } }));
    table.append(element('thead'));
    table.tHead.append(head);
    const body = element('tbody');
    for (const server of parsed.servers) {
      const row = element('tr', { attributes: { 'data-line': String(server.line) } });
      const node = parsed.nodes.find((n) => n.name === server.name);
      const weight = node?.weight === 0 ? tr('export.downZero')
        : server.backup ? tr('export.backup', { weight: server.weight })
          : server.down ? tr('export.down', { weight: server.weight }) : String(server.weight);
      for (const text of [server.address, server.name ?? '—', weight, String(server.line)]) row.append(element('td', { text }));
      if (server.name) row.dataset.node = server.name;
      body.append(row);
    }
    table.append(body);
    const weights = element('p', { className: 'mono', text: tr('export.importWeights', { weights: parsed.weights }) });
    const scenario = parsed.scenario ? [element('p', { className: 'mono import-scenario', text: tr('export.importScenario', { scenario: parsed.scenario }) })] : [];
    const notes = element('ul', { className: 'note import-notes' });
    // Worded for the page: its fields, where the core's words (the CLI's) name flags.
    for (const note of parsed.notes) notes.append(element('li', { text: message(note, { page: true }) }));
    const scroll = element('div', { className: 'table-scroll' });
    scroll.append(table);
    result.replaceChildren(heading, scroll, weights, ...scenario, ...(parsed.notes.length ? [notes] : []));
    result.hidden = false;
  }
}
