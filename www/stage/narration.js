// The narration line and the highlighted rule. nginx SWRR's narration is the core's: which
// sentences, in which order, with which values (`Walkthrough.narration`, render/narration in
// Rust, which the CLI's pictures say too) — coded sentences worded here from the catalog
// (`core.narration.*`: core-messages.js, Chinese in core-messages-zh.js) with the page's names,
// numbers and lists. The algorithms without levels are narrated here (`narrateAlgorithm`); the
// sentences only the page says are in words/<language>/.

import { counted, joined, list, num, sentences as inSentences, tr } from '../words/i18n.js';
import { TOLD_DRAWS, envoyStart, envoyStep, grpcStart, grpcStep } from '../algorithms/peer-narration.js';
import { algorithmFamily, coreLimits, sentenceNames } from '../engine.js';

/** A list of names, shortened with "and N more" as the core's sentences are. */
function namesOf(indices, names) {
  const { listedNodes } = coreLimits();
  if (indices.length <= listedNodes) return list(indices.map((i) => names[i]));
  return tr('core.narration.more', { list: joined(indices.slice(0, listedNodes).map((i) => names[i])), count: indices.length - listedNodes });
}

/** "Events before this pick: …" when the scenario put events on this step. */
function eventSentence(step) {
  return step && step.events.length > 0 ? [tr('core.narration.events', { events: step.eventSentences.join('; ') })] : [];
}

/** One parameter of a coded sentence in words (see src/wasm/narration_view.rs for its shapes). */
function part(value, names) {
  if (value === null || typeof value !== 'object') return String(value);
  if ('code' in value) return say(value, names);
  if ('node' in value) return names[value.node];
  if ('level' in value) return num(value.level);
  if ('list' in value) return list(value.list.map((item) => part(item, names)));
  if ('joined' in value) return joined(value.joined.map((item) => part(item, names)));
  if ('change' in value) return `${names[value.change]} ${num(value.from)}→${num(value.to)}`;
  return '';
}

/** A coded sentence of the core (`{code, params}`) in the page's language; `names` as a sentence holds them. */
export function say(said, names) {
  const params = {};
  for (const [name, value] of Object.entries(said.params)) params[name] = part(value, names);
  return tr(`core.${said.code}`, params);
}

/** Coded sentences, one after another. */
export function sayAll(said, names) {
  return inSentences(said.map((one) => say(one, names)));
}

/**
 * A name and the number after it (`A 5→10`, `at 10`, `请求 3`) as one unbroken piece, so that a
 * line does not end in `A` with `5→10` on the next, as in the core's pictures (render/svg/text.rs
 * `units`); in Chinese with the measure word after the number too (`第 3 次`). Longer pieces (a
 * long name) may still break: a line must hold them.
 */
const KEPT_TOGETHER = /([^\s、，。：；]+) ([−-]?\d[^\s、，。：；]*)(?: [\u3400-\u9fff])?/g;
const KEPT_LETTERS = 20;

/** Shows the narration `text` in `el`, each name with its number unbroken (`span.kept`). */
export function showNarration(el, text) {
  const parts = [];
  let at = 0;
  for (const match of text.matchAll(KEPT_TOGETHER)) {
    if ([...match[0]].length > KEPT_LETTERS) continue;
    parts.push(text.slice(at, match.index));
    const kept = document.createElement('span');
    kept.className = 'kept';
    kept.textContent = match[0];
    parts.push(kept);
    at = match.index + match[0].length;
  }
  parts.push(text.slice(at));
  el.replaceChildren(...parts.filter((part) => part !== ''));
}

/** One paragraph that tells what the current phase of the step did. */
export function narrate(view, nodes, tie, options = {}) {
  if (view.algorithm && view.algorithm !== 'swrr') return narrateAlgorithm(view, nodes, options);
  if (view.position.t === 0 || !view.narration) return tr('core.narration.picture_start');
  return sayAll(view.narration, sentenceNames(nodes));
}

/**
 * The tanks picture's name: each tank's level at `view` ("Water tanks at step 5: A 5, B 5, C 0"),
 * the many shortened as the core's sentences are. The narration beside it says what happened.
 */
export function tanksName(view, nodes) {
  const names = sentenceNames(nodes);
  const { listedNodes } = coreLimits();
  const shown = view.levels.slice(0, listedNodes).map((level, i) => `${names[i]} ${num(level)}`);
  const levels = view.levels.length <= listedNodes ? joined(shown) : tr('core.narration.more', { list: joined(shown), count: view.levels.length - listedNodes });
  return tr('tanks.levels', { step: view.position.t, levels });
}

