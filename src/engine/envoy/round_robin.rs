//! Envoy's round robin load balancer around its `EdfScheduler` ([`EnvoyEdfScheduler`]): when
//! the scheduler is rebuilt, over which hosts, and when Envoy skips it.
//!
//! Followed from envoyproxy/envoy `source/extensions/load_balancing_policies/common/load_balancer_impl.cc`
//! (`EdfLoadBalancerBase::refresh`, `chooseHostOnce`, `isHostSetInPanic`,
//! `recalculatePerPriorityState`; commits e01a970ac688 and 00cf9a056f3e),
//! `source/extensions/load_balancing_policies/round_robin/round_robin_lb.h` (commit 12ca3fdb052c)
//! and `source/common/upstream/upstream_impl.cc` (`updateDynamicHostList`, commit 000be490b31a):
//! - Every change of the host set, of a host's health or of a host's weight calls `refresh()`
//!   (an EDS update that changes a weight sets `hosts_changed = true`, "full host set rebuilds
//!   so that load balancers can do pre-computation"), which builds a new scheduler with
//!   `createWithPicks(hosts, hostWeight, seed_)`: the same seed each time, so the schedule
//!   starts over. Envoy draws `seed_` at random; here it is the seed (0 by default). So `=W`
//!   rebuilds whatever its policy: `keep` and `reset` are the same here (a note says so).
//! - If all hosts have the same weight and none is in slow start, or there is at most one host,
//!   no scheduler is built: hosts are picked round robin from an index that starts at `seed_`
//!   and is kept across refreshes (`rr_indexes_.insert` does not overwrite).
//! - A pick re-queues the host with `hostWeight` *now*: during a slow start the weight grows
//!   between rebuilds ([`slow_start`](super::slow_start) has Envoy's factor).
//! - With fewer than half the hosts healthy the priority is in panic (`healthy_panic_threshold`
//!   50%, with the 1.4 overprovisioning factor deciding first), and Envoy balances over all
//!   hosts, unhealthy ones included.
//! - Envoy refuses an endpoint weight of 0; here weight 0 (`drain`) takes the host out of the set.
//! - Each Envoy worker thread has its own load balancer and its own random `seed_`; this is one
//!   of them.

use crate::engine::envoy::edf_scheduler::{EnvoyEdfScheduler, F64};
use crate::engine::envoy::slow_start::host_weight;
use crate::engine::levelless::{levelless_step, Base, Levelless};
use crate::engine::scheduler::Pick;
use crate::engine::state::{AlgorithmState, EnvoyEntry, EnvoyMode, EnvoyQueue, EnvoyState};
use crate::engine::step::Step;
use crate::input::scenario::events::Scenario;
use crate::input::weights::vector::Weights;

/// Envoy's default `healthy_panic_threshold`, percent.
const PANIC_THRESHOLD: f64 = 50.0;
/// Envoy's default overprovisioning factor, percent.
const OVERPROVISIONING: u64 = 140;

/// Envoy's `RoundRobinLoadBalancer` over one priority.
///
/// ```
/// use swrr_viz::engine::{sequence, EnvoyRoundRobin};
/// use swrr_viz::input::{Scenario, Weights};
/// let weights: Weights = "6,3,1".parse().unwrap();
/// let envoy = EnvoyRoundRobin::new(&weights, 0, &Scenario::none());
/// assert_eq!(sequence(&envoy, 10), [0, 1, 0, 0, 1, 0, 0, 2, 1, 0]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EnvoyRoundRobin {
    base: Base,
    seed: u64,
    /// Which nodes were in the host set and healthy at the last refresh.
    members: (Vec<bool>, Vec<bool>),
    hosts: Vec<usize>,
    panic: bool,
    edf: Option<EnvoyEdfScheduler>,
    /// `rr_indexes_` of the healthy-hosts and the all-hosts sources.
    index: [u64; 2],
    built_at: u64,
    /// The scheduler as rebuilt at this step, before its pick.
    rebuilt: Option<EnvoyQueue>,
    tied: Vec<usize>,
    /// The last step of the latest slow-start window (`latest_host_added_time_` + window).
    slow_start_until: Option<u64>,
}

