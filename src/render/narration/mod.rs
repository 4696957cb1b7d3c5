//! What a step of nginx SWRR says, decided once: which of the catalog's `narration.*` sentences,
//! in which order, with which values — as coded sentences ([`Said`]: a code and its parameters,
//! nested where a sentence holds a list of sentences or names). The CLI's pictures word them in
//! English (`english.rs`); the facade hands them to the page, which words them in its language
//! (www/stage/narration.js `sayAll`) with its names, numbers and lists.
//!
//! The narration of a step up to its phase: the events before it, the fill (only the tanks that
//! could be picked add), weights in effect that differ from the typed ones, who sat out and why,
//! who recovers from a failure, the pick or the tie, the drain, and for a run of requests how the
//! attempt ended. Every number comes from the engine's `Step`.

mod english;
mod request;

use crate::engine::options::{SubtractRule, TieRule};
use crate::engine::state::AlgorithmState;
use crate::engine::step::Step;
use crate::input::scenario::events::event_in_sentence;
use crate::input::weights::vector::Weights;
use crate::render::phase::Phase;

pub use english::english_all;
pub(crate) use english::{list, samples, signed, worded_all};

/// Nodes a sentence names before "and N more", and weights or recoveries it lists at most (the
/// page's too: the facade's `limits().listedNodes`).
pub(crate) const LISTED: usize = 8;

/// A value in a coded sentence, as data: the reader's language words it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Part {
    /// A count, a weight or a step, as it is: `7`.
    Number(i64),
    /// A level, written with a real minus sign: `−5`.
    Level(i64),
    /// A node's name, as a sentence holds it (isolated when it is right-to-left).
    Node(usize),
    /// Text as the engine has it (the scenario's events), or nothing (`""`).
    Text(String),
    /// A sentence of its own: a list's item, the worker.
    Said(Said),
    /// Items listed the language's way: "A, B and C".
    List(Vec<Part>),
    /// Items joined by ", " (a fill's changes, the named part of a list cut short).
    Joined(Vec<Part>),
    /// A node's level before and after the fill: "A 0→5".
    Change { node: usize, from: i64, to: i64 },
}

/// A coded sentence: the catalog's code (the page's `core.<code>`) and its parameters, in the
/// order the catalog names them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Said {
    pub code: &'static str,
    pub params: Vec<(&'static str, Part)>,
}

impl Said {
    pub(crate) fn new(code: &'static str, params: Vec<(&'static str, Part)>) -> Self {
        Self { code, params }
    }
}

/// What the narration needs of the run besides the step: the tie rule (whose words the tie
/// sentence takes), the worker processes (several: each attempt names its worker) and what the
/// winner subtracts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Telling {
    pub tie: TieRule,
    pub workers: usize,
    pub subtract: SubtractRule,
}

/// The nodes `indices` as a sentence names them: listed, or the first [`LISTED`] and "and N more".
fn names(indices: &[usize]) -> Part {
    cut(indices.iter().map(|&i| Part::Node(i)).collect(), Part::List)
}

/// `items` as `whole` makes them, or when there are more than [`LISTED`], the first ones joined
/// and "and N more".
fn cut(mut items: Vec<Part>, whole: fn(Vec<Part>) -> Part) -> Part {
    if items.len() <= LISTED {
        return whole(items);
    }
    let count = items.len() - LISTED;
    items.truncate(LISTED);
    Part::Said(Said::new(
        "narration.more",
        vec![("list", Part::Joined(items)), ("count", number(count))],
    ))
}

/// A count as a parameter (counts are far below `i64::MAX`).
fn number<N: TryInto<i64>>(n: N) -> Part {
    Part::Number(n.try_into().unwrap_or(i64::MAX))
}

/// Nodes of `step` that could not be picked, in list order.
fn out_nodes(step: &Step) -> Vec<usize> {
    (0..step.eligible.len())
        .filter(|&i| !step.eligible[i])
        .collect()
}

/// The fill's changes of the tanks that could be picked, the others added nothing:
/// `A 0→5, B 2→5, C −2→0` (at most [`LISTED`] named).
fn changes(step: &Step) -> Part {
    let items = step
        .before
        .iter()
        .zip(&step.filled)
        .enumerate()
        .filter(|&(node, _)| step.eligible[node])
        .map(|(node, (&from, &to))| Part::Change { node, from, to })
        .collect();
    cut(items, Part::Joined)
}

