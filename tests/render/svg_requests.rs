//! Pictures of runs where tanks sit out (failures, retries, backups, down, weight 0, slow start)
//! checked against the trace, attempt for attempt, and the strip of a run of requests.

use roxmltree::{Document, Node};
use swrr_viz::engine::{RunSpec, Step, Trace};
use swrr_viz::input::Scenario;
use swrr_viz::render::{svg_document, Phase, SvgKind, SvgRequest};

use crate::attempts::{added, attempts};
use crate::svg_read::{attr, elements, has_class, number, parse, tanks, weights};

const FAILING: (&str, &str) = ("web=5 db=3 q=2 D=1", "@1 D backup; @3 web dead");

/// Names too long for a strip's cells and a narrow picture's sum line.
const LONG_NAMES: &str = "alpha=5 beta=3 gamma=2";

fn spec(w: &str, scenario: &str) -> RunSpec {
    let weights = weights(w);
    let scenario = Scenario::parse(scenario, &weights).unwrap();
    RunSpec::new(weights, Default::default(), scenario)
}

fn picture(spec: &RunSpec, request: SvgRequest) -> String {
    svg_document(spec, &request).unwrap()
}

/// The first `steps` steps of `spec` as a picture of `kind`.
fn steps_picture(spec: &RunSpec, kind: SvgKind, steps: u64) -> String {
    picture(
        spec,
        SvgRequest {
            kind,
            steps: Some(steps),
            ..Default::default()
        },
    )
}

/// The tanks at step `t` and `phase`.
fn frame_request(t: u64, phase: Phase) -> SvgRequest {
    SvgRequest {
        kind: SvgKind::Tanks,
        step: Some(t),
        phase: Some(phase),
        ..Default::default()
    }
}

fn frame(spec: &RunSpec, t: u64, phase: Phase) -> String {
    picture(spec, frame_request(t, phase))
}

/// Whether `text`, in a font of size `font` whose characters average `em` of it, fits in `width`.
fn fits(text: &str, font: f64, em: f64, width: f64) -> bool {
    text.chars().count() as f64 * font * em <= width
}

fn desc(doc: &Document<'_>) -> String {
    let node = doc.descendants().find(|n| n.has_tag_name("desc")).unwrap();
    node.text().unwrap().to_string()
}

fn pipe_labels(doc: &Document<'_>) -> Vec<String> {
    tanks(doc)
        .iter()
        .map(|g| text_of_class(g, "pipe-label"))
        .collect()
}

fn text_of_class(node: &Node<'_, '_>, class: &str) -> String {
    node.descendants()
        .find(|n| has_class(n, class))
        .and_then(|n| n.text())
        .unwrap_or_default()
        .to_string()
}

fn rows(spec: &RunSpec, steps: u64) -> Vec<Step> {
    Trace::new(spec.algorithm()).rows(1, steps).unwrap()
}

/// Each tank says what the trace's `adds` column says it added, and is out exactly when the
/// trace marks it x.
fn check_tanks_follow(doc: &Document<'_>, row: &Step) {
    for (i, g) in tanks(doc).iter().enumerate() {
        let adds = added(row, i);
        assert_eq!(attr(g, "data-added"), adds.to_string(), "step {}", row.t);
        assert_eq!(text_of_class(g, "pipe-label"), format!("+{adds}"));
        let out = !row.eligible[i];
        assert_eq!(has_class(g, "out"), out, "step {} tank {i}", row.t);
        assert_eq!(g.attribute("data-eligible") == Some("false"), out);
    }
}

#[test]
fn tanks_and_still_draw_what_each_tank_added_at_each_attempt() {
    let spec = spec(FAILING.0, FAILING.1);
    let rows = rows(&spec, 12);
    for row in &rows {
        for phase in [Phase::Fill, Phase::Pick, Phase::Drain] {
            check_tanks_follow(&parse(&frame(&spec, row.t, phase)), row);
        }
        let still = picture(
            &spec,
            SvgRequest {
                kind: SvgKind::Still,
                step: Some(row.t),
                ..Default::default()
            },
        );
        check_tanks_follow(&parse(&still), row);
    }
}

