//! nginx `upstream` blocks: write one for a weight vector, and read one back into weights.
//!
//! Reading follows nginx's own syntax (`ngx_conf_file.c`): tokens separated by white space, `;`
//! ending a directive, `{ … }` blocks, `#` comments to the end of the line, `"…"` and `'…'`
//! quoting with `\` escapes. The text may be a whole `nginx.conf` (the one `upstream` block in it
//! is read), the block alone, or only its `server` lines. What is done with each part:
//!
//! | in the block | becomes |
//! |---|---|
//! | `server ADDRESS` | a node named after the address (or after a `# node NAME` comment on its line) |
//! | `weight=N` | its weight; no `weight=` means 1, as in nginx; `weight=0` is refused, as nginx does |
//! | `down` | the event `@1 NAME down`: never picked, as nginx skips it (the weight is kept) |
//! | `backup` | the event `@1 NAME backup`: picked only when no primary server can be |
//! | `max_fails=N`, `fail_timeout=T` | the event `@1 NAME max_fails=N timeout=SECONDS` (`T` read as nginx reads it, in seconds) |
//! | `max_conns=`, `slow_start=`, `resolve`, `route=`, `service=`, `drain` | checked, noted, ignored |
//! | `least_conn`, `ip_hash`, `hash`, `random`, … | noted: that upstream does not balance by weighted round-robin |
//! | `zone`, `keepalive`, … | noted and ignored: they do not change which server is picked |
//!
//! Anything else (an unknown directive or parameter, a missing `;`, an unclosed `{`) is refused
//! with the line, the column and the token. No input makes this module panic.
//!
//! The events are the [`Upstream::scenario`] (see [`upstream_scenario`](super::upstream_scenario)).
//!
//! Writing ([`render_upstream`]) gives every node a `server` line with its weight (`down` for a
//! weight of 0, which nginx does not accept as a weight, with a comment that reading takes back
//! as weight 0) and the parameters the scenario's events at request 1 give it (`backup`, `down`,
//! `max_fails=`, `fail_timeout=`); events an upstream block cannot hold are listed in a comment.
//! A node name that is a server address
//! (`10.0.0.1:8080`, `app.example.com`, `app1:8080`, `[::1]:80`, `unix:/run/app.sock`) is used as
//! it is; any other name (`A`, `gpu`) becomes `127.0.0.1:8001`, `:8002`, … with a `# node NAME`
//! comment, which reading takes back as the name, so a block written and read again gives the
//! same weights and names.
//!
//! ```
//! use swrr_viz::input::{parse_upstream, render_upstream, Scenario, Weights};
//! let weights: Weights = "5,3,2".parse().unwrap();
//! let text = render_upstream(&weights, &Scenario::none());
//! assert!(text.contains("server 127.0.0.1:8001 weight=5;  # node A"));
//! let back = parse_upstream(&text).unwrap();
//! assert_eq!(back.weights, weights);
//!
//! let conf = "upstream app {\n  server 10.0.0.1:80 weight=5 max_fails=3;\n  server 10.0.0.2:80;\n}";
//! let upstream = parse_upstream(conf).unwrap();
//! assert_eq!(upstream.weights.canonical_text(), "10.0.0.1:80=5 10.0.0.2:80=1");
//! assert_eq!(upstream.scenario.to_string(), "@1 10.0.0.1:80 max_fails=3");
//! ```

use std::collections::HashSet;
use std::fmt;

use serde::Serialize;

use crate::input::limits::{MAX_FAILS, MAX_NAME_CHARS, MAX_NODES, MAX_WEIGHT};
use crate::input::scenario::events::Scenario;
use crate::input::text::group_thousands;
use crate::input::upstream_scenario::{
    max_fails_in_range, nginx_seconds, scenario_of, seconds_text, server_settings, ServerSettings,
    MAX_FAIL_TIMEOUT,
};
use crate::input::weights::error::WeightError;
use crate::input::weights::vector::Weights;
use crate::message::{params, Arg, Coded, Params};

/// The longest text read, in bytes.
pub const MAX_UPSTREAM_BYTES: usize = 1 << 20;
/// Deepest nesting of `{ … }` blocks read.
const MAX_DEPTH: usize = 32;
/// The upstream name [`render_upstream`] writes.
const UPSTREAM_NAME: &str = "backend";
/// First port given to node names that are not addresses.
const FIRST_PORT: u32 = 8001;
/// The comment [`render_upstream`] puts on a `down` line for a weight of 0, which reading takes
/// back as weight 0 (not as a server taken out with its weight).
const WEIGHT_ZERO: &str = "weight 0: never picked";

/// One `server` line of an upstream block, as read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct UpstreamServer {
    /// Line of the `server` directive (1-based).
    pub line: usize,
    /// The address as written: `host`, `host:port`, `unix:/path`, `[v6]:port`.
    pub address: String,
    /// The node name it became (every server becomes a node; `None` only while reading).
    pub name: Option<String>,
    /// `weight=`, 1 when not given.
    pub weight: u64,
    pub max_fails: Option<u64>,
    /// `fail_timeout=` as written (`30s`, `1m30s`).
    pub fail_timeout: Option<String>,
    /// `fail_timeout=` in seconds, as nginx reads it.
    pub fail_timeout_seconds: Option<u64>,
    pub backup: bool,
    pub down: bool,
    /// Other parameters, as written (`max_conns=100`, `slow_start=30s`, `resolve`, …): ignored.
    pub ignored: Vec<String>,
}

