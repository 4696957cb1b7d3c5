//! Every algorithm on hand-checked vectors (the arithmetic is in the comments), through
//! `Algorithm` as the CLI and the page build it.

use serde_json::Value;
use swrr_viz::engine::{
    notes, sequence, Algorithm, AlgorithmKind, AlgorithmOptions, AlgorithmState, Deadline,
    Scheduler, SubtractRule, Swrr, TieRule, Trace, Traffic, MAX_LEVEL,
};
use swrr_viz::input::{Scenario, Weights};

use crate::common::algorithm::{algorithm, assert_picks};

fn weights(text: &str) -> Weights {
    text.parse().unwrap()
}

fn run(kind: AlgorithmKind, text: &str) -> Algorithm {
    let options = AlgorithmOptions {
        kind,
        ..AlgorithmOptions::default()
    };
    Algorithm::new(&weights(text), &options, &Scenario::none())
}

#[test]
fn swrr_through_algorithm_matches_the_nginx_vectors() {
    let doc: Value = serde_json::from_str(include_str!("../vectors/nginx-swrr.json")).unwrap();
    for case in doc["cases"].as_array().unwrap() {
        let ints: Vec<u64> = case["weights"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w.as_u64().unwrap())
            .collect();
        let expected: Vec<u32> = case["sequence"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_u64().unwrap() as u32)
            .collect();
        let w = Weights::from_integers(&ints).unwrap();
        let algorithm = Algorithm::new(&w, &AlgorithmOptions::default(), &Scenario::none());
        assert_eq!(
            sequence(&algorithm, expected.len()),
            expected,
            "weights {ints:?}"
        );
    }
}

#[test]
fn swrr_records_equal_the_static_engine() {
    for text in ["5,3,2", "1,1,1", "0,3,0,2", "7,2,1", "100,1,1"] {
        for tie in [TieRule::First, TieRule::Last] {
            let w = weights(text);
            let options = AlgorithmOptions {
                tie,
                ..AlgorithmOptions::default()
            };
            let mut dynamic = Trace::new(Algorithm::new(&w, &options, &Scenario::none()));
            let mut fixed = Trace::new(Swrr::with_tie_rule(&w, tie));
            assert_eq!(dynamic.period(), fixed.period());
            for _ in 0..120 {
                assert_eq!(
                    dynamic.forward().unwrap(),
                    fixed.forward().unwrap(),
                    "{text} {tie:?}"
                );
            }
        }
    }
}

#[test]
fn classic_interleaved_and_edf_on_hand_checked_vectors() {
    assert_picks(&[
        // Classic walks the expanded list: 5,3,2 expands to A A A A A B B B C C; the pointer wraps after 10.
        (
            AlgorithmKind::Classic,
            "5,3,2",
            "",
            "A A A A A B B B C C A A",
        ),
        // 10,6,4 has gcd 2: the list is the same ten entries, not twenty.
        (
            AlgorithmKind::Classic,
            "10,6,4",
            "",
            "A A A A A B B B C C A A",
        ),
        // 5,1,1: the seed's C++ example, A A A A A B C.
        (AlgorithmKind::Classic, "5,1,1", "", "A A A A A B C"),
        // Interleaved is IPVS. 4,3,2 (issue 5): cw 4 → a; cw 3 → a b; cw 2 → a b c; cw 1 → a b c.
        (
            AlgorithmKind::Interleaved,
            "a=4 b=3 c=2",
            "",
            "a a b a b c a b c",
        ),
        // 5,3,2: cw 5 → A; 4 → A; 3 → A B; 2 → A B C; 1 → A B C.
        (
            AlgorithmKind::Interleaved,
            "5,3,2",
            "",
            "A A A B A B C A B C",
        ),
        // 4,2: gcd 2, mw = 4 − (2 − 1) = 3; cw 3 → A; cw 1 → A B.
        (AlgorithmKind::Interleaved, "4,2", "", "A A B A A B"),
        // EDF is Envoy in exact arithmetic. 2,2,1 (issue 5): deadlines a ½, b ½, c 1 → a b;
        // then a 1, b 1 queue behind c 1 → c a b; then a 3/2, b 3/2 → a b; c 2 was queued
        // before a 2 and b 2 → c a b.
        (AlgorithmKind::Edf, "a=2 b=2 c=1", "", "a b c a b a b c a b"),
        // 5,3,2: A at k/5, B at k/3, C at k/2: .2 A, .33 B, .4 A, .5 C, .6 A, .67 B, .8 A,
        // then three deadlines at 1 served in insertion order: C (queued at .5), B (.67), A (.8).
        (AlgorithmKind::Edf, "5,3,2", "", "A B A C A B A C B A"),
        // 1,2: B ½, then A 1 (queued at 0) before B 1 (queued at ½).
        (AlgorithmKind::Edf, "1,2", "", "B A B B A B"),
    ]);
}

