//! What gRPC knows of one endpoint's weight: its last non-zero report, since when it has reported,
//! and whether that report is still fresh.
//!
//! Followed from grpc/grpc `src/core/load_balancing/weighted_round_robin/weighted_round_robin.cc`
//! (commit adcc660e78c7), `EndpointWeight`, and grpc/grpc-java
//! `xds/src/main/java/io/grpc/xds/WeightedRoundRobinLoadBalancer.java` (commit 5fda0c7c35a9),
//! `WeightedChildLbState`, which agree:
//! - `MaybeUpdateWeight` / `onLoadReport`: a report of weight 0 is ignored ("not updating"); a
//!   non-zero one sets the weight and `last_update_time_`, and starts `non_empty_since_` if unset.
//! - `GetWeight` / `getWeight`: 0 (no usable weight: the scheduler gives the mean) when the last
//!   report is `weight_expiration_period` (3 min) old or more, which also unsets
//!   `non_empty_since_`; 0 within `blackout_period` (10 s) of `non_empty_since_`; else the weight.
//! - `ResetNonEmptySince`: when the endpoint becomes READY again.
//!
//! Times are steps (1 step = 1 s). An unset time is `None` (gRPC's `InfFuture`).

/// gRPC's `blackout_period` (10 s), in steps.
pub const GRPC_BLACKOUT_STEPS: u64 = 10;
/// gRPC's `weight_expiration_period` (3 min), in steps.
pub const GRPC_EXPIRATION_STEPS: u64 = 180;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct EndpointWeight {
    weight: i64,
    non_empty_since: Option<i64>,
    last_update: Option<i64>,
}

impl EndpointWeight {
    /// Nothing reported yet: what a new policy starts with.
    pub(crate) fn fresh() -> Self {
        Self {
            weight: 0,
            non_empty_since: None,
            last_update: None,
        }
    }

    /// The run's start: an endpoint of weight `w` has reported it for long enough to be out of
    /// its blackout, its last report at step 0; a weight of 0 was never reported.
    pub(crate) fn steady(weight: i64) -> Self {
        if weight > 0 {
            Self {
                weight,
                non_empty_since: Some(-(GRPC_BLACKOUT_STEPS as i64)),
                last_update: Some(0),
            }
        } else {
            Self::fresh()
        }
    }

    /// `MaybeUpdateWeight`: a report at `step`; 0 changes nothing.
    pub(crate) fn report(&mut self, step: i64, weight: i64) {
        if weight <= 0 {
            return;
        }
        self.non_empty_since.get_or_insert(step);
        self.weight = weight;
        self.last_update = Some(step);
    }

    /// `ResetNonEmptySince`: back to READY, the blackout starts again at the next report.
    pub(crate) fn reset_non_empty_since(&mut self) {
        self.non_empty_since = None;
    }

    /// True when the last report is `weight_expiration_period` old (or there is none).
    fn stale(&self, step: i64) -> bool {
        self.last_update
            .map_or(true, |t| step - t >= GRPC_EXPIRATION_STEPS as i64)
    }

    /// `GetWeight` at `step`: the weight the scheduler is built from, 0 when none is usable.
    pub(crate) fn get(&mut self, step: i64) -> i64 {
        if self.stale(step) {
            self.non_empty_since = None;
            return 0;
        }
        if self.blackout_left(step) > 0 {
            return 0;
        }
        self.weight
    }

    /// The weight gRPC holds: the last non-zero report while it is fresh, else 0.
    pub(crate) fn held(&self, step: i64) -> i64 {
        if self.stale(step) {
            0
        } else {
            self.weight
        }
    }

    /// Steps of blackout left from `step`, this one included (an unset start counts as none:
    /// then nothing is held either).
    pub(crate) fn blackout_left(&self, step: i64) -> u64 {
        self.non_empty_since.map_or(0, |since| {
            (since + GRPC_BLACKOUT_STEPS as i64 - step).max(0) as u64
        })
    }

    /// Steps left, `step` included, before a held weight expires: `None` while the endpoint
    /// reports (its last report is at `step`) or when nothing is held.
    pub(crate) fn expires_in(&self, step: i64) -> Option<u64> {
        let last = self.last_update?;
        (last < step && !self.stale(step))
            .then(|| (last + GRPC_EXPIRATION_STEPS as i64 - step) as u64)
    }
}
