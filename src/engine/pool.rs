//! The upstream pool every algorithm picks from: each node's weight in effect, whether it is in
//! the pool, and nginx's per-server settings ([`PeerConfig`]: `max_fails`, `fail_timeout`,
//! `backup`, refusing connections), moved along by the scenario's events, one step (request) at
//! a time.
//!
//! A node is in the pool at step s when it is up and its weight in effect is above 0 (weight 0
//! drains it). nginx SWRR ([`NginxSwrr`](super::NginxSwrr)) tries dead nodes and learns of the
//! failure after the pick, so for it a dead node stays in the pool; the other algorithms do not
//! retry, and leave a dead node out ([`Pool::with_retries`]).

use std::sync::Arc;

use crate::engine::nginx::peer_health::PeerConfig;
use crate::engine::slow_start::slow_start_weight;
use crate::engine::stop::StopReason;
use crate::input::scenario::events::{Action, Curve, Event, Policy, Scenario};
use crate::input::weights::vector::Weights;

/// An explicit weight change the algorithm must react to (slow-start ramps are not reported:
/// each algorithm reads the weights in effect every step).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct WeightChange {
    pub node: usize,
    pub old: i64,
    pub new: i64,
    pub policy: Policy,
}

/// What one event of a step did (see [`Pool::begin_step_by_event`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct EventEffect {
    /// The explicit weight change it made, if any.
    pub change: Option<WeightChange>,
    /// True when it set the node's weight (`=W`, `drain`, `slowstart`), or took the node out of
    /// service or brought it back (`down`, `up`, `dead`, `alive` that change
    /// [`Pool::reachable`]); false for an event that changes neither (`fail`, `backup`, an `up`
    /// of a node that is up).
    pub updates: bool,
    /// [`Pool::offered`] right after it; empty from [`Pool::begin_step`].
    pub offered: Vec<i64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Ramp {
    start: u64,
    steps: u64,
    curve: Curve,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Peer {
    /// The weight as configured (weights text, then `=` / `drain` events).
    configured: i64,
    up: bool,
    ramp: Option<Ramp>,
    config: PeerConfig,
}

/// The pool's state at one step of a run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Pool {
    peers: Vec<Peer>,
    events: Arc<[Event]>,
    next_event: usize,
    /// The step being made (after `begin_step`), or the last one made.
    step: u64,
    /// True once any event applied: from then on weights and eligibility are recomputed each step.
    dynamic: bool,
    weights: Vec<i64>,
    eligible: Vec<bool>,
    applied: Vec<usize>,
    /// True for nginx SWRR, which picks dead nodes and retries (see the module).
    retries: bool,
    /// True for an algorithm with a slow start of its own (Envoy): weights stay as configured
    /// and the algorithm reads [`Pool::ramp`].
    own_ramp: bool,
}

impl Pool {
    pub fn new(weights: &Weights, scenario: &Scenario) -> Self {
        // Weights are at most 10^9: the casts are exact.
        let ints: Vec<i64> = weights.integers().iter().map(|&w| w as i64).collect();
        let peers = ints
            .iter()
            .map(|&w| Peer {
                configured: w,
                up: true,
                ramp: None,
                config: PeerConfig::default(),
            })
            .collect();
        Self {
            peers,
            events: scenario.shared(),
            next_event: 0,
            step: 0,
            dynamic: false,
            eligible: ints.iter().map(|&w| w > 0).collect(),
            weights: ints,
            applied: Vec::new(),
            retries: false,
            own_ramp: false,
        }
    }

    /// For an algorithm that computes its own slow start from [`Pool::ramp`]: the weights in
    /// effect stay the configured ones.
    pub fn set_own_slow_start(&mut self) {
        self.own_ramp = true;
    }

