//! Every text of every picture goes through its words (`SvgRequest::words`): worded by a test
//! language that writes each message as its code, a picture keeps no English word — only the
//! codes, the names and the numbers — and the default words are the catalog's English.

use roxmltree::Document;
use swrr_viz::engine::{AlgorithmKind, AlgorithmOptions, RunSpec, SubtractRule, TieRule, Traffic};
use swrr_viz::input::Scenario;
use swrr_viz::render::{svg_document, Phase, SvgKind, SvgRequest, Worded, Wording, Words};

use crate::svg_read::weights;

/// A language whose every message is its code, then its parameters: `‹figure.step› 5`.
struct Codes;

impl Words for Codes {
    fn word(&self, code: &str, params: &[(&'static str, Worded)]) -> String {
        let mut out = format!("‹{code}›");
        for (_, param) in params {
            let items = match param {
                Worded::Text(text) => vec![text.clone()],
                Worded::List(items) | Worded::Joined(items) => items.clone(),
            };
            for item in items {
                out.push(' ');
                out.push_str(&item);
            }
        }
        out
    }
}

fn spec(w: &str, scenario: &str, options: AlgorithmOptions) -> RunSpec {
    let weights = weights(w);
    let scenario = Scenario::parse(scenario, &weights).unwrap();
    RunSpec::new(weights, options, scenario)
}

/// Every kind of picture, of a plain run, a run with a tie rule of its own, a scenario with
/// failures and backups (a run of requests: its strip), one where no server is left (502), one
/// whose winner subtracts its own weight and the last wins a tie, one where a node is drained, one with a weight change,
/// a failure that ends a request (one try) and two workers, and weighted random (a footer with a
/// seed).
fn pictures(words: &Wording) -> Vec<(String, String)> {
    let last = AlgorithmOptions {
        tie: TieRule::Last,
        ..Default::default()
    };
    let random = AlgorithmOptions {
        kind: AlgorithmKind::Random,
        ..Default::default()
    };
    let own = AlgorithmOptions {
        subtract: SubtractRule::Own,
        tie: TieRule::Last,
        ..Default::default()
    };
    let runs = [
        ("plain", spec("5,3,2", "", AlgorithmOptions::default())),
        ("last", spec("A=1 B=1 C=2", "", last)),
        (
            "failing",
            spec(
                "web=5 db=3 q=2 D=1",
                "@1 D backup; @3 web dead",
                Default::default(),
            ),
        ),
        (
            "down",
            spec("A=1 B=1", "@3 A down; @3 B down", Default::default()),
        ),
        ("own", spec("5,3,2", "", own)),
        ("drained", spec("5,3,2", "@3 C=0", Default::default())),
        ("changing", {
            let mut run = spec(
                "web=5 db=3 q=2",
                "@1 q max_fails=1 timeout=60; @1 q dead; @6 q alive; @7 web=4 reset",
                Default::default(),
            );
            run.traffic = Traffic {
                workers: 2,
                tries: 1,
                ..Traffic::default()
            };
            run
        }),
    ];
    let mut requests: Vec<(String, &RunSpec, SvgRequest)> = Vec::new();
    let request = |kind, step, phase, steps| SvgRequest {
        kind,
        step,
        phase,
        steps,
        words: words.clone(),
        ..Default::default()
    };
    for (name, run) in &runs {
        for (t, phase) in [
            (0, None),
            (1, Some(Phase::Fill)),
            (5, Some(Phase::Pick)),
            (5, Some(Phase::Drain)),
            (4, Some(Phase::Drain)),
        ] {
            let label = format!("{name} tanks {t} {phase:?}");
            requests.push((label, run, request(SvgKind::Tanks, Some(t), phase, None)));
        }
        for t in [0, 5] {
            let label = format!("{name} still {t}");
            requests.push((label, run, request(SvgKind::Still, Some(t), None, None)));
        }
        for steps in [1, 4, 10, 25] {
            let label = format!("{name} strip {steps}");
            requests.push((
                label,
                run,
                request(SvgKind::Strip, Some(1), None, Some(steps)),
            ));
            let label = format!("{name} table {steps}");
            requests.push((
                label,
                run,
                request(SvgKind::Table, Some(steps.min(2)), None, Some(steps)),
            ));
            let label = format!("{name} animated {steps}");
            requests.push((
                label,
                run,
                request(SvgKind::Animated, None, None, Some(steps)),
            ));
        }
    }
    let random = spec("5,3,2", "", random);
    requests.push((
        "random strip".into(),
        &random,
        request(SvgKind::Strip, None, None, Some(10)),
    ));
    let many: Vec<String> = (0..30).map(|i| format!("n{i}=1")).collect();
    let many = spec(&many.join(" "), "", AlgorithmOptions::default());
    requests.push((
        "many strip".into(),
        &many,
        request(SvgKind::Strip, None, None, Some(30)),
    ));
    // Counts too wide for their slots, in their short words (`figure.tank_picks_short`).
    let twelve = spec(
        "12,11,10,9,8,7,6,5,4,3,2,1",
        "",
        AlgorithmOptions::default(),
    );
    requests.push((
        "twelve tanks on a phone".into(),
        &twelve,
        SvgRequest {
            width: Some(390),
            ..request(SvgKind::Tanks, Some(20), None, None)
        },
    ));
    requests
        .into_iter()
        .map(|(label, run, request)| (label, svg_document(run, &request).unwrap()))
        .collect()
}

/// The words of every `<text>`, `<tspan>`, `<title>` and `<desc>`.
fn texts(svg: &str) -> Vec<String> {
    let doc = Document::parse(svg).unwrap();
    doc.descendants()
        .filter(|n| ["text", "tspan", "title", "desc"].contains(&n.tag_name().name()))
        .flat_map(|n| n.children().filter(|c| c.is_text()))
        .filter_map(|c| c.text().map(str::to_string))
        .collect()
}

/// A run of two or more ASCII letters outside `‹…›` that is not one of `names`: an English word.
fn english_word(text: &str, names: &[&str]) -> Option<String> {
    let mut outside = String::new();
    let mut depth = 0;
    for c in text.chars() {
        match c {
            '‹' => depth += 1,
            '›' => depth -= 1,
            _ if depth == 0 => outside.push(c),
            _ => outside.push(' '),
        }
    }
    outside
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|word| word.chars().filter(char::is_ascii_alphabetic).count() >= 2)
        // A footer cut short ends in the head of a name ("do…").
        .find(|word| !names.iter().any(|name| name.starts_with(word)))
        .map(str::to_string)
}

#[test]
fn every_text_of_every_picture_goes_through_its_words() {
    // The names of these runs; the algorithm as the CLI spells it in a footer (`--algo random`)
    // and the scenario's words as typed (`@1 D backup`, `@1 q max_fails=1 timeout=60`). The tie
    // and subtract rules are words of the picture's language.
    let names = [
        "web", "db", "swrr", "random", "backup", "dead", "down", "max", "fails", "timeout",
        "alive", "reset",
    ];
    let pictures = pictures(&Wording::new(Codes));
    assert!(pictures.len() > 50);
    let mut codes = std::collections::BTreeSet::new();
    for (label, svg) in &pictures {
        for text in texts(svg) {
            assert_eq!(english_word(&text, &names), None, "{label}: {text:?}");
            for code in text.split('‹').skip(1) {
                codes.insert(code.split('›').next().unwrap().to_string());
            }
        }
    }
    // The pictures say every code of theirs: the catalog's figure.* and the narration.
    let figures: Vec<&str> = swrr_viz::message::codes()
        .filter(|c| c.starts_with("figure."))
        .collect();
    let unsaid: Vec<&&str> = figures.iter().filter(|c| !codes.contains(**c)).collect();
    assert!(
        unsaid.is_empty(),
        "figure codes no picture said: {unsaid:?}"
    );
    assert!(codes.contains("narration.fill") && codes.contains("narration.sum_conserved"));
}

#[test]
fn the_default_words_are_the_catalogs_english() {
    let english = pictures(&Wording::default());
    let told = pictures(&Wording::new(swrr_viz::render::English));
    for ((label, a), (_, b)) in english.iter().zip(&told) {
        assert_eq!(a, b, "{label}");
    }
    let (_, tanks) = &english[1];
    assert!(tanks.contains("<text class=\"chip-text on\""));
    assert!(tanks.contains(">Step 1</text>"));
    assert!(tanks.contains("Step 1: every tank fills by its weight: A 0→5, B 0→3, C 0→2."));
}
