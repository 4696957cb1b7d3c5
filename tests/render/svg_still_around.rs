//! What a still draws around its tanks: everything (the step and its phases, the narration, Σ,
//! the key and the footer), the key alone under them (the print handout, which says the step
//! and its narration itself), or nothing (`svg --bare`).

use roxmltree::Document;
use swrr_viz::engine::RunSpec;
use swrr_viz::render::{svg_document, Around, SvgKind, SvgRequest};

use crate::svg_read::{check_root, elements, number, parse, weights};

fn still(around: Around) -> String {
    let request = SvgRequest {
        kind: SvgKind::Still,
        step: Some(5),
        around,
        ..Default::default()
    };
    let spec = RunSpec::new(weights("5,3,2"), Default::default(), Default::default());
    svg_document(&spec, &request).unwrap()
}

/// The texts drawn (not the title or the description), in order.
fn drawn_texts(doc: &Document<'_>) -> Vec<String> {
    doc.descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| {
            n.descendants()
                .filter(|d| d.is_text())
                .filter_map(|d| d.text())
                .collect()
        })
        .collect()
}

/// The lowest edge of the tanks' bodies, and the picture's height.
fn bottoms(doc: &Document<'_>) -> (f64, f64) {
    let tanks = elements(doc, "rect", "tank-body")
        .iter()
        .map(|r| number(r, "y") + number(r, "height"))
        .fold(f64::MIN, f64::max);
    (tanks, number(&doc.root_element(), "height"))
}

#[test]
fn the_key_alone_stands_under_the_tanks_with_the_steps_numbers() {
    let whole = still(Around::Everything);
    let keyed = still(Around::Key);
    let (whole_doc, keyed_doc) = (parse(&whole), parse(&keyed));
    check_root(&keyed_doc);
    let texts = drawn_texts(&keyed_doc);
    for entry in [
        "Dotted line, its number in small type: the level before the step",
        "Hatched, ↓ −10: the water A drains",
        "A’s level after the drain",
    ] {
        assert!(texts.iter().any(|t| t == entry), "{entry} in {texts:?}");
    }
    // No step over the tanks, no narration, Σ or footer.
    for absent in ["Step 5", "fill", "Σ levels = 0: conserved"] {
        assert!(!texts.iter().any(|t| t == absent), "{absent} in {texts:?}");
    }
    assert!(
        !texts.iter().any(|t| t.starts_with("5,3,2 · W = 10")),
        "the footer"
    );
    assert!(
        !texts.iter().any(|t| t.starts_with("Step 5: every tank")),
        "the narration"
    );
    assert!(drawn_texts(&whole_doc)
        .iter()
        .any(|t| t.starts_with("5,3,2 · W = 10")));
    // The key's lines between the tanks' bottom and the picture's, which is no taller than the
    // whole still.
    let (tanks_bottom, height) = bottoms(&keyed_doc);
    let key = elements(&keyed_doc, "g", "key");
    assert_eq!(key.len(), 1);
    // Three lines: each entry's words (and the `→ −5` sample on the last line's baseline).
    let mut baselines: Vec<f64> = key[0]
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|t| number(&t, "y"))
        .collect();
    baselines.dedup();
    assert_eq!(baselines.len(), 3, "{baselines:?}");
    assert!(
        baselines[0] > tanks_bottom + 10.0,
        "{baselines:?} under {tanks_bottom}"
    );
    assert!(
        *baselines.last().unwrap() < height - 4.0,
        "{baselines:?} in {height}"
    );
    assert!(height < bottoms(&whole_doc).1 - 40.0);
}

#[test]
fn nothing_around_is_the_tanks_alone() {
    let bare = still(Around::Nothing);
    let doc = parse(&bare);
    check_root(&doc);
    assert!(elements(&doc, "g", "key").is_empty());
    assert_eq!(elements(&doc, "g", "tank").len(), 3);
    let (tanks_bottom, height) = bottoms(&doc);
    // Under the tanks only their names, picks and badges (three lines) and the margin.
    assert!(height - tanks_bottom < 80.0, "{tanks_bottom} of {height}");
    let texts = drawn_texts(&doc);
    assert!(
        !texts
            .iter()
            .any(|t| t == "Step 5" || t.contains("Dotted line")),
        "{texts:?}"
    );
    // The key alone adds the key's three lines and its `→ −5` sample, nothing else.
    let keyed = still(Around::Key);
    assert_eq!(drawn_texts(&parse(&keyed)).len(), texts.len() + 4);
}
