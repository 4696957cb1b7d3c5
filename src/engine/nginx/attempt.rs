//! One attempt as nginx makes it: a request starts (its events, its worker, its tries), a peer is
//! picked (`ngx_http_upstream_get_peer` over the primaries, then the backups), and the attempt
//! ends (`ngx_http_upstream_free_round_robin_peer`: a failure counted, a retry or an answer).

use crate::engine::nginx::peer_health::PeerHealth;
use crate::engine::nginx::request::Outcome;
use crate::engine::nginx::swrr::{NginxSwrr, MAX_LEVEL};
use crate::engine::options::{SubtractRule, TieRule};
use crate::engine::pool::WeightChange;
use crate::engine::scheduler::Pick;
use crate::engine::stop::StopReason;
use crate::engine::swrr::fill_and_pick;
use crate::input::scenario::events::Policy;
impl NginxSwrr {
    /// Starts the next request: its events, its worker, its tries.
    pub(super) fn start_request(&mut self) {
        for change in self.pool.begin_step() {
            self.apply(change);
        }
        let worker = self.dispatcher.next_worker();
        self.active = if self.workers.len() > 1 { worker } else { 0 };
        let n = self.added.len();
        let (mut primaries, mut backups, mut tries) = (0, 0, 0);
        for i in 0..n {
            if self.pool.config(i).backup {
                backups += 1;
            } else {
                primaries += 1;
            }
            // `peers->tries` counts the servers not marked down (weight 0 is the model's down).
            if self.pool.eligible()[i] {
                tries += 1;
            }
        }
        let single = self.models_requests && primaries == 1 && backups == 0;
        let second = self.traffic.second(self.request.number + 1);
        let tries = self.traffic.tries_for(tries);
        self.request.start(n, tries, single, second, worker);
    }

    fn apply(&mut self, change: WeightChange) {
        let node = change.node;
        let step = self.pool.step();
        for worker in &mut self.workers {
            let current = &mut worker.current;
            match change.policy {
                Policy::Keep => {}
                // A reload: new worker processes with fresh peers (`ngx_pcalloc`), so every
                // server's failures and effective weight are forgotten too.
                Policy::Reset => {
                    current.iter_mut().for_each(|c| *c = 0);
                    worker.health.fill(PeerHealth::default());
                }
                Policy::ResetNode => current[node] = 0,
                Policy::Scale if change.old > 0 => {
                    // Truncated toward zero, as `current * new / old` in C or Java would.
                    let scaled =
                        i128::from(current[node]) * i128::from(change.new) / i128::from(change.old);
                    match i64::try_from(scaled) {
                        Ok(level) if level.abs() <= MAX_LEVEL => current[node] = level,
                        _ => {
                            self.stopped = Some(StopReason::ScaleOverflow {
                                step,
                                level: current[node],
                                new: change.new,
                                old: change.old,
                                scaled,
                            })
                        }
                    }
                }
                // From weight 0 there is no ratio to scale by: the level is kept.
                Policy::Scale => {}
            }
        }
    }

    /// nginx on fixed weights (no events, subtract the total): every node adds its weight, no
    /// eligibility or effective-weight bookkeeping. A weight-0 node adds 0 and stays at level 0,
    /// below the top (Σ filled = W > 0), so it is never picked — as if skipped.
    fn pick_static(&mut self) -> Pick {
        let weights = self.pool.weights();
        if !self.static_added {
            // Every node adds its whole weight at every step: `added` is the weights, once.
            self.added.copy_from_slice(weights);
            self.static_added = true;
        }
        let current = &mut self.workers[0].current;
        let best = fill_and_pick(current, weights, self.tie);
        current[best] -= self.static_total;
        Pick {
            winner: best,
            total: self.static_total,
        }
    }

