//! The SVG pictures: well-formed XML, the engine's numbers in the testing contract (data-*),
//! user text escaped, the animation's keyframes following the engine's levels.

use roxmltree::Node;
use swrr_viz::engine::{sequence, Swrr, TieRule, Trace};
use swrr_viz::render::{
    animated_svg, still_svg, strip_svg, table_svg, tanks_svg, AnimationOptions, Phase, SvgError,
    SvgOptions, TankFrame, Theme,
};

use crate::svg_read::{attr, check_root, has_class, numbers, parse, range, rows, weights};

#[test]
fn themes_light_dark_and_auto() {
    let w = weights("5,3,2");
    let view = TankFrame::at(&mut Trace::new(Swrr::new(&w)), 1, Phase::Drain).unwrap();
    let svg = |theme| {
        let options = SvgOptions {
            theme,
            ..SvgOptions::default()
        };
        tanks_svg(&w, &view, (-5, 10), &options).unwrap()
    };
    let auto = svg(Theme::Auto);
    assert!(auto.contains("@media (prefers-color-scheme:dark)"));
    assert!(auto.contains("--panel:#ffffff") && auto.contains("--panel:#1a2027"));
    let light = svg(Theme::Light);
    assert!(!light.contains("prefers-color-scheme") && !light.contains("--panel:#1a2027"));
    let dark = svg(Theme::Dark);
    assert!(!dark.contains("prefers-color-scheme") && dark.contains("--panel:#1a2027"));
    // The Okabe–Ito palette of the page.
    for colour in [
        "#e69f00", "#56b4e9", "#009e73", "#0072b2", "#d55e00", "#cc79a7",
    ] {
        assert!(auto.contains(colour), "{colour}");
    }
}

const HOSTILE: &str = "<script>alert(1)</script>=5 a&b\"c=3 x'y=2";

fn hostile_texts(svg: &str) {
    let doc = parse(svg);
    check_root(&doc);
    assert!(!svg.contains("<script"), "raw markup leaked");
    let texts: String = doc
        .descendants()
        .filter_map(|n| n.text())
        .collect::<Vec<_>>()
        .join("\n");
    assert!(
        texts.contains("<script>alert(1)</script>"),
        "the name is shown as text"
    );
    assert!(texts.contains("a&b\"c"));
}

#[test]
fn names_are_escaped_in_every_picture() {
    let w = weights(HOSTILE);
    let all = rows(&w, TieRule::First, 10);
    let options = SvgOptions::default();
    let view = TankFrame::of_step(&all[0], Phase::Pick, &[1, 0, 0]);
    hostile_texts(&tanks_svg(&w, &view, range(&w, 10), &options).unwrap());
    hostile_texts(&table_svg(&w, &all, Some(3), &options).unwrap());
    hostile_texts(&animated_svg(&w, &all, range(&w, 10), &AnimationOptions::default()).unwrap());
    let picks = sequence(&Swrr::new(&w), 10);
    let strip = strip_svg(&w, &picks, Some(w.period()), None, &options).unwrap();
    hostile_texts(&strip);
}

/// Names long enough to be cut: emoji joined by U+200D, a letter with its accent.
const LONG_NAMES: &str = "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}=5 e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}=3 C=2";

/// Every text drawn that was cut (ends with `…`) ends in a whole character: no joiner or
/// accent before the ellipsis without what it joins or sits on.
fn cut_between_whole_characters(svg: &str) -> usize {
    let doc = parse(svg);
    let cut: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text") || n.has_tag_name("tspan"))
        .filter_map(|n| n.text())
        .filter(|t| t.ends_with('…'))
        .collect();
    for text in &cut {
        let before = text.trim_end_matches('…');
        // Inside the names, 👩 and e are always followed by what completes them.
        let last = before.chars().last();
        assert!(
            !matches!(last, Some('\u{200D}' | '\u{1F469}' | 'e')),
            "{text:?} is cut inside a character"
        );
    }
    cut.len()
}

