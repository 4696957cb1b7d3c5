//! Metrics of a run that models requests (nginx SWRR with failed attempts, backup servers or
//! several workers): requests and attempts counted apart, each server's share of the *answered*
//! requests against its weight, retries and 502s, and how even the answered sequence is — what
//! an access log shows.
//!
//! # Definitions
//! A run is its first R requests. A request is one or more attempts; an attempt that picked a
//! server either was answered or failed (connection refused); a request ends answered, or in a
//! 502 when its last attempt failed with no try left or found no server at all ("none left").
//!
//! - **attempts**: attempts that picked a server (one `$upstream_addr` entry each); **failed**
//!   the ones refused; **retries** the failed attempts after which nginx tried again.
//! - **target share** of a primary server: w / Wₚ, Wₚ the sum of the primary servers' weights
//!   (those not `backup` at request 1); a backup's target is 0: nginx sends it requests only
//!   when no primary can be picked.
//! - **answered share**: the requests a server answered / the answered requests.
//! - **window share variance** over the answered sequence (502s left out): for each window of K
//!   consecutive answered requests (default Wₚ, at most the answered requests), the mean over
//!   all n servers of `(answered in the window / K − target)²`; the largest, with its window.
//! - **longest run**: the most consecutive answered requests one server answered.
//!
//! ```
//! use swrr_viz::engine::RunSpec;
//! use swrr_viz::input::{Scenario, Weights};
//! use swrr_viz::metrics::RequestMetrics;
//! let weights: Weights = "5,3,2".parse().unwrap();
//! let scenario = Scenario::parse("@1 C dead max_fails=3 timeout=3600", &weights).unwrap();
//! let spec = RunSpec::new(weights, Default::default(), scenario);
//! let m = RequestMetrics::measure(&spec, Some(30), None).unwrap();
//! assert_eq!((m.requests, m.answered, m.attempts, m.retries, m.bad_gateway), (30, 30, 33, 3, 0));
//! assert_eq!(m.nodes[2].failed, 3); // C, refused three times, then skipped
//! assert_eq!((m.nodes[0].answered, m.nodes[1].answered), (19, 11));
//! ```

use serde::Serialize;

use super::error::MetricsError;
use super::limits::{MAX_COMPUTED_PICKS, MAX_WORK};
use super::window::{variance, WindowCounts};
use crate::engine::{next_request, Request, RunSpec, Scheduler};
use crate::input::upstream::scenario::server_settings;

/// Default requests: one period after the last event, at least this many…
pub const MIN_DEFAULT_REQUESTS: u64 = 100;
/// …and at most this many.
pub const MAX_DEFAULT_REQUESTS: u64 = 1_000_000;

/// What one server did in the run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RequestNodeMetrics {
    pub name: String,
    pub weight: u64,
    /// A `backup` server at request 1.
    pub backup: bool,
    /// w / Wₚ for a primary server, 0 for a backup.
    pub target_share: f64,
    /// Requests it answered.
    pub answered: u64,
    /// answered / all answered requests (0 when none was answered).
    pub answered_share: f64,
    /// Attempts that picked it.
    pub attempts: u64,
    /// Of those, the ones refused.
    pub failed: u64,
    /// Most consecutive answered requests it answered.
    pub longest_run: u64,
    /// Fewest and most of the K answered requests of a window it answered.
    pub window_min: u64,
    pub window_max: u64,
}

/// The window of K answered requests whose shares are furthest from the targets (the default:
/// none, all zero).
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct RequestWindow {
    /// Mean over servers of (share in the window − target share)².
    pub variance: f64,
    /// Its first and last answered request, counted among the answered ones (1-based).
    pub first: u64,
    pub last: u64,
    /// How many window positions there are (answered − K + 1; 0 when nothing was answered).
    pub windows: u64,
}

