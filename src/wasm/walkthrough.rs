//! The walkthrough handle: one weight vector, one run of any algorithm (nginx SWRR unless
//! `Walkthrough.withOptions` says otherwise, see `walkthrough_options.rs`), random access to
//! every step.

use std::borrow::Cow;

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::narration_view::SaidView;
use super::request_step_view::RequestView;
use super::state_view::StateView;
use super::CoreError;
use super::{exact_f64, js_error, step_number, to_js, to_js_with_nulls};
use crate::engine::{Algorithm, AlgorithmOptions, Scheduler, Step, TieRule, Trace, Traffic};
use crate::input::scenario::events::event_in_sentence;
use crate::input::text::in_sentence;
use crate::input::{Scenario, Weights};
use crate::render::narration::{self, Telling};
use crate::render::Phase;

#[derive(Serialize)]
struct NodeView<'a> {
    name: &'a str,
    weight: f64,
    /// The name as a sentence holds it, where that differs: isolated, in a right-to-left script.
    #[serde(skip_serializing_if = "Option::is_none")]
    sentence: Option<String>,
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
                    sentence: match in_sentence(&n.name) {
                        Cow::Owned(isolated) => Some(isolated),
                        Cow::Borrowed(_) => None,
                    },
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

/// One step for the page: levels after filling and after draining, the winner and ties; then
/// (added for the other algorithms and scenarios) the weights in effect, who could be picked,
/// the events applied before this pick, and the algorithm's state after it; for a run of
/// requests, the request this attempt belongs to. `winner` is `null` for an attempt that found
/// no server (`request.noneLeft`).
///
/// The record borrows the step: levels go out as the integers they are (serde-wasm-bindgen
/// writes an `i64` as a number, and they are far below 2⁵³), with no copy to convert first.
#[derive(Serialize)]
struct StepView<'a> {
    t: u64,
    before: &'a [i64],
    filled: &'a [i64],
    drained: &'a [i64],
    total: i64,
    winner: Option<usize>,
    tied: &'a [usize],
    weights: &'a [i64],
    eligible: &'a [bool],
    events: &'a [String],
    /// The events as a sentence holds them (right-to-left names isolated).
    #[serde(rename = "eventSentences")]
    event_sentences: Vec<Cow<'a, str>>,
    state: StateView<'a>,
    request: Option<RequestView<'a>>,
}

/// One row of the hand-calculation table (see [`Walkthrough::table_rows`]).
#[derive(Serialize)]
struct TableRowView<'a> {
    t: u64,
    filled: &'a [i64],
    drained: &'a [i64],
    total: i64,
    winner: Option<usize>,
    tied: &'a [usize],
}

impl<'a> From<&'a Step> for StepView<'a> {
    fn from(s: &'a Step) -> Self {
        Self {
            t: s.t,
            before: &s.before,
            filled: &s.filled,
            drained: &s.drained,
            total: s.total,
            winner: s.picked().then_some(s.winner),
            tied: &s.tied,
            weights: &s.weights,
            eligible: &s.eligible,
            events: &s.events,
            event_sentences: s.events.iter().map(|e| event_in_sentence(e)).collect(),
            state: StateView::from(&s.state),
            request: s.request.as_ref().map(RequestView::from),
        }
    }
}

/// Parses a weights text; throws an Error whose message names the bad token and what is accepted.
#[wasm_bindgen(js_name = parseWeights)]
pub fn parse_weights(text: &str) -> Result<JsValue, CoreError> {
    let weights: Weights = text.parse().map_err(js_error)?;
    to_js(&WeightsView::new(&weights))
}

/// A run over one weight vector, with random access to every step.
#[wasm_bindgen]
#[derive(Debug)]
pub struct Walkthrough {
    pub(super) weights: Weights,
    pub(super) options: AlgorithmOptions,
    pub(super) scenario: Scenario,
    /// Requests per second and worker processes (nginx SWRR).
    pub(super) traffic: Traffic,
    /// The run at step 0, for `sequence` and `levelRange`.
    pub(super) start: Algorithm,
    pub(super) trace: Trace<Algorithm>,
}

