//! gRPC's own tests of its static stride scheduler and `weighted_round_robin` policy, run against
//! this engine. Every exact sequence, counter value and count they assert is asserted here.
//!
//! - grpc/grpc `test/core/load_balancing/static_stride_scheduler_test.cc` (commit 6574c8276ed5)
//! - grpc/grpc `test/core/load_balancing/weighted_round_robin_test.cc` (commit 0504b908a63a):
//!   its pick-count windows, from the sequence counter at 0
//! - grpc/grpc-java `xds/src/test/java/io/grpc/xds/WeightedRoundRobinLoadBalancerTest.java`
//!   (commit 324fce7154eb): the `StaticStrideScheduler` tests and the policy's pick ratios
//!
//! Not ported: tests of timers, configuration parsing, metrics and threads, which assert no pick.

use swrr_viz::engine::{sequence, AlgorithmKind, StaticStride, StrideFlavour};

use crate::common::algorithm::algorithm;

/// `n` picks from `sequence`, each checked as grpc-java's `VerifyingScheduler` checks it: no
/// pick draws more values than there are backends.
fn picks(stride: &StaticStride, sequence: &mut u32, n: usize) -> Vec<usize> {
    let backends = stride.scaled().len() as u64;
    (0..n)
        .map(|_| {
            let pick = stride.pick(sequence);
            assert!(pick.draws <= backends, "{} draws", pick.draws);
            pick.backend
        })
        .collect()
}

fn counts(picks: &[usize], n: usize) -> Vec<usize> {
    let mut out = vec![0; n];
    for &p in picks {
        out[p] += 1;
    }
    out
}

fn cpp(weights: &[f32]) -> StaticStride {
    StaticStride::make(StrideFlavour::Cpp, weights).expect("a scheduler")
}

fn java(weights: &[f32]) -> StaticStride {
    StaticStride::make(StrideFlavour::Java, weights).expect("a scheduler")
}

/// `new Random(0).nextInt()`: java.util.Random's LCG, seeded as Java seeds it.
fn java_random_next_int(seed: u64) -> u32 {
    const MULTIPLIER: u64 = 0x5_DEEC_E66D;
    const MASK: u64 = (1 << 48) - 1;
    let state = (seed ^ MULTIPLIER) & MASK;
    let state = (state.wrapping_mul(MULTIPLIER).wrapping_add(0xB)) & MASK;
    (state >> 16) as u32
}

// ── static_stride_scheduler_test.cc ──

#[test]
fn cpp_no_scheduler_for_empty_one_or_all_zero_weights() {
    // EmptyWeightsIsNullopt, OneZeroWeightIsNullopt, AllZeroWeightsIsNullopt, OneWeightsIsNullopt
    for weights in [&[][..], &[0.0], &[0.0, 0.0, 0.0, 0.0], &[1.0]] {
        assert_eq!(StaticStride::make(StrideFlavour::Cpp, weights), None);
    }
}

#[test]
fn cpp_picks_are_weighted_exactly() {
    let mut sequence = 0;
    let p = picks(&cpp(&[1.0, 2.0, 3.0]), &mut sequence, 6);
    assert_eq!(counts(&p, 3), [1, 2, 3]);
}

#[test]
fn cpp_zero_weight_uses_mean() {
    let mut sequence = 0;
    let p = picks(&cpp(&[3.0, 0.0, 1.0]), &mut sequence, 6);
    assert_eq!(counts(&p, 3), [3, 2, 1]);
}

#[test]
fn cpp_all_weights_equal_is_round_robin() {
    let stride = cpp(&[300.0, 300.0, 0.0]);
    let mut sequence = 0;
    let first = picks(&stride, &mut sequence, 3);
    let mut sorted = first.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, [0, 1, 2]);
    for i in 0..1000 {
        assert_eq!(picks(&stride, &mut sequence, 1)[0], first[i % 3]);
    }
}

#[test]
fn cpp_picks_are_deterministic() {
    let stride = cpp(&[1.0, 2.0, 3.0]);
    let mut sequence = 0;
    let first = picks(&stride, &mut sequence, 100);
    for _ in 0..5 {
        let mut sequence = 0;
        assert_eq!(picks(&stride, &mut sequence, 100), first);
    }
}

