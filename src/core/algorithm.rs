//! Every algorithm behind one type, chosen at run time: what the CLI's `--algo` and the page's
//! panes build, so `Trace<Algorithm>` serves all of them.

use std::fmt;
use std::str::FromStr;

use super::choice::{Choice, UnknownChoice};
use super::classic::Classic;
use super::edf::Edf;
use super::interleaved::Interleaved;
use super::message::{params, Coded, Params};
use super::nginx_swrr::{NginxSwrr, SubtractRule};
use super::scenario::{Action, Policy, Scenario};
use super::scheduler::{Pick, Scheduler, TieRule};
use super::state::AlgorithmState;
use super::step::Step;
use super::stop::StopReason;
use super::weighted_random::WeightedRandom;
use super::weights::Weights;

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
    /// Envoy's earliest deadline first, in exact arithmetic.
    Edf,
}

impl AlgorithmKind {
    pub const ALL: [Self; 5] = [
        Self::Swrr,
        Self::Classic,
        Self::Interleaved,
        Self::Random,
        Self::Edf,
    ];

    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Swrr => "swrr",
            Self::Classic => "classic",
            Self::Interleaved => "interleaved",
            Self::Random => "random",
            Self::Edf => "edf",
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
            Self::Edf => "Envoy's earliest deadline first: each node due again 1/weight after its last pick, exact fractions",
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
    /// `random` only: the SplitMix64 seed.
    pub seed: u64,
}

/// One of the algorithms, over a weight vector and a scenario.
///
/// ```
/// use swrr_viz::core::{sequence, Algorithm, AlgorithmKind, AlgorithmOptions, Scenario, Weights};
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
        }
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
        }
    }
}

impl Scheduler for Algorithm {
    fn len(&self) -> usize {
        each!(self, a => a.len())
    }

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
/// use swrr_viz::core::{notes, AlgorithmKind, AlgorithmOptions, Scenario, SubtractRule, Weights};
/// let options = AlgorithmOptions { kind: AlgorithmKind::Edf, subtract: SubtractRule::Own, ..Default::default() };
/// let scenario = Scenario::parse("@5 A=9 scale", &"5,3,2".parse::<Weights>().unwrap()).unwrap();
/// let notes = notes(&options, &scenario);
/// assert_eq!(notes.len(), 2);
/// assert!(notes[1].contains("@5 A=9 scale"));
/// ```
#[must_use]
pub fn notes(options: &AlgorithmOptions, scenario: &Scenario) -> Vec<String> {
    Note::all(options, scenario)
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
    /// `fail` (event text) for an algorithm without effective weights.
    FailureCounted { event: String, algo: AlgorithmKind },
}

impl Note {
    /// Every note for these options and this scenario, in order.
    #[must_use]
    pub fn all(options: &AlgorithmOptions, scenario: &Scenario) -> Vec<Self> {
        let algo = options.kind;
        let mut notes = Vec::new();
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
                (_, _, Action::Fail { .. }) => {
                    notes.push(Self::FailureCounted { event: text, algo })
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
            Self::FailureCounted { event, algo } => write!(
                f,
                "{event}: lowering the effective weight is nginx SWRR's; {algo} only counts the failure toward max_fails (the node sits out while disabled)"
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
            Self::FailureCounted { event, algo } => (
                "note.failure_counted",
                params!["event" => event, "algo" => algo.as_str()],
            ),
        }
    }
}
