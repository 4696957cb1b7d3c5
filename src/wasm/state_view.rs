//! Each algorithm's state as the page receives it: plain objects tagged by `kind`, numbers as f64
//! (all exact below 2^53, except EDF's deadlines, which also come as exact text).

use serde::Serialize;

use super::exact_f64;
use crate::core::{AlgorithmState, Deadline};

/// `{kind: "swrr" | "classic" | "interleaved" | "random" | "edf", …}`; fields in camelCase.
#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub(super) enum StateView {
    /// `{kind: "swrr", added, effective, sum}`.
    Swrr {
        added: Vec<f64>,
        effective: Vec<f64>,
        sum: f64,
    },
    /// `{kind: "classic", counts, length, position, next}` (`position` null before the first pick).
    Classic {
        counts: Vec<f64>,
        length: f64,
        position: Option<f64>,
        next: f64,
    },
    /// `{kind: "interleaved", cw, max, gcd, cursor}` (`cursor` null at the list head).
    Interleaved {
        cw: f64,
        max: f64,
        gcd: f64,
        cursor: Option<usize>,
    },
    /// `{kind: "random", draw, range, starts}` (`draw` null before the first pick).
    Random {
        draw: Option<f64>,
        range: f64,
        starts: Vec<f64>,
    },
    /// `{kind: "edf", now: {value, text}, queue: [{node, deadline, deadlineText}]}`.
    Edf {
        now: DeadlineView,
        queue: Vec<QueueEntryView>,
    },
}

/// A deadline: `value` for drawing, `text` (`"7/2"`) exact.
#[derive(Serialize)]
pub(super) struct DeadlineView {
    value: f64,
    text: String,
}

impl From<Deadline> for DeadlineView {
    fn from(d: Deadline) -> Self {
        Self {
            value: d.to_f64(),
            text: d.to_string(),
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct QueueEntryView {
    node: usize,
    deadline: f64,
    deadline_text: String,
}

fn u64s(values: &[u64]) -> Vec<f64> {
    values.iter().map(|&v| v as f64).collect()
}

impl From<&AlgorithmState> for StateView {
    fn from(state: &AlgorithmState) -> Self {
        match state {
            AlgorithmState::Swrr(s) => Self::Swrr {
                added: exact_f64(&s.added),
                effective: exact_f64(&s.effective),
                sum: s.sum as f64,
            },
            AlgorithmState::Classic(s) => Self::Classic {
                counts: u64s(&s.counts),
                length: s.length as f64,
                position: s.position.map(|p| p as f64),
                next: s.next as f64,
            },
            AlgorithmState::Interleaved(s) => Self::Interleaved {
                cw: s.cw as f64,
                max: s.max as f64,
                gcd: s.gcd as f64,
                cursor: s.cursor,
            },
            AlgorithmState::Random(s) => Self::Random {
                draw: s.draw.map(|d| d as f64),
                range: s.range as f64,
                starts: u64s(&s.starts),
            },
            AlgorithmState::Edf(s) => Self::Edf {
                now: DeadlineView::from(s.now),
                queue: s
                    .queue
                    .iter()
                    .map(|e| QueueEntryView {
                        node: e.node,
                        deadline: e.deadline.to_f64(),
                        deadline_text: e.deadline.to_string(),
                    })
                    .collect(),
            },
        }
    }
}
