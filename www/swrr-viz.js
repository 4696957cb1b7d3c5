// <swrr-viz>: the walkthrough as a custom element, for documentation pages. One import, then
//   <swrr-viz weights="5,3,2"></swrr-viz>
// Each element is independent and isolated in a shadow root. Its attributes (all optional, all
// live) are listed with their defaults in element-attributes.js and read as the page reads its
// URL (state.js `decodeAttributes`); a wrong one (weights, algorithm, rule, seed, scenario,
// rate, workers, dispatch seed, tries) is said in a red box under the widget, in the core's words, and
// in data-options-error, while the run goes on with that attribute's last good value. Without the
// controls panel (and its status line) the box also says a step the core cannot reach, as the
// status line would, until the step shown changes.
// Life of an element: connected, it lays out its panels' markup at once, sized as the started
// element will be (so starting shifts nothing on the page); when any part of it is scrolled into
// view it loads the core and starts (data-ready, and a `ready` event); off-screen it pauses.
// Moved (taken out and put back in the same task) it goes on where it was; taken out for longer,
// it is torn down, and put back it starts afresh from its attributes.
// Whatever it needs that fails to load (the wasm, a module, its styles) is said in a visible
// message inside it, and in data-error.
// API: el.stepForward(), el.stepBack(), el.seek(t), el.play(), el.pause(), el.t, el.phase;
// a `step` event (detail {t, phase, winner}) bubbles out of the element. Before the start the
// steps move the step it starts at, and play() plays once it starts.
// Its words are in the document's language (`<html lang>`): Chinese for `zh` and `zh-*`, else
// English; one language for every element of a page.

import { DEFAULT_OPTIONS, OPTION_KEYS, ready } from './engine.js';
import { ELEMENT_CHECKED, checkElementAttributes, parseLoop, parsePanels } from './state/attribute-checks.js';
import { checkRunOptions } from './state/option-checks.js';
import { ATTRIBUTE_NAMES } from './state/element-attributes.js';
import { errorText, isLoaded, language, languageOf, languageTag, setLanguage, tr, useLanguage } from './words/i18n.js';
import { loadPanels } from './widget/panels.js';
import { decodeAttributes } from './state/state.js';
import { SwrrWidget } from './widget/widget.js';
import { themeCss, widgetCss } from './widget-styles.js';

const HOST_STYLE = `
  :host { display: block; color: var(--fg); background: var(--bg); border: 1px solid var(--line);
          border-radius: var(--radius); padding: 0.5rem; contain: content; }
  :host(:focus-visible) { outline: 3px solid var(--focus); outline-offset: 2px; }
  :host([hidden]) { display: none; }
  /* The widget lays itself out by the element's width, not the window's (widget.css). */
  .swrr { container: swrr / inline-size; }
  .failure { margin: 0; padding: 0.75rem 1rem; border: 2px solid var(--error, #a8221a); border-radius: 8px;
             color: var(--error, #a8221a); background: var(--error-bg, #fdecea); font: 600 1rem/1.45 system-ui, sans-serif; }
  .failure span { display: block; font-weight: 400; margin-top: 0.35rem; }
  .attribute-errors { margin: 0.5rem 0 0; padding: 0.5rem 0.75rem; border: 2px solid var(--error); border-radius: 8px;
                      color: var(--error); background: var(--error-bg); font: 0.95rem/1.4 system-ui, sans-serif;
                      overflow-wrap: anywhere; }
  .attribute-errors span { display: block; }
  .attribute-errors span + span { margin-top: 0.3rem; }
`;

/** The inputs an attribute error can be about, in the order the box lists them (`zone` among the options). */
const ERROR_ORDER = [...new Set(['weights', ...OPTION_KEYS, ...ELEMENT_CHECKED])];
/** The option behind each kind of refusal the walkthrough reports (run-state.js `lastError`). */
const OPTION_OF_FAILURE = { scenario: 'scenario', seed: 'seed', dispatch: 'dispatch' };

