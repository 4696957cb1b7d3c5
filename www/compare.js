// compare.html: 2–4 algorithms side by side on the same weights and scenario, stepped together by
// one set of controls. Each pane is a walkthrough widget (tanks or the algorithm's picture, the
// narration, the strip) in its own shadow root; its key metrics come from the core's Analysis
// (the widget's `metrics` event), and a table ranks the panes by longest run and worst lag.
// Everything a user sets lives in the hash (its layout: state.js): the weights, `algos=`, the
// step and the phase of a step under way, speed, tie and subtract rules, seed, scenario, measured steps and theme. An action
// changes the page's settings, and the URL follows them (url-state.js `HashSync`).

import { ALGORITHMS, atStep, normaliseOptions, ready } from './engine.js';
import { languageTag, preferredLanguage, tr, useLanguage } from './words/i18n.js';
import { parseWeights } from './pkg/swrr_viz.js';
import { loadPanels } from './widget/panels.js';
import { PLAYBACK_BUTTONS, POSITION_AND_TIMELINE, localize } from './widget/template.js';
import { ALGORITHM_SETS, AlgorithmPicker, MAX_PANES, MIN_PANES, parseAlgos } from './compare/compare-algos.js';
import { PANE_PANELS } from './compare/compare-pane.js';
import { ComparePanes } from './compare/compare-panes.js';
import { LinkErrors, checkLink } from './compare/compare-link.js';
import { SetupFields } from './compare/compare-fields.js';
import { CompareAnnouncer } from './compare/compare-announcer.js';
import { CompareSeek } from './compare/compare-seek.js';
import { CHIP_LIMIT, addChipItem } from './editor/editor-panel.js';
import { FatalBanner, guarded } from './widget/fatal-banner.js';
import { speedOptions } from './editor/option-controls.js';
import { renderPresets } from './editor/presets.js';
import { THEMES, decodeState, encodeState, hashOf, positionOf, urlPosition } from './state/state.js';
import { Transport } from './widget/transport.js';
import { HashSync, readHash } from './state/url-state.js';
import { MAX_RUN_STEPS, validCount } from './widget/run-state.js';
import { WeightsEditor } from './editor/weights-editor.js';
import { followTop } from './stage/tanks-top.js';

export { ALGORITHM_SETS, parseAlgos };
const DEFAULT_WEIGHTS = '5,1,1';

