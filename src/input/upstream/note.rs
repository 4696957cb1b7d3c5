//! What reading an upstream block turned into events, left out or found not to apply.

use crate::input::text::{quoted, QUOTED_CHARS};
use crate::message::{params, Arg, Coded, Params};

/// Longest directive a note quotes whole (`proxy_next_upstream error timeout http_502`).
const DIRECTIVE_CHARS: usize = 80;

/// `(name, line)` pairs as a list of "NAME (line N)".
fn at_lines(items: &[(String, usize)]) -> Arg {
    Arg::list(
        items
            .iter()
            .map(|(name, line)| AtLine(name, *line).message()),
    )
}

/// Line numbers as a list.
fn lines(numbers: &[usize]) -> Arg {
    Arg::list(numbers.iter().copied())
}

/// Server parameters and the lines they are on, as a note's parameters.
fn parameters_on_lines(parameters: &[String], numbers: &[usize]) -> Params {
    params!["parameters" => Arg::list(parameters), "lines" => lines(numbers)]
}

/// Where requests meet retry settings: a block of the config (`location /api/`, `server`,
/// `http`) and the line it opens on, or the text's top level.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum RetryPlace {
    Top,
    Block { header: String, line: usize },
}

impl RetryPlace {
    fn message(&self) -> Arg {
        match self {
            Self::Top => Arg::from(PlaceTop.message()),
            Self::Block { header, line } => Arg::from(AtLine(header, *line).message()),
        }
    }
}

/// The text's top level, inside a note.
struct PlaceTop;

crate::message::english_display!(PlaceTop: NGINX);

impl Coded for PlaceTop {
    fn coded(&self) -> (&'static str, Params) {
        ("nginx.place_top", params![])
    }
}

/// A place and the directive that limits its requests' tries, as written, and its line (`None`:
/// nginx's default, no limit).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PlaceLimit {
    pub place: RetryPlace,
    pub by: Option<(String, usize)>,
}

crate::message::english_display!(PlaceLimit: NGINX);

impl Coded for PlaceLimit {
    fn coded(&self) -> (&'static str, Params) {
        match &self.by {
            Some((directive, line)) => (
                "nginx.place_limit",
                params![
                    "place" => self.place.message(),
                    "directive" => quoted(directive, DIRECTIVE_CHARS),
                    "line" => *line,
                ],
            ),
            None => (
                "nginx.place_default",
                params!["place" => self.place.message()],
            ),
        }
    }
}

