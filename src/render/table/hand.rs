//! The hand-calculation table of plain SWRR, as text: aligned table, Markdown, CSV or JSON —
//! levels after adding, the winner, levels after subtracting, as one works it out on paper.

use crate::render::words::Wording;
use serde::Serialize;

use crate::engine::step::Step;
use crate::input::weights::vector::Weights;
use crate::render::table::format::{
    aligned, csv_field, escape_markdown, pretty_json, winner_text, TraceFormat,
};

/// Renders the steps of a run; tied levels are marked with `*`.
///
/// ```
/// use swrr_viz::engine::{Swrr, Trace};
/// use swrr_viz::input::Weights;
/// use swrr_viz::render::{hand_table, TraceFormat};
/// let weights: Weights = "5,3,2".parse().unwrap();
/// let mut trace = Trace::new(Swrr::new(&weights));
/// let rows = trace.rows(1, 2).unwrap();
/// let csv = hand_table(&weights, &rows, TraceFormat::Csv);
/// assert_eq!(csv.lines().nth(1).unwrap(), "1,5,3,2,A,,-5,3,2");
/// ```
#[must_use]
pub fn hand_table(weights: &Weights, rows: &[Step], format: TraceFormat) -> String {
    match format {
        TraceFormat::Table => table(weights, rows),
        TraceFormat::Markdown => markdown(weights, rows),
        TraceFormat::Csv => csv(weights, rows),
        TraceFormat::Json => json(weights, rows),
    }
}

fn marked(step: &Step, i: usize) -> String {
    if step.tied.contains(&i) {
        format!("{}*", step.filled[i])
    } else {
        step.filled[i].to_string()
    }
}

fn table(weights: &Weights, rows: &[Step]) -> String {
    // Every filled level carries a mark column (`*` or a space) so the digits stay aligned.
    let marked = |step: &Step, i: usize| {
        format!(
            "{}{}",
            step.filled[i],
            if step.tied.contains(&i) { '*' } else { ' ' }
        )
    };
    let n = weights.len();
    let names: Vec<&str> = weights
        .nodes()
        .iter()
        .map(|node| node.name.as_str())
        .collect();
    let cells: Vec<(Vec<String>, String, Vec<String>)> = rows
        .iter()
        .map(|s| {
            (
                (0..n).map(|i| marked(s, i)).collect(),
                winner_text(weights, s, "=", &Wording::default()),
                s.drained.iter().map(i64::to_string).collect(),
            )
        })
        .collect();
    let col = |i: usize| {
        cells
            .iter()
            .map(|c| c.0[i].chars().count().max(c.2[i].chars().count()))
            .max()
            .unwrap_or(0)
            .max(names[i].chars().count())
    };
    let widths: Vec<usize> = (0..n).map(col).collect();
    let step_width = rows.last().map_or(1, |s| s.t.to_string().len()).max(4);
    let winner_width = cells
        .iter()
        .map(|c| c.1.chars().count())
        .max()
        .unwrap_or(0)
        .max(6);
    let levels = |values: &[String]| aligned(values, &widths);
    let header_names: Vec<String> = names.iter().map(|s| (*s).to_string()).collect();
    let header_marked: Vec<String> = names.iter().map(|s| format!("{s} ")).collect();
    let levels_width = levels(&header_names).chars().count();
    let total = weights.total();
    let mut out = String::new();
    let add_title = "after adding";
    let sub_title = format!("after subtracting {total}");
    let left = levels_width.max(add_title.len());
    out.push_str(&format!(
        "{:>step_width$} │ {:<left$} │ {:<winner_width$} │ {}\n",
        "step", add_title, "winner", sub_title
    ));
    out.push_str(&format!(
        "{:>step_width$} │ {:<left$} │ {:<winner_width$} │ {}\n",
        "",
        levels(&header_marked),
        "",
        levels(&header_names)
    ));
    for (s, (filled, winner, drained)) in rows.iter().zip(&cells) {
        out.push_str(&format!(
            "{:>step_width$} │ {:<left$} │ {:<winner_width$} │ {}\n",
            s.t,
            levels(filled),
            winner,
            levels(drained)
        ));
    }
    if rows.iter().any(Step::is_tie) {
        out.push_str("* tied at the highest level; the first in list order wins (nginx)\n");
    }
    out
}

