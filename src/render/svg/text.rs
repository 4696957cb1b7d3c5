//! The words of the pictures, as the page says them (www/words/i18n.js, www/stage/narration.js):
//! numbers with a real minus sign and lists (render/narration), the Σ line (the catalog's
//! `narration.sum*`), and text fitted to a width (the narration of a step is render/narration).
//! Every number comes from the engine's `Step`; nothing here recomputes a pick.

use crate::engine::options::TieRule;
use crate::message::{english, params};
pub(crate) use crate::render::narration::signed;
use crate::render::svg::characters::{characters, split_at_width, width as text_width, width_of};
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

/// Breaks `text` into lines at most `width` letters wide (see [`width`]), at spaces; a word
/// longer than a line is cut between whole characters. At most `max_lines` lines: the last one
/// ends with `…` when text was left out.
pub(crate) fn wrap(text: &str, width: usize, max_lines: usize) -> Vec<String> {
    let line_width = width.max(8);
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let mut word = word;
        loop {
            let used = text_width(&line);
            let len = text_width(word);
            let needed = if used == 0 { len } else { used + 1 + len };
            if needed <= line_width {
                if used > 0 {
                    line.push(' ');
                }
                line.push_str(word);
                break;
            }
            if used > 0 {
                lines.push(std::mem::take(&mut line));
                continue;
            }
            // A word longer than a whole line: cut it (at least one character a line).
            let (head, rest) = match split_at_width(word, line_width) {
                ("", _) => word.split_at(characters(word)[0].len()),
                cut => cut,
            };
            lines.push(head.to_string());
            word = rest;
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
            let mut cut = split_at_width(last, line_width.saturating_sub(1))
                .0
                .to_string();
            cut.push('…');
            *last = cut;
        }
    }
    lines
}

/// Shortens `text` to at most `max` letters wide with an ellipsis, between whole characters (at
/// least one is kept), as the page's `shortened` does; the full text stays in titles. The
/// ellipsis is as wide as the character before it (a CJK font draws it full-width), and a cut no
/// narrower than the whole text is no cut (`北京`, not `北…`).
pub(crate) fn fit(text: &str, max: usize) -> String {
    let max = max.max(1);
    let whole = text_width(text);
    if whole <= max {
        return text.to_string();
    }
    let parts = characters(text);
    let (mut kept, mut used) = (0, 0);
    while kept < parts.len() && used + 2 * width_of(parts[kept]) <= max {
        used += width_of(parts[kept]);
        kept += 1;
    }
    let kept = kept.max(1);
    let head: String = parts[..kept].concat();
    if text_width(&head) + width_of(parts[kept - 1]) >= whole {
        return text.to_string();
    }
    head + "…"
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
        // Whole characters, wide ones counted twice.
        assert_eq!(fit("\u{1F600}\u{1F600}\u{1F600}", 4), "\u{1F600}…");
        assert_eq!(
            fit("\u{1F469}\u{200D}\u{1F4BB}xyz", 2),
            "\u{1F469}\u{200D}\u{1F4BB}…"
        );
        assert_eq!(fit("服务器甲乙", 6), "服务…");
        assert_eq!(fit("服务器甲乙", 7), "服务…");
        assert_eq!(fit("北京", 3), "北京");
        assert_eq!(fit("abcd", 3), "ab…");
        assert_eq!(
            wrap("服务器甲乙丙丁戊己庚", 8, 9),
            ["服务器甲", "乙丙丁戊", "己庚"]
        );
        assert_eq!(
            wrap(
                "e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}",
                8,
                1
            ),
            ["e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}…"]
        );
    }
}
