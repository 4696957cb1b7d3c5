// The widget's markup, one block per panel. Static text only (keys for i18n.js); user text is
// never put into this HTML, it is set later with textContent.

import { MAX_RATE, MAX_TRIES, MAX_WORKERS } from '../engine.js';
import { MAX_RUN_STEPS } from './run-state.js';

const FATAL = `
    <p id="announcer" class="visually-hidden" aria-live="polite" aria-atomic="true"></p>
    <p id="fatal" class="banner error" role="alert" hidden>
      <span id="fatal-message"></span>
      <button id="fatal-reset" type="button" data-i18n="error.reset">Reset the page</button>
    </p>
`;

/** The playback buttons: the widget's controls panel and the comparison page share them. */
export const PLAYBACK_BUTTONS = `
      <div class="buttons">
        <button id="to-start" type="button" aria-label="To start" data-i18n-label="controls.toStart" title="To start (Home)" data-i18n-title="controls.toStart" data-key="Home"><svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M5 4h2.5v16H5zM20 4v16L9 12z"/></svg><span class="button-text" data-i18n="controls.start">Start</span></button>
        <button id="back" type="button" aria-label="Step back" data-i18n-label="controls.back" title="Step back (←)" data-i18n-title="controls.back" data-key="←"><svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M11.5 4v16L2 12zM22 4v16l-9.5-8z"/></svg><span class="button-text" data-i18n="controls.backShort">Back</span></button>
        <button id="phase-back" type="button" aria-label="Previous phase" data-i18n-label="controls.phaseBack" title="Previous phase (PageUp)" data-i18n-title="controls.phaseBack" data-key="PageUp"><svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M17 4v16L6 12z"/></svg><span class="button-text" data-i18n="controls.phaseShort">Phase</span></button>
        <button id="play" type="button" class="primary" aria-label="Play" data-i18n-label="controls.play" aria-pressed="false" title="Play / pause (Space)" data-i18n-title="controls.playPause" data-key="Space"><svg class="icon when-paused" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M7 4v16l13-8z"/></svg><svg class="icon when-playing" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M6 4h4.5v16H6zM13.5 4H18v16h-4.5z"/></svg></button>
        <button id="phase-forward" type="button" aria-label="Next phase" data-i18n-label="controls.phaseForward" title="Next phase (PageDown)" data-i18n-title="controls.phaseForward" data-key="PageDown"><span class="button-text" data-i18n="controls.phaseShort">Phase</span><svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M7 4v16l11-8z"/></svg></button>
        <button id="forward" type="button" aria-label="Step forward" data-i18n-label="controls.forward" title="Step forward (→)" data-i18n-title="controls.forward" data-key="→"><span class="button-text" data-i18n="controls.forwardShort">Forward</span><svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M2 4v16l9.5-8zM12.5 4v16l9.5-8z"/></svg></button>
        <button id="to-end" type="button" aria-label="To end of period" data-i18n-label="controls.toEnd" title="To end of period (End)" data-i18n-title="controls.toEnd" data-key="End"><span class="button-text" data-i18n="controls.end">End</span><svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M16.5 4H19v16h-2.5zM4 4v16l11-8z"/></svg></button>
      </div>
`;

/** Where the walkthrough is, and its timeline: under the playback buttons on both pages too. */
export const POSITION_AND_TIMELINE = `
      <div class="position">
        <output id="position" for="scrubber" aria-live="off">step 0</output>
        <span id="phase-badge" class="phase-badge" data-phase="start">start</span>
      </div>
      <div class="timeline">
        <input id="scrubber" type="range" min="0" max="10" value="0" step="1" aria-label="Timeline" data-i18n-label="controls.scrubber">
        <div id="ticks" class="ticks" aria-hidden="true"></div>
      </div>
`;

