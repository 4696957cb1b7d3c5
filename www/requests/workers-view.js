// nginx's worker processes, each with its own tanks: without a `zone` every worker keeps its
// own SWRR state, so the request a worker serves fills and drains only that worker's tanks. One
// small set of tanks per worker, the levels from the core (`view.workerLevels`, the serving
// worker's in the current phase), the serving worker outlined; and under them what the access
// log shows — the merged sequence is no longer smooth — from the core's metrics of the run.
//
// Testing contract: `#workers-view[data-workers][data-active]`; `g.worker[data-worker]` with
// `data-active` on the serving one, bars `rect[data-node][data-current]`; `#workers-unevenness
// [data-window][data-window-variance][data-longest-run][data-longest-node]`; each bar's node named
// under it (`text.worker-node[data-node]`) by the core's label for the width of its slot.

import { workersApart } from '../engine.js';
import { nodeColor } from '../draw/palette.js';
import { r1, svg } from '../draw/svg.js';
import { nameLabeller } from '../draw/names.js';
import { list, num, tr } from '../words/i18n.js';

/** Narrowest cell of one worker's tanks, in px. */
const CELL_MIN = 150;
const CELL_HEIGHT = 106;
/** The font of a node's name under its bar, in px (widget.css `.worker-node`). */
const NAME_FONT = 11;

export class WorkersView {
  /** @param {HTMLElement} root  `#workers-view` */
  constructor(root) {
    this.root = root;
    this.svg = root.querySelector('svg');
    this.caption = root.querySelector('#workers-caption');
    this.unevenness = root.querySelector('#workers-unevenness');
    this.cells = [];
  }

  /** A new run: shown when it has several workers with states of their own. */
  setRun(engine) {
    const { workers } = engine.options;
    const shown = workersApart(engine.options);
    this.root.hidden = !shown;
    this.nodes = engine.weights.nodes;
    this.range = [Math.min(engine.range[0], 0), Math.max(engine.range[1], 0, 1)];
    this.workers = shown ? workers : 0;
    this.root.dataset.workers = String(this.workers);
    this.caption.textContent = shown ? tr('workers.caption', { workers }) : '';
    this.unevenness.textContent = '';
    this.layout();
  }

  /**
   * Before the core: the place of `workers` workers' tanks in a box `boxWidth` wide, their caption
   * and their cells' size, so that nothing moves when the run is drawn.
   */
  reserve(workers, boxWidth) {
    this.root.hidden = false;
    this.caption.textContent = tr('workers.caption', { workers });
    this.frame(workers, boxWidth);
  }

  /**
   * Sizes the picture for `workers` in a box `boxWidth` wide (0: not laid out yet); returns its
   * width, the cells a row and each cell's width.
   */
  frame(workers, boxWidth) {
    const width = Math.max(280, Math.round(boxWidth || 600));
    const columns = Math.max(1, Math.min(workers, Math.floor(width / CELL_MIN)));
    this.svg.setAttribute('viewBox', `0 0 ${width} ${Math.ceil(workers / columns) * CELL_HEIGHT}`);
    return { width, columns, cellWidth: width / columns };
  }

  /** Lays the cells out for the width the box has now. */
  layout() {
    this.svg.replaceChildren();
    this.cells = [];
    if (!this.workers) return;
    const { width, columns, cellWidth } = this.frame(this.workers, this.root.clientWidth);
    const n = this.nodes.length;
    const nameLabel = nameLabeller(this.nodes);
    for (let k = 0; k < this.workers; k += 1) {
      const x = (k % columns) * cellWidth;
      const y = Math.floor(k / columns) * CELL_HEIGHT;
      const group = svg('g', { class: 'worker', 'data-worker': k }, this.svg);
      svg('rect', { class: 'worker-frame', x: x + 2, y: y + 2, width: cellWidth - 4, height: CELL_HEIGHT - 4, rx: 6 }, group);
      svg('text', { class: 'worker-name', x: x + 10, y: y + 17 }, group).textContent = tr('workers.name', { worker: k + 1 });
      const plot = { left: x + 10, width: cellWidth - 20, top: y + 24, height: CELL_HEIGHT - 48 };
      const slot = plot.width / n;
      const bars = this.nodes.map((node, i) => {
        const bar = svg('rect', { class: 'worker-bar', x: r1(plot.left + i * slot + slot * 0.15), width: r1(Math.max(slot * 0.7, 1)), 'data-node': i, 'data-current': 0 }, group);
        bar.style.fill = nodeColor(i);
        svg('title', {}, bar);
        // A name under each bar, the core's label for its slot; none where not even a letter fits.
        if (slot >= NAME_FONT) {
          const label = svg('text', { class: 'worker-node', x: r1(plot.left + (i + 0.5) * slot), y: r1(plot.top + plot.height + 12), 'data-node': i }, group);
          label.textContent = nameLabel(i, slot * 0.9, NAME_FONT);
        }
        return bar;
      });
      const zero = r1(this.y(0, plot));
      svg('line', { class: 'worker-zero', x1: plot.left, x2: plot.left + plot.width, y1: zero, y2: zero }, group);
      this.cells.push({ group, bars, plot });
    }
    if (this.lastView) this.show(this.lastView);
  }

  y(level, plot) {
    const [low, high] = this.range;
    return plot.top + ((high - level) / (high - low)) * plot.height;
  }

  /** Shows each worker's levels at the view's step (the serving worker's at its phase). */
  show(view) {
    this.lastView = view;
    if (!this.workers || !this.cells.length) return;
    const active = view.worker ?? null;
    this.root.dataset.active = active == null ? '' : String(active);
    const levelsOf = (k) => (k === active ? view.levels : view.workerLevels?.[k] ?? this.nodes.map(() => 0));
    this.cells.forEach(({ group, bars, plot }, k) => {
      group.toggleAttribute('data-active', k === active);
      const levels = levelsOf(k);
      bars.forEach((bar, i) => {
        const level = levels[i] ?? 0;
        const top = this.y(Math.max(level, 0), plot);
        const bottom = this.y(Math.min(level, 0), plot);
        bar.setAttribute('y', r1(top));
        bar.setAttribute('height', r1(Math.max(bottom - top, 0.5)));
        bar.dataset.current = String(level);
        bar.firstChild.textContent = tr('workers.bar', { worker: k + 1, name: this.nodes[i].name, level: num(level) });
      });
    });
  }

  /** What the merged sequence looks like, from the core's metrics of the run's requests. */
  setMetrics(m) {
    if (!this.workers || !m) return;
    const longest = Math.max(...m.nodes.map((node) => node.longest_run));
    const names = m.nodes.filter((node) => node.longest_run === longest).map((node) => node.name);
    Object.assign(this.unevenness.dataset, {
      window: String(m.window), windowVariance: String(m.max_window_variance.variance), longestRun: String(longest),
      longestNode: names.join(' '),
    });
    this.unevenness.textContent = tr('workers.unevenness', {
      requests: m.answered, window: m.window, variance: m.max_window_variance.variance.toPrecision(3), longest, names: list(names),
    });
  }
}

