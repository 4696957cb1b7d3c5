//! A word that names none of the choices of an option (`--algo`, `--tie`, a theme, …).

use crate::message::{params, Coded, Params};

/// Which option a word was meant for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Choice {
    Algorithm,
    Tie,
    Subtract,
    Ranking,
    Format,
    PictureKind,
    Theme,
    Phase,
}

/// A word that is none of the choices of an option, e.g. `--tie middle`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownChoice {
    pub choice: Choice,
    /// The word as given.
    pub given: String,
}

impl UnknownChoice {
    pub(crate) fn new(choice: Choice, given: &str) -> Self {
        Self {
            choice,
            given: crate::input::text::quoted(given, crate::input::text::QUOTED_CHARS),
        }
    }
}

crate::message::english_display!(UnknownChoice: CHOICE);

impl std::error::Error for UnknownChoice {}

impl Coded for UnknownChoice {
    fn coded(&self) -> (&'static str, Params) {
        let code = match self.choice {
            Choice::Algorithm => "choice.algorithm",
            Choice::Tie => "choice.tie",
            Choice::Subtract => "choice.subtract",
            Choice::Ranking => "choice.ranking",
            Choice::Format => "choice.format",
            Choice::PictureKind => "choice.picture_kind",
            Choice::Theme => "choice.theme",
            Choice::Phase => "choice.phase",
        };
        (code, params!["given" => &self.given])
    }
}