class ComparePage {
  constructor(root) {
    this.root = root;
    // The playback buttons, the position and the timeline are the widget's own (template.js), so both pages stay alike.
    document.getElementById('playback').outerHTML = PLAYBACK_BUTTONS + POSITION_AND_TIMELINE;
    const $ = (id) => document.getElementById(id);
    this.el = {
      weights: $('weights'), weightsError: $('weights-error'), presets: $('preset-buttons'),
      algoButtons: $('algo-buttons'), algoSets: $('algo-sets'), algosToggle: $('algos-toggle'), tie: $('tie'), subtract: $('subtract'), seed: $('seed'), seedError: $('seed-error'),
      scenario: $('scenario'), scenarioError: $('scenario-error'),
      speed: $('speed'), moreToggle: $('more-toggle'), moreOptions: $('more-options'), moreSummary: $('more-summary'),
      runSteps: $('run-steps'), status: $('status'), panes: $('panes'), announcer: $('announcer'),
      ranking: $('ranking'), rankingNote: $('ranking-note'), theme: $('theme'), walkthrough: $('walkthrough-link'), linkErrors: $('link-errors'),
    };
    localize(document, tr);
    this.reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
    this.fatal = new FatalBanner(root, document);
    this.fields = new SetupFields(this.el);
    this.linkErrors = new LinkErrors(this.el.linkErrors, () => this.fields.setMore(true));
    this.paneSet = new ComparePanes({ container: this.el.panes, ranking: this.el.ranking, rankingNote: this.el.rankingNote }, {
      guard: (fn) => this.guard(fn),
      fatal: (message) => this.showFatal(message),
    });
    // In a laptop's window the panes' pictures are as wide as lets them fit under where they start (page.css).
    followTop('--tanks-top', () => this.panes.map((pane) => pane.host.shadowRoot.querySelector('.tanks-wrap')), [document.querySelector('.masthead'), root]);
    this.position = atStep(0);
    this.voice = new CompareAnnouncer(this.el.announcer, { panes: () => this.panes, playing: () => this.transport.playing });
    // Every move shows the panes together; a far step is walked toward in slices first.
    this.seek = new CompareSeek({
      root, status: this.el.status, panes: () => this.panes, reducedMotion: this.reducedMotion,
      guard: (fn) => this.guard(fn), moved: (position) => this.moved(position), walking: () => this.walking(),
    });
    // One transport steps every pane: the scrubber spans the first pane's run, with period
    // ticks only when every pane's run repeats.
    this.transport = new Transport({
      root,
      controls: document,
      move: (position, options) => {
        for (const subject of ['t', 'phase']) this.linkErrors.forget(subject);
        return this.seek.moveAll(position, options);
      },
      position: () => this.position,
      run: () => this.run(),
      guard: (fn, fallback) => this.guard(fn, fallback),
      onPlaying: (playing) => {
        if (playing) return;
        this.saveUrl();
        // Paused: the step it stopped at, without waiting for the pace of playing.
        this.voice.follow(this.position);
      },
    });
    // The weights box and its presets; the node chips stay off-page (the panes show the nodes).
    this.url = new HashSync({
      encode: (entries) => this.encode(entries),
      apply: () => this.guard(() => {
        this.load();
        this.url.save();
      }),
      saved: () => {
        this.updateWalkthroughLink();
        this.showMoreSummary();
      },
    });
    renderPresets(this.el.presets);
    this.editor = new WeightsEditor({ input: this.el.weights, chips: document.createElement('ul'), presets: this.el.presets },
      (text, { commit, tidy }) => this.guard(() => this.onWeights(text, commit, tidy)), { chipLimit: CHIP_LIMIT, addChip: addChipItem });
    this.wire();
  }

  // ── state ─────────────────────────────────────────────────────────────────────────────────

  /**
   * The settings the hash asks for, unchecked (checking them needs the core: `load`); returns its
   * position as the URL says it (`{t, phase}`: the steps done, the phase of a step under way or
   * null). `this.asked` keeps the hash's state as it came.
   */
  readHash() {
    const state = decodeState(undefined, { weights: DEFAULT_WEIGHTS });
    this.asked = state;
    this.theme = state.theme;
    this.applyTheme();
    const { tie, subtract, seed, scenario } = state.options;
    this.settings = {
      weights: state.weights,
      algos: parseAlgos(state.algos).algos,
      options: normaliseOptions({ tie, subtract, seed, scenario }),
      steps: validCount(state.steps),
    };
    this.speed = state.speed;
    this.transport.setSpeed(this.speed);
    return { t: state.t, phase: state.phase };
  }

  /**
   * Before the core is here: the controls as the hash asks, at the size they will have; the
   * panes follow with `layOutPanes`, so nothing moves when the core arrives and `load()` starts them.
   */
  layOut() {
    this.setWaiting(true);
    this.askedAt = this.readHash();
    this.syncControls();
    this.showMoreSummary();
  }

  /** Before the core is here, once the panes' panels' code is: a pane per algorithm, laid out. */
  layOutPanes() {
    this.buildPanes(this.askedAt, { start: false });
  }

  /** Until the core is here the controls are shown but cannot be used (they need a run). */
  setWaiting(waiting) {
    for (const part of this.root.querySelectorAll('.compare-setup, .compare-controls')) part.inert = waiting;
  }

