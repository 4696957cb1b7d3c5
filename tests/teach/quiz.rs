//! Quiz exercises (generated from their number, the same everywhere) and grading.

use swrr_viz::engine::{AlgorithmKind, TieRule};

use swrr_viz::teach::{Exercise, QuizError, QuizSession, Reason, Tier, MAX_EXERCISE};

#[test]
fn exercises_are_deterministic_and_numbered_from_one() {
    for n in [1, 2, 17, 25, 33, 42, 999, MAX_EXERCISE] {
        assert_eq!(
            Exercise::generate(n).unwrap(),
            Exercise::generate(n).unwrap()
        );
    }
    assert!(Exercise::generate(0)
        .unwrap_err()
        .to_string()
        .contains("exercises go from 1 to 1000000"));
    assert!(Exercise::generate(MAX_EXERCISE + 1).is_err());
}

#[test]
fn difficulty_grows_by_tier() {
    for n in 1..=60u64 {
        let e = Exercise::generate(n).unwrap();
        let weights: Vec<u64> = e.parsed_weights().integers();
        assert!(
            e.picks >= 2 && e.picks <= 12,
            "exercise {n}: {} picks",
            e.picks
        );
        assert!(
            weights.iter().filter(|&&w| w > 0).count() >= 2,
            "exercise {n}: {weights:?}"
        );
        match e.tier {
            Tier::WarmUp => {
                assert!(n <= 10);
                assert_eq!(weights.len(), 3);
                assert_eq!(e.options.kind, AlgorithmKind::Swrr);
            }
            Tier::Ties => {
                assert!((11..=20).contains(&n));
                assert!(
                    e.steps().iter().any(|s| s.is_tie()),
                    "exercise {n} has a tie"
                );
            }
            Tier::ZeroWeights => {
                assert!((21..=30).contains(&n));
                assert!(weights.contains(&0), "exercise {n}: {weights:?}");
            }
            Tier::ManyNodes => {
                assert!((31..=40).contains(&n));
                assert!((6..=8).contains(&weights.len()));
            }
            Tier::OtherAlgorithms => {
                assert!(n >= 41);
                let other = e.options.kind != AlgorithmKind::Swrr || e.options.tie == TieRule::Last;
                assert!(other, "exercise {n} uses another algorithm or rule");
            }
        }
    }
}

#[test]
fn known_exercises_do_not_change_between_versions() {
    // Hand-outs name exercises by number: these must stay what they are. (tests/web/quiz.rs checks
    // the same values in wasm.)
    let e = Exercise::generate(1).unwrap();
    assert_eq!((e.weights.as_str(), e.picks), (EXERCISE_1.0, EXERCISE_1.1));
    assert_eq!(e.answers(), EXERCISE_1.2);
    let e = Exercise::generate(42).unwrap();
    assert_eq!(
        (e.weights.as_str(), e.options.kind.as_str(), e.picks),
        (EXERCISE_42.0, EXERCISE_42.1, EXERCISE_42.2)
    );
    assert_eq!(e.answers(), EXERCISE_42.3);
}

const EXERCISE_1: (&str, u64, &[u32]) = ("4,4,3", 11, &[0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1]);
const EXERCISE_42: (&str, &str, u64, &[u32]) =
    ("1,1,2,5", "interleaved", 9, &[3, 3, 3, 2, 3, 0, 1, 2, 3]);

#[test]
fn grading_counts_score_and_streak_and_explains() {
    let exercise = Exercise::generate(11).unwrap();
    let answers = exercise.answers();
    let n = exercise.parsed_weights().len();
    let mut quiz = QuizSession::new(exercise.clone());
    // Right, right, wrong, right.
    for (k, right) in [true, true, false, true].into_iter().enumerate() {
        let answer = answers[k] as usize;
        let guess = if right { answer } else { (answer + 1) % n };
        let feedback = quiz.predict(guess).unwrap();
        assert_eq!(feedback.correct, right);
        assert_eq!(feedback.winner, answer);
        assert_eq!(feedback.step, k as u64 + 1);
    }
    assert_eq!((quiz.score(), quiz.streak(), quiz.best_streak()), (3, 1, 2));
    assert_eq!(quiz.answered(), 4);

    // Every reason of a SWRR exercise names the winner's level after filling.
    let mut quiz = QuizSession::new(exercise.clone());
    let mut saw_tie = false;
    for &answer in &answers {
        let feedback = quiz.predict(answer as usize).unwrap();
        match feedback.reason {
            Reason::Highest { level } => assert_eq!(level, feedback.record.filled[feedback.winner]),
            Reason::Tie {
                level,
                ref tied,
                rule,
            } => {
                saw_tie = true;
                assert_eq!(rule, "first");
                assert_eq!(tied[0], feedback.winner, "nginx: the first of the tied");
                assert_eq!(level, feedback.record.filled[feedback.winner]);
            }
            ref other => panic!("unexpected reason {other:?}"),
        }
    }
    assert!(saw_tie, "a ties exercise shows a tie");
    assert!(quiz.finished());
    assert!(matches!(quiz.predict(0), Err(QuizError::Finished { .. })));
    let mut fresh = QuizSession::new(exercise);
    let err = fresh.predict(n).unwrap_err();
    assert!(err.to_string().contains("does not exist"));
}

#[test]
fn other_algorithms_explain_their_own_rule() {
    let mut kinds = std::collections::BTreeSet::new();
    for n in 41..=80 {
        let exercise = Exercise::generate(n).unwrap();
        let answers = exercise.answers();
        let mut quiz = QuizSession::new(exercise.clone());
        let feedback = quiz.predict(answers[0] as usize).unwrap();
        let kind = match (&exercise.options.kind, &feedback.reason) {
            (AlgorithmKind::Classic, Reason::NextInList { position: 0, .. }) => "classic",
            (AlgorithmKind::Interleaved, Reason::FirstAtOrAbove { .. }) => "interleaved",
            (AlgorithmKind::Edf, Reason::EarliestDeadline { deadline }) => {
                assert!(!deadline.is_empty());
                "edf"
            }
            (AlgorithmKind::Swrr, Reason::Highest { .. } | Reason::Tie { rule: "last", .. }) => {
                "swrr-last"
            }
            other => panic!("exercise {n}: {other:?}"),
        };
        kinds.insert(kind);
    }
    assert_eq!(kinds.len(), 4, "{kinds:?}");
}

#[test]
fn the_cli_prints_an_exercise_and_its_key() {
    let out = assert_cmd::Command::cargo_bin("swrr-viz")
        .unwrap()
        .args(["exercise", "42", "--answers"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "exercise   42  (other-algorithms)\nweights    1,1,2,5\nalgorithm  interleaved\npredict    the first 9 picks\nanswers    D D D C D A B C D\n"
    );
    let bad = assert_cmd::Command::cargo_bin("swrr-viz")
        .unwrap()
        .args(["exercise", "0"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("exercises go from 1 to 1000000"));
}
