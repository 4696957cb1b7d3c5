//! The wasm facade (`src/wasm.rs`) as JavaScript sees it, run in headless Chromium:
//! `wasm-pack test --headless --chrome -- --test web` (scripts/test.sh does it).
//!
//! Records cross the boundary as plain JS objects; these tests read them back with
//! serde-wasm-bindgen into small local structs, so a renamed or missing field fails here.
#![cfg(target_arch = "wasm32")]

use crate::support::message;
use serde::Deserialize;
use swrr_viz::wasm::{parse_weights, Walkthrough};
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

/// nginx 1.22.1 with weights 5,3,2: the first 20 picks (../shared/vectors/nginx-swrr.json).
const NGINX_5_3_2: [u32; 20] = [0, 1, 2, 0, 0, 1, 0, 2, 1, 0, 0, 1, 2, 0, 0, 1, 0, 2, 1, 0];

#[derive(Debug, Deserialize)]
struct StepView {
    t: f64,
    filled: Vec<f64>,
    drained: Vec<f64>,
    total: f64,
    winner: usize,
    tied: Vec<usize>,
}

#[derive(Debug, Deserialize)]
struct NodeView {
    name: String,
    weight: f64,
    sentence: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct WeightsView {
    nodes: Vec<NodeView>,
    total: f64,
    period: f64,
    gcd: f64,
    normalisation: Option<String>,
    canonical: String,
}

fn walkthrough(text: &str) -> Walkthrough {
    Walkthrough::new(text, "first").expect("valid weights")
}

fn current(w: &Walkthrough) -> Option<StepView> {
    let value = w.current().expect("current() serialises");
    if value.is_null() {
        None
    } else {
        Some(serde_wasm_bindgen::from_value(value).expect("a step record"))
    }
}

#[wasm_bindgen_test]
fn forward_follows_nginx_for_5_3_2() {
    let mut w = walkthrough("5,3,2");
    assert_eq!(w.t(), 0.0);
    assert!(
        current(&w).is_none(),
        "no step record before the first pick"
    );
    assert_eq!((w.total(), w.period(), w.node_count()), (10.0, 10.0, 3));

    let mut winners = Vec::new();
    for k in 1..=10 {
        w.forward().expect("forward");
        let step = current(&w).expect("a step record after forward()");
        assert_eq!(step.t, f64::from(k));
        assert_eq!(step.total, 10.0);
        assert_eq!(
            step.drained,
            w.levels(),
            "drained levels are the levels now"
        );
        assert_eq!(step.filled.iter().sum::<f64>(), 10.0);
        assert_eq!(step.drained.iter().sum::<f64>(), 0.0);
        winners.push(step.winner);
        if k == 5 {
            assert_eq!(
                step.tied,
                vec![0, 1],
                "A and B tie at step 5; A wins (first in list)"
            );
            assert_eq!(step.filled, vec![5.0, 5.0, 0.0]);
            assert_eq!(step.drained, vec![-5.0, 5.0, 0.0]);
        } else {
            assert!(
                step.tied.is_empty(),
                "only step 5 is a tie, got {:?} at {k}",
                step.tied
            );
        }
    }
    assert_eq!(winners, vec![0, 1, 2, 0, 0, 1, 0, 2, 1, 0]);
    assert_eq!(w.t(), 10.0);
    assert_eq!(
        w.levels(),
        vec![0.0, 0.0, 0.0],
        "back to zero after one period"
    );
    assert_eq!(w.picks(), vec![5.0, 3.0, 2.0]);
}

#[wasm_bindgen_test]
fn seek_far_is_exact_and_back_steps() {
    let mut w = walkthrough("5,3,2");
    w.seek(1_000_000_005.0).expect("seek");
    assert_eq!(w.t(), 1_000_000_005.0);
    // Step 5 of a period: the same levels as at step 5.
    assert_eq!(w.levels(), vec![-5.0, 5.0, 0.0]);
    assert_eq!(w.picks(), vec![500_000_003.0, 300_000_001.0, 200_000_001.0]);
    let step = current(&w).expect("a step record after seek");
    assert_eq!(step.t, 1_000_000_005.0);
    assert_eq!((step.winner, step.tied.clone()), (0, vec![0, 1]));

    w.seek(1_000_000_007.0).expect("seek");
    assert_eq!(w.levels(), vec![-5.0, 1.0, 4.0]);
    assert_eq!(w.picks(), vec![500_000_004.0, 300_000_002.0, 200_000_001.0]);

    assert!(w.back());
    assert_eq!(w.t(), 1_000_000_006.0);
    assert_eq!(w.levels(), vec![0.0, -2.0, 2.0]);
    assert_eq!(current(&w).expect("step 6").winner, 1);

    w.seek(1.0).expect("seek back to the start");
    assert!(w.back(), "step 1 → step 0");
    assert!(!w.back(), "nothing before step 0");
    assert_eq!(w.t(), 0.0);
    assert_eq!(w.levels(), vec![0.0, 0.0, 0.0]);
    assert!(current(&w).is_none());
}

#[wasm_bindgen_test]
fn seek_rejects_bad_step_numbers() {
    let mut w = walkthrough("5,3,2");
    for bad in [-1.0, 1.5, f64::NAN, f64::INFINITY, 1e30] {
        let err = w.seek(bad).expect_err("a bad step number is an error");
        assert!(message(err).contains("whole number"), "seek({bad})");
    }
    assert_eq!(
        w.t(),
        0.0,
        "a rejected seek leaves the walkthrough where it was"
    );
}

/// The facade writes numbers JavaScript passed as Rust's `Display` does — through JavaScript's
/// `String(v)`, without Rust's float formatting in the module — word for word.
#[wasm_bindgen_test]
fn numbers_in_messages_are_written_as_rust_writes_them() {
    let mut w = walkthrough("5,3,2");
    for bad in [
        -1.0,
        -0.5,
        1.5,
        2.5e-7,
        1e-7,
        0.1,
        1e21,
        -1.2345e22,
        1e30,
        1e300,
        f64::MAX,
        f64::MIN,
        5e-324,
        1e15 + 0.5,
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
    ] {
        let err = w.seek(bad).expect_err("a bad step number is an error");
        assert_eq!(
            message(err),
            format!("the step must be a whole number from 0 to 1000000000000000, got {bad}"),
        );
    }
}

#[wasm_bindgen_test]
fn sequence_matches_real_nginx() {
    let mut w = walkthrough("5,3,2");
    w.seek(7.0).expect("seek");
    // sequence() always starts from step 0, wherever the walkthrough is.
    assert_eq!(w.sequence(20), NGINX_5_3_2.to_vec());
    assert_eq!(w.t(), 7.0);
}

#[wasm_bindgen_test]
fn rows_returns_step_records_without_moving() {
    let mut w = walkthrough("5,3,2");
    let rows: Vec<StepView> =
        serde_wasm_bindgen::from_value(w.rows(1.0, 10.0).expect("rows")).expect("step records");
    let winners: Vec<usize> = rows.iter().map(|r| r.winner).collect();
    assert_eq!(winners, vec![0, 1, 2, 0, 0, 1, 0, 2, 1, 0]);
    assert_eq!(rows[4].tied, vec![0, 1]);
    assert_eq!(w.t(), 0.0);
}

#[wasm_bindgen_test]
fn negative_weight_is_an_error_naming_it() {
    let err = Walkthrough::new("5,-3", "first").expect_err("5,-3 must be rejected");
    let text = message(err);
    assert!(text.contains("negative"), "message: {text}");
    assert!(text.contains("-3"), "message names the token: {text}");
}

#[wasm_bindgen_test]
fn bad_tie_rule_is_an_error() {
    assert!(Walkthrough::new("5,3,2", "random").is_err());
    assert!(Walkthrough::new("5,3,2", "last").is_ok());
}

#[wasm_bindgen_test]
fn parse_weights_normalises_ratios() {
    let view: WeightsView =
        serde_wasm_bindgen::from_value(parse_weights("1:3:0.5").expect("parses")).expect("record");
    let weights: Vec<f64> = view.nodes.iter().map(|n| n.weight).collect();
    assert_eq!(weights, vec![2.0, 6.0, 1.0]);
    assert_eq!(view.normalisation.as_deref(), Some("1:3:0.5 → 2:6:1"));
    assert_eq!((view.total, view.period, view.gcd), (9.0, 9.0, 1.0));
    assert!(view.nodes.iter().all(|n| !n.name.is_empty()));
    assert!(!view.canonical.is_empty());
    assert!(view.nodes.iter().all(|n| n.sentence.is_none()));

    // A name in a right-to-left script, as a sentence holds it: isolated.
    let view: WeightsView =
        serde_wasm_bindgen::from_value(parse_weights("שרת=5 B=3").expect("parses"))
            .expect("record");
    let sentences: Vec<Option<&str>> = view.nodes.iter().map(|n| n.sentence.as_deref()).collect();
    assert_eq!(sentences, [Some("\u{2068}שרת\u{2069}"), None]);

    let err = parse_weights("5,-3").expect_err("negative weight");
    assert!(message(err).contains("negative"));
}

/// `newSteps` and `reachToward`, with which the page reaches a far step in slices.
#[wasm_bindgen_test]
fn a_far_step_is_reached_in_slices() {
    use crate::support::{property, text, with};
    let mut w = with("5,3,2", &[("scenario", text("@1 A=6"))]);
    assert_eq!(w.new_steps(50_000.0).unwrap(), 50_000.0);
    assert_eq!(w.reach_toward(50_000.0, 20_000.0).unwrap(), 30_000.0);
    assert_eq!(w.t(), 20_000.0, "the step shown is where the slice stopped");
    w.seek(3.0).unwrap();
    assert_eq!(
        w.new_steps(50_000.0).unwrap(),
        30_000.0,
        "the ground walked stays"
    );
    assert_eq!(w.reach_toward(50_000.0, 1e9).unwrap(), 0.0);
    w.seek(50_000.0).unwrap();
    let mut direct = with("5,3,2", &[("scenario", text("@1 A=6"))]);
    direct.seek(50_000.0).unwrap();
    assert_eq!(w.picks(), direct.picks());
    assert_eq!(w.levels(), direct.levels());
    // Refused as a seek is: too far, out of range, not a step.
    let err: wasm_bindgen::JsValue = w.new_steps(1e12).err().unwrap().into();
    assert_eq!(property(&err, "code"), "seek.too_far");
    let err: wasm_bindgen::JsValue = w.reach_toward(1e16, 10.0).err().unwrap().into();
    assert_eq!(property(&err, "code"), "api.whole_number");
    let seek: wasm_bindgen::JsValue = w.seek(1e16).err().unwrap().into();
    assert_eq!(message(err), message(seek));
    assert!(w.new_steps(2.5).is_err());
}