  /**
   * Reads the hash; called once the core is here and on back/forward. What of it cannot be used
   * is said, and its default stands (compare-link.js).
   */
  load() {
    const at = this.readHash();
    const checked = checkLink(this.asked, readHash().get('lang'));
    Object.assign(this.settings, { algos: checked.algos, options: normaliseOptions(checked.options), steps: checked.steps });
    this.linkErrors.show(checked.errors);
    if (!this.fields.checkWeights(this.settings.weights)) this.settings.weights = DEFAULT_WEIGHTS;
    if (!this.fields.checkScenario(this.settings.weights, this.settings.options.scenario)) {
      this.el.scenario.value = this.settings.options.scenario;
      this.settings.options.scenario = '';
      this.keepScenarioError = true;
    }
    this.syncControls({ force: true });
    this.buildPanes(at);
  }

  /** The page's settings in the hash's `entries`. */
  encode(entries) {
    const { weights, algos, options, steps } = this.settings;
    const understood = this.panes[0]?.widget.engine?.options ?? options;
    return encodeState({
      weights, algos, ...urlPosition(this.askedPosition), speed: this.speed, tie: options.tie, subtract: options.subtract, seed: options.seed,
      scenario: understood.scenario, steps, theme: this.theme,
    }, entries);
  }

  /** The URL follows the settings once the action under way has made all its changes. */
  saveUrl({ push = false } = {}) {
    this.url.soon({ push });
  }

  updateWalkthroughLink() {
    const { weights, options: { tie, subtract, seed, scenario } } = this.settings;
    const lang = readHash().get('lang');
    this.el.walkthrough.href = `index.html${hashOf({ weights, algo: this.settings.algos[0], tie, subtract, seed, scenario, ...urlPosition(this.askedPosition) }, { lang })}`;
  }

  /** The position shown, or while a far step is reached the one asked (a link made meanwhile goes there). */
  get askedPosition() {
    return this.seek.reaching ?? this.position;
  }

  // ── panes ─────────────────────────────────────────────────────────────────────────────────

  /**
   * A pane per algorithm on, at `at` as the URL says it (`{t, phase}`: the steps done, the phase
   * of a step under way or null); with `start: false` laid out only (no core needed). Panes laid
   * out for the same settings start where they are.
   */
  buildPanes(at, { start = true } = {}) {
    const { t } = at;
    this.seek.cancel();
    this.paneSet.show(this.settings, { t, speed: this.speed, theme: this.theme, start });
    this.root.dataset.panes = this.settings.algos.join(' ');
    if (!start) return;
    const { reference } = this.paneSet;
    this.editor.showNodes(reference.engine.weights.nodes);
    this.paneSet.alignRunLengths(this.settings.steps);
    // The position the link asks; one no pane can reach (a step past a run's end, too far to
    // compute) leaves them where the first pane could go, and the status line says why.
    this.seek.moveAll(positionOf(at), { animate: false, otherwise: () => this.seek.moveAll(reference.position, { animate: false, unreached: this.seek.stops }) });
    this.voice.hush(this.position);
    this.transport.setupScrubber();
    this.transport.updateScrubber(this.position.t);
  }

  /** The panes, one per algorithm on. */
  get panes() {
    return this.paneSet.list;
  }

  // ── editing ───────────────────────────────────────────────────────────────────────────────

  /** Beside "More options": the folded settings not at their defaults, by name. */
  showMoreSummary() {
    this.fields.showMoreSummary({ ...this.settings, speed: this.speed });
  }

  onWeights(text, commit, tidy) {
    if (!this.fields.checkWeights(text)) return;
    const canonical = parseWeights(text).canonical;
    const same = canonical === this.paneSet.reference.engine.weights.canonical;
    if (!this.fields.checkScenario(text, this.settings.options.scenario)) return;
    this.settings.weights = tidy ? canonical : text;
    if (tidy) this.el.weights.value = canonical;
    if (!same) {
      this.transport.pause();
      this.paneSet.remeasure((widget) => widget.setWeights(this.settings.weights, { t: 0 }));
      this.editor.showNodes(this.paneSet.reference.engine.weights.nodes);
      this.paneSet.alignRunLengths(this.settings.steps);
      this.transport.setupScrubber();
      this.seek.moveAll(atStep(0), { animate: false });
    } else {
      for (const pane of this.panes) pane.widget.setWeights(this.settings.weights);
    }
    this.url.edited({ commit });
  }