#[test]
fn classic_state_shows_the_pointer() {
    let mut trace = Trace::new(run(AlgorithmKind::Classic, "5,3,2"));
    trace.seek(6).unwrap(); // sixth pick: position 5, the first B
    let step = trace.current().unwrap();
    assert_eq!(step.winner, 1);
    let AlgorithmState::Classic(state) = &step.state else {
        panic!("classic state expected, got {:?}", step.state)
    };
    assert_eq!(state.counts, [5, 3, 2]);
    assert_eq!(state.length, 10);
    assert_eq!(state.position, Some(5));
    assert_eq!(state.next, 6);
}

#[test]
fn interleaved_state_shows_cw_and_the_cursor() {
    let mut trace = Trace::new(run(AlgorithmKind::Interleaved, "4,3,2"));
    let AlgorithmState::Interleaved(start) = trace.scheduler().state() else {
        panic!("interleaved state expected")
    };
    assert_eq!(
        (start.cw, start.max, start.gcd, start.cursor),
        (4, 4, 1, None)
    );
    trace.seek(6).unwrap(); // a a b a b c: the sixth pick is c at cw 2
    let AlgorithmState::Interleaved(state) = &trace.current().unwrap().state else {
        panic!("interleaved state expected")
    };
    assert_eq!((state.cw, state.cursor), (2, Some(2)));
}

#[test]
fn edf_state_is_the_queue_in_service_order() {
    let mut trace = Trace::new(run(AlgorithmKind::Edf, "2,2,1"));
    let AlgorithmState::Edf(start) = trace.scheduler().state() else {
        panic!("edf state expected")
    };
    let texts: Vec<(usize, String)> = start
        .queue
        .iter()
        .map(|e| (e.node, e.deadline.to_string()))
        .collect();
    assert_eq!(
        texts,
        [(0, "1/2".into()), (1, "1/2".into()), (2, "1".into())]
    );
    trace.seek(1).unwrap();
    assert_eq!(
        trace.current().unwrap().tied,
        [0, 1],
        "a and b both due at ½"
    );
    trace.seek(2).unwrap(); // a and b served at ½, requeued at 1 behind c
    let step = trace.current().unwrap();
    assert!(step.tied.is_empty());
    let AlgorithmState::Edf(state) = &step.state else {
        panic!("edf state expected")
    };
    assert_eq!(state.now, Deadline::reciprocal(2).unwrap());
    let order: Vec<usize> = state.queue.iter().map(|e| e.node).collect();
    assert_eq!(order, [2, 0, 1]);
}

/// Envoy's scheduler as it is, in f64 — to show where it leaves exact arithmetic.
fn envoy_f64(weights: &[f64], picks: usize) -> Vec<usize> {
    let mut queue: Vec<(f64, u64, usize)> = weights
        .iter()
        .enumerate()
        .map(|(i, w)| (1.0 / w, i as u64, i))
        .collect();
    let mut out = Vec::new();
    for order in (weights.len() as u64..).take(picks) {
        queue.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        let (now, _, node) = queue.remove(0);
        out.push(node);
        queue.push((now + 1.0 / weights[node], order, node));
    }
    out
}

