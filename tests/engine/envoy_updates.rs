//! Envoy's round robin under weight updates and slow start, against a small reference written
//! from Envoy's source (not from the engine):
//! - `source/common/upstream/upstream_impl.cc` (commit 000be490b31a), `updateDynamicHostList`:
//!   an EDS update that changes a host's weight sets `hosts_changed`, and the priority update
//!   callback calls `EdfLoadBalancerBase::refresh()` (load_balancer_impl.cc, commit 00cf9a056f3e),
//!   which builds `createWithPicks(hosts, hostWeight, seed_)`, or no scheduler when the hosts'
//!   weights are equal and none is in slow start; the round robin index is kept
//!   (round_robin_lb.h, commit 12ca3fdb052c, `rr_indexes_.insert`).
//! - `applySlowStartFactor` (load_balancer_impl.cc, commit 00cf9a056f3e):
//!   `weight * max(max(1 ms, healthy time) / window, 0.1)` while the healthy time is below the window.
//! - With seed 0 `createWithPicks` makes no picks: each host is queued at `1 / (w + 1e-13)` in
//!   list order and the clock starts at 0 (edf_scheduler.h).

use swrr_viz::engine::{
    envoy_slow_start_factor, notes, sequence, AlgorithmKind, AlgorithmState, EnvoyEdfScheduler,
    Trace, Traffic,
};

use crate::common::algorithm::algorithm as spec;

/// What the reference is told about each step: the hosts to balance over, each node's
/// `hostWeight` at that step, and whether a refresh happens before its pick.
struct Plan<'a> {
    hosts: &'a dyn Fn(u64) -> Vec<usize>,
    weight: &'a dyn Fn(u64, usize) -> f64,
    refresh: &'a dyn Fn(u64) -> bool,
    /// At a refresh: the hosts' own weights are equal and none is in slow start.
    round_robin: &'a dyn Fn(u64) -> bool,
}

/// Envoy's round robin with seed 0, one step at a time, written from the C++.
fn reference(plan: &Plan, steps: u64) -> Vec<usize> {
    let mut queue: Option<Vec<(f64, u64, usize)>> = None;
    let (mut order, mut index) = (0u64, 0u64);
    let mut picks = Vec::new();
    for step in 1..=steps {
        let hosts = (plan.hosts)(step);
        if step == 1 || (plan.refresh)(step) {
            queue = if (plan.round_robin)(step) || hosts.len() <= 1 {
                None
            } else {
                let built = hosts.iter().enumerate();
                let built =
                    built.map(|(k, &h)| (1.0 / ((plan.weight)(step, h) + 1e-13), k as u64, h));
                order = hosts.len() as u64;
                Some(built.collect())
            };
        }
        let pick = match &mut queue {
            None => {
                let host = hosts[(index % hosts.len() as u64) as usize];
                index += 1;
                host
            }
            Some(queue) => {
                let first = (0..queue.len())
                    .min_by(|&a, &b| {
                        let (x, y) = (queue[a], queue[b]);
                        x.0.total_cmp(&y.0).then(x.1.cmp(&y.1))
                    })
                    .unwrap();
                // The clock moves to the deadline served; the host is due 1/weight later.
                let (now, _, host) = queue.swap_remove(first);
                queue.push((now + 1.0 / (plan.weight)(step, host), order, host));
                order += 1;
                host
            }
        };
        picks.push(pick);
    }
    picks
}

fn engine(weights: &str, scenario: &str, steps: usize) -> Vec<usize> {
    let run = spec(weights, AlgorithmKind::Envoy, 0, scenario).1;
    sequence(&run, steps).iter().map(|&i| i as usize).collect()
}

