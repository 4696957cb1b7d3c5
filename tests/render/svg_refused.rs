//! A refused attempt in the tank pictures, as the page draws it: the winner that refused the
//! connection carries `data-refused`, a red outline, a ✗ and `refused` (not `picked`); and the
//! animation opens on step 0's levels, not the last step's.

use roxmltree::Document;
use swrr_viz::engine::RunSpec;
use swrr_viz::input::Scenario;
use swrr_viz::render::{svg_document, Phase, SvgKind, SvgRequest};

use crate::svg_read::{attr, has_class, parse, tanks, weights};

/// C refuses at step 3 (request 3, attempt 1); request 3 is answered by A at step 4.
const REFUSING: &str = "@1 C max_fails=1 timeout=60; @1 C dead; @6 C alive";

fn spec(scenario: &str) -> RunSpec {
    let weights = weights("5,3,2");
    let scenario = Scenario::parse(scenario, &weights).unwrap();
    RunSpec::new(weights, Default::default(), scenario)
}

fn picture(kind: SvgKind, step: Option<u64>, phase: Option<Phase>, steps: Option<u64>) -> String {
    let request = SvgRequest {
        kind,
        step,
        phase,
        steps,
        ..Default::default()
    };
    svg_document(&spec(REFUSING), &request).unwrap()
}

/// A tank's `data-refused`, its badge's text and `data-i18n`, and whether it carries a ✗.
type Marks = (Option<String>, Option<(String, String)>, bool);

/// Per tank: its [`Marks`].
fn marks(doc: &Document<'_>) -> Vec<Marks> {
    tanks(doc)
        .iter()
        .map(|tank| {
            let badge = tank
                .descendants()
                .find(|n| n.has_tag_name("text") && has_class(n, "badge"))
                .map(|n| {
                    (
                        n.text().unwrap().to_string(),
                        attr(&n, "data-i18n").to_string(),
                    )
                });
            let cross = tank
                .descendants()
                .any(|n| has_class(&n, "refused-mark") && n.text() == Some("✗"));
            (
                tank.attribute("data-refused").map(String::from),
                badge,
                cross,
            )
        })
        .collect()
}

fn badge(word: &str, key: &str) -> Option<(String, String)> {
    Some((word.to_string(), key.to_string()))
}

#[test]
fn the_tanks_and_the_still_mark_the_refused_winner_as_the_page_does() {
    for (kind, phase) in [
        (SvgKind::Tanks, Some(Phase::Pick)),
        (SvgKind::Tanks, Some(Phase::Drain)),
        (SvgKind::Still, None),
    ] {
        let svg = picture(kind, Some(3), phase, None);
        let doc = parse(&svg);
        let c = tanks(&doc)[2];
        assert_eq!(attr(&c, "data-selected"), "true", "{kind:?} {phase:?}");
        assert_eq!(
            marks(&doc),
            [
                (None, None, false),
                (None, None, false),
                (Some("true".into()), badge("refused", "tank.refused"), true),
            ],
            "{kind:?} {phase:?}: {svg}"
        );
        assert!(svg.contains(".tank[data-refused] .tank-body"), "{kind:?}");
    }
    // Before the pick nobody is marked; the retry that answers (step 4, A) is a plain pick.
    let fill = picture(SvgKind::Tanks, Some(3), Some(Phase::Fill), None);
    assert!(!fill.contains("data-refused"), "{fill}");
    let retry = picture(SvgKind::Tanks, Some(4), Some(Phase::Drain), None);
    let doc = parse(&retry);
    assert_eq!(
        marks(&doc)[0],
        (None, badge("picked", "tank.picked"), false)
    );
    assert!(!retry.contains("refused-mark"), "{retry}");
}

