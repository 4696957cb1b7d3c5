//! "Predict the next pick": numbered exercises of growing difficulty, and a session that grades
//! each guess against the engine and says why the right answer is right.

mod error;
mod exercise;
mod session;

pub use error::{QuizError, MAX_EXERCISE};
pub use exercise::{Exercise, Tier, EXERCISE_SALT, PICKS_PER_EXERCISE};
pub use session::{Feedback, QuizSession, Reason};
