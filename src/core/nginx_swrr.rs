//! SWRR with everything that changes a run: nginx's effective weights, peers that are down or
//! disabled by failures, scenario events, and the ablations a teacher wants to show.
//!
//! One step, as `ngx_http_upstream_get_peer` (nginx 1.3.0 and later):
//! for every eligible peer `current += effective; total += effective; if effective < weight then
//! effective++`; the first peer with the highest `current` wins (`>`: ties go to the first in list
//! order); the winner does `current -= total`. [`Swrr`](super::Swrr) is the fast static case; on
//! static weights both give the same records (tested).

use super::choice::{Choice, UnknownChoice};
use super::pool::{Pool, WeightChange};
use super::scenario::{Policy, Scenario};
use super::scheduler::{Pick, Scheduler, TieRule};
use super::state::{AlgorithmState, SwrrState};
use super::step::Step;
use super::stop::StopReason;
use super::swrr::fill_and_pick;
use super::weights::Weights;

/// Largest level the engine lets SWRR reach: 2^53, the largest integer range JavaScript numbers
/// hold exactly. Correct SWRR stays within ±n·W; only the broken variants and scaling get here.
pub const MAX_LEVEL: i64 = 1 << 53;

/// What the winner subtracts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SubtractRule {
    /// The total of the weights added in this step: nginx, and the reason Σcurrent stays 0.
    #[default]
    Total,
    /// Only its own weight — the broken variant the seeds warn about: Σcurrent grows by
    /// W − w_winner every step, every level climbs for ever, and the light nodes starve.
    Own,
}

impl SubtractRule {
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Total => "total",
            Self::Own => "own",
        }
    }
}

impl std::str::FromStr for SubtractRule {
    type Err = UnknownChoice;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "total" => Ok(Self::Total),
            "own" => Ok(Self::Own),
            other => Err(UnknownChoice::new(Choice::Subtract, other)),
        }
    }
}

/// nginx SWRR over a pool that scenario events can change.
///
/// ```
/// use swrr_viz::core::{sequence, NginxSwrr, Scenario, SubtractRule, TieRule, Weights};
/// let weights: Weights = "5,3,2".parse().unwrap();
/// let plain = NginxSwrr::new(&weights, TieRule::First, SubtractRule::Total, &Scenario::none());
/// assert_eq!(sequence(&plain, 10), [0, 1, 2, 0, 0, 1, 0, 2, 1, 0]);
/// // C down from step 3 on: A and B share 5:3 among themselves.
/// let down = Scenario::parse("@3 C down", &weights).unwrap();
/// let run = NginxSwrr::new(&weights, TieRule::First, SubtractRule::Total, &down);
/// assert!(sequence(&run, 40)[2..].iter().all(|&p| p != 2));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NginxSwrr {
    pool: Pool,
    current: Vec<i64>,
    added: Vec<i64>,
    tie: TieRule,
    subtract: SubtractRule,
    cycle: Option<(u64, Vec<u64>)>,
    stopped: Option<StopReason>,
    /// Σ weights, what the winner subtracts on fixed weights (the fast path).
    static_total: i64,
    /// True once the fast path has set `added` (it never changes there).
    static_added: bool,
}

impl NginxSwrr {
    #[must_use]
    pub fn new(
        weights: &Weights,
        tie: TieRule,
        subtract: SubtractRule,
        scenario: &Scenario,
    ) -> Self {
        let repeats = scenario.is_empty() && subtract == SubtractRule::Total;
        let gcd = weights.gcd();
        Self {
            pool: Pool::new(weights, scenario),
            current: vec![0; weights.len()],
            added: vec![0; weights.len()],
            tie,
            subtract,
            cycle: repeats.then(|| {
                (
                    weights.period(),
                    weights.integers().iter().map(|&w| w / gcd).collect(),
                )
            }),
            stopped: None,
            // At most 10^4 weights of at most 10^9: exact.
            static_total: weights.total() as i64,
            static_added: false,
        }
    }

    #[must_use]
    pub fn tie_rule(&self) -> TieRule {
        self.tie
    }

    #[must_use]
    pub fn subtract_rule(&self) -> SubtractRule {
        self.subtract
    }

    /// True when a scenario drives the run.
    #[must_use]
    pub fn has_events(&self) -> bool {
        self.pool.has_events()
    }

    /// The state now (after the last pick, or at the start).
    #[must_use]
    pub fn state(&self) -> AlgorithmState {
        AlgorithmState::Swrr(SwrrState {
            added: self.added.clone(),
            effective: self.pool.effective_weights(),
            sum: self.current.iter().sum(),
        })
    }

    /// Applies this step's events; the levels then are the step's `before`.
    fn prepare(&mut self) {
        for change in self.pool.begin_step() {
            self.apply(change);
        }
    }

