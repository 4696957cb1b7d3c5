// The traffic note of a run of requests (nginx SWRR with failed attempts, backup servers or
// several workers): its rate, its workers, and its tries per request. An attempt's sentences (which request and attempt,
// why tanks sit out, how it ended) are the core's narration (stage/narration.js `narrate`).

import { sentences, tr } from '../words/i18n.js';

/** What the traffic of a run of requests is, in words: its rate, its workers and its try limit. */
export function trafficText({ rate, workers, zone, dispatch, tries }) {
  const parts = [rate === 1 ? tr('traffic.rateNoteOne') : tr('traffic.rateNote', { rate })];
  if (workers > 1) {
    const how = dispatch ? tr('traffic.seeded', { seed: dispatch }) : tr('traffic.turn');
    parts.push(tr(zone ? 'traffic.workersZone' : 'traffic.workersOwn', { workers, how }));
  }
  if (tries > 0) parts.push(tr('traffic.triesNote', { tries }));
  return sentences(parts);
}
