//! The trace columns of the peers' algorithms: gRPC's scaled weights and sequence counter,
//! Envoy's clock and queue of `f64` deadlines (written as Rust writes an `f64`: the shortest
//! digits that read back to the same value).

use crate::engine::state::{AlgorithmState, EnvoyMode, GrpcState};
use crate::engine::step::Step;
use crate::input::weights::vector::Weights;
use crate::render::table::column::{group, left, scalar, Column};

fn grpc(step: &Step) -> Option<&GrpcState> {
    match &step.state {
        AlgorithmState::Grpc(x) => Some(x),
        _ => None,
    }
}

/// Each node's weight in the scheduler: `-` out of the picker, `~` after it when the weight was
/// not known (the mean), `rr` in gRPC C++'s round robin fallback.
pub(super) fn grpc_scaled(weights: &Weights, rows: &[Step]) -> Column {
    group("scaled weights", weights, rows, |s, i| {
        let Some(x) = grpc(s) else {
            return String::new();
        };
        match x.scaled[i] {
            _ if !x.picker.contains(&i) => "-".to_string(),
            None => "rr".to_string(),
            Some(w) if x.reported[i] == 0 || x.blackout[i] > 0 => format!("{w}~"),
            Some(w) => w.to_string(),
        }
    })
}

/// The values the pick drew, the generation that picked, the counter after.
pub(super) fn grpc_counter(rows: &[Step]) -> Vec<Column> {
    vec![
        scalar("draws", rows, |s| {
            grpc(s).map_or(String::new(), |x| x.draws.to_string())
        }),
        scalar("generation", rows, |s| {
            grpc(s)
                .and_then(|x| x.listed.last())
                .map_or(String::new(), |d| d.generation.to_string())
        }),
        scalar("sequence", rows, |s| {
            grpc(s).map_or(String::new(), |x| x.sequence.to_string())
        }),
    ]
}

/// Envoy's mode (`edf`, `rr`; `panic` when balancing over all hosts) and the EDF clock.
pub(super) fn envoy_clock(rows: &[Step]) -> Vec<Column> {
    vec![
        left("mode", rows, |s| match &s.state {
            AlgorithmState::Envoy(x) => {
                let mode = match x.mode {
                    EnvoyMode::Edf => "edf",
                    EnvoyMode::RoundRobin => "rr",
                };
                if x.panic {
                    format!("{mode} panic")
                } else {
                    mode.to_string()
                }
            }
            _ => String::new(),
        }),
        scalar("now", rows, |s| match &s.state {
            AlgorithmState::Envoy(x) if x.mode == EnvoyMode::Edf => x.now.0.to_string(),
            AlgorithmState::Envoy(x) => format!("index {}", x.index),
            _ => String::new(),
        }),
    ]
}

/// The queue after the pick, `name@deadline` in service order.
pub(super) fn envoy_queue(weights: &Weights, rows: &[Step]) -> Column {
    left("queue after (name@deadline)", rows, |s| match &s.state {
        AlgorithmState::Envoy(x) => x
            .queue
            .iter()
            .map(|e| format!("{}@{}", weights.name(e.node), e.deadline.0))
            .collect::<Vec<_>>()
            .join(" "),
        _ => String::new(),
    })
}
