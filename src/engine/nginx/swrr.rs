//! SWRR with everything that changes a run: nginx's effective weights, peers that are down,
//! dead or disabled by failures, backup servers, retried requests, several worker processes,
//! scenario events, and the ablations a teacher wants to show.
//!
//! One step is one call of `ngx_http_upstream_get_peer` (nginx 1.22.1,
//! `src/http/ngx_http_upstream_round_robin.c` lines 522–597): for every peer not tried in this
//! request, not down and not disabled by failures, `current += effective; total += effective;
//! if effective < weight then effective++`; the first peer with the highest `current` wins
//! (`>`: ties go to the first in list order); the winner does `current -= total`.
//! [`Swrr`](crate::engine::Swrr) is the fast static case; on static weights both give the same records
//! (tested).
//!
//! Without failures, backup servers, workers or a step where every server is down, every
//! request is one step. With them the run models requests ([`request`](super::request)): a
//! step is one attempt, an attempt on a dead server fails after the pick
//! (`ngx_http_upstream_free_round_robin_peer`, lines 600–670, [`peer_health`](super::peer_health))
//! and the request is retried over the servers it has not tried; a request that finds none
//! answers 502 and the run goes on. A request made while every server is `down` finds none at
//! its first call: `ngx_http_upstream_get_peer` skips a down server (line 550) and returns NULL
//! (line 578), a single server that is down fails at once (lines 449–454), the backup list is
//! tried the same way (lines 487–509), and `NGX_BUSY` comes back with the upstream's name as
//! the peer (lines 511–515): "no live upstreams", 502 (`src/http/ngx_http_upstream.c` lines
//! 1551–1554).

use crate::engine::nginx::peer_health::PeerHealth;
use crate::engine::nginx::request::{Comeback, Outcome, RequestState, RequestStep};
use crate::engine::nginx::traffic::{Dispatcher, Traffic};
use crate::engine::options::{SubtractRule, TieRule};
use crate::engine::pool::{downs_everyone, Pool};
use crate::engine::scheduler::{Pick, Scheduler};
use crate::engine::state::{AlgorithmState, SwrrState};
use crate::engine::step::Step;
use crate::engine::stop::StopReason;
use crate::input::scenario::events::Scenario;
use crate::input::weights::vector::Weights;

/// Largest level the engine lets SWRR reach: 2^53, the largest integer range JavaScript numbers
/// hold exactly. Correct SWRR stays within ±n·W; only the broken variants and scaling get here.
pub const MAX_LEVEL: i64 = 1 << 53;

/// nginx SWRR over a pool that scenario events can change.
///
/// ```
/// use swrr_viz::engine::{sequence, NginxSwrr, SubtractRule, TieRule};
/// use swrr_viz::input::{Scenario, Weights};
/// let weights: Weights = "5,3,2".parse().unwrap();
/// let plain = NginxSwrr::new(&weights, TieRule::First, SubtractRule::Total, &Scenario::none());
/// assert_eq!(sequence(&plain, 10), [0, 1, 2, 0, 0, 1, 0, 2, 1, 0]);
/// // C down from step 3 on: A and B share 5:3 among themselves.
/// let down = Scenario::parse("@3 C down", &weights).unwrap();
/// let run = NginxSwrr::new(&weights, TieRule::First, SubtractRule::Total, &down);
/// assert!(sequence(&run, 40)[2..].iter().all(|&p| p != 2));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NginxSwrr {
    pub(super) pool: Pool,
    /// Each worker's peers: one without a zone per worker, else one shared.
    pub(super) workers: Vec<Worker>,
    /// The worker serving the request in progress (index into `workers`).
    pub(super) active: usize,
    pub(super) added: Vec<i64>,
    pub(super) tie: TieRule,
    pub(super) subtract: SubtractRule,
    pub(super) cycle: Option<(u64, Vec<u64>)>,
    pub(super) stopped: Option<StopReason>,
    /// Σ weights, what the winner subtracts on fixed weights (the fast path).
    pub(super) static_total: i64,
    /// True once the fast path has set `added` (it never changes there).
    pub(super) static_added: bool,
    /// True when steps are attempts of requests (failures, backups or workers in the run).
    pub(super) models_requests: bool,
    pub(super) traffic: Traffic,
    pub(super) dispatcher: Dispatcher,
    pub(super) request: RequestState,
    /// How the last attempt ended.
    pub(super) outcome: Outcome,
    /// Servers tried in the request before the last attempt.
    pub(super) tried_before: Vec<bool>,
    /// Servers the last attempt could pick (those that added).
    pub(super) candidates: Vec<bool>,
}

