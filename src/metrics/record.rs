//! The metrics record: what the CLI prints (text or JSON) and the page receives, with the same keys.
//!
//! Every integer here is below 2⁵³ (steps ≤ 10¹², W ≤ 10¹³, levels ≤ n·W in theory and about W in
//! practice), so JavaScript numbers hold them exactly; serde-wasm-bindgen turns them into numbers
//! and would refuse, not round, one that is not.

use serde::Serialize;

/// A lag extreme: `lag = numerator / total` picks, first reached after step `step`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct LagExtreme {
    /// picks − ideal, in picks (f64, for display).
    pub lag: f64,
    /// The exact lag times W: `W·picks − step·w`.
    pub numerator: i64,
    /// The first step (0..=steps) where the lag reaches this value.
    pub step: u64,
}

/// `count` runs of `length` consecutive picks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RunCount {
    pub length: u64,
    pub count: u64,
}

/// The window of `window` picks whose shares are furthest from the targets.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct WindowVariance {
    /// Mean over nodes of (share in the window − target share)².
    pub variance: f64,
    /// The window's first and last step (picks first_step..=last_step); the first such window.
    pub first_step: u64,
    pub last_step: u64,
    /// How many window positions exist in the run (steps − window + 1).
    pub windows: u64,
}

/// Everything measured for one node.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NodeMetrics {
    pub name: String,
    pub weight: u64,
    /// w / W.
    pub target_share: f64,
    /// Picks in the whole run.
    pub picks: u64,
    /// steps · w / W.
    pub ideal_picks: f64,
    /// w / gcd.
    pub picks_per_period: u64,
    /// The largest lag (most picks ahead of the ideal; ≥ 0).
    pub max_ahead: LagExtreme,
    /// The smallest lag (most picks behind the ideal; ≤ 0).
    pub max_behind: LagExtreme,
    /// The longest run of consecutive picks (periodic runs wrap; see the module docs).
    pub longest_run: u64,
    /// Run-length histogram, by length ascending (one period when the run covers one).
    pub runs: Vec<RunCount>,
    /// Fewest and most picks in any window, and the same as shares of the window.
    pub window_picks_min: u64,
    pub window_picks_max: u64,
    pub window_share_min: f64,
    pub window_share_max: f64,
}

/// The metrics of one run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Metrics {
    pub nodes: Vec<NodeMetrics>,
    /// W = Σw.
    pub total: u64,
    pub gcd: u64,
    /// W / gcd: the sequence repeats every `period` picks.
    pub period: u64,
    /// Picks in the run.
    pub steps: u64,
    /// Picks per window (the requested window, at most `steps`).
    pub window: u64,
    /// "first" (nginx) or "last".
    pub tie: String,
    /// The algorithm that made the picks: "swrr" (nginx), "classic", "interleaved", "random",
    /// "edf", "grpc", "grpc-java" or "envoy".
    pub algorithm: String,
    /// What the SWRR winner subtracts: "total" (nginx) or "own" (the broken variant).
    pub subtract: String,
    /// True when the picks repeat every `period` steps: false for random and for "own".
    pub repeats: bool,
    /// True when the run covers at least one period, so it repeats one computed period.
    pub periodic: bool,
    /// Picks actually computed: min(steps, period).
    pub computed_picks: u64,
    /// FNV-1a 64 over the first `fingerprint_picks` picks (u32 little-endian each), 16 hex digits.
    pub fingerprint: String,
    pub fingerprint_picks: u64,
    pub max_window_variance: WindowVariance,
}
