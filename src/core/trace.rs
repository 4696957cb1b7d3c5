//! The history of a run: step forward, step back and seek to any step.
//!
//! Keeps a checkpoint (scheduler state and pick counts) every [`CHECKPOINT_INTERVAL`] steps, so
//! any step is at most that many picks away from a stored state. When the scheduler repeats with
//! a period P (static SWRR: P = W/gcd) a seek to t works on t mod P, so seeking to t = 10^9 costs
//! no more than seeking inside the first period.

use std::fmt;

use super::message::{params, Coded, Params};
use super::scheduler::Scheduler;
use super::step::Step;
use super::stop::StopReason;

/// Steps between two stored checkpoints.
pub const CHECKPOINT_INTERVAL: u64 = 1024;
/// Work limit for reaching a step never computed before, in node updates (steps × nodes).
pub const MAX_NEW_WORK: u64 = 2_000_000_000;
/// Largest step a trace accepts.
pub const MAX_STEP: u64 = 1_000_000_000_000_000;

/// A step the trace will not compute.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SeekError {
    /// Reaching the step would take more than [`MAX_NEW_WORK`] node updates (a huge period).
    TooFar { step: u64, limit: u64 },
    /// Beyond [`MAX_STEP`].
    OutOfRange { step: u64 },
    /// No node can be picked at this point.
    Stuck { step: u64 },
    /// The scheduler stopped at this step, for the reason given (it names the step itself).
    Stopped { step: u64, reason: StopReason },
}

impl fmt::Display for SeekError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TooFar { step, limit } => write!(
                f,
                "step {step} is too far to compute for these weights: their period is huge, and at most step {limit} can be reached"
            ),
            Self::OutOfRange { step } => write!(f, "step {step} is out of range: steps go from 0 to {MAX_STEP}"),
            Self::Stuck { step } => write!(f, "no node can be picked at step {step}"),
            Self::Stopped { reason, .. } => reason.fmt(f),
        }
    }
}

impl std::error::Error for SeekError {}

impl Coded for SeekError {
    fn coded(&self) -> (&'static str, Params) {
        match self {
            Self::TooFar { step, limit } => {
                ("seek.too_far", params!["step" => *step, "limit" => *limit])
            }
            Self::OutOfRange { step } => (
                "seek.out_of_range",
                params!["step" => *step, "max" => MAX_STEP],
            ),
            Self::Stuck { step } => ("seek.stuck", params!["step" => *step]),
            Self::Stopped { reason, .. } => reason.coded(),
        }
    }
}

#[derive(Debug, Clone)]
struct Checkpoint<S> {
    scheduler: S,
    picks: Vec<u64>,
}

/// A run of a scheduler with random access to every step.
///
/// ```
/// use swrr_viz::core::{Swrr, Trace, Weights};
/// let mut trace = Trace::new(Swrr::new(&"5,3,2".parse::<Weights>().unwrap()));
/// trace.seek(5).unwrap();
/// assert_eq!(trace.current().unwrap().winner, 0);
/// assert!(trace.current().unwrap().is_tie()); // A and B both at 5
/// trace.seek(1_000_000_005).unwrap(); // period 10: as cheap as step 5
/// assert_eq!(trace.levels(), &[-5, 5, 0]);
/// assert_eq!(trace.picks(), &[500_000_003, 300_000_001, 200_000_001]);
/// ```
#[derive(Debug, Clone)]
pub struct Trace<S> {
    checkpoints: Vec<Checkpoint<S>>,
    cursor: Checkpoint<S>,
    t: u64,
    record: Option<Step>,
    cycle: Option<(u64, Vec<u64>)>,
}

impl<S: Scheduler + Clone> Trace<S> {
    /// A trace at step 0 of `scheduler`.
    #[must_use]
    pub fn new(scheduler: S) -> Self {
        let start = Checkpoint {
            picks: vec![0; scheduler.len()],
            scheduler,
        };
        let cycle = start.scheduler.cycle();
        Self {
            checkpoints: vec![start.clone()],
            cursor: start,
            t: 0,
            record: None,
            cycle,
        }
    }

    /// The number of picks made so far.
    #[must_use]
    pub fn t(&self) -> u64 {
        self.t
    }

    /// The record of step `t` (the last pick), `None` at step 0.
    #[must_use]
    pub fn current(&self) -> Option<&Step> {
        self.record.as_ref()
    }

    /// Levels now (after the last pick's drain).
    #[must_use]
    pub fn levels(&self) -> &[i64] {
        self.cursor.scheduler.levels()
    }

    /// How often each node has been picked in steps 1..=t.
    #[must_use]
    pub fn picks(&self) -> &[u64] {
        &self.cursor.picks
    }

    /// The scheduler in its state at step t.
    #[must_use]
    pub fn scheduler(&self) -> &S {
        &self.cursor.scheduler
    }

    /// The period when the run repeats, e.g. W/gcd for static SWRR.
    #[must_use]
    pub fn period(&self) -> Option<u64> {
        self.cycle.as_ref().map(|c| c.0)
    }

