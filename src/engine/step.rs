//! The record of one pick: everything a hand calculation writes down for a step.

use serde::Serialize;

use crate::engine::nginx::request::RequestStep;
use crate::engine::state::{AlgorithmState, SwrrState};

/// One step of a scheduler, as a hand calculation writes it down.
///
/// `filled` are the current weights after every eligible node added its weight, `drained` after
/// the winner subtracted the total. For SWRR `Σ drained = 0` and `filled[winner] = drained[winner] + total`.
///
/// The fields after `tied` were added for the other algorithms and for scenarios; the first
/// seven keep their meaning for SWRR. Algorithms without levels (classic, interleaved, random,
/// edf) report zeros in `before`, `filled` and `drained` and keep their state in `state`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Step {
    /// 1-based number of this pick.
    pub t: u64,
    /// Levels before this step: the previous step's `drained`, after this step's events (a
    /// `reset` zeroes them), so `filled = before + what each node added`.
    pub before: Vec<i64>,
    /// Levels after adding (the "fill" phase).
    pub filled: Vec<i64>,
    /// Levels after the winner subtracted the total (the "drain" phase).
    pub drained: Vec<i64>,
    /// What the winner subtracted: Σ of the weights that were added (for the broken
    /// "subtract own weight" variant, the winner's own weight). For the algorithms without levels,
    /// Σ of the weights in effect of the nodes that could be picked.
    pub total: i64,
    /// Zero-based index of the picked node; the number of nodes when the attempt found no
    /// server (`request.outcome` is `none`).
    pub winner: usize,
    /// Every node that shared the highest filled level, in list order; empty when there was no tie.
    pub tied: Vec<usize>,
    /// Every node's weight in effect at this step (after events and slow-start ramps).
    pub weights: Vec<i64>,
    /// Which nodes could be picked: up, weight above 0, not disabled by failures.
    pub eligible: Vec<bool>,
    /// The scenario events applied just before this pick, in canonical text (`@20 B=80`).
    pub events: Vec<String>,
    /// The algorithm's own state after the pick.
    pub state: AlgorithmState,
    /// The request this attempt belongs to, when the run models requests (nginx SWRR with
    /// failures, backup servers or several workers); absent otherwise, where every step is a
    /// request answered at its one attempt.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub request: Option<RequestStep>,
}

impl Step {
    /// Builds the record from the levels before and after a pick, as every SWRR-like scheduler does
    /// with static weights: what each node added is `filled − before`, which is also its weight
    /// and its effective weight; nodes that added 0 could not be picked.
    #[must_use]
    pub fn from_pick(t: u64, before: &[i64], drained: &[i64], winner: usize, total: i64) -> Self {
        let mut filled = drained.to_vec();
        filled[winner] += total;
        let top = filled[winner];
        let tied: Vec<usize> = (0..filled.len()).filter(|&i| filled[i] == top).collect();
        let tied = if tied.len() > 1 { tied } else { Vec::new() };
        let added: Vec<i64> = filled.iter().zip(before).map(|(f, b)| f - b).collect();
        Self {
            t,
            before: before.to_vec(),
            filled,
            drained: drained.to_vec(),
            total,
            winner,
            tied,
            weights: added.clone(),
            eligible: added.iter().map(|&a| a > 0).collect(),
            events: Vec::new(),
            state: AlgorithmState::Swrr(SwrrState {
                effective: added.clone(),
                added,
                sum: drained.iter().sum(),
            }),
            request: None,
        }
    }

    /// True when the attempt picked a server (false when it found none).
    #[must_use]
    pub fn picked(&self) -> bool {
        self.winner < self.filled.len()
    }

    /// True when the winner was chosen among several nodes at the same level.
    #[must_use]
    pub fn is_tie(&self) -> bool {
        !self.tied.is_empty()
    }
}
