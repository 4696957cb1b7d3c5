//! Why a weights text was refused, in words that name the input and say what would be accepted.

use std::fmt;

use crate::input::text::group_thousands;
use crate::input::text::Position;
use crate::message::{params, Coded, Params};

/// One offending token: its text, the node it would have been (1-based), and where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    pub text: String,
    pub node: usize,
    pub position: Position,
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "weight {} \"{}\" (at {})",
            self.node, self.text, self.position
        )
    }
}

impl Coded for Token {
    fn coded(&self) -> (&'static str, Params) {
        (
            "weights.token",
            params!["node" => self.node, "text" => &self.text, "at" => self.position.message()],
        )
    }
}

/// Why a node name cannot be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum NameProblem {
    /// More than [`MAX_NAME_CHARS`](crate::input::MAX_NAME_CHARS) characters.
    TooLong,
    /// A control character (a tab, a bell, …).
    ControlCharacter,
}

impl fmt::Display for NameProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TooLong => write!(
                f,
                "names are at most {} characters",
                crate::input::limits::MAX_NAME_CHARS
            ),
            Self::ControlCharacter => f.write_str("names cannot contain control characters"),
        }
    }
}

/// A weights text that cannot be used, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum WeightError {
    /// Nothing but separators was typed.
    Empty,
    /// A token that is not a number (nor `name=number`).
    NotANumber(Token),
    /// A `name=` with no number after it.
    MissingWeight(Token),
    /// A `=number` with no name before it.
    MissingName(Token),
    /// A name with characters that cannot be shown or confused with separators.
    BadName { token: Token, reason: NameProblem },
    /// A number below zero.
    Negative(Token),
    /// NaN or infinity.
    NotFinite(Token),
    /// More decimal places than the engine keeps exactly.
    TooManyDecimals { token: Token, places: usize },
    /// Some weights are percentages and others are not.
    MixedPercent { token: Token },
    /// A weight above the limit; `normalised` is the integer it became when decimals were scaled.
    TooLarge {
        token: Token,
        normalised: Option<String>,
    },
    /// Every weight is zero: no node could ever be picked.
    AllZero,
    /// Two nodes with the same name.
    DuplicateName {
        name: String,
        first: usize,
        second: usize,
        position: Position,
    },
    /// More nodes than the limit.
    TooManyNodes { count: usize },
}

impl fmt::Display for WeightError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use crate::input::limits::{MAX_DECIMALS, MAX_NODES, MAX_WEIGHT};
        const ACCEPTED: &str =
            "a non-negative number such as 5, 2.5 or 30%, optionally named like A=5";
        match self {
            Self::Empty => write!(
                f,
                "no weights given: type numbers separated by commas, spaces or colons, e.g. 5,3,2 or A=5 B=3 C=2"
            ),
            Self::NotANumber(t) => write!(f, "{t} is not a number: expected {ACCEPTED}"),
            Self::MissingWeight(t) => write!(f, "{t} has a name but no number after '=': write it like A=5"),
            Self::MissingName(t) => write!(f, "{t} has '=' but no name before it: write it like A=5, or just 5"),
            Self::BadName { token, reason } => write!(f, "{token} has an unusable name: {reason}"),
            Self::Negative(t) => write!(f, "{t} is negative: weights are 0 or more (0 drains a node)"),
            Self::NotFinite(t) => write!(f, "{t} is not a finite number: expected {ACCEPTED}"),
            Self::TooManyDecimals { token, places } => write!(
                f,
                "{token} has {places} decimal places: at most {MAX_DECIMALS} are kept exactly"
            ),
            Self::MixedPercent { token } => write!(
                f,
                "{token} mixes percentages and plain numbers: use % on every weight or on none"
            ),
            Self::TooLarge { token, normalised: None } => {
                write!(f, "{token} is above the limit: weights go up to {}", group_thousands(MAX_WEIGHT))
            }
            Self::TooLarge { token, normalised: Some(n) } => write!(
                f,
                "{token} becomes {n} once the decimals are made whole numbers: weights go up to {}",
                group_thousands(MAX_WEIGHT)
            ),
            Self::AllZero => write!(f, "every weight is 0: at least one node needs a weight above 0 to be picked"),
            Self::DuplicateName { name, first, second, position } => write!(
                f,
                "the name \"{name}\" is used by weight {first} and again by weight {second} (at {position}): names must be unique"
            ),
            Self::TooManyNodes { count } => write!(
                f,
                "{} weights given: at most {} nodes are supported",
                group_thousands(*count as u64),
                group_thousands(MAX_NODES as u64)
            ),
        }
    }
}

impl std::error::Error for WeightError {}

impl Coded for WeightError {
    fn coded(&self) -> (&'static str, Params) {
        use crate::input::limits::{MAX_DECIMALS, MAX_NAME_CHARS, MAX_NODES, MAX_WEIGHT};
        let max_weight = group_thousands(MAX_WEIGHT);
        match self {
            Self::Empty => ("weights.empty", params![]),
            Self::NotANumber(t) => ("weights.not_a_number", params!["token" => t.message()]),
            Self::MissingWeight(t) => ("weights.missing_weight", params!["token" => t.message()]),
            Self::MissingName(t) => ("weights.missing_name", params!["token" => t.message()]),
            Self::BadName { token, reason } => match reason {
                NameProblem::TooLong => (
                    "weights.name_too_long",
                    params!["token" => token.message(), "max" => MAX_NAME_CHARS],
                ),
                NameProblem::ControlCharacter => {
                    ("weights.name_control", params!["token" => token.message()])
                }
            },
            Self::Negative(t) => ("weights.negative", params!["token" => t.message()]),
            Self::NotFinite(t) => ("weights.not_finite", params!["token" => t.message()]),
            Self::TooManyDecimals { token, places } => (
                "weights.too_many_decimals",
                params!["token" => token.message(), "places" => *places, "max" => MAX_DECIMALS],
            ),
            Self::MixedPercent { token } => {
                ("weights.mixed_percent", params!["token" => token.message()])
            }
            Self::TooLarge {
                token,
                normalised: None,
            } => (
                "weights.too_large",
                params!["token" => token.message(), "max" => max_weight],
            ),
            Self::TooLarge {
                token,
                normalised: Some(n),
            } => (
                "weights.too_large_normalised",
                params!["token" => token.message(), "value" => n, "max" => max_weight],
            ),
            Self::AllZero => ("weights.all_zero", params![]),
            Self::DuplicateName {
                name,
                first,
                second,
                position,
            } => (
                "weights.duplicate_name",
                params![
                    "name" => name,
                    "first" => *first,
                    "second" => *second,
                    "at" => position.message(),
                ],
            ),
            Self::TooManyNodes { count } => (
                "weights.too_many_nodes",
                params![
                    "count" => group_thousands(*count as u64),
                    "max" => group_thousands(MAX_NODES as u64),
                ],
            ),
        }
    }
}
