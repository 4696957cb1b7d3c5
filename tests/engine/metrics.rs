//! Metrics and plot columns: known vectors, and the periodic shortcuts against naive
//! computations that walk every step of the full run.

use swrr_viz::engine::TieRule;
use swrr_viz::input::Weights;
use swrr_viz::metrics::{Metrics, MetricsError, RunAnalysis, RunCount, PICK_OVERHEAD};

use crate::common::naive::fnv1a;

fn weights(text: &str) -> Weights {
    text.parse().unwrap()
}

fn analyse(text: &str, steps: Option<u64>, window: Option<u64>) -> (RunAnalysis, Metrics) {
    let mut analysis = RunAnalysis::new(&weights(text), TieRule::First, steps, window).unwrap();
    let metrics = analysis.run_to_end().clone();
    (analysis, metrics)
}

/// The fingerprint of 5,3,2 (one period, A B C A A B A C B A); tests/web/metrics.rs expects the
/// same from the wasm build.
const FINGERPRINT_5_3_2: &str = "cd131674c9005584";

#[test]
fn fingerprint_of_5_3_2_is_fnv1a_over_u32_little_endian_picks() {
    assert_eq!(fnv1a(&[0, 1, 2, 0, 0, 1, 0, 2, 1, 0]), FINGERPRINT_5_3_2);
    let (_, metrics) = analyse("5,3,2", None, None);
    assert_eq!(metrics.fingerprint, FINGERPRINT_5_3_2);
    assert_eq!(metrics.fingerprint_picks, 10);
    // Once a period is covered the fingerprint does not depend on the run's length.
    let (_, long) = analyse("5,3,2", Some(1_000_003), None);
    assert_eq!(long.fingerprint, FINGERPRINT_5_3_2);
    let (_, short) = analyse("5,3,2", Some(4), None);
    assert_eq!(short.fingerprint, fnv1a(&[0, 1, 2, 0]));
}

#[test]
fn period_counts_and_ideal_share() {
    let (_, m) = analyse("10,20,30", Some(7), None);
    assert_eq!((m.total, m.gcd, m.period), (60, 10, 6));
    assert_eq!(m.window, 7, "window W = 60 is capped at the run");
    assert!(m.periodic);
    let picks: Vec<u64> = m.nodes.iter().map(|n| n.picks).collect();
    // C B A C B C | C: one period plus one pick of C.
    assert_eq!(picks, [1, 2, 4]);
    assert_eq!(m.nodes[2].picks_per_period, 3);
    assert!((m.nodes[2].ideal_picks - 3.5).abs() < 1e-12);
    assert!((m.nodes[0].target_share - 1.0 / 6.0).abs() < 1e-12);
}

#[test]
fn longest_run_of_5_1_1_wraps_across_the_period() {
    let (_, m) = analyse("5,1,1", None, None);
    assert_eq!(m.period, 7);
    let longest: Vec<u64> = m.nodes.iter().map(|n| n.longest_run).collect();
    assert_eq!(longest, [4, 1, 1]);
    assert_eq!(
        m.nodes[0].runs,
        [
            RunCount {
                length: 1,
                count: 1
            },
            RunCount {
                length: 4,
                count: 1
            }
        ]
    );
    // Less than a period: only the runs that are there.
    let (_, part) = analyse("5,1,1", Some(6), None);
    assert_eq!(part.nodes[0].longest_run, 2);
    // A single node with weight: one run as long as the run.
    let (_, alone) = analyse("0,3", Some(50), None);
    assert_eq!(alone.nodes[1].longest_run, 50);
    assert_eq!(alone.nodes[0].longest_run, 0);
}

#[test]
fn a_weight_25_node_of_1_7_25_2_25_7_falls_more_than_one_pick_behind_at_step_27() {
    let (_, m) = analyse("1,7,25,2,25,7", None, None);
    assert_eq!(m.total, 67);
    // The second weight-25 node (E): 9 picks after 27 steps for an ideal of 675/67 ≈ 10.07.
    let e = &m.nodes[4];
    assert_eq!(e.max_behind.numerator, -72);
    assert_eq!(e.max_behind.step, 27);
    assert!(e.max_behind.lag < -1.07 && e.max_behind.lag > -1.08);
    // The first one (C) is never a whole pick behind.
    assert_eq!(m.nodes[2].max_behind.numerator, -47);
    assert_eq!(m.nodes[2].max_behind.step, 26);
    // Nobody is ever (n−1)/n picks or more ahead.
    let n = m.nodes.len() as i64;
    for node in &m.nodes {
        assert!(node.max_ahead.numerator * n < (n - 1) * 67, "{}", node.name);
        assert!(node.max_ahead.numerator >= 0 && node.max_behind.numerator <= 0);
    }
    assert_eq!(
        (m.nodes[0].max_ahead.numerator, m.nodes[0].max_ahead.step),
        (45, 22)
    );
}

