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

/// IPVS weighted round robin, its destinations kept by a health checker.
///
/// IPVS has no health of its own: its only skip is a destination overloaded by connection
/// thresholds, which a scenario does not model. A health checker changes the destinations
/// instead, and each change calls `ip_vs_wrr_dest_changed`: cursor back to the head, `di` and `mw`
/// recomputed over the weights, `cw` clamped to `mw` (or, with di > 1, rounded to ≡ 1 mod di).
/// The engine calls it once per event, in text order: for each weight event (`=W`, `drain`,
/// `slowstart`: one `ipvsadm -e`), and for each `down`, `dead`, `up` or `alive` that takes a node
/// out of service or brings it back. A node out of service stays in the list with weight 0, as
/// keepalived's `inhibit_on_failure` leaves it (`ipvs_cmd` in keepalived/check/ipvswrapper.c
/// turns the removal into an edit to weight 0); a destination of weight 0 is never picked, since
/// `cw` ≥ 1. `reset` starts over (`cw = mw`, as `ip_vs_wrr_init_svc`). Slow-start ramps recompute
/// `di` and `mw` the same way but keep the cursor, since IPVS has no slow start of its own.
///
/// ```
/// use swrr_viz::engine::{sequence, Interleaved};
/// use swrr_viz::input::{Scenario, Weights};
/// let weights: Weights = "4,3,2".parse().unwrap();
/// let ipvs = Interleaved::new(&weights, &Scenario::none());
/// assert_eq!(sequence(&ipvs, 9), [0, 0, 1, 0, 1, 2, 0, 1, 2]); // a a b a b c a b c
/// // C out at step 1 is C quiesced to weight 0: gcd 2, mw 5 over 4,6.
/// let down = Scenario::parse("@1 C down", &weights).unwrap();
/// let quiesced = Scenario::parse("@1 C=0", &weights).unwrap();
/// assert_eq!(
///     sequence(&Interleaved::new(&weights, &down), 12),
///     sequence(&Interleaved::new(&weights, &quiesced), 12),
/// );
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
    /// The weights the destinations hold, as `dest_changed` last read them: the weight in effect
    /// of a node in service, 0 for one out.
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
        ipvs.recompute(ipvs.base.pool.offered());
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

    /// `ip_vs_wrr_gcd_weight` and `ip_vs_wrr_max_weight` over `weights`, the weights the
    /// destinations hold.
    fn recompute(&mut self, weights: Vec<i64>) {
        let gcd = weights.iter().fold(0, |g, &w| gcd_u64(g, w.max(0) as u64));
        // IPVS: `return g ? g : 1;`. Weights are ≤ 10^9, so the casts are exact.
        self.di = if gcd == 0 { 1 } else { gcd as i64 };
        let max = weights.iter().copied().max().unwrap_or(0).max(0);
        self.mw = max - (self.di - 1);
        self.built_from = weights;
    }

    /// `ip_vs_wrr_dest_changed`, optionally keeping the cursor.
    fn dest_changed(&mut self, weights: Vec<i64>, cursor_to_head: bool) {
        self.recompute(weights);
        if self.cw > self.mw || self.cw == 0 {
            self.cw = self.mw;
        } else if self.di > 1 {
            self.cw = (self.cw / self.di) * self.di + 1;
        }
        if cursor_to_head {
            self.cursor = None;
        }
    }

    /// This step's events, one `dest_changed` each (or a fresh start for `reset`), in text
    /// order; then a slow start's ramp, if the weights moved without an event.
    fn prepare(&mut self) {
        let effects = self.base.pool.begin_step_by_event();
        self.changed_start = None;
        let (mut changed, mut reset) = (false, false);
        for effect in effects.into_iter().filter(|e| e.updates) {
            if effect.change.is_some_and(|c| c.policy == Policy::Reset) {
                self.recompute(effect.offered);
                self.cw = self.mw;
                self.cursor = None;
                reset = true;
            } else {
                self.dest_changed(effect.offered, true);
            }
            changed = true;
        }
        let offered = self.base.pool.offered();
        if offered != self.built_from {
            self.dest_changed(offered, false);
            changed = true;
        }
        if changed {
            self.changed_start = Some(ChangedStart {
                cursor: self.cursor,
                cw: self.cw,
                reset,
            });
        }
    }

    /// `ip_vs_wrr_schedule` over the weights the destinations hold (0 for a node out of
    /// service, never ≥ `cw`). Passes that would find nobody (cw above every weight, which
    /// `dest_changed` rules out) are skipped in one jump: no 10^9-pass loops whatever happens.
    fn pick(&mut self) -> Option<Pick> {
        if self.base.stopped.is_some() {
            return None;
        }
        let weights = &self.built_from;
        let max = weights.iter().copied().max().unwrap_or(0);
        if self.mw <= 0 || max <= 0 {
            self.base.stopped = Some(self.base.pool.nobody_reason());
            return None;
        }
        let n = weights.len();
        let mut i = self.cursor.map_or(0, |c| c + 1);
        loop {
            while i < n {
                if weights[i] >= self.cw {
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
                if self.cw <= max {
                    break;
                }
                let passes = (self.cw - max + self.di - 1) / self.di;
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
