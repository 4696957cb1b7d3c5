//! How much one analysis may compute, and the default run.

use crate::input::Weights;

/// Longest run accepted, in steps (the periodic shortcut makes long runs cheap).
pub const MAX_RUN_STEPS: u64 = 1_000_000_000_000;
/// At most this many picks are computed and kept (min(steps, period)).
pub const MAX_COMPUTED_PICKS: u64 = 20_000_000;
/// At most this many node updates (computed picks × nodes) per analysis.
pub const MAX_WORK: u64 = 20_000_000_000;
/// The default run is one period, but no more than this many steps…
pub const DEFAULT_STEPS_CAP: u64 = 1_000_000;
/// …and no more than this many node updates.
pub const DEFAULT_WORK_CAP: u64 = 1_000_000_000;
/// At most this many plot columns.
pub const MAX_COLUMNS: u64 = 100_000;
/// At most this many values (selected nodes × columns) in one plot array.
pub const MAX_PLOT_VALUES: u64 = 4_000_000;

/// The default run: one period, but at most [`DEFAULT_STEPS_CAP`] steps and at most
/// [`DEFAULT_WORK_CAP`] node updates.
///
/// ```
/// use swrr_viz::input::Weights;
/// use swrr_viz::metrics::default_steps;
/// assert_eq!(default_steps(&"5,3,2".parse::<Weights>().unwrap()), 10);
/// assert_eq!(default_steps(&"999983,1000003".parse::<Weights>().unwrap()), 1_000_000);
/// ```
#[must_use]
pub fn default_steps(weights: &Weights) -> u64 {
    let nodes = weights.len().max(1) as u64;
    weights
        .period()
        .min(DEFAULT_STEPS_CAP)
        .min((DEFAULT_WORK_CAP / nodes).max(1))
}
