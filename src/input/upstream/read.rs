//! Reading an upstream block: the directives found, each `server` line checked and named.

use std::collections::{HashMap, HashSet};

use crate::input::limits::{MAX_NAME_CHARS, MAX_NODES, MAX_UPSTREAM_BYTES, MAX_WEIGHT};
use crate::input::text::is_direction_control;
use crate::input::upstream::block::{Upstream, UpstreamServer, WEIGHT_ZERO};
use crate::input::upstream::error::{
    ParameterProblem, UpstreamError, UpstreamPlace, UpstreamProblem,
};
use crate::input::upstream::note::UpstreamNote;
use crate::input::upstream::scenario::{
    max_fails_in_range, nginx_seconds, scenario_of, ServerSettings, MAX_FAIL_TIMEOUT,
};
use crate::input::upstream::syntax::{tokenize, Directive, Kind, Parser};
use crate::input::weights::vector::Weights;

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
/// Directives that do not change which server is picked (`zone` does with several workers:
/// it is read apart).
const IGNORED: [&str; 8] = [
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
/// A config with several `upstream` blocks is refused naming them all
/// ([`UpstreamError::Upstreams`]): choose one with [`parse_named_upstream`].
pub fn parse_upstream(text: &str) -> Result<Upstream, UpstreamError> {
    read(text, None)
}

/// Reads the `upstream NAME { … }` block of a config that may hold several.
///
/// ```
/// use swrr_viz::input::parse_named_upstream;
/// let conf = "upstream a { server 10.0.0.1:80 weight=2; }\nupstream b { server 10.0.0.2:80; }";
/// let b = parse_named_upstream(conf, "b").unwrap();
/// assert_eq!(b.weights.canonical_text(), "10.0.0.2:80=1");
/// assert!(parse_named_upstream(conf, "c").unwrap_err().to_string().contains("a (line 1)"));
/// ```
pub fn parse_named_upstream(text: &str, name: &str) -> Result<Upstream, UpstreamError> {
    read(text, Some(name))
}

fn read(text: &str, choose: Option<&str>) -> Result<Upstream, UpstreamError> {
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
    // nginx refuses a config with any malformed upstream, chosen or not.
    for one in &upstreams {
        let line = one.name.line;
        if one.block.is_none() {
            return Err(UpstreamError::BadUpstream {
                line,
                reason: UpstreamProblem::NoBlock,
            });
        }
        if one.args.len() != 1 {
            return Err(UpstreamError::BadUpstream {
                line,
                reason: UpstreamProblem::NotOneName,
            });
        }
    }
    let chosen: Option<&Directive> = match choose {
        Some(name) => {
            let named: Vec<&Directive> = upstreams
                .iter()
                .copied()
                .filter(|u| u.args[0].text == name)
                .collect();
            match named.as_slice() {
                [] => {
                    return Err(UpstreamError::NoSuchUpstream {
                        name: name.to_string(),
                        blocks: places(&upstreams),
                    })
                }
                [one] => Some(one),
                [first, second, ..] => {
                    return Err(UpstreamError::SeveralUpstreams {
                        first: first.name.line,
                        second: second.name.line,
                    })
                }
            }
        }
        None => match upstreams.as_slice() {
            [] => None,
            [one] => Some(one),
            _ => {
                return Err(UpstreamError::Upstreams {
                    blocks: places(&upstreams),
                })
            }
        },
    };
    let context = context_of(&top);
    match chosen {
        None => {
            if !top
                .iter()
                .any(|d| d.name.text == "server" && d.block.is_none())
            {
                return Err(UpstreamError::NoUpstream);
            }
            read_body(None, &top, 1, &context)
        }
        Some(one) => {
            let block = one.block.as_deref().unwrap_or_default();
            read_body(
                Some(one.args[0].text.clone()),
                block,
                one.name.line,
                &context,
            )
        }
    }
}

/// Where each block starts, with the column when another starts on the same line.
fn places(upstreams: &[&Directive]) -> Vec<UpstreamPlace> {
    upstreams
        .iter()
        .map(|u| {
            let shared = upstreams
                .iter()
                .filter(|v| v.name.line == u.name.line)
                .count()
                > 1;
            UpstreamPlace {
                name: u.args.first().map(|a| a.text.clone()).unwrap_or_default(),
                line: u.name.line,
                column: shared.then_some(u.name.column),
            }
        })
        .collect()
}

// ── reading: the rest of the config ─────────────────────────────────────────────────────────

/// What the config around the upstream says about how it is used.
#[derive(Debug, Default)]
struct Context {
    /// `worker_processes`: `(Some(N) or None for auto, line)`.
    workers: Option<(Option<u64>, usize)>,
    /// Notes on `*_next_upstream` and `*_next_upstream_tries`, in order.
    retries: Vec<UpstreamNote>,
}

/// The modules whose `X_next_upstream` and `X_next_upstream_tries` retry a request on another
/// server of an upstream.
const RETRYING_MODULES: [&str; 6] = ["proxy", "grpc", "fastcgi", "uwsgi", "scgi", "memcached"];

fn context_of(top: &[Directive]) -> Context {
    let mut context = Context::default();
    gather_context(top, &mut context);
    context
}

fn gather_context(directives: &[Directive], context: &mut Context) {
    for d in directives {
        let name = d.name.text.as_str();
        let line = d.name.line;
        let args: Vec<&str> = d.args.iter().map(|a| a.text.as_str()).collect();
        let written = || {
            std::iter::once(name)
                .chain(args.iter().copied())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let module_of = |suffix: &str| {
            name.strip_suffix(suffix)
                .is_some_and(|module| RETRYING_MODULES.contains(&module))
        };
        if name == "worker_processes" && context.workers.is_none() {
            match args.as_slice() {
                ["auto"] => context.workers = Some((None, line)),
                [n] => {
                    if let Some(n) = whole(n) {
                        context.workers = Some((Some(n), line));
                    }
                }
                _ => {}
            }
        } else if module_of("_next_upstream_tries") {
            // 0 is nginx's default: no limit.
            if let [n] = args.as_slice() {
                if let Some(tries) = whole(n).filter(|&t| t > 0) {
                    context.retries.push(UpstreamNote::Tries {
                        directive: written(),
                        line,
                        tries,
                    });
                }
            }
        } else if module_of("_next_upstream")
            && !args.is_empty()
            && (args.contains(&"off") || !args.contains(&"error"))
        {
            // A refused connection is an `error`: without it in the list, nginx does not retry.
            context.retries.push(UpstreamNote::NoRetry {
                directive: written(),
                line,
            });
        }
        if let Some(block) = &d.block {
            if name != "upstream" {
                gather_context(block, context);
            }
        }
    }
}

/// How many values nginx takes for the upstream directives it knows, and how each is written.
const USAGE: [(&str, usize, usize, &str); 9] = [
    ("zone", 1, 2, "zone NAME [SIZE]"),
    ("keepalive", 1, 1, "keepalive CONNECTIONS"),
    ("keepalive_requests", 1, 1, "keepalive_requests NUMBER"),
    ("keepalive_time", 1, 1, "keepalive_time TIME"),
    ("keepalive_timeout", 1, 1, "keepalive_timeout TIME"),
    ("least_conn", 0, 0, "least_conn"),
    ("ip_hash", 0, 0, "ip_hash"),
    ("hash", 1, 2, "hash KEY [consistent]"),
    ("random", 0, 2, "random [two [METHOD]]"),
];
/// Balancing methods after which nginx refuses `backup` ("balancing method does not support
/// parameter \"backup\""; `least_conn` takes it).
const NO_BACKUP: [&str; 3] = ["hash", "ip_hash", "random"];
/// NGINX Plus's server parameters (open-source nginx refuses them) that change the picks there.
const PLUS_PICKS: [&str; 2] = ["slow_start", "drain"];
/// NGINX Plus's other server parameters.
const PLUS_ONLY: [&str; 3] = ["resolve", "route", "service"];

fn read_body(
    name: Option<String>,
    body: &[Directive],
    line: usize,
    context: &Context,
) -> Result<Upstream, UpstreamError> {
    let mut servers = Vec::new();
    let mut comments = Vec::new();
    let mut balancers = Vec::new();
    let mut ignored = Vec::new();
    let mut repeated = Vec::new();
    let mut zone = None;
    // The balancer read so far that takes no backup servers.
    let mut no_backup: Option<(String, usize)> = None;
    for d in body {
        let directive = d.name.text.as_str();
        if let Some(&(_, min, max, usage)) = USAGE.iter().find(|(n, ..)| *n == directive) {
            if d.args.len() < min || d.args.len() > max {
                return Err(UpstreamError::Arguments {
                    line: d.name.line,
                    name: directive.to_string(),
                    usage,
                });
            }
        }
        if directive == "server" {
            if d.block.is_some() {
                return Err(UpstreamError::ServerBlock { line: d.name.line });
            }
            if servers.len() >= MAX_NODES {
                let count = body.iter().filter(|d| d.name.text == "server").count();
                return Err(UpstreamError::TooManyServers { count });
            }
            let (server, twice) = read_server(d, no_backup.as_ref())?;
            repeated.extend(twice.into_iter().map(|p| (p, d.name.line)));
            servers.push(server);
            comments.push(d.comment.as_deref());
        } else if directive == "include" {
            return Err(UpstreamError::Include {
                line: d.name.line,
                file: d
                    .args
                    .iter()
                    .map(|a| a.text.as_str())
                    .collect::<Vec<_>>()
                    .join(" "),
            });
        } else if BALANCERS.contains(&directive) {
            balancers.push((directive.to_string(), d.name.line));
            if NO_BACKUP.contains(&directive) {
                no_backup = Some((directive.to_string(), d.name.line));
            }
        } else if directive == "zone" {
            zone = Some(d.name.line);
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
    // nginx refuses an upstream of backups only ("no servers in upstream"). One whose every
    // server is down it accepts, and answers every request 502 ("no live upstreams").
    if servers.iter().all(|s| s.backup) {
        return Err(UpstreamError::NothingToPick);
    }
    let taken = name_servers(&mut servers, &comments);
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
    // Each line once: a block written on one line has several servers on it.
    let lines = |pick: &dyn Fn(&UpstreamServer) -> bool| -> Vec<usize> {
        let mut lines: Vec<usize> = servers.iter().filter(|s| pick(s)).map(|s| s.line).collect();
        lines.dedup();
        lines
    };
    let backups = lines(&|s| s.backup);
    if !backups.is_empty() {
        notes.push(UpstreamNote::Backups(backups));
    }
    let mut down: Vec<usize> = servers
        .iter()
        .zip(&zero)
        .filter(|(s, &z)| s.down && !z)
        .map(|(s, _)| s.line)
        .collect();
    down.dedup();
    if !down.is_empty() {
        notes.push(UpstreamNote::Down(down));
    }
    // Every server down as nginx reads it (a `down` line written for weight 0 reads back as
    // weight 0, drained in the scenario, not down).
    if servers.iter().zip(&zero).all(|(s, &z)| s.down && !z) {
        notes.push(UpstreamNote::AllDown);
    }
    let failures = lines(&|s| s.max_fails.is_some() || s.fail_timeout.is_some());
    if !failures.is_empty() {
        notes.push(UpstreamNote::Failures(failures));
    }
    // The ignored server parameters, in three kinds: each kind's names once, and its lines.
    let ignored_of = |kind: &dyn Fn(&str) -> bool| -> (Vec<String>, Vec<usize>) {
        let mut parameters: Vec<String> = Vec::new();
        let mut lines: Vec<usize> = Vec::new();
        for server in &servers {
            for parameter in &server.ignored {
                let name = parameter.split('=').next().unwrap_or(parameter);
                if !kind(name) {
                    continue;
                }
                if !parameters.iter().any(|p| p == name) {
                    parameters.push(name.to_string());
                }
                if lines.last() != Some(&server.line) {
                    lines.push(server.line);
                }
            }
        }
        (parameters, lines)
    };
    let (parameters, others) = ignored_of(&|p| !PLUS_PICKS.contains(&p) && !PLUS_ONLY.contains(&p));
    if !parameters.is_empty() {
        notes.push(UpstreamNote::OtherParameters {
            parameters,
            lines: others,
        });
    }
    // With one worker a zone changes nothing; with several it makes them share one state.
    let one_worker = matches!(context.workers, Some((Some(n), _)) if n <= 1);
    if let (Some(_), true) = (zone, one_worker) {
        ignored.insert(0, "zone".to_string());
    }
    if !ignored.is_empty() {
        ignored.dedup();
        notes.push(UpstreamNote::Ignored(ignored));
    }
    if !repeated.is_empty() {
        repeated.dedup();
        notes.push(UpstreamNote::Repeated(repeated));
    }
    notes.extend(taken);
    let (parameters, lines_plus) = ignored_of(&|p| PLUS_PICKS.contains(&p));
    if !parameters.is_empty() {
        notes.push(UpstreamNote::PlusPicks {
            parameters,
            lines: lines_plus,
        });
    }
    let (parameters, lines_plus) = ignored_of(&|p| PLUS_ONLY.contains(&p));
    if !parameters.is_empty() {
        notes.push(UpstreamNote::PlusOnly {
            parameters,
            lines: lines_plus,
        });
    }
    let hostnames: Vec<(String, usize)> = servers
        .iter()
        .filter(|s| is_hostname(&s.address))
        .map(|s| (s.address.clone(), s.line))
        .collect();
    if !hostnames.is_empty() {
        notes.push(UpstreamNote::Hostnames(hostnames));
    }
    match (context.workers, zone) {
        (Some((workers, line)), zone) if !one_worker => notes.push(UpstreamNote::Workers {
            workers,
            line,
            zone: zone.is_some(),
        }),
        (None, Some(line)) => notes.push(UpstreamNote::Zone { line }),
        _ => {}
    }
    notes.extend(context.retries.iter().cloned());

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

/// One `server` line, and the parameters given more than once on it (nginx keeps the last
/// value of each, and so does this). `no_backup`: a balancer before it that takes no backup.
fn read_server(
    d: &Directive,
    no_backup: Option<&(String, usize)>,
) -> Result<(UpstreamServer, Vec<String>), UpstreamError> {
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
    match address_problem(&address.text) {
        Some(AddressProblem::Host) => {
            return Err(UpstreamError::InvalidHost {
                line: address.line,
                column: address.column,
                token: address.text.clone(),
            })
        }
        Some(AddressProblem::Port) => {
            return Err(UpstreamError::InvalidPort {
                line: address.line,
                column: address.column,
                token: address.text.clone(),
            })
        }
        None => {}
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
    let mut repeated = Vec::new();
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
        // nginx 1.22.1 takes a parameter given twice and keeps the last value: QA recorded
        // `weight=1 weight=3` picked 3:1 (docs/CLI.md, nginx upstream blocks).
        if !seen.insert(key.clone()) && !repeated.contains(&key) {
            repeated.push(key.clone());
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
                server.ignored.retain(|i| param_name(i) != key);
                server.ignored.push(p.text.clone());
            }
            "slow_start" => {
                if !is_time(value) {
                    return Err(bad(ParameterProblem::SlowStart));
                }
                server.ignored.retain(|i| param_name(i) != key);
                server.ignored.push(p.text.clone());
            }
            "backup" => {
                if let Some((balancer, balancer_line)) = no_backup {
                    return Err(UpstreamError::BackupNotSupported {
                        line: p.line,
                        column: p.column,
                        balancer: balancer.clone(),
                        balancer_line: *balancer_line,
                    });
                }
                server.backup = true;
            }
            "down" => server.down = true,
            _ => {
                server.ignored.retain(|i| param_name(i) != key);
                server.ignored.push(p.text.clone());
            }
        }
    }
    Ok((server, repeated))
}

/// Why nginx refuses a server address (`ngx_parse_url`, `src/core/ngx_inet.c`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum AddressProblem {
    /// "invalid host" or "no host": a path or `?` after the host (an upstream server takes no
    /// URI, so `http://…` is one), nothing before the port, `[` without `]`.
    Host,
    /// "invalid port": not a whole number from 1 to 65535.
    Port,
}

/// What nginx finds wrong with a server address, if anything: `unix:PATH`, `[IPv6][:PORT]` or
/// `HOST[:PORT]` (the port after the first `:`). A host name nginx cannot resolve is not seen
/// here: that is nginx's start-up ("host not found").
fn address_problem(address: &str) -> Option<AddressProblem> {
    let lower = address.get(..5).map(str::to_ascii_lowercase);
    if lower.as_deref() == Some("unix:") {
        return (address.len() == 5).then_some(AddressProblem::Host);
    }
    if let Some(rest) = address.strip_prefix('[') {
        let Some((inside, after)) = rest.split_once(']') else {
            return Some(AddressProblem::Host);
        };
        if after.contains(['/', '?']) {
            return Some(AddressProblem::Host);
        }
        if !after.is_empty() {
            let Some(port) = after.strip_prefix(':') else {
                return Some(AddressProblem::Host);
            };
            if !is_port(port) {
                return Some(AddressProblem::Port);
            }
        }
        let v6 = !inside.is_empty()
            && inside
                .chars()
                .all(|c| c.is_ascii_hexdigit() || c == ':' || c == '.');
        return (!v6).then_some(AddressProblem::Host);
    }
    if address.contains(['/', '?']) {
        return Some(AddressProblem::Host);
    }
    match address.split_once(':') {
        Some((_, port)) if !is_port(port) => Some(AddressProblem::Port),
        Some(("", _)) => Some(AddressProblem::Host),
        _ => None,
    }
}

/// A port as nginx takes it: digits only, 1 to 65535.
fn is_port(text: &str) -> bool {
    whole(text).is_some_and(|p| (1..=65_535).contains(&p))
}

/// An address nginx resolves when it starts (one server per address the name has): not a
/// `unix:` socket, not `[IPv6]`, not an IPv4 address.
fn is_hostname(address: &str) -> bool {
    let unix = address
        .get(..5)
        .is_some_and(|p| p.eq_ignore_ascii_case("unix:"));
    if unix || address.starts_with('[') {
        return false;
    }
    let host = address.split_once(':').map_or(address, |(host, _)| host);
    let parts: Vec<&str> = host.split('.').collect();
    let ipv4 = parts.len() == 4
        && parts.iter().all(|p| {
            !p.is_empty()
                && p.len() <= 3
                && p.chars().all(|c| c.is_ascii_digit())
                && p.parse::<u32>().is_ok_and(|v| v <= 255)
        });
    !ipv4
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
/// `#2`, `#3`, … when taken. A comment's name an earlier server took is said in a note.
fn name_servers(servers: &mut [UpstreamServer], comments: &[Option<&str>]) -> Vec<UpstreamNote> {
    let mut taken: HashMap<String, usize> = HashMap::new();
    let mut notes = Vec::new();
    for (server, comment) in servers.iter_mut().zip(comments) {
        let asked = comment
            .and_then(|c| c.trim().strip_prefix("node "))
            .and_then(|rest| rest.split_whitespace().next())
            .filter(|name| valid_name(name));
        let from_comment = asked
            .filter(|name| !taken.contains_key(*name))
            .map(str::to_string);
        let name = from_comment.unwrap_or_else(|| {
            let base: String = server
                .address
                .chars()
                .map(|c| {
                    if c.is_whitespace()
                        || c.is_control()
                        || is_direction_control(c)
                        || matches!(c, ',' | ';' | '=')
                    {
                        '_'
                    } else {
                        c
                    }
                })
                .take(MAX_NAME_CHARS)
                .collect();
            let mut candidate = base.clone();
            let mut k = 2;
            while taken.contains_key(&candidate) {
                let suffix = format!("#{k}");
                let keep = MAX_NAME_CHARS.saturating_sub(suffix.chars().count());
                candidate = base.chars().take(keep).collect::<String>() + &suffix;
                k += 1;
            }
            candidate
        });
        if let Some(asked) = asked.filter(|a| *a != name) {
            notes.push(UpstreamNote::NameTaken {
                name: asked.to_string(),
                line: server.line,
                first: taken.get(asked).copied().unwrap_or(server.line),
                node: name.clone(),
            });
        }
        taken.insert(name.clone(), server.line);
        server.name = Some(name);
    }
    notes
}

/// A name the weights text takes as it is.
fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name.chars().count() <= MAX_NAME_CHARS
        && !name.chars().any(|c| {
            c.is_whitespace()
                || c.is_control()
                || is_direction_control(c)
                || matches!(c, ',' | ';' | '=')
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times() {
        for yes in ["10", "10s", "1m30s", "500ms", "1h", "2d"] {
            assert!(is_time(yes), "{yes}");
        }
        for no in ["", "s", "10x", "-1s", "1.5s"] {
            assert!(!is_time(no), "{no}");
        }
    }
}
