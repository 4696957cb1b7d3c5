//! SWRR's columns for a run that is not plain nginx on fixed weights (a scenario, "subtract
//! own"): what each node added, the mark of a level after adding, what the winner subtracted,
//! the key to the marks, a row's events. The CLI's text trace (run.rs) and the hand-table picture
//! (svg.rs) both write them from here, worded by the catalog (`figure.*`).

use crate::engine::state::{AlgorithmState, SwrrState};
use crate::engine::step::Step;
use crate::input::weights::vector::Weights;
use crate::render::table::column::{group, scalar, Column};
use crate::render::words::{args, Wording};

/// A column per node of a value of SWRR's state, headed by the catalog's `code`.
pub(crate) fn state_group(
    code: &str,
    weights: &Weights,
    rows: &[Step],
    words: &Wording,
    value: impl Fn(&SwrrState, usize) -> i64,
) -> Column {
    group(&words.say(code, &args![]), weights, rows, |s, i| {
        match &s.state {
            AlgorithmState::Swrr(x) => value(x, i).to_string(),
            _ => String::new(),
        }
    })
}

/// What each node added to its level this row (0 for a node that could not be picked).
pub(crate) fn adds(weights: &Weights, rows: &[Step], words: &Wording) -> Column {
    state_group("figure.table_adds", weights, rows, words, |x, i| x.added[i])
}

/// What the winner subtracted this row.
pub(crate) fn subtracts(rows: &[Step], words: &Wording) -> Column {
    scalar(&words.say("figure.table_total", &args![]), rows, |s| {
        s.total.to_string()
    })
}

/// The mark after node `i`'s level after adding: `x` could not be picked, `*` tied at the top.
pub(crate) fn level_mark(step: &Step, i: usize) -> Option<char> {
    if !step.eligible.get(i).copied().unwrap_or(true) {
        Some('x')
    } else if step.tied.contains(&i) {
        Some('*')
    } else {
        None
    }
}

/// The key to the `x` mark when a row has one: per attempt for a run of requests, else per step.
pub(crate) fn out_legend(rows: &[Step], words: &Wording) -> Option<String> {
    let out = rows.iter().any(|s| s.eligible.iter().any(|&e| !e));
    let code = if rows.iter().any(|s| s.request.is_some()) {
        "figure.table_out_attempt"
    } else {
        "figure.table_out_step"
    };
    out.then(|| words.say(code, &args![]))
}

/// The scenario's events applied just before this row, as typed (`@7 A=4 reset`).
pub(crate) fn events_text(step: &Step) -> String {
    step.events.join("; ")
}

/// Whether some node that could be picked added other than its typed weight (a weight changed,
/// or an effective weight after failures): then a head `A +5` would not be true of every row.
pub(crate) fn adds_vary(weights: &Weights, rows: &[Step]) -> bool {
    rows.iter().any(|s| match &s.state {
        AlgorithmState::Swrr(x) => weights.nodes().iter().enumerate().any(|(i, node)| {
            s.eligible.get(i).copied().unwrap_or(true)
                && u64::try_from(x.added[i]).ok() != Some(node.weight)
        }),
        _ => false,
    })
}
