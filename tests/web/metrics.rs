//! The `Analysis` facade (src/wasm/analysis.rs) as JavaScript sees it, in headless Chromium:
//! `CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner cargo test --target
//! wasm32-unknown-unknown --test web` (with CHROMEDRIVER set, as scripts/env.sh does).
//!
//! The fingerprint must equal the native one (tests/engine/metrics.rs), so both builds compute the
//! same sequence; typed arrays and record keys are the contract the page reads.
#![cfg(target_arch = "wasm32")]

use crate::support::message;
use js_sys::{Float64Array, Object, Reflect, Uint32Array};
use serde::Deserialize;
use swrr_viz::wasm::Analysis;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

/// `swrr-viz metrics 5,3,2` natively (tests/engine/metrics.rs, FINGERPRINT_5_3_2).
const NATIVE_FINGERPRINT_5_3_2: &str = "cd131674c9005584";

#[derive(Debug, Deserialize)]
struct Lag {
    lag: f64,
    numerator: f64,
    step: f64,
}

#[derive(Debug, Deserialize)]
struct NodeMetrics {
    name: String,
    picks: f64,
    max_behind: Lag,
    longest_run: f64,
}

#[derive(Debug, Deserialize)]
struct Metrics {
    nodes: Vec<NodeMetrics>,
    period: f64,
    steps: f64,
    computed_picks: f64,
    fingerprint: String,
    fingerprint_picks: f64,
}

#[derive(Debug, Deserialize)]
struct Progress {
    done: f64,
    total: f64,
    finished: bool,
}

fn finished(text: &str, steps: Option<f64>, window: Option<f64>) -> Analysis {
    let mut analysis = Analysis::new(text, "first", steps, window).expect("valid input");
    while !analysis.finished() {
        analysis.run(1e6).expect("run");
    }
    analysis
}

fn metrics(analysis: &Analysis) -> Metrics {
    serde_wasm_bindgen::from_value(analysis.metrics().expect("finished")).expect("a metrics record")
}

fn field(object: &Object, key: &str) -> JsValue {
    Reflect::get(object, &JsValue::from_str(key)).expect("field")
}

fn floats(object: &Object, key: &str) -> Vec<f64> {
    field(object, key)
        .dyn_into::<Float64Array>()
        .unwrap_or_else(|_| panic!("{key} is a Float64Array"))
        .to_vec()
}

fn uints(object: &Object, key: &str) -> Vec<u32> {
    field(object, key)
        .dyn_into::<Uint32Array>()
        .unwrap_or_else(|_| panic!("{key} is a Uint32Array"))
        .to_vec()
}

#[wasm_bindgen_test]
fn fingerprint_equals_the_native_one() {
    let analysis = finished("5,3,2", None, None);
    let m = metrics(&analysis);
    assert_eq!(m.fingerprint, NATIVE_FINGERPRINT_5_3_2);
    assert_eq!((m.period, m.fingerprint_picks), (10.0, 10.0));
    let picks: Vec<f64> = m.nodes.iter().map(|n| n.picks).collect();
    assert_eq!(picks, [5.0, 3.0, 2.0]);
    // Integers arrive as JS numbers, not BigInt.
    let record = analysis.metrics().unwrap();
    assert!(field(record.unchecked_ref(), "period").as_f64().is_some());
}

#[wasm_bindgen_test]
fn run_for_reports_progress_until_finished() {
    let mut analysis = Analysis::new("13,7,5,3,2,1", "first", Some(5000.0), Some(17.0)).unwrap();
    let before: Progress = serde_wasm_bindgen::from_value(analysis.progress().unwrap()).unwrap();
    assert!(!before.finished && before.done == 0.0 && before.total > 0.0);
    assert!(analysis.metrics().is_err(), "no metrics before the run");
    let mut last = 0.0;
    loop {
        let p: Progress = serde_wasm_bindgen::from_value(analysis.run_for(5.0).unwrap()).unwrap();
        assert!(p.done >= last && p.done <= p.total);
        last = p.done;
        if p.finished {
            break;
        }
    }
    assert_eq!(metrics(&analysis).steps, 5000.0);
}

#[wasm_bindgen_test]
fn a_long_periodic_run_computes_one_period() {
    let analysis = finished("5,3,2", Some(1e7), None);
    let m = metrics(&analysis);
    assert_eq!(m.computed_picks, 10.0);
    assert_eq!(m.nodes[0].picks, 5e6);
    assert_eq!(m.fingerprint, NATIVE_FINGERPRINT_5_3_2);
}