fn letters(picks: &[usize]) -> String {
    let names = ["A", "B", "C", "D"];
    picks
        .iter()
        .map(|&i| names[i])
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn a_weight_update_rebuilds_the_scheduler() {
    // 5,3,2, A set to 1 at step 6: rebuilt there with createWithPicks over 1,3,2.
    let plan = Plan {
        hosts: &|_| vec![0, 1, 2],
        weight: &|s, h| [if s >= 6 { 1.0 } else { 5.0 }, 3.0, 2.0][h],
        refresh: &|s| s == 6,
        round_robin: &|_| false,
    };
    let expected = reference(&plan, 14);
    assert_eq!(letters(&expected), "A B A C A B C B A C B B C B");
    assert_eq!(engine("5,3,2", "@6 A=1", 14), expected);
    // reset is the same update (a note says so).
    assert_eq!(engine("5,3,2", "@6 A=1 reset", 14), expected);
}

#[test]
fn equal_weights_turn_into_edf_and_back_with_the_index_kept() {
    // 1,1 picks by index; A=3 at step 3 builds a scheduler; A=1 at step 8 drops it again and
    // the index goes on from 2, where the round robin left it.
    let weight = |s: u64, h: usize| {
        if h == 0 && (3..8).contains(&s) {
            3.0
        } else {
            1.0
        }
    };
    let plan = Plan {
        hosts: &|_| vec![0, 1],
        weight: &weight,
        refresh: &|s| s == 3 || s == 8,
        round_robin: &|s| !(3..8).contains(&s),
    };
    let expected = reference(&plan, 11);
    assert_eq!(letters(&expected), "A B A A B A A A B A B");
    assert_eq!(engine("1,1", "@3 A=3; @8 A=1", 11), expected);
}

#[test]
fn an_unchanged_weight_is_no_update() {
    // Envoy sets hosts_changed only when the weight differs.
    let run = spec("5,3,2", AlgorithmKind::Envoy, 0, "@4 A=5").1;
    let rows = Trace::new(run).rows(1, 6).unwrap();
    match &rows[3].state {
        AlgorithmState::Envoy(state) => assert_eq!(state.built_at, 0),
        other => panic!("{other:?}"),
    }
    assert_eq!(engine("5,3,2", "@4 A=5", 20), engine("5,3,2", "", 20));
}

#[test]
fn weighted_with_the_weights_changed_by_eds() {
    // round_robin_lb_test.cc `Weighted` (commit 0d2acde2e8d7) with its in-place change made by
    // an EDS update instead: steps 7–14 are a fresh schedule of 2,1; the host changes after it
    // rebuild as in the test, so from step 15 the test's picks come back.
    let picks = engine(
        "A=1 B=2 C=0 D=0",
        "@7 A=2; @7 B=1; @15 C=3; @27 B drain; @27 C drain; @27 D=4; @27 A=1",
        36,
    );
    let plan = Plan {
        hosts: &|_| vec![0, 1],
        weight: &|s, h| if s >= 7 { [2.0, 1.0][h] } else { [1.0, 2.0][h] },
        refresh: &|s| s == 7,
        round_robin: &|_| false,
    };
    let expected = reference(&plan, 14);
    assert_eq!(letters(&expected[6..]), "A B A A B A A B");
    assert_eq!(picks[..14], expected[..]);
    assert_eq!(
        letters(&picks[14..]),
        "C A C B A C C A C B A C D D D A D D D D A D"
    );
}

#[test]
fn weighted_with_the_weights_changed_in_place() {
    // The test's own in-place change (`host->weight(2)` with no refresh): the scheduler
    // re-queues each host with its weight at its next pick. No scenario event does this any
    // more (every weight event is an EDS update), so it runs on the scheduler itself.
    let mut edf = EnvoyEdfScheduler::create_with_picks(&[(0, 1.0), (1, 2.0)], 0);
    let mut picks: Vec<usize> = (0..6)
        .map(|_| edf.pick_and_add(|h| [1.0, 2.0][h]).unwrap())
        .collect();
    picks.extend((0..8).map(|_| edf.pick_and_add(|h| [2.0, 1.0][h]).unwrap()));
    assert_eq!(letters(&picks), "B A B B A B B A A B A A B A");
}

#[test]
fn slow_start_factor_as_envoy_computes_it() {
    // 1 ms of a 10 s window is below the 10% floor; then e/K; the window's end is the weight.
    assert_eq!(envoy_slow_start_factor(0, 10), Some(0.1));
    assert_eq!(envoy_slow_start_factor(1, 10), Some(0.1));
    assert_eq!(envoy_slow_start_factor(2, 10), Some(0.2));
    assert_eq!(envoy_slow_start_factor(12, 60), Some(12.0 / 60.0));
    assert_eq!(envoy_slow_start_factor(9, 10), Some(0.9));
    assert_eq!(envoy_slow_start_factor(10, 10), None);
    assert_eq!(envoy_slow_start_factor(0, 10_000), Some(0.1));
}

#[test]
fn slow_start_tests_of_round_robin_lb_test() {
    // round_robin_lb_test.cc (commit 0d2acde2e8d7): the schedulers its refreshes build.
    let run = |weights: &[f64], n: usize| {
        let entries: Vec<(usize, f64)> = weights.iter().copied().enumerate().collect();
        let mut edf = EnvoyEdfScheduler::create_with_picks(&entries, 0);
        letters(
            &(0..n)
                .map(|_| edf.pick_and_add(|h| weights[h]).unwrap())
                .collect::<Vec<_>>(),
        )
    };
    // SlowStartNoWait: host2 12 s into a 60 s window, factor 0.2: 4:1.
    let factor = envoy_slow_start_factor(12, 60).unwrap();
    assert_eq!(run(&[1.0, factor], 5), "A A A A B");
    // 20 s in, 1/3: 2:1.
    let factor = envoy_slow_start_factor(20, 60).unwrap();
    assert_eq!(run(&[1.0, factor], 3), "A A B");
    // SlowStartWithRuntimeAggression: hosts 2 and 3 at 5 s of 10 s (0.5), host 1 unhealthy in
    // the list (no factor): 2:1:1.
    let half = envoy_slow_start_factor(5, 10).unwrap();
    assert_eq!(run(&[1.0, half, half], 5), "A B C A A");
}

#[test]
fn slow_start_weights_grow_at_each_requeue() {
    // 5,5, B back at step 5 with a 10-step slow start: the rebuild queues B with 5 × 0.1 and
    // keeps the scheduler although the weights are equal; each re-queue reads B's weight then.
    let ramp = |s: u64| match envoy_slow_start_factor(s.saturating_sub(5), 10) {
        Some(f) if s >= 5 => f,
        _ => 1.0,
    };
    let plan = Plan {
        hosts: &|s| if s < 5 { vec![0] } else { vec![0, 1] },
        weight: &|s, h| if h == 1 { 5.0 * ramp(s) } else { 5.0 },
        refresh: &|s| s == 5,
        round_robin: &|s| s < 5,
    };
    let expected = reference(&plan, 30);
    let picks = engine("5,5", "@1 B down; @5 B slowstart 10", 30);
    assert_eq!(picks, expected);
    // B is due at 1/(0.5 + 1e-13) = 1.9999999999996, after nine picks of A at 0.2 apart.
    assert_eq!(letters(&picks[..16]), "A A A A A A A A A A A A A B A A");
    let run = spec(
        "5,5",
        AlgorithmKind::Envoy,
        0,
        "@1 B down; @5 B slowstart 10",
    )
    .1;
    let rows = Trace::new(run).rows(1, 14).unwrap();
    match &rows[13].state {
        AlgorithmState::Envoy(state) => {
            let b = state.queue.iter().find(|e| e.node == 1).unwrap();
            assert_eq!(b.weight.0, 5.0 * 0.9); // re-queued at step 14, 9 steps in
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn envoy_notes_for_reset_and_the_dubbo_curve() {
    let (weights, _) = spec("5,5", AlgorithmKind::Envoy, 0, "");
    let options = swrr_viz::engine::AlgorithmOptions {
        kind: AlgorithmKind::Envoy,
        ..Default::default()
    };
    let scenario =
        swrr_viz::input::Scenario::parse("@3 A=2 reset; @4 B slowstart 5 dubbo", &weights).unwrap();
    let notes = notes(&weights, &options, &scenario, &Traffic::default());
    assert_eq!(notes.len(), 2);
    assert!(notes[0].contains("reset does what keep does"), "{notes:?}");
    assert!(notes[1].contains("max(e/K, 10%)"), "{notes:?}");
}
