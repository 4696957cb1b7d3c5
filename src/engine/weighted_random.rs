//! Weighted random choice with an explicit seed: what Dubbo's `RandomLoadBalance` does, and the
//! "simple way" whose bursts the seeds measured.
//!
//! Each pick draws `r` uniformly in `0..Σw` (over the nodes that can be picked, with
//! [`SplitMix64::below`]) and takes the node whose slot `[start, start + w)` holds `r`, slots laid
//! out in list order. The same seed gives the same picks on every platform and in every version.

use crate::engine::scheduler::Pick;
use crate::engine::splitmix::SplitMix64;
use crate::engine::state::{AlgorithmState, RandomState};
use crate::input::scenario::events::Scenario;
use crate::input::weights::vector::Weights;

use crate::engine::levelless::{Base, Levelless};

/// Weighted random picks from a seeded SplitMix64.
///
/// ```
/// use swrr_viz::engine::{sequence, WeightedRandom};
/// use swrr_viz::input::{Scenario, Weights};
/// let weights: Weights = "5,3,2".parse().unwrap();
/// let a = sequence(&WeightedRandom::new(&weights, 42, &Scenario::none()), 50);
/// let b = sequence(&WeightedRandom::new(&weights, 42, &Scenario::none()), 50);
/// assert_eq!(a, b); // same seed, same picks
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WeightedRandom {
    base: Base,
    rng: SplitMix64,
    seed: u64,
    draw: Option<u64>,
}

impl WeightedRandom {
    #[must_use]
    pub fn new(weights: &Weights, seed: u64, scenario: &Scenario) -> Self {
        Self {
            base: Base::new(weights, scenario),
            rng: SplitMix64::new(seed),
            seed,
            draw: None,
        }
    }

    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// `(Σ eligible weights, where each node's slot starts)`.
    fn slots(&self) -> (u64, Vec<u64>) {
        let mut start = 0u64;
        let starts = self
            .base
            .pool
            .weights()
            .iter()
            .zip(self.base.pool.eligible())
            .map(|(&w, &can)| {
                let here = start;
                if can {
                    // Weights in effect are positive when eligible.
                    start += w as u64;
                }
                here
            })
            .collect();
        (start, starts)
    }

    fn pick(&mut self) -> Option<Pick> {
        if self.base.stopped.is_some() {
            return None;
        }
        let (range, starts) = self.slots();
        if range == 0 {
            self.base.stopped = Some(self.base.pool.nobody_reason());
            return None;
        }
        let draw = self.rng.below(range);
        self.draw = Some(draw);
        let eligible = self.base.pool.eligible();
        // The last eligible node whose slot starts at or before the draw.
        let winner = (0..starts.len())
            .rev()
            .find(|&i| eligible[i] && starts[i] <= draw)
            .expect("the draw is below the range, so some slot holds it");
        Some(Pick {
            winner,
            total: range as i64,
        })
    }
}

impl Levelless for WeightedRandom {
    fn base(&self) -> &Base {
        &self.base
    }

    fn state(&self) -> AlgorithmState {
        let (range, starts) = self.slots();
        AlgorithmState::Random(RandomState {
            draw: self.draw,
            range,
            starts,
        })
    }

    fn next_pick(&mut self) -> Option<Pick> {
        self.base.pool.begin_step();
        self.pick()
    }
}
