//! Reading an upstream block: the directives found, each `server` line checked and named.

use std::collections::HashSet;

use crate::input::limits::{MAX_NAME_CHARS, MAX_NODES, MAX_UPSTREAM_BYTES, MAX_WEIGHT};
use crate::input::text::is_direction_control;
use crate::input::upstream::block::{Upstream, UpstreamServer, WEIGHT_ZERO};
use crate::input::upstream::error::{ParameterProblem, UpstreamError, UpstreamProblem};
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
    let failures = lines(&|s| s.max_fails.is_some() || s.fail_timeout.is_some());
    if !failures.is_empty() {
        notes.push(UpstreamNote::Failures(failures));
    }
    let others = lines(&|s| !s.ignored.is_empty());
    if !others.is_empty() {
        let mut parameters: Vec<String> = Vec::new();
        for parameter in servers.iter().flat_map(|s| &s.ignored) {
            let name = parameter.split('=').next().unwrap_or(parameter);
            if !parameters.iter().any(|p| p == name) {
                parameters.push(name.to_string());
            }
        }
        notes.push(UpstreamNote::OtherParameters {
            parameters,
            lines: others,
        });
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
