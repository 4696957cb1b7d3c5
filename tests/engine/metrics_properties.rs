//! The metrics and the plot columns against naive computations that walk every step of the full
//! run, on generated weights, lengths, windows and column ranges.

use proptest::prelude::*;
use swrr_viz::engine::TieRule;
use swrr_viz::input::Weights;
use swrr_viz::metrics::RunAnalysis;

use crate::common::naive::{fnv1a, naive_run, naive_runs, window_counts};

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
        prop_assert_eq!(&levels_out.bands.bounds, &bounds);

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
                prop_assert_eq!(levels_out.bands.lowest[s * c + j], lo(node as usize), "level low col {} node {}", j, node);
                prop_assert_eq!(levels_out.bands.highest[s * c + j], hi(node as usize), "level high col {} node {}", j, node);
            }
            prop_assert_eq!(levels_out.bands.envelope_lowest[j], (0..n).map(lo).min().unwrap());
            prop_assert_eq!(levels_out.bands.envelope_highest[j], (0..n).map(hi).max().unwrap());
            // Window shares for windows ending in the column.
            let ends: Vec<usize> = (a.max(window)..=b).map(|t| t as usize).collect();
            for (s, &node) in nodes.iter().enumerate() {
                let shares_here: Vec<u64> = ends.iter().map(|&e| window_counts(&picks, n, e, k)[node as usize]).collect();
                let (low, high) = (shares.bands.lowest[s * c + j], shares.bands.highest[s * c + j]);
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
                    prop_assert_eq!(shares.bands.envelope_lowest[j], as_share(low));
                    prop_assert_eq!(shares.bands.envelope_highest[j], as_share(high));
                }
                _ => prop_assert!(shares.bands.envelope_lowest[j].is_nan()),
            }
        }
    }
}
