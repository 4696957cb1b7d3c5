//! What each algorithm carries from one pick to the next, as the page and the CLI show it.
//!
//! Every [`Step`](super::Step) ends with one of these, taken after the pick. SWRR's levels are in
//! the step itself (`before`, `filled`, `drained`); the other algorithms have no levels (their
//! `filled`/`drained` are zeros) and everything they remember is here.

use serde::Serialize;

use super::deadline::Deadline;

/// The state of one algorithm after a pick (or at the start, before any pick).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum AlgorithmState {
    Swrr(SwrrState),
    Classic(ClassicState),
    Interleaved(InterleavedState),
    Random(RandomState),
    Edf(EdfState),
}

impl AlgorithmState {
    /// `swrr`, `classic`, `interleaved`, `random` or `edf`.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Self::Swrr(_) => "swrr",
            Self::Classic(_) => "classic",
            Self::Interleaved(_) => "interleaved",
            Self::Random(_) => "random",
            Self::Edf(_) => "edf",
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
