//! The directives of an upstream block, read in order: `server` lines, balancers, what nginx
//! refuses, what is noted and ignored.

use crate::input::limits::{MAX_NODES, MAX_WORKERS};
use crate::input::upstream::block::{Upstream, UpstreamServer, UpstreamTraffic, WEIGHT_ZERO};
use crate::input::upstream::context::Context;
use crate::input::upstream::error::UpstreamError;
use crate::input::upstream::note::UpstreamNote;
use crate::input::upstream::scenario::{scenario_of, ServerSettings};
use crate::input::upstream::server::{is_hostname, name_servers, read_server};
use crate::input::upstream::syntax::Directive;
use crate::input::weights::vector::Weights;

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

pub(super) fn read_body(
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
                    line: d.name.position.line,
                    name: directive.to_string(),
                    usage,
                });
            }
        }
        if directive == "server" {
            if d.block.is_some() {
                return Err(UpstreamError::ServerBlock {
                    line: d.name.position.line,
                });
            }
            if servers.len() >= MAX_NODES {
                let count = body.iter().filter(|d| d.name.text == "server").count();
                return Err(UpstreamError::TooManyServers { count });
            }
            let (server, twice) = read_server(d, no_backup.as_ref())?;
            repeated.extend(twice.into_iter().map(|p| (p, d.name.position.line)));
            servers.push(server);
            comments.push(d.comment.as_deref());
        } else if directive == "include" {
            return Err(UpstreamError::Include {
                line: d.name.position.line,
                file: d
                    .args
                    .iter()
                    .map(|a| a.text.as_str())
                    .collect::<Vec<_>>()
                    .join(" "),
            });
        } else if BALANCERS.contains(&directive) {
            balancers.push((directive.to_string(), d.name.position.line));
            if NO_BACKUP.contains(&directive) {
                no_backup = Some((directive.to_string(), d.name.position.line));
            }
        } else if directive == "zone" {
            zone = Some(d.name.position.line);
        } else if IGNORED.contains(&directive) {
            ignored.push(directive.to_string());
        } else {
            return Err(UpstreamError::UnknownDirective {
                line: d.name.position.line,
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
    let too_many = matches!(context.workers, Some((Some(n), _)) if n > MAX_WORKERS as u64);
    match (context.workers, zone) {
        (Some((Some(workers), line)), _) if too_many => notes.push(UpstreamNote::WorkersTooMany {
            workers,
            line,
            max: MAX_WORKERS as u64,
        }),
        (Some((workers, line)), zone) if !one_worker => notes.push(UpstreamNote::Workers {
            workers,
            line,
            zone: zone.is_some(),
        }),
        (None, Some(line)) => notes.push(UpstreamNote::Zone { line }),
        _ => {}
    }
    notes.extend(context.retries.iter().cloned());
    notes.extend(context.refused.iter().cloned());

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
    let traffic = UpstreamTraffic {
        tries: context.tries,
        workers: context
            .workers
            .and_then(|(workers, _)| workers)
            .filter(|&w| w <= MAX_WORKERS as u64),
        zone: zone.is_some(),
    };
    Ok(Upstream {
        name,
        servers,
        weights,
        scenario,
        notes,
        traffic,
    })
}
