//! The trace of any algorithm or scenario as text: aligned table, Markdown, CSV or JSON.
//!
//! Plain SWRR keeps its hand-calculation table ([`hand_table`](super::hand_table)); this is
//! the table for everything else, one column per thing the algorithm carries: SWRR's adds, levels
//! and Σ; classic's pointer; IPVS's `cw`; the random draw; EDF's clock and queue; gRPC's and
//! Envoy's in [`peer_columns`](super::peer_columns).

use crate::render::words::Wording;
use serde::Serialize;

use crate::engine::options::AlgorithmOptions;
use crate::engine::state::AlgorithmState;
use crate::engine::step::Step;
use crate::input::scenario::events::Scenario;
use crate::input::weights::vector::{Node, Weights};
use crate::render::table::column::{self, group, left, scalar, Column};
use crate::render::table::format::{pretty_json, winner_text, TraceFormat};
use crate::render::table::swrr_columns::{self, events_text, level_mark};
use crate::render::table::{attempt_columns, peer_columns};

/// What the trace was a run of.
#[derive(Debug, Clone, Copy)]
pub struct RunInfo<'a> {
    pub weights: &'a Weights,
    pub options: &'a AlgorithmOptions,
    pub scenario: &'a Scenario,
    /// The period when the run repeats.
    pub period: Option<u64>,
    /// What does not apply to this algorithm ([`notes`](super::notes)).
    pub notes: &'a [String],
}

/// Renders the steps of any run.
///
/// ```
/// use swrr_viz::engine::{Algorithm, AlgorithmKind, AlgorithmOptions, Trace};
/// use swrr_viz::input::{Scenario, Weights};
/// use swrr_viz::render::{run_table, RunInfo, TraceFormat};
/// let weights: Weights = "4,3,2".parse().unwrap();
/// let options = AlgorithmOptions { kind: AlgorithmKind::Interleaved, ..Default::default() };
/// let scenario = Scenario::none();
/// let mut trace = Trace::new(Algorithm::new(&weights, &options, &scenario));
/// let rows = trace.rows(1, 3).unwrap();
/// let info = RunInfo { weights: &weights, options: &options, scenario: &scenario, period: trace.period(), notes: &[] };
/// let csv = run_table(&info, &rows, TraceFormat::Csv);
/// assert_eq!(csv.lines().next().unwrap(), "step,winner,tied,cw,mw,gcd");
/// assert_eq!(csv.lines().nth(3).unwrap(), "3,B,,3,4,1");
/// ```
#[must_use]
pub fn run_table(info: &RunInfo<'_>, rows: &[Step], format: TraceFormat) -> String {
    if format == TraceFormat::Json {
        return json(info, rows);
    }
    let columns = columns(info, rows, format == TraceFormat::Csv);
    match format {
        TraceFormat::Csv => column::csv(&columns, rows.len()),
        TraceFormat::Markdown => column::markdown(&columns, rows.len(), &legend(rows)),
        _ => column::table(&columns, rows.len(), &legend(rows)),
    }
}

/// The levels after adding, each with its mark: `*` tied at the top, `x` could not be picked.
fn filled_levels(weights: &Weights, rows: &[Step]) -> Column {
    match group("after adding", weights, rows, |s, i| {
        format!("{}{}", s.filled[i], level_mark(s, i).unwrap_or(' '))
    }) {
        Column::Group {
            title,
            names,
            cells,
            ..
        } => Column::Group {
            title,
            names,
            cells,
            marked: true,
        },
        other => other,
    }
}

