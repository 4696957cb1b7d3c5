// The full page: one widget with every panel, the theme toggle, the keyboard and the URL.
// Everything a user sets lives in the hash (its layout: state.js). Changes flow one way: an
// action changes the widget's state, the theme, the layout or the classroom's, and the URL
// follows (url-state.js `HashSync`); back/forward or an edited hash that says something else is
// read back into them.
// Classroom keys (classroom.js): `present=1`, `future=hide`, `lang=en|zh`, `lesson=…`, `quiz=…`.
// `embed=1` is the iframe mode: no masthead and no editor (tanks, explanation and controls
// unless `panels=` names others), and a small "open the full page" link. The "Share / Embed"
// and "Export / import" dialogs are sharing/page-dialogs.js's, loaded when first opened.

import { Classroom } from './classroom/classroom.js';
import { focusMenuFor, menuOpen, setMenu } from './masthead-menu.js';
import { DEFAULT_OPTIONS, OPTION_KEYS, ready } from './engine.js';
import { checkRunOptions } from './state/option-checks.js';
import { errorText, tr } from './words/i18n.js';
import { refusedRunSteps, validCount } from './widget/run-state.js';
import { LATER_PANELS, loadAlgorithmView, loadPanels } from './widget/panels.js';
import {
  ALL_PANELS, THEMES, decodeState, encodeState, hashOf, optionsOf, positionOf, urlPosition,
} from './state/state.js';
import {
  HashSync, hashText, readHash, stateLink, writeHash,
} from './state/url-state.js';
import { SwrrWidget } from './widget/widget.js';
import { PageDialogs } from './sharing/page-dialogs.js';
import { watchTanks } from './stage/tanks-in-view.js';
import { panelsError, windowError } from './widget/link-errors.js';

/** Panels of the iframe mode when `panels=` does not say. */
const EMBED_PANELS = ['tanks', 'explain', 'controls'];

const app = document.getElementById('app');
const themeButton = document.getElementById('theme');
const embedBar = document.getElementById('embed-bar');
const openFull = document.getElementById('open-full');
/** Says what is loading when a part of the page loaded on first use takes a moment, or why it failed. */
const notice = document.getElementById('page-notice');
/** In embed mode without the status line: what the link asked that could not be used (made when first needed). */
let linkNote = null;
let widget = null;
/**
 * Lays the widget out before the core (set in `main`): at once, or where the hosted page's first
 * view is shown, only if the core fails, so that its banner says so with a way out.
 */