#[test]
fn the_narration_says_who_could_not_be_picked_and_why() {
    let spec = spec(FAILING.0, FAILING.1);
    // Step 7 (request 6): web is disabled by its failure, D is a backup waiting.
    let svg = frame(&spec, 7, Phase::Pick);
    let doc = parse(&svg);
    assert_eq!(pipe_labels(&doc), ["+0", "+3", "+2", "+0"]);
    assert!(desc(&doc).starts_with(
        "Step 7, request 6, attempt 1: the tanks that can be picked fill by their weight: db −2→1, \
         q 2→4. web is skipped: it has failed 1× (max_fails=1), the last time within fail_timeout. The \
         backup servers \
         wait while a primary server can be picked: D. q is the fullest at 4 and is picked."
    ));
    // Step 4: web refuses, the request is retried at step 5 without it.
    let refused = desc(&parse(&frame(&spec, 4, Phase::Drain)));
    assert!(refused.contains(
        "web drains by 10: 10→0. ✗ web refuses the connection: nginx counts the failure (1 of \
         max_fails=1), its effective weight is now 0, and request 4 is retried on the servers not \
         yet tried."
    ));
    let retry = frame(&spec, 5, Phase::Drain);
    let retry = parse(&retry);
    assert_eq!(pipe_labels(&retry), ["+0", "+3", "+2", "+0"]);
    assert!(desc(&retry).contains(
        "Already tried in this request, so not in this fill: web. The backup servers wait while a \
         primary server can be picked: D. db is the fullest at 5 and is picked. db drains by 5: \
         5→0. db answers request 4, at attempt 2."
    ));
}

#[test]
fn a_server_that_answers_again_is_said_to_wait_for_its_fail_timeout() {
    // C refuses request 3 (second 2) and answers from request 6 on; nginx tries it again only
    // once 60 s have passed since that failure: second 63, request 64 at one request a second.
    let spec = spec(
        "5,3,2",
        "@1 C max_fails=1 timeout=60; @1 C dead; @6 C alive",
    );
    let waiting = "C answers again, but nginx does not try it before fail_timeout (60 s) has \
                   passed since its last failure, at second 2: it can be picked from request 64 \
                   (second 63) on.";
    for t in [7, 64] {
        assert!(
            desc(&parse(&frame(&spec, t, Phase::Pick))).contains(waiting),
            "step {t}"
        );
    }
    // While C is dead the skip is all there is to say; from request 64 C is back in the fill.
    assert!(!desc(&parse(&frame(&spec, 5, Phase::Pick))).contains("answers again"));
    let back = desc(&parse(&frame(&spec, 65, Phase::Pick)));
    assert!(
        back.starts_with("Step 65, request 64, attempt 1:"),
        "{back}"
    );
    assert!(!back.contains("C is skipped"), "{back}");
    let trace = rows(&spec, 65);
    assert!(trace[64].eligible[2], "C can be picked at request 64");
    assert!(!trace[63].eligible[2], "C sits out request 63");
}

#[test]
fn down_weight_zero_and_slow_start_show_in_pipes_and_words() {
    for (scenario, labels, words) in [
        (
            "@2 B down",
            ["+5", "+0", "+2"],
            "B could not be picked this step and added nothing.",
        ),
        (
            "@2 B=0",
            ["+5", "+0", "+2"],
            "Weights in effect at this step: B 0 (typed 3). B could not be picked this step and \
             added nothing.",
        ),
        (
            "@3 C slowstart 4",
            ["+5", "+3", "+1"],
            "Weights in effect at this step: C 1 (typed 2).",
        ),
    ] {
        let spec = spec("A=5 B=3 C=2", scenario);
        let svg = frame(&spec, 3, Phase::Fill);
        let doc = parse(&svg);
        assert_eq!(pipe_labels(&doc), labels, "{scenario}");
        assert!(desc(&doc).contains(words), "{scenario}: {}", desc(&doc));
        check_tanks_follow(&doc, &rows(&spec, 3)[2]);
    }
}

#[test]
fn the_animation_pours_what_was_added_and_marks_the_tanks_out() {
    let spec = spec(FAILING.0, FAILING.1);
    let svg = steps_picture(&spec, SvgKind::Animated, 8);
    let doc = parse(&svg);
    let web = tanks(&doc)[0];
    let pipes: Vec<(&str, String)> = web
        .descendants()
        .filter(|n| n.attribute("data-added").is_some() && n.has_tag_name("g"))
        .map(|n| (attr(&n, "data-added"), text_of_class(&n, "pipe-label")))
        .collect();
    // Steps 1–4 web adds 5; from step 5 (disabled by its failure) nothing.
    assert_eq!(
        pipes,
        [("5", "+5".to_string()), ("0", "+0".to_string())],
        "{svg}"
    );
    let prefix = attr(&doc.root_element(), "id");
    let out_marks = doc
        .descendants()
        .filter(|n| n.has_tag_name("use"))
        .filter(|n| n.attribute("href") == Some(&format!("#{prefix}o0")))
        .count();
    assert!(out_marks > 0, "web is never drawn out");
    assert!(desc(&doc).contains("a tank that cannot be picked adds nothing and is drawn out"));
}

