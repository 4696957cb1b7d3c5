//! Nodes' names as the pictures label them (render/names): the page's tanks and strip cells say
//! what the CLI's pictures say, two different names never alike where the room holds what differs.

use wasm_bindgen::prelude::*;

use super::{to_js_with_nulls, CoreError};
use crate::render::names;
use crate::render::svg::strip::label_chars;

/// Each name's label at most `room` letters wide (a wide character counts two): the name where
/// it fits, its start and "…" where that tells it apart, else the part that differs
/// (`web1` … `web3` in 3: `w…1` … `w…3`). The tanks' names take `tankLayout`'s `nameChars`.
#[wasm_bindgen(js_name = nameLabels)]
pub fn name_labels(names: Vec<String>, room: usize) -> Vec<String> {
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    names::name_labels(&names, room)
}

/// The labels of strip cells `cell` px wide (their pitch) lettered in bold at `font` px, one
/// per name: a string, or `null` where not even a letter and "…" fit (as the CLI's strip).
#[wasm_bindgen(js_name = cellLabels)]
pub fn cell_labels(names: Vec<String>, cell: f64, font: f64) -> Result<JsValue, CoreError> {
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    to_js_with_nulls(&names::cell_labels(&names, label_chars(cell, font)))
}
