//! Metrics and plot columns: known vectors, and the periodic shortcuts against naive
//! computations that walk every step of the full run.

use proptest::prelude::*;
use swrr_viz::engine::{Scheduler, Swrr, TieRule};
use swrr_viz::input::Weights;
use swrr_viz::metrics::{Metrics, MetricsError, RunAnalysis, RunCount, PICK_OVERHEAD};

fn weights(text: &str) -> Weights {
    text.parse().unwrap()
}

fn analyse(text: &str, steps: Option<u64>, window: Option<u64>) -> (RunAnalysis, Metrics) {
    let mut analysis = RunAnalysis::new(&weights(text), TieRule::First, steps, window).unwrap();
    let metrics = analysis.run_to_end().clone();
    (analysis, metrics)
}

/// FNV-1a 64, written out again here so the test does not trust the crate's.
fn fnv1a(picks: &[u32]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for pick in picks {
        for byte in pick.to_le_bytes() {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x100_0000_01b3);
        }
    }
    format!("{hash:016x}")
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

// ───────────────────────────── naive references ─────────────────────────────

/// Every pick of the full run and the levels after each step (index t = after t picks), straight
/// from the engine, no periodic shortcut.
fn naive_run(w: &Weights, tie: TieRule, steps: u64) -> (Vec<u32>, Vec<Vec<i64>>) {
    let mut swrr = Swrr::with_tie_rule(w, tie);
    let mut picks = Vec::new();
    let mut levels = vec![swrr.levels().to_vec()];
    for _ in 0..steps {
        picks.push(swrr.advance().unwrap().winner as u32);
        levels.push(swrr.levels().to_vec());
    }
    (picks, levels)
}

/// Run-length histograms: of one period of the repeating sequence when steps ≥ period, of the
/// picks otherwise.
fn naive_runs(picks: &[u32], nodes: usize, period: usize, steps: u64) -> Vec<Vec<RunCount>> {
    let mut hist = vec![std::collections::BTreeMap::<u64, u64>::new(); nodes];
    if picks.len() >= period {
        let cycle = &picks[..period];
        if cycle.iter().all(|&p| p == cycle[0]) {
            hist[cycle[0] as usize].insert(steps, 1);
        } else {
            for s in 0..period {
                if cycle[s] == cycle[(s + period - 1) % period] {
                    continue; // not the start of a run
                }
                let mut length = 1;
                while cycle[(s + length) % period] == cycle[s] {
                    length += 1;
                }
                *hist[cycle[s] as usize].entry(length as u64).or_insert(0) += 1;
            }
        }
    } else {
        let mut s = 0;
        while s < picks.len() {
            let mut e = s;
            while e < picks.len() && picks[e] == picks[s] {
                e += 1;
            }
            *hist[picks[s] as usize].entry((e - s) as u64).or_insert(0) += 1;
            s = e;
        }
    }
    hist.into_iter()
        .map(|h| {
            h.into_iter()
                .map(|(length, count)| RunCount { length, count })
                .collect()
        })
        .collect()
}

fn window_counts(picks: &[u32], nodes: usize, end: usize, window: usize) -> Vec<u64> {
    let mut counts = vec![0; nodes];
    for &p in &picks[end - window..end] {
        counts[p as usize] += 1;
    }
    counts
}

