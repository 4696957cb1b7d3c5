//! The engine against a real nginx with dead servers, retries and backup servers: every attempt
//! of every request of the recordings in tests/vectors/nginx-failures.json and, with
//! `proxy_next_upstream_tries` and `proxy_next_upstream off`, tests/vectors/nginx-tries.json
//! (`scripts/record-nginx.sh`), reloads with new weights (tests/vectors/nginx-reload.json),
//! servers answering 404 (tests/vectors/nginx-404.json), and a few cases recorded afresh on every
//! run.

use std::process::Command;

use crate::common::recorded::{parse, Case};

/// The cases of a recording made with nginx 1.22.1, checked to be at least `at_least`.
fn recorded_cases(json: &str, at_least: usize) -> Vec<Case> {
    let recording = parse(json);
    assert!(
        recording.source.contains("nginx/1.22.1"),
        "{}",
        recording.source
    );
    let cases = recording.cases;
    assert!(cases.len() >= at_least, "{} cases", cases.len());
    cases
}

/// The case `name`'s requests as nginx logged them, `A B C>A …` (`>`: tried next in the request).
fn logged(cases: &[Case], name: &str) -> String {
    let case = cases.iter().find(|c| c.name == name);
    let case = case.unwrap_or_else(|| panic!("the case {name} is recorded"));
    case.upstream_addr.join(" ").replace(", ", ">")
}

