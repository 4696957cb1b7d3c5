//! The CLI's algorithm, scenario and preset flags: outputs, notes on stderr and exit codes.

use crate::run::{ok, refused, stdout};

#[test]
fn the_plain_contract_is_unchanged() {
    assert_eq!(
        stdout(&["seq", "5,3,2", "--steps", "10"]),
        "A B C A A B A C B A\n"
    );
    assert_eq!(
        stdout(&[
            "seq",
            "5,3,2",
            "--algo",
            "swrr",
            "--tie",
            "first",
            "--subtract",
            "total"
        ]),
        "A B C A A B A C B A\n"
    );
    let table = stdout(&["trace", "5,3,2", "--algo", "swrr"]);
    assert!(table.starts_with("step │ after adding"), "{table}");
}

#[test]
fn each_algorithm_from_the_command_line() {
    assert_eq!(
        stdout(&["seq", "5,3,2", "--algo", "classic"]),
        "A A A A A B B B C C\n"
    );
    assert_eq!(
        stdout(&["seq", "a=4 b=3 c=2", "--algo", "interleaved"]),
        "a a b a b c a b c\n"
    );
    assert_eq!(
        stdout(&["seq", "a=2 b=2 c=1", "--algo", "edf", "--steps", "10"]),
        "a b c a b a b c a b\n"
    );
    assert_eq!(
        stdout(&["seq", "5,3,2", "--algo", "random", "--seed", "42", "--steps", "24", "--index"]),
        "1 0 0 0 0 2 0 2 0 1 0 0 1 1 1 0 0 0 0 1 2 0 1 1\n"
    );
    // Long runs of a repeating algorithm repeat one computed period.
    let long = stdout(&[
        "seq", "5,3,2", "--algo", "edf", "--steps", "1000000", "--index",
    ]);
    assert_eq!(long.split(' ').count(), 1_000_000);
}

#[test]
fn subtract_own_is_the_broken_variant() {
    let picks = stdout(&["seq", "5,3,2", "--subtract", "own", "--steps", "23"]);
    assert_eq!(
        picks, "A B A A B A A B A B A A B A A B A B A A B A C\n",
        "C waits until step 23"
    );
    let csv = stdout(&[
        "trace",
        "5,3,2",
        "--subtract",
        "own",
        "--steps",
        "3",
        "--format",
        "csv",
    ]);
    let sums: Vec<&str> = csv
        .lines()
        .skip(1)
        .map(|l| l.rsplit(',').next().unwrap())
        .collect();
    assert_eq!(sums, ["5", "12", "17"], "Σcurrent grows by W − w_winner");
}

#[test]
fn scenarios_change_the_run_and_show_in_the_trace() {
    // 5,3,2 with C down from 13 to 22 (the c-down-up preset's story).
    let picks = stdout(&[
        "seq",
        "5,3,2",
        "--scenario",
        "@13 C down; @23 C up",
        "--steps",
        "25",
        "--index",
    ]);
    let picks: Vec<&str> = picks.split_whitespace().collect();
    assert!(picks[12..22].iter().all(|&p| p != "2"));
    assert_eq!(picks[22], "2", "back with its level 4, picked at once");

    let csv = stdout(&[
        "trace",
        "5,3,2",
        "--scenario",
        "@3 C=4 scale",
        "--steps",
        "3",
        "--format",
        "csv",
    ]);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "step,events,winner,tied,A adds,B adds,C adds,A after adding,B after adding,C after adding,subtracts,A after subtracting,B after subtracting,C after subtracting,sum"
    );
    // C's 4 scaled ×4/2 to 8, adds 4 → 12, wins, subtracts 12: Σ is 4 from now on.
    assert_eq!(lines[3], "3,'@3 C=4 scale,C,,5,3,4,5,-1,12,12,5,-1,0,4");
}

