//! An algorithm built from the texts a user types.

use swrr_viz::engine::{sequence, Algorithm, AlgorithmKind, AlgorithmOptions};
use swrr_viz::input::{Scenario, Weights};

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