/// The metrics of a run of requests.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RequestMetrics {
    pub nodes: Vec<RequestNodeMetrics>,
    /// Requests in the run.
    pub requests: u64,
    pub answered: u64,
    /// Requests that ended in a 502…
    pub bad_gateway: u64,
    /// …of which this many because no server could be picked.
    pub none_left: u64,
    /// Attempts that picked a server.
    pub attempts: u64,
    /// Failed attempts nginx retried.
    pub retries: u64,
    /// Requests that took more than one attempt.
    pub retried_requests: u64,
    /// Wₚ: the sum of the primary servers' weights.
    pub primary_total: u64,
    /// K, answered requests per window (at most the answered requests).
    pub window: u64,
    pub max_window_variance: RequestWindow,
    /// Requests per second (nginx counts `fail_timeout` in seconds).
    pub rate: u64,
    /// nginx worker processes, and whether they share a `zone`.
    pub workers: usize,
    pub zone: bool,
    /// At most this many attempts per request (nginx's `proxy_next_upstream_tries`); 0: as many
    /// as servers not down.
    pub tries: u64,
    /// The request the run stopped before, when it could not go on (the CLI says why).
    pub stopped_at: Option<u64>,
}

impl RequestMetrics {
    /// The default run: one period after the last event, within
    /// [`MIN_DEFAULT_REQUESTS`]..=[`MAX_DEFAULT_REQUESTS`].
    #[must_use]
    pub fn default_requests(spec: &RunSpec) -> u64 {
        let last = spec.scenario.events().last().map_or(0, |e| e.step);
        last.saturating_add(spec.weights.period())
            .clamp(MIN_DEFAULT_REQUESTS, MAX_DEFAULT_REQUESTS)
    }

    /// Runs `requests` requests (default [`default_requests`](Self::default_requests)) of
    /// `spec` and measures them with windows of `window` answered requests (default Wₚ).
    pub fn measure(
        spec: &RunSpec,
        requests: Option<u64>,
        window: Option<u64>,
    ) -> Result<Self, MetricsError> {
        let requests = requests.unwrap_or_else(|| Self::default_requests(spec));
        if requests == 0 || requests > MAX_COMPUTED_PICKS {
            return Err(MetricsError::StepsOutOfRange { steps: requests });
        }
        let n = spec.weights.len();
        // Each request takes at most n + 1 calls of get_peer over n servers.
        if u128::from(requests) * (n as u128) * (n as u128 + 1) > u128::from(MAX_WORK) {
            return Err(MetricsError::TooMuchWork {
                picks: requests,
                nodes: n,
            });
        }
        if window == Some(0) {
            return Err(MetricsError::ZeroWindow);
        }
        let (settings, _) = server_settings(&spec.weights, &spec.scenario);
        let weights = spec.weights.integers();
        let targets: Vec<u64> = weights
            .iter()
            .zip(&settings)
            .map(|(&w, s)| if s.backup { 0 } else { w })
            .collect();
        let primary_total: u64 = targets.iter().sum();
        let mut tally = Tally::new(n);
        let mut run = spec.algorithm();
        let mut stopped_at = None;
        for k in 1..=requests {
            let Some(request) = next_request(&mut run) else {
                stopped_at = Some(k);
                break;
            };
            tally.add(&request);
        }
        if stopped_at.is_none() && run.stop_reason().is_some() {
            stopped_at = Some(requests + 1);
        }
        let answered = tally.sequence.len() as u64;
        let window = window.unwrap_or(primary_total).min(answered);
        let scan = scan_windows(&tally.sequence, &targets, primary_total, window);
        let nodes = spec
            .weights
            .nodes()
            .iter()
            .enumerate()
            .map(|(i, node)| RequestNodeMetrics {
                name: node.name.clone(),
                weight: node.weight,
                backup: settings[i].backup,
                target_share: share(targets[i], primary_total),
                answered: tally.answered[i],
                answered_share: share(tally.answered[i], answered),
                attempts: tally.attempts[i],
                failed: tally.failed[i],
                longest_run: tally.longest[i],
                window_min: scan.lowest[i],
                window_max: scan.highest[i],
            })
            .collect();
        Ok(Self {
            nodes,
            requests: tally.requests,
            answered,
            bad_gateway: tally.requests - answered,
            none_left: tally.none_left,
            attempts: tally.attempts.iter().sum(),
            retries: tally.retries,
            retried_requests: tally.retried_requests,
            primary_total,
            window,
            max_window_variance: scan.worst,
            rate: spec.traffic.rate,
            workers: spec.traffic.workers,
            zone: spec.traffic.zone,
            tries: spec.traffic.tries,
            stopped_at,
        })
    }
}

