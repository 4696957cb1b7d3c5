//! SWRR with everything that changes a run: nginx's effective weights, peers that are down,
//! dead or disabled by failures, backup servers, retried requests, several worker processes,
//! scenario events, and the ablations a teacher wants to show.
//!
//! One step is one call of `ngx_http_upstream_get_peer` (nginx 1.22.1,
//! `src/http/ngx_http_upstream_round_robin.c` lines 522–597): for every peer not tried in this
//! request, not down and not disabled by failures, `current += effective; total += effective;
//! if effective < weight then effective++`; the first peer with the highest `current` wins
//! (`>`: ties go to the first in list order); the winner does `current -= total`.
//! [`Swrr`](super::Swrr) is the fast static case; on static weights both give the same records
//! (tested).
//!
//! Without failures, backup servers or workers, every request is one step. With them the run
//! models requests ([`nginx_request`](super::nginx_request)): a step is one attempt, an attempt
//! on a dead server fails after the pick (`ngx_http_upstream_free_round_robin_peer`, lines
//! 600–670, [`peer_health`](super::peer_health)) and the request is retried over the servers
//! it has not tried; a request that finds none answers 502 and the run goes on.

use crate::engine::nginx::peer_health::PeerHealth;
use crate::engine::nginx::request::{Outcome, RequestState, RequestStep};
use crate::engine::nginx::traffic::{Dispatcher, Traffic};
use crate::engine::pool::{Pool, WeightChange};
use crate::engine::scheduler::{Pick, Scheduler, TieRule};
use crate::engine::state::{AlgorithmState, SwrrState};
use crate::engine::step::Step;
use crate::engine::stop::StopReason;
use crate::engine::swrr::fill_and_pick;
use crate::input::choice::{Choice, UnknownChoice};
use crate::input::scenario::{Policy, Scenario};
use crate::input::weights::Weights;

/// Largest level the engine lets SWRR reach: 2^53, the largest integer range JavaScript numbers
/// hold exactly. Correct SWRR stays within ±n·W; only the broken variants and scaling get here.
pub const MAX_LEVEL: i64 = 1 << 53;

/// What the winner subtracts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SubtractRule {
    /// The total of the weights added in this step: nginx, and the reason Σcurrent stays 0.
    #[default]
    Total,
    /// Only its own weight — the broken variant the seeds warn about: Σcurrent grows by
    /// W − w_winner every step, every level climbs for ever, and the light nodes starve.
    Own,
}

impl SubtractRule {
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Total => "total",
            Self::Own => "own",
        }
    }
}

impl std::str::FromStr for SubtractRule {
    type Err = UnknownChoice;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "total" => Ok(Self::Total),
            "own" => Ok(Self::Own),
            other => Err(UnknownChoice::new(Choice::Subtract, other)),
        }
    }
}

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
    pool: Pool,
    /// Each worker's peers: one without a zone per worker, else one shared.
    workers: Vec<Worker>,
    /// The worker serving the request in progress (index into `workers`).
    active: usize,
    added: Vec<i64>,
    tie: TieRule,
    subtract: SubtractRule,
    cycle: Option<(u64, Vec<u64>)>,
    stopped: Option<StopReason>,
    /// Σ weights, what the winner subtracts on fixed weights (the fast path).
    static_total: i64,
    /// True once the fast path has set `added` (it never changes there).
    static_added: bool,
    /// True when steps are attempts of requests (failures, backups or workers in the run).
    models_requests: bool,
    traffic: Traffic,
    dispatcher: Dispatcher,
    request: RequestState,
    /// How the last attempt ended.
    outcome: Outcome,
    /// Servers tried in the request before the last attempt.
    tried_before: Vec<bool>,
    /// Servers the last attempt could pick (those that added).
    candidates: Vec<bool>,
}

