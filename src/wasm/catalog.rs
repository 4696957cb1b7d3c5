//! What the page lists and checks before building a run: the algorithms, the presets, and a
//! scenario text against a weights text.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::CoreError;
use super::{js_error, to_js};
use crate::engine::AlgorithmKind;
use crate::input::{Scenario, Weights};
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
struct PresetView {
    name: &'static str,
    weights: &'static str,
    algo: &'static str,
    tie: &'static str,
    subtract: &'static str,
    seed: String,
    scenario: &'static str,
    steps: f64,
    description: &'static str,
}

/// `[{name, weights, algo, tie, subtract, seed, scenario, steps, description}]`: the options
/// part can go to `Walkthrough.withOptions(weights, preset)` as it is (`seed` is a string).
#[wasm_bindgen(js_name = listPresets)]
pub fn list_presets() -> Result<JsValue, CoreError> {
    to_js(
        &presets()
            .iter()
            .map(|p| PresetView {
                name: p.name,
                weights: p.weights,
                algo: p.algorithm.as_str(),
                tie: p.tie.as_str(),
                subtract: p.subtract.as_str(),
                seed: p.seed.to_string(),
                scenario: p.scenario,
                steps: p.steps as f64,
                description: p.description,
            })
            .collect::<Vec<_>>(),
    )
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
