//! The algorithms, exactly as their balancers compute them, and what a run of one is made of:
//! the [`Scheduler`] trait every algorithm implements, the [`Step`] record of one pick with the
//! [`AlgorithmState`] after it, why a run stops ([`StopReason`]), and the [`Trace`] — the history
//! of a run, seekable to any step. No wasm-bindgen, web-sys or js-sys: everything builds and
//! tests natively.
//!
//! - nginx's smooth weighted round-robin, textbook ([`Swrr`]) and as deployed with its failure
//!   model ([`nginx`]: peer health, requests and their attempts, traffic and workers);
//! - classic and interleaved weighted round-robin, exact EDF, weighted random;
//! - gRPC's static stride scheduler ([`grpc`]) and Envoy's round robin ([`envoy`]);
//! - [`Algorithm`]: any of them by name, with its options, and [`RunSpec`]: one whole run.

pub(crate) mod algorithm;
pub(crate) mod bounds;
pub(crate) mod classic;
pub(crate) mod deadline;
pub(crate) mod edf;
pub mod envoy;
pub mod grpc;
pub(crate) mod interleaved;
pub(crate) mod levelless;
pub mod nginx;
pub(crate) mod notes;
pub(crate) mod options;
pub(crate) mod pool;
pub(crate) mod requests;
pub(crate) mod run_spec;
pub(crate) mod scheduler;
pub(crate) mod sequence;
pub(crate) mod slow_start;
pub(crate) mod splitmix;
pub(crate) mod state;
pub(crate) mod step;
pub(crate) mod stop;
pub(crate) mod swrr;
pub(crate) mod trace;
pub(crate) mod weighted_random;

pub use algorithm::Algorithm;
pub use bounds::level_range;
pub use classic::Classic;
pub use deadline::Deadline;
pub use edf::Edf;
pub use envoy::edf_scheduler::{
    EdfEntry, EnvoyEdfScheduler, CREATE_EPSILON, F64, MAX_CREATE_PICKS,
};
pub use envoy::round_robin::{
    departure_from_exact, Departure, EnvoyRoundRobin, MAX_DEPARTURE_HORIZON, MAX_DEPARTURE_SKIP,
};
pub use envoy::slow_start::envoy_slow_start_factor;
pub use grpc::address_order::grpc_address_order;
pub use grpc::endpoint_weight::{GRPC_BLACKOUT_STEPS, GRPC_EXPIRATION_STEPS};
pub use grpc::static_stride::{
    StaticStride, StrideDraw, StrideFlavour, StridePick, LISTED_DRAWS, STRIDE_MAX_WEIGHT,
    STRIDE_OFFSET,
};
pub use grpc::wrr::GrpcWrr;
pub use interleaved::Interleaved;
pub use nginx::peer_health::{DEFAULT_FAIL_TIMEOUT, DEFAULT_MAX_FAILS};
pub use nginx::request::{Outcome, RequestStep};
pub use nginx::swrr::{NginxSwrr, MAX_LEVEL};
pub use nginx::traffic::{
    parse_tries, Dispatch, Traffic, TriesError, MAX_RATE, MAX_TRIES, MAX_WORKERS,
};
pub use notes::{notes, Note};
pub use options::{AlgorithmKind, AlgorithmOptions, SubtractRule, TieRule};
pub use requests::{next_request, Request};
pub use run_spec::{RunSpec, DEFAULT_TRACE_STEPS_CAP};
pub use scheduler::{Pick, Scheduler};
pub use sequence::sequence;
pub use slow_start::slow_start_weight;
pub use splitmix::SplitMix64;
pub use state::{
    AlgorithmState, ChangedStart, ClassicState, EdfState, EnvoyEntry, EnvoyMode, EnvoyQueue,
    EnvoyState, GrpcState, InterleavedState, QueueEntry, RandomState, SwrrState,
};
pub use step::Step;
pub use stop::StopReason;
pub use swrr::Swrr;
pub use trace::{
    SeekError, Trace, CHECKPOINT_BUDGET, CHECKPOINT_INTERVAL, MAX_NEW_WORK, MIN_CHECKPOINTS,
};
pub use weighted_random::WeightedRandom;
