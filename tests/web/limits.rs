//! `limits`: the core's limits the page's own rules use once the core is here, each checked
//! against what the core does at the limit.
#![cfg(target_arch = "wasm32")]

use std::collections::HashMap;

use swrr_viz::wasm::{export_svg, limits, parse_scenario, tank_layout, Walkthrough};
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::wasm_bindgen_test;

use crate::support::{message, options};

/// The limits as JavaScript reads them, by name (a missing one panics).
fn core_limits() -> HashMap<String, f64> {
    serde_wasm_bindgen::from_value(limits().unwrap()).unwrap()
}

/// The tanks' `withText` and `compact` for `n` nodes, wide enough that only the count decides.
fn tank_flags(n: usize) -> (bool, bool) {
    let value = tank_layout(4000.0, &vec![1.0; n], -2.0, 2.0, None, None, None).unwrap();
    let g: serde_json::Value = serde_wasm_bindgen::from_value(value).unwrap();
    (
        g["withText"].as_bool().unwrap(),
        g["compact"].as_bool().unwrap(),
    )
}

#[wasm_bindgen_test]
fn pictures_lose_their_texts_above_text_limit_and_turn_compact_above_detail_limit() {
    let l = core_limits();
    let (text, detail) = (l["textLimit"], l["detailLimit"]);
    assert_eq!((text, detail), (40.0, 200.0));
    let (text, detail) = (text as usize, detail as usize);
    assert_eq!(tank_flags(text), (true, false));
    assert_eq!(tank_flags(text + 1), (false, false));
    assert_eq!(tank_flags(detail), (false, false));
    assert_eq!(tank_flags(detail + 1), (false, true));
}

#[wasm_bindgen_test]
fn a_slot_keeps_its_texts_while_text_slot_em_wide_at_min_font() {
    let l = core_limits();
    assert_eq!((l["textSlotEm"], l["minFont"]), (1.9, 8.0));
    let with_text = |width: f64| {
        let value = tank_layout(width, &vec![1.0; 40], -2.0, 2.0, None, None, None).unwrap();
        let g: serde_json::Value = serde_wasm_bindgen::from_value(value).unwrap();
        (
            g["withText"].as_bool().unwrap(),
            g["font"].as_f64().unwrap(),
        )
    };
    // Forty tanks and their 2.2 em gutter: 625.6 px hold their texts at 8 px.
    let least = l["minFont"] * (l["textSlotEm"] * 40.0 + 2.2);
    let (kept, font) = with_text(least + 1.0);
    assert!(kept && (8.0..8.1).contains(&font), "{font}");
    assert!(!with_text(least - 1.0).0);
}

#[wasm_bindgen_test]
fn the_traffic_bounds_are_the_ones_a_run_accepts() {
    let l = core_limits();
    let (max_rate, max_workers) = (l["maxRate"], l["maxWorkers"]);
    assert_eq!((max_rate, max_workers), (1_000_000.0, 64.0));
    let run = |key: &str, value: f64| {
        Walkthrough::with_options("5,3,2", options(&[(key, JsValue::from_f64(value))]))
    };
    assert!(run("rate", max_rate).is_ok());
    assert!(run("workers", max_workers).is_ok());
    let err = run("rate", max_rate + 1.0).err().unwrap();
    assert!(message(err).contains("rate must be a whole number from 1 to 1000000"));
    let err = run("workers", max_workers + 1.0).err().unwrap();
    assert!(message(err).contains("from 1 to 64"));
}

#[wasm_bindgen_test]
fn a_strip_without_steps_holds_one_period_up_to_strip_steps() {
    let l = core_limits();
    assert_eq!(l["stripSteps"], 1000.0);
    let strip = || options(&[("kind", JsValue::from_str("strip"))]);
    // Period 1999: the strip stops at the cap; period 10: one period.
    let long = export_svg("999,1000", JsValue::UNDEFINED, strip()).unwrap();
    assert_eq!(long.matches("data-pick=").count(), 1000);
    let short = export_svg("5,3,2", JsValue::UNDEFINED, strip()).unwrap();
    assert_eq!(short.matches("data-pick=").count(), 10);
}

#[wasm_bindgen_test]
fn a_caption_names_listed_nodes_then_and_n_more() {
    let l = core_limits();
    assert_eq!(l["listedNodes"], 8.0);
    let caption = |n: usize| {
        let request = options(&[
            ("kind", JsValue::from_str("tanks")),
            ("step", JsValue::from_f64(1.0)),
            ("phase", JsValue::from_str("fill")),
        ]);
        export_svg(&vec!["1"; n].join(","), JsValue::UNDEFINED, request).unwrap()
    };
    assert!(caption(8).contains("G 0→1, H 0→1."));
    assert!(caption(9).contains("G 0→1, H 0→1 and 1 more."));
}

#[wasm_bindgen_test]
fn ten_limits_the_level_scale_scans_200_000_node_updates_and_text_grows_3_times_at_most() {
    let l = core_limits();
    assert_eq!(l["rangeScanWork"], 200_000.0);
    assert_eq!(l["maxTextScale"], 3.0);
    assert_eq!(l["maxTries"], 10_000.0);
    assert_eq!(l["listedDraws"], 8.0);
    assert_eq!(l["listedRequests"], 100_000.0);
    let mut keys: Vec<&String> = l.keys().collect();
    keys.sort();
    assert_eq!(
        keys,
        [
            "detailLimit",
            "listedDraws",
            "listedNodes",
            "listedRequests",
            "maxRate",
            "maxTextScale",
            "maxTries",
            "maxWorkers",
            "minFont",
            "quotedChars",
            "rangeScanWork",
            "stripSteps",
            "textLimit",
            "textSlotEm"
        ]
    );
}

#[wasm_bindgen_test]
fn a_message_quotes_quoted_chars_characters_whole_and_cuts_a_longer_text() {
    let l = core_limits();
    assert_eq!(l["quotedChars"], 40.0);
    let refused = |len: usize| {
        message(parse_scenario("5,3", &format!("@1 {}", "x".repeat(len))).unwrap_err())
    };
    assert!(refused(40).contains(&format!("\"{}\"", "x".repeat(40))));
    let cut = refused(41);
    assert!(
        cut.contains(&format!(
            "\"{}…{} (41 characters)\"",
            "x".repeat(26),
            "x".repeat(13)
        )),
        "{cut}"
    );
}
