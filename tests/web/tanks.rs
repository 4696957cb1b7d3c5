//! `tankLayout`: the tanks' geometry the page draws with, and the height the page reserves for it
//! before the core is here (www/stage/tank-geometry.js `reservedSize`).
#![cfg(target_arch = "wasm32")]

use serde::Deserialize;
use swrr_viz::wasm::tank_layout;
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen(module = "/www/stage/tank-geometry.js")]
extern "C" {
    #[wasm_bindgen(js_name = reservedSize)]
    fn reserved_size(box_width: f64, text_scale: f64, box_height: f64) -> JsValue;
}

#[derive(Debug, Deserialize)]
struct Size {
    width: f64,
    height: f64,
}

/// The layout as JavaScript reads it, by its field names (a renamed or missing one fails).
struct Layout(serde_json::Value);

impl Layout {
    fn num(&self, name: &str) -> f64 {
        self.0[name]
            .as_f64()
            .unwrap_or_else(|| panic!("{name}: {}", self.0[name]))
    }

    fn flag(&self, name: &str) -> bool {
        self.0[name]
            .as_bool()
            .unwrap_or_else(|| panic!("{name}: {}", self.0[name]))
    }

    fn list(&self, name: &str) -> Vec<f64> {
        let values = self.0[name].as_array();
        let values = values.unwrap_or_else(|| panic!("{name}: {}", self.0[name]));
        values.iter().map(|v| v.as_f64().unwrap()).collect()
    }
}

fn layout(box_width: f64, weights: &[f64], range: (f64, f64)) -> Layout {
    scaled_layout(box_width, weights, range, None)
}

fn scaled_layout(
    box_width: f64,
    weights: &[f64],
    range: (f64, f64),
    text_scale: Option<f64>,
) -> Layout {
    filling_layout(box_width, weights, range, text_scale, None)
}

