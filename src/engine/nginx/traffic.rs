//! How requests reach nginx in a run: how many per second (nginx counts `fail_timeout` in
//! seconds), how many worker processes share them, and how many tries each request gets.
//!
//! nginx runs `worker_processes` workers. Without a `zone` directive in the upstream block each
//! worker keeps its own copy of the peers (`ngx_http_upstream_init_round_robin` runs once per
//! configuration, and every worker process inherits its own memory): its own current weights,
//! effective weights and failure counts. With `zone` they share one copy in shared memory
//! (`ngx_http_upstream_zone_module.c`). Which worker accepts a connection is up to the kernel;
//! the model sends the requests to the workers in turn, or by a seeded draw.

use crate::engine::splitmix::SplitMix64;
use crate::input::limits::MAX_NODES;
pub use crate::input::limits::MAX_WORKERS;

/// Most requests per second.
pub const MAX_RATE: u64 = 1_000_000;
/// Largest try limit: a request never tries more servers than the upstream has, so a larger
/// limit would be the same as none.
pub const MAX_TRIES: u64 = MAX_NODES as u64;

/// Which worker gets each request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Dispatch {
    /// Request k goes to worker (k − 1) mod N.
    #[default]
    InTurn,
    /// Each request to a worker drawn uniformly by SplitMix64 from this seed.
    Seeded(u64),
}

/// The traffic of a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Traffic {
    /// Requests per second, at least 1: request k arrives at second ⌊(k − 1) / rate⌋.
    pub rate: u64,
    /// nginx's `worker_processes`, at least 1.
    pub workers: usize,
    /// The upstream has a `zone`: the workers share one state.
    pub zone: bool,
    pub dispatch: Dispatch,
    /// nginx's `proxy_next_upstream_tries`: at most this many attempts per request, 0 for no
    /// limit (nginx's default: as many as servers not down). `proxy_next_upstream off` is 1.
    pub tries: u64,
}

impl Default for Traffic {
    fn default() -> Self {
        Self {
            rate: 1,
            workers: 1,
            zone: false,
            dispatch: Dispatch::InTurn,
            tries: 0,
        }
    }
}

impl Traffic {
    /// True when the workers keep states of their own (several workers, no zone).
    #[must_use]
    pub fn separate_workers(&self) -> bool {
        self.workers > 1 && !self.zone
    }

    /// The tries of a request whose upstream has `servers` servers not down, as
    /// `ngx_http_upstream_init_request` caps them (`src/http/ngx_http_upstream.c` lines 810–814):
    /// `if (next_upstream_tries && peer.tries > next_upstream_tries) peer.tries = next_upstream_tries`.
    #[must_use]
    pub fn tries_for(&self, servers: u64) -> u64 {
        if self.tries > 0 {
            servers.min(self.tries)
        } else {
            servers
        }
    }

    /// The second request `k` (1-based) arrives at.
    #[must_use]
    pub fn second(&self, k: u64) -> u64 {
        k.saturating_sub(1) / self.rate.max(1)
    }

    /// The first request (1-based) that arrives at second `second` or later.
    #[must_use]
    pub fn first_request(&self, second: u64) -> u64 {
        second.saturating_mul(self.rate.max(1)).saturating_add(1)
    }
}

/// A try limit refused: not a whole number from 0 to [`MAX_TRIES`] (`value` as written: a
/// number, or quoted text).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TriesError {
    pub value: String,
}

crate::message::coded! {
    error TriesError: OPTIONS;
    Self { value } => "options.tries" ["value" => value, "max" => MAX_TRIES],
}

/// The try limit in `text` (surrounding spaces ignored): digits for a whole number from 0 to
/// [`MAX_TRIES`].
///
/// ```
/// use swrr_viz::engine::parse_tries;
/// assert_eq!(parse_tries(" 2 "), Ok(2));
/// assert_eq!(parse_tries("0"), Ok(0));
/// assert!(parse_tries("-1").unwrap_err().to_string().starts_with("tries \"-1\" is not a whole number from 0 to 10000"));
/// ```
pub fn parse_tries(text: &str) -> Result<u64, TriesError> {
    let digits = text.trim();
    let whole = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
    match digits.parse::<u64>() {
        Ok(n) if whole && n <= MAX_TRIES => Ok(n),
        // Digits out of range are said as a number; other text quoted as written.
        _ if whole => Err(TriesError {
            value: digits.to_string(),
        }),
        _ => Err(TriesError {
            value: format!(
                "\"{}\"",
                crate::input::text::quoted(text, crate::input::text::QUOTED_CHARS)
            ),
        }),
    }
}

/// Hands requests to workers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Dispatcher {
    workers: usize,
    random: Option<SplitMix64>,
    next: usize,
}

impl Dispatcher {
    pub fn new(traffic: &Traffic) -> Self {
        Self {
            workers: traffic.workers.max(1),
            random: match traffic.dispatch {
                Dispatch::Seeded(seed) => Some(SplitMix64::new(seed)),
                Dispatch::InTurn => None,
            },
            next: 0,
        }
    }

    /// The worker of the next request.
    pub fn next_worker(&mut self) -> usize {
        match &mut self.random {
            Some(random) => random.below(self.workers as u64) as usize,
            None => {
                let worker = self.next;
                self.next = (self.next + 1) % self.workers;
                worker
            }
        }
    }
}
