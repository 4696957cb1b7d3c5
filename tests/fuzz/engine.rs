//! The engine under every algorithm, tie rule, subtract rule and scenario: forward, back, seek,
//! rows and metrics, its invariants checked at every step.

use swrr_viz::engine::{
    Algorithm, AlgorithmKind, AlgorithmOptions, Dispatch, Outcome, Scheduler, SubtractRule, Trace,
    Traffic, MAX_LEVEL, MAX_RATE, MAX_WORKERS,
};
use swrr_viz::input::{Scenario, Weights, MAX_STEP, MAX_WEIGHT};
use swrr_viz::metrics::{RankBy, RunAnalysis};

use crate::gen::Gen;
use crate::{clear, fuzz};

/// Weights for the engine: few nodes, weights from 0 to 10^9, often equal (ties).
fn engine_weights(g: &mut Gen) -> String {
    let n = match g.below(50) {
        0 => 200 + g.below(200),
        _ => 1 + g.below(9),
    };
    let mut ws: Vec<u64> = (0..n)
        .map(|_| match g.below(10) {
            0 => 0,
            1 => MAX_WEIGHT - g.below(3),
            2 => 1 + g.below(1_000_000),
            _ => 1 + g.below(8),
        })
        .collect();
    if ws.iter().all(|&w| w == 0) {
        ws[0] = 1;
    }
    ws.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
}

/// How requests reach nginx, as `rate/workers/zone/dispatch/tries` (`-`: in turn; tries 0: no
/// limit): mostly the default one request a second to one worker, else several workers, with or
/// without a shared zone; now and then a try limit.
fn traffic_text(g: &mut Gen) -> String {
    let tries = if g.chance(20) { 1 + g.below(3) } else { 0 };
    if g.chance(70) {
        return format!("1/1/0/-/{tries}");
    }
    let rates = [1, 2, 10, 1000, MAX_RATE];
    let rate = rates[g.below(rates.len() as u64) as usize];
    let workers = if g.chance(10) {
        MAX_WORKERS as u64
    } else {
        1 + g.below(4)
    };
    let zone = u8::from(g.chance(30));
    let dispatch = if g.chance(50) {
        "-".to_string()
    } else {
        g.below(u64::MAX).to_string()
    };
    format!("{rate}/{workers}/{zone}/{dispatch}/{tries}")
}

fn read_traffic(text: &str) -> Traffic {
    let parts: Vec<&str> = text.split('/').collect();
    Traffic {
        rate: parts[0].parse().unwrap(),
        workers: parts[1].parse().unwrap(),
        zone: parts[2] == "1",
        dispatch: match parts[3] {
            "-" => Dispatch::InTurn,
            seed => Dispatch::Seeded(seed.parse().unwrap()),
        },
        // Cases saved before the try limit have four parts.
        tries: parts.get(4).map_or(0, |t| t.parse().unwrap()),
    }
}

