//! An upstream block as read: its servers, the weights and the scenario they became.

use serde::Serialize;

use crate::input::scenario::events::Scenario;
use crate::input::upstream::note::UpstreamNote;
use crate::input::weights::vector::Weights;

/// The comment [`render_upstream`](crate::render::render_upstream) puts on a `down` line for a weight of 0, which reading takes
/// back as weight 0 (not as a server taken out with its weight).
pub(crate) const WEIGHT_ZERO: &str = "weight 0: never picked";

/// One `server` line of an upstream block, as read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct UpstreamServer {
    /// Line of the `server` directive (1-based).
    pub line: usize,
    /// The address as written: `host`, `host:port`, `unix:/path`, `[v6]:port`.
    pub address: String,
    /// The node name it became (every server becomes a node; `None` only while reading).
    pub name: Option<String>,
    /// `weight=`, 1 when not given.
    pub weight: u64,
    pub max_fails: Option<u64>,
    /// `fail_timeout=` as written (`30s`, `1m30s`).
    pub fail_timeout: Option<String>,
    /// `fail_timeout=` in seconds, as nginx reads it.
    pub fail_timeout_seconds: Option<u64>,
    pub backup: bool,
    pub down: bool,
    /// Other parameters, as written (`max_conns=100`, `slow_start=30s`, `resolve`, …): ignored.
    pub ignored: Vec<String>,
}

/// An upstream block read into weights.
#[derive(Debug, Clone)]
pub struct Upstream {
    /// `upstream NAME`; `None` when only `server` lines were given.
    pub name: Option<String>,
    /// Every `server` line, backups included, in order.
    pub servers: Vec<UpstreamServer>,
    /// The nodes: every server, in order, with its weight (0 for the `down` lines
    /// [`render_upstream`](crate::render::render_upstream) writes for a weight of 0).
    pub weights: Weights,
    /// The servers' `backup`, `down`, `max_fails` and `fail_timeout` as events at request 1,
    /// e.g. `@1 D backup; @1 C down; @1 B max_fails=3 timeout=30` (empty when none).
    pub scenario: Scenario,
    /// What was left out or does not apply, one sentence each.
    pub notes: Vec<UpstreamNote>,
    /// How that nginx runs the upstream, where the config says.
    pub traffic: UpstreamTraffic,
}

/// What a config states of how nginx runs its upstream: what to run it with (`--tries`,
/// `--workers`, `--zone`; the page's fields) to be that nginx.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UpstreamTraffic {
    /// A request's try limit: `proxy_next_upstream_tries N` (N ≥ 1), or 1 for
    /// `proxy_next_upstream off` or a list without `error`; the least where several say one; 0
    /// (none) for a limit above the most servers an upstream has.
    pub tries: Option<u64>,
    /// `worker_processes N` (`auto` names no number; nor does N above the most a run models).
    pub workers: Option<u64>,
    /// The upstream has a `zone`: its workers share one state.
    pub zone: bool,
}
