//! The tank pictures of one position: a frame in each phase and the still of a whole step, the
//! engine's levels in their testing contract (data-*).

use swrr_viz::engine::{Step, Swrr, TieRule, Trace};
use swrr_viz::input::Weights;
use swrr_viz::render::{still_svg, tanks_svg, Phase, SvgOptions, TankFrame};

use crate::svg_read::{attr, check_root, has_class, parse, range, rows, tanks, weights};

/// 5,3,2: its weights, the level scale of its first 10 steps, the engine's rows of steps 1–25,
/// and a trace to seek in.
fn first_steps_of_5_3_2() -> (Weights, (i64, i64), Vec<Step>, Trace<Swrr>) {
    let w = weights("5,3,2");
    let r = range(&w, 10);
    let all = rows(&w, TieRule::First, 25);
    let trace = Trace::new(Swrr::new(&w));
    (w, r, all, trace)
}

#[test]
fn tank_frame_shows_the_engines_levels_in_every_phase() {
    let (w, r, all, mut trace) = first_steps_of_5_3_2();
    for t in 0..=25u64 {
        for phase in [Phase::Fill, Phase::Pick, Phase::Drain] {
            let view = TankFrame::at(&mut trace, t, phase).unwrap();
            let svg = tanks_svg(&w, &view, r, &SvgOptions::default()).unwrap();
            let doc = parse(&svg);
            check_root(&doc);
            let root = doc.root_element();
            assert_eq!(attr(&root, "data-step"), t.to_string());
            let tanks = tanks(&doc);
            assert_eq!(tanks.len(), 3);
            let expected: Vec<i64> = match (t, phase) {
                (0, _) => vec![0, 0, 0],
                (_, Phase::Drain) => all[t as usize - 1].drained.clone(),
                _ => all[t as usize - 1].filled.clone(),
            };
            let shown: Vec<i64> = tanks
                .iter()
                .map(|g| attr(g, "data-current").parse().unwrap())
                .collect();
            assert_eq!(shown, expected, "t={t} {phase:?}");
            let sum: i64 = attr(&root, "data-sum").parse().unwrap();
            assert_eq!(sum, expected.iter().sum::<i64>());
            if t > 0 {
                let step = &all[t as usize - 1];
                let marked = phase != Phase::Fill;
                for (i, g) in tanks.iter().enumerate() {
                    assert_eq!(attr(g, "data-node"), i.to_string());
                    assert_eq!(attr(g, "data-weight"), w.weight(i).to_string());
                    assert_eq!(
                        g.attribute("data-selected").is_some(),
                        marked && step.winner == i
                    );
                    assert_eq!(
                        g.attribute("data-tied").is_some(),
                        marked && step.tied.contains(&i)
                    );
                }
                // Picks: the winner counts from its drain on.
                let picks: Vec<u64> = tanks
                    .iter()
                    .map(|g| attr(g, "data-picks").parse().unwrap())
                    .collect();
                let mut after = vec![0u64; 3];
                for s in &all[..t as usize] {
                    after[s.winner] += 1;
                }
                if phase != Phase::Drain {
                    after[step.winner] -= 1;
                }
                assert_eq!(picks, after);
            }
        }
    }
}

#[test]
fn tank_frame_at_step_5_marks_the_tie_and_notes_the_sum() {
    let (w, r, _, mut trace) = first_steps_of_5_3_2();
    let view = TankFrame::at(&mut trace, 5, Phase::Drain).unwrap();
    let svg = tanks_svg(&w, &view, r, &SvgOptions::default()).unwrap();
    assert!(svg.contains("A and B tie at 5; A wins (first in list)."));
    assert!(svg.contains("Σ levels = 0: conserved"));
    assert!(svg.contains("↓ −10"));
    let doc = parse(&svg);
    let selected: Vec<&str> = doc
        .descendants()
        .filter(|n| n.attribute("data-selected").is_some())
        .map(|n| attr(&n, "data-node"))
        .collect();
    assert_eq!(selected, ["0"]);
    let tied: Vec<&str> = doc
        .descendants()
        .filter(|n| n.attribute("data-tied").is_some())
        .map(|n| attr(&n, "data-node"))
        .collect();
    assert_eq!(tied, ["0", "1"]);
}