/// What reading an upstream block turned into events, left out or does not apply: one sentence
/// each.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum UpstreamNote {
    /// A balancing method other than weighted round-robin: `(directive, line)` each.
    Balancers(Vec<(String, usize)>),
    /// Backup servers, set as backup by the scenario (their lines).
    Backups(Vec<usize>),
    /// Servers marked down, taken out by the scenario (their lines).
    Down(Vec<usize>),
    /// Every server is marked down: nginx starts with the upstream all the same and answers
    /// every request 502, "no live upstreams".
    AllDown,
    /// Servers with max_fails or fail_timeout, set by the scenario (their lines).
    Failures(Vec<usize>),
    /// Other server parameters, ignored: their names, each once, and the lines they are on.
    OtherParameters {
        parameters: Vec<String>,
        lines: Vec<usize>,
    },
    /// Directives that do not change the picks.
    Ignored(Vec<String>),
    /// Servers named by a host name, not an IP address: `(address, line)` each. nginx resolves
    /// the name when it starts and makes one server per address, each with the line's weight.
    Hostnames(Vec<(String, usize)>),
    /// `proxy_next_upstream_tries N` (or `grpc_`, `fastcgi_`, …) with N ≥ 1: at most N attempts
    /// a request. `directive` is the directive as written.
    Tries {
        directive: String,
        line: usize,
        tries: u64,
    },
    /// `proxy_next_upstream_tries N` with N above the most servers an upstream has
    /// ([`MAX_NODES`](crate::input::limits::MAX_NODES)): no request can reach it, so no limit.
    TriesUnbounded {
        directive: String,
        line: usize,
        max: u64,
    },
    /// `proxy_next_upstream off`, or a list without `error`: a refused connection is not retried
    /// (one attempt a request). `directive` is the directive as written.
    NoRetry { directive: String, line: usize },
    /// `proxy_next_upstream … http_403`/`http_404`: nginx passes the request on after such an
    /// answer without counting a failure (`NGX_PEER_NEXT`); `codes` the statuses, e.g. `403, 404`.
    NextWithoutFailure {
        directive: String,
        line: usize,
        codes: String,
    },
    /// `X_next_upstream … http_403/http_404` in force in some of the places that send requests
    /// to the upstream only (`places`), not all.
    NextWithoutFailureIn {
        directive: String,
        line: usize,
        codes: String,
        places: Vec<RetryPlace>,
    },
    /// The places that send requests to the upstream limit their tries differently (each
    /// location applies its own to its requests): `tries` is the least (0: none), the limit of
    /// the `chosen` places, taken for the one stream of requests a run has.
    TriesDiffer {
        places: Vec<PlaceLimit>,
        tries: u64,
        chosen: Vec<RetryPlace>,
    },
    /// `proxy_next_upstream_tries` with a value nginx refuses ("invalid number"): ignored.
    TriesInvalid { directive: String, line: usize },
    /// `worker_processes` with a value nginx refuses ("invalid value"; or not one value):
    /// ignored.
    WorkersInvalid { directive: String, line: usize },
    /// `worker_processes 0`: nginx takes it and starts no worker, so no request is answered;
    /// ignored.
    WorkersNone { line: usize },
    /// A directive given a second time where nginx takes it once ("is duplicate"; the first on
    /// line `first`): ignored.
    Duplicate {
        directive: String,
        line: usize,
        first: usize,
    },
    /// `worker_processes N` (N ≥ 2, `None` for `auto`): each worker keeps its own round-robin
    /// state, unless the upstream has a `zone`.
    Workers {
        workers: Option<u64>,
        line: usize,
        zone: bool,
    },
    /// `worker_processes N` with N above [`MAX_WORKERS`](crate::input::limits::MAX_WORKERS).
    WorkersTooMany { workers: u64, line: usize, max: u64 },
    /// `zone` with no `worker_processes` in the text: the workers would share one state.
    Zone { line: usize },
    /// NGINX Plus's server parameters that do not change the picks (`resolve`, `route=`,
    /// `service=`): open-source nginx refuses them.
    PlusOnly {
        parameters: Vec<String>,
        lines: Vec<usize>,
    },
    /// NGINX Plus's server parameters that change the picks (`slow_start=`, `drain`), not
    /// modelled: open-source nginx refuses them.
    PlusPicks {
        parameters: Vec<String>,
        lines: Vec<usize>,
    },
    /// A server parameter given more than once on one line: `(parameter, line)` each; the last
    /// value counts, as in nginx.
    Repeated(Vec<(String, usize)>),
    /// A `# node NAME` comment naming a server with a name an earlier server took (on line
    /// `first`): the server is named `node` instead.
    NameTaken {
        name: String,
        line: usize,
        first: usize,
        node: String,
    },
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

/// A name or a parameter and its line, inside a note.
struct AtLine<'a>(&'a str, usize);

crate::message::english_display!(AtLine<'_>: NGINX);

impl Coded for AtLine<'_> {
    fn coded(&self) -> (&'static str, Params) {
        (
            "nginx.at_line",
            params!["name" => quoted(self.0, QUOTED_CHARS), "line" => self.1],
        )
    }
}

