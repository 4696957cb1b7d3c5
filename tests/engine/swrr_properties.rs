//! Properties of SWRR that hold for every weight vector (DESIGN.md, "Facts worth showing").

use proptest::prelude::*;
use swrr_viz::engine::{sequence, Algorithm, AlgorithmOptions, Scheduler, Swrr, TieRule, Trace};
use swrr_viz::input::{Scenario, Weights};

/// The obvious single loop, as nginx writes it: the reference the engine's faster passes must match.
fn reference_picks(w: &[u64], tie: TieRule, steps: usize) -> Vec<u32> {
    reference_run(w, tie, steps).0
}

fn reference_run(w: &[u64], tie: TieRule, steps: usize) -> (Vec<u32>, Vec<i64>) {
    let weights: Vec<i64> = w.iter().map(|&x| x as i64).collect();
    let total: i64 = weights.iter().sum();
    let mut current = vec![0i64; w.len()];
    let mut picks = Vec::with_capacity(steps);
    for _ in 0..steps {
        let mut best: Option<usize> = None;
        for i in 0..current.len() {
            current[i] += weights[i];
            let better = match (best, tie) {
                (None, _) => true,
                (Some(b), TieRule::First) => current[i] > current[b],
                (Some(b), TieRule::Last) => current[i] >= current[b],
            };
            if better {
                best = Some(i);
            }
        }
        let best = best.unwrap();
        current[best] -= total;
        picks.push(best as u32);
    }
    (picks, current)
}

fn weight_vectors() -> impl Strategy<Value = Vec<u64>> {
    prop::collection::vec(0u64..40, 1..9).prop_filter("not all zero", |w| w.iter().any(|&x| x > 0))
}