#[test]
fn trace_json_carries_the_state() {
    let json: serde_json::Value = serde_json::from_str(&stdout(&[
        "trace", "2,2,1", "--algo", "edf", "--steps", "2", "--format", "json",
    ]))
    .unwrap();
    assert_eq!(json["algorithm"], "edf");
    assert_eq!(json["period"], 5);
    let step = &json["steps"][1];
    assert_eq!(step["winner_name"], "B");
    assert_eq!(step["state"]["kind"], "edf");
    assert_eq!(
        step["state"]["now"],
        serde_json::json!({"whole": 0, "num": 1, "den": 2})
    );
    assert_eq!(step["state"]["queue"][0]["node"], 2);

    let json: serde_json::Value = serde_json::from_str(&stdout(&[
        "trace", "5,3,2", "--algo", "random", "--seed", "7", "--steps", "1", "--format", "json",
    ]))
    .unwrap();
    assert_eq!(json["period"], serde_json::Value::Null);
    assert_eq!(json["options"]["seed"], 7);
    assert_eq!(json["steps"][0]["state"]["range"], 10);
}

#[test]
fn presets_list_and_run() {
    let list = stdout(&["presets"]);
    assert!(list.contains("c-fails  (swrr, 30 steps)"), "{list}");
    assert!(list.contains("broken-subtract-own  (swrr --subtract own, 60 steps)"));
    let csv = stdout(&["trace", "--preset", "c-fails", "--format", "csv"]);
    // 30 requests, request 8 in two attempts.
    assert_eq!(csv.lines().count(), 1 + 31);
    assert!(csv
        .lines()
        .nth(6)
        .unwrap()
        .starts_with("6,6,1,answered,'@6 C fail,B,"));
    assert!(csv
        .lines()
        .nth(8)
        .unwrap()
        .starts_with("8,8,1,\"failed, retried\",,C,"));
    assert!(csv
        .lines()
        .nth(9)
        .unwrap()
        .starts_with("9,8,2,answered,,B,"));
    // Flags override the preset: the same story under classic, which does not retry.
    let (out, err) = ok(&[
        "seq", "--preset", "c-fails", "--algo", "classic", "--steps", "10",
    ]);
    assert_eq!(out, "A A A A A B B B C C\n");
    assert!(err.contains(
        "note: @6 C fail: failed attempts, retries and backup servers are nginx SWRR's; classic ignores it"
    ));
}

#[test]
fn notes_go_to_stderr_and_do_not_fail() {
    let (out, err) = ok(&[
        "seq",
        "5,3,2",
        "--algo",
        "edf",
        "--tie",
        "last",
        "--scenario",
        "@2 A=3 scale",
        "--steps",
        "5",
    ]);
    assert_eq!(out, "A B C A B\n");
    assert!(err.contains("swrr-viz: note: tie rule \"last\" is about SWRR's levels"));
    assert!(err.contains(
        "swrr-viz: note: @2 A=3 scale: reset-node and scale act on SWRR's current weights"
    ));
}

#[test]
fn metrics_take_the_algorithm_flags() {
    let report = stdout(&["metrics", "5,1,1", "--algo", "classic"]);
    assert!(report.contains("algorithm: classic"), "{report}");
    assert!(report.contains("A          5"), "{report}");
    let json: serde_json::Value = serde_json::from_str(&stdout(&[
        "metrics",
        "100,1,1",
        "--algo",
        "interleaved",
        "--json",
    ]))
    .unwrap();
    assert_eq!(json["algorithm"], "interleaved");
    assert_eq!(json["nodes"][0]["longest_run"], 100);
    let json: serde_json::Value = serde_json::from_str(&stdout(&[
        "metrics", "5,3,2", "--algo", "random", "--seed", "42", "--steps", "100", "--json",
    ]))
    .unwrap();
    assert_eq!(json["repeats"], false);
    assert_eq!(json["computed_picks"], 100);
    refused(
        &["metrics", "--preset", "raise-keep"],
        "a scenario changes the weights during the run",
    );
    // A run of requests is measured by requests: the preset's 30.
    let report = stdout(&["metrics", "--preset", "c-fails"]);
    assert!(
        report.contains("requests      30: 30 answered")
            && report.contains("attempts      31: 1 failed, 1 retried (1 request retried)"),
        "{report}"
    );
}