impl Walkthrough {
    pub(super) fn build(
        weights: Weights,
        options: AlgorithmOptions,
        scenario: Scenario,
        traffic: Traffic,
    ) -> Self {
        let start = Algorithm::with_traffic(&weights, &options, &scenario, &traffic);
        Self {
            trace: Trace::new(start.clone()),
            start,
            weights,
            options,
            scenario,
            traffic,
        }
    }
}

#[wasm_bindgen]
impl Walkthrough {
    /// nginx SWRR; `tie` is `"first"` (nginx) or `"last"`.
    #[wasm_bindgen(constructor)]
    pub fn new(text: &str, tie: &str) -> Result<Walkthrough, CoreError> {
        let weights: Weights = text.parse().map_err(js_error)?;
        let tie: TieRule = tie.parse().map_err(js_error)?;
        let options = AlgorithmOptions {
            tie,
            ..AlgorithmOptions::default()
        };
        Ok(Self::build(
            weights,
            options,
            Scenario::none(),
            Traffic::default(),
        ))
    }

    /// `{nodes: [{name, weight, sentence?}], total, period, gcd, normalisation, canonical}`:
    /// `sentence` where a sentence holds the name otherwise (isolated, in a right-to-left script).
    pub fn weights(&self) -> Result<JsValue, CoreError> {
        to_js(&WeightsView::new(&self.weights))
    }

    /// Picks made so far.
    #[wasm_bindgen(getter)]
    pub fn t(&self) -> f64 {
        self.trace.t() as f64
    }

    /// W/gcd of the weights (for SWRR, classic, IPVS and EDF on fixed weights, the run's period;
    /// `runPeriod` says whether this run repeats).
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
    pub fn seek(&mut self, t: f64) -> Result<(), CoreError> {
        self.trace
            .seek(step_number(t, "the step")?)
            .map_err(js_error)
    }

    /// Steps never computed that a seek to step `t` walks (0: near); refuses as `seek` does a
    /// step out of range or too far to compute.
    #[wasm_bindgen(js_name = newSteps)]
    pub fn new_steps(&self, t: f64) -> Result<f64, CoreError> {
        let steps = self
            .trace
            .new_steps(step_number(t, "the step")?)
            .map_err(js_error)?;
        Ok(steps as f64)
    }

    /// Walks at most `steps` never computed toward step `t`; how many are left (0: a seek to `t`
    /// is near). The step shown is where it stopped: a far step reached in slices between frames.
    #[wasm_bindgen(js_name = reachToward)]
    pub fn reach_toward(&mut self, t: f64, steps: f64) -> Result<f64, CoreError> {
        let target = step_number(t, "the step")?;
        let left = self
            .trace
            .reach_toward(target, steps.max(1.0) as u64)
            .map_err(js_error)?;
        Ok(left as f64)
    }

    pub fn forward(&mut self) -> Result<(), CoreError> {
        self.trace.forward().map(|_| ()).map_err(js_error)
    }

    /// One step back; false at step 0.
    pub fn back(&mut self) -> bool {
        self.trace.back()
    }

    /// The record of the last pick, or `null` at step 0.
    pub fn current(&self) -> Result<JsValue, CoreError> {
        match self.trace.current() {
            Some(step) => to_js_with_nulls(&StepView::from(step)),
            None => Ok(JsValue::NULL),
        }
    }

    /// What the last pick did up to `phase` (`"fill"`, `"pick"` or `"drain"`), as the coded
    /// sentences the page words (`narration_view.rs`), or `null` at step 0.
    pub fn narration(&self, phase: &str) -> Result<JsValue, CoreError> {
        let phase: Phase = phase.parse().map_err(js_error)?;
        let Some(step) = self.trace.current() else {
            return Ok(JsValue::NULL);
        };
        let telling = Telling {
            tie: self.options.tie,
            workers: self.traffic.workers,
            subtract: self.options.subtract,
        };
        let said = narration::narrate(&self.weights, step, phase, &telling);
        to_js(&said.iter().map(SaidView).collect::<Vec<_>>())
    }