fn weights(w: &[u64]) -> Weights {
    Weights::from_integers(w).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// From 256 nodes on, long runs go in blocks that skip the nodes that cannot win: the same
    /// picks and the same levels as the plain loop, ties included.
    #[test]
    fn pruned_bulk_runs_match_the_reference(
        w in prop::collection::vec(prop_oneof![0u64..3, 1u64..100, 1u64..1_000_000_000, Just(1_000_000_000u64)], 256..700)
            .prop_filter("not all zero", |w| w.iter().any(|&x| x > 0)),
        tie in prop_oneof![Just(TieRule::First), Just(TieRule::Last)],
        warm in 0usize..3000,
    ) {
        let ws = weights(&w);
        let steps = warm + 400;
        let (expected, levels) = reference_run(&w, tie, steps);
        let mut swrr = Swrr::with_tie_rule(&ws, tie);
        let mut first = vec![0u32; warm];
        swrr.fill_picks(&mut first);
        let mut rest = vec![0u32; 400];
        swrr.fill_picks(&mut rest);
        first.extend(rest);
        prop_assert_eq!(&first, &expected);
        prop_assert_eq!(swrr.levels(), &levels[..]);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn the_engine_matches_the_single_loop_reference(
        w in prop::collection::vec(prop_oneof![0u64..4, 0u64..40, Just(1_000_000_000u64)], 1..23)
            .prop_filter("not all zero", |w| w.iter().any(|&x| x > 0)),
        tie in prop_oneof![Just(TieRule::First), Just(TieRule::Last)],
    ) {
        let ws = weights(&w);
        let steps = 300;
        let expected = reference_picks(&w, tie, steps);
        let mut bulk = vec![0u32; steps];
        Swrr::with_tie_rule(&ws, tie).fill_picks(&mut bulk);
        prop_assert_eq!(&bulk, &expected);
        let mut swrr = Swrr::with_tie_rule(&ws, tie);
        let stepped: Vec<u32> = (0..steps).map(|_| swrr.advance().unwrap().winner as u32).collect();
        prop_assert_eq!(&stepped, &expected);
        let options = AlgorithmOptions { tie, ..AlgorithmOptions::default() };
        let mut nginx = Algorithm::new(&ws, &options, &Scenario::none());
        let stepped: Vec<u32> = (0..steps).map(|_| nginx.advance().unwrap().winner as u32).collect();
        prop_assert_eq!(&stepped, &expected);
    }

    #[test]
    fn levels_sum_to_zero_after_every_step(w in weight_vectors(), tie in prop_oneof![Just(TieRule::First), Just(TieRule::Last)]) {
        let ws = weights(&w);
        let mut swrr = Swrr::with_tie_rule(&ws, tie);
        for _ in 0..(2 * ws.period()).min(400) {
            swrr.advance().unwrap();
            prop_assert_eq!(swrr.levels().iter().sum::<i64>(), 0);
        }
    }

    #[test]
    fn each_node_is_picked_w_over_gcd_times_per_period(w in weight_vectors()) {
        let ws = weights(&w);
        let period = ws.period();
        prop_assert_eq!(period, ws.total() / ws.gcd());
        let seq = sequence(&Swrr::new(&ws), period as usize);
        for (i, &wi) in w.iter().enumerate() {
            let count = seq.iter().filter(|&&p| p as usize == i).count() as u64;
            prop_assert_eq!(count, wi / ws.gcd(), "node {}", i);
        }
    }

    #[test]
    fn the_state_returns_to_zero_after_one_period_and_not_before(w in weight_vectors()) {
        let ws = weights(&w);
        let mut swrr = Swrr::new(&ws);
        for t in 1..=ws.period() {
            swrr.advance().unwrap();
            let at_zero = swrr.levels().iter().all(|&c| c == 0);
            prop_assert_eq!(at_zero, t == ws.period(), "t = {}", t);
        }
    }

    #[test]
    fn level_is_t_w_minus_total_times_picks(w in weight_vectors()) {
        let ws = weights(&w);
        let total = ws.total() as i64;
        let mut trace = Trace::new(Swrr::new(&ws));
        for t in 1..=(ws.period() + 7).min(300) {
            trace.forward().unwrap();
            for (i, &wi) in w.iter().enumerate() {
                let expected = t as i64 * wi as i64 - total * trace.picks()[i] as i64;
                prop_assert_eq!(trace.levels()[i], expected);
            }
        }
    }

    #[test]
    fn no_node_runs_more_than_n_minus_one_over_n_ahead(w in weight_vectors()) {
        let ws = weights(&w);
        let n = w.len() as i128;
        let total = ws.total() as i128;
        let mut counts = vec![0i128; w.len()];
        for (t, &p) in sequence(&Swrr::new(&ws), ws.period() as usize).iter().enumerate() {
            counts[p as usize] += 1;
            let t = t as i128 + 1;
            for (i, &wi) in w.iter().enumerate() {
                // picks − t·w/W ≤ (n−1)/n  ⇔  n·(W·picks − t·w) ≤ (n−1)·W
                prop_assert!(n * (total * counts[i] - t * wi as i128) <= (n - 1) * total, "node {} at t {}", i, t);
            }
        }
    }

    #[test]
    fn scaling_all_weights_keeps_the_sequence(w in weight_vectors(), k in 2u64..50) {
        let scaled: Vec<u64> = w.iter().map(|&x| x * k).collect();
        let n = weights(&w).period() as usize + 5;
        prop_assert_eq!(sequence(&Swrr::new(&weights(&w)), n), sequence(&Swrr::new(&weights(&scaled)), n));
    }

    #[test]
    fn seek_equals_stepping(w in weight_vectors(), targets in prop::collection::vec(0u64..3000, 1..6)) {
        let ws = weights(&w);
        for target in targets {
            let mut stepped = Swrr::new(&ws);
            let mut picks = vec![0u64; w.len()];
            for _ in 0..target {
                picks[stepped.advance().unwrap().winner] += 1;
            }
            let mut trace = Trace::new(Swrr::new(&ws));
            trace.seek(target).unwrap();
            prop_assert_eq!(trace.t(), target);
            prop_assert_eq!(trace.levels(), stepped.levels());
            prop_assert_eq!(trace.picks(), &picks[..]);
        }
    }

    #[test]
    fn seek_far_agrees_with_period_arithmetic(w in weight_vectors(), cycles in 0u64..1_000_000_000, offset in 0u64..200) {
        let ws = weights(&w);
        let period = ws.period();
        let offset = offset % period;
        let mut near = Trace::new(Swrr::new(&ws));
        near.seek(offset).unwrap();
        let mut far = Trace::new(Swrr::new(&ws));
        far.seek(cycles * period + offset).unwrap();
        prop_assert_eq!(far.levels(), near.levels());
        for (i, &wi) in w.iter().enumerate() {
            prop_assert_eq!(far.picks()[i], near.picks()[i] + cycles * (wi / ws.gcd()));
        }
        if offset > 0 {
            prop_assert_eq!(far.current().unwrap().winner, near.current().unwrap().winner);
        }
    }

    #[test]
    fn back_undoes_forward(w in weight_vectors(), steps in 1u64..2500) {
        let ws = weights(&w);
        let mut trace = Trace::new(Swrr::new(&ws));
        trace.seek(steps).unwrap();
        let levels = trace.levels().to_vec();
        let record = trace.current().cloned();
        trace.forward().unwrap();
        prop_assert!(trace.back());
        prop_assert_eq!(trace.levels(), &levels[..]);
        prop_assert_eq!(trace.current().cloned(), record);
    }

    #[test]
    fn records_are_consistent(w in weight_vectors()) {
        let ws = weights(&w);
        let mut trace = Trace::new(Swrr::new(&ws));
        let mut before = vec![0i64; w.len()];
        for _ in 0..ws.period().min(200) {
            let step = trace.forward().unwrap().clone();
            prop_assert_eq!(&step.before, &before);
            for i in 0..w.len() {
                prop_assert_eq!(step.filled[i], before[i] + w[i] as i64);
            }
            let top = *step.filled.iter().max().unwrap();
            prop_assert_eq!(step.filled[step.winner], top);
            prop_assert_eq!(step.drained[step.winner], top - ws.total() as i64);
            let at_top: Vec<usize> = (0..w.len()).filter(|&i| step.filled[i] == top).collect();
            prop_assert_eq!(step.winner, at_top[0], "nginx picks the first of the tied");
            prop_assert_eq!(step.tied.clone(), if at_top.len() > 1 { at_top } else { vec![] });
            before = step.drained.clone();
        }
    }
}

#[test]
fn last_tie_rule_picks_the_last_of_the_tied() {
    let ws = weights(&[1, 1, 1]);
    assert_eq!(
        sequence(&Swrr::with_tie_rule(&ws, TieRule::Last), 6),
        [2, 1, 0, 2, 1, 0]
    );
    assert_eq!(sequence(&Swrr::new(&ws), 6), [0, 1, 2, 0, 1, 2]);
}

#[test]
fn a_node_can_fall_more_than_one_pick_behind() {
    // DESIGN.md: weights 1,7,25,2,25,7 at t=27, the first weight-25 node has 9 picks for an ideal 10.07.
    let ws = weights(&[1, 7, 25, 2, 25, 7]);
    let mut trace = Trace::new(Swrr::new(&ws));
    trace.seek(27).unwrap();
    let behind: Vec<f64> = (0..6)
        .map(|i| 27.0 * ws.weight(i) as f64 / ws.total() as f64 - trace.picks()[i] as f64)
        .collect();
    assert!(behind.iter().any(|&b| b > 1.0), "lags {behind:?}");
    assert!(trace.picks().contains(&9));
}

#[test]
fn zero_weight_nodes_are_never_picked() {
    let ws = Weights::parse("0,3,0,2").unwrap();
    assert!(sequence(&Swrr::new(&ws), 50)
        .iter()
        .all(|&p| p == 1 || p == 3));
}

#[test]
fn extreme_limits_do_not_overflow() {
    // 10,000 nodes of weight 10^9: W = 10^13; levels stay within ±n·W ≪ i64::MAX.
    let ws = Weights::from_integers(&vec![1_000_000_000; 10_000]).unwrap();
    let mut swrr = Swrr::new(&ws);
    for _ in 0..50 {
        swrr.advance().unwrap();
        assert_eq!(swrr.levels().iter().sum::<i64>(), 0);
    }
    let mixed: Vec<u64> = (0..10_000)
        .map(|i| if i % 2 == 0 { 1_000_000_000 } else { 1 })
        .collect();
    let ws = Weights::from_integers(&mixed).unwrap();
    let mut trace = Trace::new(Swrr::new(&ws));
    trace.seek(3_000).unwrap();
    assert_eq!(trace.levels().iter().sum::<i64>(), 0);
}

#[test]
fn seeking_to_a_billion_is_instant_for_short_periods() {
    let ws = weights(&(1..=64).collect::<Vec<_>>());
    let mut trace = Trace::new(Swrr::new(&ws));
    trace.seek(1_000_000_000).unwrap();
    assert_eq!(trace.t(), 1_000_000_000);
    assert_eq!(trace.levels().iter().sum::<i64>(), 0);
    assert_eq!(trace.picks().iter().sum::<u64>(), 1_000_000_000);
}