#[wasm_bindgen_test]
fn strip_is_the_nginx_sequence_with_one_step_per_column() {
    let analysis = finished("5,3,2", Some(1000.0), None);
    let strip = analysis.strip(1.0, 10.0, 800, None).unwrap();
    assert_eq!(field(&strip, "columns").as_f64(), Some(10.0));
    assert_eq!(uints(&strip, "dominant"), [0, 1, 2, 0, 0, 1, 0, 2, 1, 0]);
    assert_eq!(floats(&strip, "bounds").len(), 11);
    let wide = analysis.strip(1.0, 1000.0, 4, Some(vec![2])).unwrap();
    assert_eq!(uints(&wide, "nodes"), [2]);
    assert_eq!(floats(&wide, "picks"), [50.0, 50.0, 50.0, 50.0]);
    assert_eq!(floats(&wide, "bounds"), [1.0, 251.0, 501.0, 751.0, 1001.0]);
}

#[wasm_bindgen_test]
fn lag_columns_show_the_node_that_falls_behind() {
    let analysis = finished("1,7,25,2,25,7", None, None);
    let m = metrics(&analysis);
    let e = &m.nodes[4];
    assert_eq!(e.name, "E");
    assert_eq!((e.max_behind.numerator, e.max_behind.step), (-72.0, 27.0));
    assert!(e.max_behind.lag < -1.0);
    let lag = analysis
        .lag_columns(27.0, 27.0, 1, Some(vec![4]), true)
        .unwrap();
    assert_eq!(floats(&lag, "lowest"), [-72.0 / 67.0]);
    assert_eq!(floats(&lag, "envelopeLowest"), [-72.0 / 67.0]);
    let levels = analysis
        .level_columns(27.0, 27.0, 1, Some(vec![4]), false)
        .unwrap();
    assert_eq!(floats(&levels, "highest"), [72.0]);
    assert!(floats(&levels, "envelopeHighest").is_empty());
}

#[wasm_bindgen_test]
fn window_columns_and_run_histogram() {
    let analysis = finished("5,1,1", None, Some(2.0));
    let shares = analysis
        .window_columns(1.0, 7.0, 7, Some(vec![0]), false)
        .unwrap();
    let lowest = floats(&shares, "lowest");
    assert!(lowest[0].is_nan(), "no window of 2 ends at step 1");
    assert_eq!(lowest[1], 1.0, "steps 1–2: A A");
    assert_eq!(floats(&shares, "targets"), [5.0 / 7.0]);
    let histogram = analysis.run_histogram(Some(vec![0])).unwrap();
    assert_eq!(floats(&histogram, "lengths"), [1.0, 4.0]);
    assert_eq!(floats(&histogram, "counts"), [1.0, 1.0]);
    assert_eq!(metrics(&analysis).nodes[0].longest_run, 4.0);
    assert_eq!(analysis.ranked_nodes("weight", 1).unwrap(), [0]);
}

#[wasm_bindgen_test]
fn set_window_keeps_the_picks_and_redoes_the_windows() {
    let mut analysis = finished("100,1,1", None, None);
    analysis.set_window(Some(3.0)).unwrap();
    assert!(!analysis.finished());
    assert!(analysis.metrics().is_err(), "stale metrics are not served");
    while !analysis.finished() {
        analysis.run_for(5.0).unwrap();
    }
    let shares = analysis
        .window_columns(35.0, 35.0, 1, Some(vec![1]), false)
        .unwrap();
    assert_eq!(
        floats(&shares, "highest"),
        [1.0 / 3.0],
        "steps 33–35: A A B"
    );
    assert_eq!(field(&shares, "window").as_f64(), Some(3.0));
    let err = analysis.set_window(Some(0.0)).unwrap_err();
    assert!(message(err).contains("window 0"));
}

#[wasm_bindgen_test]
fn bad_input_throws_an_error_naming_it() {
    let err = Analysis::new("5,-3", "first", None, None).unwrap_err();
    assert!(message(err).contains("\"-3\""));
    let err = Analysis::new("5,3", "first", None, Some(0.0)).unwrap_err();
    assert!(message(err).contains("window 0"));
    let err = Analysis::new("5,3", "first", Some(1.5), None).unwrap_err();
    assert!(message(err).contains("whole number"));
    let err = Analysis::new("5,3", "middle", None, None).unwrap_err();
    assert!(message(err).contains("middle"));
    let analysis = finished("5,3,2", None, None);
    let err = analysis.strip(1.0, 11.0, 10, None).unwrap_err();
    assert!(message(err).contains("steps go from 1 to 10"));
    let err = analysis.strip(1.0, 10.0, 10, Some(vec![7])).unwrap_err();
    assert!(message(err).contains("node 7 does not exist"));
    let err = analysis.ranked_nodes("height", 3).unwrap_err();
    assert!(message(err).contains("height"));
}
