// Every user-visible string, in one place per language. Templates take named parameters
// (`{name}`), so a sentence is never glued together from translated fragments.
// English is here; the other languages are modules of their own, loaded when chosen
// (`loadLanguage`), so a reader in English never downloads them. The core's messages are
// worded from the catalog the Rust core reads too (core-messages.js, core-messages-zh.js): the key
// `core.<code>`.

import coreEnglish from './core-messages.js';

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
  'controls.backShort': 'Back',
  'controls.forwardShort': 'Forward',
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
  'explain.label': 'Explanation',
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
  'toolbar.label': 'Views',
  'toolbar.menu': 'Menu',
  'toolbar.lesson': 'Lesson',
  'toolbar.quiz': 'Quiz',
  'toolbar.present': 'Presenter',
  'toolbar.hideFuture': 'Hide the future',
  'toolbar.language': 'Language',
  'toolbar.qr': 'QR code',
  'lesson.position': 'Chapter {n} of {count}',
  'lesson.nav': 'Lesson chapters',
  'lesson.previous': '← Previous chapter',
  'lesson.next': 'Next chapter →',
  'lesson.leave': 'Leave the lesson',
  'lesson.random.title': 'Why not just pick at random?',
  'lesson.random.text': 'Weighted random gives every node its share on average, but only on average. Look at the strip: with 5,3,2 the same node often comes up three or four times in a row, and a node can go unpicked for a long stretch. A load balancer wants every short window to be fair, not just the long run.',
  'lesson.classic.title': 'Why not the expanded list?',
  'lesson.classic.text': 'Write A five times, then B, then C, and walk the list round robin: A A A A A B C. The shares are exact, but A gets five requests in a row while B and C wait. With weights like 100:1:1 the burst is a hundred long. Smooth weighted round-robin keeps the exact shares and spreads them out.',
  'lesson.rules.title': 'Three rules',
  'lesson.rules.text': 'Every node keeps a current weight, starting at 0. At each request: every node adds its weight; the node with the highest current weight is picked; the picked node subtracts the total of all weights. That is all of nginx’s smooth weighted round-robin. Press the Phase button (or PageDown) to watch each rule happen.',
  'lesson.tanks.title': 'Water tanks',
  'lesson.tanks.text': 'Think of each node as a tank. Its weight is the inflow pipe: every step, every tank fills by its weight. The fullest tank is picked and drained by the total W. A tank that was not picked for a while has risen, so it will be picked soon: that is why the sequence is smooth.',
  'lesson.subtract.title': 'Subtract the total, not your own weight',
  'lesson.subtract.text': 'What if the winner subtracted only its own weight? Then each step adds W to the tanks but takes back less, so the sum of the levels grows without end, and the biggest tank keeps winning: the shares drift away from the weights. Subtracting the total W takes back exactly what was added, so the levels always sum to 0.',
  'lesson.ties.title': 'Ties',
  'lesson.ties.text': 'Sometimes two tanks are equally full: at step 5 of 5,3,2, A and B are both at 5. nginx compares with a strict “greater than”, so the first in list order wins. With the other rule (last in list) the sequence changes, but the shares over a period stay the same.',
  'lesson.period.title': 'Conservation and the period',
  'lesson.period.text': 'The levels always add up to 0: every step adds W and the winner takes W away. After W/gcd steps every tank is back at 0, so the sequence repeats with that period, and each node was picked exactly weight/gcd times in it. For 7,2,1 the period is 10 steps.',
  'lesson.changes.title': 'Changing weights and failures',
  'lesson.changes.text': 'Real servers go down and come back. Here C is down from step 6 to step 14: it neither fills nor counts in the total, so A and B share the requests by their own weights; when C returns it carries its old level and is picked again soon. Try the presets for weight changes, failures and slow start.',
  'quiz.title': 'Exercise {number} · {tier}',
  'quiz.tier.warm-up': 'warm-up',
  'quiz.tier.ties': 'ties',
  'quiz.tier.zero-weights': 'zero weights',
  'quiz.tier.many-nodes': 'many nodes',
  'quiz.tier.other-algorithms': 'other algorithms',
  'quiz.algorithm': 'Weights {weights} · {algo} · ties go to the {tie}',
  'quiz.algorithmOther': 'Weights {weights} · {algo}',
  'quiz.score': 'Score {score} of {answered} (of {picks}) · streak {streak} · best streak {best}',
  'quiz.question': 'Which node is picked at step {step}?',
  'quiz.right': 'Right: step {step} picks {name}.',
  'quiz.wrong': 'Not quite: step {step} picks {name}, not {guess}.',
  'quiz.levels': 'Levels after filling: {levels}.',
  'quiz.reason.highest': 'After every tank filled, {name} was the fullest at {level}.',
  'quiz.reason.tieFirst': 'After filling, {names} tied at {level}; the first in list order wins, so {name}.',
  'quiz.reason.tieLast': 'After filling, {names} tied at {level}; the last in list order wins, so {name}.',
  'quiz.reason.nextInList': 'The pointer stood at entry {position} of {length} in the expanded list, and that entry is {name}.',
  'quiz.reason.firstAtOrAbove': 'The current weight was {cw}: {name} is the first node after the last pick whose weight is at least {cw}.',
  'quiz.reason.earliestDeadline': '{name} had the earliest deadline in the queue, {deadline}.',
  'quiz.reason.draw': 'A random draw picked {name}: there is no way to predict it.',
  'quiz.done': 'Done: {score} of {picks} right.',
  'quiz.next': 'Exercise {number} →',
  'quiz.leave': 'Leave the quiz',
  'controls.playPause': 'Play / pause',
  'controls.hint': '{action} ({key})',
  'nodes.label': 'Nodes',
  'tanks.label': 'Water tanks',
  'plots.levelsLabel': 'Levels over time',
  'plots.lagLabel': 'Lag over time',
  'plots.longestLabel': 'Longest run per node',
  'plots.runsLabel': 'Histogram of run lengths',
  'error.fatal': 'Something went wrong inside swrr-viz: {message}',
  'error.reset': 'Reset the page',
  'error.seek': 'Cannot go to step {t}: {message}',

  // The comparison page (compare.html).
  'compare.title': 'Compare algorithms',
  'compare.lede': 'The same weights and scenario, stepped together: why nginx does not use the simple ways.',
  'compare.toWalkthrough': '← One algorithm, step by step',
  'compare.link': 'Compare side by side',
  'compare.algorithms': 'Algorithms (2 to 4)',
  'compare.sets': 'Side by side:',
  'compare.set.simple': 'SWRR and the simple ways',
  'compare.set.peers': 'nginx · gRPC · Envoy',
  'compare.set.envoyExact': 'Envoy vs exact EDF',
  'compare.set.grpcTwo': 'gRPC C++ vs Java',
  'compare.steps': 'Measured steps',
  'compare.syntax': 'Event syntax',
  'compare.ranking': 'Ranking',
  'compare.rank': 'rank',
  'compare.longestRun': 'longest run',
  'compare.longestRunValue': '{run} ({name})',
  'compare.worstAhead': 'worst ahead',
  'compare.worstBehind': 'worst behind',
  'compare.worstLag': 'worst |lag|',
  'compare.lagValue': '{lag} ({name} @{step})',
  'compare.measuring': 'Measuring…',
  'compare.noMetrics': 'No metrics with a scenario: the weights change as it goes (see the strip).',
  'compare.rankingNote': 'Over {steps} steps: the shortest longest run first, then the smallest worst lag (picks ahead of or behind t·w/W). Equal numbers share a rank.',
  'compare.rankingScenario': 'Metrics compare the picks with the shares of fixed weights, and a scenario changes the weights as it goes: no ranking. Compare the strips.',
  'compare.stopped': '{names} cannot go to step {t}.',
  // Scenarios, stories, Σ drift (issue 5).
  'scenario.title': 'Scenario: events on the timeline',
  'scenario.label': 'Events',
  'scenario.help': 'One event per line or “;”: @STEP NODE then =WEIGHT [keep|reset|reset-node|scale], drain, down, up, slowstart STEPS [linear|dubbo], dead, alive, fail [COUNT], backup, primary, or max_fails=N timeout=SECONDS (dead and fail take them too). E.g. @10 A=80; @13 C down; @23 C up',
  'scenario.placeholder': '@10 A=80; @13 C down; @23 C up',
  'scenario.goTo': '{text}: go to step {step} ({name})',
  'scenario.eventsLabel': 'Events of this run',
  'scenario.clear': 'Clear',
  'stories.label': 'Stories',
  'story.raise-keep': '50→80, keep',
  'story.raise-reset-node': '50→80, reset node',
  'story.raise-scale': '50→80, scale',
  'story.c-fails': 'C fails',
  'story.c-down-up': 'C down, up',
  'story.b-drain': 'B drained',
  'story.new-node-slow-start': 'slow start',
  'story.new-node-dubbo-warmup': 'Dubbo warm-up',
  'story.extreme-100-1-1': '100:1:1',
  'story.broken-subtract-own': 'subtract own (broken)',
  'story.random-clumps': 'random clumps',
  'story.grpc-unknown-weight': 'gRPC: weight 0',
  'story.grpc-rejoin-blackout': 'gRPC: rejoin, blackout',
  'story.envoy-departs-from-exact': 'Envoy: f64 vs exact',
  'story.envoy-host-leaves': 'Envoy: host leaves',
  'story.envoy-panic': 'Envoy: panic',
  'drift.own': 'Why “subtract own” fails: each step the nodes add {added} in all, but the winner gives back only its own weight ({total}), so Σ current grows by {kept}. The levels climb together without end, and a light node waits far too long for its turn.',
  'drift.ownStart': 'With “subtract own” the winner gives back only its own weight instead of the total: Σ current will grow every step. Step forward and watch it.',
  'drift.unbalanced': 'Σ current is {sum}, not 0: an event changed one node’s level without balancing the others (reset-node or scale). SWRR’s smoothness guarantees assume Σ = 0.',
  'drift.conserved': 'Σ current stays 0 through the events: SWRR keeps its balance.',
  'drift.label': 'Σ current over the last {count} steps, now {sum}',
  'plots.scenario': 'Plots and metrics compare the picks with the shares of fixed weights; a scenario changes the weights as it goes, so they are not drawn. The strip shows the first {steps} picks, the events marked.',
  'plots.windowHintOther': 'This run does not repeat, so even a window of W picks need not hold each node’s share: the bands show how far it strays.',
  'plots.scenarioShort': 'The first {steps} picks of the scenario, its events marked.',
  'plots.levelsOther': 't·w − W·picks of each node (SWRR’s level, had it made these picks)',
  'metrics.noPeriod': 'none: this run does not repeat (W/gcd = {period})',
  'table.windowNoRepeat': 'Steps {from}–{to}; this run does not repeat.',
  'table.events': 'events',
  'table.adds': 'adds',
  'table.subtracts': 'subtracts',
  'table.sum': 'Σ',
  'table.out': '{level}x',
  'table.pointer': 'entry',
  'table.next': 'next',
  'table.cw': 'cw',
  'table.cursor': 'cursor',
  'table.draw': 'draw',
  'table.slot': 'slot',
  'table.now': 'now',
  'table.due': 'due again',
  'table.queue': 'queue after',
  'table.head': 'head',
  // Algorithms: names in the selector, phases, narration, rules (issue 5).
  'algo.label': 'Algorithm',
  'algo.swrr': 'SWRR (nginx)',
  'algo.classic': 'classic (expanded list)',
  'algo.interleaved': 'interleaved (IPVS)',
  'algo.random': 'weighted random',
  'algo.edf': 'EDF (exact)',
  'algo.about.swrr': 'nginx smooth weighted round robin: every node adds its weight, the highest wins and gives back the total.',
  'algo.about.classic': 'The expanded list A A A A A B B B C C, walked round robin: exact shares, in bursts.',
  'algo.about.interleaved': 'Linux IPVS (ip_vs_wrr.c): a current weight cw steps down by the gcd; the next node at or above it wins.',
  'algo.about.random': 'Weighted random from a seeded SplitMix64: right on average, clumpy in any short window.',
  'algo.about.edf': 'Earliest deadline first in exact fractions: each node is due again 1/weight after its last pick. The ideal Envoy computes in floating point (“Envoy round robin”).',
  'subtract.label': 'Winner subtracts',
  'subtract.total': 'the total (nginx)',
  'subtract.own': 'its own weight (broken)',
  'seed.label': 'Seed',
  'seed.error': 'The seed must be a whole number written with digits, e.g. 42.',
  'algo.weight': 'w = {weight}',
  'algo.out': 'out',
  'algo.nodeLabel': '{name}: weight {weight}, picked {picks} times',
  'phase.classic.fill': 'pointer',
  'phase.classic.pick': 'pick',
  'phase.classic.drain': 'advance',
  'phase.interleaved.fill': 'search',
  'phase.interleaved.pick': 'pick',
  'phase.interleaved.drain': 'cursor',
  'phase.random.fill': 'draw',
  'phase.random.pick': 'pick',
  'phase.random.drain': 'done',
  'phase.edf.fill': 'queue',
  'phase.edf.pick': 'serve',
  'phase.edf.drain': 're-queue',
  'narration.events': 'Events before this pick: {events}.',
  'narration.out': '{names} could not be picked this step and added nothing.',
  'narration.outAlgo': '{names} could not be picked this step.',
  'narration.weightsNow': 'Weights in effect at this step: {list}.',
  'narration.weightNowItem': '{name} {now} (typed {weight})',
  'narration.effective': 'Recovering from a failure, {list} add less than their weight.',
  'narration.effectiveItem': '{name} {effective} of {weight}',
  'narration.drainOwn': '{name} gives back only its own weight, {total}: {from}→{to}. Everyone added {added}, so Σ levels grows by {kept}.',
  'sum.notConserved': 'Σ levels = {sum}: not 0, the levels no longer balance',
  'code.drainOwn': 'current[best] -= weight[best]  ✗ nginx subtracts the total; return best',
  'code.classic.fill': 'entry = list[pointer]   (list: each node weight/gcd times, in order)',
  'code.classic.pick': 'best = the node of that entry',
  'code.classic.drain': 'pointer = (pointer + 1) mod length; return best',
  'code.interleaved.fill': 'loop: i = (i + 1) mod n; if i == 0: cw -= gcd; if cw <= 0: cw = max',
  'code.interleaved.pick': 'if weight[i] >= cw: best = i; stop',
  'code.interleaved.drain': 'cursor = best; return best',
  'code.random.fill': 'r = uniform(0 .. W − 1)   (SplitMix64, seeded)',
  'code.random.pick': 'best = the node whose slot [start, start + weight) holds r',
  'code.random.drain': 'return best   (nothing to remember)',
  'code.edf.fill': 'queue: every node at its deadline (ties: the order queued)',
  'code.edf.pick': 'best = pop the earliest; now = its deadline',
  'code.edf.drain': 'push best at now + 1/weight[best]; return best',
  'classic.start': 'Step 0: the list holds each node as often as its weight (divided by the gcd): {length} entries. The pointer stands at the first.',
  'classic.fill': 'Step {t}: the pointer is at entry {entry} of {length}, which belongs to {name}.',
  'classic.pick': '{name} is picked.',
  'classic.drain': 'The pointer moves on to entry {entry}.',
  'classic.wrap': 'The pointer wraps around to the first entry.',
  'classic.pointer': 'pointer',
  'classic.entry': 'entry {entry}: {name}',
  'classic.entries': '{count} in list',
  'classic.caption': 'The expanded list: {length} entries, the pointer at entry {entry}',
  'interleaved.start': 'Step 0: cw = {cw}. Each step the search goes on in list order after the last pick and takes the first node whose weight is at least cw; each time it passes the end of the list, cw drops by the gcd ({gcd}), and below 1 it restarts at {max}.',
  'interleaved.fill': 'Step {t}: the search goes on after {cursor} with cw = {cw}.',
  'interleaved.fillHead': 'Step {t}: the search starts at the head of the list with cw = {cw}.',
  'interleaved.cwDown': 'Past the end of the list cw drops by the gcd to {cw}.',
  'interleaved.cwRestart': 'Past the end of the list cw would drop below 1, so it restarts at {max}.',
  'interleaved.pick': '{name} (weight {weight}) is the first node at or above cw = {cw}: picked.',
  'interleaved.drain': 'The cursor stays on {name}: the next search goes on after it.',
  'interleaved.cursor': 'cursor',
  'interleaved.head': 'head',
  'interleaved.cwLabel': 'cw {cw}',
  'interleaved.candidate': '≥ cw',
  'interleaved.caption': 'Weights as bars; cw steps down by {gcd} from {max}',
  'random.start': 'Step 0: each node owns a slot of 0…{last} as wide as its weight. Each step draws a number uniformly from that range (SplitMix64, seed {seed}); the slot it falls in wins.',
  'random.fill': 'Step {t}: the draw is {draw}, out of 0…{last}.',
  'random.pick': '{draw} falls in {name}’s slot {start}…{end}: {name} is picked.',
  'random.drain': 'Nothing is remembered: the next draw does not depend on this one.',
  'random.slot': '{name}: {start}…{end}',
  'random.drawLabel': 'draw {draw}',
  'random.caption': 'Slots over 0…{last} (W = {range}), one per node, as wide as its weight',
  'edf.start': 'Step 0: every node is queued with the deadline 1/weight. Each step serves the earliest deadline and queues that node again 1/weight later.',
  'edf.fill': 'Step {t}: the earliest deadline in the queue is {name}’s, {deadline}.',
  'edf.pick': '{name} is served; the clock moves to {deadline}.',
  'edf.pickTie': '{name} and {others} are due at {deadline}; {name} was queued first and is served. The clock moves to {deadline}.',
  'edf.drain': '{name} is queued again at {now} + 1/{weight} = {next}.',
  'edf.now': 'now {now}',
  'edf.entry': '{name} due at {deadline}',
  'edf.due': 'due {deadline}',
  'edf.dueShort': '@ {deadline}',
  'edf.requeued': 're-queued',
  'edf.more': 'and {count} more',
  'edf.queueLabel': 'The queue, in the order it will be served',
  'edf.caption': 'Deadlines on the time line (exact fractions in the queue)',
  // gRPC's and Envoy's balancers (issue 15).
  'algo.grpc': 'gRPC WRR (C++)',
  'algo.grpc-java': 'gRPC WRR (Java)',
  'algo.envoy': 'Envoy round robin',
  'algo.about.grpc': 'gRPC’s weighted_round_robin (C++): weights scaled so the largest is 65535; a shared counter walks the backends generation by generation, and each passes in weight/65535 of them. A weight of 0 means “not reported yet” and takes the mean. The seed is where the counter starts (gRPC picks it at random; its tests start at 0).',
  'algo.about.grpc-java': 'grpc-java’s weighted_round_robin: gRPC’s stride scheduler with Java’s floor (a tenth of the mean) and no round robin fallback. A weight of 0 means “not reported yet” and takes the mean. The seed is where the counter starts.',
  'algo.about.envoy': 'Envoy’s round robin as Envoy computes it: an EdfScheduler with f64 deadlines, built by createWithPicks as if “seed” picks had been made; with equal weights Envoy skips it and picks by index from the seed. Every host or health change rebuilds it.',
  'phase.grpc.fill': 'counter',
  'phase.grpc.pick': 'draw',
  'phase.grpc.drain': 'next',
  'phase.envoy.fill': 'queue',
  'phase.envoy.pick': 'serve',
  'phase.envoy.drain': 're-queue',
  'code.grpc.fill': 's = counter++; b = s mod n; g = ⌊s / n⌋   (weights scaled: the largest 65535)',
  'code.grpc.pick': 'if (w[b]·g + 32767·b) mod 65535 ≥ 65535 − w[b]: best = b; else draw again',
  'code.grpc.drain': 'return best   (the counter stays where the pick stopped)',
  'code.envoy.fill': 'queue of f64 deadlines (ties: the order queued); built by createWithPicks(seed)',
  'code.envoy.pick': 'best = pop the earliest; now = its deadline',
  'code.envoy.drain': 'push best at now + 1.0/weight[best] (its weight now); return best',
  'grpc.start': 'Step 0: the weights are scaled so the largest is 65535. Each pick draws numbers from a shared counter, which stands at {sequence}: number s names backend s mod {n} in generation ⌊s/{n}⌋, and that backend is picked if (weight·generation + 32767·backend) mod 65535 ≥ 65535 − weight; otherwise the next number is drawn.',
  'grpc.unknown': 'No usable weight yet for {names} (nothing reported, or the blackout after reconnecting): the mean, {mean}, stands in.',
  'grpc.clamped': 'The largest weight is more than 10 times the mean, so gRPC clamps it to 10 times the mean.',
  'grpc.rebuilt': 'The weights changed: gRPC rebuilt the scheduler before this pick; the counter goes on.',
  'grpc.fill': 'Step {t}: the counter stands at {sequence}.',
  'grpc.skip': '{sequence} names {name} in generation {generation}: {residue} < {threshold}, skipped.',
  'grpc.skipMore': 'Further numbers skipped: {count}.',
  'grpc.pick': '{sequence} names {name} (backend {backend} of {n}) in generation {generation}: ({weight}·{generation} + 32767·{backend}) mod 65535 = {residue} ≥ {threshold}, so {name} is picked.',
  'grpc.drain': 'The counter moves on to {sequence}: the next pick starts there.',
  'grpc.fallbackOne': 'Step {t}: one endpoint is ready, so gRPC C++ builds no scheduler and picks round robin.',
  'grpc.fallbackNone': 'Step {t}: no endpoint has a usable weight, so gRPC C++ builds no scheduler and picks round robin.',
  'grpc.fallbackPick': 'Round robin index {index} mod {count}: {name} is picked.',
  'grpc.caption': 'Scaled weights (largest 65535); dashed: the mean',
  'grpc.fallbackCaption': 'No scheduler: gRPC C++ picks round robin',
  'grpc.counter': 'counter {sequence}',
  'grpc.meanLabel': 'mean {mean} · floor {floor}',
  'grpc.meanBadge': '~ mean',
  'grpc.blackoutBadge': 'blackout {steps}',
  'grpc.barTitle': '{name}: {scaled} of 65535',
  'grpc.drawsLabel': 'The numbers this pick drew from the counter',
  'grpc.drawSkip': '{sequence} → {name}, generation {generation}: {residue} < {threshold}, skip',
  'grpc.drawPass': '{sequence} → {name}, generation {generation}: {residue} ≥ {threshold}, picked',
  'grpc.drawsMore': '{count} more skipped',
  'envoy.start': 'Step 0: Envoy built its EDF scheduler with createWithPicks, as if {prepicks} picks had been made (the seed), every weight plus 1e-13. Each step serves the earliest f64 deadline and queues that host again 1/weight later.',
  'envoy.startRoundRobin': 'Step 0: all weights are equal, so Envoy builds no EDF scheduler and picks by index, from {index} (the seed).',
  'envoy.rebuilt': 'The hosts changed: Envoy rebuilt its scheduler with createWithPicks, from the seed ({prepicks} picks), before this pick.',
  'envoy.panic': 'Fewer than half the hosts are healthy: Envoy is in panic and balances over all hosts, unhealthy ones too.',
  'envoy.roundRobin': 'Step {t}: all the hosts’ weights are equal, so Envoy picks by index: {index} mod {count} → {name}.',
  'envoy.drain': '{name} is queued again at {now} + 1.0/{weight} = {next}, with its weight now.',
  'envoy.departureHere': 'Here exact EDF would serve {exact}: the f64 sums broke a tie the other way.',
  'envoy.departure': 'Envoy’s f64 deadlines part from exact EDF at step {step}: {envoy} where exact EDF serves {exact}.',
  'envoy.sameOrder': 'Envoy’s order is exact EDF’s for the {checked} steps checked.',
  'edf.departure': 'Envoy computes these deadlines in f64 and parts from this exact order at step {step}: {envoy} instead of {exact}.',
  'edf.sameOrder': 'Envoy, computing in f64, gives this same order for the {checked} steps checked.',
  'envoy.caption': 'Deadlines on the time line (f64, as Envoy computes them)',
  'envoy.mode.edf': 'EDF scheduler (f64)',
  'envoy.mode.round-robin': 'equal weights: round robin, index {index}',
  'envoy.built': 'built at step {step} by createWithPicks({prepicks})',
  'envoy.panicBadge': 'panic: all hosts',
  'table.draws': 'draws',
  'table.generation': 'generation',
  'table.counter': 'counter after',
  'table.index': 'index {index}',
  'tools.label': 'Share and export',
  'tools.share': 'Share / Embed',
  'tools.export': 'Export / import',
  'tools.print': 'Print handout',
  'embed.openFull': 'Open the full page ↗',
  'dialog.close': 'Close',
  'load.loading': 'Loading {what}…',
  'load.failed': 'Could not load {what}: {message}. Check the connection, then try again or reload the page.',
  'load.share': 'the Share / Embed dialog',
  'load.export': 'the Export / import dialog',
  'load.lesson': 'the lesson',
  'load.quiz': 'the quiz',
  'embed.failed': 'This walkthrough cannot start: {what} did not load ({message}).',
  'embed.hint': 'If this is your page: the swrr-viz package\'s files must be served as they are (the .wasm file as application/wasm); see "Embed in your docs" in its README.',
  'embed.wasm': 'its WebAssembly core',
  'embed.module': 'a part of its code',
  'embed.styles': 'its styles',
  'load.handout': 'the handout',
  'load.qr': 'the QR code',
  'qr.title': 'Scan to open this step on your phone',
  'qr.label': 'QR code of {link}',
  'handout.label': 'Handout',
  'handout.weights': 'Weights {weights}',
  'handout.step': 'Step {t}',
  'handout.scan': 'Scan to open this step',
  'handout.legend': 'Dotted line: the level before the step. Hatched: the water the picked tank drains (↓ −W). Solid outline: picked; dashed: tied.',
  'handout.worksheet': 'Worksheet: fill in the rows after step {t}.',
  'handout.link': 'This state online:',
  'copy.button': 'Copy',
  'copy.done': 'Copied to the clipboard.',
  'copy.manual': 'Selected: press Ctrl+C (⌘C on a Mac) to copy.',
  'share.title': 'Share / Embed',
  'share.intro': 'Each of these shows what is on screen now: the weights, the step, the algorithm and its options, the scenario, the speed and the theme.',
  'share.fileNote': 'This page was opened from a file: the link and the snippets point to it on this computer only. Host the site (dist/) to share them.',
  'share.link': 'Link to this state',
  'share.iframe': 'iframe: the page with minimal chrome',
  'share.iframeTitle': 'Smooth Weighted Round-Robin: {weights}, step by step',
  'share.element': 'The <swrr-viz> element: one module import, then the element',
  'share.elementNote': 'The element loads its module, styles and WebAssembly from {url}; that host must allow cross-origin loads (Access-Control-Allow-Origin), or install the npm package and import it from your own site.',
  'export.title': 'Export / import',
  'export.trace': 'Trace, steps 1–{steps}',
  'export.format.csv': 'CSV',
  'export.format.json': 'JSON',
  'export.format.markdown': 'Markdown table',
  'export.frame': 'The tanks now: step {t}, {phase}',
  'export.frameNoLevels': 'The tank picture draws the levels of SWRR; {algo} has none. The selection strip below shows its picks.',
  'export.strip': 'Selection strip, steps 1–{steps}',
  'export.plots': 'Plots',
  'export.plotsWaiting': 'The plots are still being computed: open this dialog again when they are drawn.',
  'export.plotLevels': 'Current weight',
  'export.plotLag': 'Lag',
  'export.plotWindow': 'Window shares',
  'export.plotLongest': 'Longest run',
  'export.plotRuns': 'Runs by length',
  'export.pictureAs': '{name} ({format})',
  'export.nginx': 'nginx upstream block for these weights',
  'export.nginxBlock': 'upstream block',
  'export.nginxNote': 'Names that are not server addresses get 127.0.0.1 ports and a "# node NAME" comment, which the import below reads back. A weight of 0 is written as down. The scenario\'s backup, down, max_fails and timeout at request 1 become server parameters; its other events are listed in a comment.',
  'export.download': 'Download .conf',
  'export.saved': 'Saved {file}.',
  'export.error': 'Cannot export: {message}',
  'export.import': 'Import an nginx upstream block',
  'export.importLabel': 'Paste an upstream block, a whole nginx.conf holding one, or server lines',
  'export.importHelp': 'A server without weight= has weight 1; backup, down, max_fails and fail_timeout become events at request 1 of the scenario (nginx sends requests to backup servers only when no primary server can be picked).',
  'export.read': 'Read',
  'export.use': 'Use these weights',
  'export.useWithScenario': 'Use these weights and events',
  'export.importError': 'Cannot read it: {message}',
  'export.imported': '{count} nodes from upstream {name}:',
  'export.importWeights': 'Weights: {weights}',
  'export.importScenario': 'Scenario: {scenario}',
  'export.colServer': 'server',
  'export.colName': 'node',
  'export.colWeight': 'weight',
  'export.colLine': 'line',
  'export.backup': '{weight}, backup',
  'export.down': '{weight}, down',
  'export.downZero': 'down (0)',
  // The list separator of the core's messages; the messages are in core-messages.js, below as
  // `core.<code>`. `{token}`, `{at}`, `{reasons}`… are messages or lists of their own,
  // formatted by `message()`.
  'core.separator': ', ',
};

