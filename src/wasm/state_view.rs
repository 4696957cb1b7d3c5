//! Each algorithm's state as the page receives it: plain objects tagged by `kind`, numbers as f64
//! (all exact below 2^53, except EDF's deadlines, which also come as exact text, and Envoy's,
//! which are `f64` and come with the text Rust writes for them).

use serde::Serialize;

use super::error::number_text;
use crate::engine::{
    AlgorithmState, Deadline, EnvoyEntry, EnvoyMode, EnvoyQueue, StrideDraw, STRIDE_MAX_WEIGHT,
    STRIDE_OFFSET,
};

/// `{kind: "swrr" | "classic" | "interleaved" | "random" | "edf" | "grpc" | "envoy", …}`;
/// fields in camelCase.
#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub(super) enum StateView<'a> {
    /// `{kind: "swrr", added, effective, sum}`.
    Swrr {
        added: &'a [i64],
        effective: &'a [i64],
        sum: i64,
    },
    /// `{kind: "classic", counts, length, position, next}` (`position` null before the first pick).
    Classic {
        counts: Vec<f64>,
        length: f64,
        position: Option<f64>,
        next: f64,
    },
    /// `{kind: "interleaved", cw, max, gcd, cursor, changedStart}` (`cursor` null at the list head).
    Interleaved {
        cw: f64,
        max: f64,
        gcd: f64,
        cursor: Option<usize>,
        /// Where a weight change at this step set the search's start: `{cursor, cw, reset}`, or null.
        #[serde(rename = "changedStart")]
        changed_start: Option<SearchStart>,
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
    /// `{kind: "grpc", java, picker, reported, kept, blackout, scaled, maxWeight, offset, mean, floor,
    /// clamped, sequence, draws, listed: [{sequence, backend, generation, weight, residue,
    /// threshold, passes}], fallback, builtAt}` (`scaled[i]` null out of the picker, the largest
    /// `maxWeight`; `offset` the step per backend index in a draw's residue; `fallback` null
    /// unless gRPC C++ picks round robin).
    #[serde(rename_all = "camelCase")]
    Grpc {
        java: bool,
        picker: &'a [usize],
        reported: Vec<f64>,
        kept: Vec<f64>,
        blackout: Vec<f64>,
        scaled: &'a [Option<u32>],
        max_weight: u32,
        offset: u32,
        mean: u32,
        floor: u32,
        clamped: bool,
        sequence: f64,
        draws: f64,
        listed: Vec<DrawView>,
        fallback: Option<f64>,
        built_at: f64,
    },
    /// `{kind: "envoy", mode: "edf" | "round-robin", hosts, panic, now: {value, text}, queue:
    /// [{node, deadline, deadlineText, weight}], index, builtAt, prepicks, rebuilt}` (`rebuilt`:
    /// `{now, queue}` as the scheduler was rebuilt at this step, before the pick; else null).
    #[serde(rename_all = "camelCase")]
    Envoy {
        mode: &'static str,
        hosts: &'a [usize],
        panic: bool,
        now: F64View,
        queue: Vec<EnvoyEntryView>,
        index: f64,
        built_at: f64,
        prepicks: u32,
        rebuilt: Option<EnvoyQueueView>,
    },
}

/// Where IPVS's search starts: the cursor (null at the list head) and `cw`.
#[derive(Serialize)]
pub(super) struct SearchStart {
    cursor: Option<usize>,
    cw: f64,
    /// A `reset` event started the round over, not `ip_vs_wrr_dest_changed`.
    reset: bool,
}

/// Envoy's clock and queue.
#[derive(Serialize)]
pub(super) struct EnvoyQueueView {
    now: F64View,
    queue: Vec<EnvoyEntryView>,
}

impl From<&EnvoyQueue> for EnvoyQueueView {
    fn from(q: &EnvoyQueue) -> Self {
        Self {
            now: F64View::from(q.now.0),
            queue: q.queue.iter().map(EnvoyEntryView::from).collect(),
        }
    }
}

impl From<&EnvoyEntry> for EnvoyEntryView {
    fn from(e: &EnvoyEntry) -> Self {
        Self {
            node: e.node,
            deadline: e.deadline.0,
            deadline_text: number_text(e.deadline.0),
            weight: e.weight.0,
        }
    }
}

/// One draw of gRPC's sequence counter.
#[derive(Serialize)]
pub(super) struct DrawView {
    sequence: f64,
    backend: usize,
    generation: f64,
    weight: u32,
    residue: u32,
    /// The residue that passes: `maxWeight − weight`.
    threshold: u32,
    passes: bool,
}

impl From<&StrideDraw> for DrawView {
    fn from(d: &StrideDraw) -> Self {
        Self {
            sequence: f64::from(d.sequence),
            backend: d.backend,
            generation: d.generation as f64,
            weight: d.weight,
            residue: d.residue,
            threshold: d.threshold(),
            passes: d.passes(),
        }
    }
}

/// An `f64` of Envoy's: `value`, and `text` as Rust writes it (the CLI's digits).
#[derive(Serialize)]
pub(super) struct F64View {
    value: f64,
    text: String,
}

impl From<f64> for F64View {
    fn from(value: f64) -> Self {
        Self {
            value,
            text: number_text(value),
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct EnvoyEntryView {
    node: usize,
    deadline: f64,
    deadline_text: String,
    weight: f64,
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

impl<'a> From<&'a AlgorithmState> for StateView<'a> {
    fn from(state: &'a AlgorithmState) -> Self {
        match state {
            AlgorithmState::Swrr(s) => Self::Swrr {
                added: &s.added,
                effective: &s.effective,
                sum: s.sum,
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
                changed_start: s.changed_start.map(|start| SearchStart {
                    cursor: start.cursor,
                    cw: start.cw as f64,
                    reset: start.reset,
                }),
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
            AlgorithmState::Grpc(s) => Self::Grpc {
                java: s.java,
                picker: &s.picker,
                reported: u64s(&s.reported),
                kept: u64s(&s.kept),
                blackout: u64s(&s.blackout),
                scaled: &s.scaled,
                max_weight: STRIDE_MAX_WEIGHT,
                offset: STRIDE_OFFSET,
                mean: s.mean,
                floor: s.floor,
                clamped: s.clamped,
                sequence: f64::from(s.sequence),
                draws: s.draws as f64,
                listed: s.listed.iter().map(DrawView::from).collect(),
                fallback: s.fallback.map(|f| f as f64),
                built_at: s.built_at as f64,
            },
            AlgorithmState::Envoy(s) => Self::Envoy {
                mode: match s.mode {
                    EnvoyMode::Edf => "edf",
                    EnvoyMode::RoundRobin => "round-robin",
                },
                hosts: &s.hosts,
                panic: s.panic,
                now: F64View::from(s.now.0),
                queue: s.queue.iter().map(EnvoyEntryView::from).collect(),
                index: s.index as f64,
                built_at: s.built_at as f64,
                prepicks: s.prepicks,
                rebuilt: s.rebuilt.as_ref().map(EnvoyQueueView::from),
            },
        }
    }
}
