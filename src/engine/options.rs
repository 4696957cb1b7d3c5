//! What a run is asked for: the algorithm by name and its options — which node wins a tie and
//! what the winner subtracts (the rules a teacher can change), the seed.

use std::fmt;
use std::str::FromStr;

use crate::input::choice::{Choice, UnknownChoice};

/// Which node wins when several share the highest level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TieRule {
    /// The first in list order wins: nginx compares with a strict `>`.
    #[default]
    First,
    /// The last in list order wins (what `>=` would do).
    Last,
}

impl std::str::FromStr for TieRule {
    type Err = UnknownChoice;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "first" => Ok(Self::First),
            "last" => Ok(Self::Last),
            other => Err(UnknownChoice::new(Choice::Tie, other)),
        }
    }
}

impl TieRule {
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::First => "first",
            Self::Last => "last",
        }
    }
}

/// What the winner subtracts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SubtractRule {
    /// The total of the weights added in this step: nginx, and the reason Σcurrent stays 0.
    #[default]
    Total,
    /// Only its own weight — the broken variant the seeds warn about: Σcurrent grows by
    /// W − w_winner every step, every level climbs for ever, and the light nodes starve.
    Own,
}

impl SubtractRule {
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Total => "total",
            Self::Own => "own",
        }
    }
}

impl std::str::FromStr for SubtractRule {
    type Err = UnknownChoice;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "total" => Ok(Self::Total),
            "own" => Ok(Self::Own),
            other => Err(UnknownChoice::new(Choice::Subtract, other)),
        }
    }
}

/// The algorithms, by the names the CLI and the page use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AlgorithmKind {
    /// nginx smooth weighted round robin.
    #[default]
    Swrr,
    /// The expanded list `A A A A A B B B C C`, round robin.
    Classic,
    /// Linux IPVS interleaved weighted round robin.
    Interleaved,
    /// Weighted random with an explicit seed.
    Random,
    /// Envoy's earliest deadline first, in exact arithmetic: the ideal [`Self::Envoy`] rounds.
    Edf,
    /// gRPC C++'s `weighted_round_robin`: the static stride scheduler.
    Grpc,
    /// grpc-java's `weighted_round_robin`: the same scheduler with its own floor.
    GrpcJava,
    /// Envoy's round robin as Envoy computes it: `EdfScheduler` in `f64`, `createWithPicks`.
    Envoy,
}

impl AlgorithmKind {
    pub const ALL: [Self; 8] = [
        Self::Swrr,
        Self::Classic,
        Self::Interleaved,
        Self::Random,
        Self::Edf,
        Self::Grpc,
        Self::GrpcJava,
        Self::Envoy,
    ];

    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Swrr => "swrr",
            Self::Classic => "classic",
            Self::Interleaved => "interleaved",
            Self::Random => "random",
            Self::Edf => "edf",
            Self::Grpc => "grpc",
            Self::GrpcJava => "grpc-java",
            Self::Envoy => "envoy",
        }
    }

    /// One line for menus and help.
    #[must_use]
    pub fn description(self) -> &'static str {
        match self {
            Self::Swrr => "nginx smooth weighted round robin: everyone adds its weight, the highest wins and gives back the total",
            Self::Classic => "the expanded list A A A A A B B B C C, walked round robin: exact shares, in bursts",
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

impl FromStr for AlgorithmKind {
    type Err = UnknownChoice;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|k| k.as_str() == s)
            .ok_or_else(|| UnknownChoice::new(Choice::Algorithm, s))
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