fn markdown(weights: &Weights, rows: &[Step]) -> String {
    let names: Vec<String> = weights
        .nodes()
        .iter()
        .map(|node| escape_markdown(&node.name))
        .collect();
    let total = weights.total();
    let mut out = String::from("| step |");
    for (name, node) in names.iter().zip(weights.nodes()) {
        out.push_str(&format!(" {name} +{} |", node.weight));
    }
    out.push_str(" winner |");
    for name in &names {
        out.push_str(&format!(" {name} |"));
    }
    out.push('\n');
    out.push_str(&"|---:".repeat(1 + names.len()));
    out.push_str("|:---|");
    out.push_str(&"---:|".repeat(names.len()));
    out.push('\n');
    for s in rows {
        out.push_str(&format!("| {} |", s.t));
        for i in 0..names.len() {
            out.push_str(&format!(" {} |", marked(s, i).replace('*', "\\*")));
        }
        out.push_str(&format!(
            " {} |",
            escape_markdown(&winner_text(weights, s, "=", &Wording::default()))
        ));
        for (i, level) in s.drained.iter().enumerate() {
            if i == s.winner {
                out.push_str(&format!(" **{level}** |"));
            } else {
                out.push_str(&format!(" {level} |"));
            }
        }
        out.push('\n');
    }
    out.push_str(&format!(
        "\nColumns `name +w`: levels after every node adds its weight; the winner then subtracts {total} (shown in bold)."
    ));
    if rows.iter().any(Step::is_tie) {
        out.push_str(" \\* marks a tie at the highest level; the first in list order wins.");
    }
    out.push('\n');
    out
}

fn csv(weights: &Weights, rows: &[Step]) -> String {
    let names: Vec<&str> = weights
        .nodes()
        .iter()
        .map(|node| node.name.as_str())
        .collect();
    let mut header = vec!["step".to_string()];
    header.extend(names.iter().map(|n| csv_field(&format!("{n} added"))));
    header.push("winner".into());
    header.push("tied".into());
    header.extend(names.iter().map(|n| csv_field(&format!("{n} after"))));
    let mut out = header.join(",");
    out.push('\n');
    for s in rows {
        let mut fields = vec![s.t.to_string()];
        fields.extend(s.filled.iter().map(i64::to_string));
        fields.push(csv_field(names[s.winner]));
        fields.push(csv_field(
            &s.tied
                .iter()
                .map(|&i| names[i])
                .collect::<Vec<_>>()
                .join(" "),
        ));
        fields.extend(s.drained.iter().map(i64::to_string));
        out.push_str(&fields.join(","));
        out.push('\n');
    }
    out
}

#[derive(Serialize)]
struct JsonTrace<'a> {
    nodes: &'a [crate::input::weights::vector::Node],
    total: u64,
    period: u64,
    steps: Vec<JsonHandStep<'a>>,
}

#[derive(Serialize)]
struct JsonHandStep<'a> {
    t: u64,
    filled: &'a [i64],
    winner: usize,
    winner_name: &'a str,
    tied: &'a [usize],
    total: i64,
    drained: &'a [i64],
}

fn json(weights: &Weights, rows: &[Step]) -> String {
    let doc = JsonTrace {
        nodes: weights.nodes(),
        total: weights.total(),
        period: weights.period(),
        steps: rows
            .iter()
            .map(|s| JsonHandStep {
                t: s.t,
                filled: &s.filled,
                winner: s.winner,
                winner_name: weights.name(s.winner),
                tied: &s.tied,
                total: s.total,
                drained: &s.drained,
            })
            .collect(),
    };
    pretty_json(&doc)
}
