// The narration line and the highlighted rule, generated from the core's Step record.

import { list, num, tr } from './i18n.js';

/** Nodes listed by name in the fill sentence before "and N more". */
const LISTED = 8;

/** The tied nodes' names as a list, shortened with "and N more" for big ties. */
export function tiedNames(tied, names) {
  if (tied.length <= LISTED) return list(tied.map((i) => names[i]));
  return tr('narration.more', { list: tied.slice(0, LISTED).map((i) => names[i]).join(', '), count: tied.length - LISTED });
}

/** One paragraph that tells what the current phase of the step did. */
export function narrate(view, nodes, tie) {
  const { position, step } = view;
  if (position.t === 0 || !step) return tr('narration.start');
  const names = nodes.map((node) => node.name);
  const changes = step.before.map((from, i) => `${names[i]} ${num(from)}→${num(step.filled[i])}`);
  const listed = changes.length > LISTED
    ? tr('narration.more', { list: changes.slice(0, LISTED).join(', '), count: changes.length - LISTED })
    : changes.join(', ');
  const sentences = [tr('narration.fill', { t: position.t, changes: listed })];
  if (position.phase === 'pick' || position.phase === 'drain') {
    const name = names[step.winner];
    const level = num(step.filled[step.winner]);
    if (step.tied.length > 0) {
      const key = tie === 'last' ? 'narration.pickTieLast' : 'narration.pickTieFirst';
      sentences.push(tr(key, { names: tiedNames(step.tied, names), level, name }));
    } else {
      sentences.push(tr('narration.pickOne', { name, level }));
    }
  }
  if (position.phase === 'drain') {
    sentences.push(tr('narration.drain', {
      name: names[step.winner],
      total: step.total,
      from: num(step.filled[step.winner]),
      to: num(step.drained[step.winner]),
    }));
  }
  return sentences.join(' ');
}

/** The Σ line: W right after the fill, 0 again after the drain. */
export function sumText(view) {
  if (view.position.phase === 'fill' || view.position.phase === 'pick') {
    return tr('sum.afterFill', { sum: num(view.sum), total: view.step.total });
  }
  return view.sum === 0 ? tr('sum.conserved') : tr('sum.label', { sum: num(view.sum) });
}

/** Writes the three rules and highlights the one the phase is in. */
export function renderRules(container, phase, tie) {
  const rule = tr(tie === 'last' ? 'code.ruleLast' : 'code.ruleFirst');
  for (const line of container.querySelectorAll('li[data-rule]')) {
    const key = line.dataset.rule;
    line.textContent = tr(`code.${key}`, { rule });
    const active = key === phase;
    line.classList.toggle('active', active);
    if (active) line.setAttribute('aria-current', 'step');
    else line.removeAttribute('aria-current');
  }
}
