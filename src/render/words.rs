//! How the pictures word their texts: every text of an SVG picture is a catalog message — a code
//! and named parameters — worded through one seam, [`Wording`]. By default English from the
//! catalog (`message::english`, what the CLI prints); the page hands the facade its own words
//! (`exportSvg`'s `words`), so a picture exported from a Chinese page says the Chinese of
//! `www/words/core-messages-zh.js`.
//!
//! ```
//! use swrr_viz::render::{Worded, Wording, Words};
//! struct Codes;
//! impl Words for Codes {
//!     fn word(&self, code: &str, _: &[(&'static str, Worded)]) -> String {
//!         format!("‹{code}›")
//!     }
//! }
//! assert_eq!(Wording::new(Codes).word("figure.step", &[("t", Worded::Text("3".into()))]), "‹figure.step›");
//! assert_eq!(Wording::default().word("figure.step", &[("t", Worded::Text("3".into()))]), "Step 3");
//! ```

use std::fmt;
use std::rc::Rc;

use crate::message::{codes, english, entry, list_separator, Arg, Message, Params};

/// A parameter as a picture hands it to its words: text already in the language, or items the
/// language lists ("A, B and C") or runs together ("A, B").
#[derive(Debug, Clone)]
pub enum Worded {
    /// Text as it is shown: a name, a number, a sentence worded before.
    Text(String),
    /// Items listed: "A, B and C".
    List(Vec<String>),
    /// Items run together: "A, B".
    Joined(Vec<String>),
}

impl Worded {
    /// The English words: a list as "A, B and C", joined items as "A, B".
    #[must_use]
    pub fn english(&self) -> String {
        match self {
            Self::Text(text) => text.clone(),
            Self::List(items) => crate::render::narration::list(items),
            Self::Joined(items) => items.join(&list_separator()),
        }
    }

    /// As a message's parameter (joined items a list, as `Arg::List`'s English joins them).
    fn arg(&self) -> Arg {
        match self {
            Self::Joined(items) => Arg::list(items.iter().map(String::as_str)),
            other => Arg::Text(other.english()),
        }
    }
}

/// Words of a language: the text of a catalog code with its parameters.
pub trait Words {
    /// The template of `code` in this language with `params` filled in.
    fn word(&self, code: &str, params: &[(&'static str, Worded)]) -> String;
}

/// The catalog's English (`www/core-messages.js`).
#[derive(Debug, Clone, Copy, Default)]
pub struct English;

impl Words for English {
    fn word(&self, code: &str, params: &[(&'static str, Worded)]) -> String {
        english(code, &english_params(params))
    }
}

/// The parameters as the English message holds them.
pub(crate) fn english_params(params: &[(&'static str, Worded)]) -> Params {
    params.iter().map(|(name, p)| (*name, p.arg())).collect()
}

/// The words a picture is written in: English unless told ([`Wording::new`]).
#[derive(Clone, Default)]
pub struct Wording(Option<Rc<dyn Words>>);

impl Wording {
    /// Pictures worded by `words`.
    pub fn new(words: impl Words + 'static) -> Self {
        Self(Some(Rc::new(words)))
    }

    /// `code` with `params`, each already worded.
    #[must_use]
    pub fn word(&self, code: &str, params: &[(&'static str, Worded)]) -> String {
        match &self.0 {
            Some(words) => words.word(code, params),
            None => English.word(code, params),
        }
    }

    /// `code` with `args`, each a text as it is shown (a name, a number, a text worded before).
    pub(crate) fn say(&self, code: &str, args: &Args<'_>) -> String {
        let worded: Vec<(&'static str, Worded)> = args
            .iter()
            .map(|(name, value)| (*name, Worded::Text(value.to_string())))
            .collect();
        self.word(code, &worded)
    }
}

/// A picture's parameters: each a name and what it shows (see [`args!`]).
pub(crate) type Args<'a> = [(&'static str, &'a dyn fmt::Display)];

/// `args!["t" => view.t, "weights" => label]`: the parameters of [`Wording::say`], borrowed
/// (lighter than a `message::Params` at every call of a picture).
macro_rules! args {
    ($($name:literal => $value:expr),* $(,)?) => {
        [$(($name, &$value as &dyn ::std::fmt::Display)),*]
    };
}
pub(crate) use args;

/// Sentences one after another: a space between them, none after a full-width stop (Chinese
/// runs its sentences together: "…。…").
pub(crate) fn sentences(items: &[String]) -> String {
    let mut out = String::new();
    for item in items {
        let full_width = out.ends_with(['。', '！', '？', '；', '：']);
        if !out.is_empty() && !full_width {
            out.push(' ');
        }
        out.push_str(item);
    }
    out
}

/// One message of every picture text (`figure.*`), with values of a run of 5,3,2: for
/// `message_samples`, which the page's translation tests word in each language.
pub(crate) fn samples() -> Vec<Message> {
    let value = |name: &str| -> &str {
        match name {
            "weights" => "A=5 B=3 C=2",
            "name" => "A",
            "tied" => "A = B",
            "servers" => "A > B",
            "t" | "first" | "request" => "5",
            "level" | "before" | "drained" => "−5",
            "filled" => "5",
            "last" | "period" | "total" | "steps" => "10",
            "phase" => "pick",
            "rule" => "first in list",
            "nginx" => " (nginx)",
            "out" | "repeats" | "ending" => "",
            "tie" => "last",
            "subtract" => "total",
            "scenario" => "@3 A=0",
            "narration" => "A is the fullest at 10 and is picked.",
            "sum" => "Σ levels = 10: the 10 just added",
            "summary" => "Steps 1–5.",
            _ => "3",
        }
    };
    codes()
        .filter(|code| code.starts_with("figure."))
        .map(|code| {
            let names = entry(code).map_or(&[][..], |(names, _)| names);
            let params: Params = names
                .iter()
                .map(|&name| (name, Arg::Text(value(name).to_string())))
                .collect();
            Message {
                code,
                text: english(code, &params),
                params,
            }
        })
        .collect()
}

impl fmt::Debug for Wording {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0.is_some() {
            "Wording(given)"
        } else {
            "Wording(English)"
        })
    }
}

/// The same words: both English, or the very same `Words`.
impl PartialEq for Wording {
    fn eq(&self, other: &Self) -> bool {
        match (&self.0, &other.0) {
            (None, None) => true,
            (Some(a), Some(b)) => Rc::ptr_eq(a, b),
            _ => false,
        }
    }
}

impl Eq for Wording {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_take_a_space_but_after_a_full_width_stop() {
        let s =
            |items: &[&str]| sentences(&items.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        assert_eq!(s(&["A wins.", "B drains."]), "A wins. B drains.");
        assert_eq!(s(&["A 胜出。", "B 排水。"]), "A 胜出。B 排水。");
        assert_eq!(s(&[]), "");
    }
}
