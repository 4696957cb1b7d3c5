//! Envoy's slow start: the factor its round robin applies to a host's weight while the host is
//! new in the healthy set.
//!
//! Followed from envoyproxy/envoy `source/extensions/load_balancing_policies/common/load_balancer_impl.cc`
//! (commit 00cf9a056f3e), `EdfLoadBalancerBase::applySlowStartFactor`: while a healthy host's
//! `in_healthy_state_duration` is below `slow_start_window`, its weight is
//! `host_weight * max(applyAggressionFactor(time_factor, aggression), slow_start_min_weight_percent)`
//! in `f64`, with `time_factor = max(1 ms, in_healthy_state_duration) / slow_start_window`.
//! Here the defaults hold: aggression 1.0 (the time factor as it is) and a minimum of 10%
//! (`slow_start_min_weight_percent_` 0.1); the window is the event's `K` steps, and one step is one
//! second, so `e` steps into it the factor is `max(e/K, 0.1)` (at `e = 0`, 1 ms/K s, below 0.1).
//! `RoundRobinLoadBalancer::hostWeight` (round_robin_lb.h, commit 12ca3fdb052c) applies it to every
//! host inside its own window, and `noHostsAreInSlowStart` (`now − latest_host_added_time_ ≤
//! window`) keeps the EDF scheduler, even for equal weights, when the scheduler is rebuilt up to
//! and including the window's last step.

/// `slow_start_min_weight_percent_`: Envoy's default `min_weight_percent` of 10%.
pub const MIN_WEIGHT_FRACTION: f64 = 10.0 / 100.0;

/// Milliseconds in one step (one second).
const STEP_MS: u64 = 1000;

/// The factor on a host's weight `elapsed` steps into a slow start of `steps` steps; `None`
/// once the window has passed (`elapsed ≥ steps`: the weight as configured).
///
/// ```
/// use swrr_viz::engine::envoy_slow_start_factor;
/// assert_eq!(envoy_slow_start_factor(0, 10), Some(0.1)); // 1 ms of 10 s: the 10% floor
/// assert_eq!(envoy_slow_start_factor(3, 10), Some(0.3));
/// assert_eq!(envoy_slow_start_factor(10, 10), None);
/// ```
#[must_use]
pub fn envoy_slow_start_factor(elapsed: u64, steps: u64) -> Option<f64> {
    if elapsed >= steps {
        return None;
    }
    // `std::chrono::milliseconds` counts, as Envoy divides them (int64 converted to double).
    let in_healthy_ms = elapsed.saturating_mul(STEP_MS).max(1);
    let window_ms = steps.saturating_mul(STEP_MS);
    let time_factor = in_healthy_ms as f64 / window_ms as f64;
    // `std::max(a, b)` returns `b` only when `a < b`.
    Some(if time_factor < MIN_WEIGHT_FRACTION {
        MIN_WEIGHT_FRACTION
    } else {
        time_factor
    })
}

/// `hostWeight(host)`: the configured `weight`, times the slow-start factor while the host is
/// inside its window (`ramp` = steps since it started and the window, from the pool).
#[must_use]
pub fn host_weight(weight: i64, ramp: Option<(u64, u64)>) -> f64 {
    let weight = weight as f64;
    match ramp.and_then(|(elapsed, steps)| envoy_slow_start_factor(elapsed, steps)) {
        Some(factor) => weight * factor,
        None => weight,
    }
}
