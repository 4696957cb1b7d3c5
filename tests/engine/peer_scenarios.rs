//! gRPC's and Envoy's semantics for scenario events, each from its own source: what a weight
//! change, a host leaving and a host rejoining do to their schedulers; and where Envoy's `f64`
//! order departs from exact EDF.

use swrr_viz::engine::{
    departure_from_exact, notes, sequence, Algorithm, AlgorithmKind, AlgorithmOptions, Departure,
    EnvoyMode, Step, Trace, Traffic, GRPC_BLACKOUT_STEPS,
};

use swrr_viz::input::{Scenario, Weights};

use crate::common::algorithm::{algorithm as spec, envoy, grpc, rows};

fn picks(weights: &str, kind: AlgorithmKind, seed: u64, scenario: &str, n: usize) -> Vec<u32> {
    sequence(&spec(weights, kind, seed, scenario).1, n)
}

#[test]
fn grpc_rejoining_endpoint_takes_the_mean_through_the_blackout() {
    let rows = rows("5,3,2", AlgorithmKind::Grpc, "@2 B down; @3 B up", 14);
    // Down: out of the picker, the scheduler has two backends.
    assert_eq!(grpc(&rows[1]).picker, [0, 2]);
    assert_eq!(grpc(&rows[1]).scaled[1], None);
    // Back: in the picker, weight unknown for 10 steps, so the mean of 5 and 2 (3.5 of 5).
    let back = grpc(&rows[2]);
    assert_eq!(back.picker, [0, 1, 2]);
    assert_eq!(back.blackout[1], GRPC_BLACKOUT_STEPS);
    assert_eq!(back.scaled[1], Some(45875));
    assert_eq!(grpc(&rows[11]).scaled[1], Some(45875));
    // Step 13: the blackout is over and B's own weight (3 of 5) counts.
    let after = grpc(&rows[12]);
    assert_eq!(after.blackout[1], 0);
    assert_eq!(after.scaled[1], Some(39321));
    assert_eq!(after.built_at, 13);
}

#[test]
fn grpc_counter_goes_on_across_pickers_and_restarts_on_reset() {
    let rows = rows("5,3,2", AlgorithmKind::Grpc, "@4 C down; @8 A=4 reset", 9);
    let counter: Vec<u32> = rows.iter().map(|s| grpc(s).sequence).collect();
    // Each pick draws one or more values; a new picker (step 4) does not restart the counter…
    assert!(
        counter.windows(2).take(6).all(|w| w[1] > w[0]),
        "{counter:?}"
    );
    // …a new policy (reset) does: at the seed, 0.
    assert_eq!(counter[7], u32::try_from(grpc(&rows[7]).draws).unwrap());
}

#[test]
fn grpc_typed_zero_is_not_reported_a_drain_keeps_the_weight_and_notes_say_so() {
    let weights: Weights = "5,0,2".parse().unwrap();
    let scenario = Scenario::parse("@3 C drain", &weights).unwrap();
    let options = AlgorithmOptions {
        kind: AlgorithmKind::GrpcJava,
        ..AlgorithmOptions::default()
    };
    let notes = notes(&weights, &options, &scenario, &Traffic::default());
    assert_eq!(notes.len(), 2, "{notes:?}");
    assert!(notes[0].starts_with("weight 0 (B): grpc-java reads 0 as no weight reported yet"));
    assert!(notes[1].starts_with("@3 C drain: grpc-java ignores a load report of 0"));
    // B is picked (the mean of 5 and 2); after the drain C is too (its last weight, kept).
    let p = picks("5,0,2", AlgorithmKind::GrpcJava, 0, "@3 C drain", 40);
    assert!(p.contains(&1));
    assert!(p[3..].contains(&2));
}

#[test]
fn grpc_c_plus_plus_falls_back_to_round_robin_with_one_endpoint_java_does_not() {
    let cpp = rows("5,3", AlgorithmKind::Grpc, "@2 B down", 3);
    assert_eq!(grpc(&cpp[1]).fallback, Some(1));
    assert_eq!(grpc(&cpp[1]).draws, 0);
    let java = rows("5,3", AlgorithmKind::GrpcJava, "@2 B down", 3);
    assert_eq!(grpc(&java[1]).fallback, None);
    assert_eq!(grpc(&java[1]).draws, 1);
}

