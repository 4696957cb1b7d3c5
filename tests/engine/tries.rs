//! nginx's `proxy_next_upstream_tries N` (the run's `tries`) and `proxy_next_upstream off`
//! (tries 1): what real nginx did in the QA's cases, and the engine against a naive model of a
//! request's attempts.

use proptest::prelude::*;
use swrr_viz::engine::{
    next_request, notes, AlgorithmKind, AlgorithmOptions, NginxSwrr, Scheduler, SubtractRule,
    TieRule, Traffic,
};
use swrr_viz::input::{Scenario, Weights};

use crate::common::algorithm::nginx_swrr;

/// The first `requests` requests as `seq` prints them (`A>B>-` for a 502).
fn tokens(weights: &str, scenario: &str, rate: u64, tries: u64, requests: usize) -> Vec<String> {
    let weights: Weights = weights.parse().unwrap();
    let mut run = nginx_swrr(&weights, scenario, rate, tries);
    (0..requests)
        .map(|_| {
            next_request(&mut run)
                .unwrap()
                .token(|i| weights.name(i).to_string())
        })
        .collect()
}

#[test]
fn two_tries_with_two_of_three_servers_dead_answer_502_as_nginx_did() {
    // nginx 1.22.1, `proxy_next_upstream_tries 2`, servers 5,3,2 with max_fails=0, A and B's
    // ports closed, 10 requests a second: 8 of 20 requests answered 502 after 2 attempts.
    let scenario = "@1 A max_fails=0; @1 B max_fails=0; @1 C max_fails=0; @1 A dead; @1 B dead";
    let got = tokens("5,3,2", scenario, 10, 2, 20);
    let nginx = "A>B>- C B>A>- A>C B>A>- A>C B>A>- C A>B>- A>C \
                 B>C A>B>- A>C B>C A>B>- A>C B>C A>B>- A>C B>C";
    assert_eq!(got.join(" "), nginx);
    assert_eq!(got.iter().filter(|t| t.ends_with('-')).count(), 8);
    // Without the limit every request reaches C.
    let unlimited = tokens("5,3,2", scenario, 10, 0, 20);
    assert!(unlimited.iter().all(|t| t.ends_with('C')), "{unlimited:?}");
}

#[test]
fn next_upstream_off_is_one_try_and_still_counts_the_failure() {
    // nginx 1.22.1, `proxy_next_upstream off`, A's port closed (max_fails=1, fail_timeout=10s):
    // request 1 is a 502 from A alone; A's failure was counted, so it sits out its 10 seconds.
    let got = tokens("5,3,2", "@1 A dead", 10, 1, 20);
    assert_eq!(got[0], "A>-");
    assert!(got[1..].iter().all(|t| t == "B" || t == "C"), "{got:?}");
    assert_eq!(got[1..6].join(" "), "B C B B C");
}

#[test]
fn every_server_down_is_a_502_with_no_attempt_as_nginx_answered() {
    // nginx 1.22.1, both servers `down` (tests/vectors/nginx-failures.json, case all-down):
    // every request 502, `$upstream_addr` the upstream's name. With no failure in the run.
    assert_eq!(tokens("5,1", "@1 A down; @1 B down", 10, 0, 4), ["-"; 4]);
    let weights: Weights = "5,1".parse().unwrap();
    let scenario = Scenario::parse("@1 A down; @1 B down", &weights).unwrap();
    let mut run = NginxSwrr::new(&weights, TieRule::First, SubtractRule::Total, &scenario);
    assert!(run.models_requests());
    let step = run.step(1).expect("a 502 is a step, not a stop");
    assert_eq!(step.winner, 2);
    let request = step.request.expect("a request");
    assert!(request.bad_gateway());
    assert_eq!(request.outcome.as_str(), "none");
    assert!(run.stop_reason().is_none());
    // Down for requests 3 to 5 only: those are 502s, and the levels wait for the servers.
    let window = "@3 A down; @3 B down; @6 A up; @6 B up";
    assert_eq!(tokens("5,1", window, 1, 0, 8).join(" "), "A A - - - A B A");
    // The other algorithms stop there.
    let edf = AlgorithmOptions {
        kind: AlgorithmKind::Edf,
        ..AlgorithmOptions::default()
    };
    let mut stops = swrr_viz::engine::Algorithm::new(&weights, &edf, &scenario);
    assert!(stops.advance().is_none());
    assert_eq!(
        stops.stop_reason().unwrap().to_string(),
        "no node can be picked at step 1: nodes down: 2"
    );
}

