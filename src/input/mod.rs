//! Text in: weight vectors (decimals, names), scenario text and its events, nginx `upstream`
//! blocks, and the named choices (algorithm, tie rule, format…) — each parsed into a value or
//! refused with an error that says which input is wrong and what would be accepted.
//!
//! Imports only [`message`](crate::message); every other layer builds on what this one parses.

pub(crate) mod choice;
pub(crate) mod decimal;
pub(crate) mod limits;
pub(crate) mod names;
pub(crate) mod scenario;
pub(crate) mod text;
pub(crate) mod upstream;
pub(crate) mod weights;

pub use choice::{Choice, UnknownChoice};
pub use decimal::plain_decimal;
pub use limits::{
    MAX_DECIMALS, MAX_EVENTS, MAX_FAILS, MAX_NAME_CHARS, MAX_NAME_MARKS, MAX_NODES, MAX_RAMP_STEPS,
    MAX_STEP, MAX_UPSTREAM_BYTES, MAX_WEIGHT,
};
pub use names::default_name;
pub use scenario::error::{EventToken, Expected, NodeList, NumberKind, ScenarioError};
pub use scenario::events::{Action, Curve, Event, HealthSettings, Policy, Scenario};
pub use text::{quoted_value, Position};
pub use upstream::block::{Upstream, UpstreamServer, UpstreamTraffic};
pub use upstream::error::{ParameterProblem, UpstreamError, UpstreamPlace, UpstreamProblem};
pub use upstream::note::{PlaceLimit, RetryPlace, UpstreamNote};
pub use upstream::read::{parse_named_upstream, parse_upstream};
pub use upstream::scenario::nginx_seconds;
pub use weights::error::{NameProblem, Token, WeightError};
pub use weights::vector::{Node, Normalisation, Weights};
