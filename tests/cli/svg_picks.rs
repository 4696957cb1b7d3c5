//! `swrr-viz svg`: the counts under the tanks take their short words, all of them, where any
//! is wider than its slot (`12次` for `12 次`), as the page's tanks do; English has one form.

use crate::svg::svg;

/// Each tank's count under it, as written, beside its `data-picks` (a still or a frame of tanks).
fn counts(svg: &str) -> Vec<(String, String)> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .filter(|n| n.attribute("data-picks").is_some())
        .map(|tank| {
            let text = tank
                .descendants()
                .find(|n| n.attribute("class") == Some("picks"))
                .and_then(|n| n.text())
                .unwrap_or_default();
            (
                tank.attribute("data-picks").unwrap().to_string(),
                text.to_string(),
            )
        })
        .collect()
}

const TWELVE: &str = "12,11,10,9,8,7,6,5,4,3,2,1";

#[test]
fn twelve_tanks_on_a_phone_count_in_short_chinese_words() {
    for kind in ["tanks", "still"] {
        let zh = svg(&[
            TWELVE, "--kind", kind, "--step", "100", "--width", "390", "--lang", "zh",
        ]);
        let counts = counts(&zh);
        assert_eq!(counts.len(), 12, "{kind}");
        assert!(
            counts.iter().any(|(picks, _)| picks.len() == 2),
            "{kind}: some count of two digits"
        );
        for (picks, text) in &counts {
            assert_eq!(text, &format!("{picks}次"), "{kind}");
        }
        // A count wider than its slot still is drawn narrower, never cut.
        assert!(
            zh.contains(">15次</text>") && zh.contains(r#"textLength="#),
            "{kind}"
        );
        let en = svg(&[TWELVE, "--kind", kind, "--step", "100", "--width", "390"]);
        for (picks, text) in &self::counts(&en) {
            assert_eq!(text, &format!("{picks}×"), "{kind}");
        }
    }
    // The animated picture's frames alike: no count with a space.
    let animated = svg(&[TWELVE, "--steps", "20", "--width", "390", "--lang", "zh"]);
    assert!(animated.contains(">1次</text>") && !animated.contains(" 次</text>"));
}

#[test]
fn counts_that_fit_keep_their_usual_chinese_words() {
    let zh = svg(&["5,3,2", "--kind", "tanks", "--step", "10", "--lang", "zh"]);
    let counts = counts(&zh);
    assert_eq!(counts.len(), 3);
    for (picks, text) in &counts {
        assert_eq!(text, &format!("{picks} 次"));
    }
}