/// The fill sentence's code (or its caption's, `caption_`): every tank fills, or, when some
/// could not be picked, the tanks that could.
fn fill_code(step: &Step, caption: bool) -> &'static str {
    match (step.eligible.iter().all(|&e| e), caption) {
        (true, false) => "narration.fill",
        (true, true) => "narration.caption_fill",
        (false, false) => "narration.fill_eligible",
        (false, true) => "narration.caption_fill_eligible",
    }
}

/// "Events before this pick: @3 B dead." when the scenario put events on this step, and what a
/// weight set with `reset` did (a reload: nothing of the run before is kept).
fn events(step: &Step) -> Vec<Said> {
    if step.events.is_empty() {
        return Vec::new();
    }
    let listed = Said::new(
        "narration.events",
        vec![(
            "events",
            Part::Text(
                step.events
                    .iter()
                    .map(|e| event_in_sentence(e))
                    .collect::<Vec<_>>()
                    .join("; "),
            ),
        )],
    );
    let reset = step
        .events
        .iter()
        .any(|e| e.split_whitespace().last() == Some("reset"));
    let reload = reset.then(|| Said::new("narration.reset", Vec::new()));
    std::iter::once(listed).chain(reload).collect()
}

/// "C could not be picked this step and added nothing."
fn out(nodes: &[usize]) -> Said {
    Said::new("narration.out", vec![("names", names(nodes))])
}

/// `sentence` listing its `item` for at most [`LISTED`] of `nodes` — each a node, a value (the
/// item's parameter `value`) and a weight — when there are any.
fn node_list(
    sentence: &'static str,
    item: &'static str,
    value: &'static str,
    nodes: impl Iterator<Item = (usize, i64, i64)>,
) -> Option<Said> {
    let listed: Vec<Part> = nodes
        .take(LISTED)
        .map(|(i, v, weight)| {
            let params = vec![
                ("name", Part::Node(i)),
                (value, Part::Number(v)),
                ("weight", Part::Number(weight)),
            ];
            Part::Said(Said::new(item, params))
        })
        .collect();
    (!listed.is_empty()).then(|| Said::new(sentence, vec![("list", Part::List(listed))]))
}

/// Weights in effect that differ from the typed ones (events, slow start).
fn weights_now(typed: &Weights, step: &Step) -> Option<Said> {
    let typed = |i: usize| i64::try_from(typed.nodes()[i].weight).unwrap_or(i64::MAX);
    let changed = (0..step.weights.len())
        .filter(|&i| step.weights[i] != typed(i))
        .map(|i| (i, step.weights[i], typed(i)));
    node_list(
        "narration.weights_now",
        "narration.weight_now",
        "now",
        changed,
    )
}

/// Nodes that add less than their weight while they recover from a failure.
fn recovering(step: &Step) -> Option<Said> {
    let AlgorithmState::Swrr(state) = &step.state else {
        return None;
    };
    let reduced = (0..state.added.len())
        .filter(|&i| step.eligible[i] && state.added[i] < step.weights[i])
        .map(|i| (i, state.added[i], step.weights[i]));
    node_list(
        "narration.recovering",
        "narration.recovering_node",
        "added",
        reduced,
    )
}

/// The fill: events, what the tanks that could be picked added, the weights that differ from
/// the typed ones, who sat out and why, who recovers (the page's order).
fn fill(typed: &Weights, step: &Step, telling: &Telling) -> Vec<Said> {
    let mut said = events(step);
    said.push(match &step.request {
        Some(r) => request::fill(step, r, telling),
        None => Said::new(
            fill_code(step, false),
            vec![("t", number(step.t)), ("changes", changes(step))],
        ),
    });
    said.extend(weights_now(typed, step));
    match &step.request {
        Some(r) => said.extend(request::out(step, r)),
        None => {
            let out_nodes = out_nodes(step);
            if !out_nodes.is_empty() {
                said.push(out(&out_nodes));
            }
        }
    }
    said.extend(recovering(step));
    said
}

