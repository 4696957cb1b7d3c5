// Every user-visible string, in one place per language. Templates take named parameters
// (`{name}`), so a sentence is never glued together from translated fragments.

const en = {
  'app.title': 'Smooth Weighted Round-Robin',
  'app.lede': "nginx's peer selection, computed exactly. Every step all tanks fill by their weight, the fullest tank is picked, and the picked tank is drained by the total.",
  'weights.label': 'Weights',
  'weights.help': 'e.g. 5,3,2 · A=5 B=3 C=2 · 1:3:0.5 · 50%,30%,20%',
  'weights.normalised': 'Normalised to integers: {text}',
  'weights.summary': '{count} nodes · W = {total} · period {period} steps',
  'presets.label': 'Presets',
  'preset.equal': 'equal',
  'preset.twelve': '12 nodes',
  'node.minus': 'Lower the weight of {name}',
  'node.plus': 'Raise the weight of {name}',
  'node.rename': 'Rename {name}',
  'node.remove': 'Remove {name}',
  'node.add': 'Add node',
  'node.renamePrompt': 'New name for {name}',
  'controls.label': 'Playback',
  'controls.toStart': 'To start',
  'controls.back': 'Step back',
  'controls.phaseBack': 'Previous phase',
  'controls.play': 'Play',
  'controls.pause': 'Pause',
  'controls.phaseForward': 'Next phase',
  'controls.forward': 'Step forward',
  'controls.toEnd': 'To end of period',
  'controls.start': 'Start',
  'controls.end': 'End',
  'controls.stepShort': 'Step',
  'controls.phaseShort': 'Phase',
  'controls.speed': 'Speed',
  'controls.scrubber': 'Timeline',
  'controls.stepOf': 'step {t}',
  'controls.periodOf': 'period {k} · step {offset} of {period}',
  'speed.phases': '{rate} step/s, phase by phase',
  'speed.steps': '{rate} steps/s',
  'theme.toggle': 'Theme: {mode}',
  'theme.auto': 'auto',
  'theme.light': 'light',
  'theme.dark': 'dark',
  'tie.label': 'Ties go to',
  'tie.first': 'first in list (nginx)',
  'tie.last': 'last in list',
  'phase.start': 'start',
  'phase.fill': 'fill',
  'phase.pick': 'pick',
  'phase.drain': 'drain',
  'sum.label': 'Σ levels = {sum}',
  'sum.afterFill': 'Σ levels = {sum}: the {total} just added',
  'sum.conserved': 'Σ levels = 0: conserved',
  'tank.picks': '{count}×',
  'tank.picked': 'picked',
  'tank.tie': 'tie',
  'tank.drain': '−{total}',
  'tank.label': '{name}: weight {weight}, level {level}, picked {picks} times',
  'narration.start': 'Step 0: every tank is at 0. Step forward and every tank fills by its weight.',
  'narration.fill': 'Step {t}: every tank fills by its weight: {changes}.',
  'narration.pickOne': '{name} is the fullest at {level} and is picked.',
  'narration.pickTieFirst': '{names} tie at {level}; {name} wins (first in list).',
  'narration.pickTieLast': '{names} tie at {level}; {name} wins (last in list).',
  'narration.drain': '{name} drains by {total}: {from}→{to}.',
  'narration.more': '{list} and {count} more',
  'code.title': 'The three rules',
  'code.fill': 'for each node i: current[i] += weight[i]; total += weight[i]',
  'code.pick': 'best = the node with the highest current (ties: {rule})',
  'code.drain': 'current[best] -= total; return best',
  'code.ruleFirst': 'first in list',
  'code.ruleLast': 'last in list',
  'table.title': 'Hand calculation',
  'table.step': 'step',
  'table.afterAdding': 'after adding',
  'table.winner': 'winner',
  'table.afterSubtracting': 'after subtracting {total}',
  'table.tie': '{name} (tie {names})',
  'table.window': 'Steps {from}–{to}; the sequence repeats every {period} steps.',
  'table.firstNodes': 'Columns for the first {shown} of {count} nodes; the winner column names every pick.',
  'table.period': 'One full period: {period} steps (W = {total}, gcd {gcd}).',
  'strip.title': 'Selection sequence',
  'plots.title': 'The whole run',
  'plots.steps': 'Steps',
  'plots.window': 'Window',
  'plots.defaultSteps': 'one period',
  'plots.levels': 'Current weight (water level) of each node',
  'plots.lag': 'Lag: picks − t·w/W, with the bounds ±1',
  'plots.windowShares': 'Share of each node in a sliding window, against its target (dashed)',
  'plots.windowHint': 'A window of W picks (the default) always holds exactly each node’s share; try a smaller window, e.g. 5, to see the unevenness.',
  'plots.longestRun': 'Longest run of consecutive picks',
  'plots.runs': 'Runs by length (all nodes)',
  'plots.envelope': 'all {count} nodes (grey band)',
  'plots.computing': 'Computing {done} of {total}…',
  'plots.drawing': 'Drawing…',
  'plots.ready': '{steps} steps, window {window}.',
  'plots.error': 'Cannot compute the plots: {message}',
  'metrics.title': 'Metrics',
  'metrics.period': 'Period',
  'metrics.periodValue': '{period} steps (W = {total}, gcd {gcd})',
  'metrics.steps': 'Steps',
  'metrics.stepsPeriodic': '{steps} (one period computed and repeated)',
  'metrics.stepsPartial': '{steps} ({computed} picks computed)',
  'metrics.window': 'Worst window',
  'metrics.windowValue': 'window of {window}: largest share variance {variance}, at steps {from}–{to}',
  'metrics.fingerprint': 'Fingerprint',
  'metrics.fingerprintValue': '{hash} (FNV-1a 64 of the first {picks} picks)',
  'metrics.node': 'node',
  'metrics.weight': 'weight',
  'metrics.target': 'target',
  'metrics.picks': 'picks',
  'metrics.ideal': 'ideal',
  'metrics.ahead': 'max ahead @step',
  'metrics.behind': 'max behind @step',
  'metrics.longestRun': 'longest run',
  'metrics.perWindow': 'picks per window',
  'metrics.lagAt': '{lag} @{step}',
  'error.fatal': 'Something went wrong inside swrr-viz: {message}',
  'error.reset': 'Reset the page',
  'error.seek': 'Cannot go to step {t}: {message}',
};

const languages = { en };
let current = 'en';

/** Switches the language; unknown codes fall back to English. */
export function setLanguage(code) {
  current = code in languages ? code : 'en';
}

/** The string for `key` with `{param}` placeholders filled in. */
export function tr(key, params = {}) {
  const template = languages[current][key] ?? languages.en[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

/** A list of items in the current language ("A, B and C"). */
export function list(items) {
  return new Intl.ListFormat(current, { style: 'long', type: 'conjunction' }).format(items.map(String));
}

/** Numbers as people read them: "−5" with a real minus sign. */
export function num(value) {
  return value < 0 ? `−${-value}` : String(value);
}
