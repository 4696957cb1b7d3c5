//! Bulk picks through the wasm facade (`PickStream`), run in headless Chromium (scripts/test.sh):
//! the same picks as the core's single steps, from 1 node to the pruned path of many.
#![cfg(target_arch = "wasm32")]

use crate::support::message;
use swrr_viz::engine::{Scheduler, Swrr, TieRule};

use swrr_viz::input::Weights;
use swrr_viz::wasm::PickStream;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

/// nginx 1.22.1 with weights 5,3,2: the first 20 picks (tests/vectors/nginx-swrr.json).
const NGINX_5_3_2: [u32; 20] = [0, 1, 2, 0, 0, 1, 0, 2, 1, 0, 0, 1, 2, 0, 0, 1, 0, 2, 1, 0];

#[wasm_bindgen_test]
fn the_stream_gives_nginx_picks_across_calls() {
    let mut stream = PickStream::new("5,3,2", "first").unwrap();
    let mut picks = stream.next(7).unwrap();
    picks.extend(stream.next(13).unwrap());
    assert_eq!(picks, NGINX_5_3_2);
    assert_eq!(stream.t(), 20.0);
    assert_eq!(stream.levels(), [0.0, 0.0, 0.0]);
}

#[wasm_bindgen_test]
fn fill_views_the_same_picks_and_reuses_its_buffer() {
    let mut stream = PickStream::new("5,3,2", "first").unwrap();
    let first = stream.fill(13).unwrap();
    // A view of the stream's buffer in the module's memory, not a copy of it.
    let memory: js_sys::WebAssembly::Memory = wasm_bindgen::memory().unchecked_into();
    assert_eq!(JsValue::from(first.buffer()), memory.buffer());
    assert_eq!(first.to_vec(), NGINX_5_3_2[..13]);
    // Fewer picks: the same buffer again, so the earlier view now shows the newer picks.
    let second = stream.fill(7).unwrap();
    assert_eq!(second.to_vec(), NGINX_5_3_2[13..]);
    assert_eq!(first.byte_offset(), second.byte_offset());
    assert_eq!(first.to_vec()[..7], NGINX_5_3_2[13..]);
    assert_eq!(stream.t(), 20.0);
    assert_eq!(stream.levels(), [0.0, 0.0, 0.0]);
    // The same picks as `next`, across calls of every size.
    let mut viewing = PickStream::new("7,2,1,1", "last").unwrap();
    let mut copying = PickStream::new("7,2,1,1", "last").unwrap();
    for count in [1, 5, 0, 300, 2, 1000] {
        let viewed = viewing.fill(count).unwrap().to_vec();
        assert_eq!(viewed, copying.next(count).unwrap(), "fill({count})");
    }
    assert!(message(stream.fill(u32::MAX).unwrap_err())
        .starts_with("count must be a whole number from 0 to 16777216"));
}

#[wasm_bindgen_test]
fn every_size_matches_single_steps() {
    // 1 to 8 nodes (kernels in locals), 9 to 255 (three passes), 256 and up (pruned blocks).
    for n in [1usize, 2, 3, 4, 5, 6, 7, 8, 9, 64, 300, 1024] {
        let ints: Vec<u64> = (0..n as u64).map(|i| (i * 7919) % 97).collect();
        let Ok(weights) = Weights::from_integers(&ints) else {
            continue; // 1 node of weight 0
        };
        let text: Vec<String> = ints.iter().map(u64::to_string).collect();
        for (tie, name) in [(TieRule::First, "first"), (TieRule::Last, "last")] {
            let mut stream = PickStream::new(&text.join(","), name).unwrap();
            let bulk = stream.next(3000).unwrap();
            let mut swrr = Swrr::with_tie_rule(&weights, tie);
            let single: Vec<u32> = (0..3000)
                .map(|_| swrr.advance().unwrap().winner as u32)
                .collect();
            assert_eq!(bulk, single, "{n} nodes, tie {name}");
        }
    }
}

#[wasm_bindgen_test]
fn bad_input_is_a_clear_error() {
    assert!(message(PickStream::new("5,-3", "first").unwrap_err()).contains("negative"));
    assert!(message(PickStream::new("5,3", "middle").unwrap_err()).contains("unknown tie rule"));
    let mut stream = PickStream::new("5,3", "first").unwrap();
    assert!(message(stream.next(u32::MAX).unwrap_err())
        .starts_with("count must be a whole number from 0 to 16777216"));
}
