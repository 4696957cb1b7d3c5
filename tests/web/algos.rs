//! The algorithm and scenario facade as JavaScript sees it, in headless Chromium:
//! `Walkthrough.withOptions`, the per-algorithm state, notes, events, `listPresets`,
//! `listAlgorithms`, `parseScenario`. Run like tests/web/walkthrough.rs (scripts/test.sh).
//!
//! The random algorithm's picks for seed 42 are the same list as in tests/engine/algorithms.rs: the
//! PRNG gives the same stream natively and in wasm.
#![cfg(target_arch = "wasm32")]

use crate::errors::notes;
use crate::support::{message, options, text, with};
use serde::Deserialize;
use serde_json::{json, Value};
use swrr_viz::wasm::{
    list_algorithms, list_presets, parse_scenario, parse_weights, Analysis, Walkthrough,
};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

/// 5,3,2 with SplitMix64 seeded 42: the first 24 picks (tests/engine/algorithms.rs asserts the same).
const RANDOM_5_3_2_SEED_42: [u32; 24] = [
    1, 0, 0, 0, 0, 2, 0, 2, 0, 1, 0, 0, 1, 1, 1, 0, 0, 0, 0, 1, 2, 0, 1, 1,
];

#[derive(Debug, Deserialize)]
struct StepView {
    t: f64,
    winner: usize,
    tied: Vec<usize>,
    weights: Vec<f64>,
    eligible: Vec<bool>,
    events: Vec<String>,
    #[serde(rename = "eventSentences")]
    event_sentences: Vec<String>,
    /// Checked as a JSON value: the keys and values JavaScript reads.
    state: Value,
}

fn current(w: &Walkthrough) -> StepView {
    serde_wasm_bindgen::from_value(w.current().unwrap()).expect("a step record")
}

fn state(w: &Walkthrough) -> Value {
    serde_wasm_bindgen::from_value(w.state().unwrap()).expect("a state record")
}

#[wasm_bindgen_test]
fn random_gives_the_native_sequence_for_seed_42() {
    for seed in [text("42"), JsValue::from_f64(42.0)] {
        let w = with("5,3,2", &[("algo", text("random")), ("seed", seed)]);
        assert_eq!(w.sequence(24), RANDOM_5_3_2_SEED_42);
        assert_eq!(w.algorithm(), "random");
        assert_eq!(w.run_period(), None);
    }
    // A seed beyond 2^53 crosses as a string, whole.
    let w = with(
        "5,3,2",
        &[
            ("algo", text("random")),
            ("seed", text("18446744073709551615")),
        ],
    );
    #[derive(Deserialize)]
    struct Options {
        seed: String,
    }
    let back: Options = serde_wasm_bindgen::from_value(w.options().unwrap()).unwrap();
    assert_eq!(back.seed, "18446744073709551615");
}

#[wasm_bindgen_test]
fn random_state_shows_the_draw_and_the_slots() {
    let mut w = with("5,3,2", &[("algo", text("random")), ("seed", text("42"))]);
    assert_eq!(
        state(&w),
        json!({"kind": "random", "draw": null, "range": 10, "starts": [0, 5, 8]})
    );
    w.forward().unwrap();
    let step = current(&w);
    assert_eq!(step.winner, 1);
    assert_eq!(step.state["kind"], "random");
    let draw = step.state["draw"].as_f64().expect("a draw");
    assert!((5.0..8.0).contains(&draw), "B's slot is [5, 8)");
}

#[wasm_bindgen_test]
fn each_algorithm_and_its_state() {
    let classic = with("5,3,2", &[("algo", text("classic"))]);
    assert_eq!(classic.sequence(10), [0, 0, 0, 0, 0, 1, 1, 1, 2, 2]);
    assert_eq!(
        state(&classic),
        json!({"kind": "classic", "counts": [5, 3, 2], "length": 10, "position": null, "next": 0})
    );

    let mut ipvs = with("4,3,2", &[("algo", text("interleaved"))]);
    assert_eq!(ipvs.sequence(9), [0, 0, 1, 0, 1, 2, 0, 1, 2]);
    ipvs.seek(6.0).unwrap();
    assert_eq!(
        current(&ipvs).state,
        json!({"kind": "interleaved", "cw": 2, "max": 4, "gcd": 1, "cursor": 2, "changedStart": null})
    );

    let mut edf = with("2,2,1", &[("algo", text("edf"))]);
    assert_eq!(edf.sequence(10), [0, 1, 2, 0, 1, 0, 1, 2, 0, 1]);
    assert_eq!(edf.run_period(), Some(5.0));
    edf.seek(1.0).unwrap();
    let step = current(&edf);
    assert_eq!(step.tied, [0, 1]);
    let deadline =
        |node, deadline, text| json!({"node": node, "deadline": deadline, "deadlineText": text});
    assert_eq!(
        step.state,
        json!({
            "kind": "edf",
            "now": {"value": 0.5, "text": "1/2"},
            "queue": [
                deadline(1, json!(0.5), "1/2"),
                deadline(2, json!(1), "1"),
                deadline(0, json!(1), "1"),
            ],
        })
    );
}