let layOutWidget = null;
/** Whether the widget has started (it is built before the core arrives, and started once it is here). */
let started = false;
/** The hash the widget was laid out for before the core: a link followed meanwhile rebuilds it. */
let laidOutFor = null;
/** `{embed, panels, key, text}` the widget was built with (a change rebuilds it); `text`: the keys as the URL spelt them. */
let layout = null;
// Before the core loads, so an iframe never flashes the masthead.
if (/(^#|&)embed=(1|true)(&|$)/.test(location.hash)) document.documentElement.dataset.embed = 'true';
let theme = 'auto';
let classroom = null;
/** The classroom's last change asked for while what it needs loads (a later one cancels it). */
let pendingNavigation = null;

function applyTheme(next) {
  theme = THEMES.includes(next) ? next : 'auto';
  if (theme === 'auto') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
  themeButton.textContent = tr('theme.toggle', { mode: tr(`theme.${theme}`) });
}

/** The page's state in the hash's `entries`: the run, the theme, the layout and the classroom's keys. */
function encodePage(entries) {
  const state = widget.state;
  const { weights, t, speed, tie, algo, subtract, seed, scenario } = state;
  // `t` is the steps done; a step under way adds its phase.
  encodeState({
    weights, t, phase: urlPosition(widget.position).phase, speed, tie, algo, subtract, seed, scenario, ...optionsOf(state), steps: state.runSteps, window: state.runWindow, theme,
  }, entries);
  for (const [key, value] of Object.entries(layout.text)) entries.set(key, value ?? '');
  classroom.save(entries);
  return entries;
}

const url = new HashSync({
  encode: encodePage,
  apply: () => whenPrepared(() => widget.guard(applyUrl)),
  saved: () => {
    updateFullLink();
    updateCompareLink(widget.state);
  },
});

/** The embed mode's link: this state on the full page (no `embed`, no `panels`). */
function updateFullLink() {
  if (embedBar.hidden) return;
  const entries = readHash();
  entries.delete('embed');
  entries.delete('panels');
  openFull.href = `${location.pathname}${location.search}${hashText(entries)}`;
}

/** `panels=` as a list of known panels (space- or comma-separated), or null when absent or empty. */
function panelsFrom(text) {
  const panels = (text ?? '').split(/[\s,]+/).filter((name) => ALL_PANELS.includes(name));
  return panels.length ? [...new Set(panels)] : null;
}

/**
 * What of the link's `win=` and `panels=` cannot be used, as the page's errors by key: a window
 * that is not a whole number from 1 (the default window stands), names in `panels=` that are no
 * panel (the panels it does name show, or the default ones).
 */
function refusedLayout(hash) {
  const refused = {};
  const window = hash.get('win');
  if ((window ?? '') !== '' && validCount(window) == null) refused.win = windowError(window);
  const unknown = (hash.get('panels') ?? '').split(/[\s,]+/).filter((name) => name !== '' && !ALL_PANELS.includes(name));
  if (unknown.length) refused.panels = panelsError(hash.get('panels'), unknown);
  return refused;
}

/** Embed mode and panels from the URL; applies the page chrome for them. */
function layoutFromUrl() {
  const hash = readHash();
  const embed = hash.get('embed') === '1' || hash.get('embed') === 'true';
  const panels = panelsFrom(hash.get('panels')) ?? (embed ? EMBED_PANELS : ALL_PANELS);
  if (embed) document.documentElement.dataset.embed = 'true';
  else delete document.documentElement.dataset.embed;
  embedBar.hidden = !embed;
  return { embed, panels, key: `${embed}|${panels.join(' ')}`, text: { embed: hash.get('embed'), panels: hash.get('panels') } };
}

/**
 * The header's link to compare.html carries the same weights, options, scenario, step and phase
 * of a step under way, and the language the URL chose.
 */
function updateCompareLink(state) {
  const link = document.getElementById('compare-link');
  if (!link) return;
  let algos = null;
  if (state.algo === 'random') algos = ['swrr', 'classic', 'random', 'edf'];
  // A peer's balancer beside nginx's and the other peer's (compare.js ALGORITHM_SETS "peers").
  if (['grpc', 'grpc-java', 'envoy'].includes(state.algo)) algos = ['swrr', state.algo === 'envoy' ? 'grpc' : state.algo, 'envoy'];
  const { weights, tie, subtract, seed, scenario, t } = state;
  // The widget's phase is the walkthrough's (start, drain too); the URL names fill and pick only.
  const { phase } = urlPosition(state);
  link.href = `compare.html${hashOf({ weights, algos, tie, subtract, seed, scenario, t, phase }, { lang: readHash().get('lang') })}`;
}

/** The run and step `state` shows (the widget's, or the URL's decoded), as the URL writes them. */
function runKey({ weights, t, ...fields }) {
  return hashText(encodeState({ weights, t, ...optionsOf(fields.options ?? fields) }, new Map()));
}

/**
 * A link's errors the widget still says (`shown`: its state before `state` is applied) that stay
 * said: those whose subject `state` leaves as it was (a link applied is written back without them).
 */
function standingLinkErrors(shown, state) {
  if (!shown) return {};
  const same = { t: state.t === shown.t, speed: state.speed === shown.speed, theme: state.theme === shown.theme };
  same.phase = same.t;
  same.steps = validCount(state.steps) === shown.runSteps;
  same.win = validCount(state.window) === shown.runWindow;
  for (const key of OPTION_KEYS) same[key] = String(state.options[key]) === String(shown[key]);
  return Object.fromEntries(Object.entries(shown.linkErrors).filter(([subject]) => same[subject]));
}

/** Reads the URL into the page (on load, and on back/forward when it says something else). */
function applyUrl() {
  const hash = readHash();
  const state = decodeState(hash);
  // Run options the core refuses (an unknown algorithm, tie or subtract rule, a request rate or
  // worker count it does not take) run as their defaults, and are said below.
  const { options, refused: refusedOptions } = checkRunOptions(state.options, DEFAULT_OPTIONS);
  const optionsChecked = OPTION_KEYS.some((key) => String(options[key]) !== String(state.options[key]));
  state.options = options;
  // What the URL does not hold (playing, a link's errors once written back) or holds late (the
  // position while playing): a new widget for the same run and step (a language, a layout)
  // takes it over from the old one.
  const shown = started ? { ...widget.state, position: widget.position, linkErrors: widget.linkErrors, theme } : null;
  const languageChanged = classroom.applyLanguage(hash);
  applyTheme(state.theme);
  const next = layoutFromUrl();
  // A new layout, or a new language (every string of the widget is drawn in the old one): rebuild;
  // so too the widget laid out before the core from a link it has since followed, or with options
  // the core refused or that it took as written otherwise.
  const followedMeanwhile = !started && (location.hash !== laidOutFor || optionsChecked);
  if (widget && (next.key !== layout.key || languageChanged || followedMeanwhile)) {
    widget.destroy();
    widget = null;
  }
  if (languageChanged) {
    relabelPage();
    dialogs.forget();
  }
  layout = next;
  let tookOver = false;
  if (!widget) {
    widget = createWidget(state, { start: true });
    if (shown && runKey(shown) === runKey(state)) {
      widget.showPhase(shown.position.t, shown.position.phase);
      if (shown.playing) widget.play();
      tookOver = true;
    }
  } else if (!started) {
    widget.start();
  } else {
    widget.apply(state);
  }
  if (!tookOver) showUrlPosition(state);
  started = true;
  classroom.apply(hash);
  updateFullLink();
  widget.showLinkErrors({
    ...standingLinkErrors(shown, state), ...state.refused, ...Object.fromEntries(refusedOptions), steps: refusedRunSteps(state.steps), ...refusedLayout(hash), ...classroom.refused(hash),
  });
  showLinkNote();
  url.soon();
}

/**
 * The position the URL says (`t` steps done, and the phase of the step under way, if any) once
 * the widget shows its run at that step: the same step as the widget but another phase (back or
 * forward between phases) moves it too. A run the core refused or a step it cannot reach stays as
 * the widget shows it.
 */
function showUrlPosition(state) {
  // A far step still being computed is shown when it is there.
  if (!widget.engine || widget.farSeek || widget.state.t !== state.t) return;
  const { t, phase } = positionOf(state);
  if (widget.position.t !== t || widget.position.phase !== phase) widget.showPhase(t, phase);
}

/**
 * In embed mode a widget without the status line (`panels=` without the controls) says a link's
 * errors above the link to the full page, as long as the status line would.
 */
function showLinkNote() {
  const text = layout.embed && !app.querySelector('#status') ? widget.linkErrorText() : '';
  if (!linkNote && !text) return;
  if (!linkNote) {
    linkNote = Object.assign(document.createElement('span'), { id: 'link-errors', className: 'note' });
    linkNote.setAttribute('role', 'status');
    // A line of its own, aligned as the status line is (the bar's link is at its end).
    Object.assign(linkNote.style, { display: 'block', textAlign: 'start' });
    embedBar.prepend(linkNote);
  }
  if (linkNote.textContent !== text) linkNote.textContent = text;
  linkNote.hidden = !text;
}

/** A widget for the URL's state in the current layout; with `start: false` laid out only (no core needed). */
function createWidget(state, { start }) {
  const created = new SwrrWidget(app, {
    panels: layout.panels, weights: state.weights, step: state.t, speed: state.speed, runSteps: state.steps, runWindow: state.window, ...state.options, start,
  });
  created.addEventListener('change', (event) => {
    const { what, commit } = event.detail;
    // Weights typed in the box (it has the focus) or an edit finished; a lesson or Back sets them too.
    const typed = what === 'weights' && (commit || document.activeElement?.id === 'weights');
    if (typed) url.edited({ commit });
    else if (commit || what !== 'position') url.soon({ push: commit });
    else url.later();
    if (linkNote && created === widget) showLinkNote();
  });
  watchTanks(app);
  return created;
}

/**
 * Applies the URL once what it needs is loaded (a language chosen for the first time); at once,
 * synchronously, when everything is here.
 */
function whenPrepared(apply) {
  const pending = classroom.prepare(readHash());
  if (pending) pending.then(apply);
  else apply();
}

/**
 * Writes `changes` into the hash (null removes a key) as a new history entry, and reads it: once
 * what it needs is loaded (a language chosen for the first time), over the state as it is then,
 * so the walkthrough goes on from where it is (while playing, the hash's step lags behind it).
 */
function navigate(changes) {
  const withChanges = (hash) => {
    const entries = new Map(hash);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) entries.delete(key);
      else entries.set(key, value);
    }
    return entries;
  };
  const ask = {};
  pendingNavigation = ask;
  const go = () => {
    if (pendingNavigation !== ask) return;
    pendingNavigation = null;
    // Before the core is here the widget holds no state of its own: the link's stays as it is.
    if (started) url.save();
    writeHash(withChanges(readHash()), { push: true });
    // Before the widget is laid out there is no state to follow: the core's arrival applies the hash.
    if (widget) url.follow();
  };
  const pending = classroom.prepare(withChanges(readHash()));
  if (pending) pending.then(() => (widget ? widget.guard(go) : go()));
  else go();
}