fn filling_layout(
    box_width: f64,
    weights: &[f64],
    range: (f64, f64),
    text_scale: Option<f64>,
    box_height: Option<f64>,
) -> Layout {
    let (low, high) = range;
    let value = tank_layout(box_width, weights, low, high, text_scale, None, box_height).unwrap();
    Layout(serde_wasm_bindgen::from_value(value).unwrap())
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

#[wasm_bindgen_test]
fn three_tanks_with_pipes_and_texts_on_the_runs_level_scale() {
    let g = layout(640.0, &[5.0, 3.0, 2.0], (-5.0, 5.0));
    assert_eq!((g.num("width"), g.num("font")), (640.0, 12.0));
    assert!(g.flag("withText") && g.flag("withPipes") && !g.flag("compact"));
    assert!(close(g.num("tankHeight"), 640.0 * 0.42));
    assert!(close(
        g.num("height"),
        g.num("pipeZone") + g.num("tankHeight") + 12.0 * 4.2
    ));
    assert_eq!(g.num("floor"), g.num("pipeZone") + g.num("tankHeight"));
    // Three slots after the gutter, a gap around each tank.
    let (x, width, gutter) = (g.list("x"), g.num("tankWidth"), g.num("gutter"));
    let slot = (640.0 - gutter) / 3.0;
    assert!(close(x[1] - x[0], slot) && close(x[2] - x[1], slot));
    assert!(close(x[0] + width + (slot - width) / 2.0, gutter + slot));
    // The water inside the outline; the pipes reach under it.
    assert_eq!(g.num("waterWidth"), width - 2.0 * g.num("waterInset"));
    assert!(g.num("pipeHeight") > g.num("pipeZone"));
    // Pipes in proportion to the weights, the largest half the tank.
    let pipes = g.list("pipes");
    assert!(close(pipes[0], width / 2.0));
    assert!(close(pipes[1], pipes[0] * 0.6) && close(pipes[2], pipes[0] * 0.4));
    // The scale: the range's top and bottom 6 px inside the tank.
    let (zero, per_level) = (g.num("zeroY"), g.num("perLevel"));
    assert_eq!((g.num("low"), g.num("high")), (-5.0, 5.0));
    assert!(close(zero - 5.0 * per_level, g.num("pipeZone") + 6.0));
    assert!(close(zero + 5.0 * per_level, g.num("floor") - 6.0));
    // A level number near the top goes inside the water, else above it.
    assert!(g.num("levelInside") > 0.0 && g.num("levelAbove") < 0.0);
    assert!(g.num("levelInsideUntil") > g.num("pipeZone"));
    // …and never into the drain's text at the top: a line under it.
    assert!(close(g.num("levelLeast"), g.num("topTextY") + 12.0 * 1.1));
    assert!(g.num("nameY") > g.num("floor") && g.num("badgeY") < g.num("height"));
    // Names are bold: measured at 0.72 em a letter, so wide capitals fit their tank too.
    assert_eq!(g.num("nameChars"), (width / (12.0 * 0.72)).floor());
    // The top text may run over the gap: a slot's characters.
    assert_eq!(g.num("slotChars"), (slot / (12.0 * 0.6)).floor());
}

#[wasm_bindgen_test]
fn twelve_tanks_in_a_phones_box_hold_a_drains_number_but_not_its_arrow() {
    let g = layout(
        358.0,
        &[
            12.0, 11.0, 10.0, 9.0, 8.0, 7.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0,
        ],
        (-78.0, 78.0),
    );
    // `−78` is three characters; `↓ −78` five. Inside the tank, clear of its outline, only two
    // hold: `−78` is drawn `drainRoom` wide, narrower.
    assert_eq!(g.num("slotChars"), 3.0);
    assert_eq!(g.num("tankChars"), 2.0);
    assert!(close(g.num("drainRoom"), g.num("tankWidth") - 4.0));
    // A level of three characters (21.6 px) fits the tank (23.2 px) whole; of five (`−1244`)
    // it is drawn `levelRoom` wide, narrower, clear of the outline; of six it is left out.
    assert_eq!(g.num("levelChars"), 3.0);
    assert_eq!(g.num("levelLeastChars"), 5.0);
    assert!(close(g.num("levelRoom"), g.num("drainRoom")));
    // A count under a tank (0.85 em) keeps 4 px from the next: `12×` (3 letters) whole, `12 次`
    // (5: `次` counts two) drawn `picksRoom` wide, narrower.
    assert_eq!(g.num("picksChars"), 3.0);
    assert!(close(g.num("picksRoom"), g.num("slot") - 4.0));
}

#[wasm_bindgen_test]
fn a_pipes_weight_stands_beside_it_where_it_holds_there_else_centred_on_it() {
    // Three tanks: `+5` beside its pipe.
    let g = layout(358.0, &[5.0, 3.0, 2.0], (-10.0, 10.0));
    let (x, pipes, labels) = (g.list("x"), g.list("pipes"), g.list("pipeLabelX"));
    let (tank, gap) = (g.num("tankWidth"), g.num("pipeLabelGap"));
    assert!(close(labels[0], x[0] + tank / 2.0 + pipes[0] / 2.0 + gap));
    // Twelve on a phone, one of weight 100: beside its pipe `+100` would reach the next one, so
    // every `+w` is centred on its own pipe (`+1`: two characters at 0.8 em, 0.6 em a letter)…
    let weights = [1.0; 11].into_iter().chain([100.0]).collect::<Vec<_>>();
    let g = layout(358.0, &weights, (-78.0, 78.0));
    let (x, labels) = (g.list("x"), g.list("pipeLabelX"));
    let (tank, font) = (g.num("tankWidth"), g.num("font"));
    assert!(g.flag("withPipeLabels"));
    assert!(close(
        labels[0],
        x[0] + tank / 2.0 - 2.0 * font * 0.8 * 0.6 / 2.0
    ));
    // …and `+100`, four characters at 0.8 em measured bold, ends inside the picture.
    assert!(labels[11] + 4.0 * font * 0.8 * 0.72 <= g.num("width") + 1e-6);
}

#[wasm_bindgen_test]
fn a_weight_a_scenario_raises_has_a_place_where_its_label_ends_inside_the_picture() {
    // Six tanks on a phone; the last one's weight 1 becomes 100 at some step.
    let weights = [5.0, 3.0, 1.0, 1.0, 1.0, 1.0];
    let largest = vec![5.0, 3.0, 1.0, 1.0, 1.0, 100.0];
    let value = tank_layout(358.0, &weights, -12.0, 12.0, None, Some(largest), None).unwrap();
    let g = Layout(serde_wasm_bindgen::from_value(value).unwrap());
    let (own, raised) = (g.list("pipeLabelX"), g.list("pipeLabelXLargest"));
    let (x, tank, font) = (g.list("x"), g.num("tankWidth"), g.num("font"));
    // Room for `+100` beside a pipe there is not: `+1` and `+100` stand centred on the pipe,
    // and `+100` (four characters at 0.8 em, measured bold) ends inside the picture.
    let centred = |chars: f64| x[5] + tank / 2.0 - chars * font * 0.8 * 0.6 / 2.0;
    assert!(close(own[5], centred(2.0)));
    assert!(close(raised[5], centred(4.0)));
    assert!(raised[5] + 4.0 * font * 0.8 * 0.72 <= g.num("width") + 1e-6);
    assert!(raised[5] < own[5]);
    // The nodes no event raises keep their place.
    assert_eq!(own[..5], raised[..5]);
}

#[wasm_bindgen_test]
fn pipes_weights_wider_than_a_slot_stand_in_two_rows_for_the_whole_run() {
    // Twelve tanks on a phone: `+12` fits a slot, `+100` (here raised by a scenario) does not.
    let weights = [
        12.0, 11.0, 10.0, 9.0, 8.0, 7.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0,
    ];
    let one_row = layout(358.0, &weights, (-78.0, 78.0));
    let first = one_row.num("pipeLabelY");
    assert_eq!(one_row.list("pipeLabelYs"), vec![first; 12]);
    let mut largest = weights.to_vec();
    largest[3] = 100.0;
    let value = tank_layout(358.0, &weights, -78.0, 78.0, None, Some(largest), None).unwrap();
    let two_rows = Layout(serde_wasm_bindgen::from_value(value).unwrap());
    let ys = two_rows.list("pipeLabelYs");
    let second = ys[1];
    assert!(second > first && second < two_rows.num("pipeZone"));
    for (i, &y) in ys.iter().enumerate() {
        assert_eq!(y, if i % 2 == 1 { second } else { first }, "tank {i}");
    }
}

#[wasm_bindgen_test]
fn a_weight_of_0_has_no_pipe_and_a_scale_always_holds_0_and_1() {
    let g = layout(640.0, &[0.0, 4.0], (0.0, 0.0));
    assert_eq!(g.list("pipes")[0], 0.0);
    assert!(g.list("pipes")[1] > 0.0);
    assert_eq!((g.num("low"), g.num("high")), (0.0, 1.0));
}

#[wasm_bindgen_test]
fn many_nodes_lose_texts_then_pipes_and_the_tanks_grow_into_the_space() {
    let weights = |n: usize| vec![1.0; n];
    let three = layout(390.0, &weights(3), (-2.0, 2.0));
    let many = layout(390.0, &weights(41), (-2.0, 2.0));
    let compact = layout(390.0, &weights(250), (-2.0, 2.0));
    assert!(!many.flag("withText") && many.flag("withPipes") && !many.flag("compact"));
    assert!(!compact.flag("withText") && !compact.flag("withPipes") && compact.flag("compact"));
    assert_eq!(compact.list("pipes"), vec![0.0; 250]);
    let tank = |g: &Layout| g.num("tankHeight");
    assert!(tank(&three) < tank(&many) && tank(&many) < tank(&compact));
    let height = three.num("height");
    assert_eq!(
        (many.num("height"), compact.num("height")),
        (height, height)
    );
}

#[wasm_bindgen_test]
fn the_height_the_page_reserves_is_the_cores_for_every_width_node_count_and_text_scale() {
    for text_scale in [1.0, 1.7, 3.0] {
        let mut box_width = 0.0;
        while box_width <= 2400.0 {
            // No box height (0) at every width; at every 12th width also one shorter than the
            // tanks, one taller, and one beyond twice the width.
            let heights: &[f64] = if (box_width / 7.25) as u32 % 12 == 0 {
                &[0.0, 250.0, 412.5, 900.0, 5000.0]
            } else {
                &[0.0]
            };
            for &box_height in heights {
                let reserved = reserved_size(box_width, text_scale, box_height);
                let reserved: Size = serde_wasm_bindgen::from_value(reserved).unwrap();
                for n in [0, 3, 41, 250] {
                    let weights = vec![2.0; n];
                    let scale = Some(text_scale);
                    let height = Some(box_height);
                    let g = filling_layout(box_width, &weights, (-3.0, 3.0), scale, height);
                    assert_eq!(
                        (reserved.width, reserved.height),
                        (g.num("width"), g.num("height")),
                        "box {box_width}×{box_height}, {n} nodes, text × {text_scale}"
                    );
                }
            }
            box_width += 7.25;
        }
    }
}

#[wasm_bindgen_test]
fn presenter_modes_larger_text_takes_rows_of_the_height_and_a_text_scale_is_1_to_3() {
    let usual = layout(770.0, &[5.0, 3.0, 2.0], (-5.0, 10.0));
    let large = scaled_layout(770.0, &[5.0, 3.0, 2.0], (-5.0, 10.0), Some(1.7));
    assert!(close(large.num("font"), usual.num("font") * 1.7));
    assert!(close(large.num("tankHeight"), usual.num("tankHeight")));
    assert!(large.num("height") > usual.num("height"));
    assert!(large.num("nameY") - large.num("floor") > usual.num("nameY") - usual.num("floor"));
    for (asked, font) in [(f64::NAN, 1.0), (0.2, 1.0), (-4.0, 1.0), (9.0, 3.0)] {
        let g = scaled_layout(770.0, &[5.0, 3.0, 2.0], (-5.0, 10.0), Some(asked));
        assert!(close(g.num("font"), usual.num("font") * font), "{asked}");
    }
}

#[wasm_bindgen_test]
fn a_taller_box_gives_its_height_to_the_tanks_not_to_the_text_up_to_twice_the_width() {
    let weights = [5.0, 3.0, 2.0];
    let natural = scaled_layout(345.0, &weights, (-5.0, 5.0), Some(1.7));
    let tall = filling_layout(345.0, &weights, (-5.0, 5.0), Some(1.7), Some(411.0));
    assert_eq!(tall.num("height"), 411.0);
    assert!(close(
        tall.num("tankHeight") - natural.num("tankHeight"),
        411.0 - natural.num("height")
    ));
    assert_eq!(tall.num("font"), natural.num("font"));
    assert_eq!(tall.num("pipeZone"), natural.num("pipeZone"));
    // The names and counts keep their distance under the floor.
    assert!(close(
        tall.num("nameY") - tall.num("floor"),
        natural.num("nameY") - natural.num("floor")
    ));
    // A shorter box, or none, leaves the tanks their own height; a huge one gives twice the width.
    for short in [None, Some(100.0), Some(f64::NAN), Some(f64::INFINITY)] {
        let g = filling_layout(345.0, &weights, (-5.0, 5.0), Some(1.7), short);
        assert_eq!(g.num("height"), natural.num("height"), "{short:?}");
    }
    let huge = filling_layout(345.0, &weights, (-5.0, 5.0), Some(1.7), Some(1e9));
    assert_eq!(huge.num("height"), 690.0);
}