/** The tie and who wins it, from the core's narration of `view`, or '' when no tie is told. */
export function tieText(view, nodes) {
  const tie = view.narration?.find((said) => said.code.startsWith('narration.tie_'));
  return tie ? say(tie, sentenceNames(nodes)) : '';
}

/**
 * Step 0's words for an algorithm without levels before the core is here, with numbers as wide
 * as the core's usually are: they keep the narration's lines and are not shown. For weights
 * written alike (`equal`) Envoy's words are those of its round robin.
 */
export function startStandIn({ algo, seed }, equal = false) {
  if (algo === 'envoy' && equal) return tr('envoy.startRoundRobin', { index: seed });
  const family = algorithmFamily(algo);
  const max = family === 'grpc' ? 65535 : 5;
  return tr(`${family}.start`, { length: counted(10, 'classic.entryCount', 'classic.oneEntry'), cw: 5, gcd: 1, last: 9, n: 3, max, offset: 32767, sequence: seed, prepicks: seed, seed });
}

/**
 * A step's words for an algorithm without levels before the core is here: the drain phase's, a
 * step's longest (gRPC's with as many numbers told as `nodes` nodes draw, EDF's at a tie), with names and numbers
 * as wide as the core's usually are. Unseen, they keep the narration's lines (narration-panel.js).
 */
export function stepStandIn({ algo }, nodes, equal = false) {
  const [t, name, deadline] = [10, 'A', '7/10'];
  const family = algorithmFamily(algo);
  if (family === 'grpc') {
    const draw = { name, sequence: 10, generation: 3, residue: 52428, threshold: 52428 };
    const skips = Math.max(0, nodes - 1);
    return inSentences([
      tr('grpc.fill', { t, sequence: 10 }),
      ...Array.from({ length: Math.min(skips, TOLD_DRAWS) }, () => tr('grpc.skip', draw)),
      ...(skips > TOLD_DRAWS ? [tr('grpc.skipMore', { count: skips - TOLD_DRAWS })] : []),
      tr('grpc.pick', { ...draw, backend: 0, n: nodes, weight: 65535, max: 65535, offset: 32767 }),
      tr('grpc.drain', { sequence: 13 }),
    ]);
  }
  if (family === 'envoy' && equal) return tr('envoy.roundRobin', { t, index: 9, count: nodes, name });
  // EDF's and Envoy's longest: a tie; Envoy's deadlines are f64's, as long as they come.
  const tied = list(['A', 'B', 'C']);
  const f64 = '4.9999999999999005';
  const said = {
    classic: [tr('classic.fill', { t, entry: 10, length: 10, name }), tr('classic.pick', { name }), tr('classic.drain', { entry: 10 })],
    interleaved: [tr('interleaved.fill', { t, cw: 5, cursor: name }), tr('interleaved.cwDown', { cw: 5, gcd: 1 }), tr('interleaved.pick', { name, cw: 5, weight: 5 }), tr('interleaved.drain', { name })],
    random: [tr('random.fill', { t, draw: 9, last: 9 }), tr('random.pick', { draw: 9, name, start: 5, end: 9 }), tr('random.drain')],
    edf: [tr('edf.fill', { t, name, deadline }), tr('edf.pickTie', { names: tied, name, deadline }), tr('edf.drain', { name, now: deadline, weight: 5, next: '9/10' })],
    envoy: [tr('edf.fill', { t, name, deadline: f64 }), tr('edf.pickTie', { names: tied, name, deadline: f64 }), tr('envoy.drain', { name, now: f64, weight: 1, next: '5.9999999999999005' })],
  }[family];
  return said ? inSentences(said) : '';
}