#[test]
fn cpp_rebuild_gives_same_picks() {
    let weights = [1.0, 2.0, 3.0];
    let mut sequence = 0;
    let first = picks(&cpp(&weights), &mut sequence, 100);
    let mut sequence = 0;
    for &expected in &first {
        assert_eq!(picks(&cpp(&weights), &mut sequence, 1)[0], expected);
    }
}

#[test]
fn cpp_largest_is_picked_every_generation() {
    let stride = cpp(&[1.0, 2.0, 3.0]);
    let mut sequence = 0;
    let mean = 2;
    let largest = (0..65_535 * mean)
        .filter(|_| stride.pick(&mut sequence).backend == 2)
        .count();
    assert_eq!(largest, 65_535);
}

#[test]
fn cpp_max_is_clamped_for_high_ratio() {
    let mut weights = vec![1.0f32; 20];
    weights[0] = 81.0;
    let mut sequence = 0;
    let p = picks(&cpp(&weights), &mut sequence, 69);
    let mut expected = vec![1; 20];
    expected[0] = 50;
    assert_eq!(counts(&p, 20), expected);
}

#[test]
fn cpp_min_is_clamped_for_high_ratio() {
    let mut sequence = 0;
    let p = picks(&cpp(&[100.0, 1e-10]), &mut sequence, 201);
    assert_eq!(counts(&p, 2), [200, 1]);
}

// ── weighted_round_robin_test.cc: `WaitForWeightedRoundRobinPicks` wants three windows in a row
// with exactly these counts; from the counter at 0 the first three windows have them. ──

fn three_windows(weights: &[f32], window: usize) -> Vec<Vec<usize>> {
    let stride = cpp(weights);
    let mut sequence = 0;
    (0..3)
        .map(|_| counts(&picks(&stride, &mut sequence, window), weights.len()))
        .collect()
}

/// `weight = qps / (utilization + eps / qps · penalty)`, as `MaybeUpdateWeight` stores it.
fn reported(qps: f64, utilization: f64, eps: f64) -> f32 {
    (qps / (utilization + eps / qps)) as f32
}

#[test]
fn cpp_policy_basic_windows() {
    // Basic, CpuUtilWithNoAppUtil, AppUtilOverCpuUtil, OobReporting…: weights 1:3 and one not
    // reported (the mean, 2), then all three reported.
    let unknown = [reported(100.0, 0.9, 0.0), reported(100.0, 0.3, 0.0), 0.0];
    assert_eq!(three_windows(&unknown, 6), vec![vec![1, 3, 2]; 3]);
    let all = [unknown[0], unknown[1], reported(100.0, 0.3, 0.0)];
    assert_eq!(three_windows(&all, 7), vec![vec![1, 3, 3]; 3]);
}

#[test]
fn cpp_policy_eps_windows() {
    // Eps: 1/(0.1+0.5) : 1/(0.1+0.2) : 1/(0.1+0.1) = 1:2:3.
    let weights = [
        reported(100.0, 0.1, 50.0),
        reported(100.0, 0.1, 20.0),
        reported(100.0, 0.1, 10.0),
    ];
    assert_eq!(three_windows(&weights, 6), vec![vec![1, 2, 3]; 3]);
}

#[test]
fn cpp_policy_falls_back_to_round_robin_without_weights() {
    // No weight reported by any backend (typed weights cannot all be 0: the events make them so).
    let grpc = run("1,1,1", AlgorithmKind::Grpc, 0, "@1 A=0; @1 B=0; @1 C=0");
    let p: Vec<usize> = grpc.iter().map(|&i| i as usize).collect();
    for window in p.chunks(3) {
        assert_eq!(counts(window, 3), [1, 1, 1]);
    }
    assert_eq!(p[..6], [0, 1, 2, 0, 1, 2]);
}

// ── WeightedRoundRobinLoadBalancerTest.java: StaticStrideScheduler ──

#[test]
fn java_random_zero_is_javas() {
    // `new Random(0).nextInt()`, the counter start of most of grpc-java's scheduler tests.
    assert_eq!(java_random_next_int(0) as i32, -1_155_484_576);
}

#[test]
fn java_empty_weights_build_nothing() {
    assert_eq!(StaticStride::make(StrideFlavour::Java, &[]), None);
}

