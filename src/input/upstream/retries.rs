//! A request's try limit, place by place: nginx applies to each request the `X_next_upstream`
//! and `X_next_upstream_tries` of its location, inherited from `server` and `http` where the
//! location sets none (`ngx_http_proxy_merge_loc_conf`: `ngx_conf_merge_uint_value` on
//! `upstream.next_upstream_tries`, `ngx_conf_merge_bitmask_value` on `upstream.next_upstream`;
//! grpc, fastcgi, uwsgi, scgi and memcached merge theirs alike). A run has one stream of requests,
//! so one limit: where the places differ, one note names them and the least limit is taken.

use std::collections::{HashMap, HashSet};

use crate::input::limits::MAX_NODES;
use crate::input::upstream::note::{PlaceLimit, RetryPlace, UpstreamNote};
use crate::input::upstream::syntax::Directive;

/// The modules whose `X_pass` sends a request to an upstream, and whose `X_next_upstream` and
/// `X_next_upstream_tries` retry it on another server.
const RETRYING_MODULES: [&str; 6] = ["proxy", "grpc", "fastcgi", "uwsgi", "scgi", "memcached"];

/// A directive as written (`proxy_next_upstream_tries 3`) and its line.
#[derive(Debug, Clone)]
struct Written {
    text: String,
    line: usize,
}

/// One module's retry settings in effect in a block.
#[derive(Debug, Clone, Default)]
struct Settings {
    /// `X_next_upstream`: its values (every line of one block together, as nginx ORs them).
    next: Option<(Vec<String>, Written)>,
    /// `X_next_upstream_tries N`.
    tries: Option<(u64, Written)>,
}

/// Where requests meet settings: a place (a `location`; `server` or `http` where no location
/// says) and one module's settings there.
#[derive(Debug, Clone)]
struct Use {
    place: RetryPlace,
    settings: Settings,
}

/// What a request's tries come to in one place.
enum Limit {
    /// No limit: 0 (nginx's default), or more than an upstream has servers.
    None { note: Option<UpstreamNote> },
    /// At most N tries (1 for a list that does not retry a refused connection).
    Tries { tries: u64, note: UpstreamNote },
}

/// What the config says of retries: the notes, in order, and the try limit a run takes (`None`
/// where nothing is stated; `Some(0)` for no limit).
pub(super) struct Retries {
    pub(super) notes: Vec<UpstreamNote>,
    pub(super) tries: Option<u64>,
}

#[derive(Default)]
struct Found {
    /// The places whose `X_pass` names the upstream, each with its module's settings.
    passes: Vec<Use>,
    /// The blocks that write a retry directive, with that module's settings (for a text with no
    /// `X_pass` naming the upstream: a block alone, or a location sending to `$variable`).
    written: Vec<Use>,
    /// Lines nginx refuses, ignored.
    refused: Vec<UpstreamNote>,
}

/// nginx's `ngx_atoi`: digits only, at most `NGX_MAX_INT_T_VALUE`; anything else is refused.
pub(super) fn atoi(text: &str) -> Option<u64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse::<i64>().ok().and_then(|n| u64::try_from(n).ok())
}

fn written(d: &Directive) -> Written {
    let text = std::iter::once(d.name.text.as_str())
        .chain(d.args.iter().map(|a| a.text.as_str()))
        .collect::<Vec<_>>()
        .join(" ");
    Written {
        text,
        line: d.name.position.line,
    }
}

fn module_of(name: &str, suffix: &str) -> Option<usize> {
    let module = name.strip_suffix(suffix)?;
    RETRYING_MODULES.iter().position(|m| *m == module)
}

/// Whether `X_pass ARG` sends to the upstream `name` (`http://NAME/path`, `grpcs://NAME`,
/// `NAME`); nginx matches the host case-insensitively.
fn sends_to(arg: &str, name: &str) -> bool {
    let rest = arg.split_once("://").map_or(arg, |(_, rest)| rest);
    let host = rest.split(['/', ':']).next().unwrap_or(rest);
    host.eq_ignore_ascii_case(name)
}

/// The retry settings of the text for the requests sent to the upstream `name` (`None`: bare
/// server lines, no name to be sent to).
pub(super) fn retries_of(top: &[Directive], name: Option<&str>) -> (Retries, Vec<UpstreamNote>) {
    let mut found = Found::default();
    let inherited: [Settings; 6] = Default::default();
    walk(top, &inherited, &RetryPlace::Top, name, &mut found);
    let uses = if found.passes.is_empty() {
        found.written
    } else {
        found.passes
    };
    (say(&uses), found.refused)
}

