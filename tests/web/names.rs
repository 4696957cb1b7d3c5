//! `nameLabels` and `cellLabels`: the names the page's tanks and strip cells draw, as arrays
//! JavaScript passes and reads (render/names decides them; its unit tests hold the rules).
#![cfg(target_arch = "wasm32")]

use js_sys::Array;
use swrr_viz::wasm::{cell_labels, name_labels};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

const BACKENDS: [&str; 3] = ["backend-alpha-1", "backend-alpha-2", "backend-beta"];

fn array(names: &[&str]) -> Array {
    names.iter().map(|name| JsValue::from_str(name)).collect()
}

/// Each element as JavaScript reads it: a string, or `None` for `null` (anything else fails).
fn read(labels: Array) -> Vec<Option<String>> {
    labels
        .iter()
        .map(|label| {
            assert!(label.is_null() || label.is_string(), "{label:?}");
            label.as_string()
        })
        .collect()
}

fn some(labels: &[&str]) -> Vec<Option<String>> {
    labels.iter().map(|label| Some(label.to_string())).collect()
}

#[wasm_bindgen_test]
fn names_that_share_a_start_keep_the_part_that_differs() {
    let got = read(name_labels(array(&BACKENDS), 10));
    assert_eq!(got, some(&["backend-…1", "backend-…2", "backend-b…"]));
    let got = read(name_labels(array(&BACKENDS), 5));
    assert_eq!(got, some(&["bac…1", "bac…2", "bac…a"]));
    let got = read(name_labels(array(&BACKENDS), 12));
    assert_eq!(got, some(&["backend-al…1", "backend-al…2", "backend-beta"]));
    assert_eq!(read(name_labels(array(&[]), 4)), some(&[]));
}

#[wasm_bindgen_test]
fn cells_say_what_fits_and_null_where_nothing_does() {
    // Bold 11 px letters are 7.92 px wide: a 29.72 px cell holds 3, a 13.88 px cell 1.
    let got = read(cell_labels(array(&BACKENDS), 29.72, 11.0));
    assert_eq!(got, some(&["b…1", "b…2", "b…a"]));
    let got = read(cell_labels(
        array(&["backend-alpha-1", "A", "web"]),
        13.88,
        11.0,
    ));
    assert_eq!(got, [None, Some("A".into()), None]);
    let got = read(cell_labels(
        array(&["web1", "web2", "db"]),
        2.0 + 2.5 * 7.92,
        11.0,
    ));
    assert_eq!(got, some(&["…1", "…2", "db"]));
}
