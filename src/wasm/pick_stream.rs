//! Picks in bulk: nginx SWRR as a stream of node indices, every pick computed.

use js_sys::{Uint32Array, WebAssembly};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::error::{ApiError, CoreError};
use crate::engine::{Scheduler, Swrr, TieRule};
use crate::input::Weights;

/// Most picks one `next` call returns (64 MiB of indices).
pub const MAX_PICKS_PER_CALL: u32 = 1 << 24;

/// nginx SWRR over fixed weights as a stream: each `next(count)` continues the run and returns
/// the next `count` winners (zero-based node indices) as a `Uint32Array`. Every pick is computed by
/// the engine's hot loop (no period shortcut, unlike `Walkthrough.sequence`): for simulations
/// that consume picks as they go, and the engine benchmark (`scripts/bench.sh`).
///
/// ```js
/// const stream = new PickStream("5,3,2", "first");
/// stream.next(10);   // Uint32Array [0, 1, 2, 0, 0, 1, 0, 2, 1, 0]
/// stream.t;          // 10
/// ```
#[wasm_bindgen]
#[derive(Debug)]
pub struct PickStream {
    swrr: Swrr,
    t: u64,
    /// `fill`'s picks, kept and reused from call to call.
    buffer: Vec<u32>,
}

#[wasm_bindgen]
impl PickStream {
    /// `tie` is `"first"` (nginx) or `"last"`; throws with the parser's message on bad weights.
    #[wasm_bindgen(constructor)]
    pub fn new(text: &str, tie: &str) -> Result<PickStream, CoreError> {
        let weights: Weights = text.parse()?;
        let tie: TieRule = tie.parse()?;
        Ok(Self {
            swrr: Swrr::with_tie_rule(&weights, tie),
            t: 0,
            buffer: Vec::new(),
        })
    }

    /// The next `count` picks (at most 16,777,216 per call: call again for more).
    pub fn next(&mut self, count: u32) -> Result<Vec<u32>, CoreError> {
        check_count(count)?;
        let mut picks = vec![0; count as usize];
        self.swrr.fill_picks(&mut picks);
        self.t += u64::from(count);
        Ok(picks)
    }

    /// The next `count` picks like `next`, without a copy: a `Uint32Array` that is a view of the
    /// stream's own buffer in the module's memory, reused by the next `fill`. Read (or copy) it
    /// before calling into the module again: the next `fill` overwrites it, and a call that grows
    /// the memory detaches it (its length becomes 0).
    pub fn fill(&mut self, count: u32) -> Result<Uint32Array, CoreError> {
        check_count(count)?;
        let count = count as usize;
        if self.buffer.len() < count {
            self.buffer.resize(count, 0);
        }
        let picks = &mut self.buffer[..count];
        self.swrr.fill_picks(picks);
        self.t += count as u64;
        let memory: WebAssembly::Memory = wasm_bindgen::memory().unchecked_into();
        // A wasm32 address fits in a u32.
        let address = picks.as_ptr() as usize as u32;
        Ok(Uint32Array::new_with_byte_offset_and_length(
            &memory.buffer(),
            address,
            count as u32,
        ))
    }

    /// Picks made so far.
    #[wasm_bindgen(getter)]
    pub fn t(&self) -> f64 {
        self.t as f64
    }

    /// Every node's level now (exact: levels stay within ±W ≤ 10^13).
    pub fn levels(&self) -> Vec<f64> {
        super::exact_f64(self.swrr.levels())
    }
}

/// At most [`MAX_PICKS_PER_CALL`] picks a call.
fn check_count(count: u32) -> Result<(), CoreError> {
    if count > MAX_PICKS_PER_CALL {
        return Err(ApiError::WholeNumber {
            what: "count".into(),
            max: f64::from(MAX_PICKS_PER_CALL),
            value: f64::from(count),
        }
        .into());
    }
    Ok(())
}
