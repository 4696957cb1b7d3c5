//! The winner's words in a still stay apart: its level after the fill, the drain's `↓ −W` and
//! the level it ends at (`→ 55`) each on a line of their own. With "subtract own" at step 30 of
//! 5,3,2 (the lesson's chapter 5, on the handout) A drains 5 in a tank 60 high, and `→ 55` was
//! drawn 2 px under `60`, over it.

use roxmltree::Document;
use swrr_viz::engine::{AlgorithmOptions, RunSpec, SubtractRule};
use swrr_viz::render::{svg_document, Around, SvgKind, SvgRequest};

use crate::svg_read::{font, has_class, number, parse, weights};

fn still(typed: &str, options: AlgorithmOptions, step: u64, width: u32) -> String {
    let request = SvgRequest {
        kind: SvgKind::Still,
        step: Some(step),
        width: Some(width),
        around: Around::Key,
        ..Default::default()
    };
    svg_document(
        &RunSpec::new(weights(typed), options, Default::default()),
        &request,
    )
    .unwrap()
}

/// The winner's level and drain words, as (words, baseline), top down.
fn winner_words(doc: &Document<'_>) -> Vec<(String, f64)> {
    let winner = doc
        .descendants()
        .filter(|n| n.has_tag_name("g") && n.attribute("data-node").is_some())
        .find(|tank| tank.descendants().any(|n| has_class(&n, "drain-label")))
        .expect("a winner's tank");
    let mut words: Vec<(String, f64)> = winner
        .descendants()
        .filter(|n| {
            n.has_tag_name("text") && (has_class(n, "level") || has_class(n, "drain-label"))
        })
        .map(|n| (n.text().unwrap_or_default().to_string(), number(&n, "y")))
        .collect();
    words.sort_by(|a, b| a.1.total_cmp(&b.1));
    words
}

#[test]
fn the_winners_level_drain_and_end_level_are_apart() {
    let own = AlgorithmOptions {
        subtract: SubtractRule::Own,
        ..Default::default()
    };
    for (typed, options, steps) in [
        ("5,3,2", own, 1..=40),
        ("5,3,2", AlgorithmOptions::default(), 1..=10),
        ("7,2,1", AlgorithmOptions::default(), 1..=10),
    ] {
        for width in [400, 640] {
            for step in steps.clone() {
                let svg = still(typed, options, step, width);
                let doc = parse(&svg);
                let font = font(&doc);
                let words = winner_words(&doc);
                assert_eq!(words.len(), 3, "{typed} step {step}: {words:?}");
                for pair in words.windows(2) {
                    assert!(
                        pair[1].1 - pair[0].1 >= font,
                        "{typed} ({:?}) step {step} at {width} px: \"{}\" at {:.2} and \"{}\" at {:.2}, less than a line ({font:.2}) apart",
                        options.subtract,
                        pair[0].0,
                        pair[0].1,
                        pair[1].0,
                        pair[1].1
                    );
                }
            }
        }
    }
}