/** The narration of a level-less algorithm, from the core's state before and after the pick. */
export function narrateAlgorithm(view, nodes, options = {}) {
  const { position, step, state, previous } = view;
  const { phase, t } = position;
  const names = sentenceNames(nodes);
  const algo = view.algorithm;
  const grpc = algo === 'grpc' || algo === 'grpc-java';
  if (t === 0 || !step) {
    if (grpc) return inSentences(grpcStart(state, names));
    if (algo === 'envoy') return inSentences(envoyStart(state));
    const params = { seed: options.seed ?? '0' };
    if (algo === 'classic') Object.assign(params, { length: counted(state.length, 'classic.entryCount', 'classic.oneEntry') });
    if (algo === 'interleaved') Object.assign(params, { cw: state.cw, max: state.max, gcd: state.gcd });
    if (algo === 'random') Object.assign(params, { last: Math.max(state.range - 1, 0) });
    return tr(`${algo}.start`, params);
  }
  const winner = step.winner;
  const name = names[winner];
  const sentences = [...eventSentence(step)];
  const out = step.eligible.map((ok, i) => (ok ? -1 : i)).filter((i) => i >= 0);
  const outSentence = out.length > 0 ? [tr('narration.outAlgo', { names: namesOf(out, names), count: out.length })] : [];
  const later = phase === 'pick' || phase === 'drain';
  if (grpc || algo === 'envoy') {
    const told = (grpc ? grpcStep : envoyStep)({ phase, t, step, state, previous, names, departure: view.departure });
    sentences.push(...outSentence, ...told);
  } else if (algo === 'classic') {
    sentences.push(tr('classic.fill', { t, entry: state.position + 1, length: state.length, name }), ...outSentence);
    if (later) sentences.push(tr('classic.pick', { name }));
    if (phase === 'drain') sentences.push(state.next === 0 ? tr('classic.wrap') : tr('classic.drain', { entry: state.next + 1 }));
  } else if (algo === 'interleaved') {
    // The search starts after the last pick, or where a weight change this step set it
    // (ip_vs_wrr_dest_changed puts the cursor back at the head, a reset starts the round over:
    // the core's changedStart).
    const start = state.changedStart ?? previous;
    const { cw } = start;
    let fill = tr('interleaved.fill', { t, cw, cursor: names[start.cursor] });
    if (state.changedStart?.reset) fill = tr('interleaved.fillReset', { t, cw });
    else if (state.changedStart && start.cursor == null && previous.cursor != null) fill = tr('interleaved.fillChanged', { t, cw });
    else if (start.cursor == null) fill = tr('interleaved.fillHead', { t, cw });
    sentences.push(fill, ...outSentence);
    if (later) {
      if (state.cw > start.cw) sentences.push(tr('interleaved.cwRestart', { cw: state.cw, max: state.max }));
      else if (state.cw < start.cw) sentences.push(tr('interleaved.cwDown', { cw: state.cw, gcd: state.gcd }));
      sentences.push(tr('interleaved.pick', { name, cw: state.cw, weight: step.weights[winner] }));
    }
    if (phase === 'drain') sentences.push(tr('interleaved.drain', { name }));
  } else if (algo === 'random') {
    const last = Math.max(state.range - 1, 0);
    sentences.push(tr('random.fill', { t, draw: state.draw, last }), ...outSentence);
    if (later) {
      const start = state.starts[winner];
      const end = (state.starts[winner + 1] ?? state.range) - 1;
      sentences.push(tr('random.pick', { draw: state.draw, name, start, end }));
    }
    if (phase === 'drain') sentences.push(tr('random.drain'));
  } else if (algo === 'edf') {
    const deadline = state.now.text;
    sentences.push(tr('edf.fill', { t, name, deadline }), ...outSentence);
    if (later) {
      const tied = previous.queue.filter((entry) => entry.deadlineText === deadline && entry.node !== winner).map((entry) => entry.node);
      sentences.push(tied.length > 0
        ? tr('edf.pickTie', { names: namesOf([winner, ...tied], names), name, deadline })
        : tr('edf.pick', { name, deadline }));
    }
    if (phase === 'drain') {
      const next = state.queue.find((entry) => entry.node === winner);
      if (next) sentences.push(tr('edf.drain', { name, now: deadline, weight: step.weights[winner], next: next.deadlineText }));
    }
  }
  return inSentences(sentences);
}

/**
 * Writes the three rules of the algorithm and highlights the one the phase is in.
 * @param {{algo?: string, subtract?: string, mode?: string}} options  `mode`: the state's (Envoy's
 *        round robin by index, for equal weights, has rules of its own)
 */
export function renderRules(container, phase, tie, { algo = 'swrr', subtract = 'total', mode } = {}) {
  const rule = tr(tie === 'last' ? 'core.figure.rule_last' : 'core.figure.rule_first');
  container.dataset.algo = algo;
  for (const line of container.querySelectorAll('li[data-rule]')) {
    const key = line.dataset.rule;
    let id = algo === 'swrr' ? `code.${key}` : `code.${algorithmFamily(algo)}.${key}`;
    if (algo === 'swrr' && key === 'drain' && subtract === 'own') id = 'code.drainOwn';
    if (algo === 'envoy' && mode === 'round-robin') id = `code.envoy.rr.${key}`;
    line.textContent = tr(id, { rule });
    const active = key === phase;
    line.classList.toggle('active', active);
    if (active) line.setAttribute('aria-current', 'step');
    else line.removeAttribute('aria-current');
  }
}
