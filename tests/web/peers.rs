//! gRPC's and Envoy's algorithms through the facade, in headless Chromium: the same picks as
//! natively (the peers' own test sequences), their states as the page reads them, the notes,
//! and where Envoy parts from exact EDF. Run like tests/web/walkthrough.rs (scripts/test.sh).
#![cfg(target_arch = "wasm32")]

use serde::Deserialize;
use serde_json::json;
use swrr_viz::wasm::Walkthrough;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

fn with(weights: &str, pairs: &[(&str, JsValue)]) -> Walkthrough {
    let object = js_sys::Object::new();
    for (key, value) in pairs {
        js_sys::Reflect::set(&object, &JsValue::from_str(key), value).unwrap();
    }
    Walkthrough::with_options(weights, object.into()).expect("valid options")
}

fn algo(name: &str) -> (&'static str, JsValue) {
    ("algo", JsValue::from_str(name))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Grpc {
    kind: String,
    java: bool,
    picker: Vec<usize>,
    reported: Vec<f64>,
    kept: Vec<f64>,
    blackout: Vec<f64>,
    scaled: Vec<Option<u32>>,
    mean: u32,
    floor: u32,
    clamped: bool,
    sequence: f64,
    draws: f64,
    /// Checked as a JSON value: the keys and values JavaScript reads.
    listed: serde_json::Value,
    fallback: Option<f64>,
    built_at: f64,
}

#[derive(Debug, Deserialize)]
struct Number {
    value: f64,
    text: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Entry {
    node: usize,
    deadline: f64,
    deadline_text: String,
    weight: f64,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Envoy {
    kind: String,
    mode: String,
    hosts: Vec<usize>,
    panic: bool,
    now: Number,
    queue: Vec<Entry>,
    index: f64,
    built_at: f64,
    prepicks: u32,
    rebuilt: Option<Queue>,
}

#[derive(Debug, Deserialize)]
struct Queue {
    now: Number,
    queue: Vec<Entry>,
}

#[wasm_bindgen_test]
fn the_peers_picks_are_the_native_ones() {
    assert_eq!(
        with("2,3,6", &[algo("grpc-java")]).sequence(6),
        [1, 2, 2, 0, 1, 2]
    );
    assert_eq!(
        with("6,3,1", &[algo("envoy")]).sequence(10),
        [0, 1, 0, 0, 1, 0, 0, 2, 1, 0]
    );
    let seeded = with(
        "2,3,6",
        &[algo("grpc-java"), ("seed", JsValue::from_str("4294967295"))],
    );
    assert_eq!(seeded.sequence(6), [1, 2, 2, 0, 1, 2]);
    assert_eq!(seeded.algorithm(), "grpc-java");
    assert_eq!(seeded.run_period(), None);
}

#[wasm_bindgen_test]
fn grpc_state_shows_scaled_weights_and_the_counter() {
    let mut w = with("2,3,6", &[algo("grpc-java")]);
    w.seek(1.0).unwrap();
    let value = w.state().unwrap();
    // The top of the scale the page draws the scaled weights on: gRPC's kMaxWeight.
    let max_weight = js_sys::Reflect::get(&value, &JsValue::from_str("maxWeight")).unwrap();
    assert_eq!(max_weight.as_f64(), Some(65535.0));
    // The step per backend index in a draw's residue: gRPC's kMaxWeight / 2.
    let offset = js_sys::Reflect::get(&value, &JsValue::from_str("offset")).unwrap();
    assert_eq!(offset.as_f64(), Some(32767.0));
    let state: Grpc = serde_wasm_bindgen::from_value(value).unwrap();
    assert_eq!(state.kind, "grpc");
    assert!(state.java);
    assert_eq!(state.picker, [0, 1, 2]);
    assert_eq!(state.reported, [2.0, 3.0, 6.0]);
    assert_eq!(state.kept, [0.0; 3]);
    assert_eq!(state.blackout, [0.0; 3]);
    assert_eq!(state.scaled, [Some(21845), Some(32768), Some(65535)]);
    assert_eq!(
        (state.mean, state.floor, state.clamped),
        (40049, 4005, false)
    );
    // Pick 1 drew 0 (A, generation 0, skipped) and 1 (B, passes): the counter is at 2.
    assert_eq!(state.sequence, 2.0);
    assert_eq!(state.draws, 2.0);
    assert_eq!(
        state.listed,
        json!([
            {"sequence": 0, "backend": 0, "generation": 0,
             "weight": 21845, "residue": 0, "threshold": 43690, "passes": false},
            {"sequence": 1, "backend": 1, "generation": 0,
             "weight": 32768, "residue": 32767, "threshold": 32767, "passes": true},
        ])
    );
    assert_eq!(state.fallback, None);
    assert_eq!(state.built_at, 0.0);
}

#[wasm_bindgen_test]
fn grpc_report_of_zero_keeps_the_weight_with_a_countdown() {
    let scenario = ("scenario", JsValue::from_str("@4 B=0"));
    let mut w = with("5,3,2", &[algo("grpc"), scenario]);
    w.seek(5.0).unwrap();
    let state: Grpc = serde_wasm_bindgen::from_value(w.state().unwrap()).unwrap();
    // B's last report, 3, holds until step 183: 178 steps from step 5 on, this one included.
    assert_eq!(state.reported, [5.0, 3.0, 2.0]);
    assert_eq!(state.kept, [0.0, 178.0, 0.0]);
    assert_eq!(state.scaled, [Some(65535), Some(39321), Some(26214)]);
}

#[wasm_bindgen_test]
fn grpc_weight_zero_is_a_note_and_the_mean() {
    let w = with("3,0,1", &[algo("grpc")]);
    #[derive(Deserialize)]
    struct Note {
        code: String,
        text: String,
    }
    let notes: Vec<Note> = serde_wasm_bindgen::from_value(w.notes().unwrap()).unwrap();
    assert_eq!(notes.len(), 1);
    assert_eq!(notes[0].code, "note.zero_is_unknown");
    assert!(notes[0].text.starts_with("weight 0 (B): grpc reads 0"));
    let state: Grpc = serde_wasm_bindgen::from_value(w.state().unwrap()).unwrap();
    assert_eq!(state.scaled[1], Some(state.mean));
}

#[wasm_bindgen_test]
fn envoy_state_shows_f64_deadlines_as_rust_writes_them() {
    let mut w = with("6,3,1", &[algo("envoy")]);
    w.seek(1.0).unwrap();
    let state: Envoy = serde_wasm_bindgen::from_value(w.state().unwrap()).unwrap();
    assert_eq!((state.kind.as_str(), state.mode.as_str()), ("envoy", "edf"));
    assert_eq!(state.hosts, [0, 1, 2]);
    assert!(!state.panic);
    assert_eq!(state.now.text, "0.16666666666666388");
    assert_eq!(state.now.value, 1.0 / (6.0 + 1e-13));
    let queue: Vec<(usize, &str, f64)> = state
        .queue
        .iter()
        .map(|e| (e.node, e.deadline_text.as_str(), e.weight))
        .collect();
    assert_eq!(
        queue,
        [
            (1, "0.3333333333333222", 3.0 + 1e-13),
            (0, "0.33333333333333054", 6.0),
            (2, "0.9999999999999001", 1.0 + 1e-13)
        ]
    );
    assert!(state.queue.iter().all(|e| e.deadline > 0.0));
    assert_eq!((state.index, state.built_at, state.prepicks), (0.0, 0.0, 0));
    assert!(state.rebuilt.is_none());
    // A host change rebuilds the scheduler: the state says so, with the queue as rebuilt.
    let mut changed = with(
        "6,3,1",
        &[algo("envoy"), ("scenario", JsValue::from_str("@3 C down"))],
    );
    changed.seek(3.0).unwrap();
    let state: Envoy = serde_wasm_bindgen::from_value(changed.state().unwrap()).unwrap();
    assert_eq!(state.built_at, 3.0);
    let rebuilt = state.rebuilt.expect("rebuilt at step 3");
    assert_eq!(rebuilt.now.text, "0");
    let nodes: Vec<usize> = rebuilt.queue.iter().map(|e| e.node).collect();
    assert_eq!(nodes, [0, 1]);
    // A tiny deadline is written without an exponent, as the CLI writes it.
    let mut big = with("1000000000,500000000", &[algo("envoy")]);
    big.seek(1.0).unwrap();
    let state: Envoy = serde_wasm_bindgen::from_value(big.state().unwrap()).unwrap();
    // 1/(1e9 + 1e-13): the epsilon is below the last bit, JavaScript writes 1e-9.
    assert_eq!(state.now.text, "0.000000001");
}

#[wasm_bindgen_test]
fn envoy_departure_from_exact_edf() {
    #[derive(Deserialize)]
    struct Departure {
        step: Option<f64>,
        envoy: Option<usize>,
        exact: Option<usize>,
        checked: f64,
    }
    let departure = |weights: &str, horizon: f64| -> Departure {
        let w = with(weights, &[algo("envoy")]);
        serde_wasm_bindgen::from_value(w.departure(horizon).unwrap()).unwrap()
    };
    let at = departure("6,3,1", 1000.0);
    assert_eq!(
        (at.step, at.envoy, at.exact),
        (Some(112.0), Some(0), Some(1))
    );
    assert_eq!(at.checked, 112.0);
    let same = departure("2,2,1", 500.0);
    assert_eq!((same.step, same.checked), (None, 500.0));
    // Many nodes check fewer steps, so that the check stays short on the page's main thread:
    // 10,000 nodes, 2,000 steps (20,000,000 node updates).
    let many: Vec<String> = (0..10_000).map(|i| (i % 9 + 1).to_string()).collect();
    let many = departure(&many.join(","), 100_000.0);
    assert_eq!((many.step, many.checked), (None, 2_000.0));
    // A run with events has no such comparison.
    let events = with(
        "6,3,1",
        &[algo("envoy"), ("scenario", JsValue::from_str("@5 C down"))],
    );
    assert!(events.departure(100.0).unwrap().is_null());
}