#[test]
fn the_animation_marks_the_refused_attempt_at_its_pick_and_drain() {
    let svg = picture(SvgKind::Animated, None, None, Some(10));
    let doc = parse(&svg);
    let prefix = attr(&doc.root_element(), "id");
    let refused: Vec<(&str, &str, &str)> = doc
        .descendants()
        .filter(|n| n.attribute("data-refused").is_some())
        .map(|n| {
            (
                attr(&n, "data-step"),
                attr(&n, "data-phase"),
                attr(&n, "data-refused"),
            )
        })
        .collect();
    assert_eq!(refused, [("3", "pick", "2"), ("3", "drain", "2")]);
    // The mark C's refusal uses: a red outline, a ✗ and `refused`.
    let mark = doc
        .descendants()
        .find(|n| n.attribute("id") == Some(&format!("{prefix}r2")))
        .expect("the refused mark of C");
    let texts: Vec<&str> = mark
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .collect();
    assert_eq!(texts, ["✗", "refused"]);
    assert!(mark.descendants().any(|n| has_class(&n, "refused")));
    // It is shown in exactly two windows (step 3's pick and drain), and only C has one.
    let uses = |id: &str| {
        doc.descendants()
            .filter(|n| n.has_tag_name("use"))
            .filter(|n| n.attribute("href") == Some(&format!("#{prefix}{id}")))
            .count()
    };
    assert_eq!(uses("r2"), 1, "one window over the pick and the drain");
    let ids: Vec<&str> = doc
        .descendants()
        .filter_map(|n| n.attribute("id"))
        .collect();
    assert!(!ids.contains(&format!("{prefix}r0").as_str()), "{ids:?}");
    assert!(!ids.contains(&format!("{prefix}r1").as_str()), "{ids:?}");
}

#[test]
fn the_animation_opens_on_step_zeros_levels() {
    // The run ends away from 0 (C is out, B and A are not back at 0); the loop used to open by
    // sliding the last step's water back to 0 under the words of step 0.
    let svg = picture(SvgKind::Animated, None, None, Some(10));
    let doc = parse(&svg);
    let prefix = attr(&doc.root_element(), "id");
    let style = doc
        .descendants()
        .find(|n| n.has_tag_name("style"))
        .and_then(|n| n.text())
        .unwrap();
    let last = doc
        .descendants()
        .rfind(|n| n.attribute("data-levels").is_some())
        .map(|n| attr(&n, "data-levels"))
        .unwrap();
    assert_ne!(last, "0 0 0", "the run must end away from step 0's levels");
    for i in 0..3 {
        let keyframes = format!("@keyframes {prefix}w{i}{{");
        let start = style.find(&keyframes).unwrap() + keyframes.len();
        let first = &style[start..start + style[start..].find('}').unwrap()];
        let (times, rule) = first.split_once('{').unwrap();
        assert!(times.split(',').next() == Some("0%"), "{first}");
        assert_eq!(
            rule, "translate:0 0px",
            "tank {i} opens at level 0: {first}"
        );
    }
}

/// Among 24 tanks at 640 px a refused winner's ✗ (2.6 em, some 27 px of ink) is wider than its
/// tank (20 px): it is drawn as wide as the drain's text may be, its halo off the outline, in
/// the still, the frame and the animation; three tanks keep it as it is.
#[test]
fn a_refused_mark_wider_than_its_tank_is_drawn_narrower() {
    let many = "100,90,80,70,60,50,40,30,20,10,9,8,7,6,5,4,3,2,1,1,1,1,1,1";
    let weights = weights(many);
    let scenario = Scenario::parse("@1 A max_fails=1 timeout=60; @1 A dead", &weights).unwrap();
    let spec = RunSpec::new(weights, Default::default(), scenario);
    for (kind, phase) in [
        (SvgKind::Still, None),
        (SvgKind::Tanks, Some(Phase::Drain)),
        (SvgKind::Animated, None),
    ] {
        let request = SvgRequest {
            kind,
            step: (kind != SvgKind::Animated).then_some(1),
            phase,
            steps: (kind == SvgKind::Animated).then_some(2),
            width: Some(640),
            ..Default::default()
        };
        let svg = svg_document(&spec, &request).unwrap();
        let doc = parse(&svg);
        let body: f64 = doc
            .descendants()
            .find(|n| has_class(n, "tank-body"))
            .map(|n| attr(&n, "width").parse().unwrap())
            .unwrap();
        let mark = doc
            .descendants()
            .find(|n| n.has_tag_name("text") && has_class(n, "refused-mark"))
            .unwrap_or_else(|| panic!("{kind:?}: no ✗"));
        let length: f64 = attr(&mark, "textLength").parse().unwrap();
        assert!(
            length + 2.0 * 2.0 <= body,
            "{kind:?}: a ✗ {length} wide in a tank {body} wide"
        );
        assert_eq!(attr(&mark, "lengthAdjust"), "spacingAndGlyphs");
    }
    let few = picture(SvgKind::Still, Some(3), None, None);
    let doc = parse(&few);
    let mark = doc
        .descendants()
        .find(|n| n.has_tag_name("text") && has_class(n, "refused-mark"))
        .unwrap();
    assert_eq!(mark.attribute("textLength"), None);
}
