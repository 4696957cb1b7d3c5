//! Scenario events on hand-checked cases: every weight-change policy, down/up, drain, slow start,
//! nginx passive failures, and how each algorithm reacts. The arithmetic is in the comments.

use swrr_viz::engine::{
    next_request, slow_start_weight, Algorithm, AlgorithmKind, AlgorithmOptions, AlgorithmState,
    Step, Trace,
};

use swrr_viz::input::{Curve, Scenario, Weights};

use crate::common::algorithm::assert_picks;
use crate::common::attempts::{added, attempts};

fn run(kind: AlgorithmKind, weights: &str, scenario: &str) -> Trace<Algorithm> {
    let w: Weights = weights.parse().unwrap();
    let scenario = Scenario::parse(scenario, &w).unwrap();
    let options = AlgorithmOptions {
        kind,
        ..AlgorithmOptions::default()
    };
    Trace::new(Algorithm::new(&w, &options, &scenario))
}

fn swrr_steps(weights: &str, scenario: &str, n: u64) -> Vec<Step> {
    let mut trace = run(AlgorithmKind::Swrr, weights, scenario);
    (0..n).map(|_| trace.forward().unwrap().clone()).collect()
}

fn effective(step: &Step) -> Vec<i64> {
    match &step.state {
        AlgorithmState::Swrr(s) => s.effective.clone(),
        other => panic!("swrr state expected, got {other:?}"),
    }
}

fn sum(step: &Step) -> i64 {
    match &step.state {
        AlgorithmState::Swrr(s) => s.sum,
        other => panic!("swrr state expected, got {other:?}"),
    }
}

// 5,3,2 without events: after step 2 the levels are [0, −4, 4] (README table).

#[test]
fn keep_adds_the_new_weight_to_the_kept_levels() {
    let steps = swrr_steps("5,3,2", "@3 A=10", 3);
    let s = &steps[2];
    assert_eq!(s.events, ["@3 A=10"]);
    assert_eq!(s.weights, [10, 3, 2]);
    assert_eq!(s.total, 15);
}

#[test]
fn each_policy_moves_the_levels_as_worked_out_by_hand() {
    // (scenario, before, filled, winner, drained, Σ from step 3 on)
    let cases = [
        // Keep: before [0, −4, 4]; add 10 3 2 → [10, −1, 6]; W' = 15; A wins → [−5, −1, 6];
        // keep conserves Σcurrent.
        ("@3 A=10", [0, -4, 4], [10, -1, 6], 0, [-5, -1, 6], 0),
        // Reset zeroes every level: before [0, 0, 0]; add → [10, 3, 2]; A → [−5, 3, 2].
        ("@3 A=10 reset", [0, 0, 0], [10, 3, 2], 0, [-5, 3, 2], 0),
        // Reset-node zeroes one level and breaks conservation: C's 4 → 0, before [0, −4, 0]
        // (Σ −4); add 5 3 4 → [5, −1, 4]; W' = 12; A → [−7, −1, 4]; Σ stays −4 for ever (every
        // step adds W' and takes W' back).
        (
            "@3 C=4 reset-node",
            [0, -4, 0],
            [5, -1, 4],
            0,
            [-7, -1, 4],
            -4,
        ),
        // Scale multiplies one level and breaks conservation: C's 4 × 4/2 = 8, before
        // [0, −4, 8] (Σ 4); add 5 3 4 → [5, −1, 12]; W' = 12; C → [5, −1, 0]; Σ stays 4.
        ("@3 C=4 scale", [0, -4, 8], [5, -1, 12], 2, [5, -1, 0], 4),
        // Scale truncates toward zero: B's −4 × 2/3 = −2.67 → −2 (as C's integer division);
        // before [0, −2, 4] (Σ 2); add 5 2 2 → [5, 0, 6]; W' = 9; C → [5, 0, −3].
        ("@3 B=2 scale", [0, -2, 4], [5, 0, 6], 2, [5, 0, -3], 2),
    ];
    for (scenario, before, filled, winner, drained, kept_sum) in cases {
        let steps = swrr_steps("5,3,2", scenario, 40);
        let s = &steps[2];
        assert_eq!(
            (s.before.as_slice(), s.filled.as_slice()),
            (before.as_slice(), filled.as_slice()),
            "{scenario}"
        );
        assert_eq!(
            (s.winner, s.drained.as_slice()),
            (winner, drained.as_slice()),
            "{scenario}"
        );
        assert!(steps[2..].iter().all(|s| sum(s) == kept_sum), "{scenario}");
    }
}

