//! `Walkthrough.withOptions`: any algorithm, its options and a scenario, from a plain JS object
//! (read by `run_options.rs`); and the getters for what only those runs have (state, notes,
//! events, options).

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::catalog::EventView;
use super::run_options::run_options;
use super::state_view::StateView;
use super::walkthrough::Walkthrough;
use super::CoreError;
use super::{js_error, to_js, to_js_with_nulls};
use crate::engine::{departure_from_exact, Departure, Dispatch, Note, MAX_DEPARTURE_HORIZON};
use crate::input::Weights;

/// Most node updates the page's departure check makes (both schedulers, per step, per node): on
/// the main thread it stays a fraction of a second, and many nodes check fewer steps (10,000
/// nodes: 2,000 steps; 200 or fewer: the whole horizon). `checked` says how many were compared.
const DEPARTURE_WORK: u64 = 20_000_000;
use crate::message::{Coded, Message};

/// The options as they were understood; `seed` as a string.
#[derive(Serialize)]
struct OptionsView {
    algo: &'static str,
    tie: &'static str,
    subtract: &'static str,
    seed: String,
    scenario: String,
    /// Requests per second, worker processes, whether they share a zone, and the dispatch seed
    /// (`null`: the requests go to the workers in turn).
    rate: f64,
    workers: f64,
    zone: bool,
    dispatch: Option<String>,
    /// At most this many attempts per request; 0: as many as servers not down.
    tries: f64,
}

/// Where Envoy parts from exact EDF; `step`, `envoy` and `exact` null when it does not.
#[derive(Serialize)]
struct DepartureView {
    step: Option<f64>,
    envoy: Option<usize>,
    exact: Option<usize>,
    /// Steps compared.
    checked: f64,
}

#[wasm_bindgen]
impl Walkthrough {
    /// A run of any algorithm: `options` is `{algo, tie, subtract, seed, scenario, rate, workers,
    /// zone, dispatch, tries}`, every key optional (`algo` "swrr" | "classic" | "interleaved" |
    /// "random" | "edf" | "grpc" | "grpc-java" | "envoy", default "swrr";
    /// `tie` "first" | "last"; `subtract` "total" | "own"; `seed` a string of digits or a safe
    /// integer, default 0; `scenario` the event text, default none; nginx SWRR's traffic:
    /// `rate` requests per second (1 to 10^6, default 1), `workers` (1 to 64, default 1),
    /// `zone` (the workers share one state, default false), `dispatch` a seed for the workers'
    /// draw (default: in turn), `tries` at most this many attempts per request (nginx's
    /// `proxy_next_upstream_tries`, 0 to 10^4, default 0: as many as servers not down)). Throws an Error naming the bad weights token, the bad option,
    /// or (prefixed "invalid scenario: ") the bad event.
    #[wasm_bindgen(js_name = withOptions)]
    pub fn with_options(text: &str, options: JsValue) -> Result<Walkthrough, CoreError> {
        let weights: Weights = text.parse().map_err(js_error)?;
        let (options, scenario, traffic) = run_options(&weights, options)?;
        Ok(Self::build(weights, options, scenario, traffic))
    }

    /// `"swrr"`, `"classic"`, `"interleaved"`, `"random"` or `"edf"`.
    #[wasm_bindgen(getter)]
    pub fn algorithm(&self) -> String {
        self.options.kind.as_str().to_string()
    }

    /// `{algo, tie, subtract, seed, scenario, rate, workers, zone, dispatch, tries}` as understood:
    /// `seed` a string of digits, `scenario` in canonical text (what a URL should carry),
    /// `dispatch` the seed of the workers' draw as a string, or `null` (in turn).
    pub fn options(&self) -> Result<JsValue, CoreError> {
        let traffic = &self.traffic;
        to_js_with_nulls(&OptionsView {
            algo: self.options.kind.as_str(),
            tie: self.options.tie.as_str(),
            subtract: self.options.subtract.as_str(),
            seed: self.options.seed.to_string(),
            scenario: self.scenario.to_string(),
            rate: traffic.rate as f64,
            workers: traffic.workers as f64,
            zone: traffic.zone,
            dispatch: match traffic.dispatch {
                Dispatch::InTurn => None,
                Dispatch::Seeded(seed) => Some(seed.to_string()),
            },
            tries: traffic.tries as f64,
        })
    }