    fn apply(&mut self, change: WeightChange) {
        let node = change.node;
        match change.policy {
            Policy::Keep => {}
            Policy::Reset => self.current.iter_mut().for_each(|c| *c = 0),
            Policy::ResetNode => self.current[node] = 0,
            Policy::Scale if change.old > 0 => {
                // Truncated toward zero, as `current * new / old` in C or Java would.
                let scaled = i128::from(self.current[node]) * i128::from(change.new)
                    / i128::from(change.old);
                match i64::try_from(scaled) {
                    Ok(level) if level.abs() <= MAX_LEVEL => self.current[node] = level,
                    _ => {
                        self.stopped = Some(StopReason::ScaleOverflow {
                            step: self.pool.step(),
                            level: self.current[node],
                            new: change.new,
                            old: change.old,
                            scaled,
                        })
                    }
                }
            }
            // From weight 0 there is no ratio to scale by: the level is kept.
            Policy::Scale => {}
        }
    }

    /// nginx on fixed weights (no events, subtract the total): every node adds its weight, no
    /// eligibility or effective-weight bookkeeping. A weight-0 node adds 0 and stays at level 0,
    /// below the top (Σ filled = W > 0), so it is never picked — as if skipped.
    fn pick_static(&mut self) -> Pick {
        let weights = self.pool.weights();
        if !self.static_added {
            // Every node adds its whole weight at every step: `added` is the weights, once.
            self.added.copy_from_slice(weights);
            self.static_added = true;
        }
        let best = fill_and_pick(&mut self.current, weights, self.tie);
        self.current[best] -= self.static_total;
        Pick {
            winner: best,
            total: self.static_total,
        }
    }

    /// The fill and drain of one step; `None` (and `stopped` set) when nothing can be picked.
    fn pick(&mut self) -> Option<Pick> {
        if self.stopped.is_some() {
            return None;
        }
        if self.cycle.is_some() {
            // No events and the nginx rule: the weights never change.
            return Some(self.pick_static());
        }
        let mut best: Option<usize> = None;
        let mut total = 0i64;
        for i in 0..self.current.len() {
            if !self.pool.eligible()[i] {
                self.added[i] = 0;
                continue;
            }
            let effective = self.pool.effective(i);
            self.current[i] += effective;
            total += effective;
            self.added[i] = effective;
            self.pool.recover(i);
            let better = match (best, self.tie) {
                (None, _) => true,
                (Some(b), TieRule::First) => self.current[i] > self.current[b],
                (Some(b), TieRule::Last) => self.current[i] >= self.current[b],
            };
            if better {
                best = Some(i);
            }
        }
        let Some(winner) = best else {
            self.stopped = Some(self.pool.nobody_reason());
            return None;
        };
        let subtracted = match self.subtract {
            SubtractRule::Total => total,
            SubtractRule::Own => self.added[winner],
        };
        self.current[winner] -= subtracted;
        self.pool.picked(winner);
        if self.subtract == SubtractRule::Own {
            if let Some(i) = self.current.iter().position(|c| c.abs() > MAX_LEVEL) {
                self.stopped = Some(StopReason::OwnOverflow {
                    step: self.pool.step(),
                    node: i + 1,
                });
                return None;
            }
        }
        Some(Pick {
            winner,
            total: subtracted,
        })
    }

    fn tied(&self, filled: &[i64], winner: usize) -> Vec<usize> {
        let top = filled[winner];
        let eligible = self.pool.eligible();
        let tied: Vec<usize> = (0..filled.len())
            .filter(|&i| eligible[i] && filled[i] == top)
            .collect();
        if tied.len() > 1 {
            tied
        } else {
            Vec::new()
        }
    }
}

impl Scheduler for NginxSwrr {
    fn len(&self) -> usize {
        self.current.len()
    }

    fn levels(&self) -> &[i64] {
        &self.current
    }

    fn advance(&mut self) -> Option<Pick> {
        if self.stopped.is_some() {
            return None;
        }
        self.prepare();
        self.pick()
    }

    fn cycle(&self) -> Option<(u64, Vec<u64>)> {
        self.cycle.clone()
    }

    fn stop_reason(&self) -> Option<StopReason> {
        self.stopped.clone()
    }

    fn step(&mut self, t: u64) -> Option<Step> {
        if self.stopped.is_some() {
            return None;
        }
        self.prepare();
        let before = self.current.clone();
        let pick = self.pick()?;
        let filled: Vec<i64> = before.iter().zip(&self.added).map(|(b, a)| b + a).collect();
        Some(Step {
            t,
            tied: self.tied(&filled, pick.winner),
            before,
            filled,
            drained: self.current.clone(),
            total: pick.total,
            winner: pick.winner,
            weights: self.pool.weights().to_vec(),
            eligible: self.pool.eligible().to_vec(),
            events: self.pool.applied_texts(),
            state: self.state(),
        })
    }
}