fn check_against_naive(
    w: &[u64],
    tie: TieRule,
    steps: u64,
    window: u64,
) -> Result<(), TestCaseError> {
    let ws = Weights::from_integers(w).unwrap();
    let metrics = RunAnalysis::new(&ws, tie, Some(steps), Some(window))
        .unwrap()
        .run_to_end()
        .clone();
    let (picks, levels) = naive_run(&ws, tie, steps);
    let n = w.len();
    let total = ws.total() as i64;
    let period = ws.period() as usize;
    let k = window.min(steps) as usize;
    prop_assert_eq!(metrics.window, k as u64);
    prop_assert_eq!(
        &metrics.fingerprint,
        &fnv1a(&picks[..picks.len().min(period)])
    );
    let runs = naive_runs(&picks, n, period, steps);
    // Windows: the first with the largest Σ(W·c − K·w)², exactly.
    let mut best: Option<(i128, usize)> = None;
    let mut window_min = vec![u64::MAX; n];
    let mut window_max = vec![0; n];
    for start in 0..=(steps as usize - k) {
        let counts = window_counts(&picks, n, start + k, k);
        let score: i128 = (0..n)
            .map(|i| {
                let gap = i128::from(total) * i128::from(counts[i]) - k as i128 * i128::from(w[i]);
                gap * gap
            })
            .sum();
        if best.map_or(true, |(b, _)| score > b) {
            best = Some((score, start));
        }
        for i in 0..n {
            window_min[i] = window_min[i].min(counts[i]);
            window_max[i] = window_max[i].max(counts[i]);
        }
    }
    let (best_score, best_start) = best.unwrap();
    let variance = best_score as f64 / (n as f64 * (k as f64 * total as f64).powi(2));
    prop_assert_eq!(
        metrics.max_window_variance.first_step,
        best_start as u64 + 1
    );
    prop_assert_eq!(metrics.max_window_variance.windows, steps - k as u64 + 1);
    let scale = variance.abs().max(1e-300);
    prop_assert!((metrics.max_window_variance.variance - variance).abs() / scale < 1e-9);
    for i in 0..n {
        let node = &metrics.nodes[i];
        let count = picks.iter().filter(|&&p| p as usize == i).count() as u64;
        prop_assert_eq!(node.picks, count, "node {}", i);
        // Ahead: the lowest level, first; behind: the highest level, first.
        let (mut low, mut low_at, mut high, mut high_at) = (0, 0, 0, 0);
        for (t, l) in levels.iter().enumerate() {
            if l[i] < low {
                (low, low_at) = (l[i], t as u64);
            }
            if l[i] > high {
                (high, high_at) = (l[i], t as u64);
            }
        }
        prop_assert_eq!(
            (node.max_ahead.numerator, node.max_ahead.step),
            (-low, low_at),
            "ahead {}",
            i
        );
        prop_assert_eq!(
            (node.max_behind.numerator, node.max_behind.step),
            (-high, high_at),
            "behind {}",
            i
        );
        prop_assert_eq!(&node.runs, &runs[i], "runs {}", i);
        prop_assert_eq!(node.longest_run, runs[i].last().map_or(0, |r| r.length));
        prop_assert_eq!(
            (node.window_picks_min, node.window_picks_max),
            (window_min[i], window_max[i]),
            "window {}",
            i
        );
    }
    Ok(())
}

fn weight_vectors() -> impl Strategy<Value = Vec<u64>> {
    prop::collection::vec(0u64..12, 1..6).prop_filter("not all zero", |w| w.iter().any(|&x| x > 0))
}

fn ties() -> impl Strategy<Value = TieRule> {
    prop_oneof![Just(TieRule::First), Just(TieRule::Last)]
}