#[test]
fn down_neither_adds_nor_counts_and_up_carries_the_level() {
    // @13 C down: before [0, −4, 4]; only A and B add: [5, −1, 4]; W' = 8; A → [−3, −1, 4].
    let steps = swrr_steps("5,3,2", "@13 C down; @23 C up", 30);
    let s = &steps[12];
    assert_eq!(s.eligible, [true, true, false]);
    assert_eq!(s.filled, [5, -1, 4]);
    assert_eq!((s.winner, s.total), (0, 8));
    assert_eq!(s.drained, [-3, -1, 4]);
    for s in &steps[12..22] {
        assert_ne!(s.winner, 2);
        assert_eq!(s.drained[2], 4, "C's level is frozen while down");
        assert_eq!(sum(s), 0);
    }
    // @23 C up: before [−6, 2, 4]; add 5 3 2 → [−1, 5, 6]; C → [−1, 5, −4].
    let s = &steps[22];
    assert_eq!(s.before, [-6, 2, 4]);
    assert_eq!((s.winner, s.drained.clone()), (2, vec![-1, 5, -4]));
}

#[test]
fn drain_keeps_the_node_but_never_picks_it() {
    let steps = swrr_steps("5,3,2", "@11 B drain", 60);
    for s in &steps[10..] {
        assert_eq!(s.weights[1], 0);
        assert!(!s.eligible[1]);
        assert_ne!(s.winner, 1);
    }
    // After step 10 all levels are 0 again; A and C then share 5:2 exactly every 7 steps.
    let a = steps[10..17].iter().filter(|s| s.winner == 0).count();
    assert_eq!(a, 5);
}

#[test]
fn slow_start_ramps_linear_and_dubbo() {
    // Linear, w = 5 over 10 steps: 1 + ⌊4e/10⌋ for e = 0..10.
    let linear: Vec<u64> = (0..=10)
        .map(|e| slow_start_weight(Curve::Linear, 5, e, 10))
        .collect();
    assert_eq!(linear, [1, 1, 1, 2, 2, 3, 3, 3, 4, 4, 5]);
    // Dubbo: ⌊5e/10⌋ clamped to 1..=5.
    let dubbo: Vec<u64> = (0..=10)
        .map(|e| slow_start_weight(Curve::Dubbo, 5, e, 10))
        .collect();
    assert_eq!(dubbo, [1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5]);
    // Dubbo's own f32 formula agrees on these (5 / (10f / 5) = e / 2 exactly).
    for e in 1..10u32 {
        let ww = (e as f32 / (10.0f32 / 5.0)) as u64;
        assert_eq!(ww.clamp(1, 5), dubbo[e as usize]);
    }
    // In a run: D joins at 11 and its weight in effect follows the ramp.
    let steps = swrr_steps("A=5 B=3 C=2 D=5", "@1 D down; @11 D slowstart 10", 25);
    let ramp: Vec<i64> = steps[10..21].iter().map(|s| s.weights[3]).collect();
    assert_eq!(ramp, [1, 1, 1, 2, 2, 3, 3, 3, 4, 4, 5]);
    assert!(steps[..10].iter().all(|s| !s.eligible[3]));
    assert!(steps.iter().all(|s| sum(s) == 0));
}

