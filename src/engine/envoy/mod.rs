//! Envoy's weighted round robin: its f64 EDF scheduler and the load balancer around it.

pub(crate) mod edf_scheduler;
pub(crate) mod round_robin;
pub(crate) mod slow_start;
