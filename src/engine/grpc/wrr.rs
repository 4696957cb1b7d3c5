//! gRPC's `weighted_round_robin` policy around its static stride scheduler
//! ([`StaticStride`]): which endpoints are in the picker, which weights it knows, and the shared
//! sequence counter.
//!
//! Followed from grpc/grpc `src/core/load_balancing/weighted_round_robin/weighted_round_robin.cc`
//! (commits 07235094e4d8 and adcc660e78c7) and grpc/grpc-java
//! `xds/.../WeightedRoundRobinLoadBalancer.java` (commits 073fd5ea1e5b and 5fda0c7c35a9):
//! - The picker holds the READY endpoints in order (here: nodes up and not dead; for gRPC C++ in
//!   address order when every name is an address, see [`grpc_address_order`], else in list
//!   order); when that set changes a new picker is made. The scheduler is rebuilt from the
//!   endpoints' weights every `weight_update_period` (1 s, read as 1 step: a change applies from
//!   its step).
//! - The sequence counter belongs to the policy (`scheduler_state_`, an `AtomicInteger` in Java):
//!   rebuilds and new pickers keep counting. gRPC starts it at a random value; here at the seed
//!   (mod 2^32), 0 by default as gRPC's tests start it.
//! - Each READY endpoint reports its weight (the node's weight in effect) at the start of every
//!   step, the step it becomes READY included; [`EndpointWeight`] keeps what gRPC makes of the
//!   reports: a 0 is ignored and the last weight holds until it expires (180 steps after the
//!   last non-zero report), and a weight is unusable for 10 steps after the first report following
//!   a reconnection or an expiry. The scheduler gives an endpoint without a usable weight the
//!   mean of the known weights.
//! - The run starts in a steady state: every non-zero weight has been reported for longer than
//!   the blackout. `reset` makes a new policy: no weight known, the first reports arrive at that
//!   step, so every endpoint is in blackout for 10 steps.
//! - gRPC C++ builds no scheduler for one endpoint or when no weight is known and picks round
//!   robin with the picker's own index (`last_picked_index_`, random per picker; here it starts
//!   at the seed). grpc-java always builds one (all 65535 when none is known).

use crate::engine::grpc::address_order::grpc_address_order;
use crate::engine::grpc::endpoint_weight::EndpointWeight;
use crate::engine::grpc::static_stride::{StaticStride, StrideDraw, StrideFlavour};
use crate::engine::levelless::{levelless_step, Base, Levelless};
use crate::engine::scheduler::Pick;
use crate::engine::state::{AlgorithmState, GrpcState};
use crate::engine::step::Step;
use crate::input::scenario::events::{Policy, Scenario};
use crate::input::weights::vector::Weights;

/// gRPC's `weighted_round_robin`, C++ or Java.
///
/// ```
/// use swrr_viz::engine::{sequence, GrpcWrr, StrideFlavour};
/// use swrr_viz::input::{Scenario, Weights};
/// let weights: Weights = "1,2,3".parse().unwrap();
/// let grpc = GrpcWrr::new(&weights, StrideFlavour::Cpp, 0, &Scenario::none());
/// assert_eq!(sequence(&grpc, 6), [1, 2, 2, 0, 1, 2]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GrpcWrr {
    base: Base,
    flavour: StrideFlavour,
    seed: u64,
    sequence: u32,
    /// The nodes in gRPC's endpoint order (address order for C++ when the names are addresses).
    order: Vec<usize>,
    picker: Vec<usize>,
    /// What gRPC knows of each node's weight.
    endpoints: Vec<EndpointWeight>,
    /// The weights the scheduler was built from, per picker entry (`f32` bits).
    built_from: Vec<u32>,
    scheduler: Option<StaticStride>,
    built_at: u64,
    fallback_index: u64,
    draws: u64,
    listed: Vec<StrideDraw>,
    fell_back: bool,
}

impl GrpcWrr {
    #[must_use]
    pub fn new(weights: &Weights, flavour: StrideFlavour, seed: u64, scenario: &Scenario) -> Self {
        let names: Vec<&str> = (0..weights.len()).map(|i| weights.name(i)).collect();
        let sorted = match flavour {
            StrideFlavour::Cpp => grpc_address_order(&names),
            StrideFlavour::Java => None,
        };
        let mut grpc = Self {
            base: Base::new(weights, scenario),
            flavour,
            seed,
            sequence: seed as u32,
            order: sorted.unwrap_or_else(|| (0..names.len()).collect()),
            picker: Vec::new(),
            endpoints: weights
                .integers()
                .iter()
                .map(|&w| EndpointWeight::steady(w as i64))
                .collect(),
            built_from: Vec::new(),
            scheduler: None,
            built_at: 0,
            fallback_index: seed,
            draws: 0,
            listed: Vec::new(),
            fell_back: false,
        };
        grpc.picker = grpc.ready();
        grpc.rebuild();
        grpc
    }

    /// True for grpc-java's scheduler.
    #[must_use]
    pub fn is_java(&self) -> bool {
        self.flavour == StrideFlavour::Java
    }

