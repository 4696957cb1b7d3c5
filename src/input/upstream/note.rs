//! What reading an upstream block turned into events, left out or found not to apply.

use std::fmt;

use crate::message::{params, Arg, Coded, Params};

/// What reading an upstream block turned into events, left out or does not apply: one sentence
/// each.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum UpstreamNote {
    /// A balancing method other than weighted round-robin: `(directive, line)` each.
    Balancers(Vec<(String, usize)>),
    /// Backup servers, set as backup by the scenario (their lines).
    Backups(Vec<usize>),
    /// Servers marked down, taken out by the scenario (their lines).
    Down(Vec<usize>),
    /// Servers with max_fails or fail_timeout, set by the scenario (their lines).
    Failures(Vec<usize>),
    /// Servers with other parameters, ignored (their lines).
    OtherParameters(Vec<usize>),
    /// Directives that do not change the picks.
    Ignored(Vec<String>),
}

fn join_lines(lines: &[usize]) -> String {
    lines
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

impl fmt::Display for UpstreamNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Balancers(balancers) => write!(
                f,
                "This upstream balances with {}, not weighted round-robin; shown here is nginx's weighted round-robin with the same weights.",
                balancers
                    .iter()
                    .map(|(directive, line)| format!("{directive} (line {line})"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Self::Backups(lines) => write!(
                f,
                "Backup servers (line {}) are backups in the scenario (@1 NAME backup): nginx sends them requests only when no primary server can be picked.",
                join_lines(lines)
            ),
            Self::Down(lines) => write!(
                f,
                "Servers marked down (line {}) are down in the scenario (@1 NAME down): never picked, as nginx skips them.",
                join_lines(lines)
            ),
            Self::Failures(lines) => write!(
                f,
                "max_fails and fail_timeout (line {}) are set in the scenario (@1 NAME max_fails=N timeout=SECONDS): they count when an attempt fails (dead, fail).",
                join_lines(lines)
            ),
            Self::OtherParameters(lines) => write!(
                f,
                "Other server parameters are ignored (line {}).",
                join_lines(lines)
            ),
            Self::Ignored(directives) => write!(
                f,
                "Ignored, as they do not change which server is picked: {}.",
                directives.join(", ")
            ),
        }
    }
}

/// One balancing directive and its line, inside a note.
struct Balancer<'a>(&'a str, usize);

impl fmt::Display for Balancer<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (line {})", self.0, self.1)
    }
}

impl Coded for Balancer<'_> {
    fn coded(&self) -> (&'static str, Params) {
        (
            "nginx.balancer",
            params!["directive" => self.0, "line" => self.1],
        )
    }
}

impl Coded for UpstreamNote {
    fn coded(&self) -> (&'static str, Params) {
        let lines = |lines: &[usize]| Arg::list(lines.iter().copied());
        match self {
            Self::Balancers(balancers) => (
                "nginx.note_balancers",
                params![
                    "balancers" => Arg::list(
                        balancers.iter().map(|(d, line)| Balancer(d, *line).message()),
                    ),
                ],
            ),
            Self::Backups(l) => ("nginx.note_backups", params!["lines" => lines(l)]),
            Self::Down(l) => ("nginx.note_down", params!["lines" => lines(l)]),
            Self::Failures(l) => ("nginx.note_failures", params!["lines" => lines(l)]),
            Self::OtherParameters(l) => {
                ("nginx.note_other_parameters", params!["lines" => lines(l)])
            }
            Self::Ignored(directives) => (
                "nginx.note_ignored",
                params!["directives" => Arg::list(directives)],
            ),
        }
    }
}
