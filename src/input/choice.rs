//! A word that names none of the choices of an option (`--algo`, `--tie`, a theme, …).

use std::fmt;

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

impl fmt::Display for UnknownChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let given = &self.given;
        match self.choice {
            Choice::Algorithm => write!(
                f,
                "unknown algorithm \"{given}\": expected swrr (nginx), classic, interleaved, random, edf, grpc, grpc-java or envoy"
            ),
            Choice::Tie => write!(
                f,
                "unknown tie rule \"{given}\": expected first (nginx) or last"
            ),
            Choice::Subtract => write!(
                f,
                "unknown subtract rule \"{given}\": expected total (nginx) or own (the broken variant)"
            ),
            Choice::Ranking => write!(
                f,
                "unknown ranking \"{given}\": expected weight, lag, run or window"
            ),
            Choice::Format => write!(
                f,
                "unknown format \"{given}\": expected table, markdown, csv or json"
            ),
            Choice::PictureKind => write!(
                f,
                "unknown kind \"{given}\": expected tanks, strip, table or animated"
            ),
            Choice::Theme => write!(
                f,
                "unknown theme \"{given}\": expected auto, light or dark"
            ),
            Choice::Phase => write!(
                f,
                "unknown phase \"{given}\": expected fill, pick or drain"
            ),
        }
    }
}

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