#[test]
fn java_counts_from_random_zero() {
    let start = java_random_next_int(0);
    let cases: [(&[f32], [usize; 3]); 6] = [
        (&[1.0, 2.0, 3.0], [1, 2, 3]),   // testPicksEqualsWeights
        (&[3.0, 0.0, 1.0], [3, 2, 1]),   // testContainsZeroWeightUseMean
        (&[3.0, -1.0, 1.0], [3, 2, 1]),  // testContainsNegativeWeightUseMean
        (&[1.0, 1.0, 1.0], [2, 2, 2]),   // testAllSameWeights
        (&[0.0, 0.0, 0.0], [2, 2, 2]),   // testAllZeroWeightsIsRoundRobin
        (&[-3.1, -0.0, 0.0], [2, 2, 2]), // testAllInvalidWeightsIsRoundRobin
    ];
    for (weights, expected) in cases {
        let mut sequence = start;
        assert_eq!(
            counts(&picks(&java(weights), &mut sequence, 6), 3),
            expected
        );
    }
}

/// Each backend's share of `n` picks is within `tolerance` of its weight's share.
fn assert_shares(weights: &[f32], start: u32, n: usize, tolerance: f64) {
    let mut sequence = start;
    let c = counts(&picks(&java(weights), &mut sequence, n), weights.len());
    let total: f64 = weights.iter().map(|&w| f64::from(w)).sum();
    for (i, &w) in weights.iter().enumerate() {
        let share = c[i] as f64 / n as f64;
        assert!(
            (share - f64::from(w) / total).abs() < tolerance,
            "{weights:?}: backend {i} {share}"
        );
    }
}

#[test]
fn java_shares_of_two_many_and_wrapping() {
    let random = java_random_next_int(0);
    assert_shares(&[1.43, 2.119], random, 1000, 0.002); // testTwoWeights
    assert_shares(&[1.3, 2.5, 3.23, 4.11, 7.001], random, 1000, 0.002); // testManyWeights
    let five = [1.0, 2.0, 3.0, 4.0, 5.0];
    assert_shares(&five, -1i32 as u32, 1000, 0.002); // testImmediateWraparound
    assert_shares(&five, -500i32 as u32, 1000, 0.002); // testWraparound
}

#[test]
fn java_max_and_min_clamped() {
    let mut weights = vec![1.0f32; 20];
    weights[0] = 81.0;
    let mut sequence = 0;
    let mut expected = vec![1; 20];
    expected[0] = 50;
    assert_eq!(
        counts(&picks(&java(&weights), &mut sequence, 69), 20),
        expected
    ); // testMaxClamped
    let mut sequence = 0;
    let p = picks(&java(&[100.0, 1e-10]), &mut sequence, 105);
    assert_eq!(counts(&p, 2), [100, 5]); // testMinClamped
}

#[test]
fn java_deterministic_picks_and_counter() {
    // testDeterministicPicks (from 0) and testDeterministicWraparound (from -1).
    for start in [0, -1i32 as u32] {
        let stride = java(&[2.0, 3.0, 6.0]);
        let mut sequence = start;
        let mut seen = Vec::new();
        for _ in 0..6 {
            seen.push((stride.pick(&mut sequence).backend, sequence));
        }
        assert_eq!(seen, [(1, 2), (2, 3), (2, 6), (0, 7), (1, 8), (2, 9)]);
    }
}

// ── WeightedRoundRobinLoadBalancerTest.java: the policy's pick ratios ──

#[test]
fn java_policy_unknown_weight_is_average() {
    // unknownWeightIsAvgWeight: qps 1 at utilization 0.1 and 0.2, the third not reported.
    let weights = [(1.0 / 0.1) as f32, (1.0 / 0.2) as f32, 0.0];
    let mut sequence = 0;
    let c = counts(&picks(&java(&weights), &mut sequence, 1000), 3);
    for (count, share) in c.iter().zip([4.0 / 9.0, 2.0 / 9.0, 3.0 / 9.0]) {
        assert!((*count as f64 / 1000.0 - share).abs() < 0.002, "{c:?}");
    }
}

