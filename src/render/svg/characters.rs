//! Text as the characters a reader sees, and how wide each is drawn, so a picture cuts a name
//! between whole characters and fits it to its width as the page does (`graphemes`, `WIDE` and
//! `shortened` in www/draw/svg.js).

use crate::input::text::{is_combining_accent, is_invisible};

/// Average advance of a character, in em (monospace exactly; sans-serif on average a little less).
pub(crate) const CHAR_EM: f64 = 0.6;

/// `text` cut into the characters a reader sees: a letter with its accents, an emoji with its
/// skin tone, variation selector or the emoji joined to it by U+200D, a flag's two regional
/// indicators. An approximation of Unicode's grapheme clusters that covers what names hold;
/// cutting elsewhere left half an emoji, or an accent with no letter under it.
pub(crate) fn characters(text: &str) -> Vec<&str> {
    let mut out: Vec<&str> = Vec::new();
    let mut start = 0;
    let mut previous: Option<char> = None;
    let mut flag_half = false;
    for (at, c) in text.char_indices() {
        let joins = match previous {
            None => false,
            Some(before) => {
                before == '\u{200D}'
                    || is_combining_accent(c)
                    || is_invisible(c)
                    || is_skin_tone(c)
                    || (flag_half && is_regional_indicator(c))
            }
        };
        if !joins && at > 0 {
            out.push(&text[start..at]);
            start = at;
        }
        flag_half = is_regional_indicator(c) && !(joins && flag_half);
        previous = Some(c);
    }
    if start < text.len() {
        out.push(&text[start..]);
    }
    out
}

fn is_skin_tone(c: char) -> bool {
    matches!(c, '\u{1F3FB}'..='\u{1F3FF}')
}

fn is_regional_indicator(c: char) -> bool {
    matches!(c, '\u{1F1E6}'..='\u{1F1FF}')
}

/// How many Latin letters' width `character` takes: two for emoji, flags, CJK ideographs, kana,
/// Hangul and full-width forms, one for the rest.
pub(crate) fn width_of(character: &str) -> usize {
    let wide = character.chars().next().is_some_and(|c| {
        matches!(c,
            '\u{1100}'..='\u{115F}' | '\u{2E80}'..='\u{303E}' | '\u{3041}'..='\u{33FF}'
            | '\u{3400}'..='\u{4DBF}' | '\u{4E00}'..='\u{9FFF}' | '\u{A000}'..='\u{A4CF}'
            | '\u{AC00}'..='\u{D7A3}' | '\u{F900}'..='\u{FAFF}' | '\u{FE30}'..='\u{FE4F}'
            | '\u{FF00}'..='\u{FF60}' | '\u{FFE0}'..='\u{FFE6}' | '\u{20000}'..='\u{3FFFD}'
            | '\u{2600}'..='\u{26FF}' | '\u{1F000}'..='\u{1F0FF}'
            | '\u{1F1E6}'..='\u{1F1FF}' | '\u{1F300}'..='\u{1F64F}' | '\u{1F680}'..='\u{1F6FF}'
            | '\u{1F900}'..='\u{1F9FF}' | '\u{1FA70}'..='\u{1FAFF}')
            // A char pattern outside ASCII would search as a string (kilobytes of wasm).
            || (matches!(c, '\u{2700}'..='\u{27BF}') && character.chars().any(|c| c == '\u{FE0F}'))
    });
    if wide {
        2
    } else {
        1
    }
}

/// About how wide `text` is drawn, in ems of a sans-serif font (system-ui: Segoe UI, Roboto, SF,
/// DejaVu Sans differ by a few percent): a wide character one em, `m` and `W` nearly one, capitals
/// and digits more than the lowercase average, `i`, `l`, `t`, `r` and punctuation a third. Where a
/// label's place must hold whatever it says (the strip's legend: `WWWW…` is 60 % wider than
/// `aaaa…`), not where a fixed count of letters is cut.
pub(crate) fn em_width(text: &str) -> f64 {
    characters(text)
        .into_iter()
        .map(|character| {
            let c = character.chars().next().unwrap_or(' ');
            match c {
                _ if width_of(character) == 2 => 1.0,
                '…' => 1.0,
                'm' | 'w' | 'M' | 'W' | '@' | '%' => 0.95,
                '=' | '+' | '<' | '>' | '~' | '−' | '→' | '←' | '×' | '±' | '≤' | '≥' => {
                    0.84
                }
                'i' | 'j' | 'l' | 't' | 'f' | 'r' | 'I' | ' ' | '.' | ',' | ':' | ';' | '!'
                | '|' | '\'' | '`' | '"' | '(' | ')' | '[' | ']' => 0.38,
                'A'..='Z' => 0.74,
                '0'..='9' => 0.64,
                _ => 0.6,
            }
        })
        .sum()
}

