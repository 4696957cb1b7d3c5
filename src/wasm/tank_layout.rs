//! The tanks' geometry for the page (`render/tank_layout/`): every number www/stage/tanks.js
//! draws with, computed once per layout; the level scale is linear, so the page moves the water
//! each animation frame without calling the core.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::{to_js, CoreError};
use crate::render::tank_layout::{TankLayout, DETAIL_LIMIT, PIPE_LABEL_GAP, WATER_INSET};

/// The tanks for the page, in the SVG's user units (CSS pixels at the box's width).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TankLayoutView {
    width: f64,
    height: f64,
    font: f64,
    with_text: bool,
    /// Each tank's name under it: with its texts, or alone (`withText` false) where the tanks are
    /// too narrow for the rest; then a name wider than `nameRoom` letters is drawn
    /// `squeezedNameWidth` wide.
    with_names: bool,
    with_pipes: bool,
    /// Above `DETAIL_LIMIT` nodes: one bar chart, no element per tank.
    compact: bool,
    pipe_zone: f64,
    tank_height: f64,
    floor: f64,
    /// The level scale's ends, `low ≤ 0 < high`: a level beyond them needs a wider scale.
    low: f64,
    high: f64,
    /// `y(level) = zeroY − level · perLevel`.
    zero_y: f64,
    per_level: f64,
    /// Where the tanks start, and each tank's left edge; they share one width and corner radius.
    gutter: f64,
    x: Vec<f64>,
    tank_width: f64,
    corner: f64,
    /// The water: `waterInset` inside the outline at the sides and the floor, `waterWidth` wide.
    water_inset: f64,
    water_width: f64,
    /// Each tank's pipe width, 0 for no pipe; every pipe is `pipeHeight` high.
    pipes: Vec<f64>,
    pipe_height: f64,
    /// The baseline of the first row of `+w`s, and each tank's: where the widest `+w` of the run
    /// does not fit a slot, every second tank's stands in a second row, under the first.
    pipe_label_y: f64,
    pipe_label_ys: Vec<f64>,
    pipe_label_gap: f64,
    /// Whether the `+w`s are drawn over the pipes (none where even centred on their pipes they
    /// would reach the next pipe; a closed pipe's `+0` is drawn with the texts).
    with_pipe_labels: bool,
    /// Where each tank's `+w` starts: beside its pipe, or centred on it where beside it would
    /// run over the next tank's pipe; inside the picture either way.
    pipe_label_x: Vec<f64>,
    /// The same for the largest weight each node takes in the run (`labels`), where a `+w`
    /// larger than the node's weight starts.
    pipe_label_x_largest: Vec<f64>,
    /// The level number: `surface + inside` while the surface is above `insideUntil` or
    /// between `underZeroFrom` and `underZeroTo` (just under the zero line, which a number above
    /// it would cross), else `surface + above`; never higher than `levelLeast` (under the
    /// drain's text at the top).
    level_above: f64,
    level_inside: f64,
    level_inside_until: f64,
    level_under_zero_from: f64,
    level_under_zero_to: f64,
    level_least: f64,
    /// Baselines of the top text (the drain's `↓ −W`) and of the lines under a tank.
    top_text_y: f64,
    /// The middle of a refused connection's ✗ on its tank.
    refused_mark_y: f64,
    /// The width the ✗ is drawn at where it is wider than its tank holds (0: as it is;
    /// `TankLayout::refused_mark_length`).
    refused_mark_length: f64,
    name_y: f64,
    picks_y: f64,
    badge_y: f64,
    name_chars: usize,
    name_room: usize,
    squeezed_name_width: f64,
    /// Characters of a level that fit a tank's slot; a longer level is drawn `slot` wide (a tank
    /// and its gap).
    slot_chars: usize,
    slot: f64,
    /// Characters of the drain's text that fit inside a tank, clear of its outline: `↓ −W`
    /// where they hold it, `−W` alone where not (`TankLayout::drain_text`), drawn `drainRoom`
    /// wide where even that is longer (`TankLayout::drain_length`).
    tank_chars: usize,
    drain_room: f64,
    /// A level number inside its tank (`TankLayout::level_fit`): whole up to `levelChars`
    /// characters, drawn `levelRoom` wide, narrower, up to `levelLeastChars`, left out longer.
    level_chars: usize,
    level_least_chars: usize,
    level_room: f64,
    /// A tank's count under it (`TankLayout::picks_fit`): whole up to `picksChars` letters (a
    /// wide character two), else drawn `picksRoom` wide, narrower, clear of the next tank's.
    picks_chars: usize,
    picks_room: f64,
    zero_line_x: f64,
    axis_label_x: f64,
}

