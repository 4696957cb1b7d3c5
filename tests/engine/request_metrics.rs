//! Metrics of runs of requests (failed attempts, retries, backup servers, several workers):
//! requests and attempts counted apart, each server's share of the answered requests, 502s —
//! equal to what a real nginx logged for every recorded case, and the answered sequence's
//! windows and runs equal to a naive count.

use proptest::prelude::*;
use swrr_viz::engine::{next_request, AlgorithmOptions, RunSpec, Traffic};
use swrr_viz::input::{Scenario, Weights};
use swrr_viz::metrics::{render_request_metrics, RequestMetrics};

use crate::common::naive::window_variance;
use crate::common::recorded::parse;

fn spec(weights: &str, scenario: &str, traffic: Traffic) -> RunSpec {
    let weights: Weights = weights.parse().unwrap();
    let scenario = Scenario::parse(scenario, &weights).unwrap();
    RunSpec {
        traffic,
        ..RunSpec::new(weights, AlgorithmOptions::default(), scenario)
    }
}

#[test]
fn the_dead_server_example() {
    let run = spec(
        "5,3,2",
        "@1 C dead max_fails=3 timeout=3600",
        Traffic::default(),
    );
    let m = RequestMetrics::measure(&run, Some(30), None).unwrap();
    assert_eq!(
        (m.requests, m.answered, m.bad_gateway, m.attempts, m.retries),
        (30, 30, 0, 33, 3)
    );
    let answered: Vec<u64> = m.nodes.iter().map(|n| n.answered).collect();
    let failed: Vec<u64> = m.nodes.iter().map(|n| n.failed).collect();
    assert_eq!((answered, failed), (vec![19, 11, 0], vec![0, 0, 3]));
    assert_eq!(m.nodes[0].target_share, 0.5);
    assert!((m.nodes[0].answered_share - 19.0 / 30.0).abs() < 1e-12);
    let report = render_request_metrics(&m);
    assert!(
        report.contains(
            "C            2  20.00%         0   0.00%         3       3            0  0–0\n"
        ),
        "{report}"
    );
}

#[test]
fn counts_equal_what_a_real_nginx_logged() {
    let recording = parse(include_str!("../vectors/nginx-failures.json"));
    for case in &recording.cases {
        let run = spec(
            &case.weights().canonical_text(),
            &case.scenario_text(),
            Traffic {
                rate: case.rate,
                ..Traffic::default()
            },
        );
        let m = RequestMetrics::measure(&run, Some(case.requests), None).unwrap();
        let n = case.servers.len();
        let (mut answered, mut attempts, mut failed) = (vec![0; n], vec![0; n], vec![0; n]);
        let mut none_left = 0;
        for (addr, &status) in case.upstream_addr.iter().zip(&case.status) {
            let servers: Vec<&str> = addr.split(", ").collect();
            for (j, name) in servers.iter().enumerate() {
                let Some(i) = case.servers.iter().position(|s| s.name == *name) else {
                    none_left += 1; // nginx logs the upstream's name when no server was left
                    continue;
                };
                attempts[i] += 1;
                if status == 200 && j + 1 == servers.len() {
                    answered[i] += 1;
                } else {
                    failed[i] += 1;
                }
            }
        }
        let ok = case.status.iter().filter(|&&s| s == 200).count() as u64;
        let name = &case.name;
        assert_eq!(m.requests, case.requests, "{name}");
        assert_eq!(
            (m.answered, m.bad_gateway, m.none_left),
            (ok, case.requests - ok, none_left),
            "{name}"
        );
        assert_eq!(
            m.nodes.iter().map(|s| s.answered).collect::<Vec<_>>(),
            answered,
            "{name}"
        );
        assert_eq!(
            m.nodes.iter().map(|s| s.attempts).collect::<Vec<_>>(),
            attempts,
            "{name}"
        );
        assert_eq!(
            m.nodes.iter().map(|s| s.failed).collect::<Vec<_>>(),
            failed,
            "{name}"
        );
    }
}

/// The answered servers of the first `requests` requests, by `next_request`.
fn answered_sequence(run: &RunSpec, requests: u64) -> Vec<usize> {
    let mut scheduler = run.algorithm();
    (0..requests)
        .filter_map(|_| next_request(&mut scheduler).unwrap().answered_by())
        .collect()
}

/// The largest window variance over windows of `k` answered requests, and its first window.
fn naive_windows(sequence: &[usize], targets: &[u64], k: usize) -> (f64, usize) {
    let mut best = (f64::NEG_INFINITY, 0);
    for (start, window) in sequence.windows(k).enumerate() {
        let v = window_variance(window, targets);
        if v > best.0 + 1e-12 {
            best = (v, start + 1);
        }
    }
    best
}

