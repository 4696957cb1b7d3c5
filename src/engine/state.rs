//! What each algorithm carries from one pick to the next, as the page and the CLI show it.
//!
//! Every [`Step`](super::Step) ends with one of these, taken after the pick. SWRR's levels are in
//! the step itself (`before`, `filled`, `drained`); the other algorithms have no levels (their
//! `filled`/`drained` are zeros) and everything they remember is here.

use serde::Serialize;

use crate::engine::deadline::Deadline;
use crate::engine::envoy::edf_scheduler::F64;
use crate::engine::grpc::static_stride::StrideDraw;

/// The state of one algorithm after a pick (or at the start, before any pick).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum AlgorithmState {
    Swrr(SwrrState),
    Classic(ClassicState),
    Interleaved(InterleavedState),
    Random(RandomState),
    Edf(EdfState),
    Grpc(GrpcState),
    Envoy(EnvoyState),
}

impl AlgorithmState {
    /// `swrr`, `classic`, `interleaved`, `random`, `edf`, `grpc` (both gRPCs) or `envoy`.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Self::Swrr(_) => "swrr",
            Self::Classic(_) => "classic",
            Self::Interleaved(_) => "interleaved",
            Self::Random(_) => "random",
            Self::Edf(_) => "edf",
            Self::Grpc(_) => "grpc",
            Self::Envoy(_) => "envoy",
        }
    }
}

/// nginx SWRR: what each node added and its effective weight.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SwrrState {
    /// What each node added in this step's fill: its effective weight if it was eligible, else 0.
    pub added: Vec<i64>,
    /// nginx's `effective_weight` after the step: the weight minus what failures took, recovering
    /// by 1 per eligible step (it is what the node adds next time).
    pub effective: Vec<i64>,
    /// Σ of the levels after the step: 0 while SWRR conserves, and it does unless a scenario reset
    /// one node's level, scaled levels, or the winner subtracted only its own weight.
    pub sum: i64,
}

/// The expanded list `A A A A A B B B C C` walked by a pointer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ClassicState {
    /// Entries of each node in the list, in list order: the weights in effect divided by their gcd.
    pub counts: Vec<u64>,
    /// Length of the list (Σ counts).
    pub length: u64,
    /// Zero-based position of the entry picked in this step; `None` before the first pick.
    pub position: Option<u64>,
    /// Where the pointer stands now: the next entry to try.
    pub next: u64,
}

/// Linux IPVS `ip_vs_wrr.c`: a current weight stepping down by the gcd, and a cursor.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct InterleavedState {
    /// `cw`: the node picked is the first after the cursor whose weight is ≥ this.
    pub cw: i64,
    /// `mw`: where `cw` restarts, IPVS's max weight − (gcd − 1).
    pub max: i64,
    /// `di`: the step `cw` goes down by (the gcd of the weights).
    pub gcd: i64,
    /// `cl`: the node last picked (the search continues after it); `None` at the list head.
    pub cursor: Option<usize>,
    /// Where a weight change at this step set the search's start, before the pick; `None` when
    /// no weight changed. For the page's words; a trace's documents keep the state after the
    /// pick only.
    #[serde(skip)]
    pub changed_start: Option<ChangedStart>,
}

/// Where IPVS's search starts at a step whose weights changed, before the pick.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChangedStart {
    /// The cursor: after `ip_vs_wrr_dest_changed` an event puts it back at the head (`None`), a
    /// slow start's ramp keeps it.
    pub cursor: Option<usize>,
    pub cw: i64,
    /// A `reset` event started the round over (`cw` = `mw`, the cursor at the head), which
    /// IPVS itself never does.
    pub reset: bool,
}

/// Weighted random: the draw and the slot it fell in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RandomState {
    /// The uniform draw in `0..range` of this step; `None` before the first pick.
    pub draw: Option<u64>,
    /// Σ of the eligible weights: the draw's range.
    pub range: u64,
    /// Each node's slot starts here (slots are `[start, start + weight)` in list order; a node that
    /// cannot be picked has an empty slot).
    pub starts: Vec<u64>,
}

