//! The sentences of an attempt of a request (nginx SWRR with failed attempts, backup servers or
//! several workers): which request and attempt it is, why tanks sat out (tried in this request,
//! skipped for their failures, backups waiting), and how the attempt ended.

use super::{events, names, number, out_nodes, Part, Said, Telling};
use crate::engine::nginx::request::{Outcome, RequestStep};
use crate::engine::state::AlgorithmState;
use crate::engine::step::Step;

/// Which step, request and attempt this is, and the worker (counted from 1) when several serve.
fn attempt(step: &Step, r: &RequestStep, telling: &Telling) -> Vec<(&'static str, Part)> {
    let worker = if telling.workers > 1 {
        Part::Said(Said::new(
            "narration.worker",
            vec![("worker", number(r.worker + 1))],
        ))
    } else {
        Part::Text(String::new())
    };
    vec![
        ("t", number(step.t)),
        ("request", number(r.request)),
        ("attempt", number(r.attempt)),
        ("worker", worker),
    ]
}

/// The fill of an attempt: "Step 4, request 3, attempt 2: the tanks that can be picked fill…".
pub(super) fn fill(step: &Step, r: &RequestStep, telling: &Telling) -> Said {
    let mut params = attempt(step, r, telling);
    params.push(("changes", super::changes(step)));
    Said::new("narration.attempt_fill", params)
}

/// Why the tanks that could not be picked at an attempt sat out, one sentence per reason.
pub(super) fn out(step: &Step, r: &RequestStep) -> Vec<Said> {
    let out_nodes = out_nodes(step);
    let mut said = Vec::new();
    let tried: Vec<usize> = out_nodes.iter().copied().filter(|&i| r.tried[i]).collect();
    if !tried.is_empty() {
        said.push(Said::new("narration.tried", vec![("names", names(&tried))]));
    }
    for &i in out_nodes.iter().filter(|&&i| !r.tried[i] && r.disabled[i]) {
        said.push(Said::new(
            "narration.skipped",
            vec![
                ("name", Part::Node(i)),
                ("fails", number(r.fails[i])),
                ("max", number(r.max_fails[i])),
            ],
        ));
        // A server that answers again stays out until its fail_timeout ends: say until when.
        if let Some(back) = r.back[i].filter(|_| !r.dead[i]) {
            said.push(Said::new(
                "narration.skipped_alive",
                vec![
                    ("name", Part::Node(i)),
                    ("timeout", number(back.fail_timeout)),
                    ("failed", number(back.failed_at)),
                    ("request", number(back.request)),
                    ("second", number(back.second)),
                ],
            ));
        }
    }
    let on_backups = (0..step.eligible.len()).any(|i| step.eligible[i] && r.backup[i]);
    let rest: Vec<usize> = out_nodes
        .into_iter()
        .filter(|&i| !r.tried[i] && !r.disabled[i])
        .collect();
    if on_backups {
        said.push(Said::new("narration.on_backups", vec![]));
        return said;
    }
    let (waiting, other): (Vec<usize>, Vec<usize>) = rest.into_iter().partition(|&i| r.backup[i]);
    if !waiting.is_empty() {
        said.push(Said::new(
            "narration.backups_wait",
            vec![("names", names(&waiting))],
        ));
    }
    if !other.is_empty() {
        said.push(super::out(&other));
    }
    said
}

/// What the attempt came to, once the winner drained (or at once when no server was left).
pub(super) fn outcome(step: &Step, r: &RequestStep) -> Said {
    let request = ("request", number(r.request));
    if r.outcome == Outcome::None {
        return Said::new("narration.none_left", vec![request]);
    }
    let w = step.winner;
    let name = ("name", Part::Node(w));
    match r.outcome {
        Outcome::Answered if r.attempt > 1 => Said::new(
            "narration.answered_at",
            vec![name, request, ("attempt", number(r.attempt))],
        ),
        Outcome::Answered => Said::new("narration.answered", vec![name, request]),
        _ if r.last => Said::new("narration.refused_last", vec![name, request]),
        _ if r.max_fails[w] == 0 => Said::new("narration.refused_uncounted", vec![name, request]),
        _ => Said::new(
            "narration.refused_counted",
            vec![
                name,
                ("fails", number(r.fails[w])),
                ("max", number(r.max_fails[w])),
                (
                    "effective",
                    Part::Number(match &step.state {
                        AlgorithmState::Swrr(s) => s.effective[w],
                        _ => step.weights[w],
                    }),
                ),
                request,
            ],
        ),
    }
}

/// An attempt that found no server, nothing filled and nothing to pick: its events, how it
/// opens, why every tank sat out, and the 502.
pub(super) fn none_left(step: &Step, telling: &Telling) -> Option<Vec<Said>> {
    let r = step
        .request
        .as_ref()
        .filter(|r| r.outcome == Outcome::None)?;
    let mut said: Vec<Said> = events(step).into_iter().collect();
    said.push(Said::new(
        "narration.attempt_lead",
        attempt(step, r, telling),
    ));
    said.extend(out(step, r));
    said.push(outcome(step, r));
    Some(said)
}
