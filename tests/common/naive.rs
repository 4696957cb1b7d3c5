//! Naive measures the metrics tests compare the engine's against: every step of the full run,
//! no periodic shortcut.

use swrr_viz::engine::{Scheduler, Swrr, TieRule};
use swrr_viz::input::Weights;
use swrr_viz::metrics::RunCount;

/// The mean over the nodes of (share of `window` − w/W)², the nodes weighted `targets`.
pub fn window_variance(window: &[usize], targets: &[u64]) -> f64 {
    let total: u64 = targets.iter().sum();
    let k = window.len();
    targets
        .iter()
        .enumerate()
        .map(|(i, &w)| {
            let share = window.iter().filter(|&&p| p == i).count() as f64 / k as f64;
            (share - w as f64 / total as f64).powi(2)
        })
        .sum::<f64>()
        / targets.len() as f64
}

/// Every pick of the full run and the levels after each step (index t = after t picks), straight
/// from the engine, no periodic shortcut.
pub fn naive_run(w: &Weights, tie: TieRule, steps: u64) -> (Vec<u32>, Vec<Vec<i64>>) {
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
pub fn naive_runs(picks: &[u32], nodes: usize, period: usize, steps: u64) -> Vec<Vec<RunCount>> {
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

/// How often each node is picked in the `window` picks that end at pick `end`.
pub fn window_counts(picks: &[u32], nodes: usize, end: usize, window: usize) -> Vec<u64> {
    let mut counts = vec![0; nodes];
    for &p in &picks[end - window..end] {
        counts[p as usize] += 1;
    }
    counts
}

/// FNV-1a 64, written out again here so the test does not trust the crate's.
pub fn fnv1a(picks: &[u32]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for pick in picks {
        for byte in pick.to_le_bytes() {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x100_0000_01b3);
        }
    }
    format!("{hash:016x}")
}
