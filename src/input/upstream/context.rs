//! The config around the upstream: how it is used (`worker_processes`, `*_next_upstream[_tries]`).

use crate::input::upstream::note::UpstreamNote;
use crate::input::upstream::retries::{atoi, retries_of};
use crate::input::upstream::syntax::Directive;
use crate::sort::sort_indices_by_key;

/// What the config around the upstream says about how it is used.
#[derive(Debug, Default)]
pub(super) struct Context {
    /// `worker_processes`: `(Some(N) or None for auto, line)`.
    pub(super) workers: Option<(Option<u64>, usize)>,
    /// Notes on `*_next_upstream` and `*_next_upstream_tries`, in order.
    pub(super) retries: Vec<UpstreamNote>,
    /// A request's try limit: `None` where nothing is stated, 0 for none.
    pub(super) tries: Option<u64>,
    /// Lines around the upstream nginx refuses, or takes to run no worker: ignored.
    pub(super) refused: Vec<UpstreamNote>,
}

/// The context of the upstream `name` (`None`: bare `server` lines) in the text `top`.
pub(super) fn context_of(top: &[Directive], name: Option<&str>) -> Context {
    let (retries, mut refused) = retries_of(top, name);
    let mut context = Context {
        retries: retries.notes,
        tries: retries.tries,
        ..Context::default()
    };
    // The first line read wins; the lines after it are refused, as nginx refuses them.
    let mut first = None;
    workers_in(top, &mut context, &mut first, &mut refused);
    // By line, in the order found on a line (crate::sort: the standard sorts are kilobytes of wasm).
    let line_of = |note: &UpstreamNote| match note {
        UpstreamNote::Duplicate { line, .. }
        | UpstreamNote::TriesInvalid { line, .. }
        | UpstreamNote::WorkersInvalid { line, .. }
        | UpstreamNote::WorkersNone { line } => *line,
        _ => 0,
    };
    let lines: Vec<usize> = refused.iter().map(line_of).collect();
    let mut order: Vec<usize> = (0..refused.len()).collect();
    sort_indices_by_key(&mut order, |i| (lines[i], i));
    let mut notes: Vec<Option<UpstreamNote>> = refused.into_iter().map(Some).collect();
    context.refused = order.iter().filter_map(|&i| notes[i].take()).collect();
    context
}

/// `worker_processes` as `ngx_set_worker_processes` reads it: `auto`, or `ngx_atoi`'s number
/// ("invalid value" otherwise), once ("is duplicate").
fn workers_in(
    directives: &[Directive],
    context: &mut Context,
    first: &mut Option<usize>,
    refused: &mut Vec<UpstreamNote>,
) {
    for d in directives {
        if d.name.text == "worker_processes" {
            let line = d.name.position.line;
            let directive = || {
                std::iter::once(d.name.text.as_str())
                    .chain(d.args.iter().map(|a| a.text.as_str()))
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            // nginx counts the values first, then refuses a duplicate, then reads the value.
            let value = match d.args.as_slice() {
                [one] if one.text == "auto" => Some(None),
                [one] => atoi(&one.text).map(Some),
                _ => None,
            };
            match (value, *first) {
                (_, Some(first)) if d.args.len() == 1 => refused.push(UpstreamNote::Duplicate {
                    directive: directive(),
                    line,
                    first,
                }),
                (None, _) | (_, Some(_)) => refused.push(UpstreamNote::WorkersInvalid {
                    directive: directive(),
                    line,
                }),
                // nginx -t takes it; the master process then starts no worker and serves no
                // request (nginx 1.22.1: connections wait, unanswered).
                (Some(Some(0)), None) => {
                    *first = Some(line);
                    refused.push(UpstreamNote::WorkersNone { line });
                }
                (Some(workers), None) => {
                    *first = Some(line);
                    context.workers = Some((workers, line));
                }
            }
        }
        if let Some(block) = &d.block {
            if d.name.text != "upstream" {
                workers_in(block, context, first, refused);
            }
        }
    }
}
