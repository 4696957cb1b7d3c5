//! What every table writer shares: the formats, the winner's words, and how a cell is escaped
//! for Markdown and CSV.

use serde::Serialize;

use crate::engine::step::Step;
use crate::input::choice::named_choices;
use crate::input::weights::vector::Weights;

named_choices! {
    /// Output formats of a trace table ([`hand_table`](super::hand_table), [`run_table`](super::run_table)).
    #[derive(Default)]
    pub enum TraceFormat for Choice::Format {
        #[default]
        Table = "table",
        Markdown = "markdown" | "md",
        Csv = "csv",
        Json = "json",
    }
}

/// The winner's name, with the nodes it tied with (`A (tie A=B)`, joined by `separator`), or
/// `none left` for an attempt that found no server.
pub(crate) fn winner_text(weights: &Weights, step: &Step, separator: &str) -> String {
    if !step.picked() {
        return "none left".to_string();
    }
    let name = weights.name(step.winner);
    if step.is_tie() {
        let tied: Vec<&str> = step.tied.iter().map(|&i| weights.name(i)).collect();
        format!("{name} (tie {})", tied.join(separator))
    } else {
        name.to_string()
    }
}

/// Markdown's special characters escaped with a backslash.
pub(crate) fn escape_markdown(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        if matches!(ch, '|' | '\\' | '*' | '_' | '`' | '<' | '>' | '[' | ']') {
            out.push('\\');
        }
        out.push(ch);
    }
    out
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
pub(crate) fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// A JSON document, pretty-printed, with a final newline.
pub(crate) fn pretty_json(doc: &impl Serialize) -> String {
    let mut text =
        serde_json::to_string_pretty(doc).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"));
    text.push('\n');
    text
}

/// `values` right-aligned to `widths`, two spaces apart.
pub(crate) fn aligned(values: &[String], widths: &[usize]) -> String {
    values
        .iter()
        .zip(widths)
        .map(|(v, &w)| format!("{v:>w$}"))
        .collect::<Vec<_>>()
        .join("  ")
}