#[test]
fn envoy_host_changes_restart_the_schedule_from_the_seed() {
    // C leaves at 5 and comes back at 9: each change rebuilds with createWithPicks(seed), so
    // from step 9 the picks are those of a fresh balancer.
    let fresh = picks("6,3,1", AlgorithmKind::Envoy, 7, "", 20);
    let changed = picks("6,3,1", AlgorithmKind::Envoy, 7, "@5 C down; @9 C up", 28);
    assert_eq!(changed[8..], fresh[..20]);
    let rows = rows("6,3,1", AlgorithmKind::Envoy, "@5 C down; @9 C up", 9);
    assert_eq!(envoy(&rows[4]).hosts, [0, 1]);
    assert_eq!(envoy(&rows[4]).built_at, 5);
    // The state of a rebuild step carries the queue as rebuilt, before its pick.
    let rebuilt = envoy(&rows[4]).rebuilt.as_ref().unwrap();
    assert_eq!(rebuilt.queue.len(), 2);
    assert_eq!(rebuilt.queue[0].node, rows[4].winner);
    assert!(envoy(&rows[5]).rebuilt.is_none());
    assert_eq!(envoy(&rows[8]).built_at, 9);
}

#[test]
fn envoy_weight_change_is_an_eds_update() {
    // keep or reset, an EDS update rebuilds the host set: a fresh schedule of 1,3,1 from step 4.
    let kept = rows("6,3,1", AlgorithmKind::Envoy, "@4 A=1", 6);
    assert_eq!(envoy(&kept[3]).built_at, 4);
    let fresh = picks("1,3,1", AlgorithmKind::Envoy, 0, "", 11);
    for scenario in ["@4 A=1", "@4 A=1 reset"] {
        let changed = picks("6,3,1", AlgorithmKind::Envoy, 0, scenario, 14);
        assert_eq!(changed[3..], fresh[..], "{scenario}");
    }
}

#[test]
fn envoy_equal_weights_skip_the_scheduler() {
    let rows = rows("2,2,2", AlgorithmKind::Envoy, "", 4);
    let state = envoy(&rows[3]);
    assert_eq!(state.mode, EnvoyMode::RoundRobin);
    assert!(state.queue.is_empty());
    assert_eq!(state.index, 4);
}

#[test]
fn envoy_departs_from_exact_edf_where_f64_breaks_a_tie() {
    let at = |w: &str, seed| departure_from_exact(&w.parse().unwrap(), seed, 10_000);
    let step = |w: &str| match at(w, 0) {
        Some(Departure::At { step, .. }) => step,
        other => panic!("{w}: {other:?}"),
    };
    assert_eq!(step("6,3,1"), 112);
    assert_eq!(step("10,5"), 74);
    assert_eq!(step("5,3,2"), 109);
    assert_eq!(step("7,2,1"), 179);
    assert_eq!(at("2,2,1", 0), Some(Departure::Same { checked: 10_000 }));
    assert_eq!(at("4,1,1", 0), Some(Departure::Same { checked: 10_000 }));
}

// ── the peers' presets do what their descriptions say ──

fn preset_rows(name: &str) -> (Weights, Vec<Step>) {
    let p = swrr_viz::teach::preset(name).unwrap();
    let weights: Weights = p.weights.parse().unwrap();
    let scenario = Scenario::parse(p.scenario, &weights).unwrap();
    let algorithm = Algorithm::new(&weights, &p.options(), &scenario);
    (weights, Trace::new(algorithm).rows(1, p.steps).unwrap())
}

#[test]
fn presets_of_the_peers() {
    let (_, run) = preset_rows("grpc-unknown-weight");
    for window in run.chunks(6) {
        let count = |node| window.iter().filter(|s| s.winner == node).count();
        assert_eq!([count(0), count(1), count(2)], [3, 2, 1]);
    }
    let (_, run) = preset_rows("grpc-rejoin-blackout");
    assert!(run[5..10].iter().all(|s| s.winner != 1));
    assert_eq!(grpc(&run[10]).scaled[1], Some(45875));
    assert_eq!(grpc(&run[19]).scaled[1], Some(45875));
    assert_eq!(grpc(&run[20]).scaled[1], Some(39321));
    let (_, run) = preset_rows("envoy-departs-from-exact");
    assert_eq!(run[111].winner, 0);
    assert_eq!(
        envoy(&run[110]).queue[..2]
            .iter()
            .map(|e| (e.node, e.deadline.0))
            .collect::<Vec<_>>(),
        [(0, 11.333333333333323), (1, 11.333333333333325)]
    );
    let (_, run) = preset_rows("envoy-host-leaves");
    let winners: Vec<usize> = run.iter().map(|s| s.winner).collect();
    let fresh = picks("6,3,1", AlgorithmKind::Envoy, 0, "", 16);
    let fresh: Vec<usize> = fresh.iter().map(|&i| i as usize).collect();
    assert_eq!(winners[8..24], fresh[..16]);
    let (_, run) = preset_rows("envoy-panic");
    assert!(run[2..8].iter().all(|s| envoy(s).panic));
    assert!(
        run[2..8].iter().any(|s| s.winner == 2),
        "C, down, is picked in panic"
    );
    assert!(run[8..].iter().all(|s| !envoy(s).panic && s.winner != 2));
}
