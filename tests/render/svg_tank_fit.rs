//! What a tank picture draws on a tank stays inside it (QA s24): a pipe, even of a weight a
//! scenario raised far above the typed ones (`@2 B=80` drew one 1460 px wide); the drain's label
//! among many tanks (`−136` over sixteen ran over the outline); and a refused winner's ✗ keeps
//! off its drain's words (at 320 px it stood on `↓ −10`).

use roxmltree::{Document, Node};
use swrr_viz::engine::RunSpec;
use swrr_viz::input::Scenario;
use swrr_viz::render::{svg_document, Phase, SvgKind, SvgRequest};

use crate::svg_read::{elements, has_class, number, parse, weights};

/// The advance of a tank text's character, in em (monospace); the room the drain's label keeps
/// from the outline at each side (its halo is 2 px).
const CHAR_EM: f64 = 0.6;
const CLEARANCE: f64 = 2.0;

/// `kind` of `typed` with `scenario` at `step` (drain), `width` px wide.
fn picture(typed: &str, scenario: &str, kind: SvgKind, step: u64, width: u32) -> String {
    let w = weights(typed);
    let scenario = Scenario::parse(scenario, &w).unwrap();
    let request = SvgRequest {
        kind,
        step: (kind != SvgKind::Animated).then_some(step),
        phase: (kind == SvgKind::Tanks).then_some(Phase::Drain),
        width: Some(width),
        ..Default::default()
    };
    svg_document(&RunSpec::new(w, Default::default(), scenario), &request).unwrap()
}

/// The tanks' text size (their `g`'s: monospace, as no other `g` whose text is sized).
fn font(doc: &Document<'_>) -> f64 {
    doc.descendants()
        .find(|g| {
            g.has_tag_name("g")
                && g.attribute("font-size").is_some()
                && g.attribute("class") == Some("mono")
        })
        .map(|g| number(&g, "font-size"))
        .unwrap()
}

/// Every tank's body: left and right edges.
fn bodies(doc: &Document<'_>) -> Vec<(f64, f64)> {
    elements(doc, "rect", "tank-body")
        .iter()
        .map(|b| (number(b, "x"), number(b, "x") + number(b, "width")))
        .collect()
}

/// The tank whose middle is nearest `x`.
fn tank_at(bodies: &[(f64, f64)], x: f64) -> (f64, f64) {
    let off = |&(l, r): &(f64, f64)| ((l + r) / 2.0 - x).abs();
    *bodies
        .iter()
        .min_by(|a, b| off(a).total_cmp(&off(b)))
        .unwrap()
}

fn kinds() -> [SvgKind; 3] {
    [SvgKind::Tanks, SvgKind::Still, SvgKind::Animated]
}

#[test]
fn no_pipe_is_wider_than_its_tank_whatever_a_scenario_raises() {
    let twelve: Vec<String> = (1..=12).map(|w| w.to_string()).collect();
    let twelve = twelve.join(",");
    // B raised 16× over the largest typed weight; L (12) raised 100×.
    let cases = [("5,3,2", "@2 B=80", 640), ("5,3,2", "@2 B=80", 390)]
        .into_iter()
        .chain([640, 390].map(|width| (twelve.as_str(), "@2 L=1200", width)));
    for (typed, scenario, width) in cases {
        for kind in kinds() {
            let svg = picture(typed, scenario, kind, 3, width);
            let doc = parse(&svg);
            let bodies = bodies(&doc);
            let pipes = elements(&doc, "rect", "pipe");
            assert!(!pipes.is_empty());
            for pipe in pipes {
                let (x, w) = (number(&pipe, "x"), number(&pipe, "width"));
                let (left, right) = tank_at(&bodies, x + w / 2.0);
                assert!(
                    x >= left && x + w <= right,
                    "{typed} {scenario}, {kind:?} at {width} px: a pipe at {x:.2} {w:.2} wide over a tank {left:.2}–{right:.2}"
                );
            }
        }
    }
}

