//! Why a run stopped before a step: nobody could be picked, or exact arithmetic ran out.

use crate::message::{params, Arg, Coded, Message, Params};

/// Why a scheduler cannot make the next pick. Each names the step itself.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum StopReason {
    /// No node can be picked at `step`: how many are down, drained or dead (an algorithm that
    /// does not retry leaves a dead node out; nginx SWRR answers such a request 502 and goes on).
    Nobody {
        step: u64,
        down: usize,
        drained: usize,
        failed: usize,
    },
    /// EDF: the next deadline `now + 1/weight` needs a denominator beyond 64 bits.
    DeadlineOverflow { step: u64, now: String, weight: u64 },
    /// SWRR `scale`: the scaled level leaves ±2^53.
    ScaleOverflow {
        step: u64,
        level: i64,
        new: i64,
        old: i64,
        scaled: i128,
    },
    /// SWRR "subtract own": a level passed 2^53 (`node` is 1-based).
    OwnOverflow { step: u64, node: usize },
}

impl StopReason {
    fn parts(down: usize, drained: usize, failed: usize) -> Vec<Message> {
        let mut parts = Vec::new();
        if down > 0 {
            parts.push(SittingOut::Down(down).message());
        }
        if drained > 0 {
            parts.push(SittingOut::Drained(drained).message());
        }
        if failed > 0 {
            parts.push(SittingOut::Failed(failed).message());
        }
        parts
    }
}

crate::message::english_display!(StopReason: STOP);

impl Coded for StopReason {
    fn coded(&self) -> (&'static str, Params) {
        match self {
            Self::Nobody {
                step,
                down,
                drained,
                failed,
            } => {
                let parts = Self::parts(*down, *drained, *failed);
                if parts.is_empty() {
                    ("stop.everyone_out", params!["step" => *step])
                } else {
                    (
                        "stop.nobody",
                        params!["step" => *step, "reasons" => Arg::list(parts)],
                    )
                }
            }
            Self::DeadlineOverflow { step, now, weight } => (
                "stop.deadline_overflow",
                params!["step" => *step, "now" => now, "weight" => *weight],
            ),
            Self::ScaleOverflow {
                step,
                level,
                new,
                old,
                scaled,
            } => (
                "stop.scale_overflow",
                params![
                    "step" => *step,
                    "level" => *level,
                    "new" => *new,
                    "old" => *old,
                    "scaled" => scaled.to_string(),
                ],
            ),
            Self::OwnOverflow { step, node } => (
                "stop.own_overflow",
                params!["step" => *step, "node" => *node],
            ),
        }
    }
}

/// One kind of node that sits out, with how many.
enum SittingOut {
    Down(usize),
    Drained(usize),
    Failed(usize),
}

crate::message::coded! {
    display SittingOut: STOP;
    Self::Down(n) => "stop.down" ["count" => *n],
    Self::Drained(n) => "stop.drained" ["count" => *n],
    Self::Failed(n) => "stop.failed" ["count" => *n],
}