#[test]
#[ignore = "fuzz: scripts/fuzz.sh"]
fn fuzz_engine() {
    fuzz(
        "engine",
        |g| {
            let weights = engine_weights(g);
            let names: Vec<String> = (0..weights.split(',').count())
                .map(swrr_viz::input::default_name)
                .collect();
            let scenario = if g.chance(50) {
                String::new()
            } else {
                g.scenario_text(&names)
            };
            // Every algorithm, nginx's more often.
            let names = AlgorithmKind::ALL.map(|kind| kind.as_str());
            let algo = if g.chance(20) { "swrr" } else { g.pick(&names) };
            let tie = g.pick(&["first", "last"]);
            let subtract = if g.chance(10) { "own" } else { "total" };
            let traffic = traffic_text(g);
            format!(
                "{weights}|{scenario}|{algo}|{tie}|{subtract}|{}|{traffic}",
                g.below(u64::MAX)
            )
        },
        |input, g| {
            // weights|scenario|algo|tie|subtract|seed|traffic, the scenario possibly holding '|'.
            let mut fields: Vec<&str> = input.rsplitn(6, '|').collect();
            let traffic = read_traffic(fields.remove(0));
            let (weights, scenario) = fields[4].split_once('|').unwrap();
            let weights: Weights = weights.parse().unwrap();
            let Ok(scenario) = Scenario::parse(scenario, &weights) else {
                return false;
            };
            let options = AlgorithmOptions {
                kind: fields[3].parse().unwrap(),
                tie: fields[2].parse().unwrap(),
                subtract: fields[1].parse().unwrap(),
                seed: fields[0].parse().unwrap(),
            };
            let algorithm = Algorithm::with_traffic(&weights, &options, &scenario, &traffic);
            let n = weights.len();
            let plain = scenario.is_empty() && options.subtract == SubtractRule::Total;
            let requests = algorithm.models_requests();
            let mut trace = Trace::with_max_checkpoints(algorithm.clone(), 2 + g.below(6) as usize);
            let steps_cap = if n > 100 { 300 } else { 3_000 };
            // A far seek folds onto the first period, which may have to be computed: keep that
            // to a period of at most 10^6 node updates (the limit is MAX_NEW_WORK, seconds).
            let short_period = algorithm
                .cycle()
                .is_some_and(|(p, _)| p.saturating_mul(n as u64) <= 1_000_000);
            for _ in 0..1 + g.below(8) {
                let result = match g.below(10) {
                    0..=3 => trace.forward().map(|_| ()),
                    4 => {
                        trace.back();
                        Ok(())
                    }
                    5 => trace.seek(g.below(steps_cap)),
                    // Far: instant for a run that repeats, refused beyond MAX_STEP; a run that
                    // never repeats may walk up to MAX_NEW_WORK node updates (seconds), so the
                    // fuzz keeps those walks short.
                    6 => trace.seek(match g.below(4) {
                        0 if short_period => 1_000_000_000,
                        1 if short_period => MAX_STEP,
                        0 | 1 => trace.t() + 50_000 / n as u64,
                        2 => MAX_STEP + 1,
                        _ => u64::MAX,
                    }),
                    7 => {
                        let from = g.below(steps_cap);
                        trace.rows(from, from + g.below(20)).map(|rows| {
                            for (row, t) in rows.iter().zip(from.max(1)..) {
                                assert_eq!(row.t, t);
                            }
                        })
                    }
                    _ => trace.seek(trace.t() + g.below(40)),
                };
                match result {
                    Ok(()) => {}
                    Err(e) => {
                        clear(&e.to_string(), "trace");
                        continue;
                    }
                }
                let t = trace.t();
                let picked = trace.picks().iter().sum::<u64>();
                if requests {
                    // A request no server was left for is a step without a pick (nginx's 502).
                    assert!(picked <= t, "{picked} picks in {t} steps");
                } else {
                    assert_eq!(picked, t, "picks must add up to t");
                }
                assert_eq!(trace.current().is_some(), t > 0);
                if let Some(step) = trace.current() {
                    if step.picked() {
                        assert!(step.eligible[step.winner], "an ineligible node won");
                    } else {
                        let outcome = step.request.as_ref().map(|r| r.outcome);
                        assert_eq!(outcome, Some(Outcome::None), "a step without a pick");
                    }
                    assert_eq!(step.t, t);
                }
                if options.kind == AlgorithmKind::Swrr {
                    assert!(trace.levels().iter().all(|l| l.abs() <= MAX_LEVEL));
                    if plain {
                        assert_eq!(
                            trace.levels().iter().sum::<i64>(),
                            0,
                            "Σ levels after step {t}"
                        );
                    }
                }
            }
            // Wherever the trace went, a fresh one agrees with it.
            let t = trace.t();
            if t <= steps_cap + 40 {
                let mut fresh = Trace::new(algorithm.clone());
                fresh.seek(t).unwrap();
                assert_eq!(fresh.levels(), trace.levels());
                assert_eq!(fresh.picks(), trace.picks());
                assert_eq!(
                    fresh.current().map(|s| s.winner),
                    trace.current().map(|s| s.winner)
                );
                if requests {
                    let rows = fresh.rows(1, t).unwrap();
                    let none_left = rows.iter().filter(|step| !step.picked()).count() as u64;
                    let picked = trace.picks().iter().sum::<u64>();
                    assert_eq!(picked + none_left, t, "picks and 502s with no server left");
                }
            }
            // One in ten: the metrics of the same run.
            if g.chance(10) && scenario.is_empty() {
                let steps = Some(g.below(2_000));
                let window = if g.chance(50) {
                    None
                } else {
                    Some(g.below(300))
                };
                match RunAnalysis::with_algorithm(&weights, algorithm, steps, window) {
                    Ok(mut analysis) => {
                        analysis.run_to_end();
                        let total = analysis.metrics().map_or(0, |m| m.steps);
                        if total > 0 {
                            let grid = analysis.grid(1, total, 1 + g.below(50)).unwrap();
                            analysis.strip(&grid, None).unwrap();
                            analysis.level_columns(&grid, None, true).unwrap();
                            analysis.window_columns(&grid, None, true).unwrap();
                            analysis.run_histogram(None).unwrap();
                            let ranked = analysis.metrics().unwrap().ranked_nodes(RankBy::Lag, 8);
                            assert!(ranked.len() <= 8);
                        }
                    }
                    Err(e) => clear(&e.to_string(), "analysis"),
                }
            }
            true
        },
    );
}