#[test]
fn still_shows_each_steps_fill_pick_and_drain() {
    let (w, r, all, mut trace) = first_steps_of_5_3_2();
    let mut picks = vec![0u64; 3];
    for t in 0..=25u64 {
        let view = TankFrame::at(&mut trace, t, Phase::Drain).unwrap();
        let svg = still_svg(&w, &view, r, &SvgOptions::default()).unwrap();
        let doc = parse(&svg);
        check_root(&doc);
        let root = doc.root_element();
        assert_eq!(attr(&root, "data-kind"), "still");
        assert_eq!(attr(&root, "data-step"), t.to_string());
        assert_eq!(attr(&root, "data-phase"), "step");
        let tanks = tanks(&doc);
        assert_eq!(tanks.len(), 3);
        let column = |name: &str| -> Vec<i64> {
            tanks
                .iter()
                .map(|g| attr(g, name).parse().unwrap())
                .collect()
        };
        let hatched = tanks
            .iter()
            .flat_map(|g| g.descendants())
            .filter(|n| n.has_tag_name("rect") && has_class(n, "hatch"))
            .count();
        // The step over the tanks, as the frame has it.
        assert_eq!(texts_of(&doc, "bold"), [format!("Step {t}")], "t={t}");
        if t == 0 {
            assert_eq!(column("data-current"), [0, 0, 0]);
            assert_eq!(hatched, 0);
            assert!(tanks.iter().all(|g| g.attribute("data-selected").is_none()));
            assert!(
                key_texts(&doc).is_empty(),
                "nothing to explain at the start"
            );
            continue;
        }
        let step = &all[t as usize - 1];
        picks[step.winner] += 1;
        assert_eq!(column("data-before"), step.before, "t={t}");
        assert_eq!(column("data-filled"), step.filled, "t={t}");
        assert_eq!(column("data-current"), step.drained, "t={t}");
        let shown_picks: Vec<u64> = tanks
            .iter()
            .map(|g| attr(g, "data-picks").parse().unwrap())
            .collect();
        assert_eq!(shown_picks, picks, "t={t}: picks after the step");
        for (i, g) in tanks.iter().enumerate() {
            assert_eq!(g.attribute("data-selected").is_some(), step.winner == i);
            assert_eq!(g.attribute("data-tied").is_some(), step.tied.contains(&i));
        }
        assert_eq!(hatched, 1, "t={t}: the winner's drained water is hatched");
        // The drain, written in with the level it ends at.
        let winner = tanks[step.winner];
        let texts: Vec<&str> = winner.descendants().filter_map(|n| n.text()).collect();
        assert!(texts.contains(&"↓ −10"), "t={t}: {texts:?}");
        let drained = step.drained[step.winner];
        let drained = if drained < 0 {
            format!("→ −{}", -drained)
        } else {
            format!("→ {drained}")
        };
        assert!(texts.contains(&drained.as_str()), "t={t}: {texts:?}");
        // The key says what the winner drains and where it ends, in this step's numbers.
        let name = ["A", "B", "C"][step.winner];
        assert_eq!(
            key_texts(&doc),
            [
                "Dotted line, its number in small type: the level before the step".to_string(),
                format!("Hatched, ↓ −10: the water {name} drains"),
                drained.clone(),
                format!("{name}’s level after the drain"),
            ],
            "t={t}"
        );
    }
}

/// The texts of class `class` in `doc`, in document order.
fn texts_of(doc: &roxmltree::Document<'_>, class: &str) -> Vec<String> {
    doc.descendants()
        .filter(|n| n.has_tag_name("text") && has_class(n, class))
        .map(|n| n.text().unwrap_or("").to_string())
        .collect()
}

/// The texts of the still's key (`g.key`): each sample's, then its words.
fn key_texts(doc: &roxmltree::Document<'_>) -> Vec<String> {
    doc.descendants()
        .filter(|n| n.has_tag_name("g") && has_class(n, "key"))
        .flat_map(|g| g.descendants())
        .filter(|n| n.has_tag_name("text"))
        .map(|n| n.text().unwrap_or("").to_string())
        .collect()
}

