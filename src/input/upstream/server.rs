//! One `server` line: its address, its parameters, and the node names given to the servers.

use std::collections::{HashMap, HashSet};

use crate::input::limits::{MAX_NAME_CHARS, MAX_WEIGHT};
use crate::input::text::is_direction_control;
use crate::input::upstream::block::UpstreamServer;
use crate::input::upstream::error::{ParameterProblem, UpstreamError};
use crate::input::upstream::note::UpstreamNote;
use crate::input::upstream::scenario::{max_fails_in_range, nginx_seconds, MAX_FAIL_TIMEOUT};
use crate::input::upstream::syntax::Directive;

/// One `server` line, and the parameters given more than once on it (nginx keeps the last
/// value of each, and so does this). `no_backup`: a balancer before it that takes no backup.
pub(super) fn read_server(
    d: &Directive,
    no_backup: Option<&(String, usize)>,
) -> Result<(UpstreamServer, Vec<String>), UpstreamError> {
    let line = d.name.position.line;
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
                line: address.position.line,
                column: address.position.column,
                token: address.text.clone(),
            })
        }
        Some(AddressProblem::Port) => {
            return Err(UpstreamError::InvalidPort {
                line: address.position.line,
                column: address.position.column,
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
            line: p.position.line,
            column: p.position.column,
            token: p.text.clone(),
            reason,
        };
        let key = param_name(&p.text);
        if !KNOWN.contains(&key.as_str()) {
            return Err(UpstreamError::UnknownParameter {
                line: p.position.line,
                column: p.position.column,
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
                        line: p.position.line,
                        column: p.position.column,
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
pub(super) fn is_hostname(address: &str) -> bool {
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
pub(super) fn whole(text: &str) -> Option<u64> {
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
pub(super) fn name_servers(
    servers: &mut [UpstreamServer],
    comments: &[Option<&str>],
) -> Vec<UpstreamNote> {
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
