//! What the tanks show at one position (step and phase): the frame every tank picture draws.

use crate::engine::nginx::request::Outcome;
use crate::engine::scheduler::Scheduler;
use crate::engine::state::AlgorithmState;
use crate::engine::step::Step;
use crate::engine::trace::{SeekError, Trace};
pub use crate::render::phase::Phase;
use crate::render::request_mark::RequestMark;

/// What the tanks show at one position (step, phase), as the page's `View`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TankFrame {
    /// Picks made (0 = before the first).
    pub t: u64,
    /// `Start` exactly when `t` is 0.
    pub phase: Phase,
    /// The levels shown: `filled` in the fill and pick phases, `drained` after the drain.
    pub levels: Vec<i64>,
    /// Picks of each node so far; the winner of step `t` counts from its drain on.
    pub picks: Vec<u64>,
    /// The record of step `t`; `None` at step 0.
    pub step: Option<Step>,
}

impl TankFrame {
    /// The view at step `t` (0 = before the first pick) in `phase`, from a trace.
    pub fn at<S: Scheduler + Clone>(
        trace: &mut Trace<S>,
        t: u64,
        phase: Phase,
    ) -> Result<Self, SeekError> {
        trace.seek(t)?;
        match trace.current() {
            Some(step) if t > 0 => Ok(Self::of_step(step, phase, trace.picks())),
            _ => Ok(Self::start(trace.levels())),
        }
    }

    /// The view before the first pick.
    #[must_use]
    pub fn start(levels: &[i64]) -> Self {
        Self {
            t: 0,
            phase: Phase::Start,
            levels: levels.to_vec(),
            picks: vec![0; levels.len()],
            step: None,
        }
    }

    /// The view of `step` in `phase`, given the picks after the step (as `Trace::picks`).
    /// `Phase::Start` is taken as the drain (the rest state after the step).
    #[must_use]
    pub fn of_step(step: &Step, phase: Phase, picks_after: &[u64]) -> Self {
        let phase = if phase == Phase::Start {
            Phase::Drain
        } else {
            phase
        };
        let mut picks = picks_after.to_vec();
        let levels = if phase == Phase::Drain {
            step.drained.clone()
        } else {
            // Before the drain the winner has not been counted yet.
            if let Some(p) = picks.get_mut(step.winner) {
                *p = p.saturating_sub(1);
            }
            step.filled.clone()
        };
        Self {
            t: step.t,
            phase,
            levels,
            picks,
            step: Some(step.clone()),
        }
    }

    /// Σ of the shown levels (W after the fill, 0 after the drain for SWRR).
    #[must_use]
    pub fn sum(&self) -> i64 {
        self.levels.iter().sum()
    }

    /// The winner, once marked (pick and drain phases).
    #[must_use]
    pub fn selected(&self) -> Option<usize> {
        match (&self.step, self.phase) {
            (Some(step), Phase::Pick | Phase::Drain) if step.picked() => Some(step.winner),
            _ => None,
        }
    }

    /// The winner whose connection was refused (nginx counts the failure and retries, or
    /// answers 502), once marked (pick and drain phases).
    #[must_use]
    pub fn refused(&self) -> Option<usize> {
        self.selected()
            .filter(|_| self.step.as_ref().is_some_and(was_refused))
    }

    /// What a run of requests says under node `i` here (`refused`, `tried`, `dead`, …).
    #[must_use]
    pub fn request_mark(&self, i: usize) -> Option<RequestMark> {
        RequestMark::of(self.step.as_ref()?, self.phase, i)
    }

    /// Whether node `i` is marked as tied (pick and drain phases).
    #[must_use]
    pub fn is_tied(&self, i: usize) -> bool {
        match (&self.step, self.phase) {
            (Some(step), Phase::Pick | Phase::Drain) => step.tied.contains(&i),
            _ => false,
        }
    }

    /// What node `i` added in this view's step, as the trace's `adds` column says: its weight in
    /// effect (lowered by failures) when it could be picked, 0 when it could not. `None` at
    /// step 0, where no step has added anything yet.
    #[must_use]
    pub fn added(&self, i: usize) -> Option<i64> {
        let step = self.step.as_ref()?;
        Some(match &step.state {
            AlgorithmState::Swrr(state) => state.added[i],
            _ => step.filled[i] - step.before[i],
        })
    }

    /// The largest `+w` of this view's step (0 at step 0): a weight an event raised may be
    /// larger than every node's own.
    #[must_use]
    pub fn largest_added(&self, nodes: usize) -> u64 {
        (0..nodes)
            .filter_map(|i| self.added(i))
            .max()
            .map_or(0, |added| u64::try_from(added).unwrap_or(0))
    }

    /// Whether node `i` could not be picked at this view's step (tried already in the request,
    /// down, drained to weight 0, disabled by failures, or a backup while a primary can be
    /// picked): it added nothing. False at step 0.
    #[must_use]
    pub fn is_out(&self, i: usize) -> bool {
        self.step
            .as_ref()
            .is_some_and(|step| !step.eligible.get(i).copied().unwrap_or(true))
    }
}

/// Whether `step` is an attempt whose server refused the connection.
pub(crate) fn was_refused(step: &Step) -> bool {
    step.request
        .as_ref()
        .is_some_and(|r| r.outcome == Outcome::Failed)
}
