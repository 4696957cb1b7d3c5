//! Metrics and plot columns, printed as a table (run: `cargo bench --bench metrics`).
//! Figures, not pass/fail: the time to compute a run's sequence, its metrics and the plot columns
//! the page draws (1,000 columns, every node), natively.

use std::hint::black_box;
use std::time::{Duration, Instant};

use swrr_viz::engine::TieRule;

use swrr_viz::input::Weights;

use swrr_viz::metrics::RunAnalysis;

const COLUMNS: u64 = 1000;
/// Work units per `run` call, as a Web Worker would chunk it.
const CHUNK: u64 = 10_000_000;

/// Weights 1..=97 scrambled (a short period), or large enough that the period is longer than
/// the run (every pick computed).
fn weights(n: usize, steps: u64, long_period: bool) -> Weights {
    let base = 2 * steps / n as u64;
    let ints: Vec<u64> = (0..n as u64)
        .map(|i| {
            if long_period {
                base + (i * 7919) % 9973
            } else {
                1 + (i * 7919) % 97
            }
        })
        .collect();
    Weights::from_integers(&ints).expect("valid weights")
}

struct Timing {
    metrics: Duration,
    longest_chunk: Duration,
    strip: Duration,
    levels: Duration,
    windows: Duration,
    plots: Duration,
}

fn timed<T>(work: impl FnOnce() -> T) -> Duration {
    let start = Instant::now();
    black_box(work());
    start.elapsed()
}

fn once(weights: &Weights, steps: u64) -> Timing {
    let start = Instant::now();
    let mut analysis =
        RunAnalysis::new(weights, TieRule::First, Some(steps), None).expect("valid run");
    let mut longest_chunk = Duration::ZERO;
    loop {
        let chunk = Instant::now();
        let progress = analysis.run(CHUNK);
        longest_chunk = longest_chunk.max(chunk.elapsed());
        if progress.finished {
            break;
        }
    }
    black_box(analysis.metrics());
    let metrics = start.elapsed();
    let plots = Instant::now();
    let grid = analysis.grid(1, steps, COLUMNS).expect("grid");
    let strip = timed(|| analysis.strip(&grid, None).expect("strip"));
    let levels = timed(|| analysis.level_columns(&grid, None, true).expect("levels"));
    let windows = timed(|| analysis.window_columns(&grid, None, true).expect("windows"));
    black_box(analysis.run_histogram(None).expect("histogram"));
    Timing {
        metrics,
        longest_chunk,
        strip,
        levels,
        windows,
        plots: plots.elapsed(),
    }
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1e3)
}

fn main() {
    let repeats = if std::env::args().any(|a| a == "--quick") {
        1
    } else {
        5
    };
    println!(
        "| nodes | steps | period | picks computed | sequence + metrics | longest run({CHUNK}) | strip | levels + envelope | windows + envelope | total |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (n, steps) in [(8, 1_000_000), (1000, 100_000)] {
        for long_period in [false, true] {
            let w = weights(n, steps, long_period);
            // Best of a few runs: the machine is shared.
            let best = (0..repeats)
                .map(|_| once(&w, steps))
                .min_by_key(|t| t.metrics + t.plots)
                .expect("at least one run");
            println!(
                "| {n} | {steps} | {} | {} | {} | {} | {} | {} | {} | {} |",
                w.period(),
                steps.min(w.period()),
                ms(best.metrics),
                ms(best.longest_chunk),
                ms(best.strip),
                ms(best.levels),
                ms(best.windows),
                ms(best.metrics + best.plots)
            );
        }
    }
}
