//! Properties of every algorithm and of scenarios, for any weight vector.

use proptest::prelude::*;
use swrr_viz::engine::{
    sequence, Algorithm, AlgorithmKind, AlgorithmOptions, AlgorithmState, Scheduler, Step, Trace,
};
use swrr_viz::input::{Scenario, Weights};

fn weight_vectors() -> impl Strategy<Value = Vec<u64>> {
    prop::collection::vec(0u64..30, 1..7).prop_filter("not all zero", |w| w.iter().any(|&x| x > 0))
}

fn kinds() -> impl Strategy<Value = AlgorithmKind> {
    prop::sample::select(AlgorithmKind::ALL.to_vec())
}

fn deterministic_kinds() -> impl Strategy<Value = AlgorithmKind> {
    prop::sample::select(vec![
        AlgorithmKind::Swrr,
        AlgorithmKind::Classic,
        AlgorithmKind::Interleaved,
        AlgorithmKind::Edf,
    ])
}

fn build(kind: AlgorithmKind, w: &Weights, scenario: &Scenario, seed: u64) -> Algorithm {
    let options = AlgorithmOptions {
        kind,
        seed,
        ..AlgorithmOptions::default()
    };
    Algorithm::new(w, &options, scenario)
}

fn steps(trace: &mut Trace<Algorithm>, n: u64) -> Vec<Step> {
    (0..n).map(|_| trace.forward().unwrap().clone()).collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn each_node_is_picked_w_over_gcd_times_per_period(w in weight_vectors(), kind in deterministic_kinds()) {
        let ws = Weights::from_integers(&w).unwrap();
        let algorithm = build(kind, &ws, &Scenario::none(), 0);
        let (period, per_node) = algorithm.cycle().unwrap();
        prop_assert_eq!(period, ws.period());
        let seq = sequence(&algorithm, period as usize);
        for (i, &wi) in w.iter().enumerate() {
            let count = seq.iter().filter(|&&p| p as usize == i).count() as u64;
            prop_assert_eq!(count, wi / ws.gcd(), "{} node {}", kind, i);
            prop_assert_eq!(per_node[i], wi / ws.gcd());
        }
        // And the next period is the same picks again.
        let two = sequence(&algorithm, 2 * period as usize);
        prop_assert_eq!(&two[..period as usize], &two[period as usize..]);
    }

    #[test]
    fn seeking_across_periods_gives_the_record_of_stepping(w in weight_vectors(), kind in deterministic_kinds(), extra in 0u64..40) {
        let ws = Weights::from_integers(&w).unwrap();
        let period = ws.period();
        let target = 3 * period + extra % period.max(1) + 1;
        prop_assume!(target < 3000);
        let mut walked = Trace::new(build(kind, &ws, &Scenario::none(), 0));
        let records = steps(&mut walked, target);
        let mut jumped = Trace::new(build(kind, &ws, &Scenario::none(), 0));
        jumped.seek(target).unwrap();
        prop_assert_eq!(jumped.current().unwrap(), records.last().unwrap(), "{}", kind);
        prop_assert_eq!(jumped.picks(), walked.picks());
    }

    #[test]
    fn events_beyond_the_run_change_nothing(w in weight_vectors(), kind in kinds(), seed in any::<u64>()) {
        let ws = Weights::from_integers(&w).unwrap();
        // One node down is every server down: nginx SWRR's run is then one of requests from
        // its start, as with failure events (each request while they are all down is a 502).
        let gone = if w.len() > 1 { "down" } else { "drain" };
        let later = Scenario::parse(&format!("@1000 #1 {gone}; @1001 #1 = 7 reset"), &ws).unwrap();
        let mut plain = Trace::new(build(kind, &ws, &Scenario::none(), seed));
        let mut scripted = Trace::new(build(kind, &ws, &later, seed));
        prop_assert_eq!(steps(&mut plain, 200), steps(&mut scripted, 200));
    }

    #[test]
    fn a_down_node_is_never_picked_while_down(w in weight_vectors(), kind in kinds(), node in 0usize..7, down in 1u64..30, len in 1u64..40, seed in any::<u64>()) {
        let node = node % w.len();
        prop_assume!(w.iter().enumerate().any(|(i, &x)| i != node && x > 0));
        let ws = Weights::from_integers(&w).unwrap();
        let up = down + len;
        let text = format!("@{down} #{} down; @{up} #{} up", node + 1, node + 1);
        let scenario = Scenario::parse(&text, &ws).unwrap();
        let mut trace = Trace::new(build(kind, &ws, &scenario, seed));
        for step in steps(&mut trace, up + 30) {
            let out = (down..up).contains(&step.t);
            // gRPC reads weight 0 as not reported yet (the mean); Envoy in panic balances over
            // all hosts, down ones too.
            let panic = matches!(&step.state, AlgorithmState::Envoy(x) if x.panic);
            let counts_weight = !matches!(kind, AlgorithmKind::Grpc | AlgorithmKind::GrpcJava);
            if !panic {
                prop_assert_eq!(step.eligible[node], !out && (w[node] > 0 || !counts_weight));
            }
            if out && !panic {
                prop_assert_ne!(step.winner, node, "{} at step {}", kind, step.t);
            }
        }
    }

    #[test]
    fn swrr_conserves_under_keep_reset_down_up_fail_and_slow_start(w in weight_vectors(), events in prop::collection::vec((1u64..60, 0usize..7, 0usize..6, 0u64..40), 0..8)) {
        let ws = Weights::from_integers(&w).unwrap();
        let text: Vec<String> = events.iter().map(|&(step, node, action, value)| {
            let node = node % w.len() + 1;
            let action = match action {
                0 => format!("= {value}"),
                1 => format!("= {value} reset"),
                2 => "down".to_string(),
                3 => "up".to_string(),
                4 => format!("fail max_fails={}", value % 4),
                _ => format!("slowstart {}", value + 1),
            };
            format!("@{step} #{node} {action}")
        }).collect();
        let scenario = Scenario::parse(&text.join("; "), &ws).unwrap();
        let mut algorithm = build(AlgorithmKind::Swrr, &ws, &scenario, 0);
        for t in 1..=100 {
            if algorithm.advance().is_none() {
                // Everyone out (all drained or down): allowed, and the reason says so.
                prop_assert!(algorithm.stop_reason().unwrap().to_string().contains("no node can be picked"));
                break;
            }
            prop_assert_eq!(algorithm.levels().iter().sum::<i64>(), 0, "step {}: {}", t, text.join("; "));
        }
    }

    #[test]
    fn seek_equals_stepping_with_events(w in weight_vectors(), kind in kinds(), target in 1u64..300, seed in any::<u64>()) {
        let ws = Weights::from_integers(&w).unwrap();
        let scenario = Scenario::parse("@5 #1 down; @9 #1 slowstart 7; @20 #1 fail 2 max_fails=2 timeout=3; @40 #1 = 9 reset", &ws).unwrap();
        let mut walked = Trace::new(build(kind, &ws, &scenario, seed));
        let mut stepped = Vec::new();
        for _ in 0..target {
            match walked.forward() {
                Ok(step) => stepped.push(step.clone()),
                Err(_) => break,
            }
        }
        prop_assume!(stepped.len() as u64 == target);
        let mut jumped = Trace::new(build(kind, &ws, &scenario, seed));
        jumped.seek(target).unwrap();
        prop_assert_eq!(jumped.current().unwrap(), stepped.last().unwrap());
        jumped.seek(target / 2).unwrap();
        if target / 2 > 0 {
            prop_assert_eq!(jumped.current().unwrap(), &stepped[(target / 2 - 1) as usize]);
        }
    }
}
