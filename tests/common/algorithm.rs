//! An algorithm built from the texts a user types.

use swrr_viz::engine::{
    sequence, Algorithm, AlgorithmKind, AlgorithmOptions, AlgorithmState, EnvoyState, GrpcState,
    NginxSwrr, Step, SubtractRule, TieRule, Trace, Traffic,
};
use swrr_viz::input::{Scenario, Weights};

/// nginx SWRR on `weights` running `scenario`, requests arriving `rate` a second, each with at
/// most `tries` attempts (0: as many as servers not down), as nginx runs it (ties to the first).
pub fn nginx_swrr(weights: &Weights, scenario: &str, rate: u64, tries: u64) -> NginxSwrr {
    let scenario = Scenario::parse(scenario, weights).expect("scenario");
    let traffic = Traffic {
        rate,
        tries,
        ..Traffic::default()
    };
    NginxSwrr::with_traffic(
        weights,
        TieRule::First,
        SubtractRule::Total,
        &scenario,
        &traffic,
    )
}

/// The weights `weights` and the algorithm `kind` seeded `seed` running `scenario`.
pub fn algorithm(
    weights: &str,
    kind: AlgorithmKind,
    seed: u64,
    scenario: &str,
) -> (Weights, Algorithm) {
    let weights: Weights = weights.parse().unwrap();
    let scenario = Scenario::parse(scenario, &weights).unwrap();
    let options = AlgorithmOptions {
        kind,
        seed,
        ..AlgorithmOptions::default()
    };
    let algorithm = Algorithm::new(&weights, &options, &scenario);
    (weights, algorithm)
}

/// The first `n` picks of `kind` on `weights` running `scenario`, as names separated by spaces.
pub fn picked_names(kind: AlgorithmKind, weights: &str, scenario: &str, n: usize) -> String {
    let (weights, algorithm) = algorithm(weights, kind, 0, scenario);
    sequence(&algorithm, n)
        .iter()
        .map(|&i| weights.name(i as usize))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Each `(kind, weights, scenario, picks)`: `kind` on those weights, running that scenario,
/// picks these names first.
pub fn assert_picks(cases: &[(AlgorithmKind, &str, &str, &str)]) {
    for (kind, weights, scenario, expected) in cases {
        let n = expected.split(' ').count();
        assert_eq!(
            picked_names(*kind, weights, scenario, n),
            *expected,
            "{kind} on {weights} with {scenario:?}"
        );
    }
}

/// Steps 1 to `n` of `kind` on `weights` (seed 0) running `scenario`.
pub fn rows(weights: &str, kind: AlgorithmKind, scenario: &str, n: u64) -> Vec<Step> {
    Trace::new(algorithm(weights, kind, 0, scenario).1)
        .rows(1, n)
        .unwrap()
}

/// The gRPC scheduler's state at `step`.
pub fn grpc(step: &Step) -> &GrpcState {
    match &step.state {
        AlgorithmState::Grpc(x) => x,
        other => panic!("not gRPC: {other:?}"),
    }
}

/// Envoy's state at `step`.
pub fn envoy(step: &Step) -> &EnvoyState {
    match &step.state {
        AlgorithmState::Envoy(x) => x,
        other => panic!("not Envoy: {other:?}"),
    }
}
