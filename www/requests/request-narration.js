// The narration of an attempt of a request (nginx SWRR with failed attempts, backup servers or
// several workers), in words, from the core's `step.request`: which request and attempt it is,
// why tanks sit out (tried in this request, skipped for their failures, backups waiting), and
// how the attempt ended — answered, refused and retried, refused with no try left (502), or no
// server left at all (502); and the traffic note (the rate, the workers). The attempt's sentences
// are the catalog's (`core.narration.*`), which the CLI's pictures say too.

import { list, tr } from '../words/i18n.js';

/** Indices where `test` holds, in list order. */
function where(count, test) {
  return Array.from({ length: count }, (_, i) => i).filter(test);
}

/** Which step, request and attempt this is (and the worker, when there are several). */
function attemptOf(step, options) {
  const r = step.request;
  const worker = options.workers > 1 ? tr('core.narration.worker', { worker: r.worker + 1 }) : '';
  return { t: step.t, request: r.request, attempt: r.attempt, worker };
}

/** "Step 4, request 3, attempt 2 (worker 2):" — how an attempt that fills nothing opens. */
export function requestLead(step, options = {}) {
  return tr('core.narration.attempt_lead', attemptOf(step, options));
}

/** The fill of an attempt: "Step 4, request 3, attempt 2: the tanks that can be picked fill…". */
export function requestFill(step, options, changes) {
  return tr('core.narration.attempt_fill', { ...attemptOf(step, options), changes });
}

/** Why the tanks that could not be picked sat out, one sentence per reason. */
export function requestOutSentences(step, names) {
  const r = step.request;
  const n = names.length;
  const out = where(n, (i) => !step.eligible[i]);
  const sentences = [];
  const tried = out.filter((i) => r.tried[i]);
  if (tried.length > 0) sentences.push(tr('core.narration.tried', { names: list(tried.map((i) => names[i])) }));
  for (const i of out.filter((j) => !r.tried[j] && r.disabled[j])) {
    sentences.push(tr('core.narration.skipped', { name: names[i], fails: r.fails[i], max: r.maxFails[i] }));
  }
  const onBackups = where(n, (i) => step.eligible[i] && r.backup[i]).length > 0;
  const waiting = out.filter((i) => !r.tried[i] && !r.disabled[i] && r.backup[i] && !onBackups);
  if (waiting.length > 0) sentences.push(tr('core.narration.backups_wait', { names: list(waiting.map((i) => names[i])) }));
  if (onBackups) sentences.push(tr('core.narration.on_backups'));
  const other = out.filter((i) => !r.tried[i] && !r.disabled[i] && !r.backup[i] && !(onBackups && !r.backup[i]));
  if (other.length > 0) sentences.push(tr('core.narration.out', { names: list(other.map((i) => names[i])) }));
  return sentences;
}

/** What the attempt came to, once the winner drained (or at once when no server was left). */
export function requestOutcome(step, names) {
  const r = step.request;
  if (r.noneLeft) return tr('core.narration.none_left', { request: r.request });
  const name = names[step.winner];
  const values = { name, request: r.request, attempt: r.attempt };
  if (r.outcome === 'answered') return tr(r.attempt > 1 ? 'core.narration.answered_at' : 'core.narration.answered', values);
  if (r.last) return tr('core.narration.refused_last', values);
  const effective = step.state?.effective?.[step.winner];
  if (r.maxFails[step.winner] === 0) return tr('core.narration.refused_uncounted', values);
  return tr('core.narration.refused_counted', { ...values, fails: r.fails[step.winner], max: r.maxFails[step.winner], effective });
}

/** What the traffic of a run of requests is, in words: its rate, and its workers. */
export function trafficText({ rate, workers, zone, dispatch }) {
  const parts = [tr('traffic.rateNote', { rate })];
  if (workers > 1) {
    const how = dispatch ? tr('traffic.seeded', { seed: dispatch }) : tr('traffic.turn');
    parts.push(tr(zone ? 'traffic.workersZone' : 'traffic.workersOwn', { workers, how }));
  }
  return parts.join(' ');
}