#[test]
fn a_limit_of_as_many_servers_or_more_changes_nothing() {
    let scenario = "@1 A dead; @1 B dead; @1 C dead; @9 A alive; @1 D backup";
    let unlimited = tokens("5,3,2,1", scenario, 2, 0, 40);
    for tries in [4, 5, 10_000] {
        assert_eq!(
            tokens("5,3,2,1", scenario, 2, tries, 40),
            unlimited,
            "tries {tries}"
        );
    }
    // Three tries end the first request before the backup D.
    assert_eq!(unlimited[0], "A>B>C>D");
    assert_eq!(tokens("5,3,2,1", scenario, 2, 3, 40)[0], "A>B>C>-");
}

#[test]
fn only_nginx_swrr_reads_the_limit_and_the_workers_and_the_others_say_so() {
    let weights: Weights = "5,3,2".parse().unwrap();
    let traffic = Traffic {
        tries: 2,
        ..Traffic::default()
    };
    let none = Scenario::none();
    let swrr = AlgorithmOptions::default();
    assert!(notes(&weights, &swrr, &none, &traffic).is_empty());
    let edf = AlgorithmOptions {
        kind: AlgorithmKind::Edf,
        ..AlgorithmOptions::default()
    };
    assert_eq!(
        notes(&weights, &edf, &none, &traffic),
        ["tries 2: a limit on retries (nginx's proxy_next_upstream_tries) is nginx SWRR's; edf does not retry and ignores it"]
    );
    assert!(notes(&weights, &edf, &none, &Traffic::default()).is_empty());
    // Worker processes too: the other algorithms are one balancer.
    let workers = Traffic {
        workers: 4,
        ..Traffic::default()
    };
    assert!(notes(&weights, &swrr, &none, &workers).is_empty());
    assert_eq!(
        notes(&weights, &edf, &none, &workers),
        ["workers 4: worker processes, each with its own state or sharing a zone, are modelled for nginx SWRR; edf is shown as one balancer and ignores them"]
    );
}

/// A naive nginx: one SWRR over the servers a request has not tried, a dead server's attempt
/// fails and takes a try, a request ends answered, out of tries (502) or with no server left
/// (502). No failure counting (every server `max_fails=0`), nothing marked down.
fn naive_tokens(weights: &[u64], dead: &[bool], tries: u64, requests: usize) -> Vec<String> {
    let up = vec![(1, 1); weights.len()];
    naive_tokens_down(weights, dead, &up, tries, requests)
}

/// [`naive_tokens`] with server i marked `down` for requests `down[i].0 .. down[i].1`: a down
/// server neither adds nor counts in the request's tries, and a request made while every
/// server is down finds none at once (502, no attempt).
fn naive_tokens_down(
    weights: &[u64],
    dead: &[bool],
    down: &[(u64, u64)],
    tries: u64,
    requests: usize,
) -> Vec<String> {
    let n = weights.len();
    let name = |i: usize| ((b'A' + i as u8) as char).to_string();
    let mut level = vec![0i64; n];
    let mut out = Vec::new();
    for request in 1..=requests as u64 {
        // A down server is as if tried from the start.
        let mut tried: Vec<bool> = down
            .iter()
            .map(|&(from, to)| (from..to).contains(&request))
            .collect();
        let up = tried.iter().filter(|t| !**t).count() as u64;
        let mut left = if tries == 0 { up } else { tries.min(up) };
        let mut parts = Vec::new();
        loop {
            let mut total = 0;
            let mut best: Option<usize> = None;
            for i in (0..n).filter(|&i| !tried[i]) {
                level[i] += weights[i] as i64;
                total += weights[i] as i64;
                // The first of the highest wins: nginx's strict `>`.
                match best {
                    Some(b) if level[i] <= level[b] => {}
                    _ => best = Some(i),
                }
            }
            let Some(winner) = best else {
                parts.push("-".to_string());
                break;
            };
            level[winner] -= total;
            tried[winner] = true;
            parts.push(name(winner));
            if !dead[winner] {
                break;
            }
            left -= 1;
            if left == 0 {
                parts.push("-".to_string());
                break;
            }
        }
        out.push(parts.join(">"));
    }
    out
}

