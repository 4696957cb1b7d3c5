//! Every algorithm behind one type, chosen at run time: what the CLI's `--algo` and the page's
//! panes build, so `Trace<Algorithm>` serves all of them.

use std::fmt;
use std::str::FromStr;

use crate::engine::classic::Classic;
use crate::engine::edf::Edf;
use crate::engine::envoy::round_robin::EnvoyRoundRobin;
use crate::engine::grpc::static_stride::StrideFlavour;
use crate::engine::grpc::wrr::GrpcWrr;
use crate::engine::interleaved::Interleaved;
use crate::engine::nginx::request::Outcome;
use crate::engine::nginx::swrr::{NginxSwrr, SubtractRule};
use crate::engine::nginx::traffic::Traffic;
use crate::engine::scheduler::{Pick, Scheduler, TieRule};
use crate::engine::state::AlgorithmState;
use crate::engine::step::Step;
use crate::engine::stop::StopReason;
use crate::engine::weighted_random::WeightedRandom;
use crate::input::choice::{Choice, UnknownChoice};
use crate::input::scenario::{Action, Policy, Scenario};
use crate::input::weights::Weights;
use crate::message::{params, Coded, Params};

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

/// How to build an [`Algorithm`]: which one, and the knobs that apply to it.
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

/// One of the algorithms, over a weight vector and a scenario.
///
/// ```
/// use swrr_viz::engine::{sequence, Algorithm, AlgorithmKind, AlgorithmOptions};
/// use swrr_viz::input::{Scenario, Weights};
/// let weights: Weights = "4,3,2".parse().unwrap();
/// let options = AlgorithmOptions { kind: AlgorithmKind::Interleaved, ..AlgorithmOptions::default() };
/// let run = Algorithm::new(&weights, &options, &Scenario::none());
/// assert_eq!(sequence(&run, 9), [0, 0, 1, 0, 1, 2, 0, 1, 2]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Algorithm {
    Swrr(NginxSwrr),
    Classic(Classic),
    Interleaved(Interleaved),
    Random(WeightedRandom),
    Edf(Edf),
    Grpc(GrpcWrr),
    Envoy(EnvoyRoundRobin),
}

/// Runs `$body` with `$a` bound to whichever algorithm `$self` holds.
macro_rules! each {
    ($self:expr, $a:ident => $body:expr) => {
        match $self {
            Algorithm::Swrr($a) => $body,
            Algorithm::Classic($a) => $body,
            Algorithm::Interleaved($a) => $body,
            Algorithm::Random($a) => $body,
            Algorithm::Edf($a) => $body,
            Algorithm::Grpc($a) => $body,
            Algorithm::Envoy($a) => $body,
        }
    };
}

impl Algorithm {
    #[must_use]
    pub fn new(weights: &Weights, options: &AlgorithmOptions, scenario: &Scenario) -> Self {
        match options.kind {
            AlgorithmKind::Swrr => Self::Swrr(NginxSwrr::new(
                weights,
                options.tie,
                options.subtract,
                scenario,
            )),
            AlgorithmKind::Classic => Self::Classic(Classic::new(weights, scenario)),
            AlgorithmKind::Interleaved => Self::Interleaved(Interleaved::new(weights, scenario)),
            AlgorithmKind::Random => {
                Self::Random(WeightedRandom::new(weights, options.seed, scenario))
            }
            AlgorithmKind::Edf => Self::Edf(Edf::new(weights, scenario)),
            AlgorithmKind::Grpc => Self::Grpc(GrpcWrr::new(
                weights,
                StrideFlavour::Cpp,
                options.seed,
                scenario,
            )),
            AlgorithmKind::GrpcJava => Self::Grpc(GrpcWrr::new(
                weights,
                StrideFlavour::Java,
                options.seed,
                scenario,
            )),
            AlgorithmKind::Envoy => {
                Self::Envoy(EnvoyRoundRobin::new(weights, options.seed, scenario))
            }
        }
    }

