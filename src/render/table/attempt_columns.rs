//! The trace's columns for runs that model requests: which request and attempt a row is, how
//! the attempt ended, and what nginx then knows of each server (`fails`, `effective_weight`).
//! Worded by the catalog (`figure.*`): the CLI's text trace in English, the hand-table picture
//! in the page's language.

use crate::engine::nginx::request::{Outcome, RequestStep};
use crate::engine::step::Step;
use crate::input::weights::vector::Weights;
use crate::render::table::column::{group, left, scalar, Column};
use crate::render::table::swrr_columns::state_group;
use crate::render::words::{args, Wording};

fn of(step: &Step) -> Option<&RequestStep> {
    step.request.as_ref()
}

/// `request`, `attempt` and `outcome` (with the worker when there are several).
pub(crate) fn request_columns(rows: &[Step], words: &Wording) -> Vec<Column> {
    let title = |code: &str| words.say(code, &args![]);
    let mut columns = vec![
        scalar(&title("figure.table_request"), rows, |s| {
            of(s).map_or(String::new(), |r| r.request.to_string())
        }),
        scalar(&title("figure.table_attempt"), rows, |s| {
            of(s).map_or(String::new(), |r| r.attempt.to_string())
        }),
        left(&title("figure.table_outcome"), rows, |s| {
            of(s).map_or(String::new(), |r| outcome_text(r, words))
        }),
    ];
    if rows.iter().filter_map(of).any(|r| r.worker > 0) {
        columns.push(scalar(&title("figure.table_worker"), rows, |s| {
            of(s).map_or(String::new(), |r| (r.worker + 1).to_string())
        }));
    }
    columns
}

/// What the attempt came to, in words: `answered`, `failed, retried`, `failed → 502`,
/// `none left → 502`.
pub(crate) fn outcome_text(r: &RequestStep, words: &Wording) -> String {
    let code = match (r.outcome, r.last) {
        (Outcome::Answered, _) => "figure.outcome_answered",
        (Outcome::Failed, false) => "figure.outcome_retried",
        (Outcome::Failed, true) => "figure.outcome_failed",
        (Outcome::None, _) => "figure.outcome_none_left",
    };
    words.say(code, &args![])
}

/// Each server's `fails` and effective weight after the attempt.
pub(crate) fn health_columns(weights: &Weights, rows: &[Step], words: &Wording) -> Vec<Column> {
    vec![
        group(
            &words.say("figure.table_fails", &args![]),
            weights,
            rows,
            |s, i| of(s).map_or(String::new(), |r| r.fails[i].to_string()),
        ),
        state_group("figure.table_effective", weights, rows, words, |x, i| {
            x.effective[i]
        }),
    ]
}
