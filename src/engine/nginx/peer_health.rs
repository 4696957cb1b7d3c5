//! nginx's passive health check of one upstream server, as nginx 1.22.1 keeps it in
//! `ngx_http_upstream_rr_peer_t` (`src/http/ngx_http_upstream_round_robin.h`): `fails`,
//! `accessed`, `checked`, `max_fails`, `fail_timeout` and `effective_weight`, and what the
//! scenario says about the server (dead, failing its next attempts, backup).
//!
//! The three places nginx touches them (`src/http/ngx_http_upstream_round_robin.c`, 1.22.1):
//! - `ngx_http_upstream_get_peer` (lines 522–597) skips a peer when
//!   `max_fails && fails >= max_fails && now - checked <= fail_timeout` (lines 554–559,
//!   [`PeerHealth::disabled`]); every peer it does not skip adds `effective_weight` and then
//!   `if (effective_weight < weight) effective_weight++` (lines 565–570,
//!   [`PeerHealth::recover`]); the winner gets `if (now - checked > fail_timeout) checked = now`
//!   (lines 591–593, [`PeerHealth::picked`]).
//! - `ngx_http_upstream_free_round_robin_peer` (lines 600–671) on `NGX_PEER_FAILED`:
//!   `fails++; accessed = now; checked = now;` and with `max_fails`
//!   `effective_weight -= weight / max_fails`, not below 0 (lines 628–651,
//!   [`PeerHealth::failed`]); otherwise `if (accessed < checked) fails = 0` (lines 655–659,
//!   [`PeerHealth::answered`]).
//!
//! `now` is `ngx_time()`, whole seconds. A fresh peer has `fails = accessed = checked = 0`
//! (`ngx_pcalloc`); nginx's clock then reads some 1.7·10⁹, the model's reads 0 at the first
//! request. Both only ever compare `checked` and `accessed` after a failure has set them to
//! `now`, so the offset changes nothing.

use crate::input::scenario::events::HealthSettings;

/// nginx's default `max_fails=1`.
pub const DEFAULT_MAX_FAILS: u64 = 1;
/// nginx's default `fail_timeout=10s`.
pub const DEFAULT_FAIL_TIMEOUT: u64 = 10;

/// What the configuration and the scenario say about one server: nginx's `max_fails`,
/// `fail_timeout` and `backup`, and whether its connections are refused. One per server, shared
/// by every worker process.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PeerConfig {
    pub max_fails: u64,
    /// Seconds.
    pub fail_timeout: u64,
    /// A `backup` server: in nginx's `peers->next` list.
    pub backup: bool,
    /// Every attempt fails (connection refused) while this is set.
    pub dead: bool,
    /// The next this many attempts fail.
    pub failing: u64,
}

impl Default for PeerConfig {
    fn default() -> Self {
        Self {
            max_fails: DEFAULT_MAX_FAILS,
            fail_timeout: DEFAULT_FAIL_TIMEOUT,
            backup: false,
            dead: false,
            failing: 0,
        }
    }
}

impl PeerConfig {
    /// Applies `max_fails=` and `timeout=` when given.
    pub fn configure(&mut self, settings: HealthSettings) {
        if let Some(m) = settings.max_fails {
            self.max_fails = m;
        }
        if let Some(t) = settings.timeout {
            self.fail_timeout = t;
        }
    }

    /// Whether the attempt just made on this server fails; a `fail` event's count is used up.
    pub fn attempt_fails(&mut self) -> bool {
        if self.dead {
            return true;
        }
        if self.failing > 0 {
            self.failing -= 1;
            return true;
        }
        false
    }
}

/// What one nginx worker knows of one server: `fails`, `accessed`, `checked` and
/// `effective_weight` (without a `zone` every worker process keeps its own).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct PeerHealth {
    pub fails: u64,
    pub accessed: u64,
    pub checked: u64,
    /// `weight − effective_weight`: what failures took, given back 1 per step the peer adds.
    /// Kept as a difference so a ramping or edited weight carries it sensibly.
    pub penalty: i64,
}

impl PeerHealth {
    /// The skip test of `ngx_http_upstream_get_peer`: too many failures, recently.
    #[must_use]
    pub fn disabled(&self, config: &PeerConfig, now: u64) -> bool {
        config.max_fails > 0
            && self.fails >= config.max_fails
            && now.saturating_sub(self.checked) <= config.fail_timeout
    }

    /// nginx's `effective_weight` for a peer whose weight is now `weight`.
    #[must_use]
    pub fn effective(&self, weight: i64) -> i64 {
        (weight - self.penalty).max(0)
    }

    /// `if (peer->effective_weight < peer->weight) peer->effective_weight++`.
    pub fn recover(&mut self) {
        if self.penalty > 0 {
            self.penalty -= 1;
        }
    }

    /// The winner of `ngx_http_upstream_get_peer`: `checked` moves on once `fail_timeout` passed.
    pub fn picked(&mut self, config: &PeerConfig, now: u64) {
        if now.saturating_sub(self.checked) > config.fail_timeout {
            self.checked = now;
        }
    }

    /// `ngx_http_upstream_free_round_robin_peer` with `NGX_PEER_FAILED`.
    pub fn failed(&mut self, config: &PeerConfig, now: u64, weight: i64) {
        self.fails += 1;
        self.accessed = now;
        self.checked = now;
        if config.max_fails > 0 {
            // `effective_weight -= weight / max_fails`, then `if (effective_weight < 0) = 0`.
            // max_fails ≤ 1,000: the cast is exact.
            let taken = weight / config.max_fails as i64;
            self.penalty = (self.penalty + taken).min(weight.max(self.penalty));
        }
    }

    /// `ngx_http_upstream_free_round_robin_peer` after an answered attempt: "mark peer live if
    /// check passed".
    pub fn answered(&mut self) {
        if self.accessed < self.checked {
            self.fails = 0;
        }
    }
}
