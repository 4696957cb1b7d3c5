//! nginx's SWRR as deployed (nginx 1.22.1, `ngx_http_upstream_round_robin.c`): requests and
//! their attempts, failures counted per peer (`max_fails`, `fail_timeout`), retries over the
//! servers not yet tried, backups, and the traffic that spreads requests over workers.

pub(crate) mod attempt;
pub(crate) mod peer_health;
pub(crate) mod request;
pub(crate) mod swrr;
pub(crate) mod traffic;
