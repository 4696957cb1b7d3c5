//! The words of the pictures, as the page says them (www/words/i18n.js, www/stage/narration.js):
//! numbers with a real minus sign and lists (render/narration), the Σ line (render/narration
//! `sum_line`), and text fitted to a width (the narration of a step is render/narration).
//! Every number comes from the engine's `Step`; nothing here recomputes a pick.

use crate::engine::options::TieRule;
use crate::input::weights::vector::Weights;
use crate::render::narration;
pub(crate) use crate::render::narration::signed;
use crate::render::svg::characters::{characters, split_at_width, width as text_width, width_of};
use crate::render::svg::frame::{Phase, TankFrame};
use crate::render::svg::options::SvgOptions;
use crate::render::words::args;

/// "first in list" / "last in list".
pub(crate) fn rule_text(tie: TieRule, options: &SvgOptions) -> String {
    let code = match tie {
        TieRule::First => "figure.rule_first",
        TieRule::Last => "figure.rule_last",
    };
    options.say(code, &args![])
}

/// " (nginx)" after nginx's tie rule, else nothing.
pub(crate) fn nginx_rule(tie: TieRule, options: &SvgOptions) -> String {
    match tie {
        TieRule::First => options.say("figure.nginx", &args![]),
        TieRule::Last => String::new(),
    }
}

/// The Σ line of `view` (render/narration `sum_line`, what the page says under its tanks).
pub(crate) fn sum_text(weights: &Weights, view: &TankFrame, options: &SvgOptions) -> String {
    narration::sum_line(view.step.as_ref(), view.phase, view.sum()).worded(weights, &options.words)
}

/// Breaks `text` into lines at most `width` letters wide (see [`width`]), at spaces and between
/// wide characters (Chinese has no spaces: a line may end after any ideograph, but not before a
/// closing mark such as `，` or `。`); a word longer than a line is cut between whole characters.
/// At most `max_lines` lines: the last one ends with `…` when text was left out.
pub(crate) fn wrap(text: &str, width: usize, max_lines: usize) -> Vec<String> {
    let line_width = width.max(8);
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        for (k, piece) in pieces(word).into_iter().enumerate() {
            let glue = if k == 0 { " " } else { "" };
            let mut piece = piece;
            loop {
                let used = text_width(&line);
                let len = text_width(piece);
                let needed = if used == 0 {
                    len
                } else {
                    used + glue.len() + len
                };
                if needed <= line_width {
                    if used > 0 {
                        line.push_str(glue);
                    }
                    line.push_str(piece);
                    break;
                }
                if used > 0 {
                    lines.push(std::mem::take(&mut line));
                    continue;
                }
                // A piece longer than a whole line: cut it (at least one character a line).
                let (head, rest) = match split_at_width(piece, line_width) {
                    ("", _) => piece.split_at(characters(piece)[0].len()),
                    cut => cut,
                };
                lines.push(head.to_string());
                piece = rest;
                if piece.is_empty() {
                    break;
                }
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

/// A word cut where a line may break inside it: between wide characters (and a wide and a
/// narrow one), never before a closing mark or after an opening one. A word without wide
/// characters is one piece.
fn pieces(word: &str) -> Vec<&str> {
    let closes = |c: &str| {
        c.starts_with([
            '，', '。', '、', '：', '；', '！', '？', '）', '”', '」', '』', '》', ',', '.', ':',
            ';', ')', '…', '×',
        ])
    };
    let opens = |c: &str| c.starts_with(['（', '“', '「', '『', '《', '(']);
    let mut out = Vec::new();
    let (mut start, mut at) = (0, 0);
    let mut previous: Option<&str> = None;
    for c in characters(word) {
        if let Some(p) = previous {
            let wide = width_of(p) == 2 || width_of(c) == 2;
            if wide && !closes(c) && !opens(p) {
                out.push(&word[start..at]);
                start = at;
            }
        }
        at += c.len();
        previous = Some(c);
    }
    out.push(&word[start..]);
    out
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

/// The name of phase `phase` (a chip, a title).
pub(crate) fn phase_name(phase: Phase, options: &SvgOptions) -> String {
    let code = match phase {
        Phase::Start => "figure.phase_start",
        Phase::Fill => "figure.phase_fill",
        Phase::Pick => "figure.phase_pick",
        Phase::Drain => "figure.phase_drain",
    };
    options.say(code, &args![])
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
        // Chinese breaks between its characters, fills each line, and keeps a closing mark
        // with the character before it.
        assert_eq!(
            wrap("第 2 步：每个水箱按权重注水：A 0→5。", 12, 9),
            ["第 2 步：每", "个水箱按权重", "注水：A", "0→5。"]
        );
        assert_eq!(wrap("甲乙丙丁，戊", 8, 9), ["甲乙丙", "丁，戊"]);
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