/// The tanks' layout in a box `boxWidth` wide (0 before it is laid out) for `weights` on the
/// level scale `[low, high]`, its text `textScale` times the usual size (1 to 3; 1 when left
/// out: presenter mode's is larger); see `TankLayoutView`. Its height is the width's and the
/// text scale's alone, or `boxHeight` where a box that tall holds the tanks whatever they draw
/// and is taller (up to twice the width): the tanks grow into it. `labels`: the largest weight
/// each node takes in the run (`Walkthrough.largestWeights`; the weights when left out), for
/// `pipeLabelXLargest`.
#[wasm_bindgen(js_name = tankLayout)]
pub fn tank_layout(
    box_width: f64,
    weights: &[f64],
    low: f64,
    high: f64,
    text_scale: Option<f64>,
    labels: Option<Vec<f64>>,
    box_height: Option<f64>,
) -> Result<JsValue, CoreError> {
    // Weights and levels are whole numbers far below 2^53 (the core gave them to the page).
    let largest = |values: &[f64]| values.iter().fold(0.0_f64, |a, &b| a.max(b)) as u64;
    let max_weight = largest(weights);
    let g = TankLayout::with_text_scale(
        weights.len(),
        max_weight,
        TankLayout::page_width(box_width),
        (low as i64, high as i64),
        TankLayout::text_scale(text_scale),
    )
    .holding_label(labels.as_deref().map_or(max_weight, largest))
    .filling(box_height.filter(|h| h.is_finite()).unwrap_or(0.0));
    // Where `+label` starts over each tank, its pipe as wide as the node's weight.
    let label_xs = |labels: &[f64]| -> Vec<f64> {
        weights
            .iter()
            .enumerate()
            .map(|(i, &w)| {
                let (x, width) = g.tank(i);
                let label = format!("+{}", labels.get(i).map_or(w, |&l| l.max(w)) as u64);
                g.pipe_label_x(x + width / 2.0, g.pipe_width(w as u64), &label)
            })
            .collect()
    };
    let level = g.level_text();
    let [name_y, picks_y, badge_y] = g.label_ys();
    let (zero_line_x, axis_label_x) = g.zero_line_x();
    to_js(&TankLayoutView {
        width: g.width,
        height: g.height,
        font: g.font,
        with_text: g.with_text,
        with_names: g.with_names,
        with_pipes: g.with_pipes,
        compact: weights.len() > DETAIL_LIMIT,
        pipe_zone: g.pipe_zone,
        tank_height: g.tank_height,
        floor: g.floor(),
        low: g.low as f64,
        high: g.high as f64,
        zero_y: g.y(0),
        per_level: g.per_level(),
        gutter: g.gutter,
        x: (0..weights.len()).map(|i| g.tank(i).0).collect(),
        tank_width: g.tank_width(),
        corner: g.corner(),
        water_inset: WATER_INSET,
        water_width: g.water_width(),
        pipes: weights.iter().map(|&w| g.pipe_width(w as u64)).collect(),
        pipe_height: g.pipe_height(),
        pipe_label_y: g.pipe_label_y(),
        pipe_label_ys: (0..weights.len()).map(|i| g.pipe_label_y_of(i)).collect(),
        pipe_label_gap: PIPE_LABEL_GAP,
        with_pipe_labels: g.with_pipe_labels(),
        pipe_label_x: label_xs(weights),
        pipe_label_x_largest: label_xs(labels.as_deref().unwrap_or(weights)),
        level_above: level.above,
        level_inside: level.inside,
        level_inside_until: level.inside_until,
        level_under_zero_from: level.under_zero_from,
        level_under_zero_to: level.under_zero_to,
        level_least: level.least,
        top_text_y: g.top_text_y(),
        refused_mark_y: g.refused_mark_y(),
        refused_mark_length: g.refused_mark_length().unwrap_or(0.0),
        name_y,
        picks_y,
        badge_y,
        name_chars: g.name_chars(),
        name_room: g.name_room(),
        squeezed_name_width: g.squeezed_name_width(),
        slot_chars: g.slot_chars(),
        slot: g.slot,
        tank_chars: g.tank_chars(),
        drain_room: g.drain_room(),
        level_chars: g.level_chars(),
        level_least_chars: g.level_least_chars(),
        level_room: g.drain_room(),
        picks_chars: g.picks_chars(),
        picks_room: g.picks_room(),
        zero_line_x,
        axis_label_x,
    })
}
