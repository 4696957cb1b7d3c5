//! The weight of a node `e` steps into a slow start of `K` steps towards weight `w`.
//!
//! Two curves:
//! - **linear**: `1 + ⌊(w − 1)·e / K⌋` — 1 at the step the node comes back, `w` from step `K` on
//!   (what the seed articles script by hand: "raise the weight from 1 to the target").
//! - **dubbo**: Apache Dubbo's `AbstractLoadBalance.calculateWarmupWeight(uptime, warmup, weight)`,
//!   `ww = (int) (uptime / ((float) warmup / weight))`, then `ww < 1 ? 1 : min(ww, weight)`,
//!   applied while `0 < uptime < warmup` (Dubbo counts milliseconds, default warmup 10 minutes;
//!   here uptime is `e` steps and warmup is `K` steps). The engine evaluates `⌊e·w / K⌋` exactly;
//!   Dubbo's `float` can land one lower when `e·w / K` is a whole number and `K / w` does not
//!   round exactly (e.g. uptime 5, warmup 10, weight 6: exactly 3, but `5 / 1.6666666f` is
//!   3.0000002 or 2.9999998 depending on rounding). At `e = 0` the floor is 0 and the clamp gives 1.

use crate::input::scenario::events::Curve;

/// The weight in effect `elapsed` steps after a slow start of `steps` steps towards `target`.
///
/// ```
/// use swrr_viz::engine::slow_start_weight;
/// use swrr_viz::input::Curve;
/// let linear: Vec<u64> = (0..=4).map(|e| slow_start_weight(Curve::Linear, 9, e, 4)).collect();
/// assert_eq!(linear, [1, 3, 5, 7, 9]); // 1 + ⌊8e/4⌋
/// let dubbo: Vec<u64> = (0..=4).map(|e| slow_start_weight(Curve::Dubbo, 9, e, 4)).collect();
/// assert_eq!(dubbo, [1, 2, 4, 6, 9]); // ⌊9e/4⌋ clamped to 1..=9
/// ```
#[must_use]
pub fn slow_start_weight(curve: Curve, target: u64, elapsed: u64, steps: u64) -> u64 {
    if target == 0 || elapsed >= steps {
        return target;
    }
    let (target, elapsed, steps) = (u128::from(target), u128::from(elapsed), u128::from(steps));
    let weight = match curve {
        Curve::Linear => 1 + (target - 1) * elapsed / steps,
        Curve::Dubbo => (elapsed * target / steps).clamp(1, target),
    };
    // Never above target, which is a u64.
    weight as u64
}
