//! Which exercises there are, and why a number or a guess is refused.

use std::fmt;

use crate::message::{params, Coded, Params};

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

impl fmt::Display for QuizError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NoSuchNode { guess, nodes } => {
                write!(
                    f,
                    "node {guess} does not exist: the exercise has nodes 0 to {}",
                    nodes - 1
                )
            }
            Self::Finished { picks } => write!(
                f,
                "the exercise is finished: all {picks} picks were guessed"
            ),
            Self::NoSuchExercise { number } => write!(
                f,
                "exercise {number} does not exist: exercises go from 1 to {MAX_EXERCISE}"
            ),
        }
    }
}

impl std::error::Error for QuizError {}

impl Coded for QuizError {
    fn coded(&self) -> (&'static str, Params) {
        match self {
            Self::NoSuchNode { guess, nodes } => (
                "quiz.no_such_node",
                params!["guess" => *guess, "last" => nodes.saturating_sub(1)],
            ),
            Self::Finished { picks } => ("quiz.finished", params!["picks" => *picks]),
            Self::NoSuchExercise { number } => (
                "quiz.no_such_exercise",
                params!["number" => *number, "max" => MAX_EXERCISE],
            ),
        }
    }
}