/// Each drain label: its middle, its width as drawn (`textLength`, or its characters').
fn drain_labels(doc: &Document<'_>) -> Vec<(String, f64, f64)> {
    let font = font(doc);
    doc.descendants()
        .filter(|n| n.has_tag_name("text") && n.text().is_some_and(|t| t.starts_with(['−', '↓'])))
        .filter(|n| n.ancestors().any(|a| has_class(&a, "drain-label")))
        .map(|n| {
            let text = n.text().unwrap().to_string();
            let x = match n.attribute("x") {
                Some(_) => number(&n, "x"),
                // The animation's: in a `g` moved to the tank's middle.
                None => translate_x(&n),
            };
            let wide = n.attribute("textLength").map_or_else(
                || text.chars().count() as f64 * font * CHAR_EM,
                |l| l.parse().unwrap(),
            );
            (text, x, wide)
        })
        .collect()
}

fn translate_x(node: &Node<'_, '_>) -> f64 {
    let moved = node
        .ancestors()
        .find_map(|a| {
            a.attribute("transform")
                .filter(|t| t.starts_with("translate("))
        })
        .unwrap();
    moved["translate(".len()..]
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

#[test]
fn the_drain_label_stays_inside_the_picked_tank() {
    for n in [12, 16, 24, 38] {
        let typed: Vec<String> = (1..=n).map(|w| w.to_string()).collect();
        let typed = typed.join(",");
        for width in [640, 390] {
            for kind in kinds() {
                let svg = picture(&typed, "", kind, 8, width);
                let doc = parse(&svg);
                let bodies = bodies(&doc);
                let labels = drain_labels(&doc);
                let case = format!("{n} nodes, {kind:?} at {width} px");
                // 24 and 38 tanks on a phone are too narrow for texts.
                assert_eq!(labels.is_empty(), width == 390 && n >= 24, "{case}");
                for (text, x, wide) in labels {
                    let (left, right) = tank_at(&bodies, x);
                    // The picture writes its numbers to 0.01 px.
                    assert!(
                        x - wide / 2.0 >= left + CLEARANCE - 0.02
                            && x + wide / 2.0 <= right - CLEARANCE + 0.02,
                        "{case}: \"{text}\" spans {:.2}–{:.2} in a tank {left:.2}–{right:.2}",
                        x - wide / 2.0,
                        x + wide / 2.0
                    );
                }
            }
        }
    }
}

/// Top and bottom of a text on its baseline at `font` px, with its halo.
fn text_box(y: f64, font: f64) -> (f64, f64) {
    (y - font * 0.75 - 2.0, y + font * 0.2 + 2.0)
}

#[test]
fn a_refused_winners_cross_keeps_off_its_drains_words() {
    let scenario = "@1 C max_fails=1 timeout=60; @1 C dead";
    for width in [320, 390, 640] {
        for kind in [SvgKind::Still, SvgKind::Tanks] {
            let svg = picture("5,3,2", scenario, kind, 3, width);
            let doc = parse(&svg);
            let font = font(&doc);
            let tank = doc
                .descendants()
                .find(|n| n.attribute("data-refused") == Some("true"))
                .unwrap();
            let cross = tank
                .descendants()
                .find(|n| has_class(n, "refused-mark"))
                .unwrap();
            // The ✗ is 2.6 em large, its ink about three quarters of that, its halo 5 px wide.
            let (y, half) = (number(&cross, "y"), font * 2.6 * 0.75 / 2.0 + 2.5);
            let words: Vec<_> = tank
                .descendants()
                .filter(|n| n.has_tag_name("text"))
                .filter(|n| {
                    has_class(n, "drain-label") || n.text().is_some_and(|t| t.starts_with('→'))
                })
                .collect();
            assert_eq!(words.len(), if kind == SvgKind::Still { 2 } else { 1 });
            for text in words {
                let (top, bottom) = text_box(number(&text, "y"), font);
                assert!(
                    y + half <= top || y - half >= bottom,
                    "{kind:?} at {width} px: the ✗ ({:.1}–{:.1}) on \"{}\" ({top:.1}–{bottom:.1})",
                    y - half,
                    y + half,
                    text.text().unwrap()
                );
            }
        }
    }
}
