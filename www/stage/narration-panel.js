// The walkthrough's words: what the step did (narration and the live region screen readers
// hear), the levels' sum and its drift (sum-drift.js), the algorithm's rules with the current
// phase's rule marked, and the note on a tie. narration.js writes the sentences; this panel
// decides where and when.

import { hasLevels, sentenceNames } from '../engine.js';
import { tr } from '../words/i18n.js';
import { narrate, renderRules, say, showNarration, startStandIn, stepStandIn, tanksName, tieText } from './narration.js';
import { sampledViews, tallestHeight } from '../algorithms/run-samples.js';
import { LivePace } from './live-pace.js';

export class NarrationPanel {
  /**
   * @param {ParentNode} scope  the widget; the words are drawn only if it shows them (its explain panel)
   * @param {{playing: () => boolean}} transport
   */
  constructor(scope, transport) {
    const $ = (id) => scope.querySelector(`#${id}`);
    this.el = {
      announcer: $('announcer'), narration: $('narration'), sum: $('sum'), rules: $('rules'), tieNote: $('tie-note'), tanks: $('tanks'),
      drift: $('sum-drift'), driftCaption: $('sum-drift-caption'),
    };
    this.scope = scope;
    this.transport = transport;
    this.pace = new LivePace();
    this.sumDrift = null;
    /** The run without levels whose words keep their place, and the width it was measured at. */
    this.kept = null;
    this.keptWidth = 0;
    this.widthObserver = null;
    // The rules' box changes size as the narration above it settles (presenter mode): the rule of
    // the phase is scrolled into it again, in the next frame (no resize loop).
    this.rulesObserver = this.el.rules ? new ResizeObserver(() => requestAnimationFrame(() => showActiveRule(this.el.rules))) : null;
    this.rulesObserver?.observe(this.el.rules, { box: 'border-box' });
  }

  /** Builds Σ's drift figure with the panels' code (`parts`: loaded with the explain panel by now). */
  start(parts) {
    if (this.el.narration) this.sumDrift = new parts.SumDrift(this.scope);
  }

  /**
   * Before the first run: the rules, Σ's line for an algorithm with levels only, the opening words
   * when the walkthrough starts at 0 (for an algorithm without levels, whose words need the core,
   * the place of the longer of those and a step's), and the place of Σ's drift when the options ask
   * for a run whose Σ can leave 0 (engine.js `mayDrift`: a scenario, the "own" rule), with its words (after
   * step 0, their place). A place is kept by unseen stand-in words (widget.css `[data-reserved]`).
   * `equal`: the weights are written alike (engine.js `writtenAlike`), which Envoy tells otherwise;
   * `nodes`: how many the weights name.
   */
  idle(options, startStep, equal, nodes = 3) {
    const { el } = this;
    // Envoy picks by index for weights alike: its rules are round robin's from the start.
    if (el.rules) renderRules(el.rules, null, options.tie, { ...options, mode: equal ? 'round-robin' : undefined });
    if (el.sum) el.sum.hidden = !hasLevels(options.algo);
    if (!el.narration) return;
    if (!hasLevels(options.algo)) {
      el.narration.textContent = standInWords(options, nodes, equal);
      el.narration.dataset.reserved = '';
      return;
    }
    if (startStep === 0) el.narration.textContent = tr('core.narration.picture_start');
    const own = options.subtract === 'own';
    el.drift.hidden = !own && options.scenario.trim() === '';
    if (startStep === 0) {
      el.driftCaption.textContent = tr(own ? 'drift.ownStart' : 'drift.conserved');
      return;
    }
    // Later, its words need the core's step: a stand-in of as many lines keeps their place.
    el.driftCaption.textContent = own ? tr('drift.own', { added: 10, total: 5, kept: 5 }) : tr('drift.conserved');
    el.driftCaption.dataset.reserved = '';
  }

  /** A new run: the sum shows only for algorithms with levels, its drift only for SWRR's variants. */
  showRun(engine) {
    if (this.el.sum) this.el.sum.hidden = !engine.hasLevels;
    if (!engine.mayDrift) this.sumDrift?.hide();
    this.kept = engine.hasLevels ? null : engine;
    this.keepPlace();
  }

