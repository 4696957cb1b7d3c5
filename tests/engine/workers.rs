//! Several nginx worker processes: without a `zone` each keeps its own SWRR state, so each
//! worker's own requests follow plain SWRR while the merged sequence (what the access log shows)
//! is no longer smooth; with `zone` they share one state and the sequence is one worker's.
//! The figures from a real nginx with 4 workers are in tests/vectors/nginx-workers.json.

use swrr_viz::engine::{
    next_request, sequence, Dispatch, NginxSwrr, SubtractRule, Swrr, TieRule, Traffic,
};

use crate::common::naive;
use swrr_viz::input::{Scenario, Weights};

fn merged(weights: &str, traffic: Traffic, requests: usize) -> Vec<(usize, usize)> {
    let w: Weights = weights.parse().unwrap();
    let mut run = NginxSwrr::with_traffic(
        &w,
        TieRule::First,
        SubtractRule::Total,
        &Scenario::none(),
        &traffic,
    );
    (0..requests)
        .map(|_| {
            let request = next_request(&mut run).unwrap();
            let worker = run.last_worker();
            assert_eq!(worker.is_some(), traffic.workers > 1, "the serving worker");
            (worker.unwrap_or(0), request.answered_by().unwrap())
        })
        .collect()
}

/// Largest mean over the nodes of (share in a window of `k` − w/W)², over all windows.
fn window_variance(picks: &[usize], weights: &[u64], k: usize) -> f64 {
    picks
        .windows(k)
        .map(|window| naive::window_variance(window, weights))
        .fold(0.0, f64::max)
}

fn longest_run(picks: &[usize]) -> usize {
    picks
        .chunk_by(|a, b| a == b)
        .map(<[usize]>::len)
        .max()
        .unwrap_or(0)
}

fn each_worker_is_plain_swrr(weights: &str, log: &[(usize, usize)], workers: usize) {
    let w: Weights = weights.parse().unwrap();
    for k in 0..workers {
        let own: Vec<u32> = log
            .iter()
            .filter(|(worker, _)| *worker == k)
            .map(|&(_, pick)| pick as u32)
            .collect();
        assert_eq!(own, sequence(&Swrr::new(&w), own.len()), "worker {k}");
    }
}

#[test]
fn without_a_zone_each_worker_runs_plain_swrr() {
    for dispatch in [Dispatch::InTurn, Dispatch::Seeded(7)] {
        let traffic = Traffic {
            workers: 4,
            dispatch,
            ..Traffic::default()
        };
        let log = merged("5,3,2", traffic, 400);
        each_worker_is_plain_swrr("5,3,2", &log, 4);
    }
}

#[test]
fn four_workers_in_turn_send_a_burst_of_each_server() {
    // Request k goes to worker (k − 1) mod 4; every worker is at the same point of its own
    // SWRR, so four As come in a row, then four Bs, then four Cs …
    let traffic = Traffic {
        workers: 4,
        ..Traffic::default()
    };
    let picks: Vec<usize> = merged("5,3,2", traffic, 40).iter().map(|p| p.1).collect();
    assert_eq!(&picks[..12], &[0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2]);
    assert_eq!(longest_run(&picks), 8);
    // One worker: every window of W = 10 picks holds the exact shares; four: far from it.
    let one: Vec<usize> = merged("5,3,2", Traffic::default(), 40)
        .iter()
        .map(|p| p.1)
        .collect();
    assert_eq!(window_variance(&one, &[5, 3, 2], 10), 0.0);
    assert!(window_variance(&picks, &[5, 3, 2], 10) > 0.01);
}

#[test]
fn with_a_zone_the_workers_share_one_state() {
    let traffic = Traffic {
        workers: 4,
        zone: true,
        dispatch: Dispatch::Seeded(3),
        ..Traffic::default()
    };
    let shared: Vec<usize> = merged("5,3,2", traffic, 50).iter().map(|p| p.1).collect();
    let w: Weights = "5,3,2".parse().unwrap();
    let one: Vec<usize> = sequence(&Swrr::new(&w), 50)
        .iter()
        .map(|&p| p as usize)
        .collect();
    assert_eq!(shared, one);
}

#[test]
fn a_real_nginx_with_four_workers() {
    let recording = crate::common::recorded::parse(include_str!("../vectors/nginx-workers.json"));
    for case in &recording.cases {
        let names: Vec<&str> = case.servers.iter().map(|s| s.name.as_str()).collect();
        let weights: Vec<u64> = case.servers.iter().map(|s| s.weight).collect();
        let text = case.weights().canonical_text();
        let log: Vec<(usize, usize)> = case
            .worker
            .iter()
            .zip(&case.upstream_addr)
            .map(|(&w, addr)| (w, names.iter().position(|n| n == addr).unwrap()))
            .collect();
        let served = case.worker.iter().max().unwrap() + 1;
        let picks: Vec<usize> = log.iter().map(|p| p.1).collect();
        let total: u64 = weights.iter().sum();
        let shares: Vec<String> = (0..weights.len())
            .map(|i| {
                format!(
                    "{} {:.1}% (target {:.1}%)",
                    names[i],
                    100.0 * picks.iter().filter(|&&p| p == i).count() as f64 / picks.len() as f64,
                    100.0 * weights[i] as f64 / total as f64
                )
            })
            .collect();
        eprintln!(
            "{}: {} requests over {served} workers; {}; window of {total}: largest share variance {:.4}; longest run {}",
            case.name,
            picks.len(),
            shares.join(", "),
            window_variance(&picks, &weights, total as usize),
            longest_run(&picks)
        );
        if case.zone {
            // One shared state: the log is plain SWRR, whichever worker served.
            let w: Weights = text.parse().unwrap();
            let plain: Vec<usize> = sequence(&Swrr::new(&w), picks.len())
                .iter()
                .map(|&p| p as usize)
                .collect();
            assert_eq!(picks, plain);
        } else {
            assert!(served > 1, "the kernel spread the connections");
            each_worker_is_plain_swrr(&text, &log, served);
        }
    }
}
