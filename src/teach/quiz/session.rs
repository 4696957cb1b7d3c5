//! A quiz session: the student guesses the next pick, the engine grades it and explains.

use serde::Serialize;

use super::error::QuizError;
use super::exercise::Exercise;
use crate::engine::{Algorithm, AlgorithmKind, AlgorithmState, Step, TieRule, Trace};

/// Why the right answer is right, in data (the page words it in the student's language).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Reason {
    /// SWRR: the winner had the highest level after filling.
    Highest { level: i64 },
    /// SWRR: several shared the highest level; the tie rule chose.
    Tie {
        level: i64,
        tied: Vec<usize>,
        rule: &'static str,
    },
    /// Classic: the pointer reached the winner's entry in the expanded list.
    NextInList { position: u64, length: u64 },
    /// Interleaved: the first node in list order whose weight is at least the current weight.
    FirstAtOrAbove { cw: i64 },
    /// EDF: the winner's deadline was the earliest (ties: the one queued first).
    EarliestDeadline { deadline: String },
    /// Weighted random: a draw, nothing to reason about.
    Draw,
}

/// The grade of one guess.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Feedback {
    /// The step just taken (1-based).
    pub step: u64,
    pub guess: usize,
    pub winner: usize,
    pub correct: bool,
    pub reason: Reason,
    /// The record of the step: levels after filling (`filled`), the ties, etc.
    #[serde(skip)]
    pub record: Step,
    pub score: u64,
    pub streak: u64,
    pub best_streak: u64,
    pub finished: bool,
}

/// One student working through one exercise.
///
/// ```
/// use swrr_viz::teach::{Exercise, QuizSession};
/// let mut quiz = QuizSession::new(Exercise::generate(1).unwrap());
/// let first = quiz.exercise().answers()[0] as usize;
/// let feedback = quiz.predict(first).unwrap();
/// assert!(feedback.correct);
/// assert_eq!((feedback.score, feedback.streak), (1, 1));
/// ```
#[derive(Debug, Clone)]
pub struct QuizSession {
    exercise: Exercise,
    trace: Trace<Algorithm>,
    score: u64,
    streak: u64,
    best_streak: u64,
}

impl QuizSession {
    #[must_use]
    pub fn new(exercise: Exercise) -> Self {
        let trace = Trace::new(exercise.run());
        Self {
            exercise,
            trace,
            score: 0,
            streak: 0,
            best_streak: 0,
        }
    }

    #[must_use]
    pub fn exercise(&self) -> &Exercise {
        &self.exercise
    }

    /// Picks guessed so far.
    #[must_use]
    pub fn answered(&self) -> u64 {
        self.trace.t()
    }

    #[must_use]
    pub fn score(&self) -> u64 {
        self.score
    }

    #[must_use]
    pub fn streak(&self) -> u64 {
        self.streak
    }

    #[must_use]
    pub fn best_streak(&self) -> u64 {
        self.best_streak
    }

    #[must_use]
    pub fn finished(&self) -> bool {
        self.answered() >= self.exercise.picks
    }

    /// The walkthrough the student is looking at (the state before the next pick).
    #[must_use]
    pub fn trace(&self) -> &Trace<Algorithm> {
        &self.trace
    }

    /// Grades `guess` (a zero-based node index) for the next pick and takes that step.
    pub fn predict(&mut self, guess: usize) -> Result<Feedback, QuizError> {
        let nodes = self.exercise.parsed_weights().len();
        if guess >= nodes {
            return Err(QuizError::NoSuchNode { guess, nodes });
        }
        if self.finished() {
            return Err(QuizError::Finished {
                picks: self.exercise.picks,
            });
        }
        let record = self
            .trace
            .forward()
            .map_err(|_| QuizError::Finished {
                picks: self.exercise.picks,
            })?
            .clone();
        let correct = guess == record.winner;
        if correct {
            self.score += 1;
            self.streak += 1;
            self.best_streak = self.best_streak.max(self.streak);
        } else {
            self.streak = 0;
        }
        let reason = reason(
            self.exercise.options.kind,
            self.exercise.options.tie,
            &record,
        );
        Ok(Feedback {
            step: record.t,
            guess,
            winner: record.winner,
            correct,
            reason,
            record,
            score: self.score,
            streak: self.streak,
            best_streak: self.best_streak,
            finished: self.finished(),
        })
    }
}

fn reason(kind: AlgorithmKind, tie: TieRule, record: &Step) -> Reason {
    match (kind, &record.state) {
        (AlgorithmKind::Swrr, _) => {
            let level = record.filled[record.winner];
            if record.is_tie() {
                Reason::Tie {
                    level,
                    tied: record.tied.clone(),
                    rule: tie.as_str(),
                }
            } else {
                Reason::Highest { level }
            }
        }
        (AlgorithmKind::Classic, AlgorithmState::Classic(s)) => Reason::NextInList {
            position: s.position.unwrap_or(0),
            length: s.length,
        },
        (AlgorithmKind::Interleaved, AlgorithmState::Interleaved(s)) => {
            Reason::FirstAtOrAbove { cw: s.cw }
        }
        // After the pick, EDF's clock stands at the winner's deadline: the earliest in the queue.
        (AlgorithmKind::Edf, AlgorithmState::Edf(s)) => Reason::EarliestDeadline {
            deadline: s.now.to_string(),
        },
        _ => Reason::Draw,
    }
}
