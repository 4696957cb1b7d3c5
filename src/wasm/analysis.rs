//! The analysis handle: metrics and downsampled plot columns of one run, computed in chunks so a
//! Web Worker can report progress and stop between them. Records cross as plain objects (the
//! metrics record has the CLI's JSON keys); long columns as typed arrays (copies, so they stay
//! valid however wasm memory grows later).

use js_sys::{Float64Array, Object, Reflect, Uint32Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::CoreError;
use super::{js_error, step_number, to_js};
use crate::engine::TieRule;
use crate::input::Weights;
use crate::metrics::{Bands, Grid, RankBy, RunAnalysis};

/// Work units per slice inside [`Analysis::run_for`], between two looks at the clock
/// (about 0.3 ms natively, around 1 ms in WebAssembly).
const RUN_FOR_SLICE: u64 = 1 << 18;

/// A monotonic clock in milliseconds: `performance.now()` of the page or the worker (the wall
/// clock, `Date.now()`, can jump when the system's time is set), or `Date.now()` where a host has
/// no `performance`.
struct Clock(Option<web_sys::Performance>);

impl Clock {
    fn new() -> Self {
        let performance = Reflect::get(&js_sys::global(), &JsValue::from_str("performance"));
        Self(performance.ok().and_then(|p| p.dyn_into().ok()))
    }

    fn now(&self) -> f64 {
        self.0
            .as_ref()
            .map_or_else(js_sys::Date::now, web_sys::Performance::now)
    }
}

/// A JS object from `(key, value)` pairs.
fn object(entries: &[(&str, JsValue)]) -> Result<Object, CoreError> {
    let out = Object::new();
    for (key, value) in entries {
        Reflect::set(&out, &JsValue::from_str(key), value)
            .map_err(|_| CoreError::plain(&format!("cannot set {key} on the result object")))?;
    }
    Ok(out)
}

/// Integers below 2⁵³ as a Float64Array (exact).
fn floats<T: Copy + Into<Float>>(values: &[T]) -> JsValue {
    let values: Vec<f64> = values.iter().map(|&v| v.into().0).collect();
    Float64Array::from(values.as_slice()).into()
}

/// Exact conversion to f64 for the integer columns (all below 2⁵³ within the core's limits).
struct Float(f64);

impl From<u64> for Float {
    fn from(v: u64) -> Self {
        Self(v as f64)
    }
}

impl From<i64> for Float {
    fn from(v: i64) -> Self {
        Self(v as f64)
    }
}

impl From<f64> for Float {
    fn from(v: f64) -> Self {
        Self(v)
    }
}

/// A band plot over `grid` as `{columns, bounds, nodes, …extra, lowest, highest, envelopeLowest,
/// envelopeHighest}`, the values as Float64Arrays.
fn band_object<T: Copy + Into<Float>>(
    grid: &Grid,
    bands: &Bands<T>,
    extra: &[(&str, JsValue)],
) -> Result<Object, CoreError> {
    let mut entries = vec![
        ("columns", JsValue::from(grid.columns() as u32)),
        ("bounds", floats(&bands.bounds)),
        ("nodes", uints(&bands.nodes)),
    ];
    entries.extend_from_slice(extra);
    entries.extend([
        ("lowest", floats(&bands.lowest)),
        ("highest", floats(&bands.highest)),
        ("envelopeLowest", floats(&bands.envelope_lowest)),
        ("envelopeHighest", floats(&bands.envelope_highest)),
    ]);
    object(&entries)
}

fn uints(values: &[u32]) -> JsValue {
    Uint32Array::from(values).into()
}

/// An optional whole number (steps, window) from JS: `undefined` means the default.
pub(super) fn optional_count(value: Option<f64>, what: &str) -> Result<Option<u64>, CoreError> {
    value.map(|v| step_number(v, what)).transpose()
}

/// The metrics of one SWRR run, and its plot columns downsampled in the core.
///
/// ```js
/// const analysis = new Analysis("5,3,2", "first", 1e7, 4); // steps, window: undefined = defaults
/// while (!analysis.runFor(15).finished) postMessage({ progress: analysis.progress() });
/// const metrics = analysis.metrics();                       // the CLI's --json record
/// const strip = analysis.strip(1, analysis.steps, 800);     // typed arrays, 800 columns
/// ```
#[wasm_bindgen]
#[derive(Debug)]
pub struct Analysis {
    pub(super) inner: RunAnalysis,
}

#[wasm_bindgen]
impl Analysis {
    /// `text`: weights as typed; `tie`: `"first"` (nginx) or `"last"`; `steps` (default: one
    /// period, at most 10⁶ steps and 10⁹ node updates) and `window` (default W, capped at
    /// steps) may be `undefined`. Throws an Error naming the bad input. Computes nothing yet.
    #[wasm_bindgen(constructor)]
    pub fn new(
        text: &str,
        tie: &str,
        steps: Option<f64>,
        window: Option<f64>,
    ) -> Result<Analysis, CoreError> {
        let weights: Weights = text.parse().map_err(js_error)?;
        let tie: TieRule = tie.parse().map_err(js_error)?;
        let steps = optional_count(steps, "steps")?;
        let window = optional_count(window, "window")?;
        let inner = RunAnalysis::new(&weights, tie, steps, window).map_err(js_error)?;
        Ok(Self { inner })
    }

    /// Does about `budget` work units (a computed pick costs one per node plus 32; a unit is
    /// about 1 ns here; at least one pick) and returns `{done, total, finished}`.
    pub fn run(&mut self, budget: f64) -> Result<JsValue, CoreError> {
        let budget = if budget.is_finite() && budget >= 1.0 {
            budget as u64
        } else {
            1
        };
        to_js(&self.inner.run(budget))
    }

    /// Works for about `milliseconds` by `performance.now()` (at least one slice of 2¹⁸ work units),
    /// then returns `{done, total, finished}`. 10–20 ms per call keeps a worker responsive.
    #[wasm_bindgen(js_name = runFor)]
    pub fn run_for(&mut self, milliseconds: f64) -> Result<JsValue, CoreError> {
        let clock = Clock::new();
        let start = clock.now();
        loop {
            let progress = self.inner.run(RUN_FOR_SLICE);
            if progress.finished || clock.now() - start >= milliseconds {
                return to_js(&progress);
            }
        }
    }

    /// Changes the window (`undefined`: W, capped at steps) keeping the picks computed so far:
    /// only the window scan is redone. Call `run`/`runFor` again until finished.
    #[wasm_bindgen(js_name = setWindow)]
    pub fn set_window(&mut self, window: Option<f64>) -> Result<(), CoreError> {
        let window = optional_count(window, "window")?;
        self.inner.set_window(window).map_err(js_error)
    }

    /// `{done, total, finished}` without doing any work.
    pub fn progress(&self) -> Result<JsValue, CoreError> {
        to_js(&self.inner.progress())
    }

    #[wasm_bindgen(getter)]
    pub fn finished(&self) -> bool {
        self.inner.progress().finished
    }

    /// Picks in the run.
    #[wasm_bindgen(getter)]
    pub fn steps(&self) -> f64 {
        self.inner.steps() as f64
    }

    /// Picks per window.
    #[wasm_bindgen(getter)]
    pub fn window(&self) -> f64 {
        self.inner.window() as f64
    }

    #[wasm_bindgen(getter)]
    pub fn period(&self) -> f64 {
        self.inner.weights().period() as f64
    }

    /// W = Σw.
    #[wasm_bindgen(getter)]
    pub fn total(&self) -> f64 {
        self.inner.weights().total() as f64
    }

    #[wasm_bindgen(getter, js_name = nodeCount)]
    pub fn node_count(&self) -> usize {
        self.inner.weights().len()
    }

    /// The metrics record, with the same keys as `swrr-viz metrics --json` (docs/CLI.md, "Metrics").
    /// Throws until the run is finished.
    pub fn metrics(&self) -> Result<JsValue, CoreError> {
        let metrics = self.inner.metrics().ok_or_else(not_finished)?;
        to_js(metrics)
    }

    /// The first `count` node indices, largest first by `by`: `"weight"`, `"lag"` (spread of
    /// the lag), `"run"` (longest run) or `"window"` (spread of picks per window).
    #[wasm_bindgen(js_name = rankedNodes)]
    pub fn ranked_nodes(&self, by: &str, count: u32) -> Result<Vec<u32>, CoreError> {
        let by: RankBy = by.parse().map_err(js_error)?;
        let metrics = self.inner.metrics().ok_or_else(not_finished)?;
        Ok(metrics.ranked_nodes(by, count as usize))
    }

    /// The selection strip over steps `from..=to` in at most `columns` columns:
    /// `{columns, bounds, dominant, dominantPicks, nodes, picks}`; see docs/EMBEDDING.md.
    pub fn strip(
        &self,
        from: f64,
        to: f64,
        columns: u32,
        nodes: Option<Vec<u32>>,
    ) -> Result<Object, CoreError> {
        let grid = self.grid(from, to, columns)?;
        let strip = self
            .inner
            .strip(&grid, nodes.as_deref())
            .map_err(js_error)?;
        object(&[
            ("columns", JsValue::from(grid.columns() as u32)),
            ("bounds", floats(&strip.bounds)),
            ("dominant", uints(&strip.dominant)),
            ("dominantPicks", floats(&strip.dominant_picks)),
            ("nodes", uints(&strip.nodes)),
            ("picks", floats(&strip.picks)),
        ])
    }

    /// Lowest and highest level per column (and over all nodes with `envelope`):
    /// `{columns, bounds, nodes, lowest, highest, envelopeLowest, envelopeHighest}`.
    #[wasm_bindgen(js_name = levelColumns)]
    pub fn level_columns(
        &self,
        from: f64,
        to: f64,
        columns: u32,
        nodes: Option<Vec<u32>>,
        envelope: bool,
    ) -> Result<Object, CoreError> {
        let grid = self.grid(from, to, columns)?;
        self.columns_of_levels(&grid, nodes.as_deref(), envelope, false)
    }

    /// Lowest and highest lag (picks − ideal, in picks) per column, same shape as
    /// [`level_columns`](Self::level_columns).
    #[wasm_bindgen(js_name = lagColumns)]
    pub fn lag_columns(
        &self,
        from: f64,
        to: f64,
        columns: u32,
        nodes: Option<Vec<u32>>,
        envelope: bool,
    ) -> Result<Object, CoreError> {
        let grid = self.grid(from, to, columns)?;
        self.columns_of_levels(&grid, nodes.as_deref(), envelope, true)
    }

    /// Smallest and largest window share per column (NaN where no full window ends), and the
    /// smallest and largest gap share − target over all nodes with `envelope`:
    /// `{columns, bounds, nodes, targets, window, lowest, highest, envelopeLowest, envelopeHighest}`.
    #[wasm_bindgen(js_name = windowColumns)]
    pub fn window_columns(
        &self,
        from: f64,
        to: f64,
        columns: u32,
        nodes: Option<Vec<u32>>,
        envelope: bool,
    ) -> Result<Object, CoreError> {
        let grid = self.grid(from, to, columns)?;
        let shares = self
            .inner
            .window_columns(&grid, nodes.as_deref(), envelope)
            .map_err(js_error)?;
        let extra = [
            ("targets", floats(&shares.targets)),
            ("window", JsValue::from(shares.window as f64)),
        ];
        band_object(&grid, &shares.bands, &extra)
    }

    /// The run-length histogram of the selected nodes (all when `undefined`) added together:
    /// `{lengths, counts}`, by length ascending.
    #[wasm_bindgen(js_name = runHistogram)]
    pub fn run_histogram(&self, nodes: Option<Vec<u32>>) -> Result<Object, CoreError> {
        let histogram = self
            .inner
            .run_histogram(nodes.as_deref())
            .map_err(js_error)?;
        let lengths: Vec<u64> = histogram.iter().map(|r| r.length).collect();
        let counts: Vec<u64> = histogram.iter().map(|r| r.count).collect();
        object(&[("lengths", floats(&lengths)), ("counts", floats(&counts))])
    }
}

impl Analysis {
    /// `levelColumns` (levels) or `lagColumns` (`lag`: picks − ideal, from the same columns).
    fn columns_of_levels(
        &self,
        grid: &Grid,
        nodes: Option<&[u32]>,
        envelope: bool,
        lag: bool,
    ) -> Result<Object, CoreError> {
        let levels = self
            .inner
            .level_columns(grid, nodes, envelope)
            .map_err(js_error)?;
        if lag {
            band_object(grid, &levels.lags(), &[])
        } else {
            band_object(grid, &levels.bands, &[])
        }
    }

    fn grid(&self, from: f64, to: f64, columns: u32) -> Result<Grid, CoreError> {
        let from = step_number(from, "from")?;
        let to = step_number(to, "to")?;
        self.inner
            .grid(from, to, u64::from(columns))
            .map_err(js_error)
    }
}

fn not_finished() -> CoreError {
    js_error(crate::metrics::MetricsError::NotFinished)
}
