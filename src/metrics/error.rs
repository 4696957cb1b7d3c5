//! Why an analysis or a plot request was refused, naming the input and what would be accepted.

use super::limits::{MAX_COLUMNS, MAX_COMPUTED_PICKS, MAX_PLOT_VALUES, MAX_RUN_STEPS, MAX_WORK};

/// A run length, window, plot range or node list that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum MetricsError {
    /// `steps` is 0 or above [`MAX_RUN_STEPS`].
    StepsOutOfRange { steps: u64 },
    /// Steps typed as text that is not a whole number (letters, a decimal point, …).
    StepsNotWhole { text: String },
    /// The window is 0.
    ZeroWindow,
    /// The run needs more picks computed than [`MAX_COMPUTED_PICKS`] (the period is longer than the run).
    TooManyPicks { steps: u64, period: u64 },
    /// The run needs more than [`MAX_WORK`] node updates.
    TooMuchWork { picks: u64, nodes: usize },
    /// A plot range outside `1..=steps`, or reversed.
    BadRange { from: u64, to: u64, steps: u64 },
    /// 0 columns, or more than [`MAX_COLUMNS`].
    BadColumns { columns: u64 },
    /// A node index that does not exist.
    UnknownNode { node: u64, nodes: usize },
    /// A node listed twice in one selection.
    DuplicateNode { node: u64 },
    /// Selected nodes × columns above [`MAX_PLOT_VALUES`].
    TooManyValues { nodes: usize, columns: u64 },
    /// Plot data was asked for before [`super::RunAnalysis::run`] finished.
    NotFinished,
    /// A run driven by scenario events: its weights change, so there are no fixed shares to
    /// measure against.
    ScenarioRun,
    /// "Subtract own weight" levels grow by up to `max_weight` a step and could pass 2^53 within
    /// the picks to compute.
    MayOverflow { picks: u64, max_weight: u64 },
}

crate::message::coded! {
    error MetricsError: METRICS;
    Self::StepsOutOfRange { steps } => "metrics.steps_out_of_range"
        ["steps" => *steps, "max" => MAX_RUN_STEPS],
    Self::StepsNotWhole { text } => "metrics.steps_not_whole"
        ["steps" => format!("\"{}\"", crate::input::quoted_value(text))],
    Self::ZeroWindow => "metrics.zero_window" [],
    Self::TooManyPicks { steps, period } => "metrics.too_many_picks"
        ["steps" => *steps, "period" => *period, "max" => MAX_COMPUTED_PICKS],
    Self::TooMuchWork { picks, nodes } => "metrics.too_much_work" [
        "steps" => *picks,
        "nodes" => *nodes,
        "updates" => u128::from(*picks) * (*nodes as u128),
        "max" => MAX_WORK,
        "most" => MAX_WORK / (*nodes).max(1) as u64,
    ],
    Self::BadRange { from, to, steps } => "metrics.bad_range"
        ["from" => *from, "to" => *to, "steps" => *steps],
    Self::BadColumns { columns } => "metrics.bad_columns"
        ["columns" => *columns, "max" => MAX_COLUMNS],
    Self::UnknownNode { node, nodes } => "metrics.unknown_node"
        ["node" => *node, "last" => nodes.saturating_sub(1)],
    Self::DuplicateNode { node } => "metrics.duplicate_node" ["node" => *node],
    Self::TooManyValues { nodes, columns } => "metrics.too_many_values" [
        "nodes" => *nodes,
        "columns" => *columns,
        "values" => *nodes as u128 * u128::from(*columns),
        "max" => MAX_PLOT_VALUES,
    ],
    Self::NotFinished => "metrics.not_finished" [],
    Self::ScenarioRun => "metrics.scenario" [],
    Self::MayOverflow { picks, max_weight } => "metrics.may_overflow" [
        "steps" => *picks,
        "max_weight" => *max_weight,
        "most" => crate::engine::MAX_LEVEL as u64 / (*max_weight).max(1),
    ],
}
