//! How requests reach nginx in a run: how many per second (nginx counts `fail_timeout` in
//! seconds), and how many worker processes share them.
//!
//! nginx runs `worker_processes` workers. Without a `zone` directive in the upstream block each
//! worker keeps its own copy of the peers (`ngx_http_upstream_init_round_robin` runs once per
//! configuration, and every worker process inherits its own memory): its own current weights,
//! effective weights and failure counts. With `zone` they share one copy in shared memory
//! (`ngx_http_upstream_zone_module.c`). Which worker accepts a connection is up to the kernel;
//! the model sends the requests to the workers in turn, or by a seeded draw.

use crate::engine::splitmix::SplitMix64;

/// Most requests per second.
pub const MAX_RATE: u64 = 1_000_000;
/// Most worker processes.
pub const MAX_WORKERS: usize = 64;

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
}

impl Default for Traffic {
    fn default() -> Self {
        Self {
            rate: 1,
            workers: 1,
            zone: false,
            dispatch: Dispatch::InTurn,
        }
    }
}

impl Traffic {
    /// True when the workers keep states of their own (several workers, no zone).
    #[must_use]
    pub fn separate_workers(&self) -> bool {
        self.workers > 1 && !self.zone
    }

    /// The second request `k` (1-based) arrives at.
    #[must_use]
    pub fn second(&self, k: u64) -> u64 {
        k.saturating_sub(1) / self.rate.max(1)
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