const PANELS = {
  editor: `
    <section class="editor" aria-labelledby="weights-label">
      <div class="weights-row">
        <label id="weights-label" for="weights" data-i18n="weights.label">Weights</label>
        <input id="weights" name="weights" type="text" autocomplete="off" spellcheck="false" inputmode="text"
               aria-describedby="weights-help weights-error" value="5,3,2">
      </div>
      <p id="weights-help" class="help" data-i18n="weights.help">e.g. 5,3,2</p>
      <p id="weights-error" class="error" role="alert" hidden></p>
      <p id="weights-info" class="note"><span id="weights-summary">&#160;</span> <span id="normalisation" hidden></span></p>
      <div class="presets" role="group" aria-labelledby="presets-label">
        <span id="presets-label" class="label" data-i18n="presets.label">Presets</span>
        <span id="preset-buttons"></span>
      </div>
      <ul id="nodes" class="chips" aria-label="Nodes" data-i18n-label="nodes.label"></ul>
    </section>
`,
  scenario: `
    <section class="scenario-panel" aria-labelledby="scenario-title">
      <h2 id="scenario-title" class="small" data-i18n="scenario.title">Scenario: events on the timeline</h2>
      <div class="presets stories" role="group" aria-labelledby="stories-label">
        <span id="stories-label" class="label" data-i18n="stories.label">Stories</span>
        <span id="story-buttons"></span>
      </div>
      <p id="story-about" class="note story-about" hidden></p>
      <div class="scenario-row">
        <label for="scenario" data-i18n="scenario.label">Events</label>
        <textarea id="scenario" name="scenario" rows="1" autocomplete="off" spellcheck="false"
                  aria-describedby="scenario-help scenario-error"></textarea>
      </div>
      <p id="scenario-help" class="help" data-i18n="scenario.help">@STEP NODE =WEIGHT | drain | down | up | slowstart STEPS | fail</p>
      <p id="scenario-error" class="error" role="alert" hidden></p>
      <ol id="events" class="events" aria-label="Events of this run" data-i18n-label="scenario.eventsLabel" hidden></ol>
    </section>
`,
  stage: (withTanks, withExplain) => `
    <section class="stage${withTanks && withExplain ? '' : ' single'}" aria-label="Water tanks" data-i18n-label="tanks.label">
${withTanks ? TANKS : ''}${withExplain ? EXPLAIN : ''}    </section>
`,
  controls: `
    <section class="controls" aria-label="Playback" data-i18n-label="controls.label">
      <div class="transport">
${PLAYBACK_BUTTONS}${POSITION_AND_TIMELINE}      <p id="status" class="note" role="status"></p>
      </div>
      <div class="run-settings">
        <div class="settings">
          <span class="setting">
            <label for="speed" data-i18n="controls.speed">Speed</label>
            <select id="speed"></select>
          </span>
          <span class="setting">
            <label for="algo" data-i18n="algo.label">Algorithm</label>
            <select id="algo"></select>
          </span>
          <span class="setting" data-for="swrr">
            <label for="tie" data-i18n="tie.label">Ties go to</label>
            <select id="tie">
              <option value="first" data-i18n="tie.first">first in list (nginx)</option>
              <option value="last" data-i18n="tie.last">last in list</option>
            </select>
          </span>
          <span class="setting" data-for="swrr">
            <label for="subtract" data-i18n="subtract.label">Winner subtracts</label>
            <select id="subtract">
              <option value="total" data-i18n="subtract.total">the total (nginx)</option>
              <option value="own" data-i18n="subtract.own">its own weight (broken)</option>
            </select>
          </span>
          <span class="setting" data-for="swrr">
            <label for="rate" data-i18n="traffic.rate">Requests per second</label>
            <input id="rate" type="number" min="1" max="${MAX_RATE}" step="1" inputmode="numeric" value="1" aria-describedby="traffic-note traffic-error">
          </span>
          <span class="setting" data-for="swrr">
            <label for="workers" data-i18n="traffic.workers">nginx workers</label>
            <input id="workers" type="number" min="1" max="${MAX_WORKERS}" step="1" inputmode="numeric" value="1" aria-describedby="traffic-note traffic-error">
          </span>
          <span class="setting" data-for="swrr">
            <label for="tries" data-i18n="traffic.tries">Tries per request (0 = as many as servers)</label>
            <input id="tries" type="number" min="0" max="${MAX_TRIES}" step="1" inputmode="numeric" value="0" aria-describedby="traffic-note traffic-error">
          </span>
          <span class="setting" data-for="swrr" data-needs-workers hidden>
            <input id="zone" type="checkbox">
            <label for="zone" data-i18n="traffic.zone">shared zone</label>
          </span>
          <span class="setting" data-for="swrr" data-needs-workers hidden>
            <label for="dispatch" data-i18n="traffic.dispatch">Dispatch seed</label>
            <input id="dispatch" type="text" inputmode="numeric" autocomplete="off" spellcheck="false" size="8" aria-describedby="dispatch-error">
          </span>
          <span class="setting" data-for="random grpc grpc-java envoy" hidden>
            <label for="seed" data-i18n="seed.label">Seed</label>
            <input id="seed" type="text" inputmode="numeric" autocomplete="off" spellcheck="false" value="0" aria-describedby="seed-error">
          </span>
        </div>
        <p id="seed-error" class="error" role="alert" hidden></p>
        <p id="dispatch-error" class="error" role="alert" hidden></p>
        <p id="traffic-error" class="error" role="alert" hidden></p>
        <p id="algo-about" class="note"></p>
        <p id="traffic-note" class="note traffic-note" hidden></p>
        <ul id="notes" class="notes" hidden></ul>
      </div>
    </section>
`,
  table: `
    <section class="trace" aria-labelledby="trace-title">
      <h2 id="trace-title" data-i18n="table.title">Hand calculation</h2>
      <p id="trace-summary" class="note"></p>
      <div class="table-scroll" id="trace-scroll" tabindex="0">
        <table id="trace" aria-labelledby="trace-title"></table>
      </div>
    </section>
`,
};