#[test]
fn a_failure_is_learned_after_the_pick_and_the_request_is_retried() {
    // 6,4 with A's next attempt failing, max_fails=3. Request 1: [6, 4] → A → [−4, 4].
    // Request 2: [2, 8] → B (A not picked, nothing fails) → [2, −2].
    // Request 3: [8, 2] → A, total 10 → [−2, 2]; refused: fails 1, effective 6 − 6/3 = 4.
    //   Retry without A: B adds 4 alone, [−2, 6], total 4 → B → [−2, 2].
    // Request 4: A adds 4 (then 5), [2, 6], total 8 → B → [2, −2].
    // Request 5: A adds 5 (then 6), [7, 2], total 9 → A → [−2, 2].
    let steps = swrr_steps("6,4", "@2 A fail max_fails=3", 6);
    let outcome = |s: &Step| {
        let r = s.request.as_ref().unwrap();
        (r.request, r.attempt, r.outcome.as_str())
    };
    assert_eq!(outcome(&steps[2]), (3, 1, "failed"));
    assert_eq!(outcome(&steps[3]), (3, 2, "answered"));
    assert_eq!(steps[2].drained, [-2, 2]);
    assert_eq!(effective(&steps[2]), [4, 4]);
    assert_eq!((steps[3].filled.clone(), steps[3].total), (vec![-2, 6], 4));
    assert!(!steps[3].eligible[0] && steps[3].request.as_ref().unwrap().tried[0]);
    assert_eq!((steps[4].filled.clone(), steps[4].total), (vec![2, 6], 8));
    assert_eq!(effective(&steps[4]), [5, 4]);
    assert_eq!((steps[5].filled.clone(), steps[5].total), (vec![7, 2], 9));
    assert!(steps.iter().all(|s| sum(s) == 0));
}

#[test]
fn reaching_max_fails_disables_the_node_for_fail_timeout_seconds() {
    // Default max_fails=1, fail_timeout=10 s, one request a second (request k at second k − 1).
    // C's failed attempt is request 8 (second 7): it sits out while second − 7 ≤ 10, i.e.
    // requests 9..=18; at 19 it adds 0 (effective 2 − 2/1), then 1, then 2.
    let steps = swrr_steps("5,3,2", "@6 C fail", 24);
    assert_eq!(attempts(&steps, 8).len(), 2);
    assert_eq!(attempts(&steps, 8)[0].winner, 2);
    for k in 9..=18 {
        assert!(
            attempts(&steps, k).iter().all(|s| !s.eligible[2]),
            "request {k}"
        );
    }
    let c_added: Vec<i64> = (19..=21)
        .map(|k| added(attempts(&steps, k)[0], 2))
        .collect();
    assert_eq!(c_added, [0, 1, 2]);
}

#[test]
fn a_successful_pick_after_the_timeout_clears_the_failure_count() {
    // 5,5, A's next two attempts fail, max_fails=2, timeout=3 s. They are requests 1 and 4
    // (seconds 0 and 3): fails 2, so A sits out while second − 3 ≤ 3 (requests 5–7). A's first
    // pick after that (request 10, second 9) moves `checked` to 9, past `accessed` 3, and the
    // answer clears `fails`; one more failure at request 12 is then 1 < 2: A stays in.
    let steps = swrr_steps("5,5", "@1 A fail 2 max_fails=2 timeout=3; @12 A fail", 17);
    let fails = |t: usize| steps[t - 1].request.as_ref().unwrap().fails[0];
    let request = |t: usize| steps[t - 1].request.as_ref().unwrap().request;
    assert_eq!((request(5), fails(5)), (4, 2));
    assert!(steps[6..9].iter().all(|s| !s.eligible[0]));
    assert!(steps[9].eligible[0]);
    assert_eq!((request(12), steps[11].winner, fails(12)), (10, 0, 0));
    assert_eq!((request(14), fails(14)), (12, 1));
    assert!(steps[15].eligible[0]);
}