#[test]
fn window_of_a_whole_period_always_holds_the_exact_shares() {
    let (_, m) = analyse("5,3,2", Some(1000), None);
    assert_eq!(m.window, 10);
    assert_eq!(m.max_window_variance.variance, 0.0);
    assert_eq!(m.max_window_variance.windows, 991);
    for node in &m.nodes {
        assert_eq!(node.window_picks_min, node.window_picks_max);
    }
}

#[test]
fn window_variance_of_100_1_1() {
    // B is picked at step 35, C at 69: with a window of 3 the first window holding B (steps
    // 33–35: A A B) is the worst, A A A the best.
    let (_, m) = analyse("100,1,1", None, Some(3));
    let target: [f64; 3] = [100.0 / 102.0, 1.0 / 102.0, 1.0 / 102.0];
    let expected =
        ((2.0 / 3.0 - target[0]).powi(2) + (1.0 / 3.0 - target[1]).powi(2) + target[2].powi(2))
            / 3.0;
    assert!((m.max_window_variance.variance - expected).abs() < 1e-15);
    assert_eq!(
        (
            m.max_window_variance.first_step,
            m.max_window_variance.last_step
        ),
        (33, 35)
    );
    assert_eq!(m.max_window_variance.windows, 100);
    assert_eq!(
        (m.nodes[0].window_picks_min, m.nodes[0].window_picks_max),
        (2, 3)
    );
    assert_eq!(
        (m.nodes[1].window_picks_min, m.nodes[1].window_picks_max),
        (0, 1)
    );
}

#[test]
fn a_long_periodic_run_costs_one_period() {
    let mut analysis =
        RunAnalysis::new(&weights("5,3,2"), TieRule::First, Some(10_000_000), Some(7)).unwrap();
    // 10 picks, then 7 picks to fill the first window and 9 slides: the other windows repeat.
    assert_eq!(
        analysis.progress().total,
        10 * (3 + PICK_OVERHEAD) + 2 * 7 + 9
    );
    let m = analysis.run_to_end();
    assert_eq!(m.computed_picks, 10);
    let picks: Vec<u64> = m.nodes.iter().map(|n| n.picks).collect();
    assert_eq!(picks, [5_000_000, 3_000_000, 2_000_000]);
    // 10,000 nodes of weight 1 over 10⁷ steps: one period of 10⁴ picks.
    let ones = vec![1u64; 10_000];
    let mut big = RunAnalysis::new(
        &Weights::from_integers(&ones).unwrap(),
        TieRule::First,
        Some(10_000_000),
        None,
    )
    .unwrap();
    assert_eq!(big.progress().total, 10_000 * (10_000 + PICK_OVERHEAD));
    let m = big.run_to_end();
    assert!(m
        .nodes
        .iter()
        .all(|n| n.picks == 1000 && n.longest_run == 1));
}

#[test]
fn chunked_runs_give_the_same_metrics_as_one_call() {
    let w = weights("13,7,5,3,2,1");
    let whole = RunAnalysis::new(&w, TieRule::First, Some(500), Some(17))
        .unwrap()
        .run_to_end()
        .clone();
    let mut chunked = RunAnalysis::new(&w, TieRule::First, Some(500), Some(17)).unwrap();
    let mut calls = 0;
    let mut last_done = 0;
    loop {
        let progress = chunked.run(5);
        calls += 1;
        assert!(progress.done >= last_done && progress.done <= progress.total);
        last_done = progress.done;
        if progress.finished {
            break;
        }
    }
    assert!(calls > 10);
    assert_eq!(chunked.metrics(), Some(&whole));
}

#[test]
fn a_new_window_redoes_only_the_window_scan() {
    let w = weights("13,7,5,3,2,1");
    for steps in [20, 31, 500] {
        let mut analysis = RunAnalysis::new(&w, TieRule::First, Some(steps), Some(5)).unwrap();
        analysis.run(40); // still computing picks
        analysis.set_window(Some(9)).unwrap();
        let fresh = |window| {
            RunAnalysis::new(&w, TieRule::First, Some(steps), window)
                .unwrap()
                .run_to_end()
                .clone()
        };
        assert_eq!(analysis.run_to_end(), &fresh(Some(9)));
        for window in [Some(1), Some(4), None, Some(steps + 10)] {
            analysis.set_window(window).unwrap();
            let progress = analysis.progress();
            assert!(!progress.finished && progress.done > 0);
            assert_eq!(
                analysis.run_to_end(),
                &fresh(window),
                "steps {steps}, {window:?}"
            );
        }
    }
    let mut analysis = RunAnalysis::new(&w, TieRule::First, None, None).unwrap();
    assert_eq!(analysis.set_window(Some(0)), Err(MetricsError::ZeroWindow));
}

