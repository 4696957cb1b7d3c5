//! What an option or an event does not do for the chosen algorithm: notes for stderr and the page.

use crate::engine::grpc::address_order::grpc_address_order;
use crate::engine::grpc::endpoint_weight::GRPC_EXPIRATION_STEPS;
use crate::engine::nginx::traffic::Traffic;
use crate::engine::options::{AlgorithmKind, AlgorithmOptions, SubtractRule, TieRule};
use crate::input::scenario::events::{Action, Curve, Policy, Scenario};
use crate::input::weights::vector::Weights;
use crate::message::Arg;
/// What an option or event does not do for this algorithm, in words (empty when all apply):
/// the CLI prints these on stderr, the page next to the controls.
///
/// ```
/// use swrr_viz::engine::{notes, AlgorithmKind, AlgorithmOptions, SubtractRule, Traffic};
/// use swrr_viz::input::{Scenario, Weights};
/// let weights: Weights = "5,3,2".parse().unwrap();
/// let options = AlgorithmOptions { kind: AlgorithmKind::Edf, subtract: SubtractRule::Own, ..Default::default() };
/// let scenario = Scenario::parse("@5 A=9 scale", &weights).unwrap();
/// let traffic = Traffic { tries: 2, ..Traffic::default() };
/// let notes = notes(&weights, &options, &scenario, &traffic);
/// assert_eq!(notes.len(), 3);
/// assert!(notes[1].contains("tries 2"));
/// assert!(notes[2].contains("@5 A=9 scale"));
/// ```
#[must_use]
pub fn notes(
    weights: &Weights,
    options: &AlgorithmOptions,
    scenario: &Scenario,
    traffic: &Traffic,
) -> Vec<String> {
    Note::all(weights, options, scenario, traffic)
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
    /// `reset` (event text) for Envoy, where every weight change rebuilds the scheduler.
    ResetIsKeep { event: String },
    /// `slowstart K dubbo` (event text) for Envoy, which ramps by its own formula.
    CurveIgnored { event: String },
    /// Typed weights of 0 (the nodes' names), which gRPC reads as not reported yet.
    ZeroIsUnknown { names: String, algo: AlgorithmKind },
    /// A `drain` or `=0` event (text): gRPC ignores a report of 0 and keeps the last weight until
    /// it expires.
    ZeroReportIgnored { event: String, algo: AlgorithmKind },
    /// gRPC C++ orders its endpoints by address, and the names are addresses listed in another
    /// order: the names in gRPC's order.
    AddressOrder { order: String },
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
    /// A try limit (nginx's `proxy_next_upstream_tries`) for an algorithm that does not retry.
    TriesIgnored { tries: u64, algo: AlgorithmKind },
    /// Several nginx worker processes for another algorithm, which is shown as one balancer.
    WorkersIgnored { workers: usize, algo: AlgorithmKind },
    /// A seed for an algorithm whose picks do not depend on one.
    SeedIgnored { seed: u64, algo: AlgorithmKind },
}

impl Note {
    /// Every note for these options and this scenario, in order.
    #[must_use]
    pub fn all(
        weights: &Weights,
        options: &AlgorithmOptions,
        scenario: &Scenario,
        traffic: &Traffic,
    ) -> Vec<Self> {
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
        if algo == AlgorithmKind::Grpc {
            let names: Vec<&str> = (0..weights.len()).map(|i| weights.name(i)).collect();
            if let Some(order) = grpc_address_order(&names) {
                if order.iter().enumerate().any(|(b, &i)| b != i) {
                    let order: Vec<&str> = order.iter().map(|&i| names[i]).collect();
                    notes.push(Self::AddressOrder {
                        order: order.join(", "),
                    });
                }
            }
        }
        if grpc && options.seed > u64::from(u32::MAX) {
            notes.push(Self::SeedWrapped {
                seed: options.seed,
                start: options.seed as u32,
                algo,
            });
        }
        if options.seed != AlgorithmOptions::default().seed && !algo.uses_seed() {
            notes.push(Self::SeedIgnored {
                seed: options.seed,
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
            if traffic.tries != 0 {
                notes.push(Self::TriesIgnored {
                    tries: traffic.tries,
                    algo,
                });
            }
            if traffic.workers > 1 {
                notes.push(Self::WorkersIgnored {
                    workers: traffic.workers,
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
                (AlgorithmKind::Envoy, Some(Policy::Reset), _) => {
                    notes.push(Self::ResetIsKeep { event: text });
                }
                (
                    AlgorithmKind::Envoy,
                    _,
                    Action::SlowStart {
                        curve: Curve::Dubbo,
                        ..
                    },
                ) => notes.push(Self::CurveIgnored { event: text }),
                (_, _, Action::Drain { .. } | Action::SetWeight { weight: 0, .. }) if grpc => {
                    notes.push(Self::ZeroReportIgnored { event: text, algo });
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

crate::message::coded! {
    display Note: NOTE;
    Self::TieIgnored { tie, algo } => "note.tie_ignored"
        ["rule" => tie.as_str(), "algo" => algo.as_str()],
    Self::SubtractIgnored { subtract, algo } => "note.subtract_ignored"
        ["rule" => subtract.as_str(), "algo" => algo.as_str()],
    Self::PolicyAsKeep { event, algo } => "note.policy_as_keep"
        ["event" => event, "algo" => algo.as_str()],
    Self::NothingToReset { event } => "note.nothing_to_reset" ["event" => event],
    Self::ResetIsKeep { event } => "note.reset_is_keep" ["event" => event],
    Self::CurveIgnored { event } => "note.curve_ignored" ["event" => event],
    Self::DeadAsDown { event, algo } => "note.dead_as_down"
        ["event" => event, "algo" => algo.as_str()],
    Self::FailuresIgnored { event, algo } => "note.failures_ignored"
        ["event" => event, "algo" => algo.as_str()],
    Self::ZeroIsUnknown { names, algo } => "note.zero_is_unknown"
        ["names" => names, "algo" => algo.as_str()],
    Self::ZeroReportIgnored { event, algo } => "note.zero_report_ignored"
        ["event" => event, "algo" => algo.as_str(), "expiry" => GRPC_EXPIRATION_STEPS],
    Self::AddressOrder { order } => "note.address_order" ["order" => order],
    Self::ZeroNotInSet { names } => "note.zero_not_in_set" ["names" => names],
    Self::SeedWrapped { seed, start, algo } => "note.seed_wrapped"
        ["seed" => *seed, "start" => *start, "algo" => algo.as_str()],
    Self::TriesIgnored { tries, algo } => "note.tries_ignored"
        ["tries" => *tries, "algo" => algo.as_str()],
    Self::WorkersIgnored { workers, algo } => "note.workers_ignored"
        ["workers" => *workers, "algo" => algo.as_str()],
    Self::SeedIgnored { seed, algo } => "note.seed_ignored" [
        "seed" => *seed,
        "seeded" => Arg::list(
            AlgorithmKind::ALL.iter().filter(|a| a.uses_seed()).map(|a| a.as_str()),
        ),
        "algo" => algo.as_str(),
    ],
}