impl EnvoyRoundRobin {
    #[must_use]
    pub fn new(weights: &Weights, seed: u64, scenario: &Scenario) -> Self {
        let mut base = Base::new(weights, scenario);
        base.pool.set_own_slow_start();
        let mut envoy = Self {
            base,
            seed,
            members: (Vec::new(), Vec::new()),
            hosts: Vec::new(),
            panic: false,
            edf: None,
            index: [seed; 2],
            built_at: 0,
            rebuilt: None,
            tied: Vec::new(),
            slow_start_until: None,
        };
        envoy.refresh();
        envoy
    }

    fn membership(&self) -> (Vec<bool>, Vec<bool>) {
        let in_set = self.base.pool.weights().iter().map(|&w| w > 0).collect();
        (in_set, self.base.pool.eligible().to_vec())
    }

    /// `createWithPicks` truncates `seed_` to its `uint32_t picks`.
    fn prepicks(&self) -> u32 {
        (self.seed as u32) % crate::engine::envoy::edf_scheduler::MAX_CREATE_PICKS
    }

    /// `refresh(priority)`: panic or not, the hosts to serve, and a new scheduler for them.
    fn refresh(&mut self) {
        let (in_set, healthy) = self.membership();
        let host_count = in_set.iter().filter(|&&h| h).count() as u64;
        let healthy_count = healthy.iter().filter(|&&h| h).count() as u64;
        // recalculatePerPriorityState / recalculatePerPriorityPanic / isHostSetInPanic.
        let health = (OVERPROVISIONING * healthy_count)
            .checked_div(host_count)
            .map_or(0, |h| h.min(100));
        self.panic = health < 100
            && (host_count == 0
                || 100.0 * healthy_count as f64 / (host_count as f64) < PANIC_THRESHOLD);
        let source = if self.panic { &in_set } else { &healthy };
        self.hosts = (0..source.len()).filter(|&i| source[i]).collect();
        // `hostWeightsAreEqual` compares the hosts' own weights, without the slow-start factor.
        let weights = self.base.pool.weights();
        let equal = self
            .hosts
            .windows(2)
            .all(|pair| weights[pair[0]] == weights[pair[1]]);
        let step = self.base.pool.step();
        let in_slow_start = self.slow_start_until.is_some_and(|until| step <= until);
        self.edf = if (equal && !in_slow_start) || self.hosts.len() <= 1 {
            None
        } else {
            let host_weights = self.host_weights();
            let entries: Vec<(usize, f64)> =
                self.hosts.iter().map(|&i| (i, host_weights[i])).collect();
            Some(EnvoyEdfScheduler::create_with_picks(
                &entries,
                self.prepicks(),
            ))
        };
        self.members = (in_set, healthy);
        self.built_at = self.base.pool.step();
    }

    /// `hostWeight` of every node at this step: its weight, times its slow-start factor while it
    /// is healthy inside its window.
    fn host_weights(&self) -> Vec<f64> {
        let pool = &self.base.pool;
        (0..pool.weights().len())
            .map(|i| {
                let ramp = pool.ramp(i).filter(|_| pool.eligible()[i]);
                host_weight(pool.weights()[i], ramp)
            })
            .collect()
    }

    fn prepare(&mut self) {
        let changes = self.base.pool.begin_step();
        self.rebuilt = None;
        let step = self.base.pool.step();
        for i in 0..self.base.pool.weights().len() {
            if let Some((elapsed, steps)) = self.base.pool.ramp(i) {
                let until = (step - elapsed).saturating_add(steps);
                self.slow_start_until = Some(self.slow_start_until.map_or(until, |u| u.max(until)));
            }
        }
        // An EDS update that changes a weight rebuilds, whatever the event's policy.
        let reweighted = changes.iter().any(|c| c.old != c.new);
        if reweighted || self.membership() != self.members {
            self.refresh();
            self.rebuilt = Some(self.queue());
        }
    }

    /// The EDF clock and queue now (time 0 and empty without a scheduler).
    fn queue(&self) -> EnvoyQueue {
        match &self.edf {
            Some(edf) => EnvoyQueue {
                now: F64(edf.now()),
                queue: edf
                    .entries()
                    .map(|e| EnvoyEntry {
                        node: e.node,
                        deadline: e.deadline,
                        weight: e.weight,
                    })
                    .collect(),
            },
            None => EnvoyQueue {
                now: F64(0.0),
                queue: Vec::new(),
            },
        }
    }
}

