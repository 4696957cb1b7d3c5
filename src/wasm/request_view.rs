//! The request side of a walkthrough, for runs that model requests (nginx SWRR with failed
//! attempts, backup servers or several workers): which request and attempt a step is and how it
//! ended, the requests of the run with their attempts (the strip stacks them), the metrics of
//! the answered requests, each worker's levels, and what the tanks say of the attempt.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::analysis::optional_count;
use super::error::ApiError;
use super::walkthrough::Walkthrough;
use super::{exact_f64, js_error, to_js, to_js_with_nulls, CoreError};
use crate::engine::{next_request, Request, RunSpec};
use crate::metrics::RequestMetrics;
use crate::render::{Phase, RequestMark};

/// Most requests [`Walkthrough::requests`] lists in one call.
pub(super) const MAX_LISTED_REQUESTS: f64 = 100_000.0;

/// Node updates [`Walkthrough::event_steps`] spends to find where the events of a run of
/// requests fall.
const EVENT_STEP_WORK: u64 = 10_000_000;

/// A request of the run as it started: at which step, by which worker.
struct StartedRequest {
    first: u64,
    request: Request,
    worker: Option<usize>,
}

impl StartedRequest {
    /// Steps it took: its attempts, and the one that found no server.
    fn steps(&self) -> usize {
        self.request.attempts.len() + usize::from(self.request.none_left)
    }
}

impl Walkthrough {
    /// The run's requests from step 0, each with the step of its first attempt (until it stops).
    fn requests_from_start(&self) -> impl Iterator<Item = StartedRequest> + '_ {
        let mut run = self.start.clone();
        let mut step = 1;
        std::iter::from_fn(move || {
            let request = next_request(&mut run)?;
            let started = StartedRequest {
                first: step,
                request,
                worker: run.last_worker(),
            };
            step += started.steps() as u64;
            Some(started)
        })
    }
}

/// One request of the run, for the strip.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RequestSummary {
    request: f64,
    /// The step of its first attempt, and how many steps it took (attempts, and the one that
    /// found no server).
    first: f64,
    steps: usize,
    /// The server of each attempt that picked one, in order.
    attempts: Vec<usize>,
    /// `"answered"`, `"failed"` (its last try refused: 502) or `"none"` (no server left: 502).
    outcome: &'static str,
    worker: Option<usize>,
}

#[wasm_bindgen]
impl Walkthrough {
    /// True when steps are attempts of requests: nginx SWRR with `dead`, `alive`, `fail`,
    /// `backup`, `primary`, `max_fails=`/`timeout=` events, several workers, or every server
    /// down at some step (each request then a 502).
    #[wasm_bindgen(getter, js_name = modelsRequests)]
    pub fn models_requests(&self) -> bool {
        self.start.models_requests()
    }

    /// The first `count` requests (at most 100,000) from step 0: `[{request, first, steps,
    /// attempts, outcome, worker}]` — `first` the step of its first attempt, `steps` how many
    /// steps it took, `attempts` the server of each attempt that picked one, `outcome`
    /// `"answered"`, `"failed"` or `"none"`, `worker` the worker process (null with one). Fewer
    /// when the run stops.
    pub fn requests(&self, count: f64) -> Result<JsValue, CoreError> {
        if !(count.fract() == 0.0 && (0.0..=MAX_LISTED_REQUESTS).contains(&count)) {
            return Err(ApiError::WholeNumber {
                what: "count".into(),
                max: MAX_LISTED_REQUESTS,
                value: count,
            }
            .into());
        }
        let list: Vec<RequestSummary> = self
            .requests_from_start()
            .take(count as usize)
            .zip(1..)
            .map(|(started, k)| RequestSummary {
                request: f64::from(k),
                first: started.first as f64,
                steps: started.steps(),
                outcome: match (started.request.answered, started.request.none_left) {
                    (true, _) => "answered",
                    (false, true) => "none",
                    (false, false) => "failed",
                },
                attempts: started.request.attempts,
                worker: started.worker,
            })
            .collect();
        to_js_with_nulls(&list)
    }

