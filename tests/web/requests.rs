//! Runs of requests as JavaScript sees them, in headless Chromium: each step's request side
//! (request, attempt, outcome, a winner of null when no server was left), the traffic options
//! (`rate`, `workers`, `zone`, `dispatch`; `tries` in tries.rs), the requests listed for the
//! strip, the metrics of the answered requests, and each worker's levels. Run like tests/web/walkthrough.rs.
#![cfg(target_arch = "wasm32")]

use crate::support::{options, with};
use serde::Deserialize;
use swrr_viz::wasm::Walkthrough;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Request {
    request: f64,
    attempt: u32,
    outcome: String,
    last: bool,
    bad_gateway: bool,
    none_left: bool,
    tried: Vec<bool>,
    fails: Vec<f64>,
    max_fails: Vec<f64>,
    disabled: Vec<bool>,
}

impl Request {
    /// Which attempt of which request this is, how it ended, and whether it was the last one.
    fn summary(&self) -> (f64, u32, &str, bool) {
        (self.request, self.attempt, self.outcome.as_str(), self.last)
    }
}

#[derive(Debug, Deserialize)]
struct Step {
    t: f64,
    winner: Option<usize>,
    request: Option<Request>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Listed {
    request: f64,
    first: f64,
    steps: usize,
    attempts: Vec<usize>,
    outcome: String,
    worker: Option<usize>,
}

fn steps(w: &mut Walkthrough, from: f64, to: f64) -> Vec<Step> {
    serde_wasm_bindgen::from_value(w.rows(from, to).unwrap()).unwrap()
}

#[wasm_bindgen_test]
fn a_dead_server_is_picked_refused_and_the_request_retried() {
    let mut w = with(
        "5,3,2",
        &[("scenario", "@1 C dead max_fails=3 timeout=3600".into())],
    );
    assert!(w.models_requests());
    // A B C>A: request 3 is two attempts, steps 3 and 4.
    let rows = steps(&mut w, 1.0, 4.0);
    assert_eq!(
        rows.iter().map(|s| s.winner).collect::<Vec<_>>(),
        [Some(0), Some(1), Some(2), Some(0)]
    );
    let third = rows[2].request.as_ref().unwrap();
    assert_eq!(third.summary(), (3.0, 1, "failed", false));
    assert_eq!(third.fails, [0.0, 0.0, 1.0]);
    let retry = rows[3].request.as_ref().unwrap();
    assert_eq!(retry.summary(), (3.0, 2, "answered", true));
    assert_eq!(retry.tried, [false, false, true]);
    assert!(!retry.bad_gateway && !retry.none_left);
    // C's third refusal is request 14 (C>B, steps 16 and 17); request 15 (step 18) skips it.
    let skipping = steps(&mut w, 18.0, 18.0).remove(0).request.unwrap();
    assert_eq!(skipping.request, 15.0);
    assert_eq!(skipping.fails, [0.0, 0.0, 3.0]);
    assert_eq!(skipping.max_fails, [1.0, 1.0, 3.0]);
    assert_eq!(skipping.disabled, [false, false, true]);
    // The requests for the strip: one entry per request, attempts stacked.
    let listed: Vec<Listed> = serde_wasm_bindgen::from_value(w.requests(4.0).unwrap()).unwrap();
    assert_eq!(listed[2].attempts, [2, 0]);
    assert_eq!(
        (listed[2].request, listed[2].first, listed[2].steps),
        (3.0, 3.0, 2)
    );
    assert_eq!(
        (listed[3].first, listed[3].outcome.as_str()),
        (5.0, "answered")
    );
    assert_eq!(listed[3].worker, None);
    // Plain runs carry no request side.
    let mut plain = with("5,3,2", &[]);
    assert!(!plain.models_requests());
    assert!(steps(&mut plain, 1.0, 1.0)[0].request.is_none());
}

#[wasm_bindgen_test]
fn an_event_of_a_run_of_requests_falls_at_its_requests_first_attempt() {
    // "C dies, and comes back": C is refused at requests 8 and 25, each retried, so request 31
    // starts at step 33; @5 comes before any retry, at step 5.
    let w = with("5,3,2", &[("scenario", "@5 C dead; @31 C alive".into())]);
    assert_eq!(w.event_steps(), [5.0, 33.0]);
    // Without requests an event is at its own step; past where the run stops, too.
    let plain = with("5,3,2", &[("scenario", "@13 C down; @23 C up".into())]);
    assert_eq!(plain.event_steps(), [13.0, 23.0]);
    let stopped = with(
        "5,3,2",
        &[(
            "scenario",
            "@2 A fail; @3 A down; @3 B down; @3 C down; @10 A up".into(),
        )],
    );
    assert_eq!(stopped.event_steps(), [2.0, 3.0, 3.0, 3.0, 10.0]);
}

#[wasm_bindgen_test]
fn no_server_left_has_no_winner() {
    let mut w = with(
        "5,3,2",
        &[("scenario", "@1 A dead; @1 B dead; @1 C dead".into())],
    );
    // A>B>C>- then -: the second request finds every server disabled.
    let rows = steps(&mut w, 1.0, 4.0);
    let first = rows[2].request.as_ref().unwrap();
    assert_eq!(
        (first.outcome.as_str(), first.bad_gateway),
        ("failed", true)
    );
    assert_eq!(rows[3].winner, None);
    let none = rows[3].request.as_ref().unwrap();
    assert_eq!(
        (
            none.request,
            none.outcome.as_str(),
            none.none_left,
            none.bad_gateway
        ),
        (2.0, "none", true, true)
    );
    w.seek(4.0).unwrap();
    let current: Step = serde_wasm_bindgen::from_value(w.current().unwrap()).unwrap();
    assert_eq!((current.t, current.winner), (4.0, None));
    let listed: Vec<Listed> = serde_wasm_bindgen::from_value(w.requests(2.0).unwrap()).unwrap();
    assert_eq!(
        listed
            .iter()
            .map(|r| r.outcome.as_str())
            .collect::<Vec<_>>(),
        ["failed", "none"]
    );
    assert_eq!((listed[1].first, listed[1].steps), (4.0, 1));
}

#[derive(Debug, Deserialize)]
struct Options {
    rate: f64,
    workers: f64,
    zone: bool,
    dispatch: Option<String>,
}

#[wasm_bindgen_test]
fn four_workers_each_with_their_own_tanks() {
    let mut w = with("5,3,2", &[("workers", 4.into()), ("rate", 10.into())]);
    let o: Options = serde_wasm_bindgen::from_value(w.options().unwrap()).unwrap();
    assert_eq!(
        (o.rate, o.workers, o.zone, o.dispatch),
        (10.0, 4.0, false, None)
    );
    assert!(w.models_requests());
    w.seek(5.0).unwrap();
    // In turn: requests 1–4 went to workers 0–3 (each picked A), request 5 to worker 0 again.
    assert_eq!(w.current_worker(), Some(0));
    let levels: Vec<Vec<f64>> = serde_wasm_bindgen::from_value(w.worker_levels().unwrap()).unwrap();
    assert_eq!(
        levels,
        [
            vec![0.0, -4.0, 4.0],
            vec![-5.0, 3.0, 2.0],
            vec![-5.0, 3.0, 2.0],
            vec![-5.0, 3.0, 2.0]
        ]
    );
    let listed: Vec<Listed> = serde_wasm_bindgen::from_value(w.requests(5.0).unwrap()).unwrap();
    assert_eq!(
        listed.iter().map(|r| r.worker).collect::<Vec<_>>(),
        [Some(0), Some(1), Some(2), Some(3), Some(0)]
    );
    // With a zone: one state, so no worker levels; a seeded dispatch comes back as a string.
    let zoned = with(
        "5,3,2",
        &[
            ("workers", 4.into()),
            ("zone", true.into()),
            ("dispatch", "7".into()),
        ],
    );
    let o: Options = serde_wasm_bindgen::from_value(zoned.options().unwrap()).unwrap();
    assert_eq!((o.zone, o.dispatch.as_deref()), (true, Some("7")));
    let levels: Vec<Vec<f64>> =
        serde_wasm_bindgen::from_value(zoned.worker_levels().unwrap()).unwrap();
    assert!(levels.is_empty());
}

#[derive(Debug, Deserialize)]
struct Metrics {
    requests: f64,
    answered: f64,
    attempts: f64,
    retries: f64,
    bad_gateway: f64,
    nodes: Vec<NodeMetrics>,
}

#[derive(Debug, Deserialize)]
struct NodeMetrics {
    answered: f64,
    failed: f64,
}

#[wasm_bindgen_test]
fn request_metrics_as_the_cli_prints_them() {
    let w = with(
        "5,3,2",
        &[("scenario", "@1 C dead max_fails=3 timeout=3600".into())],
    );
    let m: Metrics =
        serde_wasm_bindgen::from_value(w.request_metrics(Some(30.0), None).unwrap()).unwrap();
    assert_eq!(
        (m.requests, m.answered, m.attempts, m.retries, m.bad_gateway),
        (30.0, 30.0, 33.0, 3.0, 0.0)
    );
    assert_eq!(
        m.nodes
            .iter()
            .map(|n| (n.answered, n.failed))
            .collect::<Vec<_>>(),
        [(19.0, 0.0), (11.0, 0.0), (0.0, 3.0)]
    );
}

fn code(err: impl Into<JsValue>) -> (String, String) {
    let value: JsValue = err.into();
    let code = js_sys::Reflect::get(&value, &"code".into())
        .unwrap()
        .as_string()
        .unwrap_or_default();
    let message = value
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .unwrap_or_default();
    (code, message)
}

#[wasm_bindgen_test]
fn bad_traffic_options_are_refused_by_name() {
    for (key, value, expected) in [
        (
            "workers",
            JsValue::from(0),
            "workers must be a whole number from 1 to 64, got 0",
        ),
        (
            "rate",
            JsValue::from(1.5),
            "rate must be a whole number from 1 to 1000000, got 1.5",
        ),
        // An attribute's text: quoted as written.
        (
            "rate",
            JsValue::from("abc"),
            "rate must be a whole number from 1 to 1000000, got \"abc\"",
        ),
        (
            "workers",
            JsValue::from("1e2"),
            "workers must be a whole number from 1 to 64, got \"1e2\"",
        ),
    ] {
        let err = Walkthrough::with_options("5,3,2", options(&[(key, value)])).unwrap_err();
        assert_eq!(code(err), ("options.traffic".into(), expected.into()));
    }
    // …and digits are a count.
    assert!(Walkthrough::with_options("5,3,2", options(&[("workers", "4".into())])).is_ok());
    let err = Walkthrough::with_options("5,3,2", options(&[("zone", "yes".into())])).unwrap_err();
    assert_eq!(code(err).1, "invalid options: zone must be true or false");
}

/// What the page's tanks say at each phase: the core's `RequestMark` codes, the words its SVG
/// pictures say too.
#[wasm_bindgen_test]
fn request_marks_are_the_catalog_codes_of_what_each_tank_says() {
    let mut w = with(
        "5,3,2",
        &[("scenario", "@1 C dead max_fails=3 timeout=3600".into())],
    );
    let marks = |w: &Walkthrough, phase: &str| -> Vec<Option<String>> {
        serde_wasm_bindgen::from_value(w.request_marks(phase).unwrap()).unwrap()
    };
    let code = |c: &str| Some(c.to_string());
    w.seek(0.0).unwrap();
    assert!(marks(&w, "drain").is_empty(), "step 0");
    // Step 3, request 3's first attempt: C, dead, before and after it refuses.
    w.seek(3.0).unwrap();
    assert_eq!(marks(&w, "fill"), [None, None, code("figure.dead")]);
    assert_eq!(marks(&w, "pick"), [None, None, code("figure.refused")]);
    assert_eq!(marks(&w, "drain"), [None, None, code("figure.refused")]);
    // Step 4, the retry: C sat out, tried; A answers.
    w.seek(4.0).unwrap();
    assert_eq!(marks(&w, "drain"), [None, None, code("figure.tried")]);
    assert!(
        w.request_marks("start").is_err(),
        "start is no phase of a step"
    );
    // A run without requests marks nothing.
    let plain = with("5,3,2", &[]);
    assert!(marks(&plain, "drain").is_empty());
}