/// An upstream block read into weights.
#[derive(Debug, Clone)]
pub struct Upstream {
    /// `upstream NAME`; `None` when only `server` lines were given.
    pub name: Option<String>,
    /// Every `server` line, backups included, in order.
    pub servers: Vec<UpstreamServer>,
    /// The nodes: every server, in order, with its weight (0 for the `down` lines
    /// [`render_upstream`] writes for a weight of 0).
    pub weights: Weights,
    /// The servers' `backup`, `down`, `max_fails` and `fail_timeout` as events at request 1,
    /// e.g. `@1 D backup; @1 C down; @1 B max_fails=3 timeout=30` (empty when none).
    pub scenario: Scenario,
    /// What was left out or does not apply, one sentence each.
    pub notes: Vec<UpstreamNote>,
}

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

/// Why `upstream NAME { … }` is not one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum UpstreamProblem {
    /// `upstream NAME;` with no block.
    NoBlock,
    /// No name, or several.
    NotOneName,
}

impl fmt::Display for UpstreamProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::NoBlock => "needs a block: upstream NAME { server …; }",
            Self::NotOneName => "takes exactly one name: upstream NAME { … }",
        })
    }
}

/// What is wrong with the value of a known `server` parameter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParameterProblem {
    /// `backup=1`.
    FlagWithValue,
    /// `weight` with no `=`.
    MissingValue,
    /// `weight=x`.
    WeightNotDigits,
    /// `weight=0`.
    WeightZero,
    /// Above [`MAX_WEIGHT`].
    WeightTooLarge,
    /// `max_fails=x`.
    MaxFails,
    /// `max_fails=` above [`MAX_FAILS`].
    MaxFailsTooLarge,
    /// `fail_timeout=x`.
    FailTimeout,
    /// `fail_timeout=` longer than [`MAX_FAIL_TIMEOUT`] seconds.
    FailTimeoutTooLong,
    /// `max_conns=x`.
    MaxConns,
    /// `slow_start=x`.
    SlowStart,
}

impl fmt::Display for ParameterProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::FlagWithValue => f.write_str("this flag takes no value"),
            Self::MissingValue => f.write_str("this parameter needs a value after \"=\""),
            Self::WeightNotDigits => {
                f.write_str("the weight is a whole number of 1 or more, written with digits")
            }
            Self::WeightZero => {
                f.write_str("nginx takes weights of 1 or more (take a server out with down)")
            }
            Self::WeightTooLarge => write!(
                f,
                "swrr-viz takes weights up to {}",
                group_thousands(MAX_WEIGHT)
            ),
            Self::MaxFails => f.write_str("max_fails is a whole number, e.g. 3"),
            Self::MaxFailsTooLarge => write!(f, "swrr-viz takes max_fails up to {MAX_FAILS}"),
            Self::FailTimeout => f.write_str(
                "fail_timeout is a time in seconds, e.g. 10s, 1m or 1m30s (units from the largest: y M w d h m s)",
            ),
            Self::FailTimeoutTooLong => write!(
                f,
                "swrr-viz takes fail_timeout up to {} seconds",
                group_thousands(MAX_FAIL_TIMEOUT)
            ),
            Self::MaxConns => f.write_str("max_conns is a whole number, e.g. 100"),
            Self::SlowStart => f.write_str("slow_start is a time, e.g. 30s"),
        }
    }
}

/// Why a text is not an upstream block swrr-viz can read.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum UpstreamError {
    /// Nothing but white space and comments.
    Empty,
    /// Longer than [`MAX_UPSTREAM_BYTES`].
    TooLong { bytes: usize },
    /// A quoted token runs to the end of the text.
    UnclosedQuote { line: usize, column: usize },
    /// A `}` with no `{` open.
    UnexpectedClose { line: usize, column: usize },
    /// A `{` or `;` where a directive name should be.
    UnexpectedToken {
        line: usize,
        column: usize,
        token: String,
    },
    /// A `{` never closed.
    Unclosed { line: usize, name: String },
    /// A directive not ended by `;`.
    MissingSemicolon { line: usize, name: String },
    /// Blocks nested more than 32 deep.
    TooDeep { line: usize },
    /// No `upstream` block and no `server` lines.
    NoUpstream,
    /// More than one `upstream` block.
    SeveralUpstreams { first: usize, second: usize },
    /// `upstream` without exactly one name, or without a block.
    BadUpstream {
        line: usize,
        reason: UpstreamProblem,
    },
    /// A directive an upstream block does not take.
    UnknownDirective { line: usize, name: String },
    /// `server … { }`: an http server block, not an upstream's server.
    ServerBlock { line: usize },
    /// `server;` or `server weight=5;`.
    NoAddress { line: usize },
    /// A `server` parameter nginx does not know.
    UnknownParameter {
        line: usize,
        column: usize,
        token: String,
    },
    /// A known parameter with a bad value.
    BadParameter {
        line: usize,
        column: usize,
        token: String,
        reason: ParameterProblem,
    },
    /// The same parameter twice on one line.
    DuplicateParameter {
        line: usize,
        column: usize,
        token: String,
    },
    /// An upstream block with no `server`.
    NoServers { line: usize },
    /// Every server is a backup, or every server is down.
    NothingToPick,
    /// More servers than swrr-viz takes nodes.
    TooManyServers { count: usize },
    /// The servers do not make valid weights (names and weights are checked before, so this
    /// should not happen; it is an error rather than a panic).
    Weights { error: WeightError },
}