#[test]
fn the_strip_of_a_run_of_requests_stacks_attempts_and_marks_the_refused_one() {
    let spec = spec(FAILING.0, FAILING.1);
    let svg = steps_picture(&spec, SvgKind::Strip, 8);
    let doc = parse(&svg);
    let root = doc.root_element();
    assert_eq!(attr(&root, "data-requests"), "8");
    assert_eq!(attr(&root, "data-steps"), "9");
    let heading = root
        .descendants()
        .find(|n| n.has_tag_name("text"))
        .unwrap()
        .text()
        .unwrap();
    assert_eq!(heading, "8 requests, 9 attempts · ✗ 1 refused");
    // The trace's attempts, step for step: winner and outcome.
    let rows = rows(&spec, 9);
    let cells = elements(&doc, "rect", "cell");
    assert_eq!(cells.len(), rows.len());
    for (cell, row) in cells.iter().zip(&rows) {
        let r = row.request.as_ref().unwrap();
        assert_eq!(attr(cell, "data-step"), row.t.to_string());
        assert_eq!(attr(cell, "data-pick"), row.winner.to_string());
        assert_eq!(attr(cell, "data-outcome"), r.outcome.as_str());
        assert_eq!(has_class(cell, "failed"), r.outcome.as_str() == "failed");
    }
    let request_4 = doc
        .descendants()
        .find(|n| n.attribute("data-request") == Some("4"))
        .unwrap();
    let winners: Vec<String> = attempts(&rows, 4)
        .iter()
        .map(|s| s.winner.to_string())
        .collect();
    assert_eq!(winners, ["0", "1"]);
    assert_eq!(attr(&request_4, "data-attempts"), winners.join(" "));
    assert_eq!(attr(&request_4, "data-outcome"), "answered");
    assert!(request_4
        .descendants()
        .any(|n| has_class(&n, "refused") && n.text() == Some("✗")));
}

#[test]
fn strip_labels_stay_inside_their_cells() {
    let svg = picture(
        &spec(LONG_NAMES, ""),
        SvgRequest {
            kind: SvgKind::Strip,
            ..Default::default()
        },
    );
    let doc = parse(&svg);
    let cells = elements(&doc, "rect", "cell");
    let labels = elements(&doc, "text", "cell-text");
    assert_eq!(cells.len(), 10);
    for (cell, label) in cells.iter().zip(&labels) {
        let text = label.text().unwrap();
        let (font, width) = (number(label, "font-size"), number(cell, "width"));
        // Bold sans-serif letters average under 0.72 em.
        assert!(fits(text, font, 0.72, width), "{text}");
        let name = cell.children().find(|n| n.has_tag_name("title")).unwrap();
        let full = name.text().unwrap();
        assert!(text.ends_with('…') && full.starts_with(text.trim_end_matches('…')));
    }
}

#[test]
fn the_sum_line_wraps_within_the_narrowest_picture() {
    let svg = picture(
        &spec(LONG_NAMES, ""),
        SvgRequest {
            width: Some(240),
            ..frame_request(5, Phase::Pick)
        },
    );
    let doc = parse(&svg);
    let sum = elements(&doc, "text", "sum")[0];
    let font = number(&sum, "font-size");
    let lines: Vec<&str> = sum
        .children()
        .filter(|n| n.has_tag_name("tspan"))
        .map(|n| n.text().unwrap())
        .collect();
    assert_eq!(lines.join(" "), "Σ levels = 10: the 10 just added");
    for line in &lines {
        // Monospace: 0.6 em a character, within the 240 px less the padding.
        assert!(fits(line, font, 0.6, 240.0 - 24.0), "{line}");
    }
    let height = number(&doc.root_element(), "height");
    let footer_y = number(elements(&doc, "text", "muted").last().unwrap(), "y");
    assert!(footer_y < height, "the footer is inside the picture");
}