const STRIP = `
    <section class="strip-panel" aria-labelledby="strip-title" data-status="idle">
      <h2 id="strip-title" data-i18n="strip.title">Selection sequence</h2>
      <p id="strip-status" class="note" role="status"></p>
      <div class="plot-box"><svg id="strip" class="plot strip" role="img" aria-labelledby="strip-title" aria-describedby="strip-description"></svg></div>
      <p id="strip-description" class="visually-hidden"></p>
    </section>
`;

const PLOTS = `
    <section class="plots" aria-labelledby="plots-title" data-status="idle">
      <h2 id="plots-title" data-i18n="plots.title">The whole run</h2>
      <div class="plot-settings">
        <label for="run-steps" data-i18n="plots.steps">Steps</label>
        <input id="run-steps" type="number" min="1" max="${MAX_RUN_STEPS}" step="1" inputmode="numeric" aria-describedby="plots-status">
        <label for="run-window" data-i18n="plots.window">Window</label>
        <input id="run-window" type="number" min="1" step="1" inputmode="numeric" aria-describedby="plots-status">
        <span id="plots-status" class="note" role="status"></span>
      </div>
      <p id="plots-note" class="note plots-note" hidden></p>
      <div id="plots-body">
      <div id="plots-legend" class="legend"></div>
      <figure class="plot-figure"><figcaption id="plot-levels-caption" data-i18n="plots.levels">Current weight (water level) of each node</figcaption>
        <div class="plot-box"><svg id="plot-levels" class="plot" role="img" aria-label="Levels over time" data-i18n-label="plots.levelsLabel" aria-describedby="plot-levels-summary"></svg></div><p id="plot-levels-summary" class="visually-hidden"></p></figure>
      <figure class="plot-figure"><figcaption data-i18n="plots.lag">Lag: picks − t·w/W, with the bounds ±1</figcaption>
        <div class="plot-box"><svg id="plot-lag" class="plot" role="img" aria-label="Lag over time" data-i18n-label="plots.lagLabel" aria-describedby="plot-lag-summary"></svg></div><p id="plot-lag-summary" class="visually-hidden"></p></figure>
      <figure class="plot-figure"><figcaption id="plot-window-caption" data-i18n="plots.windowShares">Share of each node in a sliding window, against its target (dashed)</figcaption>
        <div class="plot-box"><svg id="plot-window" class="plot" role="img" aria-labelledby="plot-window-caption" aria-describedby="plot-window-summary"></svg></div><p id="plot-window-summary" class="visually-hidden"></p>
        <p id="plot-window-hint" class="note" data-i18n="plots.windowHint">A window of W picks (the default) always holds exactly each node's share; try a smaller window to see the unevenness.</p></figure>
      <div class="plot-row">
        <figure class="plot-figure"><figcaption data-i18n="plots.longestRun">Longest run of consecutive picks</figcaption>
          <div class="plot-box"><svg id="plot-longest" class="plot" role="img" aria-label="Longest run per node" data-i18n-label="plots.longestLabel" aria-describedby="plot-longest-summary"></svg></div><p id="plot-longest-summary" class="visually-hidden"></p></figure>
        <figure class="plot-figure"><figcaption data-i18n="plots.runs">Runs by length (all nodes)</figcaption>
          <div class="plot-box"><svg id="plot-runs" class="plot" role="img" aria-label="Histogram of run lengths" data-i18n-label="plots.runsLabel" aria-describedby="plot-runs-summary"></svg></div><p id="plot-runs-summary" class="visually-hidden"></p></figure>
      </div>
      <h3 data-i18n="metrics.title">Metrics</h3>
      <dl id="metrics-summary" class="metrics-summary"></dl>
      <div class="table-scroll"><table id="metrics" class="metrics"></table></div>
      </div>
    </section>
`;