fn naive_longest(sequence: &[usize], node: usize) -> u64 {
    sequence
        .chunk_by(|a, b| a == b)
        .filter(|run| run[0] == node)
        .map(|run| run.len() as u64)
        .max()
        .unwrap_or(0)
}

#[test]
fn four_workers_keep_the_shares_but_not_the_smoothness() {
    let run = spec(
        "5,3,2",
        "",
        Traffic {
            workers: 4,
            ..Traffic::default()
        },
    );
    let m = RequestMetrics::measure(&run, Some(600), Some(10)).unwrap();
    let shares: Vec<f64> = m.nodes.iter().map(|n| n.answered_share).collect();
    assert_eq!(shares, [0.5, 0.3, 0.2]);
    // In turn, each worker's plain SWRR puts the same server four times in a row.
    let sequence = answered_sequence(&run, 600);
    assert_eq!(&sequence[..12], &[0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2]);
    let (variance, first) = naive_windows(&sequence, &[5, 3, 2], 10);
    assert!((m.max_window_variance.variance - variance).abs() < 1e-12);
    assert_eq!(m.max_window_variance.first, first as u64);
    assert_eq!(m.nodes[0].longest_run, naive_longest(&sequence, 0));
    // One worker: every window of W holds the exact shares.
    let one = spec("5,3,2", "@1 C max_fails=2", Traffic::default());
    let m = RequestMetrics::measure(&one, Some(600), None).unwrap();
    assert_eq!(m.max_window_variance.variance, 0.0);
}

#[test]
fn refusals() {
    let run = spec("5,3,2", "@1 C dead", Traffic::default());
    for (requests, window, expected) in [
        (Some(0), None, "steps 0 is out of range"),
        (Some(10), Some(0), "window 0 is too small"),
    ] {
        let error = RequestMetrics::measure(&run, requests, window).unwrap_err();
        assert!(error.to_string().starts_with(expected), "{error}");
    }
}

fn scenario_for(n: usize, picks: &[(u8, u8, u8)]) -> String {
    let names = ["A", "B", "C", "D", "E"];
    picks
        .iter()
        .map(|&(kind, node, step)| {
            let name = names[node as usize % n];
            let step = 1 + u64::from(step % 40);
            match kind % 5 {
                0 => format!("@{step} {name} dead max_fails={}", node % 4),
                1 => format!("@{step} {name} alive"),
                2 => format!("@{step} {name} fail 2"),
                3 => format!("@1 {name} backup"),
                _ => format!("@{step} {name} timeout={}", step % 7),
            }
        })
        .collect::<Vec<_>>()
        .join("; ")
}

proptest! {
    #[test]
    fn windows_runs_and_counts_equal_a_naive_count(
        ws in prop::collection::vec(1u64..8, 2..6),
        events in prop::collection::vec((any::<u8>(), any::<u8>(), any::<u8>()), 1..6),
        workers in 1usize..4,
        requests in 20u64..120,
        k in 1u64..12,
    ) {
        let names = ["A", "B", "C", "D", "E"];
        let text: Vec<String> = ws.iter().enumerate().map(|(i, w)| format!("{}={w}", names[i])).collect();
        let scenario = scenario_for(ws.len(), &events);
        let run = spec(&text.join(" "), &scenario, Traffic { workers, ..Traffic::default() });
        let m = RequestMetrics::measure(&run, Some(requests), Some(k)).unwrap();
        let sequence = answered_sequence(&run, requests);
        prop_assert_eq!(m.answered, sequence.len() as u64);
        for (i, node) in m.nodes.iter().enumerate() {
            prop_assert_eq!(node.answered, sequence.iter().filter(|&&p| p == i).count() as u64);
            prop_assert_eq!(node.longest_run, naive_longest(&sequence, i));
            prop_assert!(node.failed <= node.attempts);
        }
        let targets: Vec<u64> = m.nodes.iter().map(|n| if n.backup { 0 } else { n.weight }).collect();
        let k = (k as usize).min(sequence.len());
        if k > 0 && targets.iter().sum::<u64>() > 0 {
            let (variance, first) = naive_windows(&sequence, &targets, k);
            prop_assert!((m.max_window_variance.variance - variance).abs() < 1e-9, "{} vs {}", m.max_window_variance.variance, variance);
            prop_assert_eq!(m.max_window_variance.first, first as u64);
        }
        let attempts: u64 = m.nodes.iter().map(|n| n.attempts).sum();
        prop_assert_eq!(m.attempts, attempts);
        prop_assert_eq!(m.answered + m.bad_gateway, m.requests);
    }
}
