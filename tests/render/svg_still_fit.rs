//! Every text a still draws in or on a tank stays inside that tank, at any number of tanks and
//! width: among 24 tanks at 640 px `−300` ran into its neighbours, `−400` beside a dotted line
//! was covered by the next tank's level and the winner's `→ −360` ran out of its tank. A level
//! wider than its tank is drawn narrower, down to half its width, or left out; the frame of the
//! tanks draws its levels by the same rule.

use roxmltree::{Document, Node};
use swrr_viz::engine::RunSpec;
use swrr_viz::render::{svg_document, Phase, SvgKind, SvgRequest};

use crate::svg_read::{font, has_class, number, parse, weights};

/// The advance of a tank text's character, in em (monospace); a still's level before the step
/// is drawn 0.75 em large.
const CHAR_EM: f64 = 0.6;
const BEFORE_EM: f64 = 0.75;
/// The numbers of the pictures are written to 0.01 px.
const ROUNDING: f64 = 0.02;

const TWENTY_FOUR: &str = "100,90,80,70,60,50,40,30,20,10,9,8,7,6,5,4,3,2,1,1,1,1,1,1";
const SIXTEEN: &str = "16,15,14,13,12,11,10,9,8,7,6,5,4,3,2,1";

fn picture(typed: &str, kind: SvgKind, width: u32) -> String {
    let request = SvgRequest {
        kind,
        step: Some(3),
        phase: (kind == SvgKind::Tanks).then_some(Phase::Drain),
        width: Some(width),
        ..Default::default()
    };
    svg_document(
        &RunSpec::new(weights(typed), Default::default(), Default::default()),
        &request,
    )
    .unwrap()
}

/// A text in a tank: its tank, its words, its left and right as drawn, its class.
#[derive(Debug)]
struct Placed {
    tank: usize,
    text: String,
    left: f64,
    right: f64,
    class: &'static str,
}

/// Every tank's body (left, right) and the texts drawn in or on it: its level numbers, the
/// drain's label and a still's small level before the step (the words under it and the `+w`
/// over it have rules of their own).
fn texts_in_tanks(doc: &Document<'_>) -> (Vec<(f64, f64)>, Vec<Placed>) {
    let font = font(doc);
    let tanks: Vec<Node<'_, '_>> = doc
        .descendants()
        .filter(|n| n.has_tag_name("g") && n.attribute("data-node").is_some())
        .collect();
    let mut bodies = Vec::new();
    let mut placed = Vec::new();
    for (i, tank) in tanks.iter().enumerate() {
        let body = tank
            .descendants()
            .find(|n| has_class(n, "tank-body"))
            .unwrap();
        bodies.push((
            number(&body, "x"),
            number(&body, "x") + number(&body, "width"),
        ));
        for text in tank.descendants().filter(|n| n.has_tag_name("text")) {
            let Some((class, em)) = [
                ("level", 1.0),
                ("drain-label", 1.0),
                ("before-label", BEFORE_EM),
            ]
            .into_iter()
            .find(|(class, _)| has_class(&text, class)) else {
                continue;
            };
            let words = text.text().unwrap().to_string();
            let wide = text.attribute("textLength").map_or_else(
                || words.chars().count() as f64 * font * em * CHAR_EM,
                |l| l.parse().unwrap(),
            );
            let x = number(&text, "x");
            let left = match text.attribute("text-anchor") {
                Some("middle") => x - wide / 2.0,
                _ => x,
            };
            placed.push(Placed {
                tank: i,
                text: words,
                left,
                right: left + wide,
                class,
            });
        }
    }
    (bodies, placed)
}

fn assert_inside(case: &str, bodies: &[(f64, f64)], placed: &[Placed]) {
    for text in placed {
        let (left, right) = bodies[text.tank];
        assert!(
            text.left >= left - ROUNDING && text.right <= right + ROUNDING,
            "{case}: {} \"{}\" spans {:.2}–{:.2} in tank {} at {left:.2}–{right:.2}",
            text.class,
            text.text,
            text.left,
            text.right,
            text.tank
        );
    }
}

#[test]
fn every_text_in_a_still_stays_inside_its_tank() {
    for (typed, width) in [(TWENTY_FOUR, 640), (TWENTY_FOUR, 1280), (SIXTEEN, 320)] {
        for kind in [SvgKind::Still, SvgKind::Tanks] {
            let svg = picture(typed, kind, width);
            let doc = parse(&svg);
            let (bodies, placed) = texts_in_tanks(&doc);
            let case = format!("{} tanks, {kind:?} at {width} px", bodies.len());
            assert_inside(&case, &bodies, &placed);
            // Every tank keeps its level (none is wider than twice its tank's room here), and
            // the still's winner its level after the drain.
            let levels = placed.iter().filter(|t| t.class == "level").count();
            let winner = usize::from(kind == SvgKind::Still);
            assert_eq!(levels, bodies.len() + winner, "{case}: {placed:#?}");
        }
    }
}

#[test]
fn among_24_tanks_at_640_px_a_level_wider_than_its_tank_is_drawn_narrower() {
    let svg = picture(TWENTY_FOUR, SvgKind::Still, 640);
    let doc = parse(&svg);
    let (bodies, placed) = texts_in_tanks(&doc);
    let texts: Vec<(usize, &str, &str)> = placed
        .iter()
        .filter(|t| t.tank < 3)
        .map(|t| (t.tank, t.class, t.text.as_str()))
        .collect();
    // A: −400 → −300 (its dotted line's number drawn too); B: −420 → −330 (the line too near
    // its level for a number); C, picked: 160 → 240, drains 600 to −360, without its arrow.
    assert_eq!(
        texts,
        [
            (0, "level", "−300"),
            (0, "before-label", "−400"),
            (1, "level", "−330"),
            (2, "level", "240"),
            (2, "drain-label", "−600"),
            (2, "level", "−360"),
        ]
    );
    // Each as wide as the tank's room inside its outline (2 px each side), or for the smaller
    // number from its place 4 px inside the left edge.
    let room = bodies[0].1 - bodies[0].0 - 4.0;
    for text in &placed[..6] {
        let wide = text.right - text.left;
        let expected = if text.class == "before-label" {
            room - 2.0
        } else {
            room
        };
        assert!(
            (wide - expected).abs() < ROUNDING,
            "{text:?}: {wide:.2} px, not {expected:.2}"
        );
    }
    // No text of a tank reaches the next tank's.
    for pair in placed.windows(2) {
        if pair[0].tank != pair[1].tank {
            assert!(pair[0].right < pair[1].left, "{pair:#?}");
        }
    }
}

#[test]
fn three_tanks_keep_their_whole_texts() {
    let svg = picture("5,3,2", SvgKind::Still, 640);
    assert!(!svg.contains("textLength"), "{svg}");
    assert!(svg.contains("text-anchor=\"middle\">→ −4</text>"), "{svg}");
}
