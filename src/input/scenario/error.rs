//! Why a scenario text was refused, naming the event, the token, where it is and what is accepted.

use std::fmt;

use crate::input::text::{group_thousands, Position};
use crate::message::{params, Arg, Coded, Params};

/// One offending token of a scenario: its text, the event it belongs to (1-based) and where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventToken {
    pub text: String,
    pub event: usize,
    pub position: Position,
}

crate::message::coded! {
    display EventToken: SCENARIO;
    Self { text, event, position } => "scenario.token"
        ["event" => *event, "text" => text, "at" => position.message()],
}

/// The nodes an unknown name could have been: the first few names, and how many there are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NodeList {
    /// The first names (at most 8).
    pub shown: Vec<String>,
    /// How many nodes there are.
    pub count: usize,
}

crate::message::english_display!(NodeList: SCENARIO);

impl Coded for NodeList {
    fn coded(&self) -> (&'static str, Params) {
        let names = Arg::list(&self.shown);
        if self.count > self.shown.len() {
            (
                "scenario.nodes_more",
                params!["names" => names, "count" => self.count],
            )
        } else {
            ("scenario.nodes", params!["names" => names])
        }
    }
}

/// Which number of an event was wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum NumberKind {
    /// `=WEIGHT`.
    Weight,
    /// `slowstart STEPS`.
    SlowStartSteps,
    /// `fail COUNT`.
    FailureCount,
    /// `max_fails=N`.
    MaxFails,
    /// `timeout=SECONDS`.
    Timeout,
}

impl NumberKind {
    /// The number's name in the English message.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Weight => "weight",
            Self::SlowStartSteps => "slow-start length in steps",
            Self::FailureCount => "failure count",
            Self::MaxFails => "max_fails",
            Self::Timeout => "timeout in seconds",
        }
    }
}

/// What was expected where an unexpected word stood.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Expected {
    /// After `=WEIGHT` or `drain`: keep, reset, reset-node or scale.
    Policy,
    /// After `slowstart STEPS`: linear or dubbo.
    Curve,
    /// After a complete event.
    NextEvent,
    /// After `fail [COUNT]` or `dead`: `max_fails=N`, `timeout=SECONDS` or the end.
    FailOption,
    /// After `max_fails` or `timeout`: `=` and a number.
    FailEquals,
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Policy => "a policy: keep, reset, reset-node or scale",
            Self::Curve => "a curve: linear or dubbo",
            Self::NextEvent => "';' or a new line before the next event",
            Self::FailOption => "max_fails=N, timeout=SECONDS, or ';' before the next event",
            Self::FailEquals => "'=' and a number after it, e.g. max_fails=3",
        })
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
        nodes: NodeList,
        suggestion: Option<String>,
    },
    /// A node and no action.
    MissingAction { event: usize, position: Position },
    /// A word that is not an action.
    UnknownAction(EventToken),
    /// A number that is missing, not a whole number, or out of range.
    BadNumber {
        token: EventToken,
        what: NumberKind,
        min: u64,
        max: u64,
    },
    /// Something after a complete event.
    Unexpected {
        token: EventToken,
        expected: Expected,
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

crate::message::coded! {
    error ScenarioError: SCENARIO;
    Self::MissingStep(t) => "scenario.missing_step" ["token" => t.message()],
    Self::BadStep { token, max } => "scenario.bad_step"
        ["token" => token.message(), "max" => group_thousands(*max)],
    Self::MissingNode { event, position } => "scenario.missing_node"
        ["event" => *event, "at" => position.message()],
    Self::UnknownNode { token, nodes, suggestion: None } => "scenario.unknown_node"
        ["token" => token.message(), "nodes" => nodes.message()],
    Self::UnknownNode { token, nodes, suggestion: Some(s) } => "scenario.unknown_node_suggestion"
        ["token" => token.message(), "suggestion" => s, "nodes" => nodes.message()],
    Self::MissingAction { event, position } => "scenario.missing_action"
        ["event" => *event, "at" => position.message()],
    Self::UnknownAction(t) => "scenario.unknown_action" ["token" => t.message()],
    Self::BadNumber { token, what, min, max } => (match what {
        NumberKind::Weight => "scenario.bad_weight",
        NumberKind::SlowStartSteps => "scenario.bad_slowstart_steps",
        NumberKind::FailureCount => "scenario.bad_failure_count",
        NumberKind::MaxFails => "scenario.bad_max_fails",
        NumberKind::Timeout => "scenario.bad_timeout",
    }) [
        "token" => token.message(),
        "min" => group_thousands(*min),
        "max" => group_thousands(*max),
    ],
    Self::Unexpected { token, expected } => (match expected {
        Expected::Policy => "scenario.expected_policy",
        Expected::Curve => "scenario.expected_curve",
        Expected::NextEvent => "scenario.expected_next_event",
        Expected::FailOption => "scenario.expected_fail_option",
        Expected::FailEquals => "scenario.expected_fail_equals",
    }) ["token" => token.message()],
    Self::TooManyEvents { count, max } => "scenario.too_many_events"
        ["count" => *count, "max" => *max],
}
