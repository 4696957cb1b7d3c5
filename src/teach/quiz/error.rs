//! Which exercises there are, and why a number or a guess is refused.

/// Exercise numbers go from 1 to this.
pub const MAX_EXERCISE: u64 = 1_000_000;

/// A guess the session cannot take.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum QuizError {
    /// The guess names no node.
    NoSuchNode { guess: usize, nodes: usize },
    /// Every pick of the exercise has been guessed.
    Finished { picks: u64 },
    /// No exercise has this number.
    NoSuchExercise { number: u64 },
}

crate::message::coded! {
    error QuizError: QUIZ;
    Self::NoSuchNode { guess, nodes } => "quiz.no_such_node"
        ["guess" => *guess, "last" => nodes.saturating_sub(1)],
    Self::Finished { picks } => "quiz.finished" ["picks" => *picks],
    Self::NoSuchExercise { number } => "quiz.no_such_exercise"
        ["number" => *number, "max" => MAX_EXERCISE],
}
