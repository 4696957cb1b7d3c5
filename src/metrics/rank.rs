//! Which nodes to draw when there are too many: the most telling first.

use super::record::Metrics;
use crate::input::choice::named_choices;

named_choices! {
    /// How [`Metrics::ranked_nodes`] orders nodes (largest first, ties in list order).
    pub enum RankBy for Choice::Ranking {
        /// Weight.
        Weight = "weight",
        /// Lag spread: max ahead − max behind.
        Lag = "lag",
        /// Longest run.
        Run = "run",
        /// Spread of the picks in a window: most − fewest.
        Window = "window",
    }
}

impl Metrics {
    /// The indices of the first `count` nodes ordered by `by`, largest first; ties keep list order.
    ///
    /// ```
    /// use swrr_viz::engine::TieRule;
    /// use swrr_viz::input::Weights;
    /// use swrr_viz::metrics::{RunAnalysis, RankBy};
    /// let weights: Weights = "1,7,25,2,25,7".parse().unwrap();
    /// let metrics = RunAnalysis::new(&weights, TieRule::First, None, None).unwrap().run_to_end().clone();
    /// assert_eq!(metrics.ranked_nodes(RankBy::Weight, 3), [2, 4, 1]);
    /// ```
    #[must_use]
    pub fn ranked_nodes(&self, by: RankBy, count: usize) -> Vec<u32> {
        let key = |i: usize| -> i128 {
            let node = &self.nodes[i];
            match by {
                RankBy::Weight => i128::from(node.weight),
                RankBy::Lag => {
                    i128::from(node.max_ahead.numerator) - i128::from(node.max_behind.numerator)
                }
                RankBy::Run => i128::from(node.longest_run),
                RankBy::Window => {
                    i128::from(node.window_picks_max) - i128::from(node.window_picks_min)
                }
            }
        };
        let keys: Vec<i128> = (0..self.nodes.len()).map(key).collect();
        // The first `count` by insertion, each after every node with a key as large (ties keep
        // list order): no general sort, whose instantiation costs the wasm some 8 KB, for the
        // few hundred nodes a page shows.
        let mut order: Vec<usize> = Vec::with_capacity(count.min(keys.len()));
        for (i, k) in keys.iter().enumerate() {
            let at = order.partition_point(|&j| keys[j] >= *k);
            if at < count {
                order.insert(at, i);
                order.truncate(count);
            }
        }
        order.into_iter().map(|i| i as u32).collect()
    }
}
