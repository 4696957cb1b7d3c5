// The narration of an attempt of a request (nginx SWRR with failed attempts, backup servers or
// several workers), in words, from the core's `step.request`: which request and attempt it is,
// why tanks sit out (tried in this request, skipped for their failures, backups waiting), and
// how the attempt ended — answered, refused and retried, refused with no try left (502), or no
// server left at all (502); and the traffic note (the rate, the workers).

import { list, tr } from '../words/i18n.js';

/** Indices where `test` holds, in list order. */
function where(count, test) {
  return Array.from({ length: count }, (_, i) => i).filter(test);
}

/** Which step, request and attempt this is (and the worker, when there are several). */
function attemptOf(step, options) {
  const r = step.request;
  const worker = options.workers > 1 ? tr('request.worker', { worker: r.worker + 1 }) : '';
  return { t: step.t, request: r.request, attempt: r.attempt, worker };
}

/** "Step 4, request 3, attempt 2 (worker 2):" — how an attempt that fills nothing opens. */
export function requestLead(step, options = {}) {
  return tr('request.lead', attemptOf(step, options));
}

/** The fill of an attempt: "Step 4, request 3, attempt 2: the tanks that can be picked fill…". */
export function requestFill(step, options, changes) {
  return tr('request.fill', { ...attemptOf(step, options), changes });
}

/** Why the tanks that could not be picked sat out, one sentence per reason. */
export function requestOutSentences(step, names) {
  const r = step.request;
  const n = names.length;
  const out = where(n, (i) => !step.eligible[i]);
  const sentences = [];
  const tried = out.filter((i) => r.tried[i]);
  if (tried.length > 0) sentences.push(tr('request.tried', { names: list(tried.map((i) => names[i])), count: tried.length }));
  for (const i of out.filter((j) => !r.tried[j] && r.disabled[j])) {
    sentences.push(tr('request.disabled', { name: names[i], fails: r.fails[i], max: r.maxFails[i] }));
  }
  const onBackups = where(n, (i) => step.eligible[i] && r.backup[i]).length > 0;
  const waiting = out.filter((i) => !r.tried[i] && !r.disabled[i] && r.backup[i] && !onBackups);
  if (waiting.length > 0) sentences.push(tr('request.backupsWait', { names: list(waiting.map((i) => names[i])), count: waiting.length }));
  if (onBackups) sentences.push(tr('request.onBackups'));
  const other = out.filter((i) => !r.tried[i] && !r.disabled[i] && !r.backup[i] && !(onBackups && !r.backup[i]));
  if (other.length > 0) sentences.push(tr('narration.out', { names: list(other.map((i) => names[i])), count: other.length }));
  return sentences;
}

/** What the attempt came to, once the winner drained (or at once when no server was left). */
export function requestOutcome(step, names) {
  const r = step.request;
  if (r.noneLeft) return tr('request.noneLeft', { request: r.request });
  const name = names[step.winner];
  const values = { name, request: r.request, attempt: r.attempt };
  if (r.outcome === 'answered') return tr(r.attempt > 1 ? 'request.answeredRetry' : 'request.answered', values);
  if (r.last) return tr('request.failed502', values);
  const effective = step.state?.effective?.[step.winner];
  if (r.maxFails[step.winner] === 0) return tr('request.failedUncounted', values);
  return tr('request.failedRetry', { ...values, fails: r.fails[step.winner], max: r.maxFails[step.winner], effective });
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
