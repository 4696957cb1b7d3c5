//! What the facade says when something is off, as JavaScript sees it: thrown errors with their
//! code and params (and the English message built from the catalog), and the notes a run carries.
#![cfg(target_arch = "wasm32")]

use crate::support::{message, options, property, text, with};
use serde::Deserialize;
use swrr_viz::wasm::Walkthrough;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn broken_variant_and_notes() {
    let w = with("5,3,2", &[("subtract", text("own"))]);
    assert_eq!(
        w.sequence(23),
        [0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0, 1, 0, 2]
    );
    let w = with(
        "5,3,2",
        &[
            ("algo", text("edf")),
            ("tie", text("last")),
            ("scenario", text("@2 A=3 scale")),
        ],
    );
    let notes = notes(&w);
    assert_eq!(notes.len(), 2);
    assert_eq!(notes[0].code, "note.tie_ignored");
    assert_eq!(notes[1].code, "note.policy_as_keep");
    assert!(notes[1]
        .text
        .starts_with("@2 A=3 scale: reset-node and scale act on SWRR's"));
    assert_eq!(notes[1].params.event, "@2 A=3 scale");
    assert_eq!(notes[1].params.algo, "edf");
}

#[derive(Debug, Deserialize)]
pub struct NoteParams {
    #[serde(default)]
    event: String,
    algo: String,
}

#[derive(Debug, Deserialize)]
pub struct NoteView {
    code: String,
    params: NoteParams,
    text: String,
}

pub fn notes(w: &Walkthrough) -> Vec<NoteView> {
    serde_wasm_bindgen::from_value(w.notes().unwrap()).unwrap()
}

#[wasm_bindgen_test]
fn thrown_errors_carry_their_code_and_params() {
    // A weights token: the message as before, plus the code and the token as data.
    let err: JsValue = Walkthrough::with_options("5,x7", JsValue::UNDEFINED)
        .unwrap_err()
        .into();
    assert_eq!(
        message(err.clone()),
        "weight 2 \"x7\" (at column 3) is not a number: expected a non-negative number such as 5, 2.5 or 30%, optionally named like A=5"
    );
    assert_eq!(property(&err, "code"), "weights.not_a_number");
    let token = property(&property(&err, "params"), "token");
    assert_eq!(property(&token, "code"), "weights.token");
    let token_params = property(&token, "params");
    assert_eq!(property(&token_params, "text"), "x7");
    assert_eq!(property(&token_params, "node"), "2");
    assert_eq!(
        property(&property(&token_params, "at"), "code"),
        "position.column"
    );

    // A scenario inside the options: the wrapper names the scenario's own message.
    let err: JsValue =
        Walkthrough::with_options("5,3,2", options(&[("scenario", text("@5 D down"))]))
            .unwrap_err()
            .into();
    assert_eq!(property(&err, "code"), "options.scenario");
    let inner = property(&property(&err, "params"), "error");
    assert_eq!(property(&inner, "code"), "scenario.unknown_node");
    assert_eq!(
        format!(
            "invalid scenario: {}",
            property(&inner, "text").as_string().unwrap()
        ),
        message(err)
    );

    // The facade's own checks are coded too.
    let err: JsValue = Walkthrough::with_options("5,3,2", options(&[("seed", text("4x"))]))
        .unwrap_err()
        .into();
    assert_eq!(property(&err, "code"), "options.seed_text");
    assert_eq!(property(&property(&err, "params"), "text"), "4x");
}

#[wasm_bindgen_test]
fn bad_options_throw_errors_that_name_them() {
    let error = |weights: &str, pairs: &[(&str, JsValue)]| {
        message(Walkthrough::with_options(weights, options(pairs)).unwrap_err())
    };
    assert!(error("5,3,2", &[("algo", text("wrr"))]).starts_with("unknown algorithm \"wrr\""));
    assert!(error("5,3,2", &[("tie", text("middle"))]).contains("middle"));
    assert!(error("5,3,2", &[("subtract", text("half"))]).contains("\"half\""));
    assert!(
        error("5,3,2", &[("seed", text("-1"))]).starts_with("seed \"-1\" is not a whole number")
    );
    assert!(error("5,3,2", &[("seed", JsValue::from_f64(1.5))]).starts_with("seed 1.5 is not"));
    assert_eq!(
        error("5,3,2", &[("algoo", text("edf"))]),
        "invalid options: unknown key \"algoo\": expected algo, tie, subtract, seed, scenario, rate, workers, zone, dispatch or tries"
    );
    assert!(error("5,3,2", &[("seed", JsValue::TRUE)]).starts_with("invalid options:"));
    assert!(
        message(Walkthrough::with_options("5,3,2", text("edf")).unwrap_err())
            .starts_with("invalid options: expected an object")
    );
    assert_eq!(
        error("5,3,2", &[("scenario", text("@3 D down"))]),
        "invalid scenario: event 1: \"D\" (at column 4) is not a node: the nodes are A, B, C, or #1, #2, … by position"
    );
    assert!(error("5,-3", &[]).contains("\"-3\""));
    // No options at all: nginx SWRR.
    let w = Walkthrough::with_options("5,3,2", JsValue::UNDEFINED).unwrap();
    assert_eq!(w.algorithm(), "swrr");
}

#[wasm_bindgen_test]
fn a_stopped_run_throws_and_stays_at_the_last_good_step() {
    let mut w = with(
        "5,3,2",
        &[("scenario", text("@4 A drain; @4 B drain; @4 C drain"))],
    );
    let error = message(w.seek(10.0).unwrap_err());
    assert_eq!(
        error,
        "no node can be picked at step 4: nodes drained to weight 0: 3"
    );
    assert_eq!(w.t(), 3.0);
    assert_eq!(w.sequence(10), [0, 1, 2]);
    // Every node down is no stop for nginx SWRR: each request is a 502.
    let mut w = with(
        "5,3,2",
        &[("scenario", text("@4 A down; @4 B down; @4 C down"))],
    );
    w.seek(10.0).unwrap();
    assert_eq!(w.t(), 10.0);
    assert!(w.models_requests());
}

#[wasm_bindgen_test]
fn a_dispatch_seed_is_refused_in_its_own_words() {
    let err: JsValue = Walkthrough::with_options(
        "5,3,2",
        options(&[
            ("workers", JsValue::from_f64(2.0)),
            ("dispatch", text("4x")),
        ]),
    )
    .unwrap_err()
    .into();
    assert_eq!(property(&err, "code"), "options.dispatch");
    assert_eq!(property(&property(&err, "params"), "text"), "4x");
    assert_eq!(
        message(err),
        "dispatch seed \"4x\" is not a whole number from 0 to 18446744073709551615: write it with digits only, or leave it empty to send requests to the workers in turn"
    );
    let err = Walkthrough::with_options("5,3,2", options(&[("dispatch", JsValue::from_f64(0.5))]))
        .unwrap_err();
    assert!(message(err).starts_with("dispatch seed \"0.5\" is not a whole number"));
    // Digits, as a string or a whole number, are a seed.
    with("5,3,2", &[("dispatch", text("7"))]);
    with("5,3,2", &[("dispatch", JsValue::from_f64(7.0))]);
}
