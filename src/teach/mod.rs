//! For a class: presets that replay the seed articles' stories, and the "predict the next pick"
//! quiz that grades each guess against the engine.

pub(crate) mod presets;
pub(crate) mod quiz;

pub use presets::{preset, presets, Preset};
pub use quiz::{
    Exercise, Feedback, QuizError, QuizSession, Reason, Tier, EXERCISE_SALT, MAX_EXERCISE,
    PICKS_PER_EXERCISE,
};