#[test]
fn everyone_out_stops_the_run_with_the_reason() {
    let mut trace = run(
        AlgorithmKind::Swrr,
        "5,3,2",
        "@3 A down; @3 B drain; @3 C down",
    );
    let error = trace.seek(5).unwrap_err().to_string();
    assert_eq!(
        error,
        "no node can be picked at step 3: nodes down: 2, nodes drained to weight 0: 1"
    );
}

#[test]
fn every_server_dead_answers_502_and_the_run_goes_on() {
    // Request 1 tries all three (tries = 3) and fails: A [5,3,2] → [−5,3,2]; B adds 3, C 2 →
    // [−5,6,4] → B → [−5,1,4]; C alone → [−5,1,4]. Every server is then disabled for 10 s:
    // requests 2–11 find none. At request 12 (second 11) they are tried again, adding their
    // effective weights, all 0 after one failure with max_fails=1: C (level 4), B (1), A (−5).
    let w: Weights = "5,3,2".parse().unwrap();
    let scenario = Scenario::parse("@1 A dead; @1 B dead; @1 C dead", &w).unwrap();
    let mut run = Algorithm::new(&w, &AlgorithmOptions::default(), &scenario);
    let tokens: Vec<String> = (0..12)
        .map(|_| {
            next_request(&mut run)
                .unwrap()
                .token(|i| w.name(i).to_string())
        })
        .collect();
    assert_eq!(tokens[0], "A>B>C>-");
    assert!(tokens[1..11].iter().all(|t| t == "-"));
    assert_eq!(tokens[11], "C>B>A>-");
}

#[test]
fn each_algorithm_applies_a_weight_change_its_own_way() {
    assert_picks(&[
        // Classic: after A A the pointer is at 2. @3 A=1 rebuilds the list as A B B B C C
        // (length 6): keep → position 2 is a B; reset → back to the head.
        (
            AlgorithmKind::Classic,
            "5,3,2",
            "@3 A=1",
            "A A B B C C A B B B C C",
        ),
        (
            AlgorithmKind::Classic,
            "5,3,2",
            "@3 A=1 reset",
            "A A A B B B C C A B B B",
        ),
        // Interleaved does what IPVS's dest-changed does. 4,3,2: a a b (cursor at b, cw 3).
        // @4 A=2: gcd 1, mw 3, cw 3 kept, cursor to the head: a (2 ≥ 3? no) b (3 ≥ 3) → b;
        // then cw 2: a b c; cw 1: a b c; cw wraps to 3: b …
        (
            AlgorithmKind::Interleaved,
            "4,3,2",
            "@4 A=2",
            "A A B B A B C A B C B A",
        ),
        // EDF retimes the changed node. 5,3,2: A .2, B .33, A .4; now = 2/5. @4 A=1 keep: A
        // requeued at 2/5 + 1 = 7/5; C ½, B ⅔, C 1 (queued at ½) before B 1 (queued at ⅔),
        // B 4/3, A 7/5, C 3/2.
        (AlgorithmKind::Edf, "5,3,2", "@4 A=1", "A B A C B C B B A C"),
        // Or rebuilds: a fresh queue at time 0 with A 1, B ⅓, C ½: B C B, then A (queued
        // first) C B at 1.
        (
            AlgorithmKind::Edf,
            "5,3,2",
            "@4 A=1 reset",
            "A B A B C B A C B",
        ),
    ]);
}

#[test]
fn a_dead_node_sits_out_outside_swrr() {
    // Classic does not retry: C is out of the list while dead (requests 6–16), back after.
    let mut trace = run(AlgorithmKind::Classic, "5,3,2", "@6 C dead; @17 C alive");
    let steps: Vec<Step> = (0..30).map(|_| trace.forward().unwrap().clone()).collect();
    assert!(steps[5..16].iter().all(|s| !s.eligible[2] && s.winner != 2));
    assert!(steps[16..].iter().all(|s| s.eligible[2]));
    assert!(steps[16..].iter().any(|s| s.winner == 2));
}
