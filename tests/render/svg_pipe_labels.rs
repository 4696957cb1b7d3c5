//! The `+w`s over the pipes never run into a neighbour (QA s23 F13: with 16 nodes at 640 px,
//! `+15` ran over P's pipe and `+16` stood on it beside): no two labels' boxes overlap and no
//! label crosses another tank's pipe, for many tanks on a desktop's and a phone's width.

use swrr_viz::engine::{Swrr, Trace};
use swrr_viz::render::{tanks_svg, Phase, SvgOptions, TankFrame};

use crate::svg_read::{attr, elements, number, parse, range, weights};

/// A `+w`'s text size in em of the tanks' (the pictures' style: `0.8em`), and the advance of
/// one of its characters, in em of that, measured bold as a changed `+w` is drawn (wider than
/// the monospace 0.6 em it is drawn in otherwise).
const LABEL_EM: f64 = 0.8;
const BOLD_ADVANCE_EM: f64 = 0.72;

/// A box: left, right, top, bottom.
type Box = (f64, f64, f64, f64);
/// A `+w`: its tank, its text and its box.
type Label = (usize, String, Box);
/// A pipe: its tank, its left and right edges.
type Pipe = (usize, f64, f64);

fn overlap(a: Box, b: Box) -> bool {
    a.0 < b.1 && b.0 < a.1 && a.2 < b.3 && b.2 < a.3
}

/// The `+w` boxes and the pipes' spans (left, right) of the tanks of weights 1..=`n` at step 8,
/// `width` px wide, each with its tank's index.
fn labels_and_pipes(n: usize, width: u32) -> (Vec<Label>, Vec<Pipe>) {
    let text: Vec<String> = (1..=n).map(|w| w.to_string()).collect();
    let w = weights(&text.join(","));
    let mut trace = Trace::new(Swrr::new(&w));
    let view = TankFrame::at(&mut trace, 8, Phase::Drain).unwrap();
    let options = SvgOptions {
        width: Some(width),
        ..SvgOptions::default()
    };
    let svg = tanks_svg(&w, &view, range(&w, 10), &options).unwrap();
    let doc = parse(&svg);
    let font = doc
        .descendants()
        .find(|g| g.has_tag_name("g") && g.attribute("font-size").is_some())
        .map(|g| number(&g, "font-size"))
        .unwrap();
    let size = font * LABEL_EM;
    let tank = |node: roxmltree::Node<'_, '_>| -> usize {
        attr(&node.parent().unwrap(), "data-node").parse().unwrap()
    };
    let labels = elements(&doc, "text", "pipe-label")
        .into_iter()
        .map(|label| {
            let text = label.text().unwrap().to_string();
            let (x, y) = (number(&label, "x"), number(&label, "y"));
            let wide = text.chars().count() as f64 * size * BOLD_ADVANCE_EM;
            (tank(label), text, (x, x + wide, y - size, y))
        })
        .collect();
    let pipes = elements(&doc, "rect", "pipe")
        .into_iter()
        .map(|pipe| {
            let x = number(&pipe, "x");
            (tank(pipe), x, x + number(&pipe, "width"))
        })
        .collect();
    (labels, pipes)
}

#[test]
fn no_pipe_label_runs_into_another_tanks_label_or_pipe() {
    // Nodes, width and the labels drawn: 24 and 38 tanks on a phone are too narrow for texts.
    let cases = [
        (12, 640, 12),
        (16, 640, 16),
        (24, 640, 24),
        (38, 640, 38),
        (12, 390, 12),
        (16, 390, 16),
        (24, 390, 0),
        (38, 390, 0),
    ];
    for (n, width, drawn) in cases {
        let (labels, pipes) = labels_and_pipes(n, width);
        let case = format!("{n} nodes at {width} px");
        assert_eq!(labels.len(), drawn, "{case}");
        assert_eq!(pipes.len(), n, "{case}");
        for (k, (i, text, a)) in labels.iter().enumerate() {
            assert_eq!(text, &format!("+{}", i + 1), "{case}: the weight it adds");
            assert!(
                a.0 >= 0.0 && a.1 <= f64::from(width),
                "{case}: {text} inside"
            );
            for (j, other, b) in &labels[k + 1..] {
                assert!(
                    !overlap(*a, *b),
                    "{case}: tank {i}'s {text} on tank {j}'s {other}"
                );
            }
            for (j, left, right) in &pipes {
                assert!(
                    j == i || a.1 <= *left || a.0 >= *right,
                    "{case}: tank {i}'s {text} ({:.1}–{:.1}) on tank {j}'s pipe ({left:.1}–{right:.1})",
                    a.0,
                    a.1
                );
            }
        }
    }
}
