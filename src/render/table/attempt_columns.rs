//! The trace's columns for runs that model requests: which request and attempt a row is, how
//! the attempt ended, and what nginx then knows of each server (`fails`, `effective_weight`).

use crate::engine::nginx::request::{Outcome, RequestStep};
use crate::engine::state::AlgorithmState;
use crate::engine::step::Step;
use crate::input::weights::vector::Weights;
use crate::render::table::column::{group, left, scalar, Column};

fn of(step: &Step) -> Option<&RequestStep> {
    step.request.as_ref()
}

/// `request`, `attempt` and `outcome` (with the worker when there are several).
pub(crate) fn request_columns(rows: &[Step]) -> Vec<Column> {
    let mut columns = vec![
        scalar("request", rows, |s| {
            of(s).map_or(String::new(), |r| r.request.to_string())
        }),
        scalar("attempt", rows, |s| {
            of(s).map_or(String::new(), |r| r.attempt.to_string())
        }),
        left("outcome", rows, |s| {
            of(s).map_or(String::new(), outcome_text)
        }),
    ];
    if rows.iter().filter_map(of).any(|r| r.worker > 0) {
        columns.push(scalar("worker", rows, |s| {
            of(s).map_or(String::new(), |r| (r.worker + 1).to_string())
        }));
    }
    columns
}

/// What the attempt came to, in words: `answered`, `failed, retried`, `failed → 502`,
/// `none left → 502`.
pub(crate) fn outcome_text(r: &RequestStep) -> String {
    match (r.outcome, r.last) {
        (Outcome::Answered, _) => "answered".into(),
        (Outcome::Failed, false) => "failed, retried".into(),
        (Outcome::Failed, true) => "failed → 502".into(),
        (Outcome::None, _) => "none left → 502".into(),
    }
}

/// Each server's `fails` and effective weight after the attempt.
pub(crate) fn health_columns(weights: &Weights, rows: &[Step]) -> Vec<Column> {
    vec![
        group("fails", weights, rows, |s, i| {
            of(s).map_or(String::new(), |r| r.fails[i].to_string())
        }),
        group("effective", weights, rows, |s, i| match &s.state {
            AlgorithmState::Swrr(x) => x.effective[i].to_string(),
            _ => String::new(),
        }),
    ]
}