const dialogs = new PageDialogs({
  notice,
  widget: () => widget,
  shared: () => {
    url.save();
    return { href: location.href, state: widget.state, theme, panels: readHash().get('panels') ?? null };
  },
});

/** The page's own strings (outside the widget), in the current language. */
function relabelPage() {
  document.title = `swrr-viz — ${tr('app.title')}`;
  for (const element of document.querySelectorAll('#skip-to-tanks, header [data-i18n], #embed-bar [data-i18n]')) element.textContent = tr(element.dataset.i18n);
  for (const element of document.querySelectorAll('header [data-i18n-label]')) element.setAttribute('aria-label', tr(element.dataset.i18nLabel));
  applyTheme(theme);
  classroom?.relabel();
}

async function main() {
  const link = () => {
    url.save();
    return stateLink();
  };
  classroom = new Classroom({ widget: () => widget, navigate, relabel: relabelPage, notice, link });
  // The core, the first view's panels' code, and what the URL asks for beyond the first view
  // (Chinese, a lesson, a quiz), in parallel; the strip and the plots once the tanks are drawn.
  const core = ready();
  core.catch(() => {}); // awaited below, where a failure shows
  const first = ALL_PANELS.filter((panel) => !LATER_PANELS.includes(panel));
  await Promise.all([loadPanels(first, [classroom.startingState(readHash()).options.algo]), classroom.prepare(readHash(), { panels: true })]);
  classroom.applyLanguage(readHash());
  classroom.applyLayout(readHash());
  relabelPage();
  // The widget is laid out while the core downloads (the tanks' size needs no core), and starts
  // once the core is here. The hosted page's first view, drawn when it was built (first-view.js),
  // stays instead until then: the widget takes its place in one task, drawn the same.
  const state = classroom.startingState(readHash());
  applyTheme(state.theme);
  layout = layoutFromUrl();
  layOutWidget = () => {
    delete app.dataset.firstView;
    widget = createWidget(state, { start: false });
    laidOutFor = location.hash;
  };
  // A first view first-view.js did not keep (it did not run) is replaced unseen.
  if (app.dataset.firstView !== 'shown') layOutWidget();
  await core;
  // The widget applyUrl makes (unless a failure meanwhile made it) takes the first view's place.
  delete app.dataset.firstView;
  applyUrl();
  url.save();
  // In the task after the frame that paints the first tanks, not in that frame's callbacks.
  requestAnimationFrame(() => setTimeout(() => {
    loadPanels(LATER_PANELS).then(() => widget.guard(() => widget.attachPlots()), showFatal);
    // The picture of the other algorithms, so that choosing one shows it at once (a failure
    // here shows in its place when one is chosen).
    loadAlgorithmView().catch(() => {});
    classroom.prefetch();
  }));
  document.getElementById('menu').addEventListener('click', () => setMenu(!menuOpen()));
  document.getElementById('skip-to-tanks').addEventListener('click', skipToTanks);
  // A view or a dialog chosen from the folded menu closes it (the theme toggle and the language
  // select keep it open: their change shows at once, and one may go on choosing); the button
  // pressed folds away with it, and "Menu" takes the focus, with its ring after a key.
  document.getElementById('page-menu').addEventListener('click', (event) => {
    const button = event.target.closest('button');
    if (!button || button === themeButton) return;
    setMenu(false);
    if (document.activeElement === button) focusMenuFor(button, { focusVisible: event.detail === 0 });
  });
  themeButton.addEventListener('click', () => {
    applyTheme(THEMES[(THEMES.indexOf(theme) + 1) % THEMES.length]);
    widget.forgetLinkError('theme');
    url.save();
  });
  document.getElementById('share').addEventListener('click', () => dialogs.open(dialogs.share, tr('load.share')));
  document.getElementById('export').addEventListener('click', () => dialogs.open(dialogs.export, tr('load.export')));
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      dialogs.cancel();
      if (menuOpen()) {
        // The focus on a tool of the menu folds away with it: "Menu" takes it, with its ring.
        const focused = document.activeElement;
        setMenu(false);
        focusMenuFor(focused, { focusVisible: true });
      }
    }
    // Playback keys belong to the page only while no dialog is open over it, and not in the quiz:
    // stepping ahead would give the answer away (the quiz panel moves the walkthrough).
    if (document.querySelector('dialog[open]') || document.documentElement.dataset.mode === 'quiz') return;
    if (widget.handleKey(event) && classroom.present) keepTanksInView();
  });
  window.addEventListener('popstate', () => url.follow());
  window.addEventListener('hashchange', () => url.follow());
  replayPendingTaps();
}

