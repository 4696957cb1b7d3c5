//! The words of the pictures, as the page says them (www/words/i18n.js, www/stage/narration.js):
//! numbers with a real minus sign, lists, the Σ line (the catalog's `narration.sum*`), and text
//! fitted to a width (the narration of a step is tank_narration.rs). Every number comes from the
//! engine's `Step`; nothing here recomputes a pick.

use crate::engine::options::TieRule;
use crate::render::svg::frame::{Phase, TankFrame};
use crate::render::svg::sentences::Sentence;

/// Nodes listed by name in the fill sentence before "and N more" (the page's too: the facade's
/// `limits`).
pub(crate) const LISTED: usize = 8;

/// Numbers as people read them: `−5` with a real minus sign.
pub(crate) fn signed(value: i64) -> String {
    if value < 0 {
        format!("−{}", value.unsigned_abs())
    } else {
        value.to_string()
    }
}

/// "A", "A and B", "A, B and C".
pub(crate) fn list<S: AsRef<str>>(items: &[S]) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [rest @ .., last] => {
            let rest: Vec<&str> = rest.iter().map(AsRef::as_ref).collect();
            format!("{} and {}", rest.join(", "), last.as_ref())
        }
    }
}

/// "first in list" / "last in list".
pub(crate) fn rule_text(tie: TieRule) -> &'static str {
    match tie {
        TieRule::First => "first in list",
        TieRule::Last => "last in list",
    }
}

/// The Σ line: W right after the fill, 0 again after the drain.
pub(crate) fn sum_text(view: &TankFrame) -> String {
    let sum = view.sum();
    match (&view.step, view.phase) {
        (Some(step), Phase::Fill | Phase::Pick) if sum != step.before.iter().sum::<i64>() => {
            Sentence::SumAdded {
                sum: signed(sum),
                added: signed(sum - step.before.iter().sum::<i64>()),
            }
        }
        _ if sum == 0 => Sentence::SumConserved,
        _ => Sentence::Sum { sum: signed(sum) },
    }
    .to_string()
}

/// Breaks `text` into lines of at most `width` characters, at spaces; a word longer than a line
/// is cut. At most `max_lines` lines: the last one ends with `…` when text was left out.
pub(crate) fn wrap(text: &str, width: usize, max_lines: usize) -> Vec<String> {
    let width = width.max(8);
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let mut word = word.to_string();
        loop {
            let used = line.chars().count();
            let len = word.chars().count();
            let needed = if used == 0 { len } else { used + 1 + len };
            if needed <= width {
                if used > 0 {
                    line.push(' ');
                }
                line.push_str(&word);
                break;
            }
            if used > 0 {
                lines.push(std::mem::take(&mut line));
                continue;
            }
            // A word longer than a whole line: cut it.
            let head: String = word.chars().take(width).collect();
            word = word.chars().skip(width).collect();
            lines.push(head);
            if word.is_empty() {
                break;
            }
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    if lines.len() > max_lines {
        lines.truncate(max_lines);
        if let Some(last) = lines.last_mut() {
            let mut cut: String = last.chars().take(width.saturating_sub(1)).collect();
            cut.push('…');
            *last = cut;
        }
    }
    lines
}

/// Shortens `text` to at most `max` characters with an ellipsis (the full text stays in titles).
pub(crate) fn fit(text: &str, max: usize) -> String {
    let max = max.max(1);
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let mut short: String = text.chars().take(max.saturating_sub(1).max(1)).collect();
        short.push('…');
        short
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_and_numbers() {
        assert_eq!(list(&["A"]), "A");
        assert_eq!(list(&["A", "B"]), "A and B");
        assert_eq!(list(&["A", "B", "C"]), "A, B and C");
        assert_eq!(signed(-5), "−5");
        assert_eq!(signed(i64::MIN), "−9223372036854775808");
    }

    #[test]
    fn wrapping() {
        assert_eq!(wrap("aaaa bbbb cc", 9, 9), ["aaaa bbbb", "cc"]);
        assert_eq!(wrap("abcdefghijkl", 8, 9), ["abcdefgh", "ijkl"]);
        assert_eq!(wrap("aa bb cc dd ee ff", 8, 1), ["aa bb c…"]);
        assert_eq!(fit("abcdef", 4), "abc…");
        assert_eq!(fit("abc", 4), "abc");
    }
}
