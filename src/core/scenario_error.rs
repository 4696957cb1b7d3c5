//! Why a scenario text was refused, naming the event, the token, where it is and what is accepted.

use std::fmt;

use super::weight_error::{group_thousands, Position};

/// One offending token of a scenario: its text, the event it belongs to (1-based) and where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventToken {
    pub text: String,
    pub event: usize,
    pub position: Position,
}

impl fmt::Display for EventToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "event {}: \"{}\" (at {})",
            self.event, self.text, self.position
        )
    }
}

/// A scenario text that cannot be used, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ScenarioError {
    /// An event that does not start with `@STEP`.
    MissingStep(EventToken),
    /// `@` followed by something that is not a step number from 1 on.
    BadStep { token: EventToken, max: u64 },
    /// `@STEP` and nothing after it.
    MissingNode { event: usize, position: Position },
    /// A name that is not one of the weights' nodes.
    UnknownNode {
        token: EventToken,
        nodes: String,
        suggestion: Option<String>,
    },
    /// A node and no action.
    MissingAction { event: usize, position: Position },
    /// A word that is not an action.
    UnknownAction(EventToken),
    /// A number that is missing, not a whole number, or out of range.
    BadNumber {
        token: EventToken,
        what: &'static str,
        accepted: String,
    },
    /// Something after a complete event.
    Unexpected {
        token: EventToken,
        expected: &'static str,
    },
    /// More events than the limit.
    TooManyEvents { count: usize, max: usize },
}

impl ScenarioError {
    /// The token the error is about, when there is one.
    #[must_use]
    pub fn token(&self) -> Option<&EventToken> {
        match self {
            Self::MissingStep(t) | Self::UnknownAction(t) => Some(t),
            Self::BadStep { token, .. }
            | Self::UnknownNode { token, .. }
            | Self::BadNumber { token, .. }
            | Self::Unexpected { token, .. } => Some(token),
            Self::MissingNode { .. } | Self::MissingAction { .. } | Self::TooManyEvents { .. } => {
                None
            }
        }
    }
}

/// Every action, for messages.
pub(crate) const ACTIONS: &str =
    "=WEIGHT [keep|reset|reset-node|scale], drain, down, up, slowstart STEPS [linear|dubbo], or fail [COUNT] [max_fails=N] [timeout=STEPS]";

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::MissingStep(t) => write!(
                f,
                "{t} should be @STEP: every event starts with the step it happens at, e.g. @20 B=80"
            ),
            Self::BadStep { token, max } => write!(
                f,
                "{token} is not a step: write @ and a whole number from 1 (the first pick) to {}, e.g. @20",
                group_thousands(*max)
            ),
            Self::MissingNode { event, position } => write!(
                f,
                "event {event} (at {position}) has a step but no node: write e.g. @20 B=80"
            ),
            Self::UnknownNode {
                token,
                nodes,
                suggestion,
            } => {
                write!(f, "{token} is not a node")?;
                if let Some(s) = suggestion {
                    write!(f, " (did you mean \"{s}\"?)")?;
                }
                write!(f, ": the nodes are {nodes}, or #1, #2, … by position")
            }
            Self::MissingAction { event, position } => write!(
                f,
                "event {event} (at {position}) names a node but no action: expected {ACTIONS}"
            ),
            Self::UnknownAction(t) => write!(f, "{t} is not an action: expected {ACTIONS}"),
            Self::BadNumber {
                token,
                what,
                accepted,
            } => write!(f, "{token} is not a valid {what}: expected {accepted}"),
            Self::Unexpected { token, expected } => {
                write!(f, "{token} was not expected here: expected {expected}")
            }
            Self::TooManyEvents { count, max } => {
                write!(f, "{count} events given: at most {max} are supported")
            }
        }
    }
}

impl std::error::Error for ScenarioError {}
