//! Presets (the seed articles' stories) and the quiz.

#[path = "../common/attempts.rs"]
mod attempts;
mod presets;
mod quiz;