/// What one worker process knows of the peers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Worker {
    pub(super) current: Vec<i64>,
    pub(super) health: Vec<PeerHealth>,
}

impl NginxSwrr {
    #[must_use]
    pub fn new(
        weights: &Weights,
        tie: TieRule,
        subtract: SubtractRule,
        scenario: &Scenario,
    ) -> Self {
        Self::with_traffic(weights, tie, subtract, scenario, &Traffic::default())
    }

    /// As [`new`](Self::new), with requests arriving at `traffic.rate` per second and spread
    /// over `traffic.workers` worker processes.
    #[must_use]
    pub fn with_traffic(
        weights: &Weights,
        tie: TieRule,
        subtract: SubtractRule,
        scenario: &Scenario,
        traffic: &Traffic,
    ) -> Self {
        let failures = scenario
            .events()
            .iter()
            .any(|e| e.action.is_about_failures());
        // A step where every server is down is a 502 with no attempt, as nginx answers it
        // ("no live upstreams"): only a run of requests shows one.
        let models_requests =
            failures || traffic.workers > 1 || downs_everyone(scenario, weights.len());
        // Requests are numbered, dated and dispatched one by one: a run of them never folds onto
        // a period, even when its picks repeat (workers sharing a zone pick as one).
        let repeats = scenario.is_empty() && subtract == SubtractRule::Total && !models_requests;
        let gcd = weights.gcd();
        let n = weights.len();
        let worker = Worker {
            current: vec![0; n],
            health: vec![PeerHealth::default(); n],
        };
        let states = if traffic.separate_workers() {
            traffic.workers
        } else {
            1
        };
        Self {
            pool: Pool::new(weights, scenario).with_retries(),
            workers: vec![worker; states],
            active: 0,
            added: vec![0; n],
            tie,
            subtract,
            cycle: repeats.then(|| {
                (
                    weights.period(),
                    weights.integers().iter().map(|&w| w / gcd).collect(),
                )
            }),
            stopped: None,
            // At most 10^4 weights of at most 10^9: exact.
            static_total: weights.total() as i64,
            static_added: false,
            models_requests,
            traffic: *traffic,
            dispatcher: Dispatcher::new(traffic),
            request: RequestState::default(),
            outcome: Outcome::Answered,
            tried_before: vec![false; n],
            candidates: vec![false; n],
        }
    }

    #[must_use]
    pub fn tie_rule(&self) -> TieRule {
        self.tie
    }

    #[must_use]
    pub fn subtract_rule(&self) -> SubtractRule {
        self.subtract
    }

    /// True when the steps are attempts of requests (see the module).
    #[must_use]
    pub fn models_requests(&self) -> bool {
        self.models_requests
    }

    /// The traffic the run was made with.
    #[must_use]
    pub fn traffic(&self) -> &Traffic {
        &self.traffic
    }

    /// The worker that served the last request, when the run has several.
    #[must_use]
    pub fn last_worker(&self) -> Option<usize> {
        (self.traffic.workers > 1 && self.request.number > 0).then_some(self.request.worker)
    }

    /// Every worker's levels (one entry when the workers share a zone).
    #[must_use]
    pub fn worker_levels(&self) -> Vec<Vec<i64>> {
        self.workers.iter().map(|w| w.current.clone()).collect()
    }

    pub(super) fn worker(&self) -> &Worker {
        &self.workers[self.active]
    }

