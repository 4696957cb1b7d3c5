//! Envoy's `EdfScheduler` as Envoy computes it: deadlines in `f64`, ties to the entry queued
//! first, and `createWithPicks` with its `1e-13` epsilon.
//!
//! Followed from envoyproxy/envoy `source/common/upstream/edf_scheduler.h` (the version with
//! `createWithPicks`, from envoy PR #31592) and its test `test/common/upstream/edf_scheduler_test.cc`.
//! `add(weight)` queues an entry at `current_time_ + 1.0 / weight` with the next `order_offset_`;
//! `pickAndAdd` pops the earliest (equal deadlines: the smaller `order_offset_`), moves
//! `current_time_` to its deadline and queues it again with the weight it has *now*.
//! `createWithPicks(entries, picks)` builds the queue as if `picks mod 429496729` picks had been
//! made: each entry's weight gets `+ 1e-13`, entry i is credited `⌊P·w_i/W⌋` picks (one less
//! where floating point overshoots), is queued at `(p_i + 1)/w_i` with order `i`, the clock starts
//! at the latest `p_i/w_i`, and the remaining picks are made one by one with the plain weights.
//!
//! The [`Edf`](super::Edf) algorithm is the same schedule in exact fractions; these sums of
//! `1/w` in `f64` are what make Envoy's order depart from it.

use std::cmp::Ordering;
use std::collections::BTreeSet;

use serde::Serialize;

/// An `f64` compared bit for bit (equality) and by value (order), so states holding Envoy's
/// deadlines stay `Eq`. Deadlines and weights here are positive and finite.
#[derive(Debug, Clone, Copy, Serialize)]
#[serde(transparent)]
pub struct F64(pub f64);

impl PartialEq for F64 {
    fn eq(&self, other: &Self) -> bool {
        self.0.to_bits() == other.0.to_bits()
    }
}

impl Eq for F64 {}

impl Ord for F64 {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.total_cmp(&other.0)
    }
}

impl PartialOrd for F64 {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// `createWithPicks` takes the picks modulo this (`UINT_MAX / 10`).
pub const MAX_CREATE_PICKS: u32 = 429_496_729;
/// What `createWithPicks` adds to every weight.
pub const CREATE_EPSILON: f64 = 1e-13;

/// One entry of the queue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct EdfEntry {
    pub deadline: F64,
    /// Envoy's `order_offset_`: equal deadlines are served in this order.
    pub order: u64,
    pub node: usize,
    /// The weight the entry was queued with (its `1/weight` step).
    pub weight: F64,
}

/// Envoy's `EdfScheduler<C>` over node indices.
///
/// ```
/// use swrr_viz::engine::EnvoyEdfScheduler;
/// // Weights 6,3,1 from a fresh createWithPicks(…, 0), as Envoy's round robin builds it.
/// let mut edf = EnvoyEdfScheduler::create_with_picks(&[(0, 6.0), (1, 3.0), (2, 1.0)], 0);
/// let weight = |node: usize| [6.0, 3.0, 1.0][node];
/// let picks: Vec<usize> = (0..10).map(|_| edf.pick_and_add(weight).unwrap()).collect();
/// assert_eq!(picks, [0, 1, 0, 0, 1, 0, 0, 2, 1, 0]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct EnvoyEdfScheduler {
    now: F64,
    order: u64,
    queue: BTreeSet<EdfEntry>,
}

impl Default for F64 {
    fn default() -> Self {
        Self(0.0)
    }
}

impl EnvoyEdfScheduler {
    /// An empty scheduler at time 0.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// `add(weight, entry)`: queued at `now + 1.0 / weight`. `weight` must be above 0.
    pub fn add(&mut self, weight: f64, node: usize) {
        let deadline = self.now.0 + 1.0 / weight;
        self.queue.insert(EdfEntry {
            deadline: F64(deadline),
            order: self.order,
            node,
            weight: F64(weight),
        });
        self.order += 1;
    }

