//! The limits at the edges: 10,000 nodes, weights of 10^9, steps of 10^9 (and beyond) give a
//! correct result or a clear message, natively and through the CLI.

use assert_cmd::Command;
use swrr_viz::engine::{
    Algorithm, AlgorithmKind, AlgorithmOptions, Scheduler, SeekError, Swrr, TieRule, Trace,
};
use swrr_viz::input::MAX_STEP;
use swrr_viz::input::{Scenario, Weights};
use swrr_viz::metrics::RunAnalysis;

/// 10,000 nodes of weight 10^9: W = 10^13, gcd 10^9, period 10,000.
fn ten_thousand_of_a_billion() -> String {
    vec!["1000000000"; 10_000].join(",")
}

/// 10,000 nodes alternating 10^9 and 1: W ≈ 5·10^12, a period of 5,000,000,005,000 picks.
fn ten_thousand_mixed() -> String {
    (0..10_000)
        .map(|i| if i % 2 == 0 { "1000000000" } else { "1" })
        .collect::<Vec<_>>()
        .join(",")
}

#[test]
fn ten_thousand_nodes_of_a_billion_seek_to_step_a_billion_exactly() {
    let weights: Weights = ten_thousand_of_a_billion().parse().unwrap();
    assert_eq!(
        (weights.total(), weights.period()),
        (10_000_000_000_000, 10_000)
    );
    let mut trace = Trace::new(Swrr::new(&weights));
    trace.seek(1_000_000_000).unwrap();
    // 10^5 whole periods: everyone picked 10^5 times, every level back to 0.
    assert!(trace.picks().iter().all(|&p| p == 100_000));
    assert!(trace.levels().iter().all(|&l| l == 0));
    assert_eq!(trace.current().unwrap().winner, 9_999);
    // The far end of the trace, and one past it.
    trace.seek(MAX_STEP).unwrap();
    assert_eq!(trace.picks().iter().sum::<u64>(), MAX_STEP);
    assert_eq!(
        trace.seek(MAX_STEP + 1).unwrap_err().to_string(),
        "step 1000000000000001 is out of range: steps go from 0 to 1000000000000000"
    );
}

#[test]
fn every_algorithm_takes_ten_thousand_nodes_of_a_billion() {
    let weights: Weights = ten_thousand_of_a_billion().parse().unwrap();
    for kind in AlgorithmKind::ALL {
        let options = AlgorithmOptions {
            kind,
            ..AlgorithmOptions::default()
        };
        let mut trace = Trace::new(Algorithm::new(&weights, &options, &Scenario::none()));
        for t in 1..=20 {
            let step = trace.forward().unwrap();
            assert_eq!(step.t, t);
            assert!(step.winner < 10_000);
        }
        assert_eq!(trace.picks().iter().sum::<u64>(), 20, "{kind}");
        // A billion steps: exact for those that repeat; for random and the peers' algorithms
        // (which claim no period) a clear refusal, since 10^9 steps × 10^4 nodes is past the
        // work limit.
        let repeats = !matches!(
            kind,
            AlgorithmKind::Random
                | AlgorithmKind::Grpc
                | AlgorithmKind::GrpcJava
                | AlgorithmKind::Envoy
        );
        match (repeats, trace.seek(1_000_000_000)) {
            (false, Err(e)) => {
                assert!(matches!(e, SeekError::TooFar { .. }));
                assert!(
                    e.to_string()
                        .starts_with("step 1000000000 is too far to compute for these weights"),
                    "{e}"
                );
            }
            (true, Ok(())) => assert!(trace.picks().iter().all(|&p| p == 100_000), "{kind}"),
            (true, Err(e)) => panic!("{kind}: {e}"),
            (false, Ok(())) => panic!("{kind}: a billion steps of 10^4 nodes without a period"),
        }
    }
}