#[test]
fn envoy_f64_drifts_where_exact_arithmetic_ties() {
    // 10,5: A reaches 0.6 by six steps of 0.1; B reaches 0.6000000000000001 by three of 0.2.
    // Exact: tied at 3/5, B was queued first (at 2/5, A at 1/2), so B goes first.
    let exact = sequence(&run(AlgorithmKind::Edf, "10,5"), 9);
    let float = envoy_f64(&[10.0, 5.0], 9);
    assert_eq!(exact, [0, 1, 0, 0, 1, 0, 0, 1, 0]);
    assert_eq!(float, [0, 1, 0, 0, 1, 0, 0, 0, 1]);
    assert_eq!(0.4 + 0.2, 0.6000000000000001);
}

#[test]
fn random_is_fixed_for_a_seed() {
    // SplitMix64 seeded with 42, draws in 0..10 over slots A [0,5) B [5,8) C [8,10).
    // The same list is asserted in wasm by tests/web/algos.rs.
    let picks = |seed| sequence(&algorithm("5,3,2", AlgorithmKind::Random, seed, "").1, 24);
    assert_eq!(
        picks(42),
        [1, 0, 0, 0, 0, 2, 0, 2, 0, 1, 0, 0, 1, 1, 1, 0, 0, 0, 0, 1, 2, 0, 1, 1]
    );
    assert_ne!(picks(43), picks(42));
}

#[test]
fn random_draws_land_in_their_slots() {
    let mut trace = Trace::new(algorithm("5,3,2", AlgorithmKind::Random, 7, "").1);
    let mut counts = [0u32; 3];
    for _ in 0..3000 {
        let step = trace.forward().unwrap().clone();
        let AlgorithmState::Random(state) = &step.state else {
            panic!("random state expected")
        };
        let draw = state.draw.unwrap();
        assert_eq!(state.range, 10);
        assert_eq!(state.starts, [0, 5, 8]);
        let slot_end = state.starts.get(step.winner + 1).copied().unwrap_or(10);
        assert!(state.starts[step.winner] <= draw && draw < slot_end);
        counts[step.winner] += 1;
    }
    // 3000 picks at 50/30/20 %: each within a few standard deviations.
    assert!((1400..1600).contains(&counts[0]), "{counts:?}");
    assert!((800..1000).contains(&counts[1]), "{counts:?}");
    assert!((520..680).contains(&counts[2]), "{counts:?}");
}

/// SWRR on `text` with the broken variant: the winner subtracts only its own weight.
fn subtracting_own(text: &str) -> Algorithm {
    let options = AlgorithmOptions {
        subtract: SubtractRule::Own,
        ..AlgorithmOptions::default()
    };
    Algorithm::new(&weights(text), &options, &Scenario::none())
}

#[test]
fn subtracting_own_weight_starves_the_light_node() {
    let mut trace = Trace::new(subtracting_own("5,3,2"));
    assert_eq!(trace.period(), None);
    // Step 1: 5 3 2 → A wins and gives back only 5: 0 3 2 (Σ 5, not 0).
    // Step 2: 5 6 4 → B, 5 3 4 (Σ 12). Step 3: 10 6 6 → A, 5 6 6 (Σ 17) …
    let first: Vec<(usize, i64)> = (0..3)
        .map(|_| {
            let step = trace.forward().unwrap();
            (step.winner, step.drained.iter().sum())
        })
        .collect();
    assert_eq!(first, [(0, 5), (1, 12), (0, 17)]);
    // Level i = w_i × (steps i was not picked); the argmax evens them out, so the shares tend to
    // 1 − (n−1)/(w_i·Σ1/w): 61.3 %, 35.5 %, 3.2 % instead of 50/30/20.
    trace.seek(100_000).unwrap();
    assert_eq!(trace.picks(), &[61_290, 35_484, 3_226]);
}

#[test]
fn subtracting_own_weight_stops_at_2_to_the_53() {
    let mut algorithm = subtracting_own("1000000000,1000000000");
    // Each step Σ grows by 10^9; both levels ≈ 5·10^8·t pass 2^53 ≈ 9.007·10^15 near t = 1.8·10^7.
    let mut steps = 0u64;
    while algorithm.advance().is_some() {
        steps += 1;
    }
    assert!((17_000_000..19_000_000).contains(&steps), "{steps}");
    let reason = algorithm.stop_reason().unwrap().to_string();
    assert!(reason.contains("passed 2^53"), "{reason}");
    assert!(algorithm.advance().is_none(), "stopped for good");
}