    /// Node `i`'s slow start, `(steps since it started, its length)`, while the node is up
    /// with a weight above 0 (a `down` ends it).
    pub fn ramp(&self, i: usize) -> Option<(u64, u64)> {
        let peer = &self.peers[i];
        match peer.ramp {
            Some(ramp) if peer.configured > 0 => Some((self.step - ramp.start, ramp.steps)),
            _ => None,
        }
    }

    /// The pool as nginx SWRR sees it: dead nodes stay in (they are picked and fail).
    #[must_use]
    pub fn with_retries(mut self) -> Self {
        self.retries = true;
        self
    }

    /// True when the run has scenario events.
    pub fn has_events(&self) -> bool {
        !self.events.is_empty()
    }

    /// Moves to the next step: applies its events, recomputes weights and eligibility, and returns
    /// the explicit weight changes in text order.
    pub fn begin_step(&mut self) -> Vec<WeightChange> {
        let effects = self.advance(false);
        effects.into_iter().filter_map(|e| e.change).collect()
    }

    /// Moves to the next step as [`Pool::begin_step`] does, and returns what each event of it did,
    /// in text order, with the weights [`Pool::offered`] would give right after it.
    pub fn begin_step_by_event(&mut self) -> Vec<EventEffect> {
        self.advance(true)
    }

    fn advance(&mut self, offered: bool) -> Vec<EventEffect> {
        self.step += 1;
        let s = self.step;
        self.applied.clear();
        let mut effects = Vec::new();
        while let Some(event) = self.events.get(self.next_event) {
            if event.step != s {
                break;
            }
            let event = event.clone();
            self.applied.push(self.next_event);
            self.next_event += 1;
            self.dynamic = true;
            let was_reachable = self.reachable(event.node);
            let change = self.apply(&event);
            let sets_weight = matches!(
                event.action,
                Action::SetWeight { .. } | Action::Drain { .. } | Action::SlowStart { .. }
            );
            effects.push(EventEffect {
                change,
                updates: sets_weight || was_reachable != self.reachable(event.node),
                offered: if offered {
                    (0..self.peers.len())
                        .map(|i| self.offered_weight(i, self.weight_at(i, s)))
                        .collect()
                } else {
                    Vec::new()
                },
            });
        }
        if self.dynamic {
            for i in 0..self.peers.len() {
                self.weights[i] = self.weight_at(i, s);
                self.eligible[i] = self.can_pick(i);
            }
        }
        effects
    }

    /// Each node's weight as a health checker leaves it in a balancer that has no health of its
    /// own (IPVS): the weight in effect while the node is [reachable](Pool::reachable), else 0.
    pub fn offered(&self) -> Vec<i64> {
        (0..self.peers.len())
            .map(|i| self.offered_weight(i, self.weights[i]))
            .collect()
    }

    fn offered_weight(&self, i: usize, weight: i64) -> i64 {
        if self.reachable(i) {
            weight.max(0)
        } else {
            0
        }
    }

    fn apply(&mut self, event: &Event) -> Option<WeightChange> {
        let s = event.step;
        let peer = &mut self.peers[event.node];
        match event.action {
            Action::SetWeight { weight, policy } => {
                let old = peer.configured;
                peer.configured = weight as i64;
                Some(WeightChange {
                    node: event.node,
                    old,
                    new: weight as i64,
                    policy,
                })
            }
            Action::Drain { policy } => {
                let old = peer.configured;
                peer.configured = 0;
                Some(WeightChange {
                    node: event.node,
                    old,
                    new: 0,
                    policy,
                })
            }
            Action::Down => {
                peer.up = false;
                peer.ramp = None;
                None
            }
            Action::Up => {
                peer.up = true;
                None
            }
            Action::SlowStart { steps, curve } => {
                peer.up = true;
                peer.ramp = Some(Ramp {
                    start: s,
                    steps,
                    curve,
                });
                None
            }
            Action::Fail { count, settings } => {
                peer.config.configure(settings);
                peer.config.failing = peer.config.failing.saturating_add(count);
                None
            }
            Action::Dead { settings } => {
                peer.config.configure(settings);
                peer.config.dead = true;
                None
            }
            Action::Alive => {
                peer.config.dead = false;
                None
            }
            Action::Backup => {
                peer.config.backup = true;
                None
            }
            Action::Primary => {
                peer.config.backup = false;
                None
            }
            Action::Configure { settings } => {
                peer.config.configure(settings);
                None
            }
        }
    }