    /// `pickAndAdd(calculate_weight)`: pops the earliest entry, moves the clock to its deadline,
    /// queues it again with `weight(node)`, and returns its node (`None` when empty).
    pub fn pick_and_add(&mut self, weight: impl Fn(usize) -> f64) -> Option<usize> {
        let entry = self.queue.pop_first()?;
        self.now = entry.deadline;
        self.add(weight(entry.node), entry.node);
        Some(entry.node)
    }

    /// `createWithPicks(entries, calculate_weight, picks)` for `(node, weight)` entries, weights
    /// above 0; the later picks use the same weights.
    #[must_use]
    pub fn create_with_picks(entries: &[(usize, f64)], picks: u32) -> Self {
        let picks = picks % MAX_CREATE_PICKS;
        if entries.is_empty() {
            return Self::new();
        }
        let augmented = |w: f64| w + CREATE_EPSILON;
        let sum = entries.iter().fold(0.0, |s, &(_, w)| s + augmented(w));
        let mut queue = BTreeSet::new();
        let mut picks_so_far = 0u32;
        let mut max_pick_time = 0f64;
        for (i, &(node, w)) in entries.iter().enumerate() {
            let weight = augmented(w);
            // `static_cast<uint32_t>(weight * picks / weights_sum)`.
            let mut floor = (weight * f64::from(picks) / sum) as u32;
            if floor > 0 && f64::from(floor) / weight >= f64::from(picks) / sum {
                floor -= 1;
            }
            let pick_time = f64::from(floor) / weight;
            let deadline = f64::from(floor + 1) / weight;
            queue.insert(EdfEntry {
                deadline: F64(deadline),
                order: i as u64,
                node,
                weight: F64(weight),
            });
            max_pick_time = max_pick_time.max(pick_time);
            picks_so_far += floor;
        }
        let mut scheduler = Self {
            now: F64(max_pick_time),
            order: entries.len() as u64,
            queue,
        };
        let size = entries.iter().map(|&(node, _)| node + 1).max().unwrap_or(0);
        let mut plain = vec![1.0; size];
        for &(node, w) in entries {
            plain[node] = w;
        }
        let weight_of = |node: usize| plain[node];
        while picks_so_far < picks {
            scheduler.pick_and_add(weight_of);
            picks_so_far += 1;
        }
        scheduler
    }

    /// `current_time_`.
    #[must_use]
    pub fn now(&self) -> f64 {
        self.now.0
    }

    /// The entries in the order they will be served.
    pub fn entries(&self) -> impl Iterator<Item = &EdfEntry> {
        self.queue.iter()
    }

    /// The nodes queued at the earliest deadline, when there are several, in list order.
    #[must_use]
    pub fn tied_at_front(&self) -> Vec<usize> {
        let Some(first) = self.queue.first() else {
            return Vec::new();
        };
        let mut tied: Vec<usize> = self
            .queue
            .iter()
            .take_while(|e| e.deadline == first.deadline)
            .map(|e| e.node)
            .collect();
        if tied.len() < 2 {
            tied.clear();
        }
        tied.sort_unstable();
        tied
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.queue.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_adds_lose_the_last_bit() {
        // Six additions of 1/6 stop just short of 1, where 1/1 is exactly 1: the node of
        // weight 6 comes first there, where the exact order serves the one queued earlier.
        let mut edf = EnvoyEdfScheduler::new();
        edf.add(6.0, 0);
        edf.add(3.0, 1);
        edf.add(1.0, 2);
        let weight = |node: usize| [6.0, 3.0, 1.0][node];
        let picks: Vec<usize> = (0..8).map(|_| edf.pick_and_add(weight).unwrap()).collect();
        assert_eq!(picks, [0, 1, 0, 0, 1, 0, 0, 0]);
        assert_eq!(edf.now(), 0.9999999999999999);
    }
}
