//! An algorithm built from the texts a user types.

use swrr_viz::engine::{Algorithm, AlgorithmKind, AlgorithmOptions};
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
