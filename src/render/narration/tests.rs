use super::*;
use crate::engine::{Algorithm, AlgorithmOptions, Trace, Traffic};
use crate::input::Scenario;

/// The run of `weights` under `scenario` and `options`, seeked to step `t`.
fn run_to(
    weights: &str,
    scenario: &str,
    options: &AlgorithmOptions,
    t: u64,
) -> (Weights, Trace<Algorithm>) {
    let weights: Weights = weights.parse().unwrap();
    let scenario = Scenario::parse(scenario, &weights).unwrap();
    let run = Algorithm::with_traffic(&weights, options, &scenario, &Traffic::default());
    let mut trace = Trace::new(run);
    trace.seek(t).unwrap();
    (weights, trace)
}

/// The coded narration of step `t` up to `phase` of `weights` under `scenario`, and its English.
fn told(weights: &str, scenario: &str, t: u64, phase: Phase, tie: TieRule) -> (Vec<Said>, String) {
    let options = AlgorithmOptions {
        tie,
        ..AlgorithmOptions::default()
    };
    let (weights, trace) = run_to(weights, scenario, &options, t);
    let telling = Telling {
        tie,
        workers: 1,
        ..Telling::default()
    };
    let said = narrate(&weights, trace.current().unwrap(), phase, &telling);
    let english = english_all(&said, &weights);
    (said, english)
}

/// The codes of `said` without their `narration.` prefix, one after another.
fn codes(said: &[Said]) -> String {
    let codes: Vec<&str> = said
        .iter()
        .map(|s| s.code.trim_start_matches("narration."))
        .collect();
    codes.join(" ")
}

#[test]
fn plain_5_3_2_fills_picks_and_drains() {
    let (said, english) = told("5,3,2", "", 1, Phase::Drain, TieRule::First);
    assert_eq!(codes(&said), "fill pick drain");
    let change = |node, from, to| Part::Change { node, from, to };
    assert_eq!(
        said[0].params,
        [
            ("t", Part::Number(1)),
            (
                "changes",
                Part::Joined(vec![change(0, 0, 5), change(1, 0, 3), change(2, 0, 2)])
            ),
        ]
    );
    assert_eq!(
        said[2].params,
        [
            ("name", Part::Node(0)),
            ("total", Part::Number(10)),
            ("from", Part::Level(5)),
            ("to", Part::Level(-5)),
        ]
    );
    assert_eq!(
        english,
        "Step 1: every tank fills by its weight: A 0→5, B 0→3, C 0→2. A is the fullest at 5 and \
         is picked. A drains by 10: 5→−5."
    );
    // Up to the fill only the fill is told.
    let (said, _) = told("5,3,2", "", 2, Phase::Fill, TieRule::First);
    assert_eq!(codes(&said), "fill");
}

#[test]
fn a_tie_names_the_tied_and_the_rule_that_breaks_it() {
    for (tie, code, winner) in [
        (TieRule::First, "fill tie_first", 0),
        (TieRule::Last, "fill tie_last", 1),
    ] {
        let (said, english) = told("1,1", "", 1, Phase::Pick, tie);
        assert_eq!(codes(&said), code);
        assert_eq!(
            said[1].params,
            [
                ("names", Part::List(vec![Part::Node(0), Part::Node(1)])),
                ("level", Part::Level(1)),
                ("name", Part::Node(winner)),
            ]
        );
        assert!(english.ends_with(&format!(
            "A and B tie at 1; {} wins ({} in list).",
            ["A", "B"][winner],
            tie.as_str()
        )));
    }
}

#[test]
fn a_scenario_says_the_weights_in_effect_then_who_sat_out_then_who_recovers() {
    let (said, english) = told(
        "5,3,2",
        "@2 B=0; @2 C slowstart 4",
        2,
        Phase::Fill,
        TieRule::First,
    );
    assert_eq!(codes(&said), "events fill_eligible weights_now out");
    assert_eq!(said[3].params, [("names", Part::List(vec![Part::Node(1)]))]);
    assert!(english.contains(
        "Weights in effect at this step: B 0 (typed 3) and C 1 (typed 2). B could not be picked \
         this step and added nothing."
    ));
    // A refused attempt lowers A's effective weight; with C down, the next request's fill says
    // C sat out before A recovers (the page's order).
    let scenario = "@1 A dead max_fails=5 timeout=3600; @1 C down";
    let (said, english) = told("5,3,2", scenario, 3, Phase::Fill, TieRule::First);
    assert_eq!(codes(&said), "attempt_fill out recovering");
    assert!(
        english.ends_with(
            "C could not be picked this step and added nothing. Recovering from a failure, A adds 4 \
             of its weight 5."
        ),
        "{english}"
    );
}

