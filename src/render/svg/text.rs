//! The words of the pictures, as the page says them (www/words/i18n.js, www/stage/narration.js):
//! numbers with a real minus sign and lists (render/narration), the Σ line (the catalog's
//! `narration.sum*`), and text fitted to a width (the narration of a step is render/narration).
//! Every number comes from the engine's `Step`; nothing here recomputes a pick.

use crate::engine::options::TieRule;
use crate::message::{english, params};
pub(crate) use crate::render::narration::signed;
use crate::render::svg::frame::{Phase, TankFrame};

/// "first in list" / "last in list".
pub(crate) fn rule_text(tie: TieRule) -> &'static str {
    match tie {
        TieRule::First => "first in list",
        TieRule::Last => "last in list",
    }
}

/// The Σ line: W right after the fill, 0 again after the drain (the catalog's `narration.sum*`).
pub(crate) fn sum_text(view: &TankFrame) -> String {
    let sum = view.sum();
    let (code, params) = match (&view.step, view.phase) {
        (Some(step), Phase::Fill | Phase::Pick) if sum != step.before.iter().sum::<i64>() => {
            let added = sum - step.before.iter().sum::<i64>();
            (
                "narration.sum_added",
                params!["sum" => signed(sum), "added" => signed(added)],
            )
        }
        _ if sum == 0 => ("narration.sum_conserved", params![]),
        _ => ("narration.sum", params!["sum" => signed(sum)]),
    };
    english(code, &params)
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
    fn wrapping() {
        assert_eq!(wrap("aaaa bbbb cc", 9, 9), ["aaaa bbbb", "cc"]);
        assert_eq!(wrap("abcdefghijkl", 8, 9), ["abcdefgh", "ijkl"]);
        assert_eq!(wrap("aa bb cc dd ee ff", 8, 1), ["aa bb c…"]);
        assert_eq!(fit("abcdef", 4), "abc…");
        assert_eq!(fit("abc", 4), "abc");
    }
}
