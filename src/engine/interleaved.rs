//! Interleaved weighted round robin as Linux IPVS runs it (`net/netfilter/ipvs/ip_vs_wrr.c`).
//!
//! IPVS keeps a current weight `cw` and a cursor `cl`. Each pick continues after the cursor and
//! takes the first destination whose weight is ≥ `cw`; at the end of the list `cw` goes down by
//! `di` (the gcd of the weights) and the search restarts at the head; below 1 it wraps to
//! `mw` = max weight − (di − 1). For 4,3,2: `cw` = 4 gives a; 3 gives a b; 2 gives a b c; 1 gives
//! a b c — so a a b a b c a b c. Heavy nodes lead every round; the light ones bunch at the end.

use crate::engine::scheduler::Pick;
use crate::engine::state::{AlgorithmState, ChangedStart, InterleavedState};
use crate::input::scenario::events::{Policy, Scenario};
use crate::input::weights::vector::{gcd_u64, Weights};

use crate::engine::levelless::{Base, Levelless};

/// IPVS weighted round robin; destinations that cannot be picked are skipped (as IPVS skips an
/// overloaded one).
///
/// An explicit weight change does what `ip_vs_wrr_dest_changed` does: cursor back to the head,
/// `di` and `mw` recomputed, `cw` clamped to `mw` (or, with di > 1, rounded to ≡ 1 mod di);
/// `reset` starts over (`cw = mw`). Slow-start ramps recompute `di` and `mw` the same way but keep
/// the cursor, since IPVS has no slow start of its own.
///
/// ```
/// use swrr_viz::engine::{sequence, Interleaved};
/// use swrr_viz::input::{Scenario, Weights};
/// let ipvs = Interleaved::new(&"4,3,2".parse::<Weights>().unwrap(), &Scenario::none());
/// assert_eq!(sequence(&ipvs, 9), [0, 0, 1, 0, 1, 2, 0, 1, 2]); // a a b a b c a b c
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Interleaved {
    base: Base,
    cw: i64,
    mw: i64,
    di: i64,
    cursor: Option<usize>,
    /// Where a weight change at this step set the search's start (see
    /// [`InterleavedState::changed_start`]).
    changed_start: Option<ChangedStart>,
    built_from: Vec<i64>,
}

impl Interleaved {
    #[must_use]
    pub fn new(weights: &Weights, scenario: &Scenario) -> Self {
        let mut ipvs = Self {
            base: Base::new(weights, scenario),
            cw: 0,
            mw: 0,
            di: 1,
            cursor: None,
            changed_start: None,
            built_from: Vec::new(),
        };
        ipvs.recompute();
        ipvs.cw = ipvs.mw;
        if scenario.is_empty() {
            let gcd = weights.gcd();
            ipvs.base.cycle = Some((
                weights.period(),
                weights.integers().iter().map(|&w| w / gcd).collect(),
            ));
        }
        ipvs
    }

    /// `ip_vs_wrr_gcd_weight` and `ip_vs_wrr_max_weight` over the weights in effect.
    fn recompute(&mut self) {
        let weights = self.base.pool.weights();
        let gcd = weights.iter().fold(0, |g, &w| gcd_u64(g, w.max(0) as u64));
        // IPVS: `return g ? g : 1;`. Weights are ≤ 10^9, so the casts are exact.
        self.di = if gcd == 0 { 1 } else { gcd as i64 };
        let max = weights.iter().copied().max().unwrap_or(0).max(0);
        self.mw = max - (self.di - 1);
        self.built_from = weights.to_vec();
    }

    /// `ip_vs_wrr_dest_changed`, optionally keeping the cursor.
    fn dest_changed(&mut self, cursor_to_head: bool) {
        self.recompute();
        if self.cw > self.mw || self.cw == 0 {
            self.cw = self.mw;
        } else if self.di > 1 {
            self.cw = (self.cw / self.di) * self.di + 1;
        }
        if cursor_to_head {
            self.cursor = None;
        }
    }

    fn prepare(&mut self) {
        let changes = self.base.pool.begin_step();
        self.changed_start = None;
        let reset = changes.iter().any(|c| c.policy == Policy::Reset);
        if reset {
            self.recompute();
            self.cw = self.mw;
            self.cursor = None;
        } else if !changes.is_empty() {
            self.dest_changed(true);
        } else if self.base.pool.weights() != self.built_from.as_slice() {
            self.dest_changed(false);
        } else {
            return;
        }
        self.changed_start = Some(ChangedStart {
            cursor: self.cursor,
            cw: self.cw,
            reset,
        });
    }

    /// `ip_vs_wrr_schedule`. Passes that IPVS would make without finding anyone (cw above every
    /// eligible weight) are skipped in one jump: same result, no 10^9-pass loops.
    fn pick(&mut self) -> Option<Pick> {
        if self.base.stopped.is_some() {
            return None;
        }
        let weights = self.base.pool.weights();
        let eligible = self.base.pool.eligible();
        let max_eligible = weights
            .iter()
            .zip(eligible)
            .filter(|(_, &e)| e)
            .map(|(&w, _)| w)
            .max();
        let (Some(max_eligible), true) = (max_eligible, self.mw > 0) else {
            self.base.stopped = Some(self.base.pool.nobody_reason());
            return None;
        };
        let n = weights.len();
        let mut i = self.cursor.map_or(0, |c| c + 1);
        loop {
            while i < n {
                if eligible[i] && weights[i] >= self.cw {
                    self.cursor = Some(i);
                    return Some(Pick {
                        winner: i,
                        total: self.base.pool.eligible_total(),
                    });
                }
                i += 1;
            }
            self.cw -= self.di;
            loop {
                if self.cw <= 0 {
                    self.cw = self.mw;
                }
                if self.cw <= max_eligible {
                    break;
                }
                // Every pass at cw > max_eligible finds nobody: jump to the first cw that can.
                let passes = (self.cw - max_eligible + self.di - 1) / self.di;
                self.cw -= passes * self.di;
            }
            i = 0;
        }
    }
}

impl Levelless for Interleaved {
    fn base(&self) -> &Base {
        &self.base
    }

    fn state(&self) -> AlgorithmState {
        AlgorithmState::Interleaved(InterleavedState {
            cw: self.cw,
            max: self.mw,
            gcd: self.di,
            cursor: self.cursor,
            changed_start: self.changed_start,
        })
    }

    fn next_pick(&mut self) -> Option<Pick> {
        self.prepare();
        self.pick()
    }
}
