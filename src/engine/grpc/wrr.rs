//! gRPC's `weighted_round_robin` policy around its static stride scheduler
//! ([`StaticStride`]): which endpoints are in the picker, which weights it knows, and the shared
//! sequence counter.
//!
//! Followed from grpc/grpc `src/core/load_balancing/weighted_round_robin/weighted_round_robin.cc`
//! (commit 07235094e4d8) and grpc/grpc-java `xds/.../WeightedRoundRobinLoadBalancer.java`
//! (commit 073fd5ea1e5b):
//! - The picker holds the READY endpoints in order (here: nodes up and not dead, in list order,
//!   which stands for the address order gRPC C++ sorts them in); when that set changes a new
//!   picker is made. The scheduler is rebuilt from the endpoints'
//!   weights every `weight_update_period` (1 s, read as 1 step: a change applies from its step).
//! - The sequence counter belongs to the policy (`scheduler_state_`, an `AtomicInteger` in Java):
//!   rebuilds and new pickers keep counting. gRPC starts it at a random value; here at the seed
//!   (mod 2^32), 0 by default as gRPC's tests start it.
//! - A weight of 0 means "no usable weight": nothing reported yet, or within the
//!   `blackout_period` (10 s, read as 10 steps) after the endpoint became READY again. The
//!   scheduler gives such an endpoint the mean of the known weights.
//! - gRPC C++ builds no scheduler for one endpoint or when no weight is known and picks round
//!   robin with the picker's own index (`last_picked_index_`, random per picker; here it starts
//!   at the seed). grpc-java always builds one (all 65535 when none is known).

use crate::engine::grpc::static_stride::{StaticStride, StrideDraw, StrideFlavour};
use crate::engine::levelless::{levelless_step, Base, Levelless};
use crate::engine::scheduler::Pick;
use crate::engine::state::{AlgorithmState, GrpcState};
use crate::engine::step::Step;
use crate::input::scenario::events::{Policy, Scenario};
use crate::input::weights::vector::Weights;

/// gRPC's `blackout_period` (10 s), in steps.
pub const GRPC_BLACKOUT_STEPS: u64 = 10;

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
    picker: Vec<usize>,
    /// The step until which each node's weight is in blackout (exclusive).
    blackout_until: Vec<u64>,
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
        let n = weights.len();
        let mut grpc = Self {
            base: Base::new(weights, scenario),
            flavour,
            seed,
            sequence: seed as u32,
            picker: Vec::new(),
            blackout_until: vec![0; n],
            built_from: Vec::new(),
            scheduler: None,
            built_at: 0,
            fallback_index: seed,
            draws: 0,
            listed: Vec::new(),
            fell_back: false,
        };
        grpc.picker = (0..n).filter(|&i| grpc.base.pool.reachable(i)).collect();
        grpc.rebuild();
        grpc
    }

    /// True for grpc-java's scheduler.
    #[must_use]
    pub fn is_java(&self) -> bool {
        self.flavour == StrideFlavour::Java
    }

    /// The weight the policy hands the scheduler for `node`: 0 when none is usable.
    fn usable_weight(&self, node: usize) -> f32 {
        if self.base.pool.step() < self.blackout_until[node] {
            0.0
        } else {
            // Weights are at most 10^9; gRPC's weights are floats.
            self.base.pool.weights()[node].max(0) as f32
        }
    }

    fn rebuild(&mut self) {
        let weights: Vec<f32> = self.picker.iter().map(|&i| self.usable_weight(i)).collect();
        self.scheduler = StaticStride::make(self.flavour, &weights);
        self.built_from = weights.iter().map(|w| w.to_bits()).collect();
        self.built_at = self.base.pool.step();
    }

    /// This step's events, the new picker if READY endpoints came or went, and the rebuilt
    /// scheduler if a weight it reads changed.
    fn prepare(&mut self) {
        let changes = self.base.pool.begin_step();
        if changes.iter().any(|c| c.policy == Policy::Reset) {
            // A new policy instance starts its counter afresh (at a random value in gRPC).
            self.sequence = self.seed as u32;
        }
        let step = self.base.pool.step();
        let picker: Vec<usize> = (0..self.base.zeros.len())
            .filter(|&i| self.base.pool.reachable(i))
            .collect();
        if picker != self.picker {
            for &node in &picker {
                if !self.picker.contains(&node) {
                    // Back to READY: the weight is not used until the blackout period is over.
                    self.blackout_until[node] = step + GRPC_BLACKOUT_STEPS;
                }
            }
            self.picker = picker;
            self.fallback_index = self.seed;
            self.rebuild();
        } else {
            let weights: Vec<u32> = self
                .picker
                .iter()
                .map(|&i| self.usable_weight(i).to_bits())
                .collect();
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
                .base
                .pool
                .weights()
                .iter()
                .map(|&w| w.max(0) as u64)
                .collect(),
            blackout: self
                .blackout_until
                .iter()
                .map(|&until| until.saturating_sub(step))
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
