//! The trace's memory stays bounded however long a run goes on, and thinning its checkpoints
//! never changes what a seek finds.

use proptest::prelude::*;
use swrr_viz::engine::{
    Algorithm, AlgorithmKind, AlgorithmOptions, Scheduler, Swrr, Trace, CHECKPOINT_BUDGET,
    CHECKPOINT_INTERVAL, MIN_CHECKPOINTS,
};
use swrr_viz::input::{Scenario, Weights};

fn random_run(weights: &str, seed: u64) -> Algorithm {
    let weights: Weights = weights.parse().unwrap();
    let options = AlgorithmOptions {
        kind: AlgorithmKind::Random,
        seed,
        ..AlgorithmOptions::default()
    };
    Algorithm::new(&weights, &options, &Scenario::none())
}

fn scenario_run(weights: &str, scenario: &str) -> Algorithm {
    let weights: Weights = weights.parse().unwrap();
    let scenario = Scenario::parse(scenario, &weights).unwrap();
    Algorithm::new(&weights, &AlgorithmOptions::default(), &scenario)
}

/// What a seek shows: the step, its record (winner, levels after), the levels and the pick counts.
type View = (u64, Option<(usize, Vec<i64>)>, Vec<i64>, Vec<u64>);

fn view<S: Scheduler + Clone>(trace: &Trace<S>) -> View {
    (
        trace.t(),
        trace.current().map(|s| (s.winner, s.drained.clone())),
        trace.levels().to_vec(),
        trace.picks().to_vec(),
    )
}

#[test]
fn a_run_that_never_repeats_keeps_a_bounded_number_of_checkpoints() {
    let mut trace = Trace::with_max_checkpoints(random_run("5,3,2", 7), 8);
    for target in (1..=40).map(|k| k * 10_000) {
        trace.seek(target).unwrap();
        let (kept, spacing) = trace.checkpoints();
        assert!(kept <= 8, "{kept} checkpoints at step {target}");
        assert!(spacing >= CHECKPOINT_INTERVAL);
    }
    let (kept, spacing) = trace.checkpoints();
    assert!(
        kept * spacing as usize >= 400_000 - spacing as usize,
        "the checkpoints still cover the run"
    );
}

#[test]
fn the_default_budget_scales_with_the_nodes() {
    // 1,000 nodes: CHECKPOINT_BUDGET / 1,000 = 32 checkpoints; 10,000 nodes: the minimum.
    let limit =
        |n: usize| Trace::new(scenario_run(&vec!["3"; n].join(","), "@1 A=4")).checkpoint_limit();
    assert_eq!(limit(1000), CHECKPOINT_BUDGET / 1000);
    assert_eq!(limit(10_000), MIN_CHECKPOINTS);
    assert_eq!(limit(3), CHECKPOINT_BUDGET / 3);
}

#[test]
fn a_periodic_run_stores_no_checkpoint_beyond_its_period() {
    let weights: Weights = "1000,999,7".parse().unwrap(); // period 2006
    let mut trace = Trace::new(Swrr::new(&weights));
    let mut fresh = Trace::new(Swrr::new(&weights));
    // Play across several period boundaries one step at a time, as the page does.
    for t in 1..=7000 {
        trace.forward().unwrap();
        if t % 997 == 0 || t % 2006 <= 1 {
            fresh.seek(t).unwrap();
            assert_eq!(view(&trace), view(&fresh), "step {t}");
        }
    }
    assert_eq!(trace.checkpoints().0, 2, "steps 0 and 1024 only");
}

#[test]
fn stepping_back_after_thinning_replays_the_same_steps() {
    let run = scenario_run("5,3,2", "@3 C fail; @40 B down; @90 B up");
    let mut thin = Trace::with_max_checkpoints(run.clone(), 3);
    let mut wide = Trace::with_max_checkpoints(run, 1 << 20);
    thin.seek(50_000).unwrap();
    wide.seek(50_000).unwrap();
    for _ in 0..300 {
        assert!(thin.back());
        assert!(wide.back());
        assert_eq!(view(&thin), view(&wide));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    /// The page reaches a far step in slices, redrawing the step shown between them (a seek back):
    /// what it then shows is what one seek finds.
    #[test]
    fn a_step_reached_in_slices_is_the_step_one_seek_finds(
        seed in 0u64..1000,
        max in 2usize..40,
        slice in 1u64..9_000,
        target in 0u64..60_000,
        shown in 0u64..200,
        periodic in any::<bool>(),
    ) {
        let run = if periodic {
            Algorithm::new(&"7,5,1".parse::<Weights>().unwrap(), &AlgorithmOptions::default(), &Scenario::none())
        } else {
            random_run("4,1,1,7", seed)
        };
        let mut sliced = Trace::with_max_checkpoints(run.clone(), max);
        let mut direct = Trace::with_max_checkpoints(run, 1 << 20);
        let total = sliced.new_steps(target).unwrap();
        let mut left = total;
        let mut slices = 0;
        while left > 0 {
            let next = sliced.reach_toward(target, slice).unwrap();
            prop_assert!(next < left, "each slice walks new ground: {left} → {next}");
            left = next;
            slices += 1;
            sliced.seek(shown).unwrap();
        }
        prop_assert!(slices <= total.div_ceil(slice) + 1);
        prop_assert_eq!(sliced.new_steps(target).unwrap(), 0);
        sliced.seek(target).unwrap();
        direct.seek(target).unwrap();
        prop_assert_eq!(view(&sliced), view(&direct));
    }

    #[test]
    fn seeks_agree_whatever_the_budget(
        seed in 0u64..1000,
        max in 2usize..6,
        targets in prop::collection::vec(0u64..60_000, 1..12),
    ) {
        let run = random_run("4,1,1,7", seed);
        let mut thin = Trace::with_max_checkpoints(run.clone(), max);
        let mut wide = Trace::with_max_checkpoints(run, 1 << 20);
        for &t in &targets {
            thin.seek(t).unwrap();
            wide.seek(t).unwrap();
            prop_assert_eq!(view(&thin), view(&wide));
            prop_assert!(thin.checkpoints().0 <= max);
        }
    }
}
