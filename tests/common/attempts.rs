//! Reading a run that models requests: the attempts of one request, what a node added.

use swrr_viz::engine::{AlgorithmState, Step};

/// The attempts of request `k` (1-based) among `steps`.
pub fn attempts(steps: &[Step], k: u64) -> Vec<&Step> {
    steps
        .iter()
        .filter(|s| s.request.as_ref().is_some_and(|r| r.request == k))
        .collect()
}

/// What `node` added to its level in an SWRR `step` (its effective weight, if eligible).
pub fn added(step: &Step, node: usize) -> i64 {
    match &step.state {
        AlgorithmState::Swrr(state) => state.added[node],
        other => panic!("swrr state expected, got {other:?}"),
    }
}
