//! The highest and lowest level of every node over a run, in O(1) per pick.
//!
//! levelᵢ(t) = t·wᵢ − W·picksᵢ(t) rises by wᵢ every step and drops by W − wᵢ when i is picked, so
//! between two picks of i it only rises: its lowest values are right after a pick (or at t = 0),
//! its highest right before a pick (or at the end). Only the picked node is looked at.

/// An extreme level and the first step where it happens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Extreme {
    pub level: i64,
    pub step: u64,
}

/// Running per-node level extremes and pick counts.
#[derive(Debug, Clone)]
pub(crate) struct LevelTracker {
    weights: Vec<i64>,
    total: i64,
    counts: Vec<u64>,
    lowest: Vec<Extreme>,
    highest: Vec<Extreme>,
}

impl LevelTracker {
    /// Every level is 0 at step 0.
    pub(crate) fn new(weights: &[i64], total: i64) -> Self {
        let start = Extreme { level: 0, step: 0 };
        Self {
            weights: weights.to_vec(),
            total,
            counts: vec![0; weights.len()],
            lowest: vec![start; weights.len()],
            highest: vec![start; weights.len()],
        }
    }

    /// Level of `node` after step `t` given its pick count then. Within the limits
    /// (t ≤ 2·10⁷ computed picks, w ≤ 10⁹) every term fits i64 with room to spare.
    fn level(&self, node: usize, t: u64, count: u64) -> i64 {
        t as i64 * self.weights[node] - self.total * count as i64
    }

    /// `node` was picked at step `t` (t = 1, 2, … in order).
    pub(crate) fn pick(&mut self, node: usize, t: u64) {
        let before = self.level(node, t - 1, self.counts[node]);
        if before > self.highest[node].level {
            self.highest[node] = Extreme {
                level: before,
                step: t - 1,
            };
        }
        self.counts[node] += 1;
        let after = self.level(node, t, self.counts[node]);
        if after < self.lowest[node].level {
            self.lowest[node] = Extreme {
                level: after,
                step: t,
            };
        }
    }

    /// Closes the run after step `t`: each node's level there is a candidate highest.
    pub(crate) fn finish(&mut self, t: u64) {
        for node in 0..self.weights.len() {
            let end = self.level(node, t, self.counts[node]);
            if end > self.highest[node].level {
                self.highest[node] = Extreme {
                    level: end,
                    step: t,
                };
            }
        }
    }

    /// Picks per node so far.
    pub(crate) fn counts(&self) -> &[u64] {
        &self.counts
    }

    pub(crate) fn lowest(&self) -> &[Extreme] {
        &self.lowest
    }

    pub(crate) fn highest(&self) -> &[Extreme] {
        &self.highest
    }
}