  /**
   * An algorithm without levels: the narration keeps the height of its longest words in the
   * run's first steps (run-samples.js), at the width it has, so what follows it does not move
   * from step to step; measured again when its width changes.
   */
  keepPlace() {
    const { narration } = this.el;
    if (!narration) return;
    const engine = this.kept;
    if (!engine || !narration.isConnected) {
      narration.style.minHeight = '';
      return;
    }
    // Read only here: reading it forces a layout, which the tanks' runs need not wait for.
    this.keptWidth = narration.clientWidth;
    const { nodes } = engine.weights;
    const said = sampledViews(engine).map((view) => narrate(view, nodes, engine.tie, engine.options));
    // Its place before the core, so that the core's words take no more than they need.
    said.push(standInWords(engine.options, nodes.length, engine.initialState.mode === 'round-robin'));
    const words = said.map((text) => (copy) => showNarration(copy, text));
    narration.style.minHeight = `${tallestHeight(narration, words)}px`;
    this.widthObserver ??= new ResizeObserver(() => {
      if (this.kept && narration.clientWidth !== this.keptWidth) requestAnimationFrame(() => this.keepPlace());
    });
    this.widthObserver.observe(narration);
  }

  /** The words for `view` of `engine`'s run, under the tie rule `tie`. */
  render(view, engine, tie) {
    const { el } = this;
    const { weights } = engine;
    const { phase } = view.position;
    const narration = narrate(view, weights.nodes, tie, engine.options);
    this.announce(narration, phase);
    if (!el.narration) return;
    showNarration(el.narration, narration);
    delete el.narration.dataset.reserved;
    el.sum.textContent = view.sumLine ? say(view.sumLine, sentenceNames(weights.nodes)) : '';
    el.sum.dataset.sum = String(view.sum);
    renderRules(el.rules, phase === 'start' ? null : phase, tie, { ...engine.options, mode: view.state?.mode });
    el.tieNote.textContent = engine.hasLevels ? tieText(view, weights.nodes) : '';
    if (engine.hasLevels) el.tanks?.setAttribute('aria-label', tanksName(view, weights.nodes));
    if (engine.mayDrift) this.sumDrift?.show(engine, view);
    // Last: what is written under the rules (a tie's note) takes from their room.
    showActiveRule(el.rules);
  }

  /**
   * Tells screen readers what the step did, through a visually hidden polite live region, at the
   * pace of live-pace.js. A step's phases each say more of the same sentence, so a key press is
   * said once its position has stood; while playing only whole steps (with their pick) are said.
   */
  announce(text, phase) {
    if (!this.el.announcer) return;
    const playing = this.transport.playing();
    if (playing && phase !== 'drain' && phase !== 'start') return;
    this.pace.schedule(playing, () => {
      // The same words again (the view drawn anew) are not news.
      if (this.el.announcer.textContent !== text) this.el.announcer.textContent = text;
    });
  }

  destroy() {
    this.pace.cancel();
    this.widthObserver?.disconnect();
    this.rulesObserver?.disconnect();
  }
}

/** The longer of the opening words and a step's, before the core (narration.js's stand-ins). */
function standInWords(options, nodes, equal) {
  const start = startStandIn(options, equal);
  const step = stepStandIn(options, nodes, equal);
  return step.length > start.length ? step : start;
}

/**
 * Where the rules scroll in a box of their own (presenter mode on a projector, presenter.css), the
 * rule of the phase is scrolled into it: a clicker cannot scroll. The box starts at a rule's
 * first line, the earliest from which the rule of the phase is still whole, never in the middle of
 * the rule before (whose last words alone would read as a rule); a last rule that could not start
 * the box otherwise gets room after it (--rules-tail).
 */
function showActiveRule(rules) {
  rules.style.removeProperty('--rules-tail');
  const active = rules.querySelector('li.active');
  if (!active || getComputedStyle(rules).overflowY !== 'auto' || rules.scrollHeight <= rules.clientHeight) return;
  const box = rules.getBoundingClientRect();
  const top = (li) => li.getBoundingClientRect().top - box.top - rules.clientTop + rules.scrollTop;
  const end = top(active) + active.getBoundingClientRect().height;
  const items = [...rules.children];
  const first = items.slice(0, items.indexOf(active) + 1).find((li) => end - top(li) <= rules.clientHeight) ?? active;
  // Whole pixels, the nearest: the box scrolls by whole pixels.
  const scrollTop = Math.round(top(first));
  const short = scrollTop + rules.clientHeight - rules.scrollHeight;
  if (short > 0) rules.style.setProperty('--rules-tail', `${Math.ceil(short)}px`);
  rules.scrollTop = scrollTop;
}