fn walk(
    directives: &[Directive],
    inherited: &[Settings; 6],
    place: &RetryPlace,
    name: Option<&str>,
    found: &mut Found,
) {
    // A block's own settings hold for the whole block, wherever in it they are written.
    let mut own = inherited.clone();
    let mut tries_here: [Option<usize>; 6] = [None; 6];
    let mut next_here = [false; 6];
    for d in directives {
        let n = d.name.text.as_str();
        if let Some(m) = module_of(n, "_next_upstream_tries") {
            let tries = match d.args.as_slice() {
                [one] => atoi(&one.text),
                _ => None,
            };
            match (tries, tries_here[m]) {
                // `ngx_conf_set_num_slot`: "is duplicate" (once the values are counted).
                (_, Some(first)) if d.args.len() == 1 => {
                    found.refused.push(UpstreamNote::Duplicate {
                        directive: written(d).text,
                        line: d.name.position.line,
                        first,
                    })
                }
                // "invalid number", or of arguments.
                (None, _) | (_, Some(_)) => found.refused.push(UpstreamNote::TriesInvalid {
                    directive: written(d).text,
                    line: d.name.position.line,
                }),
                (Some(tries), None) => {
                    tries_here[m] = Some(d.name.position.line);
                    own[m].tries = Some((tries, written(d)));
                }
            }
        } else if let Some(m) = module_of(n, "_next_upstream") {
            if d.args.is_empty() {
                continue;
            }
            let values = d.args.iter().map(|a| a.text.clone());
            let this = written(d);
            // `ngx_conf_set_bitmask_slot`: a second line in the same block adds its values.
            match (&mut own[m].next, next_here[m]) {
                (Some((list, was)), true) => {
                    list.extend(values);
                    was.text = format!("{}; {}", was.text, this.text);
                }
                _ => own[m].next = Some((values.collect(), this)),
            }
            next_here[m] = true;
        }
    }
    for (m, settings) in own.iter().enumerate() {
        if tries_here[m].is_some() || next_here[m] {
            found.written.push(Use {
                place: place.clone(),
                settings: settings.clone(),
            });
        }
    }
    for d in directives {
        if let (Some(m), Some(name), [arg]) =
            (module_of(&d.name.text, "_pass"), name, d.args.as_slice())
        {
            if sends_to(&arg.text, name) {
                found.passes.push(Use {
                    place: place.clone(),
                    settings: own[m].clone(),
                });
            }
        }
        let Some(block) = &d.block else { continue };
        let inner = match d.name.text.as_str() {
            "upstream" => continue,
            // Requests in an `if` or `limit_except` are their location's.
            "if" | "limit_except" => place.clone(),
            header => RetryPlace::Block {
                header: std::iter::once(header)
                    .chain(d.args.iter().map(|a| a.text.as_str()))
                    .collect::<Vec<_>>()
                    .join(" "),
                line: d.name.position.line,
            },
        };
        walk(block, &own, &inner, name, found);
    }
}

/// The limit in one place, and the note that says it alone.
fn limit_of(settings: &Settings) -> Limit {
    if let Some((values, at)) = &settings.next {
        // A refused connection is an `error`: without it in the list, nginx does not retry.
        if values.iter().any(|v| v == "off") || !values.iter().any(|v| v == "error") {
            let note = UpstreamNote::NoRetry {
                directive: at.text.clone(),
                line: at.line,
            };
            return Limit::Tries { tries: 1, note };
        }
    }
    match &settings.tries {
        // 0 is nginx's default: no limit.
        None | Some((0, _)) => Limit::None { note: None },
        // More tries than an upstream can have servers: never reached, no limit.
        Some((tries, at)) if *tries > MAX_NODES as u64 => Limit::None {
            note: Some(UpstreamNote::TriesUnbounded {
                directive: at.text.clone(),
                line: at.line,
                max: MAX_NODES as u64,
            }),
        },
        Some((tries, at)) => Limit::Tries {
            tries: *tries,
            note: UpstreamNote::Tries {
                directive: at.text.clone(),
                line: at.line,
                tries: *tries,
            },
        },
    }
}

