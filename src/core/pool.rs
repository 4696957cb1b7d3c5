//! The upstream pool every algorithm picks from: each node's weight in effect, whether it can be
//! picked, and nginx's per-peer failure bookkeeping, moved along by the scenario's events.
//!
//! A node can be picked at step s when it is up, its weight in effect is above 0 (weight 0 drains
//! it) and nginx's passive health check has not disabled it:
//! `!(max_fails > 0 && fails ≥ max_fails && s − checked ≤ fail_timeout)`, exactly the test in
//! `ngx_http_upstream_get_peer` with steps for seconds.

use std::sync::Arc;

use super::scenario::{Action, Curve, Event, Policy, Scenario};
use super::slow_start::slow_start_weight;
use super::stop::StopReason;
use super::weights::Weights;

/// nginx's default `max_fails=1`.
pub const DEFAULT_MAX_FAILS: u64 = 1;
/// nginx's default `fail_timeout=10s`, read as 10 steps.
pub const DEFAULT_FAIL_TIMEOUT: u64 = 10;

/// An explicit weight change the algorithm must react to (slow-start ramps are not reported:
/// each algorithm reads the weights in effect every step).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct WeightChange {
    pub node: usize,
    pub old: i64,
    pub new: i64,
    pub policy: Policy,
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
    /// `weight − effective_weight` in nginx's terms: what failures took, given back 1 per
    /// eligible step. Kept as a difference so a ramping or edited weight carries it sensibly.
    penalty: i64,
    fails: u64,
    accessed: u64,
    checked: u64,
    max_fails: u64,
    fail_timeout: u64,
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
                penalty: 0,
                fails: 0,
                accessed: 0,
                checked: 0,
                max_fails: DEFAULT_MAX_FAILS,
                fail_timeout: DEFAULT_FAIL_TIMEOUT,
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
        }
    }

    /// True when the run has scenario events.
    pub fn has_events(&self) -> bool {
        !self.events.is_empty()
    }

    /// Moves to the next step: applies its events, recomputes weights and eligibility, and returns
    /// the explicit weight changes in text order.
    pub fn begin_step(&mut self) -> Vec<WeightChange> {
        self.step += 1;
        let s = self.step;
        self.applied.clear();
        let mut changes = Vec::new();
        while let Some(event) = self.events.get(self.next_event) {
            if event.step != s {
                break;
            }
            let event = event.clone();
            self.applied.push(self.next_event);
            self.next_event += 1;
            self.dynamic = true;
            if let Some(change) = self.apply(&event) {
                changes.push(change);
            }
        }
        if self.dynamic {
            for i in 0..self.peers.len() {
                self.weights[i] = self.weight_at(i, s);
                self.eligible[i] = self.can_pick(i, s);
            }
        }
        changes
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
            Action::Fail {
                count,
                max_fails,
                timeout,
            } => {
                if let Some(m) = max_fails {
                    peer.max_fails = m;
                }
                if let Some(t) = timeout {
                    peer.fail_timeout = t;
                }
                // ngx_http_upstream_free_round_robin_peer, once per failed request.
                let weight = slow_start_or_configured(peer, s);
                for _ in 0..count {
                    peer.fails += 1;
                    peer.accessed = s;
                    peer.checked = s;
                    if peer.max_fails > 0 {
                        let taken = weight / peer.max_fails as i64;
                        peer.penalty = (peer.penalty + taken).min(weight.max(peer.penalty));
                    }
                }
                None
            }
        }
    }

    fn weight_at(&self, i: usize, s: u64) -> i64 {
        slow_start_or_configured(&self.peers[i], s)
    }

    fn can_pick(&self, i: usize, s: u64) -> bool {
        let p = &self.peers[i];
        p.up && self.weights[i] > 0 && !disabled_by_failures(p, s)
    }

    /// The step in progress (1-based).
    pub fn step(&self) -> u64 {
        self.step
    }

    /// Whether node `i` is up and not disabled by failures, whatever its weight: what gRPC
    /// calls a READY endpoint (gRPC reads a weight of 0 as not reported yet, not as drained).
    pub fn reachable(&self, i: usize) -> bool {
        self.peers[i].up && !disabled_by_failures(&self.peers[i], self.step)
    }

    /// True while some node's weight is still ramping up in a slow start.
    pub fn ramping(&self) -> bool {
        (0..self.peers.len()).any(|i| self.weights[i] != self.peers[i].configured)
    }

    /// Weight in effect of every node at this step: configured, or its slow-start ramp.
    pub fn weights(&self) -> &[i64] {
        &self.weights
    }

    /// Whether each node can be picked at this step.
    pub fn eligible(&self) -> &[bool] {
        &self.eligible
    }

    /// nginx's `effective_weight`: the weight in effect minus what failures took, at least 0.
    pub fn effective(&self, i: usize) -> i64 {
        (self.weights[i] - self.peers[i].penalty).max(0)
    }

    /// Every node's effective weight.
    pub fn effective_weights(&self) -> Vec<i64> {
        (0..self.peers.len()).map(|i| self.effective(i)).collect()
    }

    /// nginx's `if (effective_weight < weight) effective_weight++`, for an eligible node that
    /// just added its effective weight.
    pub fn recover(&mut self, i: usize) {
        let peer = &mut self.peers[i];
        if peer.penalty > 0 {
            peer.penalty -= 1;
        }
    }

    /// nginx's bookkeeping when node `i` is picked and its request succeeds: `checked` moves on
    /// once `fail_timeout` has passed, and then the failure count is cleared.
    pub fn picked(&mut self, i: usize) {
        let s = self.step;
        let peer = &mut self.peers[i];
        if s.saturating_sub(peer.checked) > peer.fail_timeout {
            peer.checked = s;
        }
        if peer.accessed < peer.checked {
            peer.fails = 0;
        }
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
            } else if disabled_by_failures(p, s) {
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

fn disabled_by_failures(p: &Peer, s: u64) -> bool {
    p.max_fails > 0 && p.fails >= p.max_fails && s.saturating_sub(p.checked) <= p.fail_timeout
}
