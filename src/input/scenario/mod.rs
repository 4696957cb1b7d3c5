//! Scenarios: events on the timeline of a run, their text syntax, and why a text was refused.

pub(crate) mod error;
pub(crate) mod events;
pub(crate) mod parse;
