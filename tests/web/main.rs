//! The wasm facade as JavaScript sees it, in headless Chromium (scripts/test.sh runs
//! `cargo test --target wasm32-unknown-unknown --test web` through wasm-bindgen-test-runner).

mod algos;
mod bulk;
mod errors;
mod export;
mod limits;
mod metrics;
mod names;
mod narration;
mod peers;
mod quiz;
mod requests;
mod support;
mod tanks;
mod tries;
mod walkthrough;
