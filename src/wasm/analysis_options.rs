//! `Analysis.withOptions`: the metrics and plot columns of any algorithm's picks, so a
//! side-by-side view can measure each pane with the same record.

use wasm_bindgen::prelude::*;

use super::analysis::{optional_count, Analysis};
use super::js_error;
use super::run_options::run_options;
use super::CoreError;
use crate::engine::Algorithm;
use crate::input::Weights;
use crate::metrics::RunAnalysis;

#[wasm_bindgen]
impl Analysis {
    /// As `new Analysis(text, tie, steps, window)` for any algorithm: `options` is the object of
    /// `Walkthrough.withOptions` (`{algo, tie, subtract, seed}`). A `scenario` is refused (its
    /// shares change as it goes). Random and "own" runs do not repeat, so every step is computed
    /// (`metrics().repeats` is false).
    #[wasm_bindgen(js_name = withOptions)]
    pub fn with_options(
        text: &str,
        options: JsValue,
        steps: Option<f64>,
        window: Option<f64>,
    ) -> Result<Analysis, CoreError> {
        let weights: Weights = text.parse().map_err(js_error)?;
        let (options, scenario, traffic) = run_options(&weights, options)?;
        let steps = optional_count(steps, "steps")?;
        let window = optional_count(window, "window")?;
        let algorithm = Algorithm::with_traffic(&weights, &options, &scenario, &traffic);
        let inner =
            RunAnalysis::with_algorithm(&weights, algorithm, steps, window).map_err(js_error)?;
        Ok(Self { inner })
    }
}