const TANKS = `      <div class="tanks-wrap">
        <svg id="tanks" role="img" aria-label="Water tanks" data-i18n-label="tanks.title" preserveAspectRatio="xMidYMid meet"></svg>
        <div id="algo-view" class="algo-view" hidden></div>
        <div id="workers-view" class="workers-view" hidden>
          <p id="workers-caption" class="note"></p>
          <svg class="workers" role="img" aria-labelledby="workers-caption" preserveAspectRatio="xMidYMid meet"></svg>
          <p id="workers-unevenness" class="note"></p>
        </div>
      </div>
`;
const EXPLAIN = `      <aside class="explain" aria-label="Explanation" data-i18n-label="explain.label">
        <p id="narration"></p>
        <p id="sum" data-sum="0"></p>
        <figure id="sum-drift" class="sum-drift" hidden>
          <svg id="sum-plot" class="sum-plot" role="img" aria-labelledby="sum-drift-caption" viewBox="0 0 320 64"></svg>
          <figcaption id="sum-drift-caption"></figcaption>
        </figure>
        <h2 class="small" data-i18n="code.title">The three rules</h2>
        <ol id="rules" class="code">
          <li data-rule="fill"></li>
          <li data-rule="pick"></li>
          <li data-rule="drain"></li>
        </ol>
        <p id="tie-note" class="note"></p>
        <p id="departure" class="note" hidden></p>
      </aside>
`;

/** Fills `root`'s marked elements in the current language: text, aria-label and title. */
export function localize(root, tr) {
  for (const element of root.querySelectorAll('[data-i18n]')) element.textContent = tr(element.dataset.i18n);
  for (const element of root.querySelectorAll('[data-i18n-label]')) element.setAttribute('aria-label', tr(element.dataset.i18nLabel));
  for (const element of root.querySelectorAll('[data-i18n-title]')) hint(element, tr);
}

/** A control's tooltip: what it does and its key. */
function hint(element, tr) {
  element.title = tr('controls.hint', { action: tr(element.dataset.i18nTitle), key: element.dataset.key });
}

/** Gives the control `element` the words of `key` (its label and tooltip), in the current language. */
export function relabel(element, key, tr) {
  if (element.dataset.i18nLabel === key) return;
  element.dataset.i18nLabel = key;
  element.dataset.i18nTitle = key;
  element.setAttribute('aria-label', tr(key));
  hint(element, tr);
}

/** The widget's HTML for the chosen panels (a subset of ALL_PANELS). */
export function widgetTemplate(panels) {
  const has = (name) => panels.includes(name);
  let html = FATAL;
  if (has('editor')) html += PANELS.editor;
  if (has('tanks') || has('explain')) html += PANELS.stage(has('tanks'), has('explain'));
  if (has('controls')) html += PANELS.controls;
  if (has('scenario')) html += PANELS.scenario;
  if (has('strip')) html += STRIP;
  if (has('table')) html += PANELS.table;
  if (has('plots')) html += PLOTS;
  return html;
}
