// The selection strip of a run of requests: one column per request, its attempts stacked in the
// order nginx made them — a refused attempt faded with a ✗, the answering server in full, a
// request that ended in a 502 underlined (and, when no server was left at all, a last cell that
// says so). The requests come from the core (`engine.requests(count)`); the marker follows the
// request of the walkthrough's step, and a click seeks to a request's last attempt. With the
// future hidden only the attempts up to the walkthrough's step are drawn (a request still going
// on is `data-outcome="pending"`), so nothing in the DOM tells what comes later.
//
// Testing contract: `svg#strip[data-mode="requests"][data-requests]`; per request
// `g.request[data-request][data-first][data-steps][data-outcome][data-attempts]`; per attempt
// `rect.cell[data-step][data-attempt][data-outcome]` with `data-pick` when it picked a server (in
// step order, as the plain strip's cells); `line.marker[data-step][data-request]`;
// `line.event[data-step]` before the request an event happens at.

import { nodeColor } from '../draw/palette.js';
import { r1, svg } from '../draw/svg.js';
import { counted, tr } from '../words/i18n.js';

const MARGIN = { left: 46, right: 10 };
const HEIGHT = 64;
const TOP = 4;
const CELLS = HEIGHT - TOP - 18;

export class RequestStrip {
  /**
   * @param {SVGSVGElement} root  the strip's <svg>
   * @param {(step: number) => void} onSeek
   */
  constructor(root, onSeek) {
    this.root = root;
    this.requests = [];
    this.t = 0;
    this.hideFuture = false;
    root.addEventListener('click', (event) => {
      if (root.dataset.mode !== 'requests') return;
      const group = event.target.closest?.('g.request');
      if (group) onSeek(Number(group.dataset.first) + Number(group.dataset.steps) - 1);
    });
  }

  /** Draws `requests` (`engine.requests(count)`) of `nodes`, with the scenario's `events`. */
  show(requests, nodes, events = []) {
    this.requests = requests;
    this.nodes = nodes;
    this.events = events;
    this.render();
  }

  /** Draws the requests, up to the walkthrough's step when the future is hidden. */
  render() {
    const { root, requests, nodes, events } = this;
    this.shownUpTo = this.hideFuture ? this.t : Infinity;
    const width = Math.max(260, Math.round(root.parentElement?.clientWidth || 600));
    root.replaceChildren();
    root.setAttribute('viewBox', `0 0 ${width} ${HEIGHT}`);
    root.setAttribute('height', String(HEIGHT));
    root.dataset.mode = 'requests';
    root.dataset.requests = String(requests.length);
    delete root.dataset.columns;
    const count = Math.max(requests.length, 1);
    this.left = MARGIN.left;
    this.column = (width - MARGIN.left - MARGIN.right) / count;
    const gap = this.column > 4 ? 1 : 0;
    for (const [j, request] of requests.entries()) {
      const shown = this.shownPart(request);
      if (shown) this.drawRequest(shown, j, nodes, gap);
    }
    for (const event of events) {
      if (event.step < 1 || event.step > Math.min(requests.length, this.shownUpTo)) continue;
      const x = r1(this.left + (event.step - 1) * this.column);
      const line = svg('line', { class: 'event', x1: x, x2: x, y1: 0, y2: HEIGHT - 14, 'data-step': event.step, 'data-kind': event.kind }, root);
      svg('title', {}, line).textContent = event.text;
    }
    const axis = { class: 'axis', y: HEIGHT - 2 };
    svg('text', { ...axis, x: this.left }, root).textContent = '1';
    if (this.shownUpTo === Infinity) svg('text', { ...axis, x: width - MARGIN.right, 'text-anchor': 'end' }, root).textContent = counted(requests.length, 'core.figure.requests', 'core.figure.request_one');
    this.mask = svg('rect', { class: 'future-mask', y: 0, height: HEIGHT, width: 0, 'data-future-mask': 'true' }, root);
    this.marker = svg('line', { class: 'marker', y1: 0, y2: HEIGHT - 14 }, root);
    this.mark(this.t);
  }

