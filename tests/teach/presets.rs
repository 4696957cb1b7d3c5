//! Every preset parses, runs its steps without stopping, and does what its description says.

use swrr_viz::engine::{
    next_request, sequence, Algorithm, AlgorithmKind, AlgorithmOptions, AlgorithmState, Step, Trace,
};

use swrr_viz::input::{Scenario, Weights};

use swrr_viz::teach::{preset, presets};

use crate::attempts::{added, attempts};

/// The preset's steps: one per request, or every attempt of its requests when it has failures.
fn steps(name: &str) -> (Weights, Vec<Step>) {
    let p = preset(name).unwrap();
    let w: Weights = p.weights.parse().unwrap();
    let scenario = Scenario::parse(p.scenario, &w).unwrap();
    let mut trace = Trace::new(Algorithm::new(&w, &p.options(), &scenario));
    let mut steps: Vec<Step> = Vec::new();
    let requests = |steps: &[Step]| match steps.last().and_then(|s| s.request.as_ref()) {
        Some(r) => r.request - u64::from(!r.last),
        None => steps.len() as u64,
    };
    while requests(&steps) < p.steps {
        steps.push(trace.forward().unwrap().clone());
    }
    (w, steps)
}

/// The requests of a preset as `seq` prints them.
fn tokens(name: &str) -> String {
    let p = preset(name).unwrap();
    let w: Weights = p.weights.parse().unwrap();
    let scenario = Scenario::parse(p.scenario, &w).unwrap();
    let mut run = Algorithm::new(&w, &p.options(), &scenario);
    (0..p.steps)
        .map(|_| {
            next_request(&mut run)
                .unwrap()
                .token(|i| w.name(i).to_string())
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn longest_run(steps: &[Step], node: usize) -> (usize, u64) {
    let (mut best, mut at, mut current) = (0, 0, 0);
    for s in steps {
        current = if s.winner == node { current + 1 } else { 0 };
        if current > best {
            (best, at) = (current, s.t);
        }
    }
    (best, at)
}

fn sum(step: &Step) -> i64 {
    match &step.state {
        AlgorithmState::Swrr(s) => s.sum,
        _ => 0,
    }
}

#[test]
fn every_preset_runs_and_has_a_unique_name() {
    let mut names: Vec<&str> = presets().iter().map(|p| p.name).collect();
    for p in presets() {
        let (_, run) = steps(p.name);
        assert!(run.len() as u64 >= p.steps, "{}", p.name);
        assert!(
            !p.description.is_empty() && p.description.len() < 240,
            "{}",
            p.name
        );
        assert!(
            p.name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'),
            "{}",
            p.name
        );
    }
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), presets().len());
}

#[test]
fn raise_keep_has_no_burst() {
    let (_, run) = steps("raise-keep");
    assert_eq!(run[9].events, ["@10 A=80"]);
    assert_eq!(longest_run(&run, 0).0, 2);
    assert!(run.iter().all(|s| sum(s) == 0));
}

#[test]
fn raise_reset_node_and_scale_break_conservation_and_smoothness() {
    let (_, run) = steps("raise-reset-node");
    assert!(run[9..].iter().all(|s| sum(s) == -50));
    assert_eq!(longest_run(&run, 0), (3, 24));
    let (_, run) = steps("raise-scale");
    assert_eq!(run[9].before[0], 80, "A's 50 scaled by 80/50");
    assert!(run[9..].iter().all(|s| sum(s) == 30));
    assert_eq!(longest_run(&run, 0), (3, 12));
    // 80:30:20 itself never runs A three times.
    let w: Weights = "80,30,20".parse().unwrap();
    let plain = sequence(
        &Algorithm::new(&w, &AlgorithmOptions::default(), &Scenario::none()),
        260,
    );
    assert!(plain.windows(3).all(|x| x != [0, 0, 0]));
}

#[test]
fn c_fails_sits_out_then_climbs_back() {
    // C's failed attempt is request 8 (retried on B); disabled while second − 7 ≤ 10, so for
    // requests 8–18; from 19 it adds its effective weight 0, then 1, then 2.
    assert_eq!(
        tokens("c-fails"),
        "A B C A A B A C>B A A B A A B A B A A B A B A A B C A A B A C"
    );
    let (_, run) = steps("c-fails");
    assert!((9..=18).all(|k| attempts(&run, k).iter().all(|s| !s.eligible[2])));
    let effective: Vec<i64> = (19..=21).map(|k| added(attempts(&run, k)[0], 2)).collect();
    assert_eq!(effective, [0, 1, 2]);
}

#[test]
fn c_dies_and_comes_back_as_nginx_did() {
    // The same requests as the recording "c-dies-and-comes-back" in
    // tests/vectors/nginx-failures.json (tests/engine/nginx_recorded.rs replays it).
    assert_eq!(
        tokens("c-dies-and-comes-back"),
        "A B C A A B A C>B A A B A A B A B A A B A B A A B C>A A B A A B A B A A B A A B A B A C A B"
    );
    // Its description names the requests refused (a retried request prints as "C>B").
    let refused: Vec<usize> = tokens("c-dies-and-comes-back")
        .split(' ')
        .enumerate()
        .filter(|(_, token)| token.contains('>'))
        .map(|(i, _)| i + 1)
        .collect();
    assert_eq!(refused, [8, 25]);
    let description = preset("c-dies-and-comes-back").unwrap().description;
    assert!(
        description.contains("refused at 8") && description.contains("refused again at 25"),
        "{description}"
    );
}

#[test]
fn c_down_up_carries_level_4_and_is_picked_at_once() {
    let (_, run) = steps("c-down-up");
    assert_eq!(run[12].before[2], 4);
    assert!(run[12..22].iter().all(|s| s.winner != 2));
    assert_eq!(run[22].before[2], 4);
    assert_eq!(run[22].winner, 2);
}

#[test]
fn b_drain_leaves_a_and_c_at_5_to_2() {
    let (_, run) = steps("b-drain");
    assert!(run[10..].iter().all(|s| s.winner != 1));
    let a = run[10..24].iter().filter(|s| s.winner == 0).count();
    assert_eq!(a, 10);
}

#[test]
fn slow_start_presets_ramp_as_described() {
    let (_, run) = steps("new-node-slow-start");
    let ramp: Vec<i64> = run[10..21].iter().map(|s| s.weights[3]).collect();
    assert_eq!(ramp, [1, 1, 1, 2, 2, 3, 3, 3, 4, 4, 5]);
    assert_eq!(
        run.iter().position(|s| s.winner == 3),
        Some(14),
        "first D at step 15"
    );
    let (_, run) = steps("new-node-dubbo-warmup");
    let ramp: Vec<i64> = run[10..21].iter().map(|s| s.weights[3]).collect();
    assert_eq!(ramp, [1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5]);
}

#[test]
fn extreme_100_1_1_compares_the_algorithms() {
    let (_, run) = steps("extreme-100-1-1");
    let b = run.iter().position(|s| s.winner == 1).unwrap() + 1;
    let c = run.iter().position(|s| s.winner == 2).unwrap() + 1;
    assert_eq!((b, c), (35, 69));
    assert_eq!(longest_run(&run, 0).0, 34);
    let w: Weights = "100,1,1".parse().unwrap();
    for (kind, first_b) in [
        (AlgorithmKind::Classic, 101),
        (AlgorithmKind::Interleaved, 101),
        (AlgorithmKind::Edf, 100),
    ] {
        let options = AlgorithmOptions {
            kind,
            ..AlgorithmOptions::default()
        };
        let seq = sequence(&Algorithm::new(&w, &options, &Scenario::none()), 102);
        assert_eq!(
            seq.iter().position(|&p| p == 1).unwrap() + 1,
            first_b,
            "{kind}"
        );
    }
}

#[test]
fn broken_subtract_own_starves_c() {
    let (_, run) = steps("broken-subtract-own");
    assert_eq!(
        run.iter().position(|s| s.winner == 2),
        Some(22),
        "first C at step 23"
    );
    assert!(
        run.windows(2).all(|p| sum(&p[1]) > sum(&p[0])),
        "Σ grows every step"
    );
}

#[test]
fn random_clumps_as_described() {
    let (_, run) = steps("random-clumps");
    let first20 = &run[..20];
    assert_eq!(longest_run(first20, 0), (4, 5));
    assert_eq!(longest_run(&first20[5..], 0), (4, 19));
    assert_eq!(longest_run(first20, 1), (3, 15));
}