/// What one worker process knows of the peers.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Worker {
    current: Vec<i64>,
    health: Vec<PeerHealth>,
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
        let models_requests = failures || traffic.workers > 1;
        let repeats =
            scenario.is_empty() && subtract == SubtractRule::Total && !traffic.separate_workers();
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

    /// True when a scenario drives the run.
    #[must_use]
    pub fn has_events(&self) -> bool {
        self.pool.has_events()
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

    fn worker(&self) -> &Worker {
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

    /// Starts the next request: its events, its worker, its tries.
    fn start_request(&mut self) {
        for change in self.pool.begin_step() {
            self.apply(change);
        }
        let worker = self.dispatcher.next_worker();
        self.active = if self.workers.len() > 1 { worker } else { 0 };
        let n = self.added.len();
        let (mut primaries, mut backups, mut tries) = (0, 0, 0);
        for i in 0..n {
            if self.pool.config(i).backup {
                backups += 1;
            } else {
                primaries += 1;
            }
            // `peers->tries` counts the servers not marked down (weight 0 is the model's down).
            if self.pool.eligible()[i] {
                tries += 1;
            }
        }
        let single = self.models_requests && primaries == 1 && backups == 0;
        let second = self.traffic.second(self.request.number + 1);
        self.request.start(n, tries, single, second, worker);
    }

    fn apply(&mut self, change: WeightChange) {
        let node = change.node;
        let step = self.pool.step();
        for worker in &mut self.workers {
            let current = &mut worker.current;
            match change.policy {
                Policy::Keep => {}
                Policy::Reset => current.iter_mut().for_each(|c| *c = 0),
                Policy::ResetNode => current[node] = 0,
                Policy::Scale if change.old > 0 => {
                    // Truncated toward zero, as `current * new / old` in C or Java would.
                    let scaled =
                        i128::from(current[node]) * i128::from(change.new) / i128::from(change.old);
                    match i64::try_from(scaled) {
                        Ok(level) if level.abs() <= MAX_LEVEL => current[node] = level,
                        _ => {
                            self.stopped = Some(StopReason::ScaleOverflow {
                                step,
                                level: current[node],
                                new: change.new,
                                old: change.old,
                                scaled,
                            })
                        }
                    }
                }
                // From weight 0 there is no ratio to scale by: the level is kept.
                Policy::Scale => {}
            }
        }
    }

    /// nginx on fixed weights (no events, subtract the total): every node adds its weight, no
    /// eligibility or effective-weight bookkeeping. A weight-0 node adds 0 and stays at level 0,
    /// below the top (Σ filled = W > 0), so it is never picked — as if skipped.
    fn pick_static(&mut self) -> Pick {
        let weights = self.pool.weights();
        if !self.static_added {
            // Every node adds its whole weight at every step: `added` is the weights, once.
            self.added.copy_from_slice(weights);
            self.static_added = true;
        }
        let current = &mut self.workers[0].current;
        let best = fill_and_pick(current, weights, self.tie);
        current[best] -= self.static_total;
        Pick {
            winner: best,
            total: self.static_total,
        }
    }

    /// `ngx_http_upstream_get_peer` over the primary or the backup servers: the winner and the
    /// total it subtracted, or `None` when no server can be picked.
    fn get_peer(&mut self, backups: bool) -> Option<Pick> {
        let now = self.request.second;
        let mut best: Option<usize> = None;
        let mut total = 0i64;
        for i in 0..self.added.len() {
            self.added[i] = 0;
            self.candidates[i] = false;
            let config = self.pool.config(i);
            let health = &self.workers[self.active].health[i];
            if config.backup != backups
                || self.request.tried[i]
                || !self.pool.eligible()[i]
                || health.disabled(config, now)
            {
                continue;
            }
            self.candidates[i] = true;
            let effective = health.effective(self.pool.weights()[i]);
            let worker = &mut self.workers[self.active];
            worker.current[i] += effective;
            total += effective;
            self.added[i] = effective;
            worker.health[i].recover();
            let better = match (best, self.tie) {
                (None, _) => true,
                (Some(b), TieRule::First) => worker.current[i] > worker.current[b],
                (Some(b), TieRule::Last) => worker.current[i] >= worker.current[b],
            };
            if better {
                best = Some(i);
            }
        }
        let winner = best?;
        let subtracted = match self.subtract {
            SubtractRule::Total => total,
            SubtractRule::Own => self.added[winner],
        };
        self.request.tried[winner] = true;
        let worker = &mut self.workers[self.active];
        worker.current[winner] -= subtracted;
        worker.health[winner].picked(self.pool.config(winner), now);
        Some(Pick {
            winner,
            total: subtracted,
        })
    }

    /// `ngx_http_upstream_get_round_robin_peer`: the single server as it is, else SWRR over the
    /// primary servers, then over the backup servers.
    fn get_round_robin_peer(&mut self) -> Option<Pick> {
        if self.request.single {
            self.added.iter_mut().for_each(|a| *a = 0);
            self.candidates.iter_mut().for_each(|c| *c = false);
            let only = (0..self.added.len()).find(|&i| !self.pool.config(i).backup)?;
            self.candidates[only] = self.pool.eligible()[only];
            return self.pool.eligible()[only].then_some(Pick {
                winner: only,
                total: 0,
            });
        }
        if let Some(pick) = self.get_peer(self.request.on_backups) {
            return Some(pick);
        }
        let has_backups = (0..self.added.len()).any(|i| self.pool.config(i).backup);
        if self.request.on_backups || !has_backups {
            return None;
        }
        self.request.fall_back();
        self.get_peer(true)
    }

    /// One attempt: the fill and drain of one step; `None` (and `stopped` set) when the run
    /// cannot go on.
    fn pick(&mut self) -> Option<Pick> {
        if self.stopped.is_some() {
            return None;
        }
        if self.cycle.is_some() {
            // No events and the nginx rule: the weights never change.
            return Some(self.pick_static());
        }
        if !self.request.open {
            self.start_request();
            if self.stopped.is_some() {
                return None;
            }
        }
        self.request.attempt += 1;
        self.tried_before.clone_from(&self.request.tried);
        let Some(pick) = self.get_round_robin_peer() else {
            if !self.models_requests {
                self.stopped = Some(self.pool.nobody_reason());
                return None;
            }
            // No live upstreams: 502, and the next request starts afresh.
            self.outcome = Outcome::None;
            self.request.open = false;
            return Some(Pick {
                winner: self.added.len(),
                total: 0,
            });
        };
        self.free(pick.winner);
        if self.subtract == SubtractRule::Own {
            if let Some(i) = self
                .worker()
                .current
                .iter()
                .position(|c| c.abs() > MAX_LEVEL)
            {
                self.stopped = Some(StopReason::OwnOverflow {
                    step: self.pool.step(),
                    node: i + 1,
                });
                return None;
            }
        }
        Some(pick)
    }

    /// `ngx_http_upstream_free_round_robin_peer` after the attempt on `winner`.
    fn free(&mut self, winner: usize) {
        let failed = self.pool.config_mut(winner).attempt_fails();
        if !self.request.single {
            let now = self.request.second;
            let weight = self.pool.weights()[winner];
            let config = self.pool.config(winner).clone();
            let health = &mut self.workers[self.active].health[winner];
            if failed {
                health.failed(&config, now, weight);
            } else {
                health.answered();
            }
        }
        self.outcome = if failed {
            Outcome::Failed
        } else {
            Outcome::Answered
        };
        self.request.finish_attempt(failed);
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