#[test]
fn bad_input_is_refused_with_a_reason() {
    let w = weights("5,3,2");
    let err = |steps, window| RunAnalysis::new(&w, TieRule::First, steps, window).unwrap_err();
    assert_eq!(
        err(Some(0), None),
        MetricsError::StepsOutOfRange { steps: 0 }
    );
    assert_eq!(err(None, Some(0)), MetricsError::ZeroWindow);
    assert!(err(Some(2_000_000_000_000), None)
        .to_string()
        .contains("steps 2000000000000"));
    let huge = weights("999999937,999999929,999999893");
    let e = RunAnalysis::new(&huge, TieRule::First, Some(30_000_000), None).unwrap_err();
    assert!(matches!(e, MetricsError::TooManyPicks { .. }), "{e}");
    let not_done = RunAnalysis::new(&w, TieRule::First, None, None).unwrap();
    assert_eq!(
        not_done.strip(&not_done.grid(1, 5, 5).unwrap(), None),
        Err(MetricsError::NotFinished)
    );
    let (analysis, _) = analyse("5,3,2", None, None);
    assert!(matches!(
        analysis.grid(0, 5, 5),
        Err(MetricsError::BadRange { .. })
    ));
    assert!(matches!(
        analysis.grid(1, 11, 5),
        Err(MetricsError::BadRange { .. })
    ));
    assert!(matches!(
        analysis.grid(1, 5, 0),
        Err(MetricsError::BadColumns { .. })
    ));
    let grid = analysis.grid(1, 10, 10).unwrap();
    assert_eq!(
        analysis.strip(&grid, Some(&[3])).unwrap_err().to_string(),
        "node 3 does not exist: node indices go from 0 to 2"
    );
    assert!(matches!(
        analysis.level_columns(&grid, Some(&[1, 1]), false),
        Err(MetricsError::DuplicateNode { node: 1 })
    ));
}

#[test]
fn strip_with_one_step_per_column_is_the_sequence() {
    for (text, expected) in [
        ("4,1,1", vec![0, 0, 1, 0, 2, 0]),
        ("7,2,1", vec![0, 0, 1, 0, 0, 2, 0, 0, 1, 0]),
    ] {
        let (analysis, _) = analyse(text, None, None);
        let strip = analysis
            .strip(
                &analysis.grid(1, expected.len() as u64, 1000).unwrap(),
                Some(&[]),
            )
            .unwrap();
        assert_eq!(strip.dominant, expected, "{text}");
        assert!(strip.dominant_picks.iter().all(|&c| c == 1));
    }
}

#[test]
fn plots_of_a_long_periodic_run_use_the_period() {
    let (analysis, metrics) = analyse("100,1,1", Some(10_000_000), Some(51));
    let grid = analysis.grid(1, 10_000_000, 1000).unwrap();
    let levels = analysis.level_columns(&grid, None, true).unwrap();
    // Each column is 10⁴ steps, longer than the period of 102: the extremes of the period.
    for j in 0..1000 {
        assert_eq!(
            levels.bands.lowest[j],
            -metrics.nodes[0].max_ahead.numerator
        );
        assert_eq!(
            levels.bands.highest[j],
            -metrics.nodes[0].max_behind.numerator
        );
    }
    let lag = levels.lags().highest;
    assert!((lag[0] - metrics.nodes[0].max_ahead.lag).abs() < 1e-15);
    let strip = analysis.strip(&grid, None).unwrap();
    assert!(strip.dominant.iter().all(|&d| d == 0));
    assert_eq!(
        strip.picks[1000..2000].iter().sum::<u64>(),
        metrics.nodes[1].picks
    );
    let shares = analysis.window_columns(&grid, Some(&[0]), false).unwrap();
    assert_eq!(shares.bands.lowest[999], metrics.nodes[0].window_share_min);
}

/// `ranked_nodes` against a stable sort of the keys.
mod ranking {
    use proptest::prelude::*;
    use swrr_viz::metrics::RankBy;

    use super::analyse;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

        /// `ranked_nodes` against a stable sort of the keys, largest first: the same first `count`.
        #[test]
        fn ranked_nodes_equal_a_stable_sort(w in prop::collection::vec(0u64..6, 1..12), count in 0usize..14) {
            prop_assume!(w.iter().any(|&x| x > 0));
            let (_, metrics) = analyse(&w.iter().map(u64::to_string).collect::<Vec<_>>().join(","), Some(60), Some(5));
            for by in [RankBy::Weight, RankBy::Lag, RankBy::Run, RankBy::Window] {
                let key = |node: &swrr_viz::metrics::NodeMetrics| -> i128 {
                    match by {
                        RankBy::Weight => i128::from(node.weight),
                        RankBy::Lag => i128::from(node.max_ahead.numerator) - i128::from(node.max_behind.numerator),
                        RankBy::Run => i128::from(node.longest_run),
                        RankBy::Window => i128::from(node.window_picks_max) - i128::from(node.window_picks_min),
                    }
                };
                let mut order: Vec<u32> = (0..w.len() as u32).collect();
                order.sort_by_key(|&i| std::cmp::Reverse(key(&metrics.nodes[i as usize])));
                order.truncate(count);
                prop_assert_eq!(metrics.ranked_nodes(by, count), order, "{:?}", by);
            }
        }
    }
}