#[test]
fn a_trace_stays_at_the_last_good_step_when_a_run_stops() {
    // Every node drained from step 4: steps 1–3 work, step 4 cannot be made. (Every node down
    // is a 502 for nginx SWRR, not a stop.)
    let w = weights("5,3,2");
    let scenario = Scenario::parse("@4 A drain; @4 B drain; @4 C drain", &w).unwrap();
    let mut trace = Trace::new(Algorithm::new(&w, &AlgorithmOptions::default(), &scenario));
    let error = trace.seek(10).unwrap_err().to_string();
    assert_eq!(
        error,
        "no node can be picked at step 4: nodes drained to weight 0: 3"
    );
    assert_eq!(trace.t(), 3);
    assert_eq!(trace.levels(), &[5, -1, -4]);
    assert_eq!(trace.current().unwrap().winner, 2);
    assert!(trace.forward().is_err());
    assert_eq!(trace.t(), 3);
    assert!(trace.back());
    assert_eq!(trace.levels(), &[0, -4, 4]); // step 2 of the README table
    assert!(trace.levels().iter().all(|l| l.abs() <= MAX_LEVEL));
}

#[test]
fn every_static_run_repeats_with_period_w_over_gcd_except_random_and_the_peers() {
    // gRPC's 32-bit counter wraps at no multiple of its generations, and Envoy's f64 clock never
    // comes back to where it started: neither claims a period.
    for kind in AlgorithmKind::ALL {
        let algorithm = run(kind, "10,6,4");
        match kind {
            AlgorithmKind::Random
            | AlgorithmKind::Grpc
            | AlgorithmKind::GrpcJava
            | AlgorithmKind::Envoy => assert_eq!(algorithm.cycle(), None, "{kind}"),
            _ => assert_eq!(algorithm.cycle(), Some((10, vec![5, 3, 2])), "{kind}"),
        }
    }
}

#[test]
fn kinds_parse_and_refuse_with_the_accepted_names() {
    for kind in AlgorithmKind::ALL {
        assert_eq!(kind.as_str().parse::<AlgorithmKind>().unwrap(), kind);
        assert!(!kind.description().is_empty());
    }
    let error = "wrr".parse::<AlgorithmKind>().unwrap_err().to_string();
    assert!(
        error.contains("\"wrr\"") && error.contains("interleaved"),
        "{error}"
    );
    let error = "half".parse::<SubtractRule>().unwrap_err().to_string();
    assert!(
        error.contains("\"half\"") && error.contains("own"),
        "{error}"
    );
}

#[test]
fn the_seed_changes_the_picks_of_the_seeded_algorithms_only_and_the_others_say_so() {
    // 5,3,2 over two periods: random draws, gRPC starts its counter and Envoy its picks at the
    // seed; the others pick the same for any seed.
    let w = weights("5,3,2");
    let none = Scenario::none();
    let traffic = Traffic::default();
    let picks = |kind, seed| {
        let options = AlgorithmOptions {
            kind,
            seed,
            ..AlgorithmOptions::default()
        };
        sequence(&Algorithm::new(&w, &options, &none), 20)
    };
    for kind in AlgorithmKind::ALL {
        let differs = (1..=8).any(|seed| picks(kind, seed) != picks(kind, 0));
        assert_eq!(differs, kind.uses_seed(), "{kind}");
        let seeded = AlgorithmOptions {
            kind,
            seed: 3,
            ..AlgorithmOptions::default()
        };
        let said = notes(&w, &seeded, &none, &traffic);
        if kind.uses_seed() {
            assert!(said.is_empty(), "{kind}: {said:?}");
        } else {
            assert_eq!(
                said,
                [format!("seed 3: only random, grpc, grpc-java, envoy draw on a seed; {kind} picks the same way whatever the seed and ignores it")]
            );
        }
        // The default seed says nothing.
        let plain = AlgorithmOptions {
            kind,
            ..AlgorithmOptions::default()
        };
        assert!(notes(&w, &plain, &none, &traffic).is_empty(), "{kind}");
    }
}