    /// The state now (after the last pick, or at the start).
    #[must_use]
    pub fn state(&self) -> AlgorithmState {
        let worker = self.worker();
        AlgorithmState::Swrr(SwrrState {
            added: self.added.clone(),
            effective: (0..self.added.len())
                .map(|i| worker.health[i].effective(self.pool.weights()[i]))
                .collect(),
            sum: worker.current.iter().sum(),
        })
    }

    fn tied(&self, filled: &[i64], winner: usize) -> Vec<usize> {
        let Some(&top) = filled.get(winner) else {
            return Vec::new();
        };
        let tied: Vec<usize> = (0..filled.len())
            .filter(|&i| self.eligible_now(i) && filled[i] == top)
            .collect();
        if tied.len() > 1 {
            tied
        } else {
            Vec::new()
        }
    }

    /// Whether node `i` could be picked in the last attempt.
    fn eligible_now(&self, i: usize) -> bool {
        if self.models_requests {
            self.candidates[i]
        } else {
            self.pool.eligible()[i]
        }
    }

    /// The request side of the last attempt, when the run models requests.
    fn request_step(&self) -> Option<RequestStep> {
        if !self.models_requests {
            return None;
        }
        let n = self.added.len();
        let skipped = |i: usize| {
            !self.candidates[i]
                && self.worker().health[i].disabled(self.pool.config(i), self.request.second)
        };
        Some(RequestStep {
            request: self.request.number,
            attempt: self.request.attempt,
            outcome: self.outcome,
            last: !self.request.open,
            second: self.request.second,
            worker: self.request.worker,
            tried: self.tried_before.clone(),
            backup: (0..n).map(|i| self.pool.config(i).backup).collect(),
            dead: (0..n).map(|i| self.pool.config(i).dead).collect(),
            fails: self.worker().health.iter().map(|h| h.fails).collect(),
            max_fails: (0..n).map(|i| self.pool.config(i).max_fails).collect(),
            // The winner was not skipped; the others' health is as the attempt found it.
            disabled: (0..n).map(skipped).collect(),
            back: (0..n)
                .map(|i| {
                    skipped(i).then(|| {
                        let failed_at = self.worker().health[i].checked;
                        let fail_timeout = self.pool.config(i).fail_timeout;
                        let second = failed_at.saturating_add(fail_timeout).saturating_add(1);
                        Comeback {
                            failed_at,
                            fail_timeout,
                            second,
                            request: self.traffic.first_request(second),
                        }
                    })
                })
                .collect(),
        })
    }
}

impl Scheduler for NginxSwrr {
    fn levels(&self) -> &[i64] {
        &self.workers[self.active].current
    }

    fn advance(&mut self) -> Option<Pick> {
        self.pick()
    }

    fn has_events(&self) -> bool {
        self.pool.has_events()
    }

    fn cycle(&self) -> Option<(u64, Vec<u64>)> {
        self.cycle.clone()
    }

    fn stop_reason(&self) -> Option<StopReason> {
        self.stopped.clone()
    }

    fn request_open(&self) -> bool {
        self.request.open
    }

    fn last_outcome(&self) -> Outcome {
        self.outcome
    }

    fn step(&mut self, t: u64) -> Option<Step> {
        if self.stopped.is_some() {
            return None;
        }
        // The levels before are those of the worker that serves this attempt, after its
        // request's events: start the request first when this attempt opens it.
        if self.cycle.is_none() && !self.request.open {
            self.start_request();
            if self.stopped.is_some() {
                return None;
            }
        }
        let before = self.worker().current.clone();
        let pick = self.pick()?;
        let filled: Vec<i64> = before.iter().zip(&self.added).map(|(b, a)| b + a).collect();
        let eligible: Vec<bool> = (0..self.added.len())
            .map(|i| self.eligible_now(i))
            .collect();
        Some(Step {
            t,
            tied: self.tied(&filled, pick.winner),
            before,
            filled,
            drained: self.worker().current.clone(),
            total: pick.total,
            winner: pick.winner,
            weights: self.pool.weights().to_vec(),
            eligible,
            events: if self.request.attempt == 1 || !self.models_requests {
                self.pool.applied_texts()
            } else {
                Vec::new()
            },
            state: self.state(),
            request: self.request_step(),
        })
    }
}