/// How many Latin letters' width `text` takes.
pub(crate) fn width(text: &str) -> usize {
    characters(text).into_iter().map(width_of).sum()
}

/// The kind of font a line is drawn in, for measuring it: the pictures' sans-serif, whose
/// characters differ in width ([`em_width`]), or the tables' and the Σ line's monospace, where
/// each is [`CHAR_EM`] wide and a wide one twice that.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Face {
    Sans,
    Mono,
}

impl Face {
    /// How wide `text` is drawn in this face, in ems.
    pub(crate) fn em_width(self, text: &str) -> f64 {
        match self {
            Face::Sans => em_width(text),
            Face::Mono => width(text) as f64 * CHAR_EM,
        }
    }
}

/// The longest start of `text` at most `room` ems wide in `face`, cut between whole characters,
/// and the rest.
pub(crate) fn split_at_em(text: &str, face: Face, room: f64) -> (&str, &str) {
    let mut used = 0.0;
    let mut end = 0;
    for character in characters(text) {
        used += face.em_width(character);
        if used > room {
            break;
        }
        end += character.len();
    }
    text.split_at(end)
}

/// Shortens `text` to at most `max` letters wide with an ellipsis, between whole characters (at
/// least one is kept), as the page's `shortened` does; the full text stays in titles. The
/// ellipsis is as wide as the character before it (a CJK font draws it full-width), and a cut no
/// narrower than the whole text is no cut (`北京`, not `北…`).
pub(crate) fn fit(text: &str, max: usize) -> String {
    let max = max.max(1);
    let whole = width(text);
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
    if width(&head) + width_of(parts[kept - 1]) >= whole {
        return text.to_string();
    }
    head + "…"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn characters_as_seen() {
        assert_eq!(characters("ab"), ["a", "b"]);
        assert_eq!(characters("e\u{301}x"), ["e\u{301}", "x"]);
        assert_eq!(
            characters("\u{1F469}\u{200D}\u{1F4BB}!"),
            ["\u{1F469}\u{200D}\u{1F4BB}", "!"]
        );
        assert_eq!(characters("\u{1F44D}\u{1F3FD}"), ["\u{1F44D}\u{1F3FD}"]);
        // Four regional indicators are two flags, not one.
        assert_eq!(
            characters("\u{1F1E8}\u{1F1F3}\u{1F1EF}\u{1F1F5}"),
            ["\u{1F1E8}\u{1F1F3}", "\u{1F1EF}\u{1F1F5}"]
        );
        assert_eq!(characters("\u{2764}\u{FE0F}"), ["\u{2764}\u{FE0F}"]);
    }

    #[test]
    fn widths() {
        assert_eq!(width("abc"), 3);
        assert_eq!(width("服务器"), 6);
        assert_eq!(width("\u{1F600}a"), 3);
        assert_eq!(width("\u{2764}\u{FE0F}"), 2);
        assert_eq!(width("\u{2713}"), 1);
        assert_eq!(split_at_em("ab服务", Face::Sans, 2.0), ("ab", "服务"));
        assert_eq!(split_at_em("ab服务", Face::Sans, 2.3), ("ab服", "务"));
        assert!(em_width("−20→−10") > em_width("abcdefg") + 1.0);
        assert!(em_width("WWWW") > 1.5 * em_width("aaaa"));
        assert!(em_width("iiii") < 0.7 * em_width("aaaa"));
        assert_eq!(em_width("北京"), 2.0);
        assert_eq!(
            split_at_em("\u{1F600}\u{1F600}", Face::Mono, 1.5),
            ("\u{1F600}", "\u{1F600}")
        );
    }
}
