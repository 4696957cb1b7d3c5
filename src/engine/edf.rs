//! Earliest deadline first, as Envoy's `EdfScheduler` (`source/common/upstream/edf_scheduler.h`).
//!
//! Every node waits in a queue with a deadline. A pick pops the earliest (equal deadlines: the one
//! inserted first, Envoy's `order_offset_`), moves the clock `current_time_` to that deadline, and
//! re-inserts the node at `current_time_ + 1/weight`. At the start every node is inserted at
//! `0 + 1/w` in list order. For 2,2,1: a b c a b a b c a b.
//!
//! Envoy keeps deadlines in `f64`. Sums of `1/w` are rarely exact there, so two deadlines that
//! are equal in exact arithmetic can differ in the last bit and the tie goes the other way. This
//! is the exact ideal, in fractions ([`Deadline`]); [`EnvoyRoundRobin`](super::EnvoyRoundRobin)
//! is Envoy as it computes, and [`departure_from_exact`](super::departure_from_exact) finds the
//! step where the two part.

use std::collections::BTreeSet;

use crate::engine::deadline::Deadline;
use crate::engine::scheduler::Pick;
use crate::engine::state::{AlgorithmState, EdfState, QueueEntry};
use crate::engine::step::Step;
use crate::input::scenario::events::{Policy, Scenario};
use crate::input::weights::vector::Weights;

use crate::engine::levelless::{Base, Levelless};
use crate::engine::stop::StopReason;

/// Envoy's EDF scheduler in exact arithmetic.
///
/// Nodes that cannot be picked leave the queue and come back at `now + 1/w` (as a host that
/// leaves and rejoins Envoy's host set). An explicit weight change re-times that node the same
/// way (`keep`); `reset` rebuilds the queue from time 0, as Envoy's `refresh()` does. Slow-start
/// ramps act through the weight used at each re-insertion, as Envoy's `calculate_weight`.
///
/// ```
/// use swrr_viz::engine::{sequence, Edf};
/// use swrr_viz::input::{Scenario, Weights};
/// let edf = Edf::new(&"2,2,1".parse::<Weights>().unwrap(), &Scenario::none());
/// assert_eq!(sequence(&edf, 10), [0, 1, 2, 0, 1, 0, 1, 2, 0, 1]); // a b c a b a b c a b
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edf {
    base: Base,
    now: Deadline,
    order: u64,
    /// `(deadline, order, node)`: iteration order is service order.
    queue: BTreeSet<(Deadline, u64, usize)>,
    entry: Vec<Option<(Deadline, u64)>>,
    last_tied: Vec<usize>,
    gcd: u64,
}

impl Edf {
    #[must_use]
    pub fn new(weights: &Weights, scenario: &Scenario) -> Self {
        let n = weights.len();
        let gcd = weights.gcd();
        let mut edf = Self {
            base: Base::new(weights, scenario),
            now: Deadline::ZERO,
            order: 0,
            queue: BTreeSet::new(),
            entry: vec![None; n],
            last_tied: Vec::new(),
            gcd,
        };
        edf.base.cycle = scenario.is_empty().then(|| {
            (
                weights.period(),
                weights.integers().iter().map(|&w| w / gcd).collect(),
            )
        });
        edf.rebuild();
        edf
    }

    /// A fresh scheduler at time 0 with every eligible node, in list order.
    fn rebuild(&mut self) {
        self.now = Deadline::ZERO;
        self.order = 0;
        self.queue.clear();
        self.entry.iter_mut().for_each(|e| *e = None);
        self.sync();
    }

    /// Envoy's `add`: deadline `now + 1/weight`, next insertion number.
    fn add(&mut self, node: usize) {
        let weight = self.base.pool.weights()[node].max(0) as u64;
        match self.now.plus_reciprocal(weight) {
            Some(deadline) => {
                self.queue.insert((deadline, self.order, node));
                self.entry[node] = Some((deadline, self.order));
                self.order += 1;
            }
            None => {
                self.base.stopped = Some(StopReason::DeadlineOverflow {
                    step: self.base.pool.step(),
                    now: self.now.to_string(),
                    weight,
                });
            }
        }
    }

    fn remove(&mut self, node: usize) {
        if let Some((deadline, order)) = self.entry[node].take() {
            self.queue.remove(&(deadline, order, node));
        }
    }

    /// Nodes that can no longer be picked leave the queue; nodes that can again join it.
    fn sync(&mut self) {
        for node in 0..self.entry.len() {
            match (self.base.pool.eligible()[node], self.entry[node].is_some()) {
                (true, false) => self.add(node),
                (false, true) => self.remove(node),
                _ => {}
            }
        }
    }

    fn prepare(&mut self) {
        let changes = self.base.pool.begin_step();
        if changes.iter().any(|c| c.policy == Policy::Reset) {
            self.rebuild();
            return;
        }
        for change in changes {
            self.remove(change.node);
        }
        self.sync();
    }

    fn pick(&mut self) -> Option<Pick> {
        if self.base.stopped.is_some() {
            return None;
        }
        let Some(&(deadline, order, winner)) = self.queue.first() else {
            self.base.stopped = Some(self.base.pool.nobody_reason());
            return None;
        };
        self.last_tied = self
            .queue
            .iter()
            .take_while(|e| e.0 == deadline)
            .map(|e| e.2)
            .collect();
        self.last_tied.sort_unstable();
        if self.last_tied.len() < 2 {
            self.last_tied.clear();
        }
        self.queue.remove(&(deadline, order, winner));
        self.entry[winner] = None;
        self.now = deadline;
        self.add(winner);
        if self.base.stopped.is_some() {
            return None;
        }
        Some(Pick {
            winner,
            total: self.base.pool.eligible_total(),
        })
    }
}

impl Levelless for Edf {
    fn base(&self) -> &Base {
        &self.base
    }

    fn state(&self) -> AlgorithmState {
        AlgorithmState::Edf(EdfState {
            now: self.now,
            queue: self
                .queue
                .iter()
                .map(|&(deadline, _, node)| QueueEntry { node, deadline })
                .collect(),
        })
    }

    fn next_pick(&mut self) -> Option<Pick> {
        self.prepare();
        self.pick()
    }

    fn tied(&self) -> Vec<usize> {
        self.last_tied.clone()
    }

    /// Each period moves the clock by 1/gcd.
    fn shift_record(&self, record: &mut Step, periods: u64) {
        let (Some(_), AlgorithmState::Edf(state)) = (&self.base.cycle, &mut record.state) else {
            return;
        };
        let g = self.gcd.max(1);
        let whole = Deadline::from_integer(periods / g);
        let rest = periods % g;
        let common = crate::input::weights::vector::gcd_u64(rest, g).max(1);
        let fraction = Deadline {
            whole: 0,
            num: rest / common,
            den: g / common,
        };
        let shift = whole.checked_add(fraction).unwrap_or(whole);
        let moved = |d: Deadline| d.checked_add(shift).unwrap_or(d);
        state.now = moved(state.now);
        for entry in &mut state.queue {
            entry.deadline = moved(entry.deadline);
        }
    }
}