  /** New options for every pane (`{tie, subtract, seed, scenario}`); false if the core refused. */
  setOptions(changes) {
    for (const key of Object.keys(changes)) this.linkErrors.forget(key);
    const next = normaliseOptions({ ...this.settings.options, ...changes });
    const previous = this.settings.options;
    // A box left after Enter applied it reports a change again: nothing new, nothing to redo.
    if (Object.keys(next).every((key) => next[key] === previous[key])) return true;
    this.settings.options = next;
    let ok = true;
    this.paneSet.remeasure((widget, algo) => {
      ok = widget.setOptions({ ...next, algo }) && ok;
    });
    if (!ok) {
      this.settings.options = previous;
      for (const pane of this.panes) pane.widget.setOptions({ ...previous, algo: pane.algo });
    }
    this.paneSet.alignRunLengths(this.settings.steps);
    this.transport.setupScrubber();
    this.seek.moveAll(this.position, { animate: false });
    this.saveUrl({ push: true });
    return ok;
  }

  onScenario(text) {
    if (!this.fields.checkScenario(this.settings.weights, text)) return;
    this.keepScenarioError = false;
    this.setOptions({ scenario: text });
  }

  onSeed(text) {
    const seed = text.trim();
    if (!/^\d{1,20}$/.test(seed) || !this.setOptions({ seed })) {
      this.fields.showError(this.el.seedError, this.el.seed, tr('seed.error'));
      return;
    }
    this.fields.showError(this.el.seedError, this.el.seed, '');
  }

  setAlgos(next) {
    if (next.length < MIN_PANES || next.length > MAX_PANES) return;
    this.linkErrors.forget('algos');
    // Panes keep the order of ALGORITHMS, so a link lists them the same way every time.
    this.settings.algos = ALGORITHMS.filter((name) => next.includes(name));
    this.transport.pause();
    this.buildPanes(urlPosition(this.position));
    this.syncControls();
    this.saveUrl({ push: true });
  }

  /** The controls show the settings; a field being typed in keeps its text unless `force` (the URL was followed). */
  syncControls({ force = false } = {}) {
    const { weights, algos, options, steps } = this.settings;
    const keep = (field) => !force && document.activeElement === field;
    if (!keep(this.el.weights)) this.el.weights.value = weights;
    this.el.tie.value = options.tie;
    this.el.subtract.value = options.subtract;
    if (!keep(this.el.seed)) this.el.seed.value = options.seed;
    if (!this.keepScenarioError && !keep(this.el.scenario)) this.el.scenario.value = options.scenario;
    this.el.runSteps.value = steps ?? '';
    this.el.speed.value = String(this.speed);
    this.algoPicker.render(algos);
  }

  applyTheme() {
    if (this.theme === 'auto') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = this.theme;
    this.el.theme.textContent = tr('theme.toggle', { mode: tr(`theme.${this.theme}`) });
    for (const pane of this.panes) pane.setTheme(this.theme);
  }

  // ── stepping together ─────────────────────────────────────────────────────────────────────

  /**
   * The run the panes share, as the transport and the position display read it: the first
   * pane's period, counted only when every pane's run repeats; phases named as every algorithm
   * shares them (no algorithm of its own).
   */
  run() {
    const { engine } = this.paneSet.reference;
    const periodic = this.panes.every((pane) => pane.widget.engine.runPeriod != null);
    // The shared timeline counts picks, as every pane but one of attempts does: an event at its own number.
    const { events } = engine;
    return { algorithm: null, period: engine.period, runPeriod: periodic ? engine.runPeriod : null, events, eventSteps: events.map((event) => event.step) };
  }

  /**
   * A far step is walked toward: the transport says where the panes stand meanwhile (a new run
   * shows its start), in the page's words, and the link keeps the step asked.
   */
  walking() {
    const shown = this.panes[0]?.widget.position;
    if (shown) this.transport.showPosition(shown.t, shown.phase);
    this.url.later();
  }

