//! The one trait every scheduler implements, so the trace, the CLI and the page treat them alike.

use crate::engine::nginx::request::Outcome;
use crate::engine::step::Step;
use crate::engine::stop::StopReason;

/// One pick: who won and what total was subtracted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pick {
    pub winner: usize,
    pub total: i64,
}

/// A deterministic peer-selection algorithm, stepped one pick at a time.
pub trait Scheduler {
    /// Number of nodes.
    fn len(&self) -> usize {
        self.levels().len()
    }

    /// Always false: schedulers have at least one node.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The current level of every node (after the last pick).
    fn levels(&self) -> &[i64];

    /// Makes one pick; `None` when no node can be picked.
    fn advance(&mut self) -> Option<Pick>;

    /// `(period, picks of each node per period)` when the sequence and the levels repeat every
    /// `period` picks from the state the scheduler was created in.
    fn cycle(&self) -> Option<(u64, Vec<u64>)>;

    /// Why the last `advance` returned `None`, when there is more to say than "no node can be
    /// picked" (e.g. levels that left the range JavaScript holds exactly).
    fn stop_reason(&self) -> Option<StopReason> {
        None
    }

    /// True when a scenario drives the run (so it never simply repeats).
    fn has_events(&self) -> bool {
        false
    }

    /// True while the request of the last attempt needs another attempt (only nginx SWRR retries).
    fn request_open(&self) -> bool {
        false
    }

    /// How the last attempt ended (every attempt is answered unless the run models failures).
    fn last_outcome(&self) -> Outcome {
        Outcome::Answered
    }

    /// Moves a record of step k to step k + `periods`·period, for state that keeps growing while
    /// the picks repeat (EDF's clock). The trace calls it when it jumps whole periods.
    fn shift_record(&self, _record: &mut Step, _periods: u64) {}

    /// Makes one pick and returns its full record, numbered `t`.
    fn step(&mut self, t: u64) -> Option<Step> {
        let before = self.levels().to_vec();
        let pick = self.advance()?;
        Some(Step::from_pick(
            t,
            &before,
            self.levels(),
            pick.winner,
            pick.total,
        ))
    }
}