#[test]
fn bad_flags_and_texts_exit_2_with_the_reason() {
    refused(&["seq", "5,3,2", "--algo", "wrr"], "'wrr'");
    refused(&["seq", "5,3,2", "--subtract", "half"], "'half'");
    refused(&["seq", "5,3,2", "--seed", "-1"], "-1");
    refused(
        &["seq", "5,3,2", "--scenario", "@3 D down"],
        "swrr-viz: invalid scenario: event 1: \"D\" (at column 4) is not a node",
    );
    refused(
        &["trace", "--preset", "nope"],
        "unknown preset \"nope\": expected one of raise-keep",
    );
    refused(&["seq"], "WEIGHTS");
}

#[test]
fn a_run_that_stops_prints_what_it_made_and_why() {
    // Nobody left to pick, for an algorithm without requests (EDF) or nginx SWRR with every
    // server drained (weight 0 is no server nginx knows): the run stops.
    let out = refused(
        &[
            "seq",
            "5,3,2",
            "--algo",
            "edf",
            "--scenario",
            "@4 A down; @4 B down; @4 C down",
        ],
        "swrr-viz: stopped: no node can be picked at step 4: nodes down: 3",
    );
    assert_eq!(out, "A B A\n");
    let out = refused(
        &[
            "trace",
            "5,3,2",
            "--scenario",
            "@4 A drain; @4 B drain; @4 C drain",
            "--format",
            "csv",
        ],
        "stopped: no node can be picked at step 4: nodes drained to weight 0: 3",
    );
    assert_eq!(out.lines().count(), 1 + 3);
}

#[test]
fn nginx_swrr_answers_502_while_every_server_is_down() {
    // nginx 1.22.1 answers each request 502 with no attempt ("no live upstreams"), the same
    // whether the servers are also dead or not.
    for (weights, scenario, steps, picks) in [
        ("5,1", "@1 A down; @1 B down", "5", "- - - - -\n"),
        ("5,1", "@1 A down; @1 B down; @1 A dead", "5", "- - - - -\n"),
        // Down for requests 3 to 5: those are 502s, the others are picked as without the events.
        (
            "5,3,2",
            "@3 A down; @3 B down; @3 C down; @6 A up; @6 B up; @6 C up",
            "10",
            "A B - - - C A A B A\n",
        ),
    ] {
        let args = ["seq", weights, "--scenario", scenario, "--steps", steps];
        assert_eq!(stdout(&args), picks, "{scenario}");
    }
    let csv = stdout(&[
        "trace",
        "5,1",
        "--scenario",
        "@1 A down; @1 B down",
        "--steps",
        "2",
        "--format",
        "csv",
    ]);
    assert_eq!(csv.lines().count(), 1 + 2, "{csv}");
    let metrics = stdout(&[
        "metrics",
        "5,1",
        "--scenario",
        "@1 A down; @1 B down",
        "--steps",
        "5",
    ]);
    assert!(
        metrics.contains("requests      5: 0 answered, 5 with a 502 (5 with no server left)"),
        "{metrics}"
    );
    // A backup that is up serves, as for any primary that cannot be picked.
    assert_eq!(
        stdout(&[
            "seq",
            "5,1,1",
            "--scenario",
            "@1 C backup; @1 A down; @1 B down",
            "--steps",
            "3",
        ]),
        "C C C\n"
    );
}

#[test]
fn workers_sharing_a_zone_pick_as_one_and_number_their_requests() {
    let csv = stdout(&[
        "trace",
        "5,3",
        "--workers",
        "4",
        "--zone",
        "--steps",
        "4",
        "--format",
        "csv",
    ]);
    let rows: Vec<String> = csv
        .lines()
        .skip(1)
        .map(|line| line.split(',').take(7).collect::<Vec<_>>().join(","))
        .collect();
    // step, request, attempt, outcome, worker, winner, tied: plain SWRR's picks (5,3: A B A A),
    // one request a step, served by the workers in turn.
    assert_eq!(
        rows,
        [
            "1,1,1,answered,1,A,",
            "2,2,1,answered,2,B,",
            "3,3,1,answered,3,A,",
            "4,4,1,answered,4,A,A B",
        ]
    );
}

