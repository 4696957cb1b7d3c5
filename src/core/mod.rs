//! The pure engine: no wasm-bindgen, web-sys or js-sys here; everything builds and tests natively.

mod algorithm;
mod attempt_columns;
mod bounds;
mod choice;
mod classic;
mod deadline;
mod decimal;
mod documents;
mod edf;
mod envoy_edf;
mod envoy_round_robin;
mod event;
mod grpc_wrr;
mod interleaved;
mod levelless;
mod message;
mod message_samples;
mod metrics;
mod names;
mod nginx_conf;
mod nginx_request;
mod nginx_swrr;
mod peer_columns;
mod peer_health;
mod pool;
mod presets;
mod quiz;
mod requests;
mod run_spec;
mod run_table;
mod scenario;
mod scenario_error;
mod scheduler;
mod sequence;
mod slow_start;
mod splitmix;
mod state;
mod static_stride;
mod step;
mod stop;
mod svg;
mod swrr;
mod table;
mod trace;
mod traffic;
mod weight_error;
mod weighted_random;
mod weights;

pub use algorithm::{notes, Algorithm, AlgorithmKind, AlgorithmOptions, Note};
pub use bounds::level_range;
pub use choice::{Choice, UnknownChoice};
pub use classic::Classic;
pub use deadline::Deadline;
pub use decimal::plain_decimal;
pub use documents::{
    max_trace_steps, svg_document, trace_document, DocumentError, SvgKind, SvgRequest,
    TraceDocument, MAX_TRACE_CELLS, MAX_TRACE_ROWS,
};
pub use edf::Edf;
pub use envoy_edf::{EdfEntry, EnvoyEdfScheduler, CREATE_EPSILON, F64, MAX_CREATE_PICKS};
pub use envoy_round_robin::{
    departure_from_exact, Departure, EnvoyRoundRobin, MAX_DEPARTURE_HORIZON, MAX_DEPARTURE_SKIP,
};
pub use grpc_wrr::{GrpcWrr, GRPC_BLACKOUT_STEPS};
pub use interleaved::Interleaved;
#[cfg(target_arch = "wasm32")]
pub(crate) use message::params;
pub use message::{params_object, Arg, Coded, Message, Params};
pub use message_samples::message_samples;
pub use metrics::{
    default_steps, fingerprint, render_metrics, Analysis, Fingerprint, Grid, LagExtreme,
    LevelColumns, Metrics, MetricsError, NodeMetrics, Progress, RankBy, RunCount, StripColumns,
    WindowColumns, WindowVariance, PICK_OVERHEAD,
};
pub use names::default_name;
pub use nginx_conf::{
    parse_upstream, render_upstream, ParameterProblem, Upstream, UpstreamError, UpstreamNote,
    UpstreamProblem, UpstreamServer, MAX_UPSTREAM_BYTES,
};
pub use nginx_request::{Outcome, RequestStep};
pub use nginx_swrr::{NginxSwrr, SubtractRule, MAX_LEVEL};
pub use peer_health::{DEFAULT_FAIL_TIMEOUT, DEFAULT_MAX_FAILS};
pub use presets::{preset, presets, Preset};
pub use quiz::{
    Exercise, Feedback, Quiz, QuizError, Reason, Tier, EXERCISE_SALT, MAX_EXERCISE,
    PICKS_PER_EXERCISE,
};
pub use requests::{next_request, Request};
pub use run_spec::{RunSpec, DEFAULT_TRACE_STEPS_CAP};
pub use run_table::{render_run, RunInfo};
pub use scenario::{
    Action, Curve, Event, HealthSettings, Policy, Scenario, MAX_EVENTS, MAX_FAILS, MAX_RAMP_STEPS,
};
pub use scenario_error::{EventToken, Expected, NodeList, NumberKind, ScenarioError};
pub use scheduler::{Pick, Scheduler, TieRule};
pub use sequence::sequence;
pub use slow_start::slow_start_weight;
pub use splitmix::SplitMix64;
pub use state::{
    AlgorithmState, ClassicState, EdfState, EnvoyEntry, EnvoyMode, EnvoyState, GrpcState,
    InterleavedState, QueueEntry, RandomState, SwrrState,
};
pub use static_stride::{
    StaticStride, StrideDraw, StrideFlavour, StridePick, LISTED_DRAWS, STRIDE_MAX_WEIGHT,
};
pub use step::Step;
pub use stop::StopReason;
pub use svg::{
    animated_svg, escape_xml, max_animated_steps, still_svg, strip_svg, table_svg, tanks_svg,
    AnimationOptions, Phase, Picture, SvgError, SvgOptions, TankView, Theme, DEFAULT_STEP_MS,
    DEFAULT_WIDTH, MAX_ANIMATED_NODES, MAX_ANIMATED_STEPS, MAX_ANIMATED_WORK, MAX_FRAME_NODES,
    MAX_STEP_MS, MAX_STRIP_STEPS, MAX_TABLE_NODES, MAX_TABLE_STEPS, MAX_WIDTH, MIN_STEP_MS,
    MIN_WIDTH,
};
pub use swrr::Swrr;
pub use table::{render_trace, TraceFormat};
pub use trace::{
    SeekError, Trace, CHECKPOINT_BUDGET, CHECKPOINT_INTERVAL, MAX_NEW_WORK, MAX_STEP,
    MIN_CHECKPOINTS,
};
pub use traffic::{Dispatch, Traffic, MAX_RATE, MAX_WORKERS};
pub(crate) use weight_error::{quoted, QUOTED_CHARS};
pub use weight_error::{NameProblem, Position, Token, WeightError};
pub use weighted_random::WeightedRandom;
pub use weights::{
    Node, Normalisation, Weights, MAX_DECIMALS, MAX_NAME_CHARS, MAX_NODES, MAX_WEIGHT,
};