impl Levelless for EnvoyRoundRobin {
    fn base(&self) -> &Base {
        &self.base
    }

    fn state(&self) -> AlgorithmState {
        let EnvoyQueue { now, queue } = self.queue();
        AlgorithmState::Envoy(EnvoyState {
            mode: if self.edf.is_some() {
                EnvoyMode::Edf
            } else {
                EnvoyMode::RoundRobin
            },
            hosts: self.hosts.clone(),
            panic: self.panic,
            now,
            queue,
            index: self.index[usize::from(self.panic)],
            built_at: self.built_at,
            prepicks: self.prepicks(),
            rebuilt: self.rebuilt.clone(),
        })
    }

    fn next_pick(&mut self) -> Option<Pick> {
        self.prepare();
        if self.hosts.is_empty() {
            self.base.stopped = Some(self.base.pool.nobody_reason());
            return None;
        }
        let host_weights = self.host_weights();
        let weights = self.base.pool.weights();
        let winner = match &mut self.edf {
            Some(edf) => {
                self.tied = edf.tied_at_front();
                edf.pick_and_add(|node| host_weights[node])?
            }
            None => {
                // `hosts_to_use[rr_indexes_[source]++ % hosts_to_use.size()]`.
                let index = &mut self.index[usize::from(self.panic)];
                let host = self.hosts[(*index % self.hosts.len() as u64) as usize];
                *index = index.wrapping_add(1);
                self.tied.clear();
                host
            }
        };
        Some(Pick {
            winner,
            total: self.hosts.iter().map(|&i| weights[i]).sum(),
        })
    }

    fn record(&self, t: u64, pick: Pick) -> Step {
        let mut step = levelless_step(t, &self.base.pool, pick, self.tied.clone(), self.state());
        // Eligible: what the picker was built from at this step.
        step.eligible.fill(false);
        for &i in &self.hosts {
            step.eligible[i] = true;
        }
        step
    }
}

/// How Envoy's order compares with exact EDF ([`Edf`](super::Edf)) started where
/// `createWithPicks` starts it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Departure {
    /// The same picks for the first `checked` steps.
    Same { checked: u64 },
    /// Envoy picks `envoy` at `step` where exact EDF picks `exact`: the sums of `1/w` in `f64`
    /// (or the `1e-13` of `createWithPicks`) broke a tie the other way.
    At {
        step: u64,
        envoy: usize,
        exact: usize,
    },
}

/// Most exact picks [`departure_from_exact`] makes to reach where Envoy's pre-picks end.
pub const MAX_DEPARTURE_SKIP: u64 = 1_000_000;
/// Most steps the page compares (the CLI and the library take any horizon).
pub const MAX_DEPARTURE_HORIZON: u64 = 1_000_000;

/// Where Envoy (fixed `weights`, this `seed`) first picks differently from exact EDF after the
/// same number of pre-picks, looking `horizon` steps ahead; `None` when exact EDF would need
/// more than [`MAX_DEPARTURE_SKIP`] picks to get there.
///
/// ```
/// use swrr_viz::engine::{departure_from_exact, Departure};
/// use swrr_viz::input::Weights;
/// let weights: Weights = "6,3,1".parse().unwrap();
/// assert_eq!(
///     departure_from_exact(&weights, 0, 1000),
///     Some(Departure::At { step: 112, envoy: 0, exact: 1 })
/// );
/// ```
#[must_use]
pub fn departure_from_exact(weights: &Weights, seed: u64, horizon: u64) -> Option<Departure> {
    use crate::engine::scheduler::Scheduler;
    let none = Scenario::none();
    let mut envoy = EnvoyRoundRobin::new(weights, seed, &none);
    let mut exact = crate::engine::edf::Edf::new(weights, &none);
    let skip = u64::from(envoy.prepicks()) % weights.period().max(1);
    if skip > MAX_DEPARTURE_SKIP {
        return None;
    }
    for _ in 0..skip {
        exact.advance()?;
    }
    for step in 1..=horizon {
        let (Some(a), Some(b)) = (envoy.advance(), exact.advance()) else {
            break;
        };
        if a.winner != b.winner {
            return Some(Departure::At {
                step,
                envoy: a.winner,
                exact: b.winner,
            });
        }
    }
    Some(Departure::Same { checked: horizon })
}
