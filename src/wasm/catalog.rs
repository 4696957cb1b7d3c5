//! What the page lists and checks before building a run: the algorithms, the presets, a
//! scenario text against a weights text; and the core's limits that the page's own rules use once
//! the core is here (when a picture drops its labels or draws one compact chart, how far the
//! tanks' level scale looks, how many nodes a sentence names, the traffic's bounds, how many cells
//! an exported strip holds).

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::request_view::MAX_LISTED_REQUESTS;
use super::CoreError;
use super::{js_error, to_js};
use crate::engine::{AlgorithmKind, LISTED_DRAWS, MAX_RATE, MAX_TRIES, MAX_WORKERS};
use crate::input::text::QUOTED_CHARS;
use crate::input::{Scenario, Weights};
use crate::render::documents::{RANGE_SCAN_WORK, STRIP_DEFAULT_CAP};
use crate::render::narration::LISTED;
use crate::render::tank_layout::{
    DETAIL_LIMIT, MAX_TEXT_SCALE, MIN_FONT, TEXT_LIMIT, TEXT_SLOT_EM,
};
use crate::teach::presets;

/// One event for markers and lists.
#[derive(Serialize)]
pub(super) struct EventView {
    step: f64,
    node: usize,
    kind: &'static str,
    text: String,
}

impl EventView {
    pub(super) fn all(scenario: &Scenario) -> Vec<Self> {
        scenario
            .events()
            .iter()
            .map(|e| Self {
                step: e.step as f64,
                node: e.node,
                kind: e.action.kind(),
                text: e.text.clone(),
            })
            .collect()
    }
}

#[derive(Serialize)]
struct AlgorithmView {
    name: &'static str,
    description: &'static str,
}

/// `[{name, description}]` for every algorithm, the default (`"swrr"`) first.
#[wasm_bindgen(js_name = listAlgorithms)]
pub fn list_algorithms() -> Result<JsValue, CoreError> {
    to_js(
        &AlgorithmKind::ALL
            .iter()
            .map(|k| AlgorithmView {
                name: k.as_str(),
                description: k.description(),
            })
            .collect::<Vec<_>>(),
    )
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PresetView {
    name: &'static str,
    weights: &'static str,
    /// The weights and the scenario in canonical text, as `parseWeights` and `parseScenario`
    /// give them: what the page compares with a run to name its story.
    canonical_weights: String,
    canonical_scenario: String,
    algo: &'static str,
    tie: &'static str,
    subtract: &'static str,
    seed: String,
    scenario: &'static str,
    steps: f64,
    description: &'static str,
}

/// `[{name, weights, canonicalWeights, algo, tie, subtract, seed, scenario, canonicalScenario,
/// steps, description}]`: the options part can go to `Walkthrough.withOptions(weights, preset)`
/// as it is (`seed` is a string).
#[wasm_bindgen(js_name = listPresets)]
pub fn list_presets() -> Result<JsValue, CoreError> {
    let mut views = Vec::new();
    for p in presets() {
        let weights: Weights = p.weights.parse().map_err(js_error)?;
        let scenario = Scenario::parse(p.scenario, &weights).map_err(js_error)?;
        views.push(PresetView {
            name: p.name,
            weights: p.weights,
            canonical_weights: weights.canonical_text(),
            algo: p.algorithm.as_str(),
            tie: p.tie.as_str(),
            subtract: p.subtract.as_str(),
            seed: p.seed.to_string(),
            scenario: p.scenario,
            canonical_scenario: scenario.to_string(),
            steps: p.steps as f64,
            description: p.description,
        });
    }
    to_js(&views)
}

#[derive(Serialize)]
struct ScenarioView {
    canonical: String,
    events: Vec<EventView>,
}

/// Checks a scenario text against a weights text: `{canonical, events: [{step, node, kind,
/// text}]}`, or throws an Error naming the bad weights token or the bad event token, its
/// position and what is accepted.
#[wasm_bindgen(js_name = parseScenario)]
pub fn parse_scenario(weights: &str, scenario: &str) -> Result<JsValue, CoreError> {
    let weights: Weights = weights.parse().map_err(js_error)?;
    let scenario = Scenario::parse(scenario, &weights).map_err(js_error)?;
    to_js(&ScenarioView {
        canonical: scenario.to_string(),
        events: EventView::all(&scenario),
    })
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct LimitsView {
    /// Above this many nodes pictures lose their texts.
    text_limit: f64,
    /// Above this many nodes pictures draw the nodes as one compact chart.
    detail_limit: f64,
    /// A node's slot holds its texts while it is this many em wide; text shrinks to fit, down
    /// to `min_font` px, and narrower slots lose their texts.
    text_slot_em: f64,
    min_font: f64,
    /// The node updates scanned for the tanks' level scale (steps × nodes).
    range_scan_work: f64,
    /// Nodes a sentence names before "and N more".
    listed_nodes: f64,
    /// The draws gRPC's picture lists of one pick before "and N more".
    listed_draws: f64,
    max_rate: f64,
    max_workers: f64,
    /// The largest try limit (`tries`; 0 is none).
    max_tries: f64,
    /// The strip picture's steps when none are asked: one period, at most this many.
    strip_steps: f64,
    /// The most `tankLayout`'s text scale takes (presenter mode's larger text).
    max_text_scale: f64,
    /// The longest user text a message quotes whole; a longer one is cut in the middle.
    quoted_chars: f64,
    /// The most requests `Walkthrough.requests` lists in one call.
    listed_requests: f64,
}

/// `{textLimit, detailLimit, textSlotEm, minFont, rangeScanWork, listedNodes, listedDraws,
/// maxRate, maxWorkers, maxTries, stripSteps, maxTextScale, quotedChars, listedRequests}`: see
/// `LimitsView`.
#[wasm_bindgen]
pub fn limits() -> Result<JsValue, CoreError> {
    to_js(&LimitsView {
        text_limit: TEXT_LIMIT as f64,
        detail_limit: DETAIL_LIMIT as f64,
        text_slot_em: TEXT_SLOT_EM,
        min_font: MIN_FONT,
        range_scan_work: RANGE_SCAN_WORK as f64,
        listed_nodes: LISTED as f64,
        listed_draws: LISTED_DRAWS as f64,
        max_rate: MAX_RATE as f64,
        max_workers: MAX_WORKERS as f64,
        max_tries: MAX_TRIES as f64,
        strip_steps: STRIP_DEFAULT_CAP as f64,
        max_text_scale: MAX_TEXT_SCALE,
        quoted_chars: QUOTED_CHARS as f64,
        listed_requests: MAX_LISTED_REQUESTS,
    })
}