impl fmt::Display for UpstreamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Empty => write!(
                f,
                "the text is empty: paste an upstream block, e.g. upstream backend {{ server 10.0.0.1 weight=5; server 10.0.0.2 weight=3; }}"
            ),
            Self::TooLong { bytes } => write!(
                f,
                "the text is {bytes} bytes long: at most {MAX_UPSTREAM_BYTES} bytes are read"
            ),
            Self::UnclosedQuote { line, column } => write!(
                f,
                "line {line}, column {column}: the quote opened here is never closed"
            ),
            Self::UnexpectedClose { line, column } => write!(
                f,
                "line {line}, column {column}: \"}}\" closes no block"
            ),
            Self::UnexpectedToken {
                line,
                column,
                token,
            } => write!(
                f,
                "line {line}, column {column}: unexpected \"{}\": a directive name should come first", super::quoted(token, super::QUOTED_CHARS)
            ),
            Self::Unclosed { line, name } => write!(
                f,
                "line {line}: the block of \"{}\" opened here is never closed with \"}}\"", super::quoted(name, super::QUOTED_CHARS)
            ),
            Self::MissingSemicolon { line, name } => write!(
                f,
                "line {line}: directive \"{}\" does not end with \";\"", super::quoted(name, super::QUOTED_CHARS)
            ),
            Self::TooDeep { line } => write!(
                f,
                "line {line}: blocks are nested more than {MAX_DEPTH} deep"
            ),
            Self::NoUpstream => write!(
                f,
                "no upstream block and no server lines found: paste upstream NAME {{ server ADDRESS weight=N; … }}"
            ),
            Self::SeveralUpstreams { first, second } => write!(
                f,
                "there are several upstream blocks (lines {first} and {second}): paste one at a time"
            ),
            Self::BadUpstream { line, reason } => write!(f, "line {line}: upstream {reason}"),
            Self::UnknownDirective { line, name } => write!(
                f,
                "line {line}: unknown directive \"{}\" in an upstream block: expected server (or zone, keepalive, least_conn, hash, …)", super::quoted(name, super::QUOTED_CHARS)
            ),
            Self::ServerBlock { line } => write!(
                f,
                "line {line}: \"server {{\" is an http server block; an upstream's servers are lines like server 10.0.0.1:80 weight=5;"
            ),
            Self::NoAddress { line } => write!(
                f,
                "line {line}: server has no address: write server ADDRESS [weight=N] …;"
            ),
            Self::UnknownParameter {
                line,
                column,
                token,
            } => write!(
                f,
                "line {line}, column {column}: unknown server parameter \"{}\": expected weight=N, max_fails=N, fail_timeout=TIME, backup or down (or max_conns=N, slow_start=TIME, resolve, route=, service=, drain)", super::quoted(token, super::QUOTED_CHARS)
            ),
            Self::BadParameter {
                line,
                column,
                token,
                reason,
            } => write!(
                f,
                "line {line}, column {column}: \"{}\": {reason}", super::quoted(token, super::QUOTED_CHARS)
            ),
            Self::DuplicateParameter {
                line,
                column,
                token,
            } => write!(
                f,
                "line {line}, column {column}: \"{}\" is given twice for one server", super::quoted(token, super::QUOTED_CHARS)
            ),
            Self::NoServers { line } => write!(
                f,
                "line {line}: the upstream block has no server line"
            ),
            Self::NothingToPick => write!(
                f,
                "every server is down or a backup: there is nothing to pick"
            ),
            Self::TooManyServers { count } => write!(
                f,
                "{count} servers are too many: swrr-viz takes at most {MAX_NODES} nodes"
            ),
            Self::Weights { error } => {
                write!(f, "the servers do not make valid weights: {error}")
            }
        }
    }
}

impl std::error::Error for UpstreamError {}

