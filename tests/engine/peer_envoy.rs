//! Envoy's own tests of its EDF scheduler and round robin load balancer, run against this engine.
//! Every exact sequence and count they assert is asserted here.
//!
//! - envoyproxy/envoy `test/common/upstream/edf_scheduler_test.cc` (the version with
//!   `createWithPicks`). Not ported: `Expired`, `ExpiredPeek`, `ExpiredPeekedIsNotPicked` and
//!   `ManyPeekahead`, which test lazy removal and preconnect peeking; the load balancer rebuilds
//!   its scheduler on every host change, so neither decides a pick here.
//! - envoyproxy/envoy `test/extensions/load_balancing_policies/round_robin/round_robin_lb_test.cc`
//!   (commit 0d2acde2e8d7): `Normal`, `Seed`, `WeightedSeed`,
//!   `WeightedInitializationPicksAllHosts` and `MaxUnhealthyPanic`, with their host-set changes
//!   written as scenario events (a host not in the set has weight 0; an unhealthy one is down).
//!   `Weighted` and the slow-start tests are in `envoy_updates.rs`.

use swrr_viz::engine::{
    sequence, Algorithm, AlgorithmKind, AlgorithmOptions, EnvoyEdfScheduler, SplitMix64,
};

use swrr_viz::input::{Scenario, Weights};

fn envoy(weights: &str, seed: u64, scenario: &str, steps: usize) -> String {
    let weights: Weights = weights.parse().unwrap();
    let scenario = Scenario::parse(scenario, &weights).unwrap();
    let options = AlgorithmOptions {
        kind: AlgorithmKind::Envoy,
        seed,
        ..AlgorithmOptions::default()
    };
    sequence(&Algorithm::new(&weights, &options, &scenario), steps)
        .iter()
        .map(|&i| weights.name(i as usize))
        .collect::<Vec<_>>()
        .join(" ")
}

// ── edf_scheduler_test.cc ──

#[test]
fn empty() {
    assert_eq!(EnvoyEdfScheduler::new().pick_and_add(|_| 1.0), None);
    let created = EnvoyEdfScheduler::create_with_picks(&[], 123);
    assert!(created.is_empty()); // SchedulerWithSomePicksEmptyEntries
}

#[test]
fn unweighted_is_round_robin() {
    let mut edf = EnvoyEdfScheduler::new();
    for i in 0..128 {
        edf.add(1.0, i);
    }
    for _ in 0..128 {
        for i in 0..128 {
            assert_eq!(edf.pick_and_add(|_| 1.0), Some(i));
        }
    }
}

#[test]
fn weighted_counts() {
    let mut edf = EnvoyEdfScheduler::new();
    for i in 0..128 {
        edf.add((i + 1) as f64, i);
    }
    let mut count = [0u32; 128];
    for _ in 0..(128 * 129 / 2) {
        count[edf.pick_and_add(|i| (i + 1) as f64).unwrap()] += 1;
    }
    for (i, &c) in count.iter().enumerate() {
        assert_eq!(c, i as u32 + 1);
    }
}

/// `compareEdfSchedulers`: same entries in the same order, deadlines within 1e-5.
fn assert_same_queue(a: &EnvoyEdfScheduler, b: &EnvoyEdfScheduler) {
    let a: Vec<_> = a.entries().collect();
    let b: Vec<_> = b.entries().collect();
    assert_eq!(a.len(), b.len());
    for (x, y) in a.iter().zip(&b) {
        assert_eq!(x.node, y.node);
        assert!((x.deadline.0 - y.deadline.0).abs() <= 1e-5, "{x:?} {y:?}");
    }
}

#[test]
fn zero_picks_equal_adding_one_by_one() {
    let entries: Vec<(usize, f64)> = (0..128).map(|i| (i, (i + 1) as f64)).collect();
    let mut added = EnvoyEdfScheduler::new();
    for &(node, w) in &entries {
        added.add(w, node);
    }
    assert_same_queue(&added, &EnvoyEdfScheduler::create_with_picks(&entries, 0));
}

#[test]
fn some_picks_equal_picking_one_by_one() {
    let entries: Vec<(usize, f64)> = (0..128)
        .map(|i| (i, (100.5 - 0.01) / 128.0 * i as f64 + 0.01))
        .collect();
    let weight = |node: usize| entries[node].1;
    for picks in [5, 140, 501, 123_456, 894_571] {
        let mut picked = EnvoyEdfScheduler::new();
        for &(node, w) in &entries {
            picked.add(w, node);
        }
        for _ in 0..picks {
            picked.pick_and_add(weight);
        }
        let created = EnvoyEdfScheduler::create_with_picks(&entries, picks);
        assert_same_queue(&picked, &created);
    }
}

#[test]
fn first_pick_distribution_follows_the_weights() {
    // SchedulerWithRandomPicksFirstPickDistribution: schedulers created with random pre-picks;
    // their first picks are within 1% of the weights. Envoy's TestRandomGenerator is seeded;
    // here SplitMix64 with seed 0.
    let mut random = SplitMix64::new(0);
    let iterations = 400_000;
    for weights in [
        &[25.0, 75.0][..],
        &[1.0, 99.0],
        &[50.0, 50.0],
        &[1.0, 20.0, 79.0],
    ] {
        let entries: Vec<(usize, f64)> = weights.iter().copied().enumerate().collect();
        let mut picks = vec![0u32; weights.len()];
        for _ in 0..iterations {
            let mut edf = EnvoyEdfScheduler::create_with_picks(&entries, random.next_u64() as u32);
            picks[edf.pick_and_add(|i| weights[i]).unwrap()] += 1;
        }
        for (i, &w) in weights.iter().enumerate() {
            let observed = 100.0 * f64::from(picks[i]) / f64::from(iterations);
            assert!((observed - w).abs() <= 1.0, "{weights:?}: {i} {observed}");
        }
    }
}

// ── round_robin_lb_test.cc ──

#[test]
fn normal_keeps_the_index_when_a_host_joins() {
    // Two hosts, then a third joins: the round robin index goes on (5 mod 3 = 2).
    assert_eq!(
        envoy("1,1,1", 0, "@1 C down; @6 C up", 9),
        "A B A B A C A B C"
    );
}

#[test]
fn seed_sets_where_round_robin_starts() {
    assert_eq!(envoy("1,1,1", 1, "", 4), "B C A B");
}

#[test]
fn weighted_seed() {
    assert_eq!(envoy("1,2", 1, "", 6), "A B B A B B");
}

#[test]
fn weighted_initialization_picks_all_hosts() {
    // Ten balancers seeded 0..9 over weights 6,3,1: their first picks are A six times, B three
    // times, C once.
    let mut count = std::collections::BTreeMap::new();
    for seed in 0..10 {
        *count.entry(envoy("6,3,1", seed, "", 1)).or_insert(0) += 1;
    }
    let count: Vec<(String, i32)> = count.into_iter().collect();
    assert_eq!(count, [("A".into(), 6), ("B".into(), 3), ("C".into(), 1)]);
}

#[test]
fn max_unhealthy_panic() {
    // Two of six hosts healthy: panic, round robin over all six. Four healthy: no panic, round
    // robin over the healthy ones from that source's own index.
    let events = "@1 C down; @1 D down; @1 E down; @1 F down; @4 C up; @4 D up";
    assert_eq!(envoy("1,1,1,1,1,1", 0, events, 5), "A B C A B");
}

// ── the contract and where f64 departs from exact EDF ──

#[test]
fn six_three_one_from_a_fresh_scheduler() {
    assert_eq!(envoy("6,3,1", 0, "", 10), "A B A A B A A C B A");
}
