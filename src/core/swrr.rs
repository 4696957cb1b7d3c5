//! Smooth Weighted Round-Robin exactly as nginx's `ngx_http_upstream_get_peer` runs it.

use super::scheduler::{Pick, Scheduler, TieRule};
use super::weights::Weights;

/// nginx SWRR over static weights.
///
/// Each step every node adds its weight to its current weight, the highest current weight wins
/// (ties: first in list order, as nginx's strict `>`), and the winner subtracts the total.
/// Levels stay within ±W·n, far inside i64 for the limits of [`Weights`].
///
/// ```
/// use swrr_viz::core::{Swrr, Scheduler, Weights};
/// let mut swrr = Swrr::new(&"5,1,1".parse::<Weights>().unwrap());
/// let picks: Vec<usize> = (0..7).map(|_| swrr.advance().unwrap().winner).collect();
/// assert_eq!(picks, [0, 0, 1, 0, 2, 0, 0]);
/// assert_eq!(swrr.levels(), &[0, 0, 0]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Swrr {
    weights: Vec<i64>,
    current: Vec<i64>,
    total: i64,
    tie: TieRule,
    period: u64,
    picks_per_period: Vec<u64>,
}

impl Swrr {
    /// Starts at step 0 with every current weight 0 and nginx's tie rule.
    #[must_use]
    pub fn new(weights: &Weights) -> Self {
        Self::with_tie_rule(weights, TieRule::First)
    }

    #[must_use]
    pub fn with_tie_rule(weights: &Weights, tie: TieRule) -> Self {
        let ints = weights.integers();
        let gcd = weights.gcd();
        Self {
            // Weights are at most 10^9 each and at most 10^4 of them: the casts are exact.
            weights: ints.iter().map(|&w| w as i64).collect(),
            current: vec![0; ints.len()],
            total: weights.total() as i64,
            tie,
            period: weights.period(),
            picks_per_period: ints.iter().map(|&w| w / gcd).collect(),
        }
    }

    #[must_use]
    pub fn tie_rule(&self) -> TieRule {
        self.tie
    }

    #[must_use]
    pub fn weights(&self) -> &[i64] {
        &self.weights
    }

    #[must_use]
    pub fn total(&self) -> i64 {
        self.total
    }
}

impl Scheduler for Swrr {
    fn len(&self) -> usize {
        self.weights.len()
    }

    fn levels(&self) -> &[i64] {
        &self.current
    }

    fn advance(&mut self) -> Option<Pick> {
        let mut best = 0;
        let mut best_level = i64::MIN;
        // Two loops rather than a branch on the rule inside one: this is the hot path.
        match self.tie {
            TieRule::First => {
                for (i, (c, &w)) in self.current.iter_mut().zip(&self.weights).enumerate() {
                    *c += w;
                    if *c > best_level {
                        best_level = *c;
                        best = i;
                    }
                }
            }
            TieRule::Last => {
                for (i, (c, &w)) in self.current.iter_mut().zip(&self.weights).enumerate() {
                    *c += w;
                    if *c >= best_level {
                        best_level = *c;
                        best = i;
                    }
                }
            }
        }
        self.current[best] -= self.total;
        Some(Pick {
            winner: best,
            total: self.total,
        })
    }

    fn cycle(&self) -> Option<(u64, Vec<u64>)> {
        Some((self.period, self.picks_per_period.clone()))
    }
}
