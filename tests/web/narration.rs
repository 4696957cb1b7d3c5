//! `Walkthrough.narration(phase)`: the core's narration of a step as the page gets it — coded
//! sentences, no English — the same sentences the CLI's pictures word (render/narration).
//! tests/browser/narration.test.mjs checks that the page's words are the pictures'.
#![cfg(target_arch = "wasm32")]

use crate::support::{text, with};
use swrr_viz::engine::{Algorithm, AlgorithmOptions, Trace, Traffic};
use swrr_viz::input::{Scenario, Weights};
use swrr_viz::render::{narrate, Phase, Telling};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

/// The facade's narration of step `t` up to `phase`, as JSON text.
fn facade(weights: &str, pairs: &[(&str, JsValue)], t: f64, phase: &str) -> String {
    let mut walkthrough = with(weights, pairs);
    walkthrough.seek(t).unwrap();
    let said = walkthrough.narration(phase).expect("a narration");
    js_sys::JSON::stringify(&said).unwrap().into()
}

/// The codes the core decides for the same step, natively (in this module).
fn core_codes(weights: &str, scenario: &str, t: u64, phase: Phase) -> Vec<&'static str> {
    let weights: Weights = weights.parse().unwrap();
    let scenario = Scenario::parse(scenario, &weights).unwrap();
    let run = Algorithm::with_traffic(
        &weights,
        &AlgorithmOptions::default(),
        &scenario,
        &Traffic::default(),
    );
    let mut trace = Trace::new(run);
    trace.seek(t).unwrap();
    let telling = Telling {
        workers: 1,
        ..Telling::default()
    };
    narrate(&weights, trace.current().unwrap(), phase, &telling)
        .iter()
        .map(|said| said.code)
        .collect()
}

#[wasm_bindgen_test]
fn a_step_is_told_in_codes_and_numbers() {
    assert_eq!(
        facade("5,3,2", &[], 1.0, "drain"),
        r#"[{"code":"narration.fill","params":{"t":1,"changes":{"joined":[{"change":0,"from":0,"to":5},{"change":1,"from":0,"to":3},{"change":2,"from":0,"to":2}]}}},{"code":"narration.pick","params":{"name":{"node":0},"level":{"level":5}}},{"code":"narration.drain","params":{"name":{"node":0},"total":10,"from":{"level":5},"to":{"level":-5}}}]"#
    );
    assert_eq!(
        facade("1,1", &[("tie", text("last"))], 1.0, "pick"),
        r#"[{"code":"narration.fill","params":{"t":1,"changes":{"joined":[{"change":0,"from":0,"to":1},{"change":1,"from":0,"to":1}]}}},{"code":"narration.tie_last","params":{"names":{"list":[{"node":0},{"node":1}]},"level":{"level":1},"name":{"node":1}}}]"#
    );
    // Step 0 has nothing to tell: the page says its own opening.
    let walkthrough = with("5,3,2", &[]);
    assert!(walkthrough.narration("fill").unwrap().is_null());
    assert!(walkthrough.narration("start").is_err());
}

#[wasm_bindgen_test]
fn the_facade_hands_the_sentences_the_core_decides() {
    for (scenario, t, phase) in [
        ("", 5, Phase::Pick),
        ("@2 B=0; @2 C slowstart 4", 2, Phase::Fill),
        ("@1 C dead max_fails=3 timeout=3600", 3, Phase::Drain),
        ("@1 C dead max_fails=3 timeout=3600", 4, Phase::Drain),
        (
            "@1 A dead max_fails=5 timeout=3600; @1 C down",
            3,
            Phase::Fill,
        ),
    ] {
        let json = facade(
            "5,3,2",
            &[("scenario", text(scenario))],
            t as f64,
            phase.as_str(),
        );
        let codes: Vec<&str> = json
            .split(r#""code":""#)
            .skip(1)
            .map(|rest| &rest[..rest.find('"').unwrap()])
            .filter(|code| {
                !matches!(
                    *code,
                    "narration.more" | "narration.weight_now" | "narration.recovering_node"
                )
            })
            .collect();
        assert_eq!(
            codes,
            core_codes("5,3,2", scenario, t, phase),
            "{scenario} @{t}: {json}"
        );
    }
    // A refused attempt: its outcome with the numbers nginx counted.
    let json = facade(
        "5,3,2",
        &[("scenario", text("@1 C dead max_fails=3 timeout=3600"))],
        3.0,
        "drain",
    );
    assert!(json.ends_with(
        r#"{"code":"narration.refused_counted","params":{"name":{"node":2},"fails":1,"max":3,"effective":2,"request":3}}]"#
    ), "{json}");
}
