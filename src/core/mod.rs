//! The pure engine: no wasm-bindgen, web-sys or js-sys here; everything builds and tests natively.

mod bounds;
mod metrics;
mod names;
mod scheduler;
mod sequence;
mod step;
mod swrr;
mod table;
mod trace;
mod weight_error;
mod weights;

pub use bounds::level_range;
pub use metrics::{
    default_steps, fingerprint, render_metrics, Analysis, Fingerprint, Grid, LagExtreme,
    LevelColumns, Metrics, MetricsError, NodeMetrics, Progress, RankBy, RunCount, StripColumns,
    WindowColumns, WindowVariance,
};
pub use names::default_name;
pub use scheduler::{Pick, Scheduler, TieRule};
pub use sequence::sequence;
pub use step::Step;
pub use swrr::Swrr;
pub use table::{render_trace, TraceFormat};
pub use trace::{SeekError, Trace, CHECKPOINT_INTERVAL, MAX_NEW_WORK, MAX_STEP};
pub use weight_error::{Position, Token, WeightError};
pub use weights::{
    Node, Normalisation, Weights, MAX_DECIMALS, MAX_NAME_CHARS, MAX_NODES, MAX_WEIGHT,
};