    /// The Σ line under the tanks at `phase` of the last pick (`"fill"`, `"pick"` or `"drain"`;
    /// at step 0 the start), as a coded sentence the page words (`narration::sum_line`).
    #[wasm_bindgen(js_name = sumLine)]
    pub fn sum_line(&self, phase: &str) -> Result<JsValue, CoreError> {
        let phase: Phase = phase.parse().map_err(js_error)?;
        let step = self.trace.current();
        let sum = match (step, phase) {
            (Some(step), Phase::Fill | Phase::Pick) => step.filled.iter().sum(),
            (Some(step), _) => step.drained.iter().sum(),
            (None, _) => self.trace.levels().iter().sum(),
        };
        to_js(&SaidView(&narration::sum_line(step, phase, sum)))
    }

    /// Every node's level now.
    pub fn levels(&self) -> Vec<f64> {
        exact_f64(self.trace.levels())
    }

    /// How often each node has been picked so far.
    pub fn picks(&self) -> Vec<f64> {
        self.trace.picks().iter().map(|&p| p as f64).collect()
    }

    /// The records of steps `from..=to` (1-based); the walkthrough stays where it is. Fewer when
    /// the run stops on the way (a scenario that takes every node out): the rows before the stop.
    pub fn rows(&mut self, from: f64, to: f64) -> Result<JsValue, CoreError> {
        let rows = self
            .trace
            .rows_until_stop(step_number(from, "from")?, step_number(to, "to")?)
            .map_err(js_error)?;
        to_js_with_nulls(&rows.iter().map(StepView::from).collect::<Vec<_>>())
    }

    /// Lighter records for the hand-calculation table: `{t, filled, drained, total, winner,
    /// tied}` of steps `from..=to`, with the levels of the first `nodes` nodes only (a table
    /// of 10,000 columns is unreadable, and shipping them all would cost the page a frame).
    #[wasm_bindgen(js_name = tableRows)]
    pub fn table_rows(&mut self, from: f64, to: f64, nodes: u32) -> Result<JsValue, CoreError> {
        let rows = self
            .trace
            .rows_until_stop(step_number(from, "from")?, step_number(to, "to")?)
            .map_err(js_error)?;
        let keep = nodes as usize;
        let views: Vec<TableRowView> = rows
            .iter()
            .map(|s| TableRowView {
                t: s.t,
                filled: &s.filled[..keep.min(s.filled.len())],
                drained: &s.drained[..keep.min(s.drained.len())],
                total: s.total,
                winner: s.picked().then_some(s.winner),
                tied: &s.tied,
            })
            .collect();
        to_js(&views)
    }

    /// The first `steps` picks from step 0 as zero-based node indices (a `Uint32Array`); shorter
    /// if the run stops (every node out, or the broken variant past 2^53).
    pub fn sequence(&self, steps: u32) -> Vec<u32> {
        crate::engine::sequence(&self.start, steps as usize)
    }

    /// `[lowest, highest]` level over the first period (or the first `max_steps` picks if the
    /// period is longer, or the run does not repeat), always including 0: the scale a view can
    /// fix once. Algorithms without levels give `[0, 0]`.
    #[wasm_bindgen(js_name = levelRange)]
    pub fn level_range(&self, max_steps: u32) -> Vec<f64> {
        let steps = match self.start.cycle() {
            Some((period, _)) => period.min(u64::from(max_steps)),
            None => u64::from(max_steps),
        };
        let (low, high) = crate::engine::level_range(&self.start, steps);
        vec![low as f64, high as f64]
    }

    /// `"first"` (nginx) or `"last"`.
    #[wasm_bindgen(getter, js_name = tieRule)]
    pub fn tie_rule(&self) -> String {
        self.options.tie.as_str().to_string()
    }

    /// The nodes' count, for symmetry with the core trait (always above 0).
    #[wasm_bindgen(js_name = isEmpty)]
    pub fn is_empty(&self) -> bool {
        self.trace.scheduler().is_empty()
    }
}