    /// The step each event (in `events()`'s order) happens before: its own number, or in a run
    /// of requests, where `@k` is request k, the step of request k's first attempt, after every
    /// retry before it. An event after the run stops, or past the requests a budget of work
    /// lists (at most 100,000, fewer with many nodes), keeps its own number.
    #[wasm_bindgen(js_name = eventSteps)]
    pub fn event_steps(&self) -> Vec<f64> {
        let own: Vec<u64> = self.scenario.events().iter().map(|e| e.step).collect();
        let last = own.iter().copied().max().unwrap_or(0);
        if !self.start.models_requests() || last == 0 {
            return own.iter().map(|&step| step as f64).collect();
        }
        let nodes = self.weights.len().max(1) as u64;
        let listed = last
            .min(MAX_LISTED_REQUESTS as u64)
            .min(EVENT_STEP_WORK / nodes);
        let firsts: Vec<u64> = self
            .requests_from_start()
            .take(listed as usize)
            .map(|started| started.first)
            .collect();
        own.iter()
            .map(|&k| {
                let first = (k as usize).checked_sub(1).and_then(|i| firsts.get(i));
                first.copied().unwrap_or(k) as f64
            })
            .collect()
    }

    /// The metrics of the first `requests` requests (default: one period after the last event,
    /// at least 100) with windows of `window` answered requests (default the primary servers'
    /// W): the record `swrr-viz metrics --json` prints for a run of requests (snake_case keys).
    #[wasm_bindgen(js_name = requestMetrics)]
    pub fn request_metrics(
        &self,
        requests: Option<f64>,
        window: Option<f64>,
    ) -> Result<JsValue, CoreError> {
        let spec = RunSpec {
            traffic: self.traffic,
            ..RunSpec::new(self.weights.clone(), self.options, self.scenario.clone())
        };
        let metrics = RequestMetrics::measure(
            &spec,
            optional_count(requests, "requests")?,
            optional_count(window, "window")?,
        )
        .map_err(js_error)?;
        to_js(&metrics)
    }

    /// What a run of requests says under each tank at `phase` (`"fill"`, `"pick"` or
    /// `"drain"`) of the current step, the SVG pictures' words (`RequestMark`): per tank the
    /// catalog code of its word (`figure.refused`, `figure.tried`, `figure.skipped`,
    /// `figure.backup`, `figure.dead`) or null (then `picked`, `tie`, `out` or nothing); `[]` at
    /// step 0 and when the step is not an attempt of a request.
    #[wasm_bindgen(js_name = requestMarks)]
    pub fn request_marks(&self, phase: &str) -> Result<JsValue, CoreError> {
        let phase: Phase = phase.parse().map_err(js_error)?;
        let marks: Vec<Option<&str>> = match self.trace.current() {
            Some(step) if step.request.is_some() => (0..step.filled.len())
                .map(|i| RequestMark::of(step, phase, i).map(RequestMark::code))
                .collect(),
            _ => Vec::new(),
        };
        to_js_with_nulls(&marks)
    }

    /// Each worker process's levels after the current step (`[[A, B, …], …]`, worker 0 first),
    /// when the workers keep states of their own; `[]` otherwise.
    #[wasm_bindgen(js_name = workerLevels)]
    pub fn worker_levels(&self) -> Result<JsValue, CoreError> {
        let levels: Vec<Vec<f64>> = self
            .trace
            .scheduler()
            .worker_levels()
            .unwrap_or_default()
            .iter()
            .map(|l| exact_f64(l))
            .collect();
        to_js(&levels)
    }

    /// The worker process that served the current step's request, when there are several.
    #[wasm_bindgen(getter, js_name = currentWorker)]
    pub fn current_worker(&self) -> Option<usize> {
        self.trace.scheduler().last_worker()
    }
}
