//! What a run is asked for: the algorithm by name and its options — which node wins a tie and
//! what the winner subtracts (the rules a teacher can change), the seed.

use std::fmt;

use crate::input::choice::named_choices;

named_choices! {
    /// Which node wins when several share the highest level.
    #[derive(Default)]
    pub enum TieRule for Choice::Tie {
        /// The first in list order wins: nginx compares with a strict `>`.
        #[default]
        First = "first",
        /// The last in list order wins (what `>=` would do).
        Last = "last",
    }
}

named_choices! {
    /// What the winner subtracts.
    #[derive(Default)]
    pub enum SubtractRule for Choice::Subtract {
        /// The total of the weights added in this step: nginx, and the reason Σcurrent stays 0.
        #[default]
        Total = "total",
        /// Only its own weight — the broken variant the seeds warn about: Σcurrent grows by
        /// W − w_winner every step, every level climbs for ever, and the light nodes starve.
        Own = "own",
    }
}

named_choices! {
    /// The algorithms, by the names the CLI and the page use.
    #[derive(Default)]
    pub enum AlgorithmKind for Choice::Algorithm {
        /// nginx smooth weighted round robin.
        #[default]
        Swrr = "swrr",
        /// The expanded list `A A A A A B B B C C`, round robin.
        Classic = "classic",
        /// Linux IPVS interleaved weighted round robin.
        Interleaved = "interleaved",
        /// Weighted random with an explicit seed.
        Random = "random",
        /// Envoy's earliest deadline first, in exact arithmetic: the ideal [`Self::Envoy`] rounds.
        Edf = "edf",
        /// gRPC C++'s `weighted_round_robin`: the static stride scheduler.
        Grpc = "grpc",
        /// grpc-java's `weighted_round_robin`: the same scheduler with its own floor.
        GrpcJava = "grpc-java",
        /// Envoy's round robin as Envoy computes it: `EdfScheduler` in `f64`, `createWithPicks`.
        Envoy = "envoy",
    }
}

impl AlgorithmKind {
    /// Whether its picks depend on [`AlgorithmOptions::seed`].
    #[must_use]
    pub fn uses_seed(self) -> bool {
        matches!(
            self,
            Self::Random | Self::Grpc | Self::GrpcJava | Self::Envoy
        )
    }

    /// One line for menus and help.
    #[must_use]
    pub fn description(self) -> &'static str {
        match self {
            Self::Swrr => "nginx smooth weighted round robin: everyone adds its weight, the highest wins and gives back the total",
            Self::Classic => "the expanded list, each node in a row as often as its weight over the gcd (5,3,2: A A A A A B B B C C), walked round robin: exact shares, in bursts",
            Self::Interleaved => "Linux IPVS (ip_vs_wrr.c): a current weight stepping down by the gcd, first node at or above it",
            Self::Random => "weighted random from a seeded SplitMix64: right on average, clumpy in any short window",
            Self::Edf => "earliest deadline first in exact fractions: each node due again 1/weight after its last pick (the ideal Envoy rounds)",
            Self::Grpc => "gRPC C++ weighted_round_robin: weights scaled to 65535, a shared sequence counter walks backends and generations",
            Self::GrpcJava => "grpc-java weighted_round_robin: gRPC's static stride scheduler with Java's floor (0.1 of the mean)",
            Self::Envoy => "Envoy's round robin as Envoy computes it: EdfScheduler deadlines in f64, createWithPicks from the seed",
        }
    }
}

impl fmt::Display for AlgorithmKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How to build an [`Algorithm`](crate::engine::Algorithm): which one, and the knobs that apply to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct AlgorithmOptions {
    pub kind: AlgorithmKind,
    /// SWRR only: who wins a tie.
    pub tie: TieRule,
    /// SWRR only: what the winner subtracts.
    pub subtract: SubtractRule,
    /// `random`: the SplitMix64 seed; `grpc`, `grpc-java`: where the sequence counter starts
    /// (mod 2^32); `envoy`: Envoy's `seed_` (the picks `createWithPicks` starts from).
    pub seed: u64,
}
