// <swrr-viz>: the walkthrough as a custom element, for documentation pages. One import, then
//   <swrr-viz weights="5,3,2"></swrr-viz>
// Each element is independent, isolated in a shadow root, starts only when scrolled into view
// and pauses while off-screen. Attributes (all optional, all live):
//   weights   weights text (default 5,3,2)        step     step to show (default 0)
//   tie       first | last                         speed    steps per second (0.5 … 300)
//   panels    space-separated: editor tanks explain controls scenario strip table plots
//             (default: tanks explain controls)
//   autoplay  present: play once visible          loop     "from-to": playing wraps from step to back to from
//   theme     light | dark (default: follows the system)
//   algorithm swrr | classic | interleaved | random | edf (default swrr; `algo` is an alias)
//   subtract  total | own (SWRR; own is the broken variant)   seed  random's seed (digits, default 0)
//   scenario  events, as the CLI's --scenario: "@13 C down; @23 C up"
// A bad scenario or seed keeps the run without it and says why in data-options-error.
// API: el.stepForward(), el.stepBack(), el.seek(t), el.play(), el.pause(), el.t, el.phase;
// a `step` event (detail {t, phase, winner}) bubbles out of the element.

import { ready } from './engine.js';
import { ALL_PANELS } from './template.js';
import { DEFAULT_WEIGHTS, SwrrWidget } from './widget.js';

const DEFAULT_PANELS = ['tanks', 'explain', 'controls'];
const STYLES = ['theme.css', 'widget.css'].map((file) => new URL(file, import.meta.url).href);
const HOST_STYLE = `
  :host { display: block; color: var(--fg); background: var(--bg); border: 1px solid var(--line);
          border-radius: var(--radius); padding: 0.5rem; contain: content; }
  :host(:focus-visible) { outline: 3px solid var(--focus); outline-offset: 2px; }
  :host([hidden]) { display: none; }
`;

let sheet = null;
/** The stylesheet of `text`, built once and shared by every shadow root. */
function sheetOf(text) {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
  }
  return sheet;
}

function parsePanels(value) {
  const asked = (value ?? '').split(/[\s,]+/).filter((name) => ALL_PANELS.includes(name));
  return asked.length ? asked : DEFAULT_PANELS;
}

function parseLoop(value) {
  const match = /^\s*(\d+)\s*[-–]\s*(\d+)\s*$/.exec(value ?? '');
  if (!match) return null;
  const [from, to] = [Number(match[1]), Number(match[2])];
  return to > from ? [from, to] : null;
}