    /// `ngx_http_upstream_get_peer` over the primary or the backup servers: the winner and the
    /// total it subtracted, or `None` when no server can be picked.
    fn get_peer(&mut self, backups: bool) -> Option<Pick> {
        let now = self.request.second;
        let mut best: Option<usize> = None;
        let mut total = 0i64;
        for i in 0..self.added.len() {
            self.added[i] = 0;
            self.candidates[i] = false;
            let config = self.pool.config(i);
            let health = &self.workers[self.active].health[i];
            if config.backup != backups
                || self.request.tried[i]
                || !self.pool.eligible()[i]
                || health.disabled(config, now)
            {
                continue;
            }
            self.candidates[i] = true;
            let effective = health.effective(self.pool.weights()[i]);
            let worker = &mut self.workers[self.active];
            worker.current[i] += effective;
            total += effective;
            self.added[i] = effective;
            worker.health[i].recover();
            let better = match (best, self.tie) {
                (None, _) => true,
                (Some(b), TieRule::First) => worker.current[i] > worker.current[b],
                (Some(b), TieRule::Last) => worker.current[i] >= worker.current[b],
            };
            if better {
                best = Some(i);
            }
        }
        let winner = best?;
        let subtracted = match self.subtract {
            SubtractRule::Total => total,
            SubtractRule::Own => self.added[winner],
        };
        self.request.tried[winner] = true;
        let worker = &mut self.workers[self.active];
        worker.current[winner] -= subtracted;
        worker.health[winner].picked(self.pool.config(winner), now);
        Some(Pick {
            winner,
            total: subtracted,
        })
    }

    /// `ngx_http_upstream_get_round_robin_peer`: the single server as it is, else SWRR over the
    /// primary servers, then over the backup servers.
    fn get_round_robin_peer(&mut self) -> Option<Pick> {
        if self.request.single {
            self.added.iter_mut().for_each(|a| *a = 0);
            self.candidates.iter_mut().for_each(|c| *c = false);
            let only = (0..self.added.len()).find(|&i| !self.pool.config(i).backup)?;
            self.candidates[only] = self.pool.eligible()[only];
            return self.pool.eligible()[only].then_some(Pick {
                winner: only,
                total: 0,
            });
        }
        if let Some(pick) = self.get_peer(self.request.on_backups) {
            return Some(pick);
        }
        let has_backups = (0..self.added.len()).any(|i| self.pool.config(i).backup);
        if self.request.on_backups || !has_backups {
            return None;
        }
        self.request.fall_back();
        self.get_peer(true)
    }

    /// One attempt: the fill and drain of one step; `None` (and `stopped` set) when the run
    /// cannot go on.
    pub(super) fn pick(&mut self) -> Option<Pick> {
        if self.stopped.is_some() {
            return None;
        }
        if self.cycle.is_some() {
            // No events and the nginx rule: the weights never change.
            return Some(self.pick_static());
        }
        if !self.request.open {
            self.start_request();
            if self.stopped.is_some() {
                return None;
            }
        }
        self.request.attempt += 1;
        self.tried_before.clone_from(&self.request.tried);
        let Some(pick) = self.get_round_robin_peer() else {
            if !self.models_requests {
                self.stopped = Some(self.pool.nobody_reason());
                return None;
            }
            // No live upstreams: 502, and the next request starts afresh.
            self.outcome = Outcome::None;
            self.request.open = false;
            return Some(Pick {
                winner: self.added.len(),
                total: 0,
            });
        };
        self.free(pick.winner);
        if self.subtract == SubtractRule::Own {
            if let Some(i) = self
                .worker()
                .current
                .iter()
                .position(|c| c.abs() > MAX_LEVEL)
            {
                self.stopped = Some(StopReason::OwnOverflow {
                    step: self.pool.step(),
                    node: i + 1,
                });
                return None;
            }
        }
        Some(pick)
    }

    /// `ngx_http_upstream_free_round_robin_peer` after the attempt on `winner`.
    fn free(&mut self, winner: usize) {
        let failed = self.pool.config_mut(winner).attempt_fails();
        if !self.request.single {
            let now = self.request.second;
            let weight = self.pool.weights()[winner];
            let config = self.pool.config(winner).clone();
            let health = &mut self.workers[self.active].health[winner];
            if failed {
                health.failed(&config, now, weight);
            } else {
                health.answered();
            }
        }
        self.outcome = if failed {
            Outcome::Failed
        } else {
            Outcome::Answered
        };
        self.request.finish_attempt(failed);
    }
}