#[test]
fn names_are_cut_between_whole_characters() {
    let w = weights(LONG_NAMES);
    let all = rows(&w, TieRule::First, 10);
    let options = SvgOptions {
        width: Some(320),
        ..SvgOptions::default()
    };
    let view = TankFrame::of_step(&all[0], Phase::Pick, &[1, 0, 0]);
    let mut cut =
        cut_between_whole_characters(&tanks_svg(&w, &view, range(&w, 10), &options).unwrap());
    cut += cut_between_whole_characters(
        &animated_svg(&w, &all, range(&w, 10), &AnimationOptions::default()).unwrap(),
    );
    let picks = sequence(&Swrr::new(&w), 10);
    cut += cut_between_whole_characters(
        &strip_svg(&w, &picks, Some(w.period()), None, &options).unwrap(),
    );
    assert!(
        cut >= 3,
        "the long names are cut in the pictures ({cut} texts)"
    );
}

#[test]
fn strip_cells_are_the_engines_picks() {
    let w = weights("5,3,2");
    let picks = sequence(&Swrr::new(&w), 25);
    let svg = strip_svg(&w, &picks, Some(10), Some(5), &SvgOptions::default()).unwrap();
    let doc = parse(&svg);
    check_root(&doc);
    let cells: Vec<Node> = doc
        .descendants()
        .filter(|n| n.attribute("data-pick").is_some())
        .collect();
    assert_eq!(cells.len(), 25);
    for (k, cell) in cells.iter().enumerate() {
        assert_eq!(attr(cell, "data-step"), (k + 1).to_string());
        assert_eq!(attr(cell, "data-pick"), picks[k].to_string());
    }
    let letters: Vec<&str> = doc
        .descendants()
        .filter(|n| has_class(n, "cell-text"))
        .filter_map(|n| n.text())
        .collect();
    assert_eq!(letters.concat(), "ABCAABACBAABCAABACBAABCAA");
    let boundaries = doc
        .descendants()
        .filter(|n| has_class(n, "boundary"))
        .count();
    assert_eq!(boundaries, 2, "after steps 10 and 20");
    // Long runs: thin cells without letters.
    let picks = sequence(&Swrr::new(&w), 5000);
    let svg = strip_svg(&w, &picks, Some(10), None, &SvgOptions::default()).unwrap();
    let doc = parse(&svg);
    assert_eq!(
        doc.descendants()
            .filter(|n| n.attribute("data-pick").is_some())
            .count(),
        5000
    );
    assert!(!doc.descendants().any(|n| has_class(&n, "cell-text")));
}

#[test]
fn table_rows_are_the_engines_steps() {
    let w = weights("5,3,2");
    let all = rows(&w, TieRule::First, 10);
    let svg = table_svg(&w, &all, Some(5), &SvgOptions::default()).unwrap();
    let doc = parse(&svg);
    check_root(&doc);
    assert_eq!(attr(&doc.root_element(), "data-total"), "10");
    let table_rows: Vec<Node> = doc
        .descendants()
        .filter(|n| n.attribute("data-winner").is_some())
        .collect();
    assert_eq!(table_rows.len(), 10);
    for (row, step) in table_rows.iter().zip(&all) {
        assert_eq!(attr(row, "data-step"), step.t.to_string());
        assert_eq!(attr(row, "data-winner"), step.winner.to_string());
        let tied: Vec<String> = step.tied.iter().map(usize::to_string).collect();
        assert_eq!(row.attribute("data-tied").unwrap_or(""), tied.join(" "));
        assert_eq!(has_class(row, "future"), step.t > 5);
        for (phase, levels) in [("filled", &step.filled), ("drained", &step.drained)] {
            let cells: Vec<i64> = row
                .descendants()
                .filter(|n| n.attribute("data-phase") == Some(phase))
                .map(|n| attr(&n, "data-level").parse().unwrap())
                .collect();
            assert_eq!(&cells, levels);
        }
    }
    assert!(svg.contains(">5*<") && svg.contains("A (tie A = B)"));
    assert!(svg.contains("* tied at the highest level; the first in list wins (nginx)"));
    // --width scales: the viewBox stays, the size changes.
    let scaled = table_svg(
        &w,
        &all,
        None,
        &SvgOptions {
            width: Some(900),
            ..SvgOptions::default()
        },
    )
    .unwrap();
    let doc = parse(&scaled);
    assert_eq!(attr(&doc.root_element(), "width"), "900");
}

