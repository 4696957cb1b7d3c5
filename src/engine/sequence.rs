//! Long pick sequences in one call, for the CLI and the plots.

use crate::engine::scheduler::Scheduler;

/// The first `steps` picks of `scheduler` (zero-based node indices), from its current state.
///
/// When the scheduler repeats, only one period is computed and the rest is copied, so a long
/// run of a short period costs a memory copy, not n work per pick. Stops early if no node can
/// be picked.
///
/// ```
/// use swrr_viz::engine::{sequence, Swrr};
/// use swrr_viz::input::Weights;
/// let swrr = Swrr::new(&"4,1,1".parse::<Weights>().unwrap());
/// assert_eq!(sequence(&swrr, 8), [0, 0, 1, 0, 2, 0, 0, 0]);
/// ```
#[must_use]
pub fn sequence<S: Scheduler + Clone>(scheduler: &S, steps: usize) -> Vec<u32> {
    let mut picks = Vec::with_capacity(steps);
    let mut running = scheduler.clone();
    let period = running
        .cycle()
        .and_then(|(p, _)| usize::try_from(p).ok())
        .unwrap_or(usize::MAX);
    while picks.len() < steps.min(period) {
        match running.advance() {
            Some(pick) => picks.push(pick.winner as u32),
            None => return picks,
        }
    }
    while picks.len() < steps {
        let copy = (steps - picks.len()).min(picks.len());
        picks.extend_from_within(..copy);
    }
    picks
}