/// How one place limits its requests' tries, inside the note on places that differ.
fn place_limit(one: &Use, limit: &Limit) -> PlaceLimit {
    let by = match limit {
        Limit::Tries { note, .. } | Limit::None { note: Some(note) } => match note {
            UpstreamNote::Tries {
                directive, line, ..
            }
            | UpstreamNote::TriesUnbounded {
                directive, line, ..
            }
            | UpstreamNote::NoRetry { directive, line } => Some((directive.clone(), *line)),
            _ => None,
        },
        Limit::None { note: None } => one
            .settings
            .tries
            .as_ref()
            .map(|(_, at)| (at.text.clone(), at.line)),
    };
    PlaceLimit {
        place: one.place.clone(),
        by,
    }
}

fn say(all: &[Use]) -> Retries {
    // A place with several `X_pass` to the upstream (in `if` blocks) under the same settings is
    // one place. (Sets, not searches: a megabyte of text holds thousands of locations.)
    let mut seen = HashSet::new();
    let uses: Vec<&Use> = all
        .iter()
        .filter(|u| {
            let next = u.settings.next.as_ref().map(|(_, at)| at.line);
            let tries = u.settings.tries.as_ref().map(|(_, at)| at.line);
            seen.insert((u.place.clone(), next, tries))
        })
        .collect();
    let limits: Vec<Limit> = uses.iter().map(|u| limit_of(&u.settings)).collect();
    let value = |l: &Limit| match l {
        Limit::Tries { tries, .. } => *tries,
        Limit::None { .. } => 0,
    };
    let mut notes: Vec<UpstreamNote> = Vec::new();
    let first = limits.first().map(value);
    let tries = if limits.iter().all(|l| Some(value(l)) == first) {
        let mut said = HashSet::new();
        for limit in &limits {
            if let Limit::Tries { note, .. } | Limit::None { note: Some(note) } = limit {
                if said.insert(note) {
                    notes.push(note.clone());
                }
            }
        }
        first.filter(|_| !notes.is_empty())
    } else {
        // No limit is the most tries; the least binds the requests that fail soonest.
        let least = limits
            .iter()
            .map(value)
            .filter(|&t| t > 0)
            .min()
            .unwrap_or(0);
        let chosen = uses
            .iter()
            .zip(&limits)
            .filter(|(_, l)| value(l) == least)
            .map(|(u, _)| u.place.clone())
            .collect();
        notes.push(UpstreamNote::TriesDiffer {
            places: uses
                .iter()
                .zip(&limits)
                .map(|(u, l)| place_limit(u, l))
                .collect(),
            tries: least,
            chosen,
        });
        Some(least)
    };
    notes.extend(passed_on(&uses));
    Retries { notes, tries }
}

/// The notes on `X_next_upstream … http_403/http_404`: `ngx_http_upstream_next` frees the peer
/// as NGX_PEER_NEXT, not NGX_PEER_FAILED, so the retry counts no failure. One per directive,
/// naming its places when it does not hold for every request.
fn passed_on(uses: &[&Use]) -> Vec<UpstreamNote> {
    // Each directive (by its line), in order, with the places it holds in.
    let mut lines: Vec<usize> = Vec::new();
    let mut holding: HashMap<usize, (&Written, Vec<&str>, Vec<RetryPlace>)> = HashMap::new();
    for one in uses {
        let Some((values, at)) = &one.settings.next else {
            continue;
        };
        let codes: Vec<&str> = values
            .iter()
            .filter_map(|v| v.strip_prefix("http_"))
            .filter(|code| matches!(*code, "403" | "404"))
            .collect();
        if codes.is_empty() || values.iter().any(|v| v == "off") {
            continue;
        }
        holding
            .entry(at.line)
            .or_insert_with(|| {
                lines.push(at.line);
                (at, codes, Vec::new())
            })
            .2
            .push(one.place.clone());
    }
    lines
        .iter()
        .filter_map(|line| holding.remove(line))
        .map(|(at, codes, places)| {
            let (directive, line, codes) = (at.text.clone(), at.line, codes.join(", "));
            if places.len() == uses.len() {
                UpstreamNote::NextWithoutFailure {
                    directive,
                    line,
                    codes,
                }
            } else {
                UpstreamNote::NextWithoutFailureIn {
                    directive,
                    line,
                    codes,
                    places,
                }
            }
        })
        .collect()
}