/// The keyframes of tank i's water: the level of each plateau, in order, read back from the
/// translations with the root's `data-level-unit` (pixels per level unit).
fn water_plateaus(svg: &str, prefix: &str, i: usize, unit: f64) -> Vec<i64> {
    let start = svg
        .find(&format!("@keyframes {prefix}w{i}{{"))
        .unwrap_or_else(|| panic!("no keyframes for tank {i}"));
    let body = &svg[start..];
    let body = &body[body.find('{').unwrap() + 1..];
    let end = body.find("}}").unwrap();
    body[..=end]
        .split('}')
        .filter(|rule| !rule.is_empty())
        .map(|rule| {
            let value = rule
                .split("translate:0 ")
                .nth(1)
                .unwrap()
                .trim_end_matches("px");
            let px: f64 = value.parse().unwrap();
            (-px / unit).round() as i64
        })
        .collect()
}

#[test]
fn animation_has_one_state_per_phase_per_step_with_the_engines_levels() {
    for (text, steps) in [("5,3,2", 10u64), ("4,1,1", 6), ("1,1,1", 3), ("7", 1)] {
        let w = weights(text);
        let all = rows(&w, TieRule::First, steps);
        let svg = animated_svg(&w, &all, range(&w, steps), &AnimationOptions::default()).unwrap();
        let doc = parse(&svg);
        check_root(&doc);
        let root = doc.root_element();
        let prefix = attr(&root, "id");
        assert_eq!(attr(&root, "data-slots"), (1 + 3 * steps).to_string());
        let frames: Vec<Node> = doc
            .descendants()
            .filter(|n| n.attribute("data-phase").is_some() && n.attribute("data-levels").is_some())
            .collect();
        assert_eq!(frames.len() as u64, 1 + 3 * steps, "{text}");
        assert_eq!(attr(&frames[0], "data-phase"), "start");
        let mut expected_levels: Vec<Vec<i64>> = vec![all[0].before.clone()];
        let mut picks = vec![0u64; w.len()];
        let mut expected_picks: Vec<Vec<u64>> = vec![picks.clone()];
        for step in &all {
            let before = picks.clone();
            picks[step.winner] += 1;
            for (phase, levels, p) in [
                ("fill", &step.filled, &before),
                ("pick", &step.filled, &before),
                ("drain", &step.drained, &picks),
            ] {
                let frame = &frames[expected_levels.len()];
                assert_eq!(attr(frame, "data-step"), step.t.to_string());
                assert_eq!(attr(frame, "data-phase"), phase);
                if phase != "fill" {
                    assert_eq!(attr(frame, "data-winner"), step.winner.to_string());
                }
                expected_levels.push(levels.clone());
                expected_picks.push(p.clone());
            }
        }
        for (frame, (levels, p)) in frames
            .iter()
            .zip(expected_levels.iter().zip(&expected_picks))
        {
            assert_eq!(&numbers::<i64>(attr(frame, "data-levels")), levels);
            assert_eq!(&numbers::<u64>(attr(frame, "data-picks")), p);
        }
        // The water: one plateau per level change, in the engine's order, looping from the
        // last level back to the first.
        let unit: f64 = attr(&root, "data-level-unit").parse().unwrap();
        for i in 0..w.len() {
            let mut plateaus = vec![expected_levels.last().unwrap()[i]];
            for levels in &expected_levels {
                if *plateaus.last().unwrap() != levels[i] {
                    plateaus.push(levels[i]);
                }
            }
            assert_eq!(
                water_plateaus(&svg, prefix, i, unit),
                plateaus,
                "{text} tank {i}"
            );
        }
        // The level numbers shown are the engine's, too.
        let shown: Vec<i64> = doc
            .descendants()
            .filter_map(|n| n.attribute("data-level"))
            .map(|v| v.parse().unwrap())
            .collect();
        assert!(!shown.is_empty() || w.len() > 40);
        for level in shown {
            assert!(expected_levels.iter().flatten().any(|&l| l == level));
        }
    }
}

#[test]
fn animation_loops_and_has_a_step_duration() {
    let w = weights("5,3,2");
    let all = rows(&w, TieRule::First, 10);
    let options = AnimationOptions {
        step_ms: 1500,
        ..AnimationOptions::default()
    };
    let svg = animated_svg(&w, &all, range(&w, 10), &options).unwrap();
    let doc = parse(&svg);
    // 11 steps (step 0 and ten picks) of 1.5 s.
    assert_eq!(attr(&doc.root_element(), "data-duration"), "16.5");
    assert!(svg.contains("16.5s ease-in-out infinite"));
    assert!(svg.contains("step-end infinite"));
    assert!(svg.contains("@media (prefers-reduced-motion:reduce)"));
    let bad = AnimationOptions {
        step_ms: 10,
        ..AnimationOptions::default()
    };
    assert!(matches!(
        animated_svg(&w, &all, (-5, 10), &bad),
        Err(SvgError::StepMs { .. })
    ));
}