/// (weights, steps, window, tie) with steps from below a period to several periods.
fn runs_and_windows() -> impl Strategy<Value = (Vec<u64>, u64, u64, TieRule)> {
    (weight_vectors(), ties()).prop_flat_map(|(w, tie)| {
        let period = Weights::from_integers(&w).unwrap().period();
        (1..=4 * period + 5).prop_flat_map(move |steps| {
            let w = w.clone();
            (1..=steps + 3).prop_map(move |window| (w.clone(), steps, window, tie))
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn periodic_shortcuts_equal_the_naive_full_run((w, steps, window, tie) in runs_and_windows()) {
        check_against_naive(&w, tie, steps, window)?;
    }
}

// ───────────────────────────── plot columns ─────────────────────────────

/// (weights, steps, window, from, to, columns, selected nodes)
fn plots() -> impl Strategy<Value = (Vec<u64>, u64, u64, u64, u64, u64, Vec<u32>)> {
    weight_vectors().prop_flat_map(|w| {
        let period = Weights::from_integers(&w).unwrap().period();
        let n = w.len();
        (1..=5 * period + 7).prop_flat_map(move |steps| {
            let w = w.clone();
            (
                1..=steps,
                1..=steps,
                1..=steps,
                1u64..14,
                prop::sample::subsequence((0..n as u32).collect::<Vec<_>>(), 0..=n),
            )
                .prop_map(move |(window, a, b, columns, nodes)| {
                    (w.clone(), steps, window, a.min(b), a.max(b), columns, nodes)
                })
        })
    })
}

fn columns_of(from: u64, to: u64, columns: u64) -> Vec<(u64, u64)> {
    let len = to - from + 1;
    let c = columns.min(len);
    (0..c)
        .map(|j| (from + j * len / c, from + (j + 1) * len / c - 1))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn downsampled_columns_equal_naive_per_step_extremes((w, steps, window, from, to, columns, nodes) in plots()) {
        let ws = Weights::from_integers(&w).unwrap();
        let mut analysis = RunAnalysis::new(&ws, TieRule::First, Some(steps), Some(window)).unwrap();
        analysis.run_to_end();
        let grid = analysis.grid(from, to, columns).unwrap();
        let (picks, levels) = naive_run(&ws, TieRule::First, steps);
        let cols = columns_of(from, to, columns);
        let c = cols.len();
        prop_assert_eq!(grid.columns(), c);
        let n = w.len();
        let total = ws.total() as i64;
        let k = window as usize;

        let strip = analysis.strip(&grid, Some(&nodes)).unwrap();
        let levels_out = analysis.level_columns(&grid, Some(&nodes), true).unwrap();
        let shares = analysis.window_columns(&grid, Some(&nodes), true).unwrap();
        let bounds: Vec<u64> = cols.iter().map(|c| c.0).chain([to + 1]).collect();
        prop_assert_eq!(&strip.bounds, &bounds);
        prop_assert_eq!(&levels_out.bounds, &bounds);

        for (j, &(a, b)) in cols.iter().enumerate() {
            // Strip: counts per node, dominant = most picks, first on ties.
            let mut counts = vec![0u64; n];
            for t in a..=b {
                counts[picks[t as usize - 1] as usize] += 1;
            }
            let most = *counts.iter().max().unwrap();
            let dominant = counts.iter().position(|&x| x == most).unwrap() as u32;
            prop_assert_eq!((strip.dominant[j], strip.dominant_picks[j]), (dominant, most), "strip column {}", j);
            for (s, &node) in nodes.iter().enumerate() {
                prop_assert_eq!(strip.picks[s * c + j], counts[node as usize]);
            }
            // Levels after each step of the column.
            let lo = |i: usize| (a..=b).map(|t| levels[t as usize][i]).min().unwrap();
            let hi = |i: usize| (a..=b).map(|t| levels[t as usize][i]).max().unwrap();
            for (s, &node) in nodes.iter().enumerate() {
                prop_assert_eq!(levels_out.lowest[s * c + j], lo(node as usize), "level low col {} node {}", j, node);
                prop_assert_eq!(levels_out.highest[s * c + j], hi(node as usize), "level high col {} node {}", j, node);
            }
            prop_assert_eq!(levels_out.envelope_lowest[j], (0..n).map(lo).min().unwrap());
            prop_assert_eq!(levels_out.envelope_highest[j], (0..n).map(hi).max().unwrap());
            // Window shares for windows ending in the column.
            let ends: Vec<usize> = (a.max(window)..=b).map(|t| t as usize).collect();
            for (s, &node) in nodes.iter().enumerate() {
                let shares_here: Vec<u64> = ends.iter().map(|&e| window_counts(&picks, n, e, k)[node as usize]).collect();
                let (low, high) = (shares.lowest[s * c + j], shares.highest[s * c + j]);
                if shares_here.is_empty() {
                    prop_assert!(low.is_nan() && high.is_nan());
                } else {
                    prop_assert_eq!(low, *shares_here.iter().min().unwrap() as f64 / window as f64);
                    prop_assert_eq!(high, *shares_here.iter().max().unwrap() as f64 / window as f64);
                }
            }
            let mut gaps: Vec<i128> = Vec::new();
            for &e in &ends {
                let counts = window_counts(&picks, n, e, k);
                for i in 0..n {
                    gaps.push(i128::from(total) * i128::from(counts[i]) - k as i128 * i128::from(w[i]));
                }
            }
            let as_share = |g: i128| g as f64 / (window as f64 * total as f64);
            match (gaps.iter().min(), gaps.iter().max()) {
                (Some(&low), Some(&high)) => {
                    prop_assert_eq!(shares.envelope_lowest[j], as_share(low));
                    prop_assert_eq!(shares.envelope_highest[j], as_share(high));
                }
                _ => prop_assert!(shares.envelope_lowest[j].is_nan()),
            }
        }
    }
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
        assert_eq!(levels.lowest[j], -metrics.nodes[0].max_ahead.numerator);
        assert_eq!(levels.highest[j], -metrics.nodes[0].max_behind.numerator);
    }
    let lag = levels.lag_highest();
    assert!((lag[0] - metrics.nodes[0].max_ahead.lag).abs() < 1e-15);
    let strip = analysis.strip(&grid, None).unwrap();
    assert!(strip.dominant.iter().all(|&d| d == 0));
    assert_eq!(
        strip.picks[1000..2000].iter().sum::<u64>(),
        metrics.nodes[1].picks
    );
    let shares = analysis.window_columns(&grid, Some(&[0]), false).unwrap();
    assert_eq!(shares.lowest[999], metrics.nodes[0].window_share_min);
}