/** The buttons tapped, and keys pressed, before the core was here (first-view.js): pressed now, in order. */
function replayPendingTaps() {
  const selectors = document.documentElement.dataset.pendingTap?.split('\n') ?? [];
  delete document.documentElement.dataset.pendingTap;
  for (const marked of document.querySelectorAll('[data-pending-tap]')) delete marked.dataset.pendingTap;
  for (const selector of selectors) document.querySelector(selector)?.click();
}

/**
 * In presenter mode a clicker steps the walkthrough and cannot scroll: the tanks and their
 * narration are brought into view (the least scroll that shows them), never scrolled past.
 */
function keepTanksInView() {
  const stage = app.querySelector('.stage');
  if (!stage) return;
  const box = stage.getBoundingClientRect();
  if (box.top >= 0 && box.bottom <= window.innerHeight) return;
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  stage.scrollIntoView({ block: box.height > window.innerHeight ? 'start' : 'nearest', behavior: smooth ? 'smooth' : 'auto' });
}

/**
 * "Skip to the tanks": the focus goes to them, so the next Tab is the transport's first button. The
 * link follows no URL: the hash holds the page's state.
 */
function skipToTanks(event) {
  event.preventDefault();
  // The tanks' box, not their section: on a phone the section is `display: contents` (unfocusable).
  const tanks = app.querySelector('.tanks-wrap');
  if (!tanks) return;
  tanks.tabIndex = -1;
  tanks.focus({ preventScroll: true });
  tanks.scrollIntoView({ block: 'start' });
}

function showFatal(error) {
  if (!widget && app.dataset.firstView === 'shown' && layOutWidget) {
    try {
      layOutWidget();
    } catch {
      // The words below say it.
    }
  }
  // What is wrong is said where readers reach it: the widget laid out before the core is inert
  // until the core is here. A tap kept for the core (first-view.js) is not made.
  app.inert = false;
  delete document.documentElement.dataset.pendingTap;
  if (widget) {
    widget.showFatal(error);
    return;
  }
  app.dataset.error = 'true';
  app.textContent = tr('error.fatal', { message: errorText(error) });
  delete app.dataset.firstView;
}

window.addEventListener('error', (event) => {
  // Benign: the browser reports a ResizeObserver that could not deliver every notification in one frame.
  if (!event.error && String(event.message).includes('ResizeObserver loop')) return;
  showFatal(event.error ?? event.message);
});
window.addEventListener('unhandledrejection', (event) => showFatal(event.reason));
main().catch(showFatal);
