//! Recordings of a real nginx (scripts/record-nginx.sh) and the engine's answer to each: the
//! same `$upstream_addr` and status, request by request.

#![allow(dead_code)]

use serde::Deserialize;
use swrr_viz::engine::next_request;
use swrr_viz::input::Weights;

use crate::common::algorithm::nginx_swrr;

#[derive(Debug, Deserialize)]
pub struct Recording {
    pub source: String,
    pub cases: Vec<Case>,
}

#[derive(Debug, Deserialize)]
pub struct Case {
    pub name: String,
    pub rate: u64,
    pub requests: u64,
    pub workers: usize,
    pub zone: bool,
    pub servers: Vec<Server>,
    /// `@K:NAME:dead` / `@K:NAME:alive` / `@K:NAME=W:reset` (a reload), comma-separated.
    pub events: String,
    /// The location's `proxy_next_upstream`: `error` (retry a refused connection), `off`, or a
    /// comma-separated list (`error,http_404`).
    #[serde(default = "retry_on_error")]
    pub proxy_next_upstream: String,
    /// The location's `proxy_next_upstream_tries` (0: no limit).
    #[serde(default)]
    pub proxy_next_upstream_tries: u64,
    /// nginx's `$upstream_addr` per request, ports mapped back to server names.
    pub upstream_addr: Vec<String>,
    pub status: Vec<u16>,
    /// The worker (numbered in order of first appearance) that served each request.
    #[serde(default)]
    pub worker: Vec<usize>,
}

#[derive(Debug, Deserialize)]
pub struct Server {
    pub name: String,
    pub weight: u64,
    pub max_fails: u64,
    pub fail_timeout: u64,
    /// The status the server answers with: 200, or 404.
    #[serde(default = "answers_200")]
    pub answers: u16,
    pub backup: bool,
    pub down: bool,
}

fn answers_200() -> u16 {
    200
}

fn retry_on_error() -> String {
    "error".into()
}

pub fn parse(text: &str) -> Recording {
    serde_json::from_str(text).expect("a recording of scripts/record-nginx.sh")
}

impl Case {
    /// The servers as a weights text, every server (backups included) in upstream order.
    pub fn weights(&self) -> Weights {
        let text: Vec<String> = self
            .servers
            .iter()
            .map(|s| format!("{}={}", s.name, s.weight))
            .collect();
        text.join(" ").parse().expect("recorded weights")
    }

    /// The upstream block's settings and the recorded events, as one scenario text.
    pub fn scenario_text(&self) -> String {
        let mut events = Vec::new();
        for s in &self.servers {
            events.push(format!(
                "@1 {} max_fails={} timeout={}",
                s.name, s.max_fails, s.fail_timeout
            ));
            if s.backup {
                events.push(format!("@1 {} backup", s.name));
            }
            if s.down {
                events.push(format!("@1 {} down", s.name));
            }
            // A 404 that `proxy_next_upstream http_404` passes on is a retry with no failure
            // counted: a refused connection that never counts (the nginx import's note says so).
            if s.answers == 404 && self.proxy_next_upstream.split(',').any(|w| w == "http_404") {
                events.push(format!("@1 {} dead max_fails=0", s.name));
            }
        }
        for event in self.events.split(',').filter(|e| !e.is_empty()) {
            let parts: Vec<&str> = event.split(':').collect();
            events.push(format!("{} {} {}", parts[0], parts[1], parts[2]));
        }
        events.join("; ")
    }

    /// The engine's `tries`: `proxy_next_upstream off` is one try, else the location's limit.
    pub fn tries(&self) -> u64 {
        if self.proxy_next_upstream == "off" {
            1
        } else {
            self.proxy_next_upstream_tries
        }
    }

    /// What the engine says nginx logs: `$upstream_addr` and `$status` of each request.
    pub fn replay(&self) -> Vec<(String, u16)> {
        let weights = self.weights();
        let mut run = nginx_swrr(&weights, &self.scenario_text(), self.rate, self.tries());
        (0..self.requests)
            .map(|_| {
                let request = next_request(&mut run).expect("nginx SWRR never stops here");
                let mut addr: Vec<String> = request
                    .attempts
                    .iter()
                    .map(|&i| weights.name(i).to_string())
                    .collect();
                if request.none_left {
                    // nginx logs the upstream's name when no server was left.
                    addr.push("backend".into());
                }
                let status = match request.attempts.last() {
                    Some(&last) if request.answered => self.servers[last].answers,
                    _ => 502,
                };
                (addr.join(", "), status)
            })
            .collect()
    }

    /// Every request where the engine and nginx differ, in words (empty when they agree).
    pub fn differences(&self) -> Vec<String> {
        let engine = self.replay();
        let mut out = Vec::new();
        for (k, (addr, status)) in engine.iter().enumerate() {
            let (want_addr, want_status) = (&self.upstream_addr[k], self.status[k]);
            if addr != want_addr || *status != want_status {
                out.push(format!(
                    "request {}: nginx {want_addr} ({want_status}), engine {addr} ({status})",
                    k + 1
                ));
            }
        }
        out
    }

    /// How to run this case by hand.
    pub fn command(&self) -> String {
        format!(
            "swrr-viz seq {} --scenario \"{}\" --rate {} --steps {} --tries {}",
            self.weights().canonical_text(),
            self.scenario_text(),
            self.rate,
            self.requests,
            self.tries()
        )
    }
}
