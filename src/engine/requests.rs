//! Requests out of attempts: what a user sees in nginx's access log (`$upstream_addr`), one
//! request per line with the servers its attempts went to.

use crate::engine::nginx::request::Outcome;
use crate::engine::scheduler::Scheduler;

/// One request: the server of each attempt, in order, and how it ended. nginx ends a request in
/// a 502 when an attempt finds no server, or when the attempt that used its last try fails.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    /// Zero-based server of each attempt that picked one.
    pub attempts: Vec<usize>,
    /// True when the last attempt was answered; false for a 502.
    pub answered: bool,
    /// True when the request ended because no server could be picked (nginx logs the upstream's
    /// name as the last `$upstream_addr`); false when it was answered or its tries ran out.
    pub none_left: bool,
}

impl Request {
    /// The request as one token: the attempts joined by `>`, and `-` last when it ended in a 502
    /// (no server left to try): `C>A`, `A>B>C>-`, `-`.
    ///
    /// ```
    /// use swrr_viz::engine::Request;
    /// let retried = Request { attempts: vec![2, 0], answered: true, none_left: false };
    /// assert_eq!(retried.token(|i| ["A", "B", "C"][i].to_string()), "C>A");
    /// assert_eq!(retried.token(|i| i.to_string()), "2>0");
    /// let failed = Request { attempts: vec![2], answered: false, none_left: true };
    /// assert_eq!(failed.token(|i| i.to_string()), "2>-");
    /// ```
    #[must_use]
    pub fn token(&self, label: impl Fn(usize) -> String) -> String {
        let mut parts: Vec<String> = self.attempts.iter().map(|&i| label(i)).collect();
        if !self.answered {
            parts.push("-".into());
        }
        parts.join(">")
    }

    /// The server that answered, if one did.
    #[must_use]
    pub fn answered_by(&self) -> Option<usize> {
        if self.answered {
            self.attempts.last().copied()
        } else {
            None
        }
    }
}

/// The next request of `scheduler`: its attempts up to the one that ends it. `None` when the
/// run stopped (see [`Scheduler::stop_reason`]).
///
/// ```
/// use swrr_viz::engine::{next_request, Algorithm, AlgorithmOptions};
/// use swrr_viz::input::{Scenario, Weights};
/// let weights: Weights = "5,3,2".parse().unwrap();
/// let dead = Scenario::parse("@1 C dead max_fails=3 timeout=3600", &weights).unwrap();
/// let mut run = Algorithm::new(&weights, &AlgorithmOptions::default(), &dead);
/// let tokens: Vec<String> = (0..3)
///     .map(|_| next_request(&mut run).unwrap().token(|i| weights.name(i).to_string()))
///     .collect();
/// assert_eq!(tokens, ["A", "B", "C>A"]);
/// ```
pub fn next_request<S: Scheduler>(scheduler: &mut S) -> Option<Request> {
    let mut attempts = Vec::new();
    loop {
        let pick = scheduler.advance()?;
        let outcome = scheduler.last_outcome();
        if outcome != Outcome::None {
            attempts.push(pick.winner);
        }
        if !scheduler.request_open() {
            return Some(Request {
                attempts,
                answered: outcome == Outcome::Answered,
                none_left: outcome == Outcome::None,
            });
        }
    }
}
