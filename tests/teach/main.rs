//! Presets (the seed articles' stories) and the quiz.

mod presets;
mod quiz;
