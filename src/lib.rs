//! swrr-viz: Smooth Weighted Round-Robin as nginx runs it, exactly and step by step.
//!
//! The pure engine lives in [`core`] and builds natively; the WebAssembly facade in
//! `wasm.rs` (only on `wasm32`) is a thin layer over it, and the `swrr-viz` binary is the CLI.
//!
//! ```
//! use swrr_viz::core::{Weights, Swrr, Scheduler};
//! let weights: Weights = "5,3,2".parse().unwrap();
//! let mut swrr = Swrr::new(&weights);
//! let picks: String = (0..10).map(|_| weights.name(swrr.advance().unwrap().winner)).collect::<Vec<_>>().join(" ");
//! assert_eq!(picks, "A B C A A B A C B A");
//! ```

pub mod core;

#[cfg(target_arch = "wasm32")]
pub mod wasm;
