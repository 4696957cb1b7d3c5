//! Reading an upstream block: the directives found, each `server` line checked and named.

use crate::input::limits::MAX_UPSTREAM_BYTES;
use crate::input::upstream::block::Upstream;
use crate::input::upstream::body::read_body;
use crate::input::upstream::context::context_of;
use crate::input::upstream::error::{UpstreamError, UpstreamPlace, UpstreamProblem};
use crate::input::upstream::syntax::{tokenize, Directive, Kind, Parser};

/// The `upstream` blocks among `directives`, at any depth (a whole config's `http { … }`).
fn find_upstreams<'a>(directives: &'a [Directive], found: &mut Vec<&'a Directive>) {
    for d in directives {
        if d.name.text == "upstream" {
            found.push(d);
        } else if let Some(block) = &d.block {
            find_upstreams(block, found);
        }
    }
}

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
    // Editors on Windows save a byte-order mark, which nginx skips too.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
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
        let line = one.name.position.line;
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
                        first: first.name.position.line,
                        second: second.name.position.line,
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
    let context = context_of(&top, chosen.map(|u| u.args[0].text.as_str()));
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
                one.name.position.line,
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
                .filter(|v| v.name.position.line == u.name.position.line)
                .count()
                > 1;
            UpstreamPlace {
                name: u.args.first().map(|a| a.text.clone()).unwrap_or_default(),
                line: u.name.position.line,
                column: shared.then_some(u.name.position.column),
            }
        })
        .collect()
}