/// The columns of each algorithm. For CSV the winner is a bare name right after the step, with
/// the tied names in a column of their own; tables put it where the story reads best.
fn columns(info: &RunInfo<'_>, rows: &[Step], csv: bool) -> Vec<Column> {
    let w = info.weights;
    // The CLI's trace is English: the catalog's words.
    let english = Wording::default();
    let requests = rows.first().is_some_and(|s| s.request.is_some());
    let mut columns = vec![scalar("step", rows, |s| s.t.to_string())];
    if requests {
        columns.extend(attempt_columns::request_columns(rows, &english));
    }
    if !info.scenario.is_empty() {
        columns.push(left("events", rows, events_text));
    }
    if csv {
        columns.push(left("winner", rows, |s| {
            if s.picked() {
                w.name(s.winner).to_string()
            } else {
                String::new()
            }
        }));
        columns.push(left("tied", rows, |s| {
            s.tied
                .iter()
                .map(|&i| w.name(i))
                .collect::<Vec<_>>()
                .join(" ")
        }));
    }
    let winner = |columns: &mut Vec<Column>| {
        if !csv {
            columns.push(left("winner", rows, |s| winner_text(w, s, "=", &english)));
        }
    };
    let kind = rows.first().map(|s| s.state.kind());
    match kind {
        Some("swrr") => {
            columns.push(swrr_columns::adds(w, rows, &english));
            columns.push(filled_levels(w, rows));
            winner(&mut columns);
            columns.push(swrr_columns::subtracts(rows, &english));
            columns.push(group("after subtracting", w, rows, |s, i| {
                s.drained[i].to_string()
            }));
            columns.push(scalar("sum", rows, |s| match &s.state {
                AlgorithmState::Swrr(x) => x.sum.to_string(),
                _ => String::new(),
            }));
            if requests {
                columns.extend(attempt_columns::health_columns(w, rows, &english));
            }
        }
        Some("classic") => {
            columns.push(group("list entries", w, rows, |s, i| match &s.state {
                AlgorithmState::Classic(x) => x.counts[i].to_string(),
                _ => String::new(),
            }));
            winner(&mut columns);
            columns.push(scalar("position", rows, |s| match &s.state {
                AlgorithmState::Classic(x) => x.position.map_or(String::new(), |p| p.to_string()),
                _ => String::new(),
            }));
            columns.push(scalar("length", rows, |s| match &s.state {
                AlgorithmState::Classic(x) => x.length.to_string(),
                _ => String::new(),
            }));
        }
        Some("interleaved") => {
            winner(&mut columns);
            for (title, field) in [("cw", 0), ("mw", 1), ("gcd", 2)] {
                columns.push(scalar(title, rows, move |s| match &s.state {
                    AlgorithmState::Interleaved(x) => [x.cw, x.max, x.gcd][field].to_string(),
                    _ => String::new(),
                }));
            }
        }
        Some("random") => {
            columns.push(group("slot starts", w, rows, |s, i| match &s.state {
                AlgorithmState::Random(x) if s.eligible[i] => x.starts[i].to_string(),
                AlgorithmState::Random(_) => "-".to_string(),
                _ => String::new(),
            }));
            columns.push(scalar("range", rows, |s| match &s.state {
                AlgorithmState::Random(x) => x.range.to_string(),
                _ => String::new(),
            }));
            columns.push(scalar("draw", rows, |s| match &s.state {
                AlgorithmState::Random(x) => x.draw.map_or(String::new(), |d| d.to_string()),
                _ => String::new(),
            }));
            winner(&mut columns);
        }
        Some("edf") => {
            columns.push(scalar("now", rows, |s| match &s.state {
                AlgorithmState::Edf(x) => x.now.to_string(),
                _ => String::new(),
            }));
            winner(&mut columns);
            columns.push(left("queue after (name@deadline)", rows, |s| {
                match &s.state {
                    AlgorithmState::Edf(x) => x
                        .queue
                        .iter()
                        .map(|e| format!("{}@{}", w.name(e.node), e.deadline))
                        .collect::<Vec<_>>()
                        .join(" "),
                    _ => String::new(),
                }
            }));
        }
        Some("grpc") => {
            columns.push(peer_columns::grpc_scaled(w, rows));
            winner(&mut columns);
            columns.extend(peer_columns::grpc_counter(rows));
        }
        Some("envoy") => {
            columns.extend(peer_columns::envoy_clock(rows));
            winner(&mut columns);
            columns.push(peer_columns::envoy_queue(w, rows));
        }
        _ => winner(&mut columns),
    }
    columns
}

fn legend(rows: &[Step]) -> Vec<String> {
    let mut lines = Vec::new();
    if rows.iter().any(|s| s.is_tie()) {
        lines.push(
            "* tied; SWRR takes the first in list order (nginx), EDF the one queued first".into(),
        );
    }
    if rows.first().is_some_and(|s| s.state.kind() == "swrr") {
        lines.extend(swrr_columns::out_legend(rows, &Wording::default()));
    }
    lines
}

#[derive(Serialize)]
struct JsonOptions {
    tie: &'static str,
    subtract: &'static str,
    seed: u64,
}

#[derive(Serialize)]
struct JsonRun<'a> {
    algorithm: &'static str,
    options: JsonOptions,
    nodes: &'a [Node],
    total: u64,
    period: Option<u64>,
    scenario: String,
    notes: &'a [String],
    steps: Vec<JsonRunStep<'a>>,
}

#[derive(Serialize)]
struct JsonRunStep<'a> {
    /// `null` for an attempt that found no server.
    winner_name: Option<&'a str>,
    #[serde(flatten)]
    step: &'a Step,
}

fn json(info: &RunInfo<'_>, rows: &[Step]) -> String {
    let doc = JsonRun {
        algorithm: info.options.kind.as_str(),
        options: JsonOptions {
            tie: info.options.tie.as_str(),
            subtract: info.options.subtract.as_str(),
            seed: info.options.seed,
        },
        nodes: info.weights.nodes(),
        total: info.weights.total(),
        period: info.period,
        scenario: info.scenario.to_string(),
        notes: info.notes,
        steps: rows
            .iter()
            .map(|step| JsonRunStep {
                winner_name: step.picked().then(|| info.weights.name(step.winner)),
                step,
            })
            .collect(),
    };
    pretty_json(&doc)
}
