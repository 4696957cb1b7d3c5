//! `Step.request`: which request and attempt a step is, how it ended, and each server's
//! failure state as the serving worker saw it.

use serde::Serialize;

use crate::engine::{Outcome, RequestStep};

/// The request an attempt belongs to (`Step.request`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct RequestView {
    /// 1-based request and attempt numbers.
    request: f64,
    attempt: u32,
    /// `"answered"`, `"failed"` (connection refused) or `"none"` (no server could be picked).
    outcome: &'static str,
    /// The request ends with this attempt (answered, or a 502).
    last: bool,
    /// The request ends in a 502 with this attempt.
    bad_gateway: bool,
    /// No server was left to pick: the attempt has no winner (`winner` is null).
    none_left: bool,
    /// The second the request arrived at (requests arrive at `rate` a second).
    second: f64,
    /// The worker process serving it (0-based).
    worker: usize,
    /// Servers tried in this request before this attempt (they sat out of its fill).
    tried: Vec<bool>,
    /// Backup servers, and servers refusing connections at this request.
    backup: Vec<bool>,
    dead: Vec<bool>,
    /// Each server's `fails` after the attempt, as the serving worker counts them, its
    /// `max_fails`, and whether this attempt skipped it for its failures.
    fails: Vec<f64>,
    max_fails: Vec<f64>,
    disabled: Vec<bool>,
}

impl From<&RequestStep> for RequestView {
    fn from(r: &RequestStep) -> Self {
        Self {
            request: r.request as f64,
            attempt: r.attempt,
            outcome: r.outcome.as_str(),
            last: r.last,
            bad_gateway: r.bad_gateway(),
            none_left: r.outcome == Outcome::None,
            second: r.second as f64,
            worker: r.worker,
            tried: r.tried.clone(),
            backup: r.backup.clone(),
            dead: r.dead.clone(),
            fails: r.fails.iter().map(|&f| f as f64).collect(),
            max_fails: r.max_fails.iter().map(|&m| m as f64).collect(),
            disabled: r.disabled.clone(),
        }
    }
}
