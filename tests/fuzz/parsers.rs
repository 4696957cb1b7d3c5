//! The parsers: weights, scenario text and nginx `upstream` blocks; what they accept reads back
//! the same from its canonical text.

use swrr_viz::input::{parse_upstream, Scenario, Weights, MAX_NAME_CHARS, MAX_NODES, MAX_WEIGHT};
use swrr_viz::render::render_upstream;

use crate::gen::Gen;
use crate::{clear, fuzz};

/// What the weight parser must guarantee for any text.
pub fn check_weights(text: &str) -> Option<Weights> {
    match text.parse::<Weights>() {
        Ok(weights) => {
            let n = weights.len();
            assert!((1..=MAX_NODES).contains(&n), "{n} nodes accepted");
            assert!(weights.total() > 0, "all zero accepted");
            let mut names = std::collections::HashSet::new();
            for node in weights.nodes() {
                assert!(node.weight <= MAX_WEIGHT, "weight {} accepted", node.weight);
                assert!(
                    node.name.chars().count() <= MAX_NAME_CHARS,
                    "long name accepted"
                );
                assert!(!node.name.is_empty(), "empty name accepted");
                assert!(
                    !node
                        .name
                        .chars()
                        .any(|c| c.is_control() || crate::direction_control(c)),
                    "name {:?} with a control character accepted",
                    node.name
                );
                assert!(
                    names.insert(node.name.clone()),
                    "duplicate name {}",
                    node.name
                );
            }
            let again: Weights = weights
                .canonical_text()
                .parse()
                .unwrap_or_else(|e| panic!("canonical text refused: {e}"));
            assert_eq!(
                again.nodes(),
                weights.nodes(),
                "canonical text changes the nodes"
            );
            Some(weights)
        }
        Err(e) => {
            clear(&e.to_string(), "weights");
            None
        }
    }
}

#[test]
#[ignore = "fuzz: scripts/fuzz.sh"]
fn fuzz_weights() {
    fuzz("weights", Gen::weights_text, |text, _| {
        check_weights(text).is_some()
    });
}

#[test]
#[ignore = "fuzz: scripts/fuzz.sh"]
fn fuzz_scenario() {
    let bases = [
        "5,3,2",
        "A=5 B=3 C=2 D=0",
        "gpu=1000000000 cpu=1",
        "1",
        "1,2,3,4,5,6,7,8,9,10,11,12",
    ];
    let bases: Vec<Weights> = bases.iter().map(|b| b.parse().unwrap()).collect();
    let mut which = 0;
    fuzz(
        "scenario",
        |g| {
            which = g.below(bases.len() as u64) as usize;
            let names: Vec<String> = bases[which]
                .nodes()
                .iter()
                .map(|n| n.name.clone())
                .collect();
            format!("{which}|{}", g.scenario_text(&names))
        },
        |input, _| {
            let (which, text) = input.split_once('|').unwrap();
            let weights = &bases[which.parse::<usize>().unwrap()];
            match Scenario::parse(text, weights) {
                Ok(scenario) => {
                    let canonical = scenario.to_string();
                    let again = Scenario::parse(&canonical, weights)
                        .unwrap_or_else(|e| panic!("canonical text {canonical:?} refused: {e}"));
                    assert_eq!(
                        again.events(),
                        scenario.events(),
                        "canonical text changes the events"
                    );
                    true
                }
                Err(e) => {
                    clear(&e.to_string(), "scenario");
                    false
                }
            }
        },
    );
}

#[test]
#[ignore = "fuzz: scripts/fuzz.sh"]
fn fuzz_nginx_upstream() {
    fuzz(
        "nginx-upstream",
        Gen::nginx_text,
        |text, _| match parse_upstream(text) {
            Ok(upstream) => {
                assert!(!upstream.weights.is_empty());
                let again = parse_upstream(
                    &render_upstream(&upstream.weights, &upstream.scenario).unwrap(),
                )
                .unwrap_or_else(|e| panic!("the rendered block is refused: {e}"));
                assert_eq!(again.weights.integers(), upstream.weights.integers());
                assert_eq!(again.scenario, upstream.scenario);
                true
            }
            Err(e) => {
                clear(&e.to_string(), "nginx upstream");
                false
            }
        },
    );
}