/// Envoy's EDF scheduler: the clock and the queue of deadlines.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EdfState {
    /// `current_time_`: the deadline of the last pick.
    pub now: Deadline,
    /// The queue in the order it will be served: by deadline, and equal deadlines in the order
    /// they were queued (Envoy's `order_offset_`, which is not shown: the insertion numbers keep
    /// growing while the picks repeat, and the listing already carries their order).
    pub queue: Vec<QueueEntry>,
}

/// One node waiting in the EDF queue.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct QueueEntry {
    pub node: usize,
    pub deadline: Deadline,
}

/// gRPC's `weighted_round_robin`: the static stride scheduler over the endpoints in the picker.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GrpcState {
    /// grpc-java's scheduler rather than the C++ one.
    pub java: bool,
    /// The nodes in the picker (READY endpoints), in order: backend `b` is node `picker[b]`.
    pub picker: Vec<usize>,
    /// The weight gRPC holds for each node: its last non-zero report while that is fresh (0:
    /// nothing reported yet, or the last report expired).
    pub reported: Vec<u64>,
    /// Steps left, this one included, before a held weight expires while the node reports 0
    /// (gRPC ignores a report of 0; `weight_expiration_period`, 3 min, read as 180 steps); 0
    /// while the node reports a weight or holds none.
    pub kept: Vec<u64>,
    /// Steps of blackout for each node from this step on, this one included: after rejoining,
    /// its weight is not used for 10 steps (gRPC's `blackout_period`, 10 s, read as 10 steps)
    /// and it takes the mean meanwhile.
    pub blackout: Vec<u64>,
    /// Each node's weight in the scheduler (the largest scaled to 65535); `None` when the node is
    /// not in the picker, or when there is no scheduler (round robin fallback).
    pub scaled: Vec<Option<u32>>,
    /// What a weight not known yet became: the scaled mean.
    pub mean: u32,
    /// The floor known weights were raised to (C++ ⌊mean·0.01⌉, Java ⌈mean·0.1⌉; at least 1).
    pub floor: u32,
    /// The largest weight was clamped to 10× the mean.
    pub clamped: bool,
    /// The sequence counter now: the value the next pick draws first.
    pub sequence: u32,
    /// How many values this pick drew from the counter (0 before the first pick and in the
    /// round robin fallback).
    pub draws: u64,
    /// The first draws of this pick and always the last one, which passed.
    pub listed: Vec<StrideDraw>,
    /// gRPC C++ without a scheduler (one endpoint, or no weight known): the round robin index
    /// after the pick.
    pub fallback: Option<u64>,
    /// The step the scheduler was last built at (0: at the start).
    pub built_at: u64,
}

/// How Envoy's round robin is picking.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum EnvoyMode {
    /// The hosts' weights differ: an `EdfScheduler`.
    Edf,
    /// All weights equal, or one host: Envoy skips the EDF scheduler and picks by index.
    RoundRobin,
}

/// Envoy's `RoundRobinLoadBalancer`: the EDF queue in `f64`, or the round robin index.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EnvoyState {
    pub mode: EnvoyMode,
    /// The hosts the scheduler serves, in list order: the healthy ones, or in panic all of them.
    pub hosts: Vec<usize>,
    /// Fewer than half the hosts are healthy (`healthy_panic_threshold` 50%): Envoy balances
    /// over all hosts, unhealthy ones too.
    pub panic: bool,
    /// `current_time_` of the EDF scheduler.
    pub now: F64,
    /// The EDF queue in the order it will be served.
    pub queue: Vec<EnvoyEntry>,
    /// The round robin index: the next pick is `hosts[index mod hosts]`.
    pub index: u64,
    /// The step the scheduler was last built at (0: at the start)…
    pub built_at: u64,
    /// …by `createWithPicks` with this many picks (the seed, mod 429496729).
    pub prepicks: u32,
    /// When the scheduler was rebuilt at this step (a host or health change): its clock and
    /// queue as built, before this step's pick.
    pub rebuilt: Option<EnvoyQueue>,
}

/// A clock and a queue of Envoy's EDF scheduler.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EnvoyQueue {
    pub now: F64,
    pub queue: Vec<EnvoyEntry>,
}

/// One entry of Envoy's EDF queue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct EnvoyEntry {
    pub node: usize,
    pub deadline: F64,
    /// The weight the entry was queued with (the host's weight when it was last re-queued).
    pub weight: F64,
}
