//! The config around the upstream: how it is used (`worker_processes`, `*_next_upstream[_tries]`).

use crate::input::limits::MAX_NODES;
use crate::input::upstream::note::UpstreamNote;
use crate::input::upstream::server::whole;
use crate::input::upstream::syntax::Directive;

/// What the config around the upstream says about how it is used.
#[derive(Debug, Default)]
pub(super) struct Context {
    /// `worker_processes`: `(Some(N) or None for auto, line)`.
    pub(super) workers: Option<(Option<u64>, usize)>,
    /// Notes on `*_next_upstream` and `*_next_upstream_tries`, in order.
    pub(super) retries: Vec<UpstreamNote>,
}

/// The modules whose `X_next_upstream` and `X_next_upstream_tries` retry a request on another
/// server of an upstream.
const RETRYING_MODULES: [&str; 6] = ["proxy", "grpc", "fastcgi", "uwsgi", "scgi", "memcached"];

pub(super) fn context_of(top: &[Directive]) -> Context {
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
                    // More tries than an upstream can have servers: never reached, no limit.
                    let max = MAX_NODES as u64;
                    context.retries.push(if tries > max {
                        UpstreamNote::TriesUnbounded {
                            directive: written(),
                            line,
                            max,
                        }
                    } else {
                        UpstreamNote::Tries {
                            directive: written(),
                            line,
                            tries,
                        }
                    });
                }
            }
        } else if module_of("_next_upstream") && !args.is_empty() {
            // A refused connection is an `error`: without it in the list, nginx does not retry.
            if args.contains(&"off") || !args.contains(&"error") {
                context.retries.push(UpstreamNote::NoRetry {
                    directive: written(),
                    line,
                });
            }
            // `ngx_http_upstream_next`: a 403 or 404 frees the peer as NGX_PEER_NEXT, not
            // NGX_PEER_FAILED, so the retry counts no failure.
            let passed: Vec<&str> = args
                .iter()
                .filter_map(|a| a.strip_prefix("http_"))
                .filter(|code| matches!(*code, "403" | "404"))
                .collect();
            if !passed.is_empty() && !args.contains(&"off") {
                context.retries.push(UpstreamNote::NextWithoutFailure {
                    directive: written(),
                    line,
                    codes: passed.join(", "),
                });
            }
        }
        if let Some(block) = &d.block {
            if name != "upstream" {
                gather_context(block, context);
            }
        }
    }
}