for (const [code, entry] of Object.entries(coreEnglish)) en[`core.${code}`] = entry.text;

const languages = { en };
/** The languages loaded on demand: code → its module's table. */
const LOADERS = {
  zh: () => import('./i18n-zh.js').then((module) => module.zh),
};
const loading = new Map();
let current = 'en';

/** The languages of the switch, by code, each named in itself. */
export const LANGUAGES = { en: 'English', zh: '中文' };

/** Whether `code`'s strings are here (English always; unknown codes count as English). */
export function isLoaded(code) {
  return code in languages || !(code in LOADERS);
}

/**
 * Loads a language's strings (once; a failed load is tried again next time). Resolves when
 * `setLanguage(code)` may be called; rejects with the loading error.
 */
export function loadLanguage(code) {
  if (isLoaded(code)) return Promise.resolve();
  if (!loading.has(code)) {
    const promise = LOADERS[code]().then((table) => {
      languages[code] = table;
    });
    loading.set(code, promise);
    promise.catch(() => loading.delete(code));
  }
  return loading.get(code);
}

/**
 * Switches the language; unknown codes fall back to English. A known language must be loaded
 * first (`loadLanguage`): drawing in it before would silently show English.
 */
export function setLanguage(code) {
  if (!isLoaded(code)) throw new Error(`the strings of language "${code}" are not loaded yet: await loadLanguage("${code}") first`);
  current = code in languages ? code : 'en';
}

