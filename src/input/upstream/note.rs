//! What reading an upstream block turned into events, left out or found not to apply.

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
    /// Other server parameters, ignored: their names, each once, and the lines they are on.
    OtherParameters {
        parameters: Vec<String>,
        lines: Vec<usize>,
    },
    /// Directives that do not change the picks.
    Ignored(Vec<String>),
}

crate::message::english_display!(UpstreamNote: NGINX);

/// One balancing directive and its line, inside a note.
struct Balancer<'a>(&'a str, usize);

crate::message::english_display!(Balancer<'_>: NGINX);

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
            Self::OtherParameters {
                parameters,
                lines: l,
            } => (
                "nginx.note_other_parameters",
                params!["parameters" => Arg::list(parameters), "lines" => lines(l)],
            ),
            Self::Ignored(directives) => (
                "nginx.note_ignored",
                params!["directives" => Arg::list(directives)],
            ),
        }
    }
}