    /// The run's period when it repeats from step 0 (fixed weights, no events, not random, not
    /// "own"); `undefined` otherwise.
    #[wasm_bindgen(getter, js_name = runPeriod)]
    pub fn run_period(&self) -> Option<f64> {
        self.trace.period().map(|p| p as f64)
    }

    /// The algorithm's state now: after the last pick, or at the start (step 0). Same shape as
    /// `current().state`: `{kind: "swrr", added, effective, sum}`, `{kind: "classic", counts,
    /// length, position, next}`, `{kind: "interleaved", cw, max, gcd, cursor}`, `{kind: "random",
    /// draw, range, starts}`, `{kind: "edf", now: {value, text}, queue: [{node, deadline,
    /// deadlineText}]}`.
    pub fn state(&self) -> Result<JsValue, CoreError> {
        match self.trace.current() {
            Some(step) => to_js_with_nulls(&StateView::from(&step.state)),
            None => to_js_with_nulls(&StateView::from(&self.trace.scheduler().state())),
        }
    }

    /// What an option or event does not do for this algorithm (empty when all apply):
    /// `[{code, params, text}]`, `text` the English sentence.
    pub fn notes(&self) -> Result<JsValue, CoreError> {
        let notes: Vec<Message> =
            Note::all(&self.weights, &self.options, &self.scenario, &self.traffic)
                .iter()
                .map(Coded::message)
                .collect();
        let notes = to_js(&notes)?;
        #[cfg(feature = "js-words")]
        let notes = super::words::worded_all(&notes);
        Ok(notes)
    }

    /// The scenario's events in step order: `[{step, node, kind, text}]` (`kind` "weight",
    /// "drain", "down", "up", "slowstart" or "fail"; `text` canonical, e.g. `"@20 B=80"`).
    pub fn events(&self) -> Result<JsValue, CoreError> {
        to_js(&EventView::all(&self.scenario))
    }

    /// The largest weight each node takes in the run (a `Float64Array`): its own, or a larger
    /// one the scenario sets; `tankLayout`'s `labels`, so the widest `+w` fits.
    #[wasm_bindgen(js_name = largestWeights)]
    pub fn largest_weights(&self) -> Vec<f64> {
        let largest = self.scenario.largest_weights(&self.weights.integers());
        largest.into_iter().map(|w| w as f64).collect()
    }

    /// Where Envoy (these weights, this seed) first picks otherwise than exact EDF started where
    /// Envoy's `createWithPicks` starts: `{step, envoy, exact, checked}` (`step`, `envoy`,
    /// `exact` null when they agree for all `checked` steps), looking `horizon` steps ahead (at
    /// most 1,000,000, and fewer with many nodes: [`DEPARTURE_WORK`]); `null` for a run with
    /// events, or when exact EDF would need too many picks to start there.
    pub fn departure(&self, horizon: f64) -> Result<JsValue, CoreError> {
        let nodes = self.weights.len().max(1) as u64;
        let horizon = super::step_number(horizon, "the horizon")?
            .min(MAX_DEPARTURE_HORIZON)
            .min((DEPARTURE_WORK / nodes).max(1));
        if !self.scenario.is_empty() {
            return Ok(JsValue::NULL);
        }
        let view = match departure_from_exact(&self.weights, self.options.seed, horizon) {
            None => return Ok(JsValue::NULL),
            Some(Departure::Same { checked }) => DepartureView {
                step: None,
                envoy: None,
                exact: None,
                checked: checked as f64,
            },
            Some(Departure::At { step, envoy, exact }) => DepartureView {
                step: Some(step as f64),
                envoy: Some(envoy),
                exact: Some(exact),
                checked: step as f64,
            },
        };
        to_js_with_nulls(&view)
    }
}