fn check(cases: &[Case]) {
    let mut failures = Vec::new();
    for case in cases {
        let differences = case.differences();
        if !differences.is_empty() {
            failures.push(format!(
                "{} ({}):\n  {}",
                case.name,
                case.command(),
                differences.join("\n  ")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn recorded_cases_match_attempt_for_attempt() {
    let cases = &recorded_cases(include_str!("../vectors/nginx-failures.json"), 40);
    // What the cases cover, so a re-recording cannot quietly lose it.
    // Each request's `$upstream_addr`: its attempts' servers joined by ", ".
    let requests = || cases.iter().flat_map(|c| &c.upstream_addr);
    let attempts: usize = requests().map(|a| a.split(", ").count()).sum();
    let retried = requests().filter(|a| a.contains(", ")).count();
    let bad_gateway = cases
        .iter()
        .flat_map(|c| &c.status)
        .filter(|&&s| s == 502)
        .count();
    let none_left = requests().filter(|a| a.ends_with("backend")).count();
    let with_backups = cases
        .iter()
        .filter(|c| c.servers.iter().any(|s| s.backup))
        .count();
    let all_dead = cases
        .iter()
        .filter(|c| {
            c.servers
                .iter()
                .all(|s| c.events.contains(&format!("{}:dead", s.name)))
        })
        .count();
    eprintln!(
        "{} cases, {attempts} attempts, {retried} requests retried, {bad_gateway} answered 502 ({none_left} with no server left), {with_backups} cases with backups, {all_dead} with every server dead",
        cases.len()
    );
    assert!(retried >= 100 && bad_gateway >= 20 && none_left >= 10);
    assert!(with_backups >= 8 && all_dead >= 4);
    assert!(cases
        .iter()
        .any(|c| c.servers.iter().any(|s| s.max_fails == 0)));
    assert!(cases.iter().any(|c| c.servers.iter().any(|s| s.down)));
    // Every server down: nginx answers every request 502, the upstream's name as the peer.
    let all_down = cases
        .iter()
        .find(|c| c.name == "all-down")
        .expect("every server down is recorded");
    assert!(all_down.servers.iter().all(|s| s.down));
    assert!(all_down.upstream_addr.iter().all(|a| a == "backend"));
    assert!(all_down.status.iter().all(|&s| s == 502));
    check(cases);
}

#[test]
fn the_issue_example_as_nginx_logged_it() {
    let recording = parse(include_str!("../vectors/nginx-failures.json"));
    assert_eq!(
        logged(&recording.cases, "issue-example"),
        "A B C>A A B A B A C>A B A A C>B A A B A B A A B A A B A B A A B A"
    );
}

#[test]
fn recorded_try_limits_match_attempt_for_attempt() {
    // `proxy_next_upstream_tries N` and `proxy_next_upstream off` (tests/vectors/nginx-tries.json).
    let cases = &recorded_cases(include_str!("../vectors/nginx-tries.json"), 10);
    assert!(cases.iter().any(|c| c.proxy_next_upstream == "off"));
    assert!(cases.iter().any(|c| c.proxy_next_upstream_tries > 0));
    // 502s that ended because the tries ran out while servers were left: the limit at work.
    let cut = cases
        .iter()
        .flat_map(|c| {
            c.upstream_addr
                .iter()
                .zip(&c.status)
                .filter(move |(addr, &status)| {
                    status == 502
                        && !addr.ends_with("backend")
                        && (addr.split(", ").count() as u64) == c.tries()
                })
        })
        .count();
    eprintln!(
        "{} cases, {} requests, {cut} cut off by the try limit",
        cases.len(),
        cases.iter().map(|c| c.requests).sum::<u64>()
    );
    assert!(cut >= 20, "{cut} requests cut off by the limit");
    check(cases);
}

#[test]
fn recorded_reloads_match_attempt_for_attempt() {
    // `nginx -s reload` with edited weights, as `=W reset` models it (tests/vectors/nginx-reload.json):
    // the new worker's peers are fresh, so a server that failed before the reload is tried again.
    let cases = &recorded_cases(include_str!("../vectors/nginx-reload.json"), 5);
    assert_eq!(
        logged(cases, "reload-after-fail"),
        "A B C>A A B A A B C A B A C B"
    );
    // A reload (before request 8) while A and B are disabled by their failures: A is tried again
    // at once, and fails.
    assert!(logged(cases, "reload-retry-backup").starts_with("A>B>C C C C C C C A>B B"));
    check(cases);
}

#[test]
fn recorded_404s_passed_on_match_attempt_for_attempt() {
    // A server answering 404: with `proxy_next_upstream error http_404` nginx passes the request
    // on and counts no failure, as `dead max_fails=0` models it; without, the 404 is the answer
    // (tests/vectors/nginx-404.json).
    let cases = &recorded_cases(include_str!("../vectors/nginx-404.json"), 4);
    let passed_on = cases
        .iter()
        .filter(|c| c.proxy_next_upstream.contains("http_404"))
        .count();
    assert!(passed_on >= 3, "{passed_on}");
    assert_eq!(
        logged(cases, "next-404"),
        "A B C>A A B A B A C>A B A A C>B A"
    );
    assert!(cases.iter().any(|c| c.status.contains(&404)));
    check(cases);
}

/// The nginx binary, or `None` when this machine has none (scripts/setup.sh installs it).
fn nginx() -> Option<String> {
    ["nginx", "/usr/sbin/nginx"].iter().find_map(|candidate| {
        Command::new(candidate)
            .arg("-v")
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|_| candidate.to_string())
    })
}

#[test]
fn fresh_cases_recorded_now_match() {
    let Some(nginx) = nginx() else {
        eprintln!(
            "\n*** SKIPPED fresh_cases_recorded_now_match: no nginx on this machine (scripts/setup.sh nginx installs Debian's) ***\n"
        );
        return;
    };
    // A new seed every run, printed so a failure can be recorded again.
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_secs() % 32_768);
    eprintln!("recording 3 random cases with seed {seed}");
    let output = Command::new("bash")
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/scripts/record-nginx.sh"
        ))
        .args([
            "--random",
            "3",
            "--seed",
            &seed.to_string(),
            "--requests",
            "20-30",
        ])
        .env("NGINX_BIN", &nginx)
        .output()
        .expect("scripts/record-nginx.sh runs");
    assert!(
        output.status.success(),
        "scripts/record-nginx.sh --random 3 --seed {seed} failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let recording = parse(&String::from_utf8_lossy(&output.stdout));
    assert_eq!(recording.cases.len(), 3);
    check(&recording.cases);
}
