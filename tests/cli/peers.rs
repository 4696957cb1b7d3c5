//! The CLI's `--algo grpc`, `grpc-java` and `envoy`: the issue's contracts, the trace columns of
//! their state, `--seed`, and their notes on stderr.

use crate::run::ok;

fn seq(args: &str) -> String {
    let args: Vec<&str> = std::iter::once("seq").chain(args.split(' ')).collect();
    ok(&args).0
}

#[test]
fn the_issue_contracts() {
    assert_eq!(
        seq("2,3,6 --algo grpc-java --steps 6 --index"),
        "1 2 2 0 1 2\n"
    );
    let grpc = seq("1,2,3 --algo grpc --steps 6 --index");
    let picks: Vec<&str> = grpc.split_whitespace().collect();
    for (node, times) in [("0", 1), ("1", 2), ("2", 3)] {
        assert_eq!(
            picks.iter().filter(|&&p| p == node).count(),
            times,
            "{grpc}"
        );
    }
    assert_eq!(
        seq("6,3,1 --algo envoy --steps 10 --index"),
        "0 1 0 0 1 0 0 2 1 0\n"
    );
}

#[test]
fn seed_starts_the_counter_and_envoys_round_robin() {
    // grpc-java's testDeterministicWraparound: the counter at -1 (2^32 - 1).
    assert_eq!(
        seq("2,3,6 --algo grpc-java --steps 6 --index --seed 4294967295"),
        "1 2 2 0 1 2\n"
    );
    // Envoy's round_robin_lb_test Seed: equal weights from index 1.
    assert_eq!(seq("1,1,1 --algo envoy --steps 4 --seed 1"), "B C A B\n");
}

#[test]
fn trace_shows_each_ones_state() {
    let (grpc, _) = ok(&["trace", "2,3,6", "--algo", "grpc-java", "--steps", "3"]);
    let lines: Vec<&str> = grpc.lines().collect();
    assert!(
        lines[0].contains("scaled weights") && lines[0].contains("sequence"),
        "{grpc}"
    );
    assert!(lines[2].contains("21845  32768  65535"), "{grpc}");
    assert!(
        lines[2].ends_with("│     2 │          0 │        2"),
        "{grpc}"
    );
    let (envoy, _) = ok(&[
        "trace", "6,3,1", "--algo", "envoy", "--steps", "1", "--format", "csv",
    ]);
    assert_eq!(
        envoy.lines().nth(1).unwrap(),
        "1,A,,edf,0.16666666666666388,B@0.3333333333333222 A@0.33333333333333054 C@0.9999999999999001"
    );
}

#[test]
fn weight_zero_and_big_seeds_are_explained_on_stderr() {
    let (out, err) = ok(&["seq", "3,0,1", "--algo", "grpc", "--steps", "6"]);
    assert_eq!(out.split_whitespace().filter(|&p| p == "B").count(), 2);
    assert!(
        err.contains("weight 0 (B): grpc reads 0 as no weight reported yet"),
        "{err}"
    );
    let (_, err) = ok(&["seq", "3,0,1", "--algo", "envoy", "--steps", "6"]);
    assert!(
        err.contains("Envoy refuses an endpoint weight of 0"),
        "{err}"
    );
    let (_, err) = ok(&["seq", "3,1", "--algo", "grpc", "--seed", "4294967301"]);
    assert!(err.contains("starts at 5 (the seed mod 2^32)"), "{err}");
}

#[test]
fn metrics_say_why_there_is_no_period() {
    let (grpc, _) = ok(&["metrics", "5,3,2", "--algo", "grpc"]);
    assert!(
        grpc.contains("period        none (gRPC's 32-bit counter claims no period; W/gcd = 10)"),
        "{grpc}"
    );
    let (envoy, _) = ok(&["metrics", "5,3,2", "--algo", "envoy"]);
    assert!(
        envoy.contains("(Envoy's f64 deadlines claim no period;"),
        "{envoy}"
    );
}
