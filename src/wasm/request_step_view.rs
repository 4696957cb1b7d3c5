//! `Step.request`: which request and attempt a step is, how it ended, and each server's
//! failure state as the serving worker saw it.

use serde::Serialize;

use crate::engine::{Outcome, RequestStep};

/// The request an attempt belongs to (`Step.request`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct RequestView<'a> {
    /// 1-based request and attempt numbers.
    request: u64,
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
    second: u64,
    /// The worker process serving it (0-based).
    worker: usize,
    /// Servers tried in this request before this attempt (they sat out of its fill).
    tried: &'a [bool],
    /// Backup servers, and servers refusing connections at this request.
    backup: &'a [bool],
    dead: &'a [bool],
    /// Each server's `fails` after the attempt, as the serving worker counts them, its
    /// `max_fails`, and whether this attempt skipped it for its failures.
    fails: &'a [u64],
    max_fails: &'a [u64],
    disabled: &'a [bool],
}

impl<'a> From<&'a RequestStep> for RequestView<'a> {
    fn from(r: &'a RequestStep) -> Self {
        Self {
            request: r.request,
            attempt: r.attempt,
            outcome: r.outcome.as_str(),
            last: r.last,
            bad_gateway: r.bad_gateway(),
            none_left: r.outcome == Outcome::None,
            second: r.second,
            worker: r.worker,
            tried: &r.tried,
            backup: &r.backup,
            dead: &r.dead,
            fails: &r.fails,
            max_fails: &r.max_fails,
            disabled: &r.disabled,
        }
    }
}
