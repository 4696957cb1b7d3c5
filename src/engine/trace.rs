//! The history of a run: step forward, step back and seek to any step.
//!
//! Keeps a checkpoint (scheduler state and pick counts) every [`CHECKPOINT_INTERVAL`] steps, so
//! any step is at most that many picks away from a stored state. When the scheduler repeats with
//! a period P (static SWRR: P = W/gcd) a seek to t works on t mod P, so seeking to t = 10^9 costs
//! no more than seeking inside the first period, and no checkpoint is ever stored beyond P.
//!
//! Memory is bounded however long a run goes on: the checkpoints hold at most
//! [`CHECKPOINT_BUDGET`] node states (and at least [`MIN_CHECKPOINTS`] checkpoints); when one more
//! would not fit, every other checkpoint is dropped and the spacing doubles. A run that never
//! repeats (a scenario, random, the broken variant) can play for ever in constant memory; going back
//! far then replays more steps.

use crate::engine::scheduler::Scheduler;
use crate::engine::step::Step;
use crate::engine::stop::StopReason;
use crate::input::limits::MAX_STEP;

/// Steps between two stored checkpoints at first (the spacing doubles when the budget is full).
pub const CHECKPOINT_INTERVAL: u64 = 1024;
/// Most node states all checkpoints of a trace hold together (checkpoints × nodes): about 4 MB
/// for nginx SWRR with a scenario, whose state is the largest (some 120 bytes a node).
pub const CHECKPOINT_BUDGET: usize = 1 << 15;
/// Fewest checkpoints a trace keeps before thinning, however many nodes.
pub const MIN_CHECKPOINTS: usize = 16;
/// Work limit for reaching a step never computed before, in node updates (steps × nodes).
pub const MAX_NEW_WORK: u64 = 2_000_000_000;

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

crate::message::coded! {
    error SeekError: SEEK, STOP;
    Self::TooFar { step, limit } => "seek.too_far" ["step" => *step, "limit" => *limit],
    Self::OutOfRange { step } => "seek.out_of_range" ["step" => *step, "max" => MAX_STEP],
    Self::Stuck { step } => "seek.stuck" ["step" => *step],
    Self::Stopped { reason, .. } => (reason.coded()),
}

#[derive(Debug, Clone)]
struct Checkpoint<S> {
    scheduler: S,
    picks: Vec<u64>,
}

/// A run of a scheduler with random access to every step.
///
/// ```
/// use swrr_viz::engine::{Swrr, Trace};
/// use swrr_viz::input::Weights;
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
    /// Checkpoint k is the state after `k * interval` picks.
    checkpoints: Vec<Checkpoint<S>>,
    interval: u64,
    /// Most checkpoints kept (from [`CHECKPOINT_BUDGET`] and the node count).
    max_checkpoints: usize,
    /// The scheduler after `base` picks, and its pick counts then.
    cursor: Checkpoint<S>,
    /// The scheduler's own step: t itself, or t folded into the first period (1..=P).
    base: u64,
    /// Whole periods between `base` and t (0 unless the run repeats and t > P).
    cycles: u64,
    t: u64,
    /// Pick counts at t when `cycles > 0` (the cursor's plus `cycles` periods' worth).
    shifted_picks: Vec<u64>,
    record: Option<Step>,
    cycle: Option<(u64, Vec<u64>)>,
    /// The furthest state a reach in slices walked to, past the last checkpoint: kept while the
    /// step shown is elsewhere between slices, so the next slice goes on from it.
    frontier: Option<(u64, Checkpoint<S>)>,
}

impl<S: Scheduler + Clone> Trace<S> {
    /// A trace at step 0 of `scheduler`.
    #[must_use]
    pub fn new(scheduler: S) -> Self {
        let nodes = scheduler.len().max(1);
        Self::with_max_checkpoints(scheduler, (CHECKPOINT_BUDGET / nodes).max(MIN_CHECKPOINTS))
    }