impl Coded for UpstreamError {
    fn coded(&self) -> (&'static str, Params) {
        match self {
            Self::Empty => ("nginx.empty", params![]),
            Self::TooLong { bytes } => (
                "nginx.too_long",
                params!["bytes" => *bytes, "max" => MAX_UPSTREAM_BYTES],
            ),
            Self::UnclosedQuote { line, column } => (
                "nginx.unclosed_quote",
                params!["line" => *line, "column" => *column],
            ),
            Self::UnexpectedClose { line, column } => (
                "nginx.unexpected_close",
                params!["line" => *line, "column" => *column],
            ),
            Self::UnexpectedToken {
                line,
                column,
                token,
            } => (
                "nginx.unexpected_token",
                params!["line" => *line, "column" => *column, "token" => token],
            ),
            Self::Unclosed { line, name } => {
                ("nginx.unclosed", params!["line" => *line, "name" => name])
            }
            Self::MissingSemicolon { line, name } => (
                "nginx.missing_semicolon",
                params!["line" => *line, "name" => name],
            ),
            Self::TooDeep { line } => (
                "nginx.too_deep",
                params!["line" => *line, "max" => MAX_DEPTH],
            ),
            Self::NoUpstream => ("nginx.no_upstream", params![]),
            Self::SeveralUpstreams { first, second } => (
                "nginx.several_upstreams",
                params!["first" => *first, "second" => *second],
            ),
            Self::BadUpstream { line, reason } => (
                match reason {
                    UpstreamProblem::NoBlock => "nginx.upstream_no_block",
                    UpstreamProblem::NotOneName => "nginx.upstream_not_one_name",
                },
                params!["line" => *line],
            ),
            Self::UnknownDirective { line, name } => (
                "nginx.unknown_directive",
                params!["line" => *line, "name" => name],
            ),
            Self::ServerBlock { line } => ("nginx.server_block", params!["line" => *line]),
            Self::NoAddress { line } => ("nginx.no_address", params!["line" => *line]),
            Self::UnknownParameter {
                line,
                column,
                token,
            } => (
                "nginx.unknown_parameter",
                params!["line" => *line, "column" => *column, "token" => token],
            ),
            Self::BadParameter {
                line,
                column,
                token,
                reason,
            } => {
                let code = match reason {
                    ParameterProblem::FlagWithValue => "nginx.flag_with_value",
                    ParameterProblem::MissingValue => "nginx.missing_value",
                    ParameterProblem::WeightNotDigits => "nginx.weight_not_digits",
                    ParameterProblem::WeightZero => "nginx.weight_zero",
                    ParameterProblem::WeightTooLarge => "nginx.weight_too_large",
                    ParameterProblem::MaxFails => "nginx.max_fails",
                    ParameterProblem::MaxFailsTooLarge => "nginx.max_fails_too_large",
                    ParameterProblem::FailTimeout => "nginx.fail_timeout",
                    ParameterProblem::FailTimeoutTooLong => "nginx.fail_timeout_too_long",
                    ParameterProblem::MaxConns => "nginx.max_conns",
                    ParameterProblem::SlowStart => "nginx.slow_start",
                };
                let mut params = params!["line" => *line, "column" => *column, "token" => token];
                match reason {
                    ParameterProblem::WeightTooLarge => {
                        params.push(("max", Arg::from(group_thousands(MAX_WEIGHT))));
                    }
                    ParameterProblem::MaxFailsTooLarge => {
                        params.push(("max", Arg::from(MAX_FAILS)))
                    }
                    ParameterProblem::FailTimeoutTooLong => {
                        params.push(("max", Arg::from(group_thousands(MAX_FAIL_TIMEOUT))));
                    }
                    _ => {}
                }
                (code, params)
            }
            Self::DuplicateParameter {
                line,
                column,
                token,
            } => (
                "nginx.duplicate_parameter",
                params!["line" => *line, "column" => *column, "token" => token],
            ),
            Self::NoServers { line } => ("nginx.no_servers", params!["line" => *line]),
            Self::NothingToPick => ("nginx.nothing_to_pick", params![]),
            Self::TooManyServers { count } => (
                "nginx.too_many_servers",
                params!["count" => *count, "max" => MAX_NODES],
            ),
            Self::Weights { error } => ("nginx.weights", params!["error" => error.message()]),
        }
    }
}

// ── writing ─────────────────────────────────────────────────────────────────────────────────

/// An nginx `upstream backend { … }` block for `weights`, with the server parameters the
/// scenario's events at request 1 give (see the module docs for the names and the rest).
#[must_use]
pub fn render_upstream(weights: &Weights, scenario: &Scenario) -> String {
    let names: HashSet<&str> = weights.nodes().iter().map(|n| n.name.as_str()).collect();
    let mut port = FIRST_PORT;
    let mut next_port = || loop {
        let address = format!("127.0.0.1:{port}");
        port += 1;
        if !names.contains(address.as_str()) {
            return address;
        }
    };
    let (settings, others) = server_settings(weights, scenario);
    let mut out = format!(
        "# nginx upstream for {} (W = {}, period {}), written by swrr-viz.\n",
        one_line(&weights.canonical_text(), 200),
        weights.total(),
        weights.period()
    );
    if weights.nodes().iter().any(|n| !is_address(&n.name)) {
        out.push_str(
            "# Names that are not server addresses got 127.0.0.1 ports; \"# node NAME\" keeps the name.\n",
        );
    }
    if !others.is_empty() {
        out.push_str(&format!(
            "# Events an upstream block cannot hold (swrr-viz --scenario): {}\n",
            one_line(&others.join("; "), 400)
        ));
    }
    out.push_str(&format!("upstream {UPSTREAM_NAME} {{\n"));
    for (node, server) in weights.nodes().iter().zip(&settings) {
        let (address, comment) = if is_address(&node.name) {
            (node.name.clone(), None)
        } else {
            (next_port(), Some(format!("node {}", node.name)))
        };
        out.push_str(&format!(
            "    server {address} {};",
            server_parameters(node.weight, server)
        ));
        let zero = node.weight == 0;
        match (comment, zero) {
            (Some(c), true) => out.push_str(&format!("  # {c} ({WEIGHT_ZERO})")),
            (Some(c), false) => out.push_str(&format!("  # {c}")),
            (None, true) => out.push_str(&format!("  # {WEIGHT_ZERO}")),
            (None, false) => {}
        }
        out.push('\n');
    }
    out.push_str("}\n");
    out
}

/// `weight=5 max_fails=3 fail_timeout=30s backup down`, only what applies (`down` alone for a
/// weight of 0, which nginx does not take as a weight).
fn server_parameters(weight: u64, server: &ServerSettings) -> String {
    let mut parameters = Vec::new();
    if weight > 0 {
        parameters.push(format!("weight={weight}"));
    }
    if let Some(m) = server.max_fails {
        parameters.push(format!("max_fails={m}"));
    }
    if let Some(t) = server.fail_timeout {
        parameters.push(format!("fail_timeout={}", seconds_text(t)));
    }
    if server.backup {
        parameters.push("backup".into());
    }
    if server.down || weight == 0 {
        parameters.push("down".into());
    }
    parameters.join(" ")
}

/// The text on one line, at most `max` characters.
fn one_line(text: &str, max: usize) -> String {
    let flat: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    if flat.chars().count() <= max {
        flat
    } else {
        let mut cut: String = flat.chars().take(max.saturating_sub(1)).collect();
        cut.push('…');
        cut
    }
}