    /// As [`new`](Self::new), with nginx SWRR's requests arriving as `traffic` says (the other
    /// algorithms have no clock and one worker).
    #[must_use]
    pub fn with_traffic(
        weights: &Weights,
        options: &AlgorithmOptions,
        scenario: &Scenario,
        traffic: &Traffic,
    ) -> Self {
        match options.kind {
            AlgorithmKind::Swrr => Self::Swrr(NginxSwrr::with_traffic(
                weights,
                options.tie,
                options.subtract,
                scenario,
                traffic,
            )),
            _ => Self::new(weights, options, scenario),
        }
    }

    #[must_use]
    pub fn kind(&self) -> AlgorithmKind {
        match self {
            Self::Swrr(_) => AlgorithmKind::Swrr,
            Self::Classic(_) => AlgorithmKind::Classic,
            Self::Interleaved(_) => AlgorithmKind::Interleaved,
            Self::Random(_) => AlgorithmKind::Random,
            Self::Edf(_) => AlgorithmKind::Edf,
            Self::Grpc(a) if a.is_java() => AlgorithmKind::GrpcJava,
            Self::Grpc(_) => AlgorithmKind::Grpc,
            Self::Envoy(_) => AlgorithmKind::Envoy,
        }
    }

    /// True when steps are attempts of requests: nginx SWRR with failures, backup servers or
    /// several workers.
    #[must_use]
    pub fn models_requests(&self) -> bool {
        matches!(self, Self::Swrr(a) if a.models_requests())
    }

    /// True when a scenario drives the run (so it never simply repeats).
    #[must_use]
    pub fn has_events(&self) -> bool {
        each!(self, a => a.has_events())
    }

    /// The algorithm's state now: at the start, or after the last pick.
    #[must_use]
    pub fn state(&self) -> AlgorithmState {
        match self {
            Self::Swrr(a) => a.state(),
            Self::Classic(a) => a.state(),
            Self::Interleaved(a) => a.state(),
            Self::Random(a) => a.state(),
            Self::Edf(a) => a.state(),
            Self::Grpc(a) => a.state(),
            Self::Envoy(a) => a.state(),
        }
    }
}

impl Scheduler for Algorithm {
    fn levels(&self) -> &[i64] {
        each!(self, a => a.levels())
    }

    fn advance(&mut self) -> Option<Pick> {
        each!(self, a => a.advance())
    }

    fn cycle(&self) -> Option<(u64, Vec<u64>)> {
        each!(self, a => a.cycle())
    }

    fn stop_reason(&self) -> Option<StopReason> {
        each!(self, a => a.stop_reason())
    }

    fn request_open(&self) -> bool {
        each!(self, a => a.request_open())
    }

    fn last_outcome(&self) -> Outcome {
        each!(self, a => a.last_outcome())
    }

    fn shift_record(&self, record: &mut Step, periods: u64) {
        each!(self, a => a.shift_record(record, periods))
    }

    fn step(&mut self, t: u64) -> Option<Step> {
        each!(self, a => a.step(t))
    }
}