    /// One step forward.
    pub fn forward(&mut self) -> Result<&Step, SeekError> {
        self.seek(self.t + 1)?;
        self.record
            .as_ref()
            .ok_or(SeekError::Stuck { step: self.t })
    }

    /// One step back; false at step 0.
    pub fn back(&mut self) -> bool {
        if self.t == 0 {
            return false;
        }
        // Going back one step never reaches new ground, so it cannot fail.
        self.seek(self.t - 1).is_ok()
    }

    /// Moves to step `target` (0 = before the first pick).
    pub fn seek(&mut self, target: u64) -> Result<(), SeekError> {
        if target > MAX_STEP {
            return Err(SeekError::OutOfRange { step: target });
        }
        if target == self.t {
            return Ok(());
        }
        let (base, cycles) = match &self.cycle {
            Some((period, _)) if target > *period => {
                let rem = target % period;
                if rem == 0 {
                    (*period, target / period - 1)
                } else {
                    (rem, target / period)
                }
            }
            _ => (target, 0),
        };
        self.check_reachable(base)?;
        if cycles == 0 && target == self.t + 1 {
            return self.advance_cursor();
        }
        if base == 0 {
            self.cursor = self.checkpoints[0].clone();
            self.t = 0;
            self.record = None;
            return Ok(());
        }
        // Restore the checkpoint at or before base − 1, walk to base − 1, then record step base.
        let index = ((base - 1) / CHECKPOINT_INTERVAL) as usize;
        let index = index.min(self.checkpoints.len() - 1);
        let from_checkpoint = index as u64 * CHECKPOINT_INTERVAL;
        let resume_here = cycles == 0 && self.t < base && self.t >= from_checkpoint;
        if !resume_here {
            self.cursor = self.checkpoints[index].clone();
            self.t = from_checkpoint;
        }
        while self.t < base {
            self.advance_cursor()?;
        }
        if cycles > 0 {
            let (_, per_period) = self.cycle.as_ref().expect("cycles > 0 only with a cycle");
            for (p, &k) in self.cursor.picks.iter_mut().zip(per_period) {
                *p += cycles * k;
            }
            self.t = target;
            if let Some(record) = &mut self.record {
                record.t = target;
                self.cursor.scheduler.shift_record(record, cycles);
            }
        }
        Ok(())
    }

    /// The records of steps `from..=to` (1-based); the trace ends where it was.
    pub fn rows(&mut self, from: u64, to: u64) -> Result<Vec<Step>, SeekError> {
        let from = from.max(1);
        if to < from {
            return Ok(Vec::new());
        }
        let saved = (self.cursor.clone(), self.t, self.record.clone());
        let result = self.collect_rows(from, to);
        (self.cursor, self.t, self.record) = saved;
        result
    }

    fn collect_rows(&mut self, from: u64, to: u64) -> Result<Vec<Step>, SeekError> {
        self.seek(from - 1)?;
        let mut rows = Vec::with_capacity((to - from + 1).min(1 << 16) as usize);
        for _ in from..=to {
            rows.push(self.forward()?.clone());
        }
        Ok(rows)
    }

    fn check_reachable(&self, base: u64) -> Result<(), SeekError> {
        let computed = (self.checkpoints.len() as u64 - 1) * CHECKPOINT_INTERVAL;
        let new_steps = base.saturating_sub(computed);
        let n = self.cursor.scheduler.len().max(1) as u64;
        if new_steps.saturating_mul(n) > MAX_NEW_WORK {
            return Err(SeekError::TooFar {
                step: base,
                limit: computed + MAX_NEW_WORK / n,
            });
        }
        Ok(())
    }

    /// Restores the cursor to step `t` (≤ the steps already made) from its checkpoint.
    fn replay_to(&mut self, t: u64) {
        let index = ((t / CHECKPOINT_INTERVAL) as usize).min(self.checkpoints.len() - 1);
        self.cursor = self.checkpoints[index].clone();
        self.t = index as u64 * CHECKPOINT_INTERVAL;
        self.record = None;
        while self.t < t {
            // These steps were made before, so they succeed again.
            if self.advance_cursor().is_err() {
                break;
            }
        }
    }

    fn advance_cursor(&mut self) -> Result<(), SeekError> {
        let next = self.t + 1;
        let Some(step) = self.cursor.scheduler.step(next) else {
            let error = match self.cursor.scheduler.stop_reason() {
                Some(reason) => SeekError::Stopped { step: next, reason },
                None => SeekError::Stuck { step: next },
            };
            // A failed step may have changed the scheduler half-way: rebuild step t.
            self.replay_to(self.t);
            return Err(error);
        };
        self.cursor.picks[step.winner] += 1;
        self.record = Some(step);
        self.t = next;
        if self.t % CHECKPOINT_INTERVAL == 0
            && self.t / CHECKPOINT_INTERVAL == self.checkpoints.len() as u64
        {
            self.checkpoints.push(self.cursor.clone());
        }
        Ok(())
    }
}
