//! What every algorithm without SWRR's levels shares: it reports zeros for levels, stops for a
//! reason it remembers, and builds its own step record. Such an algorithm implements
//! [`Levelless`] and gets [`Scheduler`] from it.

use crate::engine::pool::Pool;
use crate::engine::scheduler::{Pick, Scheduler};
use crate::engine::state::AlgorithmState;
use crate::engine::step::Step;
use crate::engine::stop::StopReason;
use crate::input::scenario::events::Scenario;
use crate::input::weights::vector::Weights;

/// What every algorithm without levels keeps besides its own state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Base {
    pub pool: Pool,
    /// One 0 per node: the levels it reports.
    pub zeros: Vec<i64>,
    /// Why it stopped, once it has.
    pub stopped: Option<StopReason>,
    /// `(period, picks per period)` when the run repeats from its start.
    pub cycle: Option<(u64, Vec<u64>)>,
}

impl Base {
    pub fn new(weights: &Weights, scenario: &Scenario) -> Self {
        Self {
            pool: Pool::new(weights, scenario),
            zeros: vec![0; weights.len()],
            stopped: None,
            cycle: None,
        }
    }
}

/// An algorithm without levels, stepped by [`Scheduler`]'s blanket implementation below.
pub(crate) trait Levelless {
    /// Its pool, levels, stop reason and period.
    fn base(&self) -> &Base;

    /// The state now (after the last pick, or at the start).
    fn state(&self) -> AlgorithmState;

    /// Applies this step's events and makes the pick (`None`, with a reason kept, when nobody
    /// can be picked).
    fn next_pick(&mut self) -> Option<Pick>;

    /// The nodes tied with the winner at the pick just made.
    fn tied(&self) -> Vec<usize> {
        Vec::new()
    }

    /// The record of the pick just made, numbered `t`.
    fn record(&self, t: u64, pick: Pick) -> Step {
        levelless_step(t, &self.base().pool, pick, self.tied(), self.state())
    }

    /// See [`Scheduler::shift_record`].
    fn shift_record(&self, _record: &mut Step, _periods: u64) {}
}

/// The record of step `t` of an algorithm without levels: zeros before, filled and drained, the
/// pool's weights, eligibility and events of this step.
pub(crate) fn levelless_step(
    t: u64,
    pool: &Pool,
    pick: Pick,
    tied: Vec<usize>,
    state: AlgorithmState,
) -> Step {
    let zeros = vec![0; pool.weights().len()];
    Step {
        t,
        before: zeros.clone(),
        filled: zeros.clone(),
        drained: zeros,
        total: pick.total,
        winner: pick.winner,
        tied,
        weights: pool.weights().to_vec(),
        eligible: pool.eligible().to_vec(),
        events: pool.applied_texts(),
        state,
        request: None,
    }
}

impl<T: Levelless> Scheduler for T {
    fn levels(&self) -> &[i64] {
        &self.base().zeros
    }

    fn advance(&mut self) -> Option<Pick> {
        if self.base().stopped.is_some() {
            return None;
        }
        self.next_pick()
    }

    fn cycle(&self) -> Option<(u64, Vec<u64>)> {
        self.base().cycle.clone()
    }

    fn stop_reason(&self) -> Option<StopReason> {
        self.base().stopped.clone()
    }

    fn has_events(&self) -> bool {
        self.base().pool.has_events()
    }

    fn shift_record(&self, record: &mut Step, periods: u64) {
        Levelless::shift_record(self, record, periods);
    }

    fn step(&mut self, t: u64) -> Option<Step> {
        let pick = self.advance()?;
        Some(self.record(t, pick))
    }
}
