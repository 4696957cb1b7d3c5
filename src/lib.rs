//! swrr-viz: Smooth Weighted Round-Robin as nginx runs it, exactly and step by step.
//!
//! The library is built in layers, each a folder, each importing only the ones before it:
//! [`input`] (text in) → [`engine`] (the algorithms, the trace) → [`metrics`] → [`render`] and
//! [`teach`]; [`message`] and `sort` (a small index sort) underneath them all. The WebAssembly facade (`wasm`, only on `wasm32`)
//! and the `swrr-viz` binary are thin layers on top. docs/ARCHITECTURE.md draws the whole.
//!
//! ```
//! use swrr_viz::engine::{Scheduler, Swrr};
//! use swrr_viz::input::Weights;
//! let weights: Weights = "5,3,2".parse().unwrap();
//! let mut swrr = Swrr::new(&weights);
//! let picks: String = (0..10).map(|_| weights.name(swrr.advance().unwrap().winner)).collect::<Vec<_>>().join(" ");
//! assert_eq!(picks, "A B C A A B A C B A");
//! ```

pub mod engine;
pub mod input;
pub mod message;
mod message_samples;
pub mod metrics;
pub mod render;
mod sort;
pub mod teach;

pub use message_samples::message_samples;

#[cfg(target_arch = "wasm32")]
pub mod wasm;