impl Coded for UpstreamNote {
    fn coded(&self) -> (&'static str, Params) {
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
            Self::AllDown => ("nginx.note_all_down", params![]),
            Self::Failures(l) => ("nginx.note_failures", params!["lines" => lines(l)]),
            Self::OtherParameters {
                parameters,
                lines: l,
            } => (
                "nginx.note_other_parameters",
                parameters_on_lines(parameters, l),
            ),
            Self::Ignored(directives) => (
                "nginx.note_ignored",
                params!["directives" => Arg::list(directives)],
            ),
            Self::Hostnames(hosts) => (
                "nginx.note_hostnames",
                params!["hostnames" => at_lines(hosts)],
            ),
            Self::Tries {
                directive,
                line,
                tries,
            } => (
                "nginx.note_tries",
                params![
                    "directive" => quoted(directive, DIRECTIVE_CHARS),
                    "line" => *line,
                    "tries" => *tries,
                ],
            ),
            Self::TriesUnbounded {
                directive,
                line,
                max,
            } => (
                "nginx.note_tries_unbounded",
                params![
                    "directive" => quoted(directive, DIRECTIVE_CHARS),
                    "line" => *line,
                    "max" => *max,
                ],
            ),
            Self::WorkersTooMany { workers, line, max } => (
                "nginx.note_workers_too_many",
                params!["workers" => *workers, "line" => *line, "max" => *max],
            ),
            Self::NoRetry { directive, line } => (
                "nginx.note_no_retry",
                params!["directive" => quoted(directive, DIRECTIVE_CHARS), "line" => *line],
            ),
            Self::NextWithoutFailure {
                directive,
                line,
                codes,
            } => (
                "nginx.note_next_without_failure",
                params![
                    "directive" => quoted(directive, DIRECTIVE_CHARS),
                    "line" => *line,
                    "codes" => codes.as_str(),
                ],
            ),
            Self::NextWithoutFailureIn {
                directive,
                line,
                codes,
                places,
            } => (
                "nginx.note_next_without_failure_in",
                params![
                    "directive" => quoted(directive, DIRECTIVE_CHARS),
                    "line" => *line,
                    "codes" => codes.as_str(),
                    "places" => Arg::list(places.iter().map(RetryPlace::message)),
                ],
            ),
            Self::TriesDiffer {
                places,
                tries,
                chosen,
            } => (
                "nginx.note_tries_differ",
                params![
                    "places" => Arg::list(places.iter().map(Coded::message)),
                    "tries" => *tries,
                    "chosen" => Arg::list(chosen.iter().map(RetryPlace::message)),
                ],
            ),
            Self::TriesInvalid { directive, line } => (
                "nginx.note_tries_invalid",
                params!["directive" => quoted(directive, DIRECTIVE_CHARS), "line" => *line],
            ),
            Self::WorkersInvalid { directive, line } => (
                "nginx.note_workers_invalid",
                params!["directive" => quoted(directive, DIRECTIVE_CHARS), "line" => *line],
            ),
            Self::WorkersNone { line } => ("nginx.note_workers_none", params!["line" => *line]),
            Self::Duplicate {
                directive,
                line,
                first,
            } => (
                "nginx.note_duplicate",
                params![
                    "directive" => quoted(directive, DIRECTIVE_CHARS),
                    "line" => *line,
                    "first" => *first,
                ],
            ),
            Self::Workers {
                workers,
                line,
                zone,
            } => match (workers, zone) {
                (Some(n), false) => (
                    "nginx.note_workers",
                    params!["workers" => *n, "line" => *line],
                ),
                (Some(n), true) => (
                    "nginx.note_workers_zone",
                    params!["workers" => *n, "line" => *line],
                ),
                (None, false) => ("nginx.note_workers_auto", params!["line" => *line]),
                (None, true) => ("nginx.note_workers_auto_zone", params!["line" => *line]),
            },
            Self::Zone { line } => ("nginx.note_zone", params!["line" => *line]),
            Self::PlusOnly {
                parameters,
                lines: l,
            } => ("nginx.note_plus_only", parameters_on_lines(parameters, l)),
            Self::PlusPicks {
                parameters,
                lines: l,
            } => ("nginx.note_plus_picks", parameters_on_lines(parameters, l)),
            Self::Repeated(parameters) => (
                "nginx.note_repeated",
                params!["parameters" => at_lines(parameters)],
            ),
            Self::NameTaken {
                name,
                line,
                first,
                node,
            } => (
                "nginx.note_name_taken",
                params![
                    "name" => quoted(name, QUOTED_CHARS),
                    "line" => *line,
                    "first" => *first,
                    "node" => quoted(node, QUOTED_CHARS),
                ],
            ),
        }
    }
}