export class SwrrVizElement extends HTMLElement {
  static observedAttributes = [
    'weights', 'step', 'tie', 'speed', 'panels', 'autoplay', 'loop', 'theme', 'algorithm', 'algo', 'subtract', 'seed', 'scenario',
  ];

  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
    this.widget = null;
    this.visible = false;
    this.resumeOnView = false;
  }

  connectedCallback() {
    if (!this.hasAttribute('tabindex')) this.tabIndex = 0;
    if (!this.hasAttribute('role')) this.setAttribute('role', 'group');
    if (!this.hasAttribute('aria-label')) this.setAttribute('aria-label', 'Smooth Weighted Round-Robin walkthrough');
    this.addEventListener('keydown', this.onKey);
    this.observer = new IntersectionObserver((entries) => this.onVisibility(entries.at(-1).isIntersecting));
    this.observer.observe(this);
  }

  disconnectedCallback() {
    this.observer?.disconnect();
    this.removeEventListener('keydown', this.onKey);
    this.widget?.destroy();
    this.widget = null;
    this.shadowRoot.replaceChildren();
  }

  attributeChangedCallback(name, previous, value) {
    if (!this.widget || previous === value) return;
    const widget = this.widget;
    switch (name) {
      case 'weights':
        widget.setWeights(value ?? DEFAULT_WEIGHTS, { t: Number(this.getAttribute('step')) || 0 });
        break;
      case 'step':
        widget.seek(Number(value) || 0);
        break;
      case 'tie':
      case 'algorithm':
      case 'algo':
      case 'subtract':
      case 'seed':
      case 'scenario':
        this.applyOptions();
        break;
      case 'speed':
        widget.setSpeed(Number(value));
        break;
      case 'loop':
        widget.loop = parseLoop(value);
        break;
      case 'autoplay':
        if (value === null) widget.pause();
        else if (this.visible) widget.play();
        break;
      case 'panels':
        this.build();
        break;
      default: // theme: :host([theme]) in theme.css does it
    }
  }

  async onVisibility(visible) {
    this.visible = visible;
    if (visible && !this.widget && !this.starting) {
      this.starting = true;
      await ready();
      this.starting = false;
      if (!this.isConnected) return;
      this.build();
      if (this.hasAttribute('autoplay')) this.widget.play();
      return;
    }
    if (!this.widget) return;
    if (!visible && this.widget.player.playing) {
      this.resumeOnView = true;
      this.widget.pause();
    } else if (visible && this.resumeOnView) {
      this.resumeOnView = false;
      this.widget.play();
    }
  }

  /** (Re)builds the shadow tree and the widget from the attributes. */
  build() {
    const t = this.widget ? this.widget.state.t : Number(this.getAttribute('step')) || 0;
    this.widget?.destroy();
    const root = this.shadowRoot;
    root.replaceChildren();
    for (const href of STYLES) root.append(Object.assign(document.createElement('link'), { rel: 'stylesheet', href }));
    // A constructed stylesheet, not a <style> element: pages with a Content-Security-Policy
    // that allows no inline style (ours, and many documentation sites) still apply it.
    root.adoptedStyleSheets = [sheetOf(HOST_STYLE)];
    const container = document.createElement('div');
    root.append(container);
    this.widget = new SwrrWidget(container, {
      panels: parsePanels(this.getAttribute('panels')),
      weights: this.getAttribute('weights') ?? DEFAULT_WEIGHTS,
      step: t,
      ...this.runOptions(),
      speed: Number(this.getAttribute('speed')) || undefined,
      loop: parseLoop(this.getAttribute('loop')),
    });
    this.widget.addEventListener('step', (event) => {
      this.dataset.step = String(event.detail.t);
      this.dataset.phase = event.detail.phase;
      this.dispatchEvent(new CustomEvent('step', { detail: event.detail, bubbles: true, composed: true }));
    });
    this.dataset.step = String(this.widget.position.t);
    this.dataset.phase = this.widget.position.phase;
    this.dataset.algo = this.widget.state.algo;
    if (container.dataset.optionsError) this.dataset.optionsError = container.dataset.optionsError;
    else delete this.dataset.optionsError;
    this.widget.addEventListener('change', () => {
      this.dataset.algo = this.widget.state.algo;
    });
    this.dataset.ready = 'true';
  }

  /** The run's options from the attributes (`algorithm` wins over its alias `algo`). */
  runOptions() {
    return {
      algo: this.getAttribute('algorithm') ?? this.getAttribute('algo') ?? 'swrr',
      tie: this.getAttribute('tie') ?? 'first',
      subtract: this.getAttribute('subtract') ?? 'total',
      seed: this.getAttribute('seed') ?? '0',
      scenario: this.getAttribute('scenario') ?? '',
    };
  }

  applyOptions() {
    const widget = this.widget;
    if (!widget.setOptions(this.runOptions())) {
      this.dataset.optionsError = widget.container.dataset.optionsError ?? 'invalid options';
    } else {
      delete this.dataset.optionsError;
    }
  }

  onKey = (event) => {
    this.widget?.handleKey(event);
  };

  // ── API ──
  get t() {
    return this.widget ? this.widget.position.t : 0;
  }

  get phase() {
    return this.widget ? this.widget.position.phase : 'start';
  }

  stepForward() {
    this.widget?.stepForward();
  }

  stepBack() {
    this.widget?.stepBack();
  }

  seek(t) {
    return this.widget ? this.widget.seek(t) : false;
  }

  play() {
    this.widget?.play();
  }

  pause() {
    this.widget?.pause();
  }
}

if (!customElements.get('swrr-viz')) customElements.define('swrr-viz', SwrrVizElement);