#[test]
fn java_policy_pick_by_weight() {
    // pickByWeight_*: 10,000 picks within 0.0002 of the shares the test computes.
    let penalty_default = 1.0;
    let weight = |qps: f64, util: f64, eps: f64, penalty: f64| {
        let penalty = if eps > 0.0 && penalty > 0.0 {
            eps / qps * penalty
        } else {
            0.0
        };
        (qps / (util + penalty)) as f32
    };
    let normal = [
        weight(22.0, 0.12, 0.0, 1.0),
        weight(40.0, 0.28, 0.0, 1.0),
        weight(100.0, 0.86, 0.0, 1.0),
    ];
    let total = 22.0 / 0.12 + 40.0 / 0.28 + 100.0 / 0.86;
    let normal_shares = [
        22.0 / 0.12 / total,
        40.0 / 0.28 / total,
        100.0 / 0.86 / total,
    ];
    let large = [
        weight(999.0, 0.1, 0.0, 1.0),
        weight(2.0, 0.9, 0.0, 1.0),
        weight(100.0, 0.86, 0.0, 1.0),
    ];
    let mean = (999.0 / 0.1 + 2.0 / 0.9 + 100.0 / 0.86) / 3.0;
    let capped = mean * 0.1;
    let large_total = 999.0 / 0.1 + 2.0 * capped;
    let large_shares = [
        999.0 / 0.1 / large_total,
        capped / large_total,
        capped / large_total,
    ];
    // The test's own eps of 3.14159 (not π).
    #[allow(clippy::approx_constant)]
    let eps3 = 3.14159;
    let eps = |p: f64| {
        [
            weight(22.0, 0.12, 19.7, p),
            weight(40.0, 0.28, 0.998, p),
            weight(100.0, 0.86, eps3, p),
        ]
    };
    let shares_of = |w: [f32; 3]| {
        let total: f64 = w.iter().map(|&x| f64::from(x)).sum();
        w.map(|x| f64::from(x) / total)
    };
    let cases = [
        (normal, normal_shares),
        (large, large_shares),
        (eps(penalty_default), shares_of(eps(penalty_default))),
        (eps(1.75), shares_of(eps(1.75))),
    ];
    for (weights, shares) in cases {
        let mut sequence = 0;
        let c = counts(&picks(&java(&weights), &mut sequence, 10_000), 3);
        for (i, share) in shares.iter().enumerate() {
            assert!(
                (c[i] as f64 / 10_000.0 - share).abs() <= 0.0002,
                "{weights:?} {c:?}"
            );
        }
    }
    // pickByWeight_avgWeight_zeroCpuUtilization_…: no utilization, no weight, a third each.
    let mut sequence = 0;
    let c = counts(&picks(&java(&[0.0, 0.0, 0.0]), &mut sequence, 10_000), 3);
    for count in c {
        assert!(
            (count as f64 / 10_000.0 - 1.0 / 3.0).abs() <= 0.0002,
            "{count}"
        );
    }
}

// ── the same through the algorithms, the CLI's `--algo grpc` / `grpc-java` ──

fn run(weights: &str, kind: AlgorithmKind, seed: u64, scenario: &str) -> Vec<u32> {
    sequence(&algorithm(weights, kind, seed, scenario).1, 60)
}

#[test]
fn typed_weights_follow_the_schedulers() {
    // The contracts: grpc-java 2,3,6 prints 1 2 2 0 1 2; grpc 1,2,3 picks 1, 2, 3 times.
    assert_eq!(
        run("2,3,6", AlgorithmKind::GrpcJava, 0, "")[..6],
        [1, 2, 2, 0, 1, 2]
    );
    let grpc = run("1,2,3", AlgorithmKind::Grpc, 0, "");
    assert_eq!(
        counts(
            &grpc[..6].iter().map(|&i| i as usize).collect::<Vec<_>>(),
            3
        ),
        [1, 2, 3]
    );
    // A typed 0 is "not reported yet": the mean, as ZeroWeightUsesMean.
    let zero = run("3,0,1", AlgorithmKind::Grpc, 0, "");
    assert_eq!(
        counts(
            &zero[..6].iter().map(|&i| i as usize).collect::<Vec<_>>(),
            3
        ),
        [3, 2, 1]
    );
    // The seed is where the counter starts: seed 4294967295 is Java's -1.
    assert_eq!(
        run("2,3,6", AlgorithmKind::GrpcJava, u64::from(u32::MAX), "")[..6],
        [1, 2, 2, 0, 1, 2]
    );
    // A seed beyond 32 bits wraps as the counter does.
    assert_eq!(
        run("2,3,6", AlgorithmKind::GrpcJava, (1 << 32) + 5, ""),
        run("2,3,6", AlgorithmKind::GrpcJava, 5, "")
    );
}
