//! The quiz facade in headless Chromium: exercises are the same as natively (tests/teach/quiz.rs).
#![cfg(target_arch = "wasm32")]

use serde::Deserialize;
use swrr_viz::wasm::Quiz;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

#[derive(Debug, Deserialize)]
struct ExerciseView {
    number: f64,
    tier: String,
    weights: String,
    algo: String,
    picks: f64,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct FeedbackView {
    step: f64,
    winner: usize,
    correct: bool,
    score: f64,
    streak: f64,
    filled: Vec<f64>,
}

#[wasm_bindgen_test]
fn exercise_42_is_the_same_as_natively() {
    let quiz = Quiz::new(42.0).unwrap();
    let e: ExerciseView = serde_wasm_bindgen::from_value(quiz.exercise().unwrap()).unwrap();
    assert_eq!(e.number, 42.0);
    assert_eq!(e.tier, "other-algorithms");
    assert_eq!(
        (e.weights.as_str(), e.algo.as_str(), e.picks),
        ("1,1,2,5", "interleaved", 9.0)
    );
    assert_eq!(quiz.answers(), [3, 3, 3, 2, 3, 0, 1, 2, 3]);
    let one = Quiz::new(1.0).unwrap();
    assert_eq!(one.answers(), [0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1]);
}

#[wasm_bindgen_test]
fn guesses_are_graded() {
    let mut quiz = Quiz::new(1.0).unwrap();
    let right: FeedbackView = serde_wasm_bindgen::from_value(quiz.predict(0).unwrap()).unwrap();
    assert!(right.correct);
    assert_eq!(
        (right.step, right.winner, right.score, right.streak),
        (1.0, 0, 1.0, 1.0)
    );
    assert_eq!(right.filled, [4.0, 4.0, 3.0]);
    let wrong: FeedbackView = serde_wasm_bindgen::from_value(quiz.predict(2).unwrap()).unwrap();
    assert!(!wrong.correct);
    assert_eq!((wrong.winner, wrong.score, wrong.streak), (1, 1.0, 0.0));
    assert!(Quiz::new(0.0).is_err());
    assert!(quiz.predict(7).is_err());
}
