// The views of a run's first steps, every phase, that the words and lists under a picture keep
// their place for: the tallest of them, measured where they are shown, is the height they keep
// from the first frame, so nothing under them moves while the run plays (algorithm-view.js,
// stage/narration-panel.js).

/** Steps × nodes of the run read (the core's records cost about that much). */
const SAMPLED_WORK = 400;
/** The steps read: the scrubber's least span, if the work allows. */
const SAMPLED_STEPS = 40;

const sampled = new WeakMap();

/**
 * The views of `engine`'s start and first steps in each phase, as engine.js `view` gives them
 * (`position`, `step`, `state`, `previous`, `algorithm`, Envoy's `departure`), for an algorithm
 * without levels; read from the core once per run.
 */
export function sampledViews(engine) {
  if (!sampled.has(engine)) sampled.set(engine, readViews(engine));
  return sampled.get(engine);
}

function readViews(engine) {
  const start = engine.initialState;
  const extra = { algorithm: engine.algorithm, ...(engine.algorithm === 'envoy' ? { departure: engine.departure } : {}) };
  const steps = Math.max(1, Math.min(SAMPLED_STEPS, Math.floor(SAMPLED_WORK / Math.max(1, engine.nodeCount))));
  const records = engine.records(1, steps);
  const views = [{ position: { t: 0, phase: 'start' }, step: null, state: start, previous: start, ...extra }];
  records.forEach((step, i) => {
    const previous = i === 0 ? start : records[i - 1].state;
    for (const phase of ['fill', 'pick', 'drain']) views.push({ position: { t: step.t, phase }, step, state: step.state, previous, ...extra });
  });
  return views;
}

/**
 * The height of the tallest of `element`'s copies, each filled by one of `fills` (a function of
 * the copy), laid out beside it (as wide, under the same styles, its id's too) in one layout and taken out
 * before anything is painted; 0 when it is not laid out.
 */
export function tallestHeight(element, fills) {
  const copies = fills.map((fill) => {
    const copy = element.cloneNode(false);
    copy.style.minHeight = '';
    fill(copy);
    return copy;
  });
  const box = document.createElement('div');
  box.setAttribute('aria-hidden', 'true');
  box.style.visibility = 'hidden';
  box.append(...copies);
  element.after(box);
  const tallest = Math.max(0, ...copies.map((copy) => copy.getBoundingClientRect().height));
  box.remove();
  return tallest;
}