fn share(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part as f64 / whole as f64
    }
}

/// Counts over the requests, as they come.
struct Tally {
    requests: u64,
    none_left: u64,
    retries: u64,
    retried_requests: u64,
    answered: Vec<u64>,
    attempts: Vec<u64>,
    failed: Vec<u64>,
    longest: Vec<u64>,
    /// The server of each answered request, in order.
    sequence: Vec<usize>,
    run: (usize, u64),
}

impl Tally {
    fn new(n: usize) -> Self {
        Self {
            requests: 0,
            none_left: 0,
            retries: 0,
            retried_requests: 0,
            answered: vec![0; n],
            attempts: vec![0; n],
            failed: vec![0; n],
            longest: vec![0; n],
            sequence: Vec::new(),
            run: (usize::MAX, 0),
        }
    }

    fn add(&mut self, request: &Request) {
        self.requests += 1;
        let answered_by = request.answered_by();
        for (j, &server) in request.attempts.iter().enumerate() {
            self.attempts[server] += 1;
            let last = j + 1 == request.attempts.len();
            if !(last && answered_by.is_some()) {
                self.failed[server] += 1;
                // A failure is retried unless it used the request's last try.
                if !last || request.none_left {
                    self.retries += 1;
                }
            }
        }
        if request.attempts.len() > 1 || (request.none_left && !request.attempts.is_empty()) {
            self.retried_requests += 1;
        }
        if request.none_left {
            self.none_left += 1;
        }
        if let Some(server) = answered_by {
            self.answered[server] += 1;
            self.sequence.push(server);
            let (node, length) = self.run;
            self.run = (server, if node == server { length + 1 } else { 1 });
            self.longest[server] = self.longest[server].max(self.run.1);
        }
    }
}

struct WindowScanResult {
    worst: RequestWindow,
    lowest: Vec<u64>,
    highest: Vec<u64>,
}

/// Every window of `window` answered requests, scored exactly (see `window.rs`: with targets
/// in place of the reduced weights and Wₚ in place of the period).
fn scan_windows(sequence: &[usize], targets: &[u64], total: u64, window: u64) -> WindowScanResult {
    let n = targets.len();
    let k = window as usize;
    if sequence.is_empty() || k == 0 || k > sequence.len() || total == 0 {
        return WindowScanResult {
            worst: RequestWindow::default(),
            lowest: vec![0; n],
            highest: vec![0; n],
        };
    }
    let mut counts = WindowCounts::with_counts(vec![0; n], targets);
    for &server in &sequence[..k] {
        counts.enter(server, targets);
    }
    let (period, size) = (i128::from(total), i128::from(window));
    let mut best = (counts.score(period, size), 0usize);
    let mut lowest = counts.counts().to_vec();
    let mut highest = lowest.clone();
    for start in 1..=sequence.len() - k {
        counts.leave(sequence[start - 1], targets);
        counts.enter(sequence[start + k - 1], targets);
        let score = counts.score(period, size);
        if score > best.0 {
            best = (score, start);
        }
        for (i, &c) in counts.counts().iter().enumerate() {
            lowest[i] = lowest[i].min(c);
            highest[i] = highest[i].max(c);
        }
    }
    let start = best.1;
    let mut worst = vec![0u64; n];
    for &server in &sequence[start..start + k] {
        worst[server] += 1;
    }
    WindowScanResult {
        worst: RequestWindow {
            variance: variance(&worst, targets, total, window),
            first: start as u64 + 1,
            last: (start + k) as u64,
            windows: (sequence.len() - k + 1) as u64,
        },
        lowest,
        highest,
    }
}
