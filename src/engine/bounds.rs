//! The range of levels a run goes through, so a view can fix its scale once per weight vector.

use crate::engine::scheduler::Scheduler;

/// Lowest and highest level (after adding or after subtracting) over the first `steps` picks of
/// `scheduler`, always including 0. Levels are bounded by ±W for SWRR, so a prefix of one period
/// gives the whole range when the period fits in `steps`.
///
/// ```
/// use swrr_viz::engine::{level_range, Swrr};
/// use swrr_viz::input::Weights;
/// let swrr = Swrr::new(&"5,3,2".parse::<Weights>().unwrap());
/// assert_eq!(level_range(&swrr, 10), (-5, 10));
/// ```
#[must_use]
pub fn level_range<S: Scheduler + Clone>(scheduler: &S, steps: u64) -> (i64, i64) {
    let mut running = scheduler.clone();
    let (mut low, mut high) = (0i64, 0i64);
    for &level in running.levels() {
        low = low.min(level);
        high = high.max(level);
    }
    for _ in 0..steps {
        let Some(pick) = running.advance() else { break };
        let levels = running.levels();
        for &level in levels {
            low = low.min(level);
            high = high.max(level);
        }
        // The winner's level before it subtracted the total is the highest filled level (an
        // attempt that found no server has no winner).
        if let Some(&level) = levels.get(pick.winner) {
            high = high.max(level + pick.total);
        }
    }
    (low, high)
}
