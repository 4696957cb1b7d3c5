//! User text in messages: where a token sits in the typed text, how a message quotes what was
//! typed (one short line, whatever was pasted), how a sentence holds a name whatever its script,
//! and numbers with their thousands grouped.

use std::borrow::Cow;

use crate::message::{params, Coded, Params};

/// Where a token sits in the typed text: 1-based line and column (in characters); ordered as
/// read, line first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Position {
    pub line: usize,
    pub column: usize,
}

crate::message::english_display!(Position: POSITION);

impl Coded for Position {
    fn coded(&self) -> (&'static str, Params) {
        if self.line > 1 {
            (
                "position.line_column",
                params!["line" => self.line, "column" => self.column],
            )
        } else {
            ("position.column", params!["column" => self.column])
        }
    }
}

/// A word of typed text and where it starts.
#[derive(Debug, Clone)]
pub(crate) struct Word {
    pub text: String,
    pub position: Position,
}

impl Word {
    /// Where the word ends: the column just after its last character.
    pub fn end(&self) -> Position {
        Position {
            line: self.position.line,
            column: self.position.column + self.text.chars().count(),
        }
    }
}

/// The words of `text`, split where `is_separator`; each separator is handed to `at_separator`
/// with its position and the words so far (which it may take or add to).
pub(crate) fn split_words(
    text: &str,
    is_separator: impl Fn(char) -> bool,
    mut at_separator: impl FnMut(char, Position, &mut Vec<Word>),
) -> Vec<Word> {
    let mut words = Vec::new();
    let mut current: Option<Word> = None;
    let (mut line, mut column) = (1, 0);
    for ch in text.chars() {
        column += 1;
        let position = Position { line, column };
        if is_separator(ch) {
            words.extend(current.take());
            at_separator(ch, position, &mut words);
        } else {
            current
                .get_or_insert_with(|| Word {
                    text: String::new(),
                    position,
                })
                .text
                .push(ch);
        }
        if ch == '\n' {
            line += 1;
            column = 0;
        }
    }
    words.extend(current);
    words
}

/// Longest text a message quotes whole; a longer one is cut in the middle, so a pasted megabyte
/// gives a message of one line, not a megabyte.
pub(crate) const QUOTED_CHARS: usize = 40;

/// User text as a message quotes it (errors keep it this way, so their English text and their
/// coded parameters both stay short): control characters escaped (`\u{7}`), so the message stays
/// one readable line, and when longer than `max` characters cut in the middle with its length:
/// `"99999999999999999999999999…9999999999999 (5,000 characters)"`.
pub(crate) fn quoted(text: &str, max: usize) -> String {
    let mut out = shortened(text, max);
    let count = text.chars().count();
    if count > max {
        out.push_str(&format!(" ({} characters)", group_thousands(count as u64)));
    }
    out
}

/// User text as the core's messages quote it ([`QUOTED_CHARS`] at most), for the command line's
/// own refusals of a flag's value.
#[must_use]
pub fn quoted_value(text: &str) -> String {
    quoted(text, QUOTED_CHARS)
}

/// Whether `c` sets the direction of the text after it (U+202A–U+202E embeddings and overrides,
/// U+2066–U+2069 isolates): in a name or a quote it would reverse or reorder what follows it on
/// the line (a narration, an error message), so names refuse it and quotes escape it.
pub(crate) fn is_direction_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Whether `c` draws nothing of its own: Unicode's default-ignorable code points (zero-width
/// spaces and joiners, marks of direction, variation selectors, the byte-order mark, tags, …).
/// A name of only these cannot be seen.
pub(crate) fn is_invisible(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}'..='\u{1160}' | '\u{17B4}'..='\u{17B5}'
        | '\u{180B}'..='\u{180F}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{206F}' | '\u{3164}' | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}'
        | '\u{FFA0}' | '\u{FFF0}'..='\u{FFF8}' | '\u{1BCA0}'..='\u{1BCA3}'
        | '\u{1D173}'..='\u{1D17A}' | '\u{E0000}'..='\u{E0FFF}')
}

/// Whether `c` is an accent drawn over or under the character before it, from the blocks of
/// combining marks shared by every script (the ones a stack of dozens is made of).
pub(crate) fn is_combining_accent(c: char) -> bool {
    matches!(c,
        '\u{0300}'..='\u{036F}' | '\u{0483}'..='\u{0489}' | '\u{1AB0}'..='\u{1AFF}'
        | '\u{1DC0}'..='\u{1DFF}' | '\u{20D0}'..='\u{20FF}' | '\u{FE20}'..='\u{FE2F}')
}

/// `text` with the characters that cannot be seen on their own (`is_invisible`, a combining
/// accent) escaped (`\u{200b}`), for a message about them: quoted as typed, they would be as
/// invisible in the message as in the tanks, or stacked over its words.
pub(crate) fn unseen_escaped(text: &str) -> String {
    text.chars()
        .map(|c| {
            if is_invisible(c) || is_combining_accent(c) {
                c.escape_unicode().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// Whether `c` shows nothing by itself: an invisible character, an accent with no letter under
/// it, or a blank that is not a space (U+2800, the empty Braille pattern).
pub(crate) fn shows_nothing(c: char) -> bool {
    is_invisible(c) || is_combining_accent(c) || c == '\u{2800}'
}

/// `name` as it looks: without its invisible characters, so that two names that differ only in
/// them are seen as one.
pub(crate) fn look_of(name: &str) -> String {
    name.chars().filter(|&c| !is_invisible(c)).collect()
}

/// Whether `c` belongs to a right-to-left script (Hebrew, Arabic, Syriac, Thaana, N'Ko and
/// others, their presentation forms) or is a right-to-left mark.
fn is_right_to_left(c: char) -> bool {
    matches!(c,
        '\u{0590}'..='\u{08FF}' | '\u{FB1D}'..='\u{FDFF}' | '\u{FE70}'..='\u{FEFC}' | '\u{200F}'
        | '\u{10800}'..='\u{10FFF}' | '\u{1E800}'..='\u{1EFFF}')
}

/// A node's name as a sentence holds it: a name in a right-to-left script isolated (U+2068 …
/// U+2069), so the numbers after it keep their order (`שרת −3→2`, not `2→3− שרת`).
pub(crate) fn in_sentence(name: &str) -> Cow<'_, str> {
    if name.chars().any(is_right_to_left) {
        Cow::Owned(format!("\u{2068}{name}\u{2069}"))
    } else {
        Cow::Borrowed(name)
    }
}

/// As [`quoted`] without the length: for names in a list.
pub(crate) fn shortened(text: &str, max: usize) -> String {
    let escape = |c: char| -> String {
        if c.is_control() || is_direction_control(c) {
            c.escape_unicode().to_string()
        } else {
            c.to_string()
        }
    };
    let count = text.chars().count();
    if count <= max {
        return text.chars().map(escape).collect();
    }
    let head = max * 2 / 3;
    let tail = max - head - 1;
    let mut out: String = text.chars().take(head).map(escape).collect();
    out.push('…');
    out.extend(text.chars().skip(count - tail).map(escape));
    out
}

/// `1000000000` → `1,000,000,000`.
pub(crate) fn group_thousands(value: u64) -> String {
    group_thousands_u128(u128::from(value))
}

pub(crate) fn group_thousands_u128(value: u128) -> String {
    let digits = value.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}
