//! A request as nginx 1.22.1 serves it: one or more attempts, each a call of
//! `ngx_http_upstream_get_round_robin_peer`, until a server answers or none is left.
//!
//! What one request carries (`ngx_http_upstream_rr_peer_data_t`, and `pc->tries`):
//! - `tried`: a bit per server, set on the winner by `ngx_http_upstream_get_peer`
//!   (`src/http/ngx_http_upstream_round_robin.c` lines 583–586); tried servers neither add
//!   their weight nor count in the total for the rest of the request.
//! - which list it picks from: `rrp->peers`, the primary servers, until
//!   `ngx_http_upstream_get_round_robin_peer` finds none and falls back to `peers->next`, the
//!   backup servers, with the tried bits cleared (lines 487–518); it stays on the backups.
//! - `tries`: `ngx_http_upstream_tries(peers)` (line 13), the servers not marked `down`, primary
//!   and backup, set once per request (line 299), then capped at `proxy_next_upstream_tries` when
//!   that is not 0, its default ([`Traffic::tries_for`](super::traffic::Traffic::tries_for):
//!   `ngx_http_upstream_init_request`, `src/http/ngx_http_upstream.c` lines 810–814); the free
//!   function takes one per attempt (line 667).
//!   `ngx_http_upstream_next` (`src/http/ngx_http_upstream.c` lines 4277–4395) frees the failed
//!   peer with `NGX_PEER_FAILED` first (lines 4287–4302: the failure is counted), then retries
//!   while tries are left and answers 502 when none are (line 4367); so does a call that finds
//!   no server (`NGX_BUSY`, "no live upstreams", line 1553).
//! - `proxy_next_upstream off` leaves only `NGX_HTTP_UPSTREAM_FT_OFF` in the mask
//!   (`src/http/modules/ngx_http_proxy_module.c` lines 3617–3620), so `ngx_http_upstream_next`'s
//!   mask test (line 4368) ends every request after its first attempt, its failure counted all
//!   the same: the model runs it as a limit of 1 try.
//! - `peers->single` (one primary server and no backup, lines 79 and 148): no weights, no
//!   failure counting, and the free function sets `tries = 0` (line 625), so no retry.

use serde::Serialize;

/// How one attempt ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// The server answered: the request is done.
    Answered,
    /// The connection was refused: nginx counts the failure and retries while tries are left,
    /// else answers 502.
    Failed,
    /// No server could be picked (every one tried, down or disabled by failures): 502.
    None,
}

impl Outcome {
    /// `answered`, `failed` or `none`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Answered => "answered",
            Self::Failed => "failed",
            Self::None => "none",
        }
    }
}

/// The request side of one attempt, in a [`Step`](super::Step) of a run that models requests
/// (one with failures, backup servers or several workers).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RequestStep {
    /// 1-based number of the request.
    pub request: u64,
    /// 1-based number of this attempt within the request.
    pub attempt: u32,
    pub outcome: Outcome,
    /// True when the request ends with this attempt: answered, or 502.
    pub last: bool,
    /// The second the request arrived at (nginx's `ngx_time()`, from 0).
    pub second: u64,
    /// The worker process that serves the request (0-based).
    pub worker: usize,
    /// Servers already tried in this request before this attempt.
    pub tried: Vec<bool>,
    /// Backup servers (nginx's `peers->next` list).
    pub backup: Vec<bool>,
    /// Servers refusing connections at this request.
    pub dead: Vec<bool>,
    /// Each server's `fails` after the attempt, as the serving worker counts them.
    pub fails: Vec<u64>,
    /// Each server's `max_fails`.
    pub max_fails: Vec<u64>,
    /// Servers this attempt skipped because of failures: `fails ≥ max_fails` within
    /// `fail_timeout` (`ngx_http_upstream_get_peer`'s test).
    pub disabled: Vec<bool>,
    /// For each server skipped for its failures: when nginx tries it again, as configured now.
    /// What the narration says; not one of the trace's columns.
    #[serde(skip)]
    pub back: Vec<Option<Comeback>>,
}

/// When a server skipped for its failures can be picked again: once `fail_timeout` has passed
/// since its last failure (`now − checked > fail_timeout`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Comeback {
    /// The second of its last failure (nginx's `checked`).
    pub failed_at: u64,
    /// Its `fail_timeout`, in seconds.
    pub fail_timeout: u64,
    /// The first second it can be picked: `failed_at + fail_timeout + 1`.
    pub second: u64,
    /// The first request arriving in that second.
    pub request: u64,
}

impl RequestStep {
    /// True when the request ends in a 502: its last attempt failed or found no server.
    #[must_use]
    pub fn bad_gateway(&self) -> bool {
        self.last && self.outcome != Outcome::Answered
    }
}

/// The request in progress.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct RequestState {
    /// Requests started so far (the one in progress included).
    pub number: u64,
    /// Attempts made in the request in progress.
    pub attempt: u32,
    /// True while the request needs another attempt.
    pub open: bool,
    pub tried: Vec<bool>,
    /// True once the request fell back to the backup servers.
    pub on_backups: bool,
    /// `pc->tries`: attempts left.
    pub tries: u64,
    /// One primary server and no backup: nginx's `peers->single`.
    pub single: bool,
    pub second: u64,
    pub worker: usize,
}

impl RequestState {
    /// Starts the next request.
    pub fn start(&mut self, nodes: usize, tries: u64, single: bool, second: u64, worker: usize) {
        self.number += 1;
        self.attempt = 0;
        self.open = true;
        self.tried.clear();
        self.tried.resize(nodes, false);
        self.on_backups = false;
        self.tries = tries;
        self.single = single;
        self.second = second;
        self.worker = worker;
    }

    /// `ngx_http_upstream_get_round_robin_peer`'s fall-back: the backup list, nothing tried.
    pub fn fall_back(&mut self) {
        self.on_backups = true;
        self.tried.iter_mut().for_each(|t| *t = false);
    }

    /// After an attempt on a server: `free` takes a try (all of them for a single server), and
    /// the request ends when the server answered or no try is left (`ngx_http_upstream_next`).
    pub fn finish_attempt(&mut self, failed: bool) {
        if self.single {
            self.tries = 0;
        }
        self.tries = self.tries.saturating_sub(1);
        self.open = failed && self.tries > 0;
    }
}