/// What an option or event does not do for this algorithm, in words (empty when all apply):
/// the CLI prints these on stderr, the page next to the controls.
///
/// ```
/// use swrr_viz::engine::{notes, AlgorithmKind, AlgorithmOptions, SubtractRule};
/// use swrr_viz::input::{Scenario, Weights};
/// let weights: Weights = "5,3,2".parse().unwrap();
/// let options = AlgorithmOptions { kind: AlgorithmKind::Edf, subtract: SubtractRule::Own, ..Default::default() };
/// let scenario = Scenario::parse("@5 A=9 scale", &weights).unwrap();
/// let notes = notes(&weights, &options, &scenario);
/// assert_eq!(notes.len(), 2);
/// assert!(notes[1].contains("@5 A=9 scale"));
/// ```
#[must_use]
pub fn notes(weights: &Weights, options: &AlgorithmOptions, scenario: &Scenario) -> Vec<String> {
    Note::all(weights, options, scenario)
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// One thing an option or event does not do for an algorithm (see [`notes`]).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Note {
    /// A tie rule other than nginx's, for an algorithm without levels.
    TieIgnored { tie: TieRule, algo: AlgorithmKind },
    /// "Subtract own", for an algorithm without levels.
    SubtractIgnored {
        subtract: SubtractRule,
        algo: AlgorithmKind,
    },
    /// `reset-node` or `scale` (event text), applied as `keep`.
    PolicyAsKeep { event: String, algo: AlgorithmKind },
    /// `reset` (event text) for random, which keeps no state.
    NothingToReset { event: String },
    /// Typed weights of 0 (the nodes' names), which gRPC reads as not reported yet.
    ZeroIsUnknown { names: String, algo: AlgorithmKind },
    /// A `drain` or `=0` event (text), which for gRPC means no weight reported.
    DrainIsUnknown { event: String, algo: AlgorithmKind },
    /// Typed weights of 0 (the nodes' names) for Envoy, which refuses them.
    ZeroNotInSet { names: String },
    /// A seed beyond gRPC's 32-bit sequence counter: where the counter starts instead.
    SeedWrapped {
        seed: u64,
        start: u32,
        algo: AlgorithmKind,
    },
    /// `dead` or `alive` (event text) for an algorithm that does not retry: the node sits out
    /// while it is dead.
    DeadAsDown { event: String, algo: AlgorithmKind },
    /// `fail`, `backup`, `primary` or `max_fails=`/`timeout=` (event text) for an algorithm
    /// other than nginx SWRR: ignored.
    FailuresIgnored { event: String, algo: AlgorithmKind },
}

