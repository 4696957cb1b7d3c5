//! Why a text is not an upstream block swrr-viz can read: the line, the column and the token.

use std::fmt;

use crate::input::limits::{MAX_DEPTH, MAX_FAILS, MAX_NODES, MAX_UPSTREAM_BYTES, MAX_WEIGHT};
use crate::input::text::{group_thousands, quoted, QUOTED_CHARS};
use crate::input::upstream::scenario::MAX_FAIL_TIMEOUT;
use crate::input::weights::error::WeightError;
use crate::message::{english, params, Arg, Coded, Message, Params};

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
    /// A stream (stdin, a device) that goes on past [`MAX_UPSTREAM_BYTES`]: read no further.
    TooLongStream,
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
    /// Two `upstream` blocks of the name chosen (nginx refuses the config: "duplicate
    /// upstream"): the lines of the first two.
    SeveralUpstreams { first: usize, second: usize },
    /// More than one `upstream` block and none chosen by name: every block, in order.
    Upstreams { blocks: Vec<UpstreamPlace> },
    /// No `upstream` block of the name chosen: the blocks there are, in order (none: only
    /// `server` lines).
    NoSuchUpstream {
        name: String,
        blocks: Vec<UpstreamPlace>,
    },
    /// `include` in the upstream block: swrr-viz reads one text and does not open files.
    Include { line: usize, file: String },
    /// A directive with a number of values nginx refuses ("invalid number of arguments"), e.g.
    /// `keepalive;`; `usage` is how it is written, e.g. `keepalive CONNECTIONS`.
    Arguments {
        line: usize,
        name: String,
        usage: &'static str,
    },
    /// A server address nginx refuses as "invalid host" or "no host": a scheme or a path
    /// (`http://10.0.0.1`, `10.0.0.1/app`), or no host before the port.
    InvalidHost {
        line: usize,
        column: usize,
        token: String,
    },
    /// A port nginx refuses ("invalid port"): not a whole number from 1 to 65535.
    InvalidPort {
        line: usize,
        column: usize,
        token: String,
    },
    /// `backup` after `hash`, `ip_hash` or `random`: nginx refuses it ("balancing method does
    /// not support parameter \"backup\"").
    BackupNotSupported {
        line: usize,
        column: usize,
        balancer: String,
        balancer_line: usize,
    },
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
    /// The same parameter twice on one line. The reader does not refuse it: nginx keeps the last
    /// value, and so does the reader, with [`UpstreamNote::Repeated`](crate::input::UpstreamNote::Repeated).
    DuplicateParameter {
        line: usize,
        column: usize,
        token: String,
    },
    /// An upstream block with no `server`.
    NoServers { line: usize },
    /// Every server is a backup: nginx refuses it ("no servers in upstream"). (An upstream whose
    /// every server is down is read: nginx answers its requests 502.)
    NothingToPick,
    /// More servers than swrr-viz takes nodes.
    TooManyServers { count: usize },
    /// The servers do not make valid weights (names and weights are checked before, so this
    /// should not happen; it is an error rather than a panic).
    Weights { error: WeightError },
}

crate::message::coded! {
    error UpstreamError: NGINX;
    Self::Empty => "nginx.empty" [],
    Self::TooLong { bytes } => "nginx.too_long" ["bytes" => *bytes, "max" => MAX_UPSTREAM_BYTES],
    Self::TooLongStream => "nginx.too_long_stream" ["max" => MAX_UPSTREAM_BYTES],
    Self::UnclosedQuote { line, column } => "nginx.unclosed_quote"
        ["line" => *line, "column" => *column],
    Self::UnexpectedClose { line, column } => "nginx.unexpected_close"
        ["line" => *line, "column" => *column],
    Self::UnexpectedToken { line, column, token } => "nginx.unexpected_token"
        ["line" => *line, "column" => *column, "token" => quoted(token, QUOTED_CHARS)],
    Self::Unclosed { line, name } => "nginx.unclosed"
        ["line" => *line, "name" => quoted(name, QUOTED_CHARS)],
    Self::MissingSemicolon { line, name } => "nginx.missing_semicolon"
        ["line" => *line, "name" => quoted(name, QUOTED_CHARS)],
    Self::TooDeep { line } => "nginx.too_deep" ["line" => *line, "max" => MAX_DEPTH],
    Self::NoUpstream => "nginx.no_upstream" [],
    Self::SeveralUpstreams { first, second } => "nginx.several_upstreams"
        ["first" => *first, "second" => *second],
    Self::Upstreams { blocks } => "nginx.upstreams"
        ["count" => blocks.len(), "blocks" => places(blocks)],
    Self::NoSuchUpstream { name, blocks } => (no_such_upstream(name, blocks)),
    Self::Include { line, file } => "nginx.include"
        ["line" => *line, "file" => quoted(file, QUOTED_CHARS)],
    Self::Arguments { line, name, usage } => "nginx.arguments"
        ["line" => *line, "name" => quoted(name, QUOTED_CHARS), "usage" => *usage],
    Self::InvalidHost { line, column, token } => "nginx.invalid_host"
        ["line" => *line, "column" => *column, "token" => quoted(token, QUOTED_CHARS)],
    Self::InvalidPort { line, column, token } => "nginx.invalid_port"
        ["line" => *line, "column" => *column, "token" => quoted(token, QUOTED_CHARS)],
    Self::BackupNotSupported { line, column, balancer, balancer_line } =>
        "nginx.backup_not_supported"
        ["line" => *line, "column" => *column, "balancer" => balancer.as_str(),
         "balancer_line" => *balancer_line],
    Self::BadUpstream { line, reason: UpstreamProblem::NoBlock } => "nginx.upstream_no_block"
        ["line" => *line],
    Self::BadUpstream { line, reason: UpstreamProblem::NotOneName } =>
        "nginx.upstream_not_one_name" ["line" => *line],
    Self::UnknownDirective { line, name } => "nginx.unknown_directive"
        ["line" => *line, "name" => quoted(name, QUOTED_CHARS)],
    Self::ServerBlock { line } => "nginx.server_block" ["line" => *line],
    Self::NoAddress { line } => "nginx.no_address" ["line" => *line],
    Self::UnknownParameter { line, column, token } => "nginx.unknown_parameter"
        ["line" => *line, "column" => *column, "token" => quoted(token, QUOTED_CHARS)],
    Self::BadParameter { line, column, token, reason } => (reason.coded(*line, *column, token)),
    Self::DuplicateParameter { line, column, token } => "nginx.duplicate_parameter"
        ["line" => *line, "column" => *column, "token" => quoted(token, QUOTED_CHARS)],
    Self::NoServers { line } => "nginx.no_servers" ["line" => *line],
    Self::NothingToPick => "nginx.nothing_to_pick" [],
    Self::TooManyServers { count } => "nginx.too_many_servers" ["count" => *count, "max" => MAX_NODES],
    Self::Weights { error } => "nginx.weights" ["error" => error.message()],
}