/// Whether nginx would take `name` as a server address (not a mere label such as `A` or `gpu`).
fn is_address(name: &str) -> bool {
    if let Some(path) = name.strip_prefix("unix:") {
        return !path.is_empty() && path.chars().all(plain_char);
    }
    if let Some(rest) = name.strip_prefix('[') {
        let Some((inside, after)) = rest.split_once(']') else {
            return false;
        };
        let v6 = !inside.is_empty()
            && inside.contains(':')
            && inside
                .chars()
                .all(|c| c.is_ascii_hexdigit() || c == ':' || c == '.');
        return v6 && (after.is_empty() || after.strip_prefix(':').is_some_and(is_port));
    }
    let (host, port) = match name.rsplit_once(':') {
        Some((host, port)) => {
            if !is_port(port) {
                return false;
            }
            (host, true)
        }
        None => (name, false),
    };
    if is_ipv4(host) {
        return true;
    }
    let labels: Vec<&str> = host.split('.').collect();
    let hostname = labels.iter().all(|label| {
        !label.is_empty()
            && label.len() <= 63
            && !label.starts_with('-')
            && !label.ends_with('-')
            && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
    }) && labels
        .last()
        .is_some_and(|last| last.chars().any(|c| c.is_ascii_alphabetic()));
    // A single label is a host only with a port (`app1:8080`) or as `localhost`.
    hostname && (port || labels.len() > 1 || host == "localhost")
}

fn is_port(text: &str) -> bool {
    !text.is_empty()
        && text.len() <= 5
        && text.chars().all(|c| c.is_ascii_digit())
        && text.parse::<u32>().is_ok_and(|p| (1..=65535).contains(&p))
}

fn is_ipv4(text: &str) -> bool {
    let parts: Vec<&str> = text.split('.').collect();
    parts.len() == 4
        && parts.iter().all(|p| {
            !p.is_empty()
                && p.len() <= 3
                && p.chars().all(|c| c.is_ascii_digit())
                && p.parse::<u32>().is_ok_and(|v| v <= 255)
        })
}

/// A character that needs no quoting in an nginx token.
fn plain_char(c: char) -> bool {
    !(c.is_whitespace() || c.is_control() || matches!(c, ';' | '{' | '}' | '#' | '"' | '\'' | '\\'))
}

// ── reading: tokens ─────────────────────────────────────────────────────────────────────────

#[derive(Debug, Clone, PartialEq, Eq)]
enum Kind {
    Word(String),
    Semicolon,
    Open,
    Close,
    Comment(String),
}

#[derive(Debug, Clone)]
struct Token {
    kind: Kind,
    line: usize,
    column: usize,
}

fn tokenize(text: &str) -> Result<Vec<Token>, UpstreamError> {
    let mut tokens = Vec::new();
    let mut chars = text.chars().peekable();
    let (mut line, mut column) = (1usize, 0usize);
    // Advances one character, keeping line and column.
    macro_rules! bump {
        () => {{
            let c = chars.next();
            if c == Some('\n') {
                line += 1;
                column = 0;
            } else if c.is_some() {
                column += 1;
            }
            c
        }};
    }
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() {
            bump!();
            continue;
        }
        let (start_line, start_column) = (line, column + 1);
        let single = match c {
            ';' => Some(Kind::Semicolon),
            '{' => Some(Kind::Open),
            '}' => Some(Kind::Close),
            _ => None,
        };
        if let Some(kind) = single {
            bump!();
            tokens.push(Token {
                kind,
                line: start_line,
                column: start_column,
            });
            continue;
        }
        if c == '#' {
            bump!();
            let mut comment = String::new();
            while let Some(&c) = chars.peek() {
                if c == '\n' {
                    break;
                }
                comment.push(c);
                bump!();
            }
            tokens.push(Token {
                kind: Kind::Comment(comment),
                line: start_line,
                column: start_column,
            });
            continue;
        }
        let mut word = String::new();
        if c == '"' || c == '\'' {
            let quote = c;
            bump!();
            loop {
                match bump!() {
                    None => {
                        return Err(UpstreamError::UnclosedQuote {
                            line: start_line,
                            column: start_column,
                        })
                    }
                    Some('\\') => match bump!() {
                        Some(escaped) => word.push(escaped),
                        None => {
                            return Err(UpstreamError::UnclosedQuote {
                                line: start_line,
                                column: start_column,
                            })
                        }
                    },
                    Some(c) if c == quote => break,
                    Some(c) => word.push(c),
                }
            }
        } else {
            while let Some(&c) = chars.peek() {
                if c.is_whitespace() || matches!(c, ';' | '{' | '}') {
                    break;
                }
                bump!();
                if c == '\\' {
                    if let Some(escaped) = bump!() {
                        word.push(escaped);
                    }
                } else {
                    word.push(c);
                }
            }
        }
        tokens.push(Token {
            kind: Kind::Word(word),
            line: start_line,
            column: start_column,
        });
    }
    Ok(tokens)
}

// ── reading: directives ─────────────────────────────────────────────────────────────────────

/// A word with where it starts.
#[derive(Debug, Clone)]
struct Word {
    text: String,
    line: usize,
    column: usize,
}

#[derive(Debug, Clone)]
struct Directive {
    name: Word,
    args: Vec<Word>,
    block: Option<Vec<Directive>>,
    /// A comment after the `;` on the same line.
    comment: Option<String>,
}

struct Parser {
    tokens: Vec<Token>,
    pos: usize,
}

impl Parser {
    fn next(&mut self) -> Option<Token> {
        let token = self.tokens.get(self.pos).cloned();
        self.pos += 1;
        token
    }