/// The pick, or the tie and who wins it.
fn pick(step: &Step, telling: &Telling) -> Said {
    if !step.picked() {
        return Said::new("narration.no_pick", vec![]);
    }
    let name = Part::Node(step.winner);
    let level = Part::Level(step.filled[step.winner]);
    if step.is_tie() {
        let code = match telling.tie {
            TieRule::First => "narration.tie_first",
            TieRule::Last => "narration.tie_last",
        };
        Said::new(
            code,
            vec![
                ("names", names(&step.tied)),
                ("level", level),
                ("name", name),
            ],
        )
    } else {
        Said::new("narration.pick", vec![("name", name), ("level", level)])
    }
}

/// The drain (the total, or only the winner's own weight under the "own" rule), and for a run of
/// requests what the attempt came to.
fn drain(step: &Step, telling: &Telling) -> Vec<Said> {
    let mut said = Vec::new();
    if step.picked() {
        let w = step.winner;
        let mut params = vec![
            ("name", Part::Node(w)),
            ("total", Part::Number(step.total)),
            ("from", Part::Level(step.filled[w])),
            ("to", Part::Level(step.drained[w])),
        ];
        let own = match &step.state {
            AlgorithmState::Swrr(state) if telling.subtract == SubtractRule::Own => {
                Some(state.added.iter().sum::<i64>())
            }
            _ => None,
        };
        said.push(match own {
            Some(added) => {
                params.push(("added", Part::Number(added)));
                params.push(("kept", Part::Number(added - step.total)));
                Said::new("narration.drain_own", params)
            }
            None => Said::new("narration.drain", params),
        });
    }
    if let Some(r) = &step.request {
        said.push(request::outcome(step, r));
    }
    said
}

/// The narration of step `step` up to `phase` (the page's sentence under the tanks).
#[must_use]
pub fn narrate(typed: &Weights, step: &Step, phase: Phase, telling: &Telling) -> Vec<Said> {
    if let Some(said) = request::none_left(step, telling) {
        return said;
    }
    let mut said = fill(typed, step, telling);
    if matches!(phase, Phase::Pick | Phase::Drain) {
        said.push(pick(step, telling));
    }
    if phase == Phase::Drain {
        said.extend(drain(step, telling));
    }
    said
}

/// The Σ line under the tanks of step `step` (none: step 0) at `phase`, whose levels add up to
/// `sum`: right after the fill, Σ and what the fill added; 0 again after the drain; otherwise Σ,
/// which is not 0 only where the levels no longer balance (a node out, the broken `own` rule).
#[must_use]
pub fn sum_line(step: Option<&Step>, phase: Phase, sum: i64) -> Said {
    let added = match (step, phase) {
        (Some(step), Phase::Fill | Phase::Pick) => sum - step.before.iter().sum::<i64>(),
        _ => 0,
    };
    if added != 0 {
        Said::new(
            "narration.sum_added",
            vec![("sum", Part::Level(sum)), ("added", Part::Level(added))],
        )
    } else if sum == 0 {
        Said::new("narration.sum_conserved", vec![])
    } else {
        Said::new("narration.sum", vec![("sum", Part::Level(sum))])
    }
}

/// The short caption of one phase, for the animation (read in a fraction of a second): the fill
/// and who sat out, the pick, or the drain and how the attempt ended.
#[must_use]
pub fn caption(step: &Step, phase: Phase, telling: &Telling) -> Vec<Said> {
    if let Some(said) = request::none_left(step, telling) {
        return said;
    }
    match phase {
        Phase::Start | Phase::Fill => {
            let fill = match &step.request {
                Some(r) => Said::new(
                    "narration.caption_attempt_fill",
                    vec![
                        ("request", number(r.request)),
                        ("attempt", number(r.attempt)),
                        ("changes", changes(step)),
                    ],
                ),
                None => Said::new(fill_code(step, true), vec![("changes", changes(step))]),
            };
            let out_nodes = out_nodes(step);
            let mut said = vec![fill];
            if !out_nodes.is_empty() {
                said.push(out(&out_nodes));
            }
            said
        }
        Phase::Pick => vec![pick(step, telling)],
        Phase::Drain => drain(step, telling),
    }
}

#[cfg(test)]
mod tests;
