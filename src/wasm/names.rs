//! Nodes' names as the pictures label them (render/names): the page's tanks and strip cells say
//! what the CLI's pictures say, two different names never alike where the room holds what differs.
//!
//! Both take and give plain JavaScript arrays, read and built here: wasm-bindgen's own
//! conversions of string vectors are a kilobyte more of the first view's module.

use js_sys::Array;
use wasm_bindgen::prelude::*;

use crate::render::names;
use crate::render::svg::strip::label_chars;

/// Each name's label at most `room` letters wide (a wide character counts two): the name where
/// it fits, its start and "…" where that tells it apart, else the part that differs
/// (`web1` … `web3` in 3: `w…1` … `w…3`). The tanks' names take `tankLayout`'s `nameChars`.
#[wasm_bindgen(js_name = nameLabels, unchecked_return_type = "string[]")]
pub fn name_labels(
    #[wasm_bindgen(unchecked_param_type = "string[]")] names: Array,
    room: usize,
) -> Array {
    labelled(&names, &|names| {
        names::name_labels(names, room)
            .into_iter()
            .map(Some)
            .collect()
    })
}

/// The labels of strip cells `cell` px wide (their pitch) lettered in bold at `font` px, one
/// per name: a string, or `null` where not even a letter and "…" fit (as the CLI's strip).
#[wasm_bindgen(js_name = cellLabels, unchecked_return_type = "(string | null)[]")]
pub fn cell_labels(
    #[wasm_bindgen(unchecked_param_type = "string[]")] names: Array,
    cell: f64,
    font: f64,
) -> Array {
    labelled(&names, &|names| {
        names::cell_labels(names, label_chars(cell, font))
    })
}

/// The labels `label` gives the strings of `names` (anything else reads as ""), `null` for none.
fn labelled(names: &Array, label: &dyn Fn(&[&str]) -> Vec<Option<String>>) -> Array {
    let names: Vec<String> = names
        .iter()
        .map(|name| name.as_string().unwrap_or_default())
        .collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let labels = label(&names).into_iter();
    labels
        .map(|label| label.map_or(JsValue::NULL, JsValue::from))
        .collect()
}
