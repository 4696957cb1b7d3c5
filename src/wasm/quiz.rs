//! The quiz handle: one exercise (by number), each guess graded by the core.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::error::ApiError;
use super::CoreError;
use super::{exact_f64, js_error, to_js};
use crate::teach::{Exercise, Feedback, QuizSession, Reason};

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ExerciseView<'a> {
    number: f64,
    tier: &'static str,
    weights: &'a str,
    algo: &'static str,
    tie: &'static str,
    picks: f64,
}

/// A graded guess, for the page: the reason as data (the page words it), plus the levels after
/// filling and the ties, so a wrong answer can show why.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct FeedbackView<'a> {
    step: f64,
    guess: usize,
    winner: usize,
    correct: bool,
    reason: &'a Reason,
    before: Vec<f64>,
    filled: Vec<f64>,
    tied: &'a [usize],
    score: f64,
    streak: f64,
    best_streak: f64,
    finished: bool,
}

impl<'a> From<&'a Feedback> for FeedbackView<'a> {
    fn from(f: &'a Feedback) -> Self {
        Self {
            step: f.step as f64,
            guess: f.guess,
            winner: f.winner,
            correct: f.correct,
            reason: &f.reason,
            before: exact_f64(&f.record.before),
            filled: exact_f64(&f.record.filled),
            tied: &f.record.tied,
            score: f.score as f64,
            streak: f.streak as f64,
            best_streak: f.best_streak as f64,
            finished: f.finished,
        }
    }
}

/// "Predict the next pick" for exercise `number` (1 to 1,000,000; the same exercise everywhere).
///
/// ```js
/// const quiz = new Quiz(42);
/// quiz.exercise();          // {number, tier, weights, algo, tie, picks}
/// quiz.predict(2);          // {correct, winner, reason: {kind, …}, filled, tied, score, streak, …}
/// ```
#[wasm_bindgen]
#[derive(Debug)]
pub struct Quiz {
    inner: QuizSession,
}

#[wasm_bindgen]
impl Quiz {
    #[wasm_bindgen(constructor)]
    pub fn new(number: f64) -> Result<Quiz, CoreError> {
        if !(number.is_finite() && number.fract() == 0.0 && number >= 0.0) {
            return Err(ApiError::ExerciseNotWhole { number }.into());
        }
        let exercise = Exercise::generate(number as u64).map_err(js_error)?;
        Ok(Self {
            inner: QuizSession::new(exercise),
        })
    }

    /// `{number, tier, weights, algo, tie, picks}`.
    pub fn exercise(&self) -> Result<JsValue, CoreError> {
        let e = self.inner.exercise();
        to_js(&ExerciseView {
            number: e.number as f64,
            tier: e.tier.as_str(),
            weights: &e.weights,
            algo: e.options.kind.as_str(),
            tie: e.options.tie.as_str(),
            picks: e.picks as f64,
        })
    }

    /// Grades `guess` (zero-based node index) for the next pick, then takes the step.
    pub fn predict(&mut self, guess: u32) -> Result<JsValue, CoreError> {
        let feedback = self.inner.predict(guess as usize).map_err(js_error)?;
        to_js(&FeedbackView::from(&feedback))
    }

    /// The winners of every step of the exercise (a `Uint32Array`), e.g. for a teacher's key.
    pub fn answers(&self) -> Vec<u32> {
        self.inner.exercise().answers()
    }

    #[wasm_bindgen(getter)]
    pub fn score(&self) -> f64 {
        self.inner.score() as f64
    }

    #[wasm_bindgen(getter)]
    pub fn streak(&self) -> f64 {
        self.inner.streak() as f64
    }

    #[wasm_bindgen(getter, js_name = bestStreak)]
    pub fn best_streak(&self) -> f64 {
        self.inner.best_streak() as f64
    }

    /// Picks guessed so far.
    #[wasm_bindgen(getter)]
    pub fn answered(&self) -> f64 {
        self.inner.answered() as f64
    }

    #[wasm_bindgen(getter)]
    pub fn finished(&self) -> bool {
        self.inner.finished()
    }
}
