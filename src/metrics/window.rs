//! The largest window share variance over all windows of K picks, sliding in O(1) per step.
//!
//! With cᵢ the picks of node i in a window, wᵢ' = wᵢ/gcd and P = W/gcd:
//! `n·K²·P²·V = Σᵢ (P·cᵢ − K·wᵢ')² = P²·Σcᵢ² − 2·K·P·Σcᵢwᵢ' + K²·Σwᵢ'²`. The last term is the same
//! for every window, so `score = P·Σcᵢ² − 2·K·Σcᵢwᵢ'` orders windows exactly like V, and a slide
//! (one pick leaves, one enters) changes both sums in O(1). Within the limits the score fits i128.
//!
//! Periodicity: a window of K = q·P + r picks holds q whole periods (q·wᵢ' picks of each node)
//! plus r picks, and windows starting P apart are equal, so at most P window positions are scored.

use super::tape::Tape;

/// Picks per node in one window, with the sums the score needs.
#[derive(Debug, Clone)]
pub(crate) struct WindowCounts {
    counts: Vec<u64>,
    sum_squares: i128,
    sum_weighted: i128,
}

impl WindowCounts {
    /// A window holding `base[i]` picks of each node.
    pub(crate) fn with_counts(base: Vec<u64>, reduced: &[u64]) -> Self {
        let sum_squares = base.iter().map(|&c| i128::from(c) * i128::from(c)).sum();
        let sum_weighted = base
            .iter()
            .zip(reduced)
            .map(|(&c, &w)| i128::from(c) * i128::from(w))
            .sum();
        Self {
            counts: base,
            sum_squares,
            sum_weighted,
        }
    }

    pub(crate) fn counts(&self) -> &[u64] {
        &self.counts
    }

    #[inline]
    pub(crate) fn enter(&mut self, node: usize, reduced: &[u64]) {
        let c = i128::from(self.counts[node]);
        self.sum_squares += 2 * c + 1;
        self.sum_weighted += i128::from(reduced[node]);
        self.counts[node] += 1;
    }

    #[inline]
    pub(crate) fn leave(&mut self, node: usize, reduced: &[u64]) {
        let c = i128::from(self.counts[node]);
        self.sum_squares -= 2 * c - 1;
        self.sum_weighted -= i128::from(reduced[node]);
        self.counts[node] -= 1;
    }

    /// Orders windows of the same size exactly like their variance (see the module docs).
    pub(crate) fn score(&self, period: i128, window: i128) -> i128 {
        period * self.sum_squares - 2 * window * self.sum_weighted
    }
}

/// `q·wᵢ'` for every node: the picks of `q` whole periods.
pub(crate) fn whole_periods(reduced: &[u64], q: u64) -> Vec<u64> {
    reduced.iter().map(|&w| w * q).collect()
}

/// The variance of the shares of a window with these counts (f64, for display), each term
/// computed from its exact integer numerator so that nothing cancels.
pub(crate) fn variance(counts: &[u64], reduced: &[u64], period: u64, window: u64) -> f64 {
    let scale = period as f64 * window as f64;
    let sum: f64 = counts
        .iter()
        .zip(reduced)
        .map(|(&c, &w)| {
            let gap = i128::from(period) * i128::from(c) - i128::from(window) * i128::from(w);
            let share_gap = gap as f64 / scale;
            share_gap * share_gap
        })
        .sum();
    sum / counts.len() as f64
}

/// `(q, r, last start)`: a window is q whole periods plus r picks, and start offsets
/// 0..=last start need scoring (later ones repeat, or do not fit in the run).
fn plan(periodic: bool, period: u64, window: u64, steps: u64) -> (u64, u64, u64) {
    if periodic {
        (
            window / period,
            window % period,
            (steps - window).min(period - 1),
        )
    } else {
        (0, window, steps - window)
    }
}

/// Work units a scan takes in all (one per pick entering or leaving a window), known before it starts.
pub(crate) fn planned_work(periodic: bool, period: u64, window: u64, steps: u64) -> u64 {
    match plan(periodic, period, window, steps) {
        (_, 0, _) => 0,
        (_, fill, last_start) => 2 * fill + last_start,
    }
}

/// The result of a finished scan.
#[derive(Debug, Clone)]
pub(crate) struct WindowSummary {
    /// Start offset s of the first window with the largest variance (picks s+1..=s+K).
    pub best_start: u64,
    pub best_variance: f64,
    /// Fewest and most picks of each node in any window.
    pub lowest: Vec<u64>,
    pub highest: Vec<u64>,
}

