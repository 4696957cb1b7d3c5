//! Engine throughput, printed as a table (run: `cargo bench --bench engine`; `-- --json` prints
//! one JSON object instead, which `scripts/bench.sh` puts beside the browser's figures).
//! Figures, not pass/fail: speed targets live here, never in timed tests.

use std::hint::black_box;
use std::time::{Duration, Instant};

use swrr_viz::engine::{Algorithm, AlgorithmKind, AlgorithmOptions, Scheduler, Swrr, Trace};

use swrr_viz::input::{Scenario, Weights};

/// Weights 1..=n scrambled a little, so ties and long periods both occur (the browser benchmark
/// `bench/engine.mjs` uses the same ones).
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

/// The best of three rounds, in picks per second (the machine is shared: the best round is the
/// one least disturbed).
fn best_rate(budget: Duration, mut work: impl FnMut() -> u64) -> f64 {
    (0..3)
        .map(|_| {
            let (done, elapsed) = measure(budget / 3, &mut work);
            done as f64 / elapsed.as_secs_f64()
        })
        .fold(0.0, f64::max)
}

const NODES: [usize; 4] = [3, 8, 64, 1024];

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let json = std::env::args().any(|a| a == "--json");
    let budget = Duration::from_millis(if quick { 150 } else { 900 });

    let mut rows = Vec::new();
    for n in NODES {
        let w = weights(n);
        // Picks per call so that one call is about 1 ms of work.
        let chunk = (1_000_000 / n).max(1000);
        let mut swrr = Swrr::new(&w);
        let advance = best_rate(budget, || {
            for _ in 0..chunk {
                black_box(swrr.advance());
            }
            chunk as u64
        });
        let mut swrr = Swrr::new(&w);
        let mut out = vec![0u32; chunk];
        let bulk = best_rate(budget, || {
            swrr.fill_picks(&mut out);
            black_box(&out);
            chunk as u64
        });
        rows.push((n, advance, bulk));
    }
    let algorithms = every_algorithm(budget);
    if json {
        let algos: Vec<String> = algorithms
            .iter()
            .map(|(kind, n, us)| {
                format!(
                    "{{\"algo\":\"{}\",\"nodes\":{n},\"usPerStep\":{us:.2}}}",
                    kind.as_str()
                )
            })
            .collect();
        let items: Vec<String> = rows
            .iter()
            .map(|(n, advance, bulk)| {
                format!("{{\"nodes\":{n},\"advance\":{advance:.0},\"bulk\":{bulk:.0}}}")
            })
            .collect();
        println!(
            "{{\"engine\":[{}],\"algorithms\":[{}]}}",
            items.join(","),
            algos.join(",")
        );
        return;
    }
    println!("| nodes | picks/s (Swrr::advance) | picks/s (fill_picks, bulk) | ns per pick (bulk) | ns per node update (bulk) |");
    println!("|---:|---:|---:|---:|---:|");
    for (n, advance, bulk) in &rows {
        let ns = 1e9 / bulk;
        println!(
            "| {n} | {advance:.3e} | {bulk:.3e} | {ns:.1} | {:.2} |",
            ns / *n as f64
        );
    }

    println!();
    println!("| algorithm | µs per step, 1,000 nodes | µs per step, 10,000 nodes |");
    println!("|---|---:|---:|");
    for pair in algorithms.chunks(2) {
        let [(kind, _, thousand), (_, _, ten_thousand)] = pair else {
            continue;
        };
        println!("| {} | {thousand:.1} | {ten_thousand:.1} |", kind.as_str());
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

/// Every algorithm one step at a time (`Algorithm::advance`, as the page's and the CLI's runs
/// step), at 1,000 and 10,000 nodes: µs per step. A step's work should grow with the nodes,
/// not with their square.
fn every_algorithm(budget: Duration) -> Vec<(AlgorithmKind, usize, f64)> {
    let mut rows = Vec::new();
    for kind in AlgorithmKind::ALL {
        for n in [1000, 10_000] {
            let options = AlgorithmOptions {
                kind,
                ..AlgorithmOptions::default()
            };
            let mut algorithm = Algorithm::new(&weights(n), &options, &Scenario::none());
            let rate = best_rate(budget / 4, || {
                for _ in 0..20 {
                    black_box(algorithm.advance());
                }
                20
            });
            rows.push((kind, n, 1e6 / rate));
        }
    }
    rows
}
