//! Weights as people type them: the vector, its parser, and why a text was refused.

pub(crate) mod error;
pub(crate) mod parse;
pub(crate) mod vector;
