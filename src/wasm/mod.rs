//! The WebAssembly facade: opaque handles over the core, errors as `CoreError`, small records
//! through serde-wasm-bindgen, long columns as typed arrays. No logic of its own.
//!
//! Two modules are built from it (Cargo features, both on by default, so the wasm tests see the
//! whole facade):
//! - `page`: what the first view needs — the walkthrough, every algorithm and scenario, the
//!   analysis and its plot columns, the tanks' layout, the limits the page's rules use, presets
//!   and scenario checks, the coded errors.
//!   The page's `www/pkg/swrr_viz*` (`--no-default-features --features page`).
//! - `extras`: what the page loads on first use — the exports (trace documents, SVG pictures,
//!   nginx upstream blocks both ways), the quiz, `PickStream` (picks in bulk: the benchmarks and
//!   programs, not the page) and `messageSamples` for the translation tests.
//!   `www/pkg-extras/swrr_viz_extras*` (`--no-default-features --features extras`).

use serde::Serialize;
use wasm_bindgen::prelude::*;

#[cfg(feature = "page")]
mod analysis;
#[cfg(feature = "page")]
mod analysis_options;
#[cfg(feature = "page")]
mod catalog;
mod error;
#[cfg(feature = "extras")]
mod export;
#[cfg(feature = "page")]
mod names;
#[cfg(feature = "page")]
mod narration_view;
#[cfg(feature = "extras")]
mod pick_stream;
#[cfg(feature = "extras")]
mod quiz;
#[cfg(feature = "page")]
mod request_step_view;
#[cfg(feature = "page")]
mod request_view;
mod run_options;
#[cfg(feature = "page")]
mod state_view;
#[cfg(feature = "page")]
mod tank_layout;
#[cfg(feature = "page")]
mod walkthrough;
#[cfg(feature = "page")]
mod walkthrough_options;
#[cfg(feature = "js-words")]
mod words;

#[cfg(feature = "page")]
pub use analysis::Analysis;
#[cfg(feature = "page")]
pub use catalog::{limits, list_algorithms, list_presets, parse_scenario};
pub use error::{ApiError, CoreError};
#[cfg(feature = "extras")]
pub use export::{export_svg, export_trace, nginx_upstream, parse_nginx_upstream};
#[cfg(feature = "page")]
pub use names::{cell_labels, name_labels};
#[cfg(feature = "extras")]
pub use pick_stream::PickStream;
#[cfg(feature = "extras")]
pub use quiz::Quiz;
#[cfg(feature = "page")]
pub use tank_layout::tank_layout;
#[cfg(feature = "page")]
pub use walkthrough::{parse_weights, Walkthrough};

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = console, js_name = error)]
    fn console_error(message: &str);
}

/// Installs a panic hook so a bug in the core is reported with its message instead of a bare
/// "unreachable" trap; the page turns the trap into a visible error banner.
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        console_error(&format!("swrr-viz core panicked: {info}"))
    }));
}

/// Panics on purpose, so tests can prove that a core bug shows an error banner, not a dead page.
#[cfg(feature = "page")]
#[wasm_bindgen(js_name = debugPanic)]
pub fn debug_panic() {
    panic!("debug panic requested by the page");
}

/// Every message the core and the facade can throw or return, one of each code, as
/// `[{code, params, text}]`: for the translation tests (tests/browser/core-messages.test.mjs),
/// which check that each language has a template for every code and that the English one gives
/// `text`. (In the extras module: the page itself never needs it.)
#[cfg(feature = "extras")]
#[wasm_bindgen(js_name = messageSamples)]
pub fn message_samples() -> Result<JsValue, CoreError> {
    let mut samples = crate::message_samples();
    samples.extend(error::api_samples());
    to_js(&samples)
}

/// A core error or note as the JS `Error` the facade throws (`message`, `code`, `params`).
pub(crate) fn js_error(e: impl crate::message::Coded) -> CoreError {
    CoreError::from(e)
}

/// A conversion that should never fail: a plain `Error` with serde-wasm-bindgen's words.
fn conversion(e: serde_wasm_bindgen::Error) -> CoreError {
    CoreError::plain(&e.to_string())
}

pub(crate) fn to_js<T: Serialize>(value: &T) -> Result<JsValue, CoreError> {
    serde_wasm_bindgen::to_value(value).map_err(conversion)
}

/// As [`to_js`], but `None` becomes `null` rather than `undefined` (records the page reads
/// field by field: "no position yet" is a value, not a missing key).
pub(crate) fn to_js_with_nulls<T: Serialize>(value: &T) -> Result<JsValue, CoreError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::new().serialize_missing_as_null(true))
        .map_err(conversion)
}

/// Levels are far below 2^53 (|level| ≤ n·W ≤ 10^17 is the loose bound; in practice ≤ W ≤ 10^13),
/// so f64 is exact; JS never sees an i64.
pub(crate) fn exact_f64(values: &[i64]) -> Vec<f64> {
    values.iter().map(|&v| v as f64).collect()
}

#[cfg(feature = "page")]
pub(crate) fn step_number(value: f64, what: &str) -> Result<u64, CoreError> {
    use crate::input::MAX_STEP;
    if !(value.is_finite() && value >= 0.0 && value.fract() == 0.0 && value <= MAX_STEP as f64) {
        return Err(ApiError::step(what, value).into());
    }
    Ok(value as u64)
}
