//! `swrr-viz metrics`: the text report and the JSON keys are a contract (README, "Metrics").

use crate::run::{refused, stdout};
use serde_json::{json, Value};

#[test]
fn text_report_of_5_1_1() {
    let report = stdout(&["metrics", "5,1,1"]);
    let lines: Vec<&str> = report.lines().collect();
    assert_eq!(lines[0], "weights       A=5 B=1 C=1  (W = 7, gcd 1)");
    assert_eq!(lines[1], "period        7 picks");
    assert_eq!(
        lines[2],
        "steps         7 (1 period; 7 picks computed)   tie: first"
    );
    assert!(lines[3].starts_with("fingerprint   20340cb0c7357a66  (FNV-1a 64 of the first 7 picks"));
    assert_eq!(
        lines[4],
        "window        7 picks: largest share variance 0 in steps 1–7 (first of 1 window)"
    );
    assert!(
        lines[6].starts_with("node  weight  target  picks  ideal"),
        "{}",
        lines[6]
    );
    assert_eq!(
        lines[7],
        "A          5  71.43%      5   5.00  +0.571 = 4/7 @2  -0.571 = -4/7 @5            4  5–5 (71.43%–71.43%)"
    );
    assert!(report.contains("runs (length×count, per period, runs across the period boundary counted whole):\n  A     1×1 4×1\n"));
}

#[test]
fn text_report_shows_the_node_that_falls_behind() {
    let report = stdout(&["metrics", "1,7,25,2,25,7"]);
    let e = report.lines().find(|l| l.starts_with("E ")).unwrap();
    assert!(e.contains("-1.075 = -72/67 @27"), "{e}");
}

#[test]
fn json_keys_and_values() {
    let json: Value = serde_json::from_str(&stdout(&[
        "metrics", "5,3,2", "--steps", "12", "--window", "4", "--json",
    ]))
    .unwrap();
    assert_eq!(json["total"], 10);
    assert_eq!(json["gcd"], 1);
    assert_eq!(json["period"], 10);
    assert_eq!(json["steps"], 12);
    assert_eq!(json["window"], 4);
    assert_eq!(json["tie"], "first");
    assert_eq!(json["periodic"], true);
    assert_eq!(json["computed_picks"], 10);
    assert_eq!(json["fingerprint"], "cd131674c9005584");
    assert_eq!(json["fingerprint_picks"], 10);
    // A B C A | A B A C: the window of steps 4–7 holds A three times.
    assert_eq!(
        json["max_window_variance"],
        json!({"variance": 0.035, "first_step": 4, "last_step": 7, "windows": 9})
    );
    let a = &json["nodes"][0];
    let mut keys: Vec<&str> = a.as_object().unwrap().keys().map(String::as_str).collect();
    let mut expected = vec![
        "name",
        "weight",
        "target_share",
        "picks",
        "ideal_picks",
        "picks_per_period",
        "max_ahead",
        "max_behind",
        "longest_run",
        "runs",
        "window_picks_min",
        "window_picks_max",
        "window_share_min",
        "window_share_max",
    ];
    keys.sort_unstable();
    expected.sort_unstable();
    assert_eq!(keys, expected);
    assert_eq!(a["picks"], 6);
    assert_eq!(
        a["max_ahead"],
        json!({"lag": 0.5, "numerator": 5, "step": 1})
    );
    assert_eq!(
        a["runs"],
        json!([{"length": 1, "count": 1}, {"length": 2, "count": 2}])
    );
    assert_eq!(a["window_picks_max"], 3);
}

#[test]
fn long_periodic_runs_are_instant_and_exact() {
    let json: Value = serde_json::from_str(&stdout(&[
        "metrics",
        "5",
        "3",
        "2",
        "--steps",
        "1000000000000",
        "--json",
    ]))
    .unwrap();
    assert_eq!(json["computed_picks"], 10);
    assert_eq!(json["nodes"][2]["picks"], 200_000_000_000u64);
}

#[test]
fn a_drained_node_has_zero_lag_not_minus_zero() {
    let json = stdout(&["metrics", "0,3", "--json"]);
    assert!(!json.contains("-0.0"), "{json}");
    let report = stdout(&["metrics", "0,3"]);
    assert!(report.contains("+0.000 = 0/3 @0"), "{report}");
}