/** The current language code. */
export function language() {
  return current;
}

/** Every key of the English table (the reference every language must cover). */
export function keys() {
  return Object.keys(en);
}

/** The table of a language, for the completeness test (undefined until loaded). */
export function table(code) {
  return languages[code];
}

/** The string for `key` with `{param}` placeholders filled in. */
export function tr(key, params = {}) {
  const template = languages[current][key] ?? languages.en[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

/**
 * A message of the core — a note `{code, params, text}`, or a message inside another one's
 * parameters — in the current language: the template `core.<code>` with the parameters filled in
 * (messages inside formatted the same way, lists joined with the language's separator). A code no
 * table knows gives the core's English `text`, so a newer core never shows a blank.
 */
export function message(m) {
  if (m == null) return '';
  if (typeof m !== 'object') return String(m);
  const key = `core.${m.code}`;
  if (!m.code || !has(key)) return String(m.text ?? m.message ?? '');
  const params = {};
  for (const [name, value] of Object.entries(m.params ?? {})) params[name] = parameter(value);
  return tr(key, params);
}

function parameter(value) {
  if (Array.isArray(value)) return value.map(parameter).join(tr('core.separator'));
  if (value && typeof value === 'object') return message(value);
  return String(value);
}

/**
 * What an error says, in the current language: an error thrown by the core carries `code` and
 * `params` next to its English `message` (so does a worker's `{message, code, params}`); any
 * other error gives its `message`.
 */
export function errorText(error) {
  if (error == null) return '';
  if (typeof error !== 'object') return String(error);
  if (error.code) return message({ code: error.code, params: error.params, text: error.message });
  return String(error.message ?? error);
}

/** Whether the current language (or English) has a string for `key`. */
export function has(key) {
  return key in languages[current] || key in languages.en;
}

/** A list of items in the current language ("A, B and C"). */
export function list(items) {
  return new Intl.ListFormat(current, { style: 'long', type: 'conjunction' }).format(items.map(String));
}

/** Numbers as people read them: "−5" with a real minus sign. */
export function num(value) {
  return value < 0 ? `−${-value}` : String(value);
}
