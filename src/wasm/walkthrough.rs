//! The walkthrough handle: one weight vector, one SWRR run, random access to every step.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::{exact_f64, js_error, step_number, to_js};
use crate::core::{Scheduler, Step, Swrr, TieRule, Trace, Weights};

#[derive(Serialize)]
struct NodeView<'a> {
    name: &'a str,
    weight: f64,
}

/// A parsed weight vector as the page shows it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct WeightsView<'a> {
    nodes: Vec<NodeView<'a>>,
    total: f64,
    period: f64,
    gcd: f64,
    normalisation: Option<String>,
    canonical: String,
}

impl<'a> WeightsView<'a> {
    fn new(weights: &'a Weights) -> Self {
        Self {
            nodes: weights
                .nodes()
                .iter()
                .map(|n| NodeView {
                    name: &n.name,
                    weight: n.weight as f64,
                })
                .collect(),
            total: weights.total() as f64,
            period: weights.period() as f64,
            gcd: weights.gcd() as f64,
            normalisation: weights.normalisation_text(),
            canonical: weights.canonical_text(),
        }
    }
}

/// One step for the page: levels after filling and after draining, the winner and ties.
#[derive(Serialize)]
struct StepView {
    t: f64,
    before: Vec<f64>,
    filled: Vec<f64>,
    drained: Vec<f64>,
    total: f64,
    winner: usize,
    tied: Vec<usize>,
}

impl From<&Step> for StepView {
    fn from(s: &Step) -> Self {
        Self {
            t: s.t as f64,
            before: exact_f64(&s.before),
            filled: exact_f64(&s.filled),
            drained: exact_f64(&s.drained),
            total: s.total as f64,
            winner: s.winner,
            tied: s.tied.clone(),
        }
    }
}

/// Parses a weights text; throws an Error whose message names the bad token and what is accepted.
#[wasm_bindgen(js_name = parseWeights)]
pub fn parse_weights(text: &str) -> Result<JsValue, JsError> {
    let weights: Weights = text.parse().map_err(js_error)?;
    to_js(&WeightsView::new(&weights))
}

/// A run of nginx SWRR over one weight vector, with random access to every step.
#[wasm_bindgen]
#[derive(Debug)]
pub struct Walkthrough {
    weights: Weights,
    trace: Trace<Swrr>,
}

#[wasm_bindgen]
impl Walkthrough {
    /// `tie` is `"first"` (nginx) or `"last"`.
    #[wasm_bindgen(constructor)]
    pub fn new(text: &str, tie: &str) -> Result<Walkthrough, JsError> {
        let weights: Weights = text.parse().map_err(js_error)?;
        let tie: TieRule = tie.parse().map_err(js_error)?;
        let trace = Trace::new(Swrr::with_tie_rule(&weights, tie));
        Ok(Self { weights, trace })
    }

    /// `{nodes: [{name, weight}], total, period, gcd, normalisation, canonical}`.
    pub fn weights(&self) -> Result<JsValue, JsError> {
        to_js(&WeightsView::new(&self.weights))
    }

    /// Picks made so far.
    #[wasm_bindgen(getter)]
    pub fn t(&self) -> f64 {
        self.trace.t() as f64
    }

    #[wasm_bindgen(getter)]
    pub fn period(&self) -> f64 {
        self.weights.period() as f64
    }

    #[wasm_bindgen(getter)]
    pub fn total(&self) -> f64 {
        self.weights.total() as f64
    }

    #[wasm_bindgen(getter, js_name = nodeCount)]
    pub fn node_count(&self) -> usize {
        self.weights.len()
    }

    /// Moves to step `t` (0 = before the first pick).
    pub fn seek(&mut self, t: f64) -> Result<(), JsError> {
        self.trace
            .seek(step_number(t, "the step")?)
            .map_err(js_error)
    }

    pub fn forward(&mut self) -> Result<(), JsError> {
        self.trace.forward().map(|_| ()).map_err(js_error)
    }

    /// One step back; false at step 0.
    pub fn back(&mut self) -> bool {
        self.trace.back()
    }

    /// The record of the last pick, or `null` at step 0.
    pub fn current(&self) -> Result<JsValue, JsError> {
        match self.trace.current() {
            Some(step) => to_js(&StepView::from(step)),
            None => Ok(JsValue::NULL),
        }
    }

    /// Every node's level now.
    pub fn levels(&self) -> Vec<f64> {
        exact_f64(self.trace.levels())
    }

    /// How often each node has been picked so far.
    pub fn picks(&self) -> Vec<f64> {
        self.trace.picks().iter().map(|&p| p as f64).collect()
    }

    /// The records of steps `from..=to` (1-based); the walkthrough stays where it is.
    pub fn rows(&mut self, from: f64, to: f64) -> Result<JsValue, JsError> {
        let rows = self
            .trace
            .rows(step_number(from, "from")?, step_number(to, "to")?)
            .map_err(js_error)?;
        to_js(&rows.iter().map(StepView::from).collect::<Vec<_>>())
    }

    /// The first `steps` picks from step 0 as zero-based node indices (a `Uint32Array`).
    pub fn sequence(&self, steps: u32) -> Vec<u32> {
        let start = Swrr::with_tie_rule(&self.weights, self.trace.scheduler().tie_rule());
        crate::core::sequence(&start, steps as usize)
    }

    /// `[lowest, highest]` level over the first period (or the first `max_steps` picks if the
    /// period is longer), always including 0: the scale a view can fix once.
    #[wasm_bindgen(js_name = levelRange)]
    pub fn level_range(&self, max_steps: u32) -> Vec<f64> {
        let start = Swrr::with_tie_rule(&self.weights, self.trace.scheduler().tie_rule());
        let steps = self.weights.period().min(u64::from(max_steps));
        let (low, high) = crate::core::level_range(&start, steps);
        vec![low as f64, high as f64]
    }

    /// `"first"` (nginx) or `"last"`.
    #[wasm_bindgen(getter, js_name = tieRule)]
    pub fn tie_rule(&self) -> String {
        self.trace.scheduler().tie_rule().as_str().to_string()
    }

    /// The nodes' count, for symmetry with the core trait (always above 0).
    #[wasm_bindgen(js_name = isEmpty)]
    pub fn is_empty(&self) -> bool {
        self.trace.scheduler().is_empty()
    }
}
