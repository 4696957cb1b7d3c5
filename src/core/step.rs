//! The record of one pick: everything a hand calculation writes down for a step.

use serde::Serialize;

/// One step of a scheduler, as a hand calculation writes it down.
///
/// `filled` are the current weights after every eligible node added its weight, `drained` after
/// the winner subtracted the total. For SWRR `Σ drained = 0` and `filled[winner] = drained[winner] + total`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Step {
    /// 1-based number of this pick.
    pub t: u64,
    /// Levels before this step (the previous step's `drained`).
    pub before: Vec<i64>,
    /// Levels after adding (the "fill" phase).
    pub filled: Vec<i64>,
    /// Levels after the winner subtracted the total (the "drain" phase).
    pub drained: Vec<i64>,
    /// The total the winner subtracted (Σ of the weights that were added).
    pub total: i64,
    /// Zero-based index of the picked node.
    pub winner: usize,
    /// Every node that shared the highest filled level, in list order; empty when there was no tie.
    pub tied: Vec<usize>,
}

impl Step {
    /// Builds the record from the levels before and after a pick, as every SWRR-like scheduler does.
    #[must_use]
    pub fn from_pick(t: u64, before: &[i64], drained: &[i64], winner: usize, total: i64) -> Self {
        let mut filled = drained.to_vec();
        filled[winner] += total;
        let top = filled[winner];
        let tied: Vec<usize> = (0..filled.len()).filter(|&i| filled[i] == top).collect();
        let tied = if tied.len() > 1 { tied } else { Vec::new() };
        Self {
            t,
            before: before.to_vec(),
            filled,
            drained: drained.to_vec(),
            total,
            winner,
            tied,
        }
    }

    /// True when the winner was chosen among several nodes at the same level.
    #[must_use]
    pub fn is_tie(&self) -> bool {
        !self.tied.is_empty()
    }
}