impl Note {
    /// Every note for these options and this scenario, in order.
    #[must_use]
    pub fn all(weights: &Weights, options: &AlgorithmOptions, scenario: &Scenario) -> Vec<Self> {
        let algo = options.kind;
        let mut notes = Vec::new();
        let grpc = matches!(algo, AlgorithmKind::Grpc | AlgorithmKind::GrpcJava);
        let zeros: Vec<&str> = (0..weights.len())
            .filter(|&i| weights.integers()[i] == 0)
            .map(|i| weights.name(i))
            .collect();
        if !zeros.is_empty() && (grpc || algo == AlgorithmKind::Envoy) {
            let names = zeros.join(", ");
            notes.push(if grpc {
                Self::ZeroIsUnknown { names, algo }
            } else {
                Self::ZeroNotInSet { names }
            });
        }
        if grpc && options.seed > u64::from(u32::MAX) {
            notes.push(Self::SeedWrapped {
                seed: options.seed,
                start: options.seed as u32,
                algo,
            });
        }
        if algo != AlgorithmKind::Swrr {
            if options.tie != TieRule::First {
                notes.push(Self::TieIgnored {
                    tie: options.tie,
                    algo,
                });
            }
            if options.subtract != SubtractRule::Total {
                notes.push(Self::SubtractIgnored {
                    subtract: options.subtract,
                    algo,
                });
            }
        }
        for event in scenario.events() {
            let policy = match &event.action {
                Action::SetWeight { policy, .. } | Action::Drain { policy } => Some(*policy),
                _ => None,
            };
            let text = event.text.clone();
            match (algo, policy, &event.action) {
                (AlgorithmKind::Swrr, _, _) => {}
                (_, Some(Policy::ResetNode | Policy::Scale), _) => {
                    notes.push(Self::PolicyAsKeep { event: text, algo });
                }
                (AlgorithmKind::Random, Some(Policy::Reset), _) => {
                    notes.push(Self::NothingToReset { event: text });
                }
                (_, _, Action::Drain { .. } | Action::SetWeight { weight: 0, .. }) if grpc => {
                    notes.push(Self::DrainIsUnknown { event: text, algo });
                }
                (_, _, Action::Dead { .. } | Action::Alive) => {
                    notes.push(Self::DeadAsDown { event: text, algo })
                }
                (_, _, action) if action.is_about_failures() => {
                    notes.push(Self::FailuresIgnored { event: text, algo })
                }
                _ => {}
            }
        }
        notes
    }
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TieIgnored { tie, algo } => write!(
                f,
                "tie rule \"{}\" is about SWRR's levels: {algo} has its own order and ignores it",
                tie.as_str()
            ),
            Self::SubtractIgnored { subtract, algo } => write!(
                f,
                "subtract rule \"{}\" is about SWRR's levels: {algo} ignores it",
                subtract.as_str()
            ),
            Self::PolicyAsKeep { event, algo } => write!(
                f,
                "{event}: reset-node and scale act on SWRR's current weights; {algo} has none and applies it as keep"
            ),
            Self::NothingToReset { event } => write!(
                f,
                "{event}: random keeps no state to reset; the new weight applies from this step"
            ),
            Self::DeadAsDown { event, algo } => write!(
                f,
                "{event}: failed attempts and retries are nginx SWRR's; {algo} leaves the node out while it is dead"
            ),
            Self::FailuresIgnored { event, algo } => write!(
                f,
                "{event}: failed attempts, retries and backup servers are nginx SWRR's; {algo} ignores it"
            ),
            Self::ZeroIsUnknown { names, algo } => write!(
                f,
                "weight 0 ({names}): {algo} reads 0 as no weight reported yet and gives the node the mean weight"
            ),
            Self::DrainIsUnknown { event, algo } => write!(
                f,
                "{event}: {algo} reads weight 0 as no weight reported yet, so the node takes the mean weight (down takes it out)"
            ),
            Self::ZeroNotInSet { names } => write!(
                f,
                "weight 0 ({names}): Envoy refuses an endpoint weight of 0; here such a node is not in the host set"
            ),
            Self::SeedWrapped { seed, start, algo } => write!(
                f,
                "seed {seed}: {algo}'s sequence counter has 32 bits and starts at {start} (the seed mod 2^32)"
            ),
        }
    }
}

impl Coded for Note {
    fn coded(&self) -> (&'static str, Params) {
        match self {
            Self::TieIgnored { tie, algo } => (
                "note.tie_ignored",
                params!["rule" => tie.as_str(), "algo" => algo.as_str()],
            ),
            Self::SubtractIgnored { subtract, algo } => (
                "note.subtract_ignored",
                params!["rule" => subtract.as_str(), "algo" => algo.as_str()],
            ),
            Self::PolicyAsKeep { event, algo } => (
                "note.policy_as_keep",
                params!["event" => event, "algo" => algo.as_str()],
            ),
            Self::NothingToReset { event } => ("note.nothing_to_reset", params!["event" => event]),
            Self::DeadAsDown { event, algo } => (
                "note.dead_as_down",
                params!["event" => event, "algo" => algo.as_str()],
            ),
            Self::FailuresIgnored { event, algo } => (
                "note.failures_ignored",
                params!["event" => event, "algo" => algo.as_str()],
            ),
            Self::ZeroIsUnknown { names, algo } => (
                "note.zero_is_unknown",
                params!["names" => names, "algo" => algo.as_str()],
            ),
            Self::DrainIsUnknown { event, algo } => (
                "note.drain_is_unknown",
                params!["event" => event, "algo" => algo.as_str()],
            ),
            Self::ZeroNotInSet { names } => ("note.zero_not_in_set", params!["names" => names]),
            Self::SeedWrapped { seed, start, algo } => (
                "note.seed_wrapped",
                params!["seed" => *seed, "start" => *start, "algo" => algo.as_str()],
            ),
        }
    }
}