    fn weight_at(&self, i: usize, s: u64) -> i64 {
        if self.own_ramp {
            return self.peers[i].configured;
        }
        slow_start_or_configured(&self.peers[i], s)
    }

    fn can_pick(&self, i: usize) -> bool {
        let p = &self.peers[i];
        p.up && self.weights[i] > 0 && (self.retries || !p.config.dead)
    }

    /// The step in progress (1-based).
    pub fn step(&self) -> u64 {
        self.step
    }

    /// Whether node `i` is up and not dead, whatever its weight: what gRPC calls a READY
    /// endpoint (gRPC reads a weight of 0 as not reported yet, not as drained).
    pub fn reachable(&self, i: usize) -> bool {
        let p = &self.peers[i];
        p.up && (self.retries || !p.config.dead)
    }

    /// Weight in effect of every node at this step: configured, or its slow-start ramp.
    pub fn weights(&self) -> &[i64] {
        &self.weights
    }

    /// Whether each node can be picked at this step.
    pub fn eligible(&self) -> &[bool] {
        &self.eligible
    }

    /// Σ of the weights in effect of the nodes that can be picked.
    pub fn eligible_total(&self) -> i64 {
        self.weights
            .iter()
            .zip(&self.eligible)
            .filter(|(_, &e)| e)
            .map(|(&w, _)| w)
            .sum()
    }

    /// nginx's settings of node `i` and what its server does.
    pub fn config(&self, i: usize) -> &PeerConfig {
        &self.peers[i].config
    }

    pub fn config_mut(&mut self, i: usize) -> &mut PeerConfig {
        &mut self.peers[i].config
    }

    /// Canonical texts of the events applied at this step.
    pub fn applied_texts(&self) -> Vec<String> {
        self.applied
            .iter()
            .map(|&k| self.events[k].text.clone())
            .collect()
    }

    /// Why nobody can be picked at this step, for the error message.
    pub fn nobody_reason(&self) -> StopReason {
        let s = self.step;
        let (mut down, mut drained, mut failed) = (0, 0, 0);
        for (i, p) in self.peers.iter().enumerate() {
            if !p.up {
                down += 1;
            } else if self.weights[i] <= 0 {
                drained += 1;
            } else if p.config.dead {
                failed += 1;
            }
        }
        StopReason::Nobody {
            step: s,
            down,
            drained,
            failed,
        }
    }
}

/// True when the scenario marks every one of `nodes` servers down at some step (after all the
/// events of that step): nginx SWRR then answers requests 502 with no attempt, so its run models
/// requests.
pub(crate) fn downs_everyone(scenario: &Scenario, nodes: usize) -> bool {
    let mut up = vec![true; nodes];
    let mut down = 0;
    let events = scenario.events();
    for (k, event) in events.iter().enumerate() {
        let was_up = up[event.node];
        match event.action {
            Action::Down => up[event.node] = false,
            Action::Up | Action::SlowStart { .. } => up[event.node] = true,
            _ => {}
        }
        match (was_up, up[event.node]) {
            (true, false) => down += 1,
            (false, true) => down -= 1,
            _ => {}
        }
        let step_ends = !matches!(events.get(k + 1), Some(next) if next.step == event.step);
        if step_ends && down == nodes {
            return true;
        }
    }
    false
}

fn slow_start_or_configured(peer: &Peer, s: u64) -> i64 {
    match peer.ramp {
        Some(ramp) if peer.configured > 0 => slow_start_weight(
            ramp.curve,
            peer.configured as u64,
            s - ramp.start,
            ramp.steps,
        ) as i64,
        _ => peer.configured,
    }
}