#[test]
fn a_huge_period_is_computed_as_far_as_the_work_limit_and_refused_beyond() {
    let weights: Weights = ten_thousand_mixed().parse().unwrap();
    assert_eq!(weights.period(), 5_000_000_005_000);
    let mut trace = Trace::new(Swrr::new(&weights));
    trace.seek(300).unwrap();
    assert_eq!(trace.levels().iter().sum::<i64>(), 0);
    let e = trace.seek(1_000_000_000).unwrap_err();
    assert_eq!(
        e.to_string(),
        "step 1000000000 is too far to compute for these weights: their period is huge, and at most step 200300 can be reached"
    );
    // The refusal leaves the trace where it was.
    assert_eq!(trace.t(), 300);
}

#[test]
fn metrics_of_a_billion_steps() {
    let weights: Weights = ten_thousand_of_a_billion().parse().unwrap();
    let mut analysis =
        RunAnalysis::new(&weights, TieRule::First, Some(1_000_000_000), None).unwrap();
    let metrics = analysis.run_to_end().clone();
    assert_eq!(metrics.computed_picks, 10_000);
    assert!(metrics.nodes.iter().all(|n| n.picks == 100_000));
    let weights: Weights = ten_thousand_mixed().parse().unwrap();
    let e = RunAnalysis::new(&weights, TieRule::First, Some(1_000_000_000), None).unwrap_err();
    assert!(e.to_string().contains("too many for these weights"), "{e}");
}

#[test]
fn levels_stay_exact_with_the_largest_weights() {
    // Levels are bounded by ±W = ±10^13 (far inside i64 and inside JavaScript's 2^53).
    let weights: Weights = "1000000000,999999999,1,1000000000".parse().unwrap();
    let mut swrr = Swrr::new(&weights);
    let w = weights.total() as i64;
    for _ in 0..100_000 {
        swrr.advance().unwrap();
        assert_eq!(swrr.levels().iter().sum::<i64>(), 0);
        assert!(swrr.levels().iter().all(|l| l.abs() <= w));
    }
}

fn swrr() -> Command {
    Command::cargo_bin("swrr-viz").unwrap()
}

/// Runs the CLI: (exit code, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    let out = swrr().args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn cli_at_the_edges() {
    let big = ten_thousand_of_a_billion();
    let mixed = ten_thousand_mixed();

    // A billion steps of 10,000 nodes: one period computed, the rest exact arithmetic.
    let (code, out, _) = run(&["metrics", &big, "--steps", "1000000000"]);
    assert_eq!(code, 0);
    assert!(out.contains("period        10000 picks"), "{out}");
    assert!(
        out.contains("1000000000 (100000 periods; 10000 picks computed)"),
        "{out}"
    );

    // The same with a huge period: refused, saying why and what to do.
    let (code, _, err) = run(&["metrics", &mixed, "--steps", "1000000000"]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("swrr-viz: steps 1000000000 is too many for these weights"),
        "{err}"
    );
    assert!(err.trim_end().ends_with("ask for fewer steps"), "{err}");

    // seq streams: two periods of 10,000 nodes, each node twice.
    let (code, out, _) = run(&["seq", &big, "--steps", "20000", "--index"]);
    assert_eq!(code, 0);
    let mut counts = vec![0u32; 10_000];
    for p in out.split_whitespace() {
        counts[p.parse::<usize>().unwrap()] += 1;
    }
    assert!(counts.iter().all(|&c| c == 2));

    // A trace of a billion rows would not fit in memory: refused with the limit.
    let (code, out, err) = run(&["trace", "5,3,2", "--steps", "1000000000"]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(
        err.contains(
            "1000000000 steps is too many for a trace of 3 nodes: it prints at most 100000 rows"
        ),
        "{err}"
    );
    let (code, _, err) = run(&["trace", &big, "--steps", "201"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("at most 200 rows"), "{err}");

    // Past the input limits: clear refusals.
    let (code, _, err) = run(&["seq", &vec!["1"; 10_001].join(",")]);
    assert_eq!(code, 2);
    assert!(
        err.contains("10,001 weights given: at most 10,000 nodes are supported"),
        "{err}"
    );
    let (code, _, err) = run(&["seq", "1000000001,1"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("is above the limit: weights go up to 1,000,000,000"),
        "{err}"
    );
    let (code, _, err) = run(&["svg", &big, "--kind", "tanks", "--step", "1000000000"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("10000 nodes are too many for the tank frame"),
        "{err}"
    );
}