#[test]
fn a_stills_winner_has_its_level_its_drain_and_where_it_ends_on_lines_of_their_own() {
    // 5,3,2 at step 4 and 7,2,1 at step 10: the winner is filled to the top of the scale, where
    // its level number sits inside the tank, with the drain's words under the surface.
    for (text, t) in [("5,3,2", 4u64), ("7,2,1", 10)] {
        let w = weights(text);
        let r = range(&w, 10);
        let mut trace = Trace::new(Swrr::new(&w));
        let view = TankFrame::at(&mut trace, t, Phase::Drain).unwrap();
        let svg = still_svg(&w, &view, r, &SvgOptions::default()).unwrap();
        let doc = parse(&svg);
        let winner = tanks(&doc)
            .into_iter()
            .find(|g| g.attribute("data-selected").is_some())
            .unwrap();
        let font: f64 = attr(&doc.root_element(), "width").parse::<f64>().unwrap() / 55.0;
        let mut lines: Vec<(f64, String)> = winner
            .descendants()
            .filter(|n| {
                n.has_tag_name("text") && (has_class(n, "level") || has_class(n, "drain-label"))
            })
            .map(|n| {
                (
                    attr(&n, "y").parse().unwrap(),
                    n.text().unwrap_or("").to_string(),
                )
            })
            .collect();
        lines.sort_by(|a, b| a.0.total_cmp(&b.0));
        assert_eq!(lines.len(), 3, "{text} at {t}: {lines:?}");
        assert!(
            lines[1].1.starts_with('↓'),
            "{text} at {t}: the level, then the drain: {lines:?}"
        );
        for pair in lines.windows(2) {
            assert!(
                pair[1].0 - pair[0].0 >= font.max(12.0),
                "{text} at {t}: {lines:?}"
            );
        }
    }
}

#[test]
fn still_at_the_tie_marks_both_with_words_a_page_can_translate() {
    let (w, r, _, mut trace) = first_steps_of_5_3_2();
    let view = TankFrame::at(&mut trace, 5, Phase::Drain).unwrap();
    let svg = still_svg(&w, &view, r, &SvgOptions::default()).unwrap();
    let doc = parse(&svg);
    let words: Vec<(&str, &str)> = doc
        .descendants()
        .filter(|n| n.attribute("data-i18n").is_some())
        .map(|n| (attr(&n, "data-i18n"), n.text().unwrap()))
        .collect();
    assert_eq!(words, [("tank.picked", "picked"), ("tank.tie", "tie")]);
    // Levels before (dotted, written where there is room), after the fill on the surface.
    let befores = tanks(&doc)
        .iter()
        .flat_map(|g| g.descendants())
        .filter(|n| n.has_tag_name("line") && has_class(n, "before"))
        .count();
    assert_eq!(befores, 3);
    for level in ["5", "0", "2", "−2", "→ −5"] {
        assert!(
            doc.descendants().any(|n| n.text() == Some(level)),
            "{level} is written in"
        );
    }
    // Around the tanks: the step, the narration of the whole step, Σ and the key (QA s23 F10).
    assert_eq!(texts_of(&doc, "bold"), ["Step 5"]);
    let chips: Vec<String> = texts_of(&doc, "chip-text");
    assert_eq!(chips, ["fill", "pick", "drain"], "every phase lit");
    assert!(
        doc.descendants().any(|n| n.text()
            == Some("Step 5: every tank fills by its weight: A 0→5, B 2→5, C −2→0. A and B tie at 5; A wins (first")),
        "{svg}"
    );
    assert!(svg.contains(">Σ levels = 0: conserved</text>"), "{svg}");
    assert_eq!(
        key_texts(&doc),
        [
            "Dotted line, its number in small type: the level before the step",
            "Hatched, ↓ −10: the water A drains",
            "→ −5",
            "A’s level after the drain",
        ]
    );
}
