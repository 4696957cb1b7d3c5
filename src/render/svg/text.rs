//! The words of the pictures, as the page says them (www/words/i18n.js, www/stage/narration.js):
//! numbers with a real minus sign and lists (render/narration), the Σ line (render/narration
//! `sum_line`), and text fitted to a width (the narration of a step is render/narration).
//! Every number comes from the engine's `Step`; nothing here recomputes a pick.

use crate::engine::options::TieRule;
use crate::input::weights::vector::Weights;
use crate::render::narration;
pub(crate) use crate::render::narration::signed;
pub(crate) use crate::render::svg::characters::fit;
use crate::render::svg::characters::{characters, em_width, split_at_em, width_of, Face};
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

/// Breaks `text` into lines at most `room` ems wide in `face` (in the sans-serif, digits, `−`
/// and `→` are wider than letters: [`em_width`]), at spaces and between wide characters (Chinese
/// has no spaces: a line may end after any ideograph, but not before a closing mark such as `，`
/// or `。`), keeping a number with the short word before it (`A 0→5`, `at 5`); a word longer
/// than a line is cut between whole characters. At most `max_lines` lines: the last one ends
/// with `…` when text was left out.
pub(crate) fn wrap(text: &str, face: Face, room: f64, max_lines: usize) -> Vec<String> {
    // A hair over the room, so that sums of widths that are exactly the room fit.
    let room = room.max(MIN_ROOM) + 1e-9;
    let measure = |text: &str| face.em_width(text);
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for (glue, unit) in units(text) {
        let mut unit = unit.as_str();
        loop {
            let needed = if line.is_empty() {
                measure(unit)
            } else {
                measure(&line) + measure(glue) + measure(unit)
            };
            if needed <= room {
                if !line.is_empty() {
                    line.push_str(glue);
                }
                line.push_str(unit);
                break;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
                continue;
            }
            // A unit longer than a whole line: cut it (at least one character a line).
            let (head, rest) = match split_at_em(unit, face, room) {
                ("", _) => unit.split_at(characters(unit)[0].len()),
                cut => cut,
            };
            lines.push(head.trim_end().to_string());
            unit = rest.trim_start();
            if unit.is_empty() {
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
            let mut cut = split_at_em(last, face, room - measure("…")).0.to_string();
            cut.push('…');
            *last = cut;
        }
    }
    lines
}

/// The narrowest room a line is given, in ems (eight letters), so that a tiny picture still says
/// something on each line.
const MIN_ROOM: f64 = 4.8;

/// `text` as the runs a line may not break inside, each with what joins it to the run before
/// (a space, or nothing inside a Chinese word): a word, a piece of a word ([`pieces`]), or a
/// number with the Latin word before it, so that `B` does not end a line whose next begins
/// `56→67`.
fn units(text: &str) -> Vec<(&'static str, String)> {
    let mut out: Vec<(&'static str, String)> = Vec::new();
    for word in text.split(' ') {
        for (k, piece) in pieces(word).into_iter().enumerate() {
            let starts_number = piece.starts_with(|c: char| c.is_ascii_digit() || c == '−');
            match out.last_mut() {
                Some((_, before))
                    if k == 0
                        && starts_number
                        && !before.contains(' ')
                        && before.ends_with(|c: char| c.is_ascii_alphanumeric()) =>
                {
                    before.push(' ');
                    before.push_str(piece);
                }
                _ => out.push((if k == 0 { " " } else { "" }, piece.to_string())),
            }
        }
    }
    out
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

/// `text` in one line at most `room` ems wide in the sans-serif, shortened with an ellipsis
/// between whole characters where it is wider: a footer of weights and settings, whose digits
/// are wider than letters.
pub(crate) fn one_line(text: &str, room: f64) -> String {
    if em_width(text) <= room + 1e-9 {
        return text.to_string();
    }
    let head = split_at_em(text, Face::Sans, room - em_width("…")).0;
    format!("{}…", head.trim_end())
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
    use crate::render::svg::characters::em_width;
    use crate::render::svg::characters::CHAR_EM;

    /// Monospace lines `letters` letters wide (the table's events, the Σ line).
    fn mono(text: &str, letters: usize, max_lines: usize) -> Vec<String> {
        wrap(text, Face::Mono, letters as f64 * CHAR_EM, max_lines)
    }

    #[test]
    fn wrapping() {
        assert_eq!(mono("aaaa bbbb cc", 9, 9), ["aaaa bbbb", "cc"]);
        assert_eq!(mono("abcdefghijkl", 8, 9), ["abcdefgh", "ijkl"]);
        assert_eq!(mono("aa bb cc dd ee ff", 8, 1), ["aa bb c…"]);
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
            mono("服务器甲乙丙丁戊己庚", 8, 9),
            ["服务器甲", "乙丙丁戊", "己庚"]
        );
        // Chinese breaks between its characters, fills each line, and keeps a closing mark
        // with the character before it.
        assert_eq!(
            mono("第 2 步：每个水箱按权重注水：A 0→5。", 12, 9),
            ["第 2 步：每", "个水箱按权重", "注水：", "A 0→5。"]
        );
        assert_eq!(mono("甲乙丙丁，戊", 8, 9), ["甲乙丙", "丁，戊"]);
        assert_eq!(
            mono(
                "e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}",
                8,
                1
            ),
            ["e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}…"]
        );
    }

    #[test]
    fn sans_lines_hold_their_digits_and_arrows() {
        // 28 characters, 10.8 ems: at an average letter's width (0.56 em) two lines of at most
        // 17 would do, and the second would run 0.8 em past the edge. A name stays with its
        // levels.
        let text = "C −20→−10, D −18→−9, E −16→−8";
        let lines = wrap(text, Face::Sans, 10.0, 9);
        assert_eq!(lines, ["C −20→−10,", "D −18→−9,", "E −16→−8"]);
        assert!(lines.iter().all(|line| em_width(line) <= 10.0));
        assert_eq!(
            wrap(text, Face::Sans, 13.0, 9),
            ["C −20→−10, D −18→−9,", "E −16→−8"]
        );
        // Cut with an ellipsis that fits too.
        let cut = wrap(text, Face::Sans, 10.0, 2);
        assert_eq!(cut, ["C −20→−10,", "D −18→−9,…"]);
        assert!(cut.iter().all(|line| em_width(line) <= 10.0));
        assert_eq!(one_line("5,3,2 · W = 10", 20.0), "5,3,2 · W = 10");
        let footer = one_line(
            "999999937,999999929 · W = 1999999866 · period 1999999866",
            20.0,
        );
        assert_eq!(footer, "999999937,999999929 · W = 1999…");
        assert!(em_width(&footer) <= 20.0);
        // A number follows one word, not a run of them; a unit longer than a line is cut.
        assert_eq!(
            wrap("at 5 6 7 8", Face::Mono, 8.0 * CHAR_EM, 9),
            ["at 5 6 7", "8"]
        );
        assert_eq!(
            wrap("abcdefghij 5", Face::Mono, 8.0 * CHAR_EM, 9),
            ["abcdefgh", "ij 5"]
        );
    }
}