#[test]
fn a_failed_attempt_is_refused_and_its_retry_skips_the_tried() {
    let scenario = "@1 C dead max_fails=3 timeout=3600";
    let (said, english) = told("5,3,2", scenario, 3, Phase::Drain, TieRule::First);
    assert_eq!(codes(&said), "attempt_fill pick drain refused_counted");
    assert_eq!(
        said[3].params,
        [
            ("name", Part::Node(2)),
            ("fails", Part::Number(1)),
            ("max", Part::Number(3)),
            ("effective", Part::Number(2)),
            ("request", Part::Number(3)),
        ]
    );
    assert!(english.ends_with(
        "✗ C refuses the connection: nginx counts the failure (1 of max_fails=3), its effective \
         weight is now 2, and request 3 is retried on the servers not yet tried."
    ));
    let (said, english) = told("5,3,2", scenario, 4, Phase::Drain, TieRule::First);
    assert_eq!(codes(&said), "attempt_fill tried pick drain answered_at");
    assert_eq!(
        english,
        "Step 4, request 3, attempt 2: the tanks that can be picked fill by their weight: A 5→10, \
         B −1→2. Already tried in this request, so not in this fill: C. A is the fullest at 10 \
         and is picked. A drains by 8: 10→2. A answers request 3, at attempt 2."
    );
}

#[test]
fn long_lists_name_eight_and_count_the_rest() {
    let weights = ["1"; 12].join(",");
    let (said, english) = told(&weights, "", 1, Phase::Pick, TieRule::First);
    let Part::Said(more) = &said[1].params[0].1 else {
        panic!("{said:?}")
    };
    assert_eq!(more.code, "narration.more");
    assert!(english.contains("A, B, C, D, E, F, G, H and 4 more tie at 1; A wins"));
    // The changes too, joined by commas.
    assert!(english.contains("G 0→1, H 0→1 and 4 more."), "{english}");
}

#[test]
fn every_code_is_the_catalogs_with_its_parameters() {
    for message in samples() {
        let (params, _) = crate::message::entry(message.code).expect(message.code);
        let names: Vec<&str> = message.params.iter().map(|(n, _)| *n).collect();
        assert_eq!(names, params, "{}", message.code);
    }
}

#[test]
fn lists_and_numbers() {
    use english::list;
    assert_eq!(list(&["A"]), "A");
    assert_eq!(list(&["A", "B"]), "A and B");
    assert_eq!(list(&["A", "B", "C"]), "A, B and C");
    assert_eq!(signed(-5), "−5");
    assert_eq!(signed(i64::MIN), "−9223372036854775808");
}

#[test]
fn a_weight_set_with_reset_says_the_run_starts_over_and_keep_does_not() {
    let scenario = "@1 C max_fails=1 timeout=60; @1 C dead; @6 C alive; @7 A=4 reset";
    let (said, english) = told("5,3,2", scenario, 8, Phase::Fill, TieRule::First);
    assert_eq!(said[1].code, "narration.reset");
    assert!(
        english.starts_with(
            "Events before this pick: @7 A=4 reset. With reset the run starts over as after nginx \
             -s reload: every level is back to 0 and every server's failures are forgotten. Step 8"
        ),
        "{english}"
    );
    let (said, _) = told("5,3,2", "@3 A=4", 3, Phase::Fill, TieRule::First);
    assert_eq!(said[0].code, "narration.events");
    assert!(said.iter().all(|s| s.code != "narration.reset"));
}

/// The Σ line of step `t` at `phase` of `weights` under `scenario` and `subtract`, in English.
fn sum_said(weights: &str, scenario: &str, subtract: SubtractRule, t: u64, phase: Phase) -> String {
    let options = AlgorithmOptions {
        subtract,
        ..AlgorithmOptions::default()
    };
    let (weights, trace) = run_to(weights, scenario, &options, t);
    let step = trace.current();
    let sum = match (step, phase) {
        (Some(step), Phase::Fill | Phase::Pick) => step.filled.iter().sum(),
        (Some(step), _) => step.drained.iter().sum(),
        (None, _) => 0,
    };
    english_all(&[sum_line(step, phase, sum)], &weights)
}

#[test]
fn the_sum_line_says_what_the_fill_added_and_when_the_levels_no_longer_balance() {
    let total = SubtractRule::Total;
    assert_eq!(
        sum_said("5,3,2", "", total, 0, Phase::Start),
        "Σ levels = 0: conserved"
    );
    assert_eq!(
        sum_said("5,3,2", "", total, 3, Phase::Fill),
        "Σ levels = 10: the 10 just added"
    );
    assert_eq!(
        sum_said("5,3,2", "", total, 3, Phase::Drain),
        "Σ levels = 0: conserved"
    );
    // C out from step 2: the fill adds 8, the winner gives 8 back.
    let out = "@2 C down";
    assert_eq!(
        sum_said("5,3,2", out, total, 2, Phase::Pick),
        "Σ levels = 8: the 8 just added"
    );
    assert_eq!(
        sum_said("5,3,2", out, total, 2, Phase::Drain),
        "Σ levels = 0: conserved"
    );
    // The broken rule: A gives back 5 of the 10 added.
    assert_eq!(
        sum_said("5,3,2", "", SubtractRule::Own, 1, Phase::Drain),
        "Σ levels = 5: not 0, the levels no longer balance"
    );
}