    /// Directives until the matching `}` (`opened`: the line and name of the block) or the end.
    fn block(
        &mut self,
        depth: usize,
        opened: Option<(usize, &str)>,
    ) -> Result<Vec<Directive>, UpstreamError> {
        let mut directives = Vec::new();
        loop {
            let Some(token) = self.next() else {
                return match opened {
                    Some((line, name)) => Err(UpstreamError::Unclosed {
                        line,
                        name: name.to_string(),
                    }),
                    None => Ok(directives),
                };
            };
            match token.kind {
                Kind::Comment(_) | Kind::Semicolon => {}
                Kind::Close => {
                    return if opened.is_some() {
                        Ok(directives)
                    } else {
                        Err(UpstreamError::UnexpectedClose {
                            line: token.line,
                            column: token.column,
                        })
                    };
                }
                Kind::Open => {
                    return Err(UpstreamError::UnexpectedToken {
                        line: token.line,
                        column: token.column,
                        token: "{".into(),
                    })
                }
                Kind::Word(text) => {
                    let name = Word {
                        text,
                        line: token.line,
                        column: token.column,
                    };
                    directives.push(self.directive(name, depth)?);
                }
            }
        }
    }

    fn directive(&mut self, name: Word, depth: usize) -> Result<Directive, UpstreamError> {
        let mut args = Vec::new();
        loop {
            let Some(token) = self.next() else {
                return Err(UpstreamError::MissingSemicolon {
                    line: name.line,
                    name: name.text,
                });
            };
            match token.kind {
                Kind::Word(text) => args.push(Word {
                    text,
                    line: token.line,
                    column: token.column,
                }),
                Kind::Comment(_) => {}
                Kind::Semicolon => {
                    let comment = match self.tokens.get(self.pos) {
                        Some(Token {
                            kind: Kind::Comment(text),
                            line,
                            ..
                        }) if *line == token.line => {
                            let text = text.clone();
                            self.pos += 1;
                            Some(text)
                        }
                        _ => None,
                    };
                    return Ok(Directive {
                        name,
                        args,
                        block: None,
                        comment,
                    });
                }
                Kind::Open => {
                    if depth >= MAX_DEPTH {
                        return Err(UpstreamError::TooDeep { line: token.line });
                    }
                    let block = self.block(depth + 1, Some((name.line, &name.text)))?;
                    return Ok(Directive {
                        name,
                        args,
                        block: Some(block),
                        comment: None,
                    });
                }
                Kind::Close => {
                    return Err(UpstreamError::MissingSemicolon {
                        line: name.line,
                        name: name.text,
                    })
                }
            }
        }
    }
}

fn find_upstreams<'a>(directives: &'a [Directive], found: &mut Vec<&'a Directive>) {
    for d in directives {
        if d.name.text == "upstream" {
            found.push(d);
        } else if let Some(block) = &d.block {
            find_upstreams(block, found);
        }
    }
}

// ── reading: the upstream ───────────────────────────────────────────────────────────────────

/// Balancing methods other than weighted round-robin.
const BALANCERS: [&str; 7] = [
    "least_conn",
    "ip_hash",
    "hash",
    "random",
    "least_time",
    "sticky",
    "ntlm",
];
/// Directives that do not change which server is picked.
const IGNORED: [&str; 9] = [
    "zone",
    "keepalive",
    "keepalive_requests",
    "keepalive_time",
    "keepalive_timeout",
    "queue",
    "resolver",
    "resolver_timeout",
    "state",
];

/// Reads an upstream block (or a whole config holding one, or bare `server` lines) into weights.
pub fn parse_upstream(text: &str) -> Result<Upstream, UpstreamError> {
    if text.len() > MAX_UPSTREAM_BYTES {
        return Err(UpstreamError::TooLong { bytes: text.len() });
    }
    let tokens = tokenize(text)?;
    if tokens.iter().all(|t| matches!(t.kind, Kind::Comment(_))) {
        return Err(UpstreamError::Empty);
    }
    let mut parser = Parser { tokens, pos: 0 };
    let top = parser.block(0, None)?;
    let mut upstreams = Vec::new();
    find_upstreams(&top, &mut upstreams);
    let (name, body, line) = match upstreams.as_slice() {
        [] => {
            if !top
                .iter()
                .any(|d| d.name.text == "server" && d.block.is_none())
            {
                return Err(UpstreamError::NoUpstream);
            }
            (None, top.as_slice(), 1)
        }
        [one] => {
            let line = one.name.line;
            let Some(block) = &one.block else {
                return Err(UpstreamError::BadUpstream {
                    line,
                    reason: UpstreamProblem::NoBlock,
                });
            };
            if one.args.len() != 1 {
                return Err(UpstreamError::BadUpstream {
                    line,
                    reason: UpstreamProblem::NotOneName,
                });
            }
            (Some(one.args[0].text.clone()), block.as_slice(), line)
        }
        [first, second, ..] => {
            return Err(UpstreamError::SeveralUpstreams {
                first: first.name.line,
                second: second.name.line,
            })
        }
    };
    read_body(name, body, line)
}