#[wasm_bindgen_test]
fn swrr_scenario_state_and_events() {
    let mut w = with("5,3,2", &[("scenario", text("@6 C fail; @3 B=4 scale"))]);
    assert_eq!(w.run_period(), None);
    w.seek(3.0).unwrap();
    let step = current(&w);
    assert_eq!(step.events, ["@3 B=4 scale"]);
    assert_eq!(step.event_sentences, step.events);
    assert_eq!(step.weights, [5.0, 4.0, 2.0]);
    // Before step 3 the levels are [0, −4, 4]; B's −4 × 4/3 → −5 (toward zero): Σ −1.
    assert_eq!(
        (&step.state["kind"], &step.state["sum"]),
        (&json!("swrr"), &json!(-1))
    );
    // C's next attempt after request 6 fails: C is picked at step 9 (request 9) and the request
    // is retried at step 10 without C, whose effective weight is now 2 − 2/1 = 0.
    w.seek(10.0).unwrap();
    let step = current(&w);
    assert_eq!(step.eligible, [true, true, false]);
    assert_eq!(step.state["kind"], "swrr");
    assert_eq!(step.state["added"], json!([5, 4, 0]));
    assert_eq!(step.state["effective"], json!([5, 4, 0]));

    #[derive(Deserialize)]
    struct Event {
        step: f64,
        node: usize,
        kind: String,
        text: String,
    }
    let events: Vec<Event> = serde_wasm_bindgen::from_value(w.events().unwrap()).unwrap();
    let seen: Vec<(f64, usize, &str, &str)> = events
        .iter()
        .map(|e| (e.step, e.node, e.kind.as_str(), e.text.as_str()))
        .collect();
    assert_eq!(
        seen,
        [
            (3.0, 1, "weight", "@3 B=4 scale"),
            (6.0, 2, "fail", "@6 C fail")
        ]
    );
}

#[wasm_bindgen_test]
fn the_old_constructor_is_unchanged_and_states_are_there_too() {
    let mut w = Walkthrough::new("5,3,2", "first").unwrap();
    assert_eq!(w.algorithm(), "swrr");
    assert_eq!(w.run_period(), Some(10.0));
    assert_eq!(w.sequence(10), [0, 1, 2, 0, 0, 1, 0, 2, 1, 0]);
    w.seek(5.0).unwrap();
    let step = current(&w);
    assert_eq!(
        (step.t, step.winner, step.tied.clone()),
        (5.0, 0, vec![0, 1])
    );
    assert_eq!(step.state["kind"], "swrr");
    assert_eq!(
        (&step.state["added"], &step.state["sum"]),
        (&json!([5, 3, 2]), &json!(0))
    );
    assert!(notes(&w).is_empty());
}