    /// The READY endpoints in gRPC's order.
    fn ready(&self) -> Vec<usize> {
        self.order
            .iter()
            .copied()
            .filter(|&i| self.base.pool.reachable(i))
            .collect()
    }

    fn now(&self) -> i64 {
        self.base.pool.step() as i64
    }

    /// `GetWeight` of each endpoint in the picker (weights are at most 10^9; gRPC's are floats).
    fn usable_weights(&mut self) -> Vec<f32> {
        let now = self.now();
        self.picker
            .iter()
            .map(|&i| self.endpoints[i].get(now) as f32)
            .collect()
    }

    fn rebuild(&mut self) {
        let weights = self.usable_weights();
        self.scheduler = StaticStride::make(self.flavour, &weights);
        self.built_from = weights.iter().map(|w| w.to_bits()).collect();
        self.built_at = self.base.pool.step();
    }

    /// This step's events, the new picker if READY endpoints came or went, the reports, and the
    /// rebuilt scheduler if a weight it reads changed.
    fn prepare(&mut self) {
        let changes = self.base.pool.begin_step();
        let now = self.now();
        if changes.iter().any(|c| c.policy == Policy::Reset) {
            // A new policy instance: a fresh weight map, and its counter and picker index start
            // afresh (at random values in gRPC).
            self.sequence = self.seed as u32;
            self.fallback_index = self.seed;
            self.endpoints.fill(EndpointWeight::fresh());
        }
        let picker = self.ready();
        // Membership by index, not `contains`: quadratic in the nodes, 15 ms a step at 10,000.
        let mut was_ready = vec![false; self.endpoints.len()];
        for &node in &self.picker {
            was_ready[node] = true;
        }
        for &node in &picker {
            if !was_ready[node] {
                // Back to READY: `ResetNonEmptySince`, the blackout starts at the next report.
                self.endpoints[node].reset_non_empty_since();
            }
        }
        for &node in &picker {
            let weight = self.base.pool.weights()[node];
            self.endpoints[node].report(now, weight);
        }
        if picker != self.picker {
            self.picker = picker;
            self.fallback_index = self.seed;
            self.rebuild();
        } else {
            let weights: Vec<u32> = self.usable_weights().iter().map(|w| w.to_bits()).collect();
            if weights != self.built_from {
                self.rebuild();
            }
        }
    }

    fn total(&self) -> i64 {
        self.picker
            .iter()
            .map(|&i| self.base.pool.weights()[i])
            .sum()
    }
}

impl Levelless for GrpcWrr {
    fn base(&self) -> &Base {
        &self.base
    }

    fn state(&self) -> AlgorithmState {
        let n = self.base.zeros.len();
        let step = self.base.pool.step();
        let mut scaled = vec![None; n];
        if let Some(stride) = &self.scheduler {
            for (&node, w) in self.picker.iter().zip(stride.scaled()) {
                scaled[node] = Some(w);
            }
        }
        AlgorithmState::Grpc(GrpcState {
            java: self.flavour == StrideFlavour::Java,
            picker: self.picker.clone(),
            reported: self
                .endpoints
                .iter()
                .map(|e| e.held(step as i64) as u64)
                .collect(),
            kept: self
                .endpoints
                .iter()
                .map(|e| e.expires_in(step as i64).unwrap_or(0))
                .collect(),
            blackout: self
                .endpoints
                .iter()
                .map(|e| e.blackout_left(step as i64))
                .collect(),
            scaled,
            mean: self.scheduler.as_ref().map_or(0, StaticStride::mean),
            floor: self.scheduler.as_ref().map_or(0, StaticStride::floor),
            clamped: self.scheduler.as_ref().is_some_and(StaticStride::clamped),
            sequence: self.sequence,
            draws: self.draws,
            listed: self.listed.clone(),
            fallback: self.fell_back.then_some(self.fallback_index),
            built_at: self.built_at,
        })
    }

    fn next_pick(&mut self) -> Option<Pick> {
        self.prepare();
        if self.picker.is_empty() {
            self.base.stopped = Some(self.base.pool.nobody_reason());
            return None;
        }
        let backend = match &self.scheduler {
            Some(stride) => {
                let pick = stride.pick(&mut self.sequence);
                self.draws = pick.draws;
                self.listed = pick.listed;
                self.fell_back = false;
                pick.backend
            }
            None => {
                // `last_picked_index_.fetch_add(1) % endpoints_.size()`.
                let index = self.fallback_index;
                self.fallback_index = index.wrapping_add(1);
                self.draws = 0;
                self.listed.clear();
                self.fell_back = true;
                (index % self.picker.len() as u64) as usize
            }
        };
        Some(Pick {
            winner: self.picker[backend],
            total: self.total(),
        })
    }

    fn record(&self, t: u64, pick: Pick) -> Step {
        let mut step = levelless_step(t, &self.base.pool, pick, Vec::new(), self.state());
        // Eligible: what the picker was built from at this step.
        step.eligible.fill(false);
        for &i in &self.picker {
            step.eligible[i] = true;
        }
        step
    }
}
