//! Why a weights text was refused, in words that name the input and say what would be accepted.

use crate::input::limits::{MAX_DECIMALS, MAX_NAME_CHARS, MAX_NAME_MARKS, MAX_NODES, MAX_WEIGHT};
use crate::input::text::group_thousands;
use crate::input::text::Position;

/// One offending token: its text, the node it would have been (1-based), and where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    pub text: String,
    pub node: usize,
    pub position: Position,
}

crate::message::coded! {
    display Token: WEIGHTS;
    Self { text, node, position } => "weights.token"
        ["node" => *node, "text" => text, "at" => position.message()],
}

/// Why a node name cannot be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum NameProblem {
    /// More than [`MAX_NAME_CHARS`](crate::input::MAX_NAME_CHARS) characters.
    TooLong,
    /// A control character (a tab, a bell, …).
    ControlCharacter,
    /// A text-direction control (U+202E and its kin), which would reverse the text after the name.
    DirectionControl,
    /// Nothing that can be seen: only zero-width and other invisible characters, accents with no
    /// letter under them, blanks.
    Invisible,
    /// More than [`MAX_NAME_MARKS`](crate::input::MAX_NAME_MARKS) accents on one character.
    TooManyMarks,
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
    /// Nothing between two separators, between two weights (`5,,2`): the `node`th weight is
    /// missing, at `position` (the separator after the gap).
    EmptyItem { node: usize, position: Position },
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
    /// Two names that differ only in invisible characters (`A` and `A` + U+200B).
    LookAlikeNames {
        /// Both names as a message quotes them, the invisible characters escaped.
        names: (String, String),
        first: usize,
        second: usize,
        position: Position,
    },
    /// More nodes than the limit.
    TooManyNodes { count: usize },
}

crate::message::coded! {
    error WeightError: WEIGHTS;
    Self::Empty => "weights.empty" [],
    Self::NotANumber(t) => "weights.not_a_number" ["token" => t.message()],
    Self::MissingWeight(t) => "weights.missing_weight" ["token" => t.message()],
    Self::MissingName(t) => "weights.missing_name" ["token" => t.message()],
    Self::BadName { token, reason: NameProblem::TooLong } => "weights.name_too_long"
        ["token" => token.message(), "max" => MAX_NAME_CHARS],
    Self::BadName { token, reason: NameProblem::ControlCharacter } => "weights.name_control"
        ["token" => token.message()],
    Self::BadName { token, reason: NameProblem::DirectionControl } => "weights.name_direction"
        ["token" => token.message()],
    Self::BadName { token, reason: NameProblem::Invisible } => "weights.name_invisible"
        ["token" => token.message()],
    Self::BadName { token, reason: NameProblem::TooManyMarks } => "weights.name_marks"
        ["token" => token.message(), "max" => MAX_NAME_MARKS],
    Self::EmptyItem { node, position } => "weights.empty_item"
        ["node" => *node, "at" => position.message()],
    Self::Negative(t) => "weights.negative" ["token" => t.message()],
    Self::NotFinite(t) => "weights.not_finite" ["token" => t.message()],
    Self::TooManyDecimals { token, places } => "weights.too_many_decimals"
        ["token" => token.message(), "places" => *places, "max" => MAX_DECIMALS],
    Self::MixedPercent { token } => "weights.mixed_percent" ["token" => token.message()],
    Self::TooLarge { token, normalised: None } => "weights.too_large"
        ["token" => token.message(), "max" => group_thousands(MAX_WEIGHT)],
    Self::TooLarge { token, normalised: Some(n) } => "weights.too_large_normalised"
        ["token" => token.message(), "value" => n, "max" => group_thousands(MAX_WEIGHT)],
    Self::AllZero => "weights.all_zero" [],
    Self::DuplicateName { name, first, second, position } => "weights.duplicate_name"
        ["name" => name, "first" => *first, "second" => *second, "at" => position.message()],
    Self::LookAlikeNames { names, first, second, position } => "weights.look_alike_names"
        ["first_name" => names.0.as_str(), "second_name" => names.1.as_str(),
         "first" => *first, "second" => *second, "at" => position.message()],
    Self::TooManyNodes { count } => "weights.too_many_nodes" [
        "count" => group_thousands(*count as u64),
        "max" => group_thousands(MAX_NODES as u64),
    ],
}