/// A chunked scan over every window position: first fill r picks, then slide, then recount the
/// best window for its variance.
#[derive(Debug, Clone)]
pub(crate) struct WindowScan {
    reduced: Vec<u64>,
    period: u64,
    window: u64,
    q: u64,
    fill: u64,
    /// The last start offset that needs scoring (0 when every window is the same).
    last_start: u64,
    counts: WindowCounts,
    enter_index: usize,
    leave_index: usize,
    /// Fill and slide steps done, 0..=fill + last_start.
    done: u64,
    best: Option<(i128, u64)>,
    lowest: Vec<u64>,
    highest: Vec<u64>,
    recount: Option<(WindowCounts, usize, u64)>,
    summary: Option<WindowSummary>,
}

fn wrap(index: usize, len: usize) -> usize {
    if index + 1 == len {
        0
    } else {
        index + 1
    }
}

impl WindowScan {
    /// Windows of `window` picks over a run of `steps` picks on `tape`.
    /// `period` is W/gcd (the tape's length when it is periodic).
    pub(crate) fn new(tape: &Tape, reduced: &[u64], period: u64, window: u64, steps: u64) -> Self {
        let (q, fill, last_start) = plan(tape.is_periodic(), period, window, steps);
        let counts = WindowCounts::with_counts(whole_periods(reduced, q), reduced);
        let mut scan = Self {
            reduced: reduced.to_vec(),
            period,
            window,
            q,
            fill,
            last_start,
            counts,
            enter_index: 0,
            leave_index: 0,
            done: 0,
            best: None,
            lowest: Vec::new(),
            highest: Vec::new(),
            recount: None,
            summary: None,
        };
        if fill == 0 {
            // Whole periods only: every window holds exactly the target shares.
            scan.window_full();
            scan.last_start = 0;
        }
        scan
    }

    pub(crate) fn summary(&self) -> Option<&WindowSummary> {
        self.summary.as_ref()
    }

    fn window_full(&mut self) {
        self.lowest = self.counts.counts().to_vec();
        self.highest = self.lowest.clone();
        self.score(0);
    }

    fn score(&mut self, start: u64) {
        let score = self
            .counts
            .score(i128::from(self.period), i128::from(self.window));
        if self.best.map_or(true, |(best, _)| score > best) {
            self.best = Some((score, start));
        }
    }

    /// Does up to `budget` work units; returns the units spent.
    pub(crate) fn advance(&mut self, tape: &Tape, budget: u64) -> u64 {
        let picks = tape.picks();
        let len = picks.len();
        let slides = self.fill + self.last_start;
        let mut spent = 0;
        while spent < budget && self.done < slides {
            if self.done < self.fill {
                let node = picks[self.enter_index] as usize;
                self.counts.enter(node, &self.reduced);
                self.enter_index = wrap(self.enter_index, len);
                self.done += 1;
                if self.done == self.fill {
                    self.window_full();
                }
            } else {
                let leaving = picks[self.leave_index] as usize;
                let entering = picks[self.enter_index] as usize;
                self.leave_index = wrap(self.leave_index, len);
                self.enter_index = wrap(self.enter_index, len);
                if leaving != entering {
                    self.counts.leave(leaving, &self.reduced);
                    self.counts.enter(entering, &self.reduced);
                    let counts = self.counts.counts();
                    self.lowest[leaving] = self.lowest[leaving].min(counts[leaving]);
                    self.highest[entering] = self.highest[entering].max(counts[entering]);
                }
                self.done += 1;
                self.score(self.done - self.fill);
            }
            spent += 1;
        }
        if self.done == slides && self.summary.is_none() {
            spent += self.recount_best(tape, budget.saturating_sub(spent));
        }
        spent
    }

    /// Recounts the best window from scratch (O(n + r)) for its variance, in chunks.
    fn recount_best(&mut self, tape: &Tape, budget: u64) -> u64 {
        let best_start = self.best.map_or(0, |(_, start)| start);
        let (counts, index, left) = self.recount.get_or_insert_with(|| {
            let base =
                WindowCounts::with_counts(whole_periods(&self.reduced, self.q), &self.reduced);
            let index = if self.fill == 0 {
                0
            } else {
                tape.index(best_start + 1)
            };
            (base, index, self.fill)
        });
        let picks = tape.picks();
        let mut spent = 0;
        while spent < budget && *left > 0 {
            counts.enter(picks[*index] as usize, &self.reduced);
            *index = wrap(*index, picks.len());
            *left -= 1;
            spent += 1;
        }
        if *left == 0 {
            let best_variance = variance(counts.counts(), &self.reduced, self.period, self.window);
            self.summary = Some(WindowSummary {
                best_start,
                best_variance,
                lowest: std::mem::take(&mut self.lowest),
                highest: std::mem::take(&mut self.highest),
            });
        }
        spent
    }
}
