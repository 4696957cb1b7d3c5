//! `tankLayout`: the tanks' geometry the page draws with, and the height the page reserves for it
//! before the core is here (www/tank-geometry.js `reservedSize`).
#![cfg(target_arch = "wasm32")]

use serde::Deserialize;
use swrr_viz::wasm::tank_layout;
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen(module = "/www/tank-geometry.js")]
extern "C" {
    #[wasm_bindgen(js_name = reservedSize)]
    fn reserved_size(box_width: f64) -> JsValue;
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Layout {
    width: f64,
    height: f64,
    font: f64,
    with_text: bool,
    with_pipes: bool,
    compact: bool,
    pipe_zone: f64,
    tank_height: f64,
    floor: f64,
    low: f64,
    high: f64,
    zero_y: f64,
    per_level: f64,
    gutter: f64,
    x: Vec<f64>,
    tank_width: f64,
    pipes: Vec<f64>,
    level_above: f64,
    level_inside: f64,
    level_inside_until: f64,
    name_y: f64,
    badge_y: f64,
    name_chars: usize,
}

#[derive(Debug, Deserialize)]
struct Size {
    width: f64,
    height: f64,
}

fn layout(box_width: f64, weights: &[f64], range: (f64, f64)) -> Layout {
    serde_wasm_bindgen::from_value(tank_layout(box_width, weights, range.0, range.1).unwrap())
        .unwrap()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

#[wasm_bindgen_test]
fn three_tanks_with_pipes_and_texts_on_the_runs_level_scale() {
    let g = layout(640.0, &[5.0, 3.0, 2.0], (-5.0, 5.0));
    assert_eq!((g.width, g.font), (640.0, 12.0));
    assert!(g.with_text && g.with_pipes && !g.compact);
    assert!(close(g.tank_height, 640.0 * 0.42));
    assert!(close(g.height, g.pipe_zone + g.tank_height + 12.0 * 4.2));
    assert_eq!(g.floor, g.pipe_zone + g.tank_height);
    // Three slots after the gutter, a gap around each tank.
    let slot = (640.0 - g.gutter) / 3.0;
    assert!(close(g.x[1] - g.x[0], slot) && close(g.x[2] - g.x[1], slot));
    assert!(close(
        g.x[0] + g.tank_width + (slot - g.tank_width) / 2.0,
        g.gutter + slot
    ));
    // Pipes in proportion to the weights, the largest half the tank.
    assert!(close(g.pipes[0], g.tank_width / 2.0));
    assert!(close(g.pipes[1], g.pipes[0] * 0.6) && close(g.pipes[2], g.pipes[0] * 0.4));
    // The scale: the range's top and bottom 6 px inside the tank.
    assert_eq!((g.low, g.high), (-5.0, 5.0));
    assert!(close(g.zero_y - g.high * g.per_level, g.pipe_zone + 6.0));
    assert!(close(g.zero_y - g.low * g.per_level, g.floor - 6.0));
    // A level number near the top goes inside the water, else above it.
    assert!(g.level_inside > 0.0 && g.level_above < 0.0 && g.level_inside_until > g.pipe_zone);
    assert!(g.name_y > g.floor && g.badge_y < g.height);
    assert_eq!(g.name_chars, (g.tank_width / (12.0 * 0.6)).floor() as usize);
}

#[wasm_bindgen_test]
fn a_weight_of_0_has_no_pipe_and_a_scale_always_holds_0_and_1() {
    let g = layout(640.0, &[0.0, 4.0], (0.0, 0.0));
    assert_eq!(g.pipes[0], 0.0);
    assert!(g.pipes[1] > 0.0);
    assert_eq!((g.low, g.high), (0.0, 1.0));
}

#[wasm_bindgen_test]
fn many_nodes_lose_texts_then_pipes_and_the_tanks_grow_into_the_space() {
    let weights = |n: usize| vec![1.0; n];
    let three = layout(390.0, &weights(3), (-2.0, 2.0));
    let many = layout(390.0, &weights(41), (-2.0, 2.0));
    let compact = layout(390.0, &weights(250), (-2.0, 2.0));
    assert!(!many.with_text && many.with_pipes && !many.compact);
    assert!(!compact.with_text && !compact.with_pipes && compact.compact);
    assert_eq!(compact.pipes, vec![0.0; 250]);
    assert!(three.tank_height < many.tank_height && many.tank_height < compact.tank_height);
    assert_eq!((many.height, compact.height), (three.height, three.height));
}

#[wasm_bindgen_test]
fn the_height_the_page_reserves_is_the_cores_for_every_width_and_node_count() {
    let mut box_width = 0.0;
    while box_width <= 2400.0 {
        let reserved: Size = serde_wasm_bindgen::from_value(reserved_size(box_width)).unwrap();
        for n in [0, 3, 41, 250] {
            let g = layout(box_width, &vec![2.0; n], (-3.0, 3.0));
            assert_eq!(
                (reserved.width, reserved.height),
                (g.width, g.height),
                "box {box_width}, {n} nodes"
            );
        }
        box_width += 7.25;
    }
}