#[test]
fn tries_caps_each_request_as_proxy_next_upstream_tries() {
    let dead = "@1 A max_fails=0; @1 B max_fails=0; @1 C max_fails=0; @1 A dead; @1 B dead";
    let args = |command: &'static str, steps: &'static str, tries: &'static str| {
        [
            command,
            "5,3,2",
            "--scenario",
            dead,
            "--rate",
            "10",
            "--steps",
            steps,
            "--tries",
            tries,
        ]
    };
    let run = |tries: &'static str| stdout(&args("seq", "4", tries));
    // Two tries: a request that meets A and B answers 502, as nginx's did.
    assert_eq!(run("2"), "A>B>- C B>A>- A>C\n");
    // 0 is nginx's default: as many tries as servers.
    assert_eq!(run("0"), "A>B>C C B>A>C A>C\n");
    // `proxy_next_upstream off`: one try.
    assert_eq!(run("1"), "A>- B>- C A>-\n");
    let report = stdout(&args("metrics", "20", "2"));
    assert!(
        report.contains("traffic       10 requests a second, 1 worker, at most 2 tries a request"),
        "{report}"
    );
    assert!(
        report.contains("requests      20: 12 answered, 8 with a 502"),
        "{report}"
    );
}

#[test]
fn tries_refused_say_what_is_accepted_and_other_algorithms_say_they_ignore_it() {
    for bad in ["x", "-1", "10001", "1.5"] {
        refused(
            &["seq", "5,3,2", "--tries", bad],
            "is not a whole number from 0 to 10000: 0 gives each request as many tries as servers not down (nginx's default), N at most N attempts",
        );
    }
    refused(&["seq", "5,3,2", "--tries", "x"], "tries \"x\" is not");
    let (out, err) = ok(&[
        "seq", "5,3,2", "--algo", "edf", "--tries", "2", "--steps", "3",
    ]);
    assert_eq!(out, "A B A\n");
    assert!(
        err.contains("tries 2: a limit on retries (nginx's proxy_next_upstream_tries) is nginx SWRR's; edf does not retry and ignores it"),
        "{err}"
    );
}

#[test]
fn workers_for_another_algorithm_are_noted_and_change_nothing() {
    let (alone, quiet) = ok(&["seq", "5,3,2", "--algo", "grpc", "--steps", "10"]);
    assert_eq!(quiet, "");
    let (out, err) = ok(&[
        "seq",
        "5,3,2",
        "--algo",
        "grpc",
        "--workers",
        "3",
        "--steps",
        "10",
    ]);
    assert_eq!(out, alone);
    assert_eq!(
        err,
        "swrr-viz: note: workers 3: worker processes, each with its own state or sharing a zone, are modelled for nginx SWRR; grpc is shown as one balancer and ignores them\n"
    );
}

#[test]
fn a_seed_for_an_algorithm_without_one_is_noted_and_changes_nothing() {
    let (alone, quiet) = ok(&["seq", "5,3,2", "--steps", "10"]);
    assert_eq!(quiet, "");
    let (out, err) = ok(&["seq", "5,3,2", "--seed", "3", "--steps", "10"]);
    assert_eq!(out, alone);
    assert_eq!(
        err,
        "swrr-viz: note: seed 3: only random, grpc, grpc-java, envoy draw on a seed; swrr picks the same way whatever the seed and ignores it\n"
    );
    // The seeded algorithms take it without a word.
    for algo in ["random", "grpc", "grpc-java", "envoy"] {
        let (_, err) = ok(&[
            "seq", "5,3,2", "--algo", algo, "--seed", "3", "--steps", "10",
        ]);
        assert_eq!(err, "", "{algo}");
    }
}