fn servers() -> impl Strategy<Value = (Vec<u64>, Vec<bool>)> {
    (2usize..7).prop_flat_map(|n| {
        (
            prop::collection::vec(1u64..10, n),
            prop::collection::vec(prop::bool::weighted(0.4), n),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn the_engine_cuts_requests_as_the_naive_model_does(
        (weights, dead) in servers(),
        tries in 0u64..8,
    ) {
        let n = weights.len();
        let names: Vec<String> = (0..n).map(|i| ((b'A' + i as u8) as char).to_string()).collect();
        let text: Vec<String> = names.iter().zip(&weights).map(|(m, w)| format!("{m}={w}")).collect();
        let mut events: Vec<String> = names.iter().map(|m| format!("@1 {m} max_fails=0")).collect();
        events.extend(names.iter().zip(&dead).filter(|(_, d)| **d).map(|(m, _)| format!("@1 {m} dead")));
        let got = tokens(&text.join(" "), &events.join("; "), 1, tries, 60);
        prop_assert_eq!(got, naive_tokens(&weights, &dead, tries, 60));
    }

    #[test]
    fn servers_down_and_every_server_down_are_as_the_naive_model_has_them(
        (weights, dead) in servers(),
        windows in prop::collection::vec((1u64..30, 0u64..15), 7),
        failures in any::<bool>(),
    ) {
        // Each server down for a window of requests, often all of them at once: a request then
        // is a 502 with no attempt, with failures in the run or without.
        let n = weights.len();
        let dead: Vec<bool> = dead.iter().map(|&d| d && failures).collect();
        let down: Vec<(u64, u64)> = windows[..n].iter().map(|&(from, len)| (from, from + len)).collect();
        let names: Vec<String> = (0..n).map(|i| ((b'A' + i as u8) as char).to_string()).collect();
        let text: Vec<String> = names.iter().zip(&weights).map(|(m, w)| format!("{m}={w}")).collect();
        let mut events: Vec<String> = Vec::new();
        if failures {
            events.extend(names.iter().map(|m| format!("@1 {m} max_fails=0")));
            events.extend(names.iter().zip(&dead).filter(|(_, d)| **d).map(|(m, _)| format!("@1 {m} dead")));
        }
        for (m, &(from, to)) in names.iter().zip(&down) {
            if to > from {
                events.push(format!("@{from} {m} down"));
                events.push(format!("@{to} {m} up"));
            }
        }
        let got = tokens(&text.join(" "), &events.join("; "), 1, 0, 50);
        prop_assert_eq!(got, naive_tokens_down(&weights, &dead, &down, 0, 50));
    }

    #[test]
    fn no_request_makes_more_attempts_than_its_tries(
        (weights, dead) in servers(),
        tries in 1u64..5,
        rate in 1u64..4,
    ) {
        // Failures counted (max_fails=1, fail_timeout=10s): servers sit out, come back, and the
        // limit holds all the same.
        let names: Vec<String> = (0..weights.len()).map(|i| ((b'A' + i as u8) as char).to_string()).collect();
        let text: Vec<String> = names.iter().zip(&weights).map(|(m, w)| format!("{m}={w}")).collect();
        let events: Vec<String> = names.iter().zip(&dead).filter(|(_, d)| **d).map(|(m, _)| format!("@1 {m} dead")).collect();
        for token in tokens(&text.join(" "), &events.join("; "), rate, tries, 80) {
            let attempts = token.split('>').filter(|p| *p != "-").count() as u64;
            prop_assert!(attempts <= tries, "{} in {} tries", token, tries);
        }
    }
}