  /** The panes show `position` (the first pane's). */
  moved(position) {
    this.position = position;
    const { t, phase } = position;
    this.root.dataset.step = String(t);
    this.root.dataset.phase = phase;
    this.transport.showPosition(t, phase);
    this.voice.follow(position);
    this.url.later();
  }

  guard(fn, fallback) {
    return guarded(fn, fallback, (error) => this.showFatal(error));
  }

  showFatal(error) {
    this.seek.cancel();
    this.transport.pause();
    this.voice.destroy();
    this.fatal.show(error);
  }

  wire() {
    const { el } = this;
    this.algoPicker = new AlgorithmPicker({ toggles: el.algoButtons, sets: el.algoSets, fold: el.algosToggle }, {
      current: () => this.settings.algos,
      pick: (algos) => this.guard(() => this.setAlgos(algos)),
    });
    el.speed.replaceChildren(...speedOptions());
    el.speed.addEventListener('change', () => {
      this.speed = Number(el.speed.value);
      this.linkErrors.forget('speed');
      this.transport.setSpeed(this.speed);
      this.saveUrl();
    });
    el.tie.addEventListener('change', () => this.guard(() => this.setOptions({ tie: el.tie.value })));
    el.subtract.addEventListener('change', () => this.guard(() => this.setOptions({ subtract: el.subtract.value })));
    el.seed.addEventListener('change', () => this.guard(() => this.onSeed(el.seed.value)));
    el.scenario.addEventListener('change', () => this.guard(() => this.onScenario(el.scenario.value)));
    el.scenario.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !event.shiftKey) {
        event.preventDefault();
        this.guard(() => this.onScenario(el.scenario.value));
      }
    });
    el.scenario.placeholder = tr('scenario.placeholder');
    el.runSteps.placeholder = tr('plots.defaultSteps');
    el.runSteps.max = String(MAX_RUN_STEPS);
    el.runSteps.addEventListener('change', () => this.guard(() => {
      this.settings.steps = validCount(el.runSteps.value);
      this.linkErrors.forget('steps');
      this.paneSet.remeasure((widget) => widget.setRun({ steps: this.settings.steps }));
      this.paneSet.alignRunLengths(this.settings.steps);
      this.saveUrl({ push: true });
    }));
    el.theme.addEventListener('click', () => {
      this.theme = THEMES[(THEMES.indexOf(this.theme) + 1) % THEMES.length];
      this.linkErrors.forget('theme');
      this.applyTheme();
      this.saveUrl();
    });
    document.addEventListener('keydown', (event) => {
      if (this.root.dataset.ready === 'true') this.transport.handleKey(event);
    });
    // Before the core is here a link followed is read when the panes start (`load` reads the hash).
    const follow = () => {
      if (this.root.dataset.ready === 'true') this.url.follow();
    };
    window.addEventListener('hashchange', follow);
    window.addEventListener('popstate', follow);
  }
}

async function main() {
  // The setup and the transport are laid out at once, the panes once their panels' code is here,
  // and all of them start when the core has arrived.
  const core = ready();
  core.catch(() => {}); // awaited below, where a failure shows
  // The URL's language (the walkthrough's links carry the one chosen there), else the browser's.
  document.documentElement.lang = languageTag(await useLanguage(preferredLanguage(readHash().get('lang'))));
  document.title = `swrr-viz — ${tr('compare.title')}`;
  const root = document.getElementById('compare');
  const page = new ComparePage(root);
  page.layOut();
  await loadPanels(PANE_PANELS, page.settings.algos);
  page.layOutPanes();
  await core;
  page.load();
  page.setWaiting(false);
  page.saveUrl();
  page.transport.showPlaying();
  root.dataset.ready = 'true';
}

function fail(error) {
  new FatalBanner(document.getElementById('compare'), document).show(error);
}

window.addEventListener('error', (event) => {
  if (!event.error && String(event.message).includes('ResizeObserver loop')) return;
  fail(event.error ?? event.message);
});
window.addEventListener('unhandledrejection', (event) => fail(event.reason));
main().catch(fail);
