// The narration of gRPC's and Envoy's steps, from the core's state before and after the pick
// (narration.js hands them over). Numbers are the core's; these functions only choose words.

import { counted, list, tr } from '../words/i18n.js';

/** Draws told one by one before "N more numbers skipped". */
export const TOLD_DRAWS = 3;

/** The names of the nodes in the picker whose weight is not known (nothing reported, blackout, expired). */
function unknownNames(state, names) {
  return state.picker.filter((i) => state.reported[i] === 0 || state.blackout[i] > 0).map((i) => names[i]);
}

/** Step 0 of grpc and grpc-java. */
export function grpcStart(state, names) {
  const sentences = [tr('grpc.start', { sequence: state.sequence, n: state.picker.length, max: state.maxWeight, offset: state.offset })];
  const unknown = unknownNames(state, names);
  if (unknown.length > 0) sentences.push(tr('grpc.unknown', { names: list(unknown), count: unknown.length, mean: state.mean }));
  if (state.clamped) sentences.push(tr('grpc.clamped'));
  return sentences;
}

/** A step of grpc or grpc-java: the counter, the numbers drawn, the pick. */
export function grpcStep({ phase, t, step, state, names }) {
  const sentences = [];
  if (state.builtAt === t && t > 0) sentences.push(tr('grpc.rebuilt'));
  const unknown = unknownNames(state, names);
  if (unknown.length > 0) sentences.push(tr('grpc.unknown', { names: list(unknown), count: unknown.length, mean: state.mean }));
  for (const i of state.picker.filter((i) => state.kept[i] > 0)) {
    sentences.push(tr('grpc.kept', { name: names[i], weight: state.reported[i], steps: state.kept[i] }));
  }
  const name = names[step.winner];
  if (state.fallback != null) {
    const reason = state.picker.length === 1 ? 'grpc.fallbackOne' : 'grpc.fallbackNone';
    sentences.push(tr(reason, { t }));
    if (phase !== 'fill') sentences.push(tr('grpc.fallbackPick', { index: state.fallback - 1, count: state.picker.length, name }));
    return sentences;
  }
  const first = state.listed[0];
  sentences.push(tr('grpc.fill', { t, sequence: first.sequence }));
  if (phase === 'fill') return sentences;
  const skipped = state.listed.slice(0, -1);
  for (const draw of skipped.slice(0, TOLD_DRAWS)) {
    sentences.push(tr('grpc.skip', {
      sequence: draw.sequence, name: names[state.picker[draw.backend]], generation: draw.generation,
      residue: draw.residue, threshold: draw.threshold,
    }));
  }
  const untold = state.draws - 1 - Math.min(skipped.length, TOLD_DRAWS);
  if (untold > 0) sentences.push(tr('grpc.skipMore', { count: untold }));
  const last = state.listed[state.listed.length - 1];
  sentences.push(tr('grpc.pick', {
    sequence: last.sequence, name, backend: last.backend, n: state.picker.length, generation: last.generation,
    weight: last.weight, residue: last.residue, threshold: last.threshold, max: state.maxWeight, offset: state.offset,
  }));
  if (phase === 'drain') sentences.push(tr('grpc.drain', { sequence: state.sequence }));
  return sentences;
}

/** Step 0 of envoy. */
export function envoyStart(state) {
  return [state.mode === 'edf'
    ? counted(state.prepicks, 'envoy.start', 'envoy.startOne', { prepicks: state.prepicks })
    : tr('envoy.startRoundRobin', { index: state.index })];
}

/**
 * A step of envoy: the queue (or the index), the pick, the re-queue; what changed the scheduler;
 * and, at the step where it happens, that exact EDF would serve another host.
 */
export function envoyStep({ phase, t, step, state, previous, names, departure }) {
  const sentences = [];
  if (state.rebuilt) sentences.push(counted(state.prepicks, 'envoy.rebuilt', 'envoy.rebuiltOne', { prepicks: state.prepicks }));
  if (state.panic) sentences.push(tr('envoy.panic'));
  const winner = step.winner;
  const name = names[winner];
  if (state.mode === 'round-robin') {
    sentences.push(tr('envoy.roundRobin', { t, index: previous.index, count: state.hosts.length, name }));
    return sentences;
  }
  const deadline = state.now.text;
  sentences.push(tr('edf.fill', { t, name, deadline }));
  if (phase === 'pick' || phase === 'drain') {
    const queue = state.rebuilt ? state.rebuilt.queue : previous.queue;
    const tied = queue.filter((entry) => entry.deadlineText === deadline && entry.node !== winner).map((entry) => names[entry.node]);
    sentences.push(tied.length > 0 ? tr('edf.pickTie', { names: list([name, ...tied]), name, deadline }) : tr('edf.pick', { name, deadline }));
    if (departure?.step === t) sentences.push(tr('envoy.departureHere', { exact: names[departure.exact] }));
  }
  if (phase === 'drain') {
    const next = state.queue.find((entry) => entry.node === winner);
    // The weight it was queued with: in a slow start, Envoy's f64 weight, not the configured one.
    if (next) sentences.push(tr('envoy.drain', { name, now: deadline, weight: next.weight, next: next.deadlineText }));
  }
  return sentences;
}

/** The line under the algorithm's description: where Envoy's f64 order parts from exact EDF. */
export function departureText(algorithm, departure, names) {
  if (!departure) return '';
  const prefix = algorithm === 'envoy' ? 'envoy' : 'edf';
  if (departure.step == null) return tr(`${prefix}.sameOrder`, { checked: departure.checked });
  return tr(`${prefix}.departure`, { step: departure.step, envoy: names[departure.envoy], exact: names[departure.exact] });
}