/// Where an `upstream` block starts: its name, line, and column when another block starts on
/// the same line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UpstreamPlace {
    pub name: String,
    pub line: usize,
    /// Set when another block starts on the same line.
    pub column: Option<usize>,
}

crate::message::coded! {
    display UpstreamPlace: NGINX;
    Self { name, line, column: None } => "nginx.upstream_at"
        ["name" => quoted(name, QUOTED_CHARS), "line" => *line],
    Self { name, line, column: Some(column) } => "nginx.upstream_at_column"
        ["name" => quoted(name, QUOTED_CHARS), "line" => *line, "column" => *column],
}

/// How many blocks a message names; the others it counts (a generated config can hold thousands).
const LISTED_BLOCKS: usize = 8;

/// The blocks as a list parameter: the first [`LISTED_BLOCKS`], then how many more.
fn places(blocks: &[UpstreamPlace]) -> Arg {
    let listed = Arg::list(blocks.iter().take(LISTED_BLOCKS).map(Coded::message));
    if blocks.len() <= LISTED_BLOCKS {
        return listed;
    }
    let code = "nginx.blocks_more";
    let params = params!["blocks" => listed, "more" => blocks.len() - LISTED_BLOCKS];
    Arg::Message(Box::new(Message {
        code,
        text: english(code, &params),
        params,
    }))
}

/// `--upstream NAME` found no block of that name: the blocks there are, or that there are none.
fn no_such_upstream(name: &str, blocks: &[UpstreamPlace]) -> (&'static str, Params) {
    let name = quoted(name, QUOTED_CHARS);
    if blocks.is_empty() {
        ("nginx.no_such_upstream_none", params!["name" => name])
    } else {
        (
            "nginx.no_such_upstream",
            params!["name" => name, "blocks" => places(blocks)],
        )
    }
}

impl ParameterProblem {
    /// The message of this problem with the token at `line`, `column`; a value above a limit
    /// names the limit.
    fn coded(self, line: usize, column: usize, token: &str) -> (&'static str, Params) {
        let code = match self {
            Self::FlagWithValue => "nginx.flag_with_value",
            Self::MissingValue => "nginx.missing_value",
            Self::WeightNotDigits => "nginx.weight_not_digits",
            Self::WeightZero => "nginx.weight_zero",
            Self::WeightTooLarge => "nginx.weight_too_large",
            Self::MaxFails => "nginx.max_fails",
            Self::MaxFailsTooLarge => "nginx.max_fails_too_large",
            Self::FailTimeout => "nginx.fail_timeout",
            Self::FailTimeoutTooLong => "nginx.fail_timeout_too_long",
            Self::MaxConns => "nginx.max_conns",
            Self::SlowStart => "nginx.slow_start",
        };
        let mut params =
            params!["line" => line, "column" => column, "token" => quoted(token, QUOTED_CHARS)];
        let max = match self {
            Self::WeightTooLarge => Some(Arg::from(group_thousands(MAX_WEIGHT))),
            Self::MaxFailsTooLarge => Some(Arg::from(MAX_FAILS)),
            Self::FailTimeoutTooLong => Some(Arg::from(group_thousands(MAX_FAIL_TIMEOUT))),
            _ => None,
        };
        params.extend(max.map(|max| ("max", max)));
        (code, params)
    }
}

// ── writing ─────────────────────────────────────────────────────────────────────────────────