fn read_body(
    name: Option<String>,
    body: &[Directive],
    line: usize,
) -> Result<Upstream, UpstreamError> {
    let mut servers = Vec::new();
    let mut comments = Vec::new();
    let mut balancers = Vec::new();
    let mut ignored = Vec::new();
    for d in body {
        let directive = d.name.text.as_str();
        if directive == "server" {
            if d.block.is_some() {
                return Err(UpstreamError::ServerBlock { line: d.name.line });
            }
            if servers.len() >= MAX_NODES {
                let count = body.iter().filter(|d| d.name.text == "server").count();
                return Err(UpstreamError::TooManyServers { count });
            }
            servers.push(read_server(d)?);
            comments.push(d.comment.as_deref());
        } else if BALANCERS.contains(&directive) {
            balancers.push((directive.to_string(), d.name.line));
        } else if IGNORED.contains(&directive) {
            ignored.push(directive.to_string());
        } else {
            return Err(UpstreamError::UnknownDirective {
                line: d.name.line,
                name: d.name.text.clone(),
            });
        }
    }
    if servers.is_empty() {
        return Err(UpstreamError::NoServers { line });
    }
    // nginx refuses an upstream of backups only ("no servers in upstream"); one whose every
    // server is down leaves nothing to pick.
    if servers.iter().all(|s| s.backup) || servers.iter().all(|s| s.down) {
        return Err(UpstreamError::NothingToPick);
    }
    name_servers(&mut servers, &comments);
    // The `down` line render_upstream writes for a weight of 0 reads back as weight 0.
    let zero: Vec<bool> = servers
        .iter()
        .zip(&comments)
        .map(|(s, c)| s.down && c.is_some_and(|c| c.contains(WEIGHT_ZERO)))
        .collect();

    let mut notes = Vec::new();
    if !balancers.is_empty() {
        notes.push(UpstreamNote::Balancers(balancers));
    }
    let lines = |pick: &dyn Fn(&UpstreamServer) -> bool| -> Vec<usize> {
        servers.iter().filter(|s| pick(s)).map(|s| s.line).collect()
    };
    let backups = lines(&|s| s.backup);
    if !backups.is_empty() {
        notes.push(UpstreamNote::Backups(backups));
    }
    let down: Vec<usize> = servers
        .iter()
        .zip(&zero)
        .filter(|(s, &z)| s.down && !z)
        .map(|(s, _)| s.line)
        .collect();
    if !down.is_empty() {
        notes.push(UpstreamNote::Down(down));
    }
    let failures = lines(&|s| s.max_fails.is_some() || s.fail_timeout.is_some());
    if !failures.is_empty() {
        notes.push(UpstreamNote::Failures(failures));
    }
    let others = lines(&|s| !s.ignored.is_empty());
    if !others.is_empty() {
        notes.push(UpstreamNote::OtherParameters(others));
    }
    if !ignored.is_empty() {
        ignored.dedup();
        notes.push(UpstreamNote::Ignored(ignored));
    }

    let text = servers
        .iter()
        .zip(&zero)
        .map(|(s, &z)| {
            let name = s.name.as_deref().unwrap_or_default();
            format!("{name}={}", if z { 0 } else { s.weight })
        })
        .collect::<Vec<_>>()
        .join(" ");
    let weights = Weights::parse(&text).map_err(|error| UpstreamError::Weights { error })?;
    let settings: Vec<ServerSettings> = servers
        .iter()
        .zip(&zero)
        .map(|(s, &z)| ServerSettings {
            backup: s.backup,
            down: s.down && !z,
            max_fails: s.max_fails,
            fail_timeout: s.fail_timeout_seconds,
        })
        .collect();
    let scenario = scenario_of(&weights, &settings);
    Ok(Upstream {
        name,
        servers,
        weights,
        scenario,
        notes,
    })
}

fn read_server(d: &Directive) -> Result<UpstreamServer, UpstreamError> {
    let line = d.name.line;
    let Some((address, params)) = d.args.split_first() else {
        return Err(UpstreamError::NoAddress { line });
    };
    let param_name = |text: &str| text.split_once('=').map_or(text, |(n, _)| n).to_string();
    const KNOWN: [&str; 11] = [
        "weight",
        "max_fails",
        "fail_timeout",
        "backup",
        "down",
        "max_conns",
        "slow_start",
        "resolve",
        "route",
        "service",
        "drain",
    ];
    if address.text.is_empty() || KNOWN.contains(&param_name(&address.text).as_str()) {
        return Err(UpstreamError::NoAddress { line });
    }
    let mut server = UpstreamServer {
        line,
        address: address.text.clone(),
        name: None,
        weight: 1,
        max_fails: None,
        fail_timeout: None,
        fail_timeout_seconds: None,
        backup: false,
        down: false,
        ignored: Vec::new(),
    };
    let mut seen = HashSet::new();
    for p in params {
        let bad = |reason: ParameterProblem| UpstreamError::BadParameter {
            line: p.line,
            column: p.column,
            token: p.text.clone(),
            reason,
        };
        let key = param_name(&p.text);
        if !KNOWN.contains(&key.as_str()) {
            return Err(UpstreamError::UnknownParameter {
                line: p.line,
                column: p.column,
                token: p.text.clone(),
            });
        }
        if !seen.insert(key.clone()) {
            return Err(UpstreamError::DuplicateParameter {
                line: p.line,
                column: p.column,
                token: p.text.clone(),
            });
        }
        let value = p.text.split_once('=').map(|(_, v)| v);
        let flag = matches!(key.as_str(), "backup" | "down" | "resolve" | "drain");
        match (flag, value) {
            (true, Some(_)) => return Err(bad(ParameterProblem::FlagWithValue)),
            (false, None) => return Err(bad(ParameterProblem::MissingValue)),
            _ => {}
        }
        let value = value.unwrap_or("");
        match key.as_str() {
            "weight" => {
                let weight = whole(value).ok_or_else(|| bad(ParameterProblem::WeightNotDigits))?;
                if weight == 0 {
                    return Err(bad(ParameterProblem::WeightZero));
                }
                if weight > MAX_WEIGHT {
                    return Err(bad(ParameterProblem::WeightTooLarge));
                }
                server.weight = weight;
            }
            "max_fails" => {
                let max_fails = whole(value).ok_or_else(|| bad(ParameterProblem::MaxFails))?;
                if !max_fails_in_range(max_fails) {
                    return Err(bad(ParameterProblem::MaxFailsTooLarge));
                }
                server.max_fails = Some(max_fails);
            }
            "fail_timeout" => {
                let seconds =
                    nginx_seconds(value).ok_or_else(|| bad(ParameterProblem::FailTimeout))?;
                if seconds > MAX_FAIL_TIMEOUT {
                    return Err(bad(ParameterProblem::FailTimeoutTooLong));
                }
                server.fail_timeout = Some(value.to_string());
                server.fail_timeout_seconds = Some(seconds);
            }
            "max_conns" => {
                whole(value).ok_or_else(|| bad(ParameterProblem::MaxConns))?;
                server.ignored.push(p.text.clone());
            }
            "slow_start" => {
                if !is_time(value) {
                    return Err(bad(ParameterProblem::SlowStart));
                }
                server.ignored.push(p.text.clone());
            }
            "backup" => server.backup = true,
            "down" => server.down = true,
            _ => server.ignored.push(p.text.clone()),
        }
    }
    Ok(server)
}