#[test]
fn tie_rule_last() {
    let json: Value =
        serde_json::from_str(&stdout(&["metrics", "1,1,1", "--tie", "last", "--json"])).unwrap();
    assert_eq!(json["tie"], "last");
    // C B A: the fingerprint of [2, 1, 0].
    assert_eq!(
        json["fingerprint"],
        swrr_viz::metrics::fingerprint(&[2, 1, 0])
    );
}

#[test]
fn bad_input_exits_2_with_the_reason_on_stderr() {
    for (args, expected) in [
        (
            vec!["metrics", "5,-3"],
            "weight 2 \"-3\" (at column 3) is negative",
        ),
        (
            vec!["metrics", "5,3", "--window", "0"],
            "window 0 is too small",
        ),
        (
            vec!["metrics", "5,3", "--steps", "0"],
            "steps 0 is out of range",
        ),
        (
            vec!["metrics", "999999937,999999929", "--steps", "30000000"],
            "their period is 1999999866",
        ),
        (vec!["metrics", "5,3", "--tie", "middle"], "middle"),
        (vec!["metrics", "5,3", "--window", "x"], "x"),
    ] {
        assert!(refused(&args, expected).is_empty(), "{args:?}");
    }
}

#[test]
fn a_run_of_requests_counts_requests_and_attempts_apart() {
    let report = stdout(&[
        "metrics",
        "5,3,2",
        "--scenario",
        "@1 C dead max_fails=3 timeout=3600",
        "--steps",
        "30",
    ]);
    assert_eq!(
        report,
        "weights       A=5 B=3 C=2  (primary W = 10)\n\
         traffic       1 request a second, 1 worker\n\
         requests      30: 30 answered, 0 with a 502 (0 with no server left)\n\
         attempts      33: 3 failed, 3 retried (3 requests retried)\n\
         window        10 answered requests: largest share variance 2.666667e-2 in answered requests 3–12 (first of 21 windows)\n\
         \n\
         server  weight  target  answered   share  attempts  failed  longest run  answered per window\n\
         A            5  50.00%        19  63.33%        19       0            2  6–7\n\
         B            3  30.00%        11  36.67%        11       0            1  3–4\n\
         C            2  20.00%         0   0.00%         3       3            0  0–0\n"
    );
    let json: Value = serde_json::from_str(&stdout(&[
        "metrics",
        "5,3,2",
        "--scenario",
        "@1 A dead; @1 B dead; @1 C dead",
        "--steps",
        "20",
        "--json",
    ]))
    .unwrap();
    assert_eq!(
        (
            &json["requests"],
            &json["answered"],
            &json["bad_gateway"],
            &json["none_left"],
            &json["attempts"],
            &json["retries"]
        ),
        (
            &json!(20),
            &json!(0),
            &json!(20),
            &json!(18),
            &json!(6),
            &json!(4)
        )
    );
    assert_eq!(json["nodes"][0]["failed"], json!(2));
    let workers: Value = serde_json::from_str(&stdout(&[
        "metrics",
        "5,3,2",
        "--workers",
        "4",
        "--steps",
        "600",
        "--window",
        "10",
        "--json",
    ]))
    .unwrap();
    assert_eq!(
        (
            &workers["workers"],
            &workers["zone"],
            &workers["nodes"][0]["answered_share"]
        ),
        (&json!(4), &json!(false), &json!(0.5))
    );
    assert_eq!(workers["nodes"][0]["longest_run"], json!(8));
}

#[test]
fn a_preset_is_measured_over_its_own_steps_as_seq_prints_it() {
    let steps = |args: &[&str]| {
        let json: Value = serde_json::from_str(&stdout(args)).unwrap();
        json["steps"]
            .as_u64()
            .or_else(|| json["requests"].as_u64())
            .unwrap()
    };
    assert_eq!(
        steps(&["metrics", "--preset", "random-clumps", "--json"]),
        40
    );
    assert_eq!(
        steps(&["metrics", "--preset", "broken-subtract-own", "--json"]),
        60
    );
    assert_eq!(
        steps(&[
            "metrics",
            "--preset",
            "random-clumps",
            "--steps",
            "12",
            "--json"
        ]),
        12
    );
    let seq = stdout(&["seq", "--preset", "random-clumps"]);
    assert_eq!(seq.split_whitespace().count(), 40);
}