    /// A trace that keeps at most `max` checkpoints (at least 2): [`Trace::new`] picks this from
    /// [`CHECKPOINT_BUDGET`]; a smaller one trades seek time for memory.
    ///
    /// ```
    /// use swrr_viz::engine::{Algorithm, AlgorithmKind, AlgorithmOptions, Trace};
    /// use swrr_viz::input::{Scenario, Weights};
    /// let weights: Weights = "5,3,2".parse().unwrap();
    /// let options = AlgorithmOptions { kind: AlgorithmKind::Random, ..Default::default() };
    /// let mut trace = Trace::with_max_checkpoints(Algorithm::new(&weights, &options, &Scenario::none()), 8);
    /// trace.seek(100_000).unwrap(); // random never repeats: every step is new
    /// let (kept, spacing) = trace.checkpoints();
    /// assert!(kept <= 8 && spacing >= 100_000 / 8);
    /// ```
    #[must_use]
    pub fn with_max_checkpoints(scheduler: S, max: usize) -> Self {
        let start = Checkpoint {
            picks: vec![0; scheduler.len()],
            scheduler,
        };
        let cycle = start.scheduler.cycle();
        Self {
            checkpoints: vec![start.clone()],
            interval: CHECKPOINT_INTERVAL,
            max_checkpoints: max.max(2),
            cursor: start,
            base: 0,
            cycles: 0,
            t: 0,
            shifted_picks: Vec::new(),
            record: None,
            cycle,
            frontier: None,
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
        if self.cycles == 0 {
            &self.cursor.picks
        } else {
            &self.shifted_picks
        }
    }

    /// The scheduler in its state at step t (for a repeating run: at t folded into the first
    /// period, which has the same levels).
    #[must_use]
    pub fn scheduler(&self) -> &S {
        &self.cursor.scheduler
    }

    /// The period when the run repeats, e.g. W/gcd for static SWRR.
    #[must_use]
    pub fn period(&self) -> Option<u64> {
        self.cycle.as_ref().map(|c| c.0)
    }

    /// Checkpoints stored now and the steps between them: memory stays bounded (see the module).
    #[must_use]
    pub fn checkpoints(&self) -> (usize, u64) {
        (self.checkpoints.len(), self.interval)
    }

    /// The most checkpoints this trace keeps.
    #[must_use]
    pub fn checkpoint_limit(&self) -> usize {
        self.max_checkpoints
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

    /// Step `target` as (the scheduler's own step, whole periods on top).
    fn fold(&self, target: u64) -> (u64, u64) {
        match &self.cycle {
            Some((period, _)) if target > *period => {
                let rem = target % period;
                if rem == 0 {
                    (*period, target / period - 1)
                } else {
                    (rem, target / period)
                }
            }
            _ => (target, 0),
        }
    }

    /// Steps never computed that a seek to `target` walks (0 when the trace has been there or
    /// near it): a page reads it to reach a far step in slices ([`reach_toward`](Self::reach_toward)).
    /// Refuses what [`seek`](Self::seek) refuses before walking: a step out of range or too far.
    ///
    /// ```
    /// use swrr_viz::engine::{Algorithm, AlgorithmOptions, Trace};
    /// use swrr_viz::input::{Scenario, Weights};
    /// let weights: Weights = "1000000,1".parse().unwrap();
    /// let mut trace = Trace::new(Algorithm::new(&weights, &AlgorithmOptions::default(), &Scenario::none()));
    /// assert_eq!(trace.new_steps(300_000).unwrap(), 300_000);
    /// assert_eq!(trace.reach_toward(300_000, 100_000).unwrap(), 200_000);
    /// assert_eq!(trace.t(), 100_000);
    /// while trace.reach_toward(300_000, 100_000).unwrap() > 0 {}
    /// assert_eq!(trace.new_steps(300_000).unwrap(), 0);
    /// assert_eq!(trace.new_steps(1_000_001 * 5 + 300_000).unwrap(), 0, "the same step of a later period");
    /// ```
    pub fn new_steps(&self, target: u64) -> Result<u64, SeekError> {
        let (base, _) = self.reachable(target)?;
        Ok(base.saturating_sub(self.ground()))
    }

    /// Walks at most `steps` (at least one) of the new ground toward `target` and returns how
    /// many are left: 0 when a seek to `target` is near. The trace shows the step it stopped at.
    pub fn reach_toward(&mut self, target: u64, steps: u64) -> Result<u64, SeekError> {
        let left = self.new_steps(target)?;
        if left == 0 {
            return Ok(0);
        }
        let ground = self.ground();
        let walked = left.min(steps.max(1));
        // Short of the folded target, so within the first period: the seek walks there as is.
        self.seek(ground + walked)?;
        self.frontier = Some((self.base, self.cursor.clone()));
        Ok(left - walked)
    }

    /// The last step computed that a seek resumes from: the cursor's, the frontier's or the last
    /// checkpoint's.
    fn ground(&self) -> u64 {
        let computed = (self.checkpoints.len() as u64 - 1) * self.interval;
        let frontier = self.frontier.as_ref().map_or(0, |(base, _)| *base);
        computed.max(self.base).max(frontier)
    }

    /// Moves to step `target` (0 = before the first pick).
    pub fn seek(&mut self, target: u64) -> Result<(), SeekError> {
        // The step shown is always in range and reached.
        if target == self.t {
            return Ok(());
        }
        let (base, cycles) = self.reachable(target)?;
        if base == 0 {
            self.cursor = self.checkpoints[0].clone();
            self.base = 0;
            self.cycles = 0;
            self.t = 0;
            self.record = None;
            return Ok(());
        }
        // Walk to base from the cursor when it is on the way (playing forward, also past the
        // first period), else from the checkpoint at or before base − 1.
        let index = ((base - 1) / self.interval) as usize;
        let index = index.min(self.checkpoints.len() - 1);
        let from_checkpoint = index as u64 * self.interval;
        let resume_here = self.base < base && self.base >= from_checkpoint;
        let start = if resume_here {
            self.base
        } else {
            from_checkpoint
        };
        let frontier = self.frontier.as_ref().map_or(0, |(at, _)| *at);
        if frontier < base && frontier > start {
            let (at, state) = self.frontier.take().expect("a frontier");
            self.cursor = state;
            self.base = at;
        } else if !resume_here {
            self.cursor = self.checkpoints[index].clone();
            self.base = from_checkpoint;
        }
        // From here on the cursor is the scheduler's own run: t = base until the end.
        self.cycles = 0;
        self.t = self.base;
        while self.base + 1 < base {
            self.advance_cursor(false)?;
        }
        self.advance_cursor(true)?;
        if self
            .frontier
            .as_ref()
            .is_some_and(|(at, _)| *at <= self.base)
        {
            self.frontier = None;
        }
        if cycles > 0 {
            let (_, per_period) = self.cycle.as_ref().expect("cycles > 0 only with a cycle");
            self.shifted_picks.clear();
            self.shifted_picks.extend(
                self.cursor
                    .picks
                    .iter()
                    .zip(per_period)
                    .map(|(&p, &k)| p + cycles * k),
            );
            self.cycles = cycles;
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
        let mut rows = Vec::new();
        self.collect_rows_kept(from, to, &mut rows)?;
        Ok(rows)
    }

    /// As [`rows`](Self::rows), but when the run stops on the way (no node can be picked, or the
    /// scheduler stopped) the rows before the stop are the answer, not an error: what a table of
    /// the run shows. Steps out of reach are still refused.
    ///
    /// ```
    /// use swrr_viz::engine::{Algorithm, AlgorithmOptions, Trace};
    /// use swrr_viz::input::{Scenario, Weights};
    /// let weights: Weights = "5".parse().unwrap();
    /// let down = Scenario::parse("@3 A drain", &weights).unwrap();
    /// let mut trace = Trace::new(Algorithm::new(&weights, &AlgorithmOptions::default(), &down));
    /// assert!(trace.rows(1, 10).is_err());
    /// assert_eq!(trace.rows_until_stop(1, 10).unwrap().len(), 2);
    /// assert!(trace.rows_until_stop(5, 10).unwrap().is_empty());
    /// ```
    pub fn rows_until_stop(&mut self, from: u64, to: u64) -> Result<Vec<Step>, SeekError> {
        let mut rows = Vec::new();
        match self.collect_rows_kept(from, to, &mut rows) {
            Ok(()) | Err(SeekError::Stopped { .. } | SeekError::Stuck { .. }) => Ok(rows),
            Err(e) => Err(e),
        }
    }

    /// Pushes the records of steps `from..=to` (1-based) onto `rows` until done or an error,
    /// then puts the trace back where it was.
    fn collect_rows_kept(
        &mut self,
        from: u64,
        to: u64,
        rows: &mut Vec<Step>,
    ) -> Result<(), SeekError> {
        let from = from.max(1);
        if to < from {
            return Ok(());
        }
        let saved = (
            self.cursor.clone(),
            self.base,
            self.cycles,
            self.t,
            self.shifted_picks.clone(),
            self.record.clone(),
        );
        let result = self.seek(from - 1).and_then(|()| {
            rows.reserve((to - from + 1).min(1 << 16) as usize);
            for _ in from..=to {
                rows.push(self.forward()?.clone());
            }
            Ok(())
        });
        (
            self.cursor,
            self.base,
            self.cycles,
            self.t,
            self.shifted_picks,
            self.record,
        ) = saved;
        result
    }

    /// Step `target` folded ([`fold`](Self::fold)), if a seek may walk there: in range, and not
    /// too far beyond the ground computed.
    fn reachable(&self, target: u64) -> Result<(u64, u64), SeekError> {
        if target > MAX_STEP {
            return Err(SeekError::OutOfRange { step: target });
        }
        let folded = self.fold(target);
        self.check_reachable(folded.0)?;
        Ok(folded)
    }

    fn check_reachable(&self, base: u64) -> Result<(), SeekError> {
        let ground = self.ground();
        let new_steps = base.saturating_sub(ground);
        let n = self.cursor.scheduler.len().max(1) as u64;
        if new_steps.saturating_mul(n) > MAX_NEW_WORK {
            return Err(SeekError::TooFar {
                step: base,
                limit: ground + MAX_NEW_WORK / n,
            });
        }
        Ok(())
    }

    /// Restores the cursor to its own step `base` (≤ the steps already made) from a checkpoint.
    fn replay_to(&mut self, base: u64) {
        let index = ((base / self.interval) as usize).min(self.checkpoints.len() - 1);
        self.cursor = self.checkpoints[index].clone();
        self.base = index as u64 * self.interval;
        self.t = self.base;
        self.record = None;
        while self.base < base {
            // These steps were made before, so they succeed again.
            if self.advance_cursor(self.base + 1 == base).is_err() {
                break;
            }
        }
    }

    /// One pick of the cursor's scheduler; with `record`, keeps the step's full record (the
    /// walk to a far step makes plain picks, much cheaper, and records only the last).
    fn advance_cursor(&mut self, record: bool) -> Result<(), SeekError> {
        let next = self.base + 1;
        let winner = if record {
            self.cursor.scheduler.step(next).map(|step| {
                let winner = step.winner;
                self.record = Some(step);
                winner
            })
        } else {
            self.cursor.scheduler.advance().map(|pick| {
                self.record = None;
                pick.winner
            })
        };
        let Some(winner) = winner else {
            let error = match self.cursor.scheduler.stop_reason() {
                Some(reason) => SeekError::Stopped { step: next, reason },
                None => SeekError::Stuck { step: next },
            };
            // A failed step may have changed the scheduler half-way: rebuild step t.
            self.replay_to(self.base);
            return Err(error);
        };
        // An attempt that found no server picks nobody.
        if let Some(picks) = self.cursor.picks.get_mut(winner) {
            *picks += 1;
        }
        self.base = next;
        self.t = next;
        if self.base % self.interval == 0
            && self.base / self.interval == self.checkpoints.len() as u64
        {
            if self.checkpoints.len() == self.max_checkpoints {
                self.thin();
            }
            if self.base % self.interval == 0 {
                self.checkpoints.push(self.cursor.clone());
            }
        }
        Ok(())
    }

    /// Drops every other checkpoint and doubles the spacing: the memory stays bounded.
    fn thin(&mut self) {
        let mut k = 0;
        self.checkpoints.retain(|_| {
            k += 1;
            k % 2 == 1
        });
        self.interval *= 2;
    }
}
