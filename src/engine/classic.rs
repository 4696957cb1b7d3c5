//! Classic weighted round robin: expand the weights into a list `A A A A A B B B C C` and walk it.
//!
//! The "simple way" the seeds start from: exact shares, but each node's picks come in one burst.
//! The list holds each weight divided by the gcd (10,6,4 gives the same 5 A, 3 B, 2 C), so its
//! length is the period W/gcd. It is never materialised: the pointer is a position in `0..length`
//! and a binary search over the block ends finds whose entry it is, so W up to 10^13 costs nothing.

use crate::engine::levelless::{Base, Levelless};
use crate::engine::scheduler::Pick;
use crate::engine::state::{AlgorithmState, ClassicState};
use crate::input::scenario::events::{Policy, Scenario};
use crate::input::weights::vector::{gcd_u64, Weights};

/// Round robin over the expanded weight list; entries of nodes that cannot be picked are skipped.
///
/// A weight change rebuilds the list; the pointer keeps its position (`keep`) or goes back to the
/// head (`reset`).
///
/// ```
/// use swrr_viz::engine::{sequence, Classic};
/// use swrr_viz::input::{Scenario, Weights};
/// let classic = Classic::new(&"5,3,2".parse::<Weights>().unwrap(), &Scenario::none());
/// assert_eq!(sequence(&classic, 12), [0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 0, 0]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Classic {
    base: Base,
    counts: Vec<u64>,
    /// `ends[i]`: one past the last entry of node i.
    ends: Vec<u64>,
    length: u64,
    next: u64,
    position: Option<u64>,
    built_from: Vec<i64>,
}

impl Classic {
    #[must_use]
    pub fn new(weights: &Weights, scenario: &Scenario) -> Self {
        let mut classic = Self {
            base: Base::new(weights, scenario),
            counts: Vec::new(),
            ends: Vec::new(),
            length: 0,
            next: 0,
            position: None,
            built_from: Vec::new(),
        };
        classic.rebuild();
        if scenario.is_empty() {
            classic.base.cycle = Some((classic.length, classic.counts.clone()));
        }
        classic
    }

    fn rebuild(&mut self) {
        let weights = self.base.pool.weights();
        // Weights in effect are never negative.
        let gcd = weights.iter().fold(0, |g, &w| gcd_u64(g, w as u64)).max(1);
        self.counts = weights.iter().map(|&w| w as u64 / gcd).collect();
        let mut end = 0;
        self.ends = self
            .counts
            .iter()
            .map(|&c| {
                end += c;
                end
            })
            .collect();
        self.length = end;
        if self.next >= self.length {
            self.next = 0;
        }
        self.built_from = weights.to_vec();
    }

    fn prepare(&mut self) {
        let changes = self.base.pool.begin_step();
        if changes.iter().any(|c| c.policy == Policy::Reset) {
            self.next = 0;
        }
        if self.base.pool.weights() != self.built_from.as_slice() {
            self.rebuild();
        }
    }

    fn pick(&mut self) -> Option<Pick> {
        if self.base.stopped.is_some() {
            return None;
        }
        let eligible = self.base.pool.eligible();
        let mut position = self.next;
        // Visiting each node's block once is enough to find an eligible entry if there is one.
        for _ in 0..=self.counts.len() {
            if self.length == 0 {
                break;
            }
            let node = self.ends.partition_point(|&end| end <= position);
            if eligible[node] {
                self.position = Some(position);
                self.next = (position + 1) % self.length;
                return Some(Pick {
                    winner: node,
                    total: self.base.pool.eligible_total(),
                });
            }
            position = self.ends[node] % self.length;
        }
        self.base.stopped = Some(self.base.pool.nobody_reason());
        None
    }
}

impl Levelless for Classic {
    fn base(&self) -> &Base {
        &self.base
    }

    fn state(&self) -> AlgorithmState {
        AlgorithmState::Classic(ClassicState {
            counts: self.counts.clone(),
            length: self.length,
            position: self.position,
            next: self.next,
        })
    }

    fn next_pick(&mut self) -> Option<Pick> {
        self.prepare();
        self.pick()
    }
}
