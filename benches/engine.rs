//! Engine throughput, printed as a table (run: `cargo bench --bench engine`).
//! Figures, not pass/fail: speed targets live here, never in timed tests.

use std::hint::black_box;
use std::time::{Duration, Instant};

use swrr_viz::core::{Scheduler, Swrr, Trace, Weights};

/// Weights 1..=n scrambled a little, so ties and long periods both occur.
fn weights(n: usize) -> Weights {
    let ints: Vec<u64> = (0..n as u64).map(|i| 1 + (i * 7919) % 97).collect();
    Weights::from_integers(&ints).expect("valid weights")
}

/// Runs `work` repeatedly for at least `budget`, returns (iterations, elapsed).
fn measure(budget: Duration, mut work: impl FnMut() -> u64) -> (u64, Duration) {
    let start = Instant::now();
    let mut done = 0;
    while start.elapsed() < budget {
        done += work();
    }
    (done, start.elapsed())
}

fn main() {
    let budget = Duration::from_millis(if std::env::args().any(|a| a == "--quick") {
        100
    } else {
        700
    });
    println!("| nodes | picks/s (Swrr::advance) | ns per pick | ns per node update |");
    println!("|---:|---:|---:|---:|");
    for n in [3, 8, 64, 1024] {
        let w = weights(n);
        let mut swrr = Swrr::new(&w);
        let (picks, elapsed) = measure(budget, || {
            for _ in 0..1000 {
                black_box(swrr.advance());
            }
            1000
        });
        let ns = elapsed.as_nanos() as f64 / picks as f64;
        println!(
            "| {n} | {:.3e} | {ns:.1} | {:.2} |",
            picks as f64 / elapsed.as_secs_f64(),
            ns / n as f64
        );
    }

    println!();
    println!("| nodes | period | seek(10^9) from step 0, cold | seek(10^9 + k) again |");
    println!("|---:|---:|---:|---:|");
    for n in [64, 1024] {
        let w = weights(n);
        let cold = {
            let start = Instant::now();
            let mut trace = Trace::new(Swrr::new(&w));
            trace.seek(1_000_000_000).expect("reachable");
            black_box(trace.levels());
            start.elapsed()
        };
        let mut trace = Trace::new(Swrr::new(&w));
        trace.seek(1_000_000_000).expect("reachable");
        let (seeks, elapsed) = measure(budget, || {
            for k in 1..=100 {
                trace.seek(1_000_000_000 + k * 37).expect("reachable");
            }
            100
        });
        println!(
            "| {n} | {} | {:.2} ms | {:.1} µs |",
            w.period(),
            cold.as_secs_f64() * 1e3,
            elapsed.as_secs_f64() * 1e6 / seeks as f64
        );
    }
}