  /**
   * `request` as far as step `shownUpTo` goes: whole when it ended by then, null when it starts
   * later, else its attempts so far, its outcome `pending`.
   */
  shownPart(request) {
    const last = request.first + request.steps - 1;
    if (last <= this.shownUpTo) return request;
    if (request.first > this.shownUpTo) return null;
    const steps = this.shownUpTo - request.first + 1;
    return { ...request, steps, attempts: request.attempts.slice(0, steps), outcome: 'pending' };
  }

  drawRequest(request, j, nodes, gap) {
    const x = r1(this.left + j * this.column);
    const w = Math.max(r1(this.column - gap), 0.5);
    const group = svg('g', {
      class: 'request', 'data-request': request.request, 'data-first': request.first, 'data-steps': request.steps,
      'data-outcome': request.outcome, 'data-attempts': request.attempts.join(' '),
    }, this.root);
    if (request.worker != null) group.dataset.worker = String(request.worker);
    const names = request.attempts.map((node) => nodes[node].name);
    svg('title', {}, group).textContent = tr(`strip.request.${request.outcome}`, { request: request.request, servers: names.join(' > ') || '—' });
    const h = CELLS / request.steps;
    for (let a = 0; a < request.steps; a += 1) {
      const node = request.attempts[a];
      const picked = node !== undefined;
      // A pending request's attempts so far were all refused: it would have ended otherwise.
      const answered = picked && request.outcome === 'answered' && a === request.steps - 1;
      const outcome = !picked ? 'none' : answered ? 'answered' : 'failed';
      const y = r1(TOP + a * h);
      const cell = svg('rect', {
        class: `cell ${outcome}`, x, y, width: w, height: Math.max(r1(h - (request.steps > 1 ? 1 : 0)), 0.5),
        'data-step': request.first + a, 'data-attempt': a + 1, 'data-outcome': outcome,
      }, group);
      if (picked) {
        cell.dataset.pick = String(node);
        cell.setAttribute('fill', nodeColor(node));
      }
      if (outcome === 'failed' && w >= 8 && h >= 9) {
        svg('text', { class: 'cell-refused', x: r1(x + w / 2), y: r1(y + h / 2 + 4), 'text-anchor': 'middle', 'aria-hidden': 'true' }, group).textContent = '✗';
      }
    }
    if (request.outcome === 'failed' || request.outcome === 'none') {
      svg('rect', { class: 'gateway-mark', x, y: TOP + CELLS + 1, width: w, height: 3 }, group);
    }
  }

  /** The request of step `t`, or null before the first one. */
  requestAt(t) {
    return this.requests.find((r) => t >= r.first && t < r.first + r.steps) ?? null;
  }

  /** Moves the marker to the request of step `t`; covers later requests when the future is hidden. */
  mark(t) {
    this.t = t;
    if (!this.marker) return;
    if (this.hideFuture && t !== this.shownUpTo) {
      this.render();
      return;
    }
    const request = this.requestAt(t);
    const j = request ? request.request - 1 : -1;
    const x = r1(this.left + (j + 0.5) * this.column);
    this.marker.style.display = request ? '' : 'none';
    this.marker.setAttribute('x1', x);
    this.marker.setAttribute('x2', x);
    this.marker.dataset.step = String(t);
    this.marker.dataset.request = request ? String(request.request) : '';
    const from = this.left + (j + 1) * this.column;
    const total = this.left + this.requests.length * this.column + MARGIN.right;
    this.mask.setAttribute('x', r1(from));
    this.mask.setAttribute('width', this.hideFuture ? Math.max(0, r1(total - from)) : 0);
  }

  setHideFuture(on) {
    const changed = this.hideFuture !== Boolean(on);
    this.hideFuture = Boolean(on);
    if (changed && this.marker) this.render();
  }
}