#[test]
fn animation_of_many_nodes_drops_texts_but_keeps_levels() {
    let text: Vec<String> = (1..=45).map(|i| i.to_string()).collect();
    let w = weights(&text.join(","));
    let steps = 60;
    let all = rows(&w, TieRule::First, steps);
    let svg = animated_svg(&w, &all, range(&w, steps), &AnimationOptions::default()).unwrap();
    let doc = parse(&svg);
    assert_eq!(
        doc.descendants()
            .filter(|n| n.attribute("data-levels").is_some())
            .count() as u64,
        1 + 3 * steps
    );
    assert!(!doc.descendants().any(|n| has_class(&n, "name")));
}

#[test]
fn limits_are_errors_not_panics() {
    let w = weights("5,3,2");
    let options = SvgOptions {
        width: Some(100),
        ..SvgOptions::default()
    };
    let view = TankFrame::start(&[0, 0, 0]);
    assert!(matches!(
        tanks_svg(&w, &view, (0, 1), &options),
        Err(SvgError::Width { width: 100 })
    ));
    assert!(matches!(
        still_svg(&w, &view, (0, 1), &options),
        Err(SvgError::Width { width: 100 })
    ));
    assert!(matches!(
        table_svg(&w, &[], None, &SvgOptions::default()),
        Err(SvgError::NoSteps { .. })
    ));
    let all = rows(&w, TieRule::First, 1001);
    assert!(matches!(
        animated_svg(&w, &all, (-10, 10), &AnimationOptions::default()),
        Err(SvgError::TooManySteps { .. })
    ));
    assert!(matches!(
        table_svg(&w, &all, None, &SvgOptions::default()),
        Err(SvgError::TooManySteps { .. })
    ));
}

#[test]
fn tie_rule_last_is_named() {
    let w = weights("1,1,1");
    let all = rows(&w, TieRule::Last, 3);
    let options = SvgOptions {
        tie: TieRule::Last,
        ..SvgOptions::default()
    };
    let view = TankFrame::of_step(&all[0], Phase::Pick, &[0, 0, 1]);
    let svg = tanks_svg(&w, &view, (-2, 1), &options).unwrap();
    assert!(svg.contains("A, B and C tie at 1; C wins (last in list)."));
    assert_eq!(all[0].winner, 2);
}

#[test]
fn a_still_is_as_tall_for_any_nodes_at_one_width_as_the_pages_tanks() {
    // The page's rule (src/render/tank_layout/): the height is the width's; without texts or
    // pipes the tanks grow into their space.
    let viewbox_height = |text: &str| {
        let w = weights(text);
        let view = TankFrame::start(&vec![0; w.len()]);
        let svg = still_svg(&w, &view, (-3, 3), &SvgOptions::default()).unwrap();
        let doc = parse(&svg);
        let view_box = attr(&doc.root_element(), "viewBox").to_string();
        numbers::<f64>(&view_box)[3]
    };
    let many = |n: usize| vec!["2"; n].join(",");
    let three = viewbox_height("5,3,2");
    assert_eq!(viewbox_height(&many(60)), three);
    assert_eq!(viewbox_height(&many(250)), three);
}

#[test]
fn a_tables_footer_longer_than_the_table_is_cut_with_an_ellipsis() {
    let w = weights("5,3,2");
    let all = rows(&w, TieRule::First, 4);
    let footer = format!(
        "5,3,2 · scenario {}",
        "@1 C max_fails=1 timeout=60; ".repeat(6)
    );
    let options = SvgOptions {
        footer: Some(footer.clone()),
        ..SvgOptions::default()
    };
    let svg = table_svg(&w, &all, None, &options).unwrap();
    let doc = parse(&svg);
    let shown = doc
        .descendants()
        .filter(|n| has_class(n, "muted"))
        .filter_map(|n| n.text())
        .find(|t| t.starts_with("5,3,2 · scenario"))
        .expect("the footer is drawn");
    assert!(
        shown.ends_with('…') && shown.chars().count() < footer.chars().count(),
        "{shown}"
    );
    let short = SvgOptions {
        footer: Some("5,3,2 · swrr".into()),
        ..SvgOptions::default()
    };
    assert!(table_svg(&w, &all, None, &short)
        .unwrap()
        .contains(">5,3,2 · swrr<"));
}