#[wasm_bindgen_test]
fn catalog_lists_algorithms_presets_and_checks_scenarios() {
    #[derive(Deserialize)]
    struct Algorithm {
        name: String,
        description: String,
    }
    let algorithms: Vec<Algorithm> =
        serde_wasm_bindgen::from_value(list_algorithms().unwrap()).unwrap();
    let names: Vec<&str> = algorithms.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "swrr",
            "classic",
            "interleaved",
            "random",
            "edf",
            "grpc",
            "grpc-java",
            "envoy"
        ]
    );
    assert!(algorithms.iter().all(|a| !a.description.is_empty()));

    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct Preset {
        name: String,
        weights: String,
        canonical_weights: String,
        algo: String,
        tie: String,
        subtract: String,
        seed: String,
        scenario: String,
        canonical_scenario: String,
        steps: f64,
        description: String,
    }
    let presets: Vec<Preset> = serde_wasm_bindgen::from_value(list_presets().unwrap()).unwrap();
    let fails = presets.iter().find(|p| p.name == "c-fails").unwrap();
    assert_eq!(
        (
            fails.weights.as_str(),
            fails.algo.as_str(),
            fails.scenario.as_str(),
            fails.steps
        ),
        ("5,3,2", "swrr", "@6 C fail", 30.0)
    );
    assert!(!fails.description.is_empty());
    // The canonical forms parseWeights and parseScenario give, for the page to compare with a run.
    assert_eq!(
        (
            fails.canonical_weights.as_str(),
            fails.canonical_scenario.as_str()
        ),
        ("5,3,2", "@6 C fail")
    );
    for p in &presets {
        let weights: Value =
            serde_wasm_bindgen::from_value(parse_weights(&p.weights).unwrap()).unwrap();
        assert_eq!(
            weights["canonical"],
            json!(p.canonical_weights),
            "{}",
            p.name
        );
        let scenario: Value =
            serde_wasm_bindgen::from_value(parse_scenario(&p.weights, &p.scenario).unwrap())
                .unwrap();
        assert_eq!(
            scenario["canonical"],
            json!(p.canonical_scenario),
            "{}",
            p.name
        );
    }
    let random = presets.iter().find(|p| p.name == "random-clumps").unwrap();
    assert_eq!(
        (
            random.seed.as_str(),
            random.tie.as_str(),
            random.subtract.as_str()
        ),
        ("42", "first", "total")
    );
    // A preset's fields go straight into withOptions.
    let w = with(
        &random.weights,
        &[
            ("algo", text(&random.algo)),
            ("seed", text(&random.seed)),
            ("scenario", text(&random.scenario)),
        ],
    );
    assert_eq!(w.sequence(24), RANDOM_5_3_2_SEED_42);

    #[derive(Deserialize)]
    struct Parsed {
        canonical: String,
    }
    let parsed: Parsed = serde_wasm_bindgen::from_value(
        parse_scenario("5,3,2", "@30 C down; @20 B = 80 reset").unwrap(),
    )
    .unwrap();
    assert_eq!(parsed.canonical, "@20 B=80 reset; @30 C down");
    let error = message(parse_scenario("5,3,2", "@30 C dwn").unwrap_err());
    assert!(
        error.starts_with("event 1: \"dwn\" (at column 7) is not an action"),
        "{error}"
    );
}

#[wasm_bindgen_test]
fn analysis_measures_any_algorithm() {
    #[derive(Deserialize)]
    struct Node {
        longest_run: f64,
        picks: f64,
    }
    #[derive(Deserialize)]
    struct Metrics {
        algorithm: String,
        repeats: bool,
        computed_picks: f64,
        nodes: Vec<Node>,
    }
    let mut ipvs = Analysis::with_options(
        "100,1,1",
        options(&[("algo", text("interleaved"))]),
        None,
        None,
    )
    .unwrap();
    ipvs.run(1e12).unwrap();
    let metrics: Metrics = serde_wasm_bindgen::from_value(ipvs.metrics().unwrap()).unwrap();
    assert_eq!(
        (metrics.algorithm.as_str(), metrics.repeats),
        ("interleaved", true)
    );
    assert_eq!(metrics.nodes[0].longest_run, 100.0);

    let mut random = Analysis::with_options(
        "5,3,2",
        options(&[("algo", text("random")), ("seed", text("42"))]),
        Some(24.0),
        None,
    )
    .unwrap();
    random.run(1e12).unwrap();
    let metrics: Metrics = serde_wasm_bindgen::from_value(random.metrics().unwrap()).unwrap();
    assert!(!metrics.repeats);
    assert_eq!(metrics.computed_picks, 24.0);
    // The seed-42 list above: A 13, B 8, C 3 picks.
    let picks: Vec<f64> = metrics.nodes.iter().map(|n| n.picks).collect();
    assert_eq!(picks, [13.0, 8.0, 3.0]);

    let error = message(
        Analysis::with_options(
            "5,3,2",
            options(&[("scenario", text("@3 C down"))]),
            None,
            None,
        )
        .unwrap_err(),
    );
    assert!(error.starts_with("metrics compare the picks with the shares of fixed weights"));
}

#[wasm_bindgen_test]
fn an_events_right_to_left_name_is_isolated_for_sentences() {
    let mut w = with(
        "שרת=5 B=3",
        &[("algo", text("edf")), ("scenario", text("@2 שרת=4 reset"))],
    );
    w.seek(2.0).unwrap();
    let step = current(&w);
    assert_eq!(step.events, ["@2 שרת=4 reset"]);
    assert_eq!(step.event_sentences, ["@2 \u{2068}שרת\u{2069}=4 reset"]);
}
