//! What every table writer shares: the formats, the winner's words, and how a cell is escaped
//! for Markdown and CSV.

use crate::render::words::args;
use crate::render::words::Wording;
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
/// `none left` for an attempt that found no server; in `words`.
pub(crate) fn winner_text(
    weights: &Weights,
    step: &Step,
    separator: &str,
    words: &Wording,
) -> String {
    if !step.picked() {
        return words.say("figure.winner_none", &args![]);
    }
    let name = weights.name(step.winner);
    if step.is_tie() {
        let tied: Vec<&str> = step.tied.iter().map(|&i| weights.name(i)).collect();
        words.say(
            "figure.winner_tie",
            &args!["name" => name, "tied" => tied.join(separator)],
        )
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

/// A CSV field, quoted when it holds a comma, a quote or a line break. A field that starts as a
/// spreadsheet formula does (`=`, `+`, `-`, `@`, tab, carriage return) gets a `'` in front, as
/// OWASP advises against CSV injection: node names and events come from shared links. Numbers
/// (`-5`) and a lone `-` (no value) are no formula and stay as they are.
pub(crate) fn csv_field(text: &str) -> String {
    let formula =
        text.starts_with(['=', '+', '-', '@', '\t', '\r']) && text != "-" && !is_number(text);
    let text = if formula {
        format!("'{text}")
    } else {
        text.to_string()
    };
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

/// `-5`, `12`, `-0.25`: a number a spreadsheet reads as a number (never a formula).
fn is_number(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, "0"));
    [whole, fraction]
        .iter()
        .all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()))
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

#[cfg(test)]
mod tests {
    use super::csv_field;

    #[test]
    fn a_formula_is_text_and_a_number_stays_a_number() {
        assert_eq!(csv_field("=1+1"), "'=1+1");
        assert_eq!(csv_field("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(csv_field("+x,y"), "\"'+x,y\"");
        assert_eq!(csv_field("-y"), "'-y");
        assert_eq!(csv_field("-5"), "-5");
        assert_eq!(csv_field("-0.25"), "-0.25");
        assert_eq!(csv_field("-"), "-");
        assert_eq!(csv_field("A"), "A");
    }
}
