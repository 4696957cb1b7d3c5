//! Smoothness metrics of an SWRR run, and the downsampled data its plots need, computed exactly.
//!
//! # Definitions
//! A run is the first `steps` picks (T) of static SWRR from step 0. W = Σwᵢ, P = W/gcd is the
//! period, t counts picks made (0 ≤ t ≤ T), picksᵢ(t) the picks of node i among the first t.
//!
//! - **level** (current weight after the pick): `levelᵢ(t) = t·wᵢ − W·picksᵢ(t)`, an integer.
//! - **lag**: `lagᵢ(t) = picksᵢ(t) − t·wᵢ/W = −levelᵢ(t)/W`. It is reported as `numerator / W`
//!   with the exact integer numerator `W·picksᵢ(t) − t·wᵢ`, plus an f64 for display. *Ahead* is the
//!   largest lag (≥ 0), *behind* the smallest (≤ 0), each with the first step where it happens.
//! - **runs**: maximal blocks of consecutive picks of one node. When the run covers at least one
//!   period (T ≥ P) the sequence is treated as the periodic sequence it is: a block that crosses
//!   the period boundary counts whole (`5,1,1` is `A A B A C A A | A A B …`, so A's longest run
//!   is 4), and the histogram counts the runs of one period. A node that is picked at every step
//!   (the only weight above 0) has one run of length T. When T < P, runs are those of the T picks.
//! - **window share variance**: for the window of K picks starting after step s (picks s+1..=s+K,
//!   0 ≤ s ≤ T−K), `V(s) = (1/n)·Σᵢ (countᵢ/K − wᵢ/W)²` — the mean over all n nodes of the squared
//!   gap between a node's share of the window and its target share. Reported: the largest V and
//!   the first window where it happens. K defaults to W and is capped at T. Windows of a multiple
//!   of P picks always hold every node exactly its share, so V is 0 for them (K = W included,
//!   once T ≥ W; a run shorter than K has one window, the whole run).
//! - **fingerprint**: FNV-1a 64 over the first min(T, P) picks, each pick (the zero-based node
//!   index) fed as 4 bytes, u32 little-endian; shown as 16 lower-case hex digits. A run of T ≥ P
//!   picks repeats that block, so the fingerprint of a weight vector does not depend on T once T
//!   covers a period: `swrr-viz seq W --index --steps <fingerprint_picks>` gives the hashed picks.
//!
//! # Cost
//! Only min(T, P) picks are computed (n node updates each); everything else uses the period:
//! a run of 10⁷ steps over a period of 10 costs about a period plus a window. The work is done by
//! [`RunAnalysis::run`] in chunks of a given budget, so a caller can stay under a time limit.
//!
//! ```
//! use swrr_viz::engine::TieRule;
//! use swrr_viz::input::Weights;
//! use swrr_viz::metrics::RunAnalysis;
//! let weights: Weights = "5,1,1".parse().unwrap();
//! let mut analysis = RunAnalysis::new(&weights, TieRule::First, None, None).unwrap();
//! let metrics = analysis.run_to_end();
//! assert_eq!(metrics.period, 7);
//! assert_eq!(metrics.nodes[0].longest_run, 4); // A A | A A across the period boundary
//! assert_eq!(metrics.nodes[0].picks, 5);
//! ```

mod analysis;
mod bands;
mod error;
mod fingerprint;
mod grid;
mod histogram;
mod lag;
mod level_columns;
mod limits;
mod rank;
mod record;
mod report;
mod request_report;
mod requests;
mod run_data;
mod runs;
mod selection;
mod strip;
mod tape;
mod text_table;
mod window;
mod window_columns;

pub use analysis::{Progress, RunAnalysis, PICK_OVERHEAD};
pub use bands::Bands;
pub use error::MetricsError;
pub use fingerprint::{fingerprint, Fingerprint};
pub use grid::Grid;
pub use level_columns::LevelColumns;
pub use limits::{
    default_steps, DEFAULT_STEPS_CAP, DEFAULT_WORK_CAP, MAX_COLUMNS, MAX_COMPUTED_PICKS,
    MAX_PLOT_VALUES, MAX_RUN_STEPS, MAX_WORK,
};
pub use rank::RankBy;
pub use record::{LagExtreme, Metrics, NodeMetrics, RunCount, WindowVariance};
pub use report::render_metrics;
pub use request_report::render_request_metrics;
pub use requests::{
    RequestMetrics, RequestNodeMetrics, RequestWindow, MAX_DEFAULT_REQUESTS, MIN_DEFAULT_REQUESTS,
};
pub use strip::StripColumns;
pub use window_columns::WindowColumns;
