//! Every algorithm behind one type, chosen at run time: what the CLI's `--algo` and the page's
//! panes build, so `Trace<Algorithm>` serves all of them.

use crate::engine::classic::Classic;
use crate::engine::edf::Edf;
use crate::engine::envoy::round_robin::EnvoyRoundRobin;
use crate::engine::grpc::static_stride::StrideFlavour;
use crate::engine::grpc::wrr::GrpcWrr;
use crate::engine::interleaved::Interleaved;
use crate::engine::levelless::Levelless;
use crate::engine::nginx::request::Outcome;
use crate::engine::nginx::swrr::NginxSwrr;
use crate::engine::nginx::traffic::Traffic;
use crate::engine::options::{AlgorithmKind, AlgorithmOptions};
use crate::engine::scheduler::{Pick, Scheduler};
use crate::engine::state::AlgorithmState;
use crate::engine::step::Step;
use crate::engine::stop::StopReason;
use crate::engine::weighted_random::WeightedRandom;
use crate::input::scenario::events::Scenario;
use crate::input::weights::vector::Weights;

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

    /// nginx SWRR's worker processes with states of their own: each one's levels now (after the
    /// last attempt); `None` for one state (one worker, or workers sharing a zone) and for the
    /// other algorithms.
    #[must_use]
    pub fn worker_levels(&self) -> Option<Vec<Vec<i64>>> {
        match self {
            Self::Swrr(a) if a.traffic().separate_workers() => Some(a.worker_levels()),
            _ => None,
        }
    }

    /// The worker process that served the last request, when nginx SWRR runs several.
    #[must_use]
    pub fn last_worker(&self) -> Option<usize> {
        match self {
            Self::Swrr(a) => a.last_worker(),
            _ => None,
        }
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

    fn has_events(&self) -> bool {
        each!(self, a => a.has_events())
    }

    fn request_open(&self) -> bool {
        each!(self, a => a.request_open())
    }

    fn last_outcome(&self) -> Outcome {
        each!(self, a => a.last_outcome())
    }

    fn shift_record(&self, record: &mut Step, periods: u64) {
        each!(self, a => Scheduler::shift_record(a, record, periods))
    }

    fn step(&mut self, t: u64) -> Option<Step> {
        each!(self, a => a.step(t))
    }
}