let sheets = null;
/**
 * The element's stylesheets, built once and shared by every shadow root. Constructed
 * stylesheets, not <style> elements: pages with a Content-Security-Policy that allows no inline
 * style (ours, and many documentation sites) still apply them.
 */
function sharedSheets() {
  sheets ??= [themeCss, widgetCss, HOST_STYLE].map((text) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    return sheet;
  });
  return sheets;
}

/** The language of the document the elements stand in (English if it is none we speak). */
function documentLanguage() {
  return languageOf(document.documentElement.lang) ?? 'en';
}

/** The document's language, spoken once its strings are here (Chinese is a module loaded on first use). */
function applyDocumentLanguage() {
  return useLanguage(documentLanguage());
}

export class SwrrVizElement extends HTMLElement {
  static observedAttributes = ATTRIBUTE_NAMES;

  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
    /** The running widget, once started; before, `pending` is the widget laid out but not started. */
    this.widget = null;
    this.pending = null;
    /** The language `pending` was laid out in. */
    this.laidOutIn = null;
    this.visible = false;
    this.resumeOnView = false;
    /** play() before the start: it plays once started (pause() takes it back). */
    this.playOnStart = false;
    /** What the core refused of the attributes, by input (`weights`, `algo`, `seed`, …): its error. */
    this.refused = new Map();
    /** The options last in effect: where a refused option attribute falls back to. */
    this.goodOptions = { ...DEFAULT_OPTIONS };
  }

  connectedCallback() {
    if (!this.hasAttribute('tabindex')) this.tabIndex = 0;
    if (!this.hasAttribute('role')) this.setAttribute('role', 'group');
    this.nameItself();
    this.addEventListener('keydown', this.onKey);
    if (this.teardown != null) {
      // Moved (taken out and put back before the teardown ran, as frameworks move nodes): the
      // walkthrough goes on as it was — step, phase, playing — and no new `ready`.
      clearTimeout(this.teardown);
      this.teardown = null;
      this.watchVisibility();
      return;
    }
    if (!this.adoptStyles()) return;
    this.announced = false;
    if (isLoaded(documentLanguage())) setLanguage(documentLanguage());
    this.prepare(this.attributeState().t);
    // Laid out in English while the document's language loads: laid out again in it once here,
    // usually before the core (a start waiting for the core goes on with the new layout).
    if (!isLoaded(documentLanguage())) {
      applyDocumentLanguage().then(() => {
        if (this.pending && this.laidOutIn !== language()) this.prepare(this.pending.startStep);
      });
    }
    this.watchVisibility();
  }

  /**
   * Any part of the element in view starts it (threshold 0), even an element that ends the
   * page: its reserved height lets the page scroll to it; out of view it pauses.
   */
  watchVisibility() {
    this.observer = new IntersectionObserver((entries) => this.onVisibility(entries.at(-1).isIntersecting));
    this.observer.observe(this);
  }

  disconnectedCallback() {
    this.observer?.disconnect();
    this.removeEventListener('keydown', this.onKey);
    // Torn down once the current task is over, unless connected again before: a move (removed
    // and inserted, in one call or a few) keeps the walkthrough where it was.
    this.teardown = setTimeout(() => this.tearDown(), 0);
  }

  /** Out of the document for good: the walkthrough stops and its markup goes. */
  tearDown() {
    this.teardown = null;
    this.widget?.destroy();
    this.pending?.destroy();
    this.widget = null;
    this.pending = null;
    delete this.dataset.error;
    this.shadowRoot.replaceChildren();
  }

  attributeChangedCallback(name, previous, value) {
    if (previous === value) return;
    if (!this.widget) {
      // Not started: the laid-out widget follows the attributes (its size may change with them),
      // at the step asked (a seek or a step before the start stays, unless `step` changes).
      if (this.pending && name !== 'theme') this.prepare(name === 'step' ? this.attributeState().t : this.pending.startStep);
      else if (this.pending) this.checkOwnAttributes();
      return;
    }
    const widget = this.widget;
    const state = this.attributeState();
    // A wrong attribute of the element's own is said, and what was in effect stays (the panels
    // it does name are shown: the layout that follows says it again).
    if (ELEMENT_CHECKED.includes(name) && this.checkOwnAttributes().has(name) && name !== 'panels') return;
    switch (name) {
      case 'weights':
        this.applyWeights(state);
        this.applyOptions(); // options refused against the old weights may name the new ones
        // The phase goes with the step asked, on new weights as at the start.
        if (state.phase && !this.refused.has('weights')) this.goToAsked(state);
        break;
      case 'step':
      case 'phase':
        this.goToAsked(state);
        break;
      case 'tie':
      case 'algorithm':
      case 'algo':
      case 'subtract':
      case 'seed':
      case 'scenario':
      case 'rate':
      case 'workers':
      case 'zone':
      case 'dispatch':
      case 'tries':
        this.applyOptions();
        break;
      case 'speed':
        widget.setSpeed(state.speed);
        break;
      case 'loop':
        widget.loop = parseLoop(value); // no loop when removed or empty
        break;
      case 'autoplay':
        if (value === null) widget.pause();
        else if (this.visible) widget.play();
        break;
      case 'panels':
        this.restart();
        break;
      default: // theme: :host([theme]) in theme.css does it
    }
  }

  /** Adopts the shared stylesheets; false (with the failure shown) if they cannot apply. */
  adoptStyles() {
    try {
      this.shadowRoot.adoptedStyleSheets = sharedSheets();
      return true;
    } catch (error) {
      this.fail('styles', error);
      return false;
    }
  }

  /**
   * Lays the widget out from the attributes, at step `t`, without starting it: its panels'
   * markup, sized as the started element will be, so starting shifts nothing on the page.
   */
  prepare(t) {
    this.pending?.destroy();
    // Its words are in the document's language, whatever the host's own (a part of the page marked
    // otherwise): marked so, a screen reader reads them in it.
    const container = Object.assign(document.createElement('div'), { lang: languageTag(language()) });
    this.errorBox = Object.assign(document.createElement('p'), { className: 'attribute-errors', hidden: true, lang: languageTag(language()) });
    this.errorBox.setAttribute('role', 'alert');
    this.shadowRoot.replaceChildren(container, this.errorBox);
    /** What the widget's status line would say, where it has none (its `status` event). */
    this.statusText = '';
    const { weights, options, speed } = this.attributeState();
    this.laidOutIn = language();
    this.nameItself();
    this.pending = new SwrrWidget(container, {
      panels: parsePanels(this.getAttribute('panels')),
      weights,
      step: t,
      ...options,
      speed,
      loop: parseLoop(this.getAttribute('loop')),
      start: false,
      errorsOnStatus: false,
    });
    this.checkOwnAttributes();
  }

  async onVisibility(visible) {
    this.visible = visible;
    if (visible && !this.widget && this.pending && !this.starting) {
      await this.start();
      // Scrolled away while it was loading: it plays once back in view.
      if (this.widget && (this.hasAttribute('autoplay') || this.playOnStart)) {
        this.playOnStart = false;
        if (this.visible) this.widget.play();
        else this.resumeOnView = true;
      }
      return;
    }
    if (!this.widget) return;
    if (!visible && this.widget.playing) {
      this.resumeOnView = true;
      this.widget.pause();
    } else if (visible && this.resumeOnView) {
      this.resumeOnView = false;
      this.widget.play();
    }
  }

  /** Loads the core and the code of the panels shown, then starts the laid-out widget. */
  async start() {
    this.starting = true;
    try {
      let panels;
      do {
        panels = this.pending.panels;
        const loading = loadPanels(panels, [this.pending.algo]);
        // The panels' code often comes before the core: the places it keeps are laid out then.
        loading.then(() => this.pending?.relayout(), () => {});
        const [core, code] = await Promise.allSettled([ready(), loading, applyDocumentLanguage()]);
        if (core.status === 'rejected') throw Object.assign(new Error(), { kind: 'wasm', cause: core.reason });
        if (code.status === 'rejected') throw Object.assign(new Error(), { kind: 'module', cause: code.reason });
        if (!this.isConnected || !this.pending) return;
        // Laid out before the document's language was here: laid out again in it.
        if (this.laidOutIn !== language()) this.prepare(this.pending.startStep);
      } while (panels !== this.pending.panels); // the panels changed meanwhile: load theirs too
    } catch (error) {
      this.fail(error.kind, error.cause);
      return;
    } finally {
      this.starting = false;
    }
    const widget = this.pending;
    this.pending = null;
    widget.addEventListener('status', (event) => {
      this.statusText = event.detail.text;
      this.showAttributeErrors();
    });
    widget.start();
    this.widget = widget;
    // Started at the step asked (not one the API chose before the start): at the phase asked too.
    const asked = this.attributeState();
    if (asked.phase && widget.position.t === asked.t) widget.showPhase(asked.t, asked.phase);
    widget.addEventListener('step', (event) => {
      this.dataset.step = String(event.detail.t);
      this.dataset.phase = event.detail.phase;
      this.dispatchEvent(new CustomEvent('step', { detail: event.detail, bubbles: true, composed: true }));
    });
    widget.addEventListener('change', () => {
      this.dataset.algo = widget.state.algo;
    });
    this.dataset.step = String(widget.position.t);
    this.dataset.phase = widget.position.phase;
    // The walkthrough started without what the core refused: said, and each attribute tried again.
    const state = this.attributeState();
    if (widget.text !== state.weights) this.applyWeights(state);
    else this.refused.delete('weights');
    this.applyOptions();
    this.dataset.algo = widget.state.algo;
    this.dataset.ready = 'true';
    // Said once a connection: a restart for new panels is no new start for the page.
    if (!this.announced) {
      this.announced = true;
      this.dispatchEvent(new CustomEvent('ready', { detail: { t: this.t, phase: this.phase }, bubbles: true, composed: true }));
    }
  }

  /** New panels: laid out again at the current step, and started (their code loaded first). */
  restart() {
    const t = this.widget.state.t;
    this.widget.destroy();
    this.widget = null;
    this.prepare(t);
    if (this.visible) this.start();
  }

  /** Names the element in the document's language (again once it is here), unless the author named it. */
  nameItself() {
    if (this.hasAttribute('aria-label') && this.getAttribute('aria-label') !== this.ownName) return;
    this.ownName = tr('embed.name');
    this.setAttribute('aria-label', this.ownName);
  }

  /** Shows, inside the element, what could not be loaded; the element stays so. */
  fail(kind, error) {
    this.pending?.destroy();
    this.pending = null;
    this.dataset.error = kind;
    const text = tr('embed.failed', { what: tr(`embed.${kind}`), message: errorText(error) });
    const box = Object.assign(document.createElement('p'), { className: 'failure', textContent: text, lang: languageTag(language()) });
    box.setAttribute('role', 'alert');
    box.append(' ', Object.assign(document.createElement('span'), { textContent: tr('embed.hint') }));
    this.shadowRoot.replaceChildren(box);
    console.error(`<swrr-viz>: ${text}`, error);
  }

  /** What the attributes set: weights, step, speed and the run's options (state.js `decodeAttributes`). */
  attributeState() {
    return decodeAttributes((name) => this.getAttribute(name));
  }

  /** The `weights` attribute, from the step asked; if the core refuses it, the last good weights stay. */
  applyWeights(state) {
    const widget = this.widget;
    if (widget.setWeights(state.weights, { t: state.t })) this.refused.delete('weights');
    else this.refused.set('weights', widget.runState.lastError.error);
    this.showAttributeErrors();
  }

  /**
   * The option attributes, all together: each one the core refuses falls back to its last good
   * value (its error kept to be said), and the others apply. The errors said are those of the
   * attributes as they are now.
   */
  applyOptions() {
    const widget = this.widget;
    const state = this.attributeState();
    // A `zone` that is no switch (checkOwnAttributes says it) leaves the zone in effect.
    if (state.refused.zone != null) state.options.zone = this.goodOptions.zone;
    const { options, refused } = checkRunOptions(state.options, this.goodOptions);
    for (const key of OPTION_KEYS) if (!ELEMENT_CHECKED.includes(key)) this.refused.delete(key);
    for (const [key, error] of refused) this.refused.set(key, error);
    // The core names one refused option at a time: each falls back in turn (at most one try each).
    for (let tries = 0; !widget.setOptions(options, { commit: false }) && tries < OPTION_KEYS.length; tries++) {
      const failure = widget.runState.lastError;
      const key = OPTION_OF_FAILURE[failure.kind];
      if (!key || this.refused.has(key)) break;
      this.refused.set(key, failure.error);
      options[key] = this.goodOptions[key];
    }
    this.goodOptions = { ...widget.runState.options };
    this.showAttributeErrors();
  }

  /** Says which of the element's own attributes are wrong (step, speed, loop, panels, theme, zone); returns them. */
  checkOwnAttributes() {
    const refused = checkElementAttributes((name) => this.getAttribute(name));
    for (const name of ELEMENT_CHECKED) this.refused.delete(name);
    for (const [name, error] of refused) this.refused.set(name, error);
    this.showAttributeErrors();
    return refused;
  }

  /**
   * Says what is wrong of the attributes (the core's refusals and the element's own): in the red
   * box under the widget, in the page's language, after what the status line would say where
   * there is none, and in `data-options-error`, in English (one line per attribute), for
   * programs; neither when nothing is wrong.
   */
  showAttributeErrors() {
    const errors = ERROR_ORDER.filter((key) => this.refused.has(key)).map((key) => this.refused.get(key));
    if (this.errorBox) {
      const texts = [this.statusText, ...errors.map(errorText)].filter(Boolean);
      this.errorBox.replaceChildren(...texts.map((text) => Object.assign(document.createElement('span'), { textContent: text })));
      this.errorBox.hidden = texts.length === 0;
    }
    if (errors.length) this.dataset.optionsError = errors.map((error) => error.message).join('\n');
    else delete this.dataset.optionsError;
  }

  onKey = (event) => {
    this.widget?.handleKey(event);
  };

  // ── API ──
  // Before the start (data-ready), the walkthrough is laid out but not run: the steps move the
  // step it starts at (`t` reads it), and play() plays once it has started.

  /** The step the element shows, or before the start the step it starts at. */
  get t() {
    if (this.widget) return this.widget.position.t;
    return this.pending ? this.pending.startStep : 0;
  }

  get phase() {
    if (this.widget) return this.widget.position.phase;
    const asked = this.attributeState();
    if (this.t === 0) return 'start';
    return asked.phase && this.t === asked.t ? asked.phase : 'drain';
  }

  stepForward() {
    if (this.widget) this.widget.stepForward();
    else this.startAt(this.t + 1);
  }

  stepBack() {
    if (this.widget) this.widget.stepBack();
    else this.startAt(this.t - 1);
  }

  /**
   * Goes to step `t` (after its drain): whether it did, or before the start whether it will start
   * there. In one task, however far: the answer says whether the step was reached.
   */
  seek(t) {
    return this.widget ? this.widget.seek(t, { sliced: false }) : this.startAt(t);
  }

  play() {
    if (this.widget) this.widget.play();
    else this.playOnStart = Boolean(this.pending);
  }

  pause() {
    this.playOnStart = false;
    this.resumeOnView = false;
    this.widget?.pause();
  }

  /** The step the attributes ask (`step`), at their `phase` if any: whether it was reached. */
  goToAsked({ t, phase }) {
    return phase ? this.widget.showPhase(t, phase) : this.widget.seek(t);
  }

  /** Before the start: lays the walkthrough out again to start at step `t` (≥ 0); false if it cannot. */
  startAt(t) {
    if (!this.pending || !Number.isSafeInteger(t) || t < 0) return false;
    if (t !== this.pending.startStep) this.prepare(t);
    return true;
  }
}

if (!customElements.get('swrr-viz')) customElements.define('swrr-viz', SwrrVizElement);