/// A whole number written with 1 to 18 digits (nginx's `ngx_atoi`: digits only).
fn whole(text: &str) -> Option<u64> {
    if text.is_empty() || text.len() > 18 || !text.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// nginx's time syntax: one or more `<digits>[unit]`, unit one of ms s m h d w M y.
fn is_time(text: &str) -> bool {
    let mut rest = text;
    if rest.is_empty() || rest.len() > 40 {
        return false;
    }
    while !rest.is_empty() {
        let digits = rest.chars().take_while(char::is_ascii_digit).count();
        if digits == 0 {
            return false;
        }
        rest = &rest[digits..];
        for unit in ["ms", "s", "m", "h", "d", "w", "M", "y"] {
            if let Some(after) = rest.strip_prefix(unit) {
                rest = after;
                break;
            }
        }
    }
    true
}

/// Gives every server a unique node name: the `# node NAME` comment's, else the
/// address (characters the weights text cannot hold become `_`, cut to 64 characters), with
/// `#2`, `#3`, … when taken.
fn name_servers(servers: &mut [UpstreamServer], comments: &[Option<&str>]) {
    let mut taken: HashSet<String> = HashSet::new();
    for (server, comment) in servers.iter_mut().zip(comments) {
        let from_comment = comment
            .and_then(|c| c.trim().strip_prefix("node "))
            .and_then(|rest| rest.split_whitespace().next())
            .filter(|name| valid_name(name) && !taken.contains(*name))
            .map(str::to_string);
        let name = from_comment.unwrap_or_else(|| {
            let base: String = server
                .address
                .chars()
                .map(|c| {
                    if c.is_whitespace() || c.is_control() || matches!(c, ',' | ';' | '=') {
                        '_'
                    } else {
                        c
                    }
                })
                .take(MAX_NAME_CHARS)
                .collect();
            let mut candidate = base.clone();
            let mut k = 2;
            while taken.contains(&candidate) {
                let suffix = format!("#{k}");
                let keep = MAX_NAME_CHARS.saturating_sub(suffix.chars().count());
                candidate = base.chars().take(keep).collect::<String>() + &suffix;
                k += 1;
            }
            candidate
        });
        taken.insert(name.clone());
        server.name = Some(name);
    }
}

/// A name the weights text takes as it is.
fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name.chars().count() <= MAX_NAME_CHARS
        && !name
            .chars()
            .any(|c| c.is_whitespace() || c.is_control() || matches!(c, ',' | ';' | '='))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_and_labels() {
        for yes in [
            "10.0.0.1",
            "10.0.0.1:8080",
            "app.example.com",
            "app1:8080",
            "localhost",
            "[::1]:80",
            "[2001:db8::1]",
            "unix:/run/app.sock",
        ] {
            assert!(is_address(yes), "{yes}");
        }
        for no in [
            "A",
            "gpu",
            "1.2",
            "a..b",
            "-a.b",
            "app:0",
            "app:99999",
            "[::1",
            "unix:",
            "a b",
            "x=1",
            "<b>",
        ] {
            assert!(!is_address(no), "{no}");
        }
    }

    #[test]
    fn times() {
        for yes in ["10", "10s", "1m30s", "500ms", "1h", "2d"] {
            assert!(is_time(yes), "{yes}");
        }
        for no in ["", "s", "10x", "-1s", "1.5s"] {
            assert!(!is_time(no), "{no}");
        }
    }

    #[test]
    fn tokens_lines_and_columns() {
        let tokens = tokenize("a 'b c';\n  # x\n\"d\\\"e\" {}").unwrap();
        let kinds: Vec<Kind> = tokens.iter().map(|t| t.kind.clone()).collect();
        assert_eq!(
            kinds,
            vec![
                Kind::Word("a".into()),
                Kind::Word("b c".into()),
                Kind::Semicolon,
                Kind::Comment(" x".into()),
                Kind::Word("d\"e".into()),
                Kind::Open,
                Kind::Close,
            ]
        );
        assert_eq!((tokens[4].line, tokens[4].column), (3, 1));
        assert_eq!((tokens[3].line, tokens[3].column), (2, 3));
    }
}
