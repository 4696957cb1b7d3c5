//! The engine: every algorithm against its reference (a real nginx's recordings, gRPC's and Envoy's
//! own tests, naive re-implementations), properties, scenarios, the trace and the limits; the
//! metrics against naive full runs.

mod algorithm_properties;
mod algorithms;
#[path = "../common/mod.rs"]
mod common;
mod envoy_updates;
mod golden;
mod limits;
mod metrics;
mod metrics_properties;
mod nginx_recorded;
mod peer_envoy;
mod peer_grpc;
mod peer_grpc_reports;
mod peer_ipvs;
mod peer_scenarios;
mod request_metrics;
mod scenarios;
mod swrr_properties;
mod trace_checkpoints;
mod tries;
mod workers;
