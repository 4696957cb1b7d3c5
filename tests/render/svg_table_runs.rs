//! The hand-table picture of a run with a scenario says what the page's table and the CLI's
//! trace say of it: each row's events, how the attempt ended, the nodes that could not be
//! picked, what the winner subtracted that row, each server's fails and effective weight; and
//! its heads claim no weight that changed.

use roxmltree::{Document, Node};
use swrr_viz::engine::{AlgorithmOptions, RunSpec, Step, Trace};
use swrr_viz::input::Scenario;
use swrr_viz::render::{svg_document, SvgKind, SvgRequest};

use crate::svg_read::{attr, check_root, elements, has_class, parse, weights};

/// The run of QA s22b's F5: C refuses from request 1 (one failure disables it for 60 s), comes
/// back at request 6 (still disabled), and the reload at request 7 sets A to 4 and forgets it.
const FAILING: &str = "@1 C max_fails=1 timeout=60; @1 C dead; @6 C alive; @7 A=4 reset";

fn spec(w: &str, scenario: &str) -> RunSpec {
    let weights = weights(w);
    let scenario = Scenario::parse(scenario, &weights).unwrap();
    RunSpec::new(weights, AlgorithmOptions::default(), scenario)
}

fn table(spec: &RunSpec, steps: u64, step: Option<u64>) -> String {
    let request = SvgRequest {
        kind: SvgKind::Table,
        steps: Some(steps),
        step,
        ..SvgRequest::default()
    };
    svg_document(spec, &request).unwrap()
}

fn trace(spec: &RunSpec, steps: u64) -> Vec<Step> {
    Trace::new(spec.algorithm()).rows(1, steps).unwrap()
}

/// The `g.row` groups, one per step.
fn table_rows<'a, 'i>(doc: &'a Document<'i>) -> Vec<Node<'a, 'i>> {
    elements(doc, "g", "row")
}

/// The texts of `node`'s children, in order.
fn texts<'a>(node: &Node<'a, '_>) -> Vec<&'a str> {
    node.children().filter_map(|n| n.text()).collect()
}

fn desc(doc: &Document<'_>) -> String {
    let node = doc.descendants().find(|n| n.has_tag_name("desc")).unwrap();
    node.text().unwrap().to_string()
}

/// The header texts (`text.th`).
fn heads(doc: &Document<'_>) -> Vec<String> {
    elements(doc, "text", "th")
        .iter()
        .map(|n| n.text().unwrap_or("").to_string())
        .collect()
}

#[test]
fn each_row_says_what_its_winner_subtracted_the_sum_of_what_was_added() {
    let run = spec("5,3,2", FAILING);
    let steps = trace(&run, 14);
    let svg = table(&run, 14, Some(3));
    let doc = parse(&svg);
    check_root(&doc);
    let rows = table_rows(&doc);
    assert_eq!(rows.len(), 14);
    // 10 while C adds, 8 while it is out (A and B add 5 + 3), 9 after A=4 (4 + 3 + 2).
    let subtracted: Vec<i64> = rows
        .iter()
        .map(|row| attr(row, "data-subtracts").parse().unwrap())
        .collect();
    assert_eq!(subtracted, [10, 10, 10, 8, 8, 8, 8, 9, 9, 9, 9, 9, 9, 9]);
    for ((row, step), total) in rows.iter().zip(&steps).zip(&subtracted) {
        // The engine's total, and the sum of the adds the row shows.
        assert_eq!(*total, step.total, "step {}", step.t);
        let cells = texts(row);
        let adds: i64 = cells[4..7].iter().map(|c| c.parse::<i64>().unwrap()).sum();
        assert_eq!(adds, *total, "step {}: {cells:?}", step.t);
        // The subtracts column, right after the winner.
        let winner = cells
            .iter()
            .position(|c| ["A", "B", "C"].contains(c))
            .unwrap();
        assert_eq!(cells[winner + 1], total.to_string(), "step {}", step.t);
        // Its winner: filled minus what it subtracted.
        let w = step.winner;
        assert_eq!(step.filled[w] - total, step.drained[w]);
    }
    // The description says it row by row, not "the total 10" for every row.
    let said = desc(&doc);
    assert!(
        said.contains("(the sum of the weights added that row: 10 at steps 1–3, 8 at steps 4–7 and 9 at steps 8–14)"),
        "{said}"
    );
    assert!(!said.contains("subtracts the total 10"), "{said}");
}

#[test]
fn a_failed_attempt_an_out_node_and_the_events_are_marked() {
    let run = spec("5,3,2", FAILING);
    let doc_text = table(&run, 14, Some(3));
    let doc = parse(&doc_text);
    let rows = table_rows(&doc);
    // Row 3: C is picked and refuses; request 3 is retried at step 4 and answered by A.
    let row3 = texts(&rows[2]);
    assert_eq!(&row3[..4], ["3", "3", "1", "failed, retried"]);
    assert_eq!(attr(&rows[2], "data-outcome"), "failed");
    assert_eq!(attr(&rows[2], "data-winner"), "2");
    assert_eq!(&texts(&rows[3])[..4], ["4", "3", "2", "answered"]);
    // Fails · effective of C after step 3: 1 and 0; after the reset at step 8: 0 and 2.
    let tail = |k: usize| texts(&rows[k])[texts(&rows[k]).len() - 6..].join(" ");
    assert_eq!(tail(2), "0 0 1 5 3 0");
    assert_eq!(tail(7), "0 0 0 4 3 2");
    // C could not be picked at steps 4–7: x, struck through, data-out.
    for (k, row) in rows.iter().enumerate() {
        let c = row
            .descendants()
            .find(|n| n.attribute("data-phase") == Some("filled") && attr(n, "data-node") == "2")
            .unwrap();
        let out = (3..7).contains(&k);
        assert_eq!(c.attribute("data-out").is_some(), out, "step {}", k + 1);
        assert_eq!(has_class(&c, "out"), out);
        assert_eq!(c.text().unwrap().ends_with('x'), out, "{:?}", c.text());
    }
    assert!(doc_text.contains(">x could not be picked this attempt (tried already"));
    // The events stand above the rows they come before.
    let bands: Vec<(String, String)> = elements(&doc, "g", "events")
        .iter()
        .map(|g| (attr(g, "data-step").into(), attr(g, "data-events").into()))
        .collect();
    assert_eq!(
        bands,
        [
            ("1".into(), "@1 C max_fails=1 timeout=60; @1 C dead".into()),
            ("7".into(), "@6 C alive".into()),
            ("8".into(), "@7 A=4 reset".into()),
        ]
    );
    let band_bottom = |step: &str| {
        let band = elements(&doc, "g", "events")
            .into_iter()
            .find(|g| attr(g, "data-step") == step)
            .unwrap();
        band.children()
            .filter_map(|t| t.attribute("y"))
            .map(|y| y.parse::<f64>().unwrap())
            .fold(0.0, f64::max)
    };
    let row_top = |k: usize| {
        rows[k]
            .children()
            .filter_map(|t| t.attribute("y"))
            .map(|y| y.parse::<f64>().unwrap())
            .fold(f64::MAX, f64::min)
    };
    assert!(band_bottom("8") < row_top(7) && band_bottom("8") > row_top(6));
    // The later rows are faint, their bands too.
    assert!(has_class(&rows[3], "future") && !has_class(&rows[2], "future"));
}

#[test]
fn the_heads_claim_no_weight_that_changed() {
    // A becomes 4 at step 8: no "A +5" over the rows where it adds 4; the adds column says it.
    let doc_text = table(&spec("5,3,2", FAILING), 14, None);
    let doc = parse(&doc_text);
    let heads = heads(&doc);
    assert!(!heads.iter().any(|h| h.contains('+')), "{heads:?}");
    for head in [
        "adds",
        "after adding",
        "subtracts",
        "after subtracting",
        "fails",
        "effective",
    ] {
        assert!(heads.iter().any(|h| h == head), "{head} in {heads:?}");
    }
    let rows = table_rows(&doc);
    assert_eq!(&texts(&rows[0])[4..7], ["5", "3", "2"]);
    assert_eq!(&texts(&rows[3])[4..7], ["5", "3", "0"]);
    assert_eq!(&texts(&rows[7])[4..7], ["4", "3", "2"]);
    // A weight that never changes keeps its head: C refusing only takes it out (x).
    let doc_text = table(&spec("5,3,2", "@2 C dead"), 8, None);
    let heads = self::heads(&parse(&doc_text));
    assert!(
        ["A +5", "B +3", "C +2"]
            .iter()
            .all(|h| heads.contains(&h.to_string())),
        "{heads:?}"
    );
    assert!(!heads.contains(&"adds".to_string()));
}

#[test]
fn a_weight_change_alone_brings_its_events_adds_and_totals() {
    // No requests: no request columns, but the event, the adds and the totals.
    let doc_text = table(&spec("5,3,2", "@4 B=9"), 6, None);
    let doc = parse(&doc_text);
    let heads = heads(&doc);
    assert!(!heads.contains(&"outcome".to_string()) && heads.contains(&"adds".to_string()));
    let rows = table_rows(&doc);
    let subtracted: Vec<&str> = rows.iter().map(|r| attr(r, "data-subtracts")).collect();
    assert_eq!(subtracted, ["10", "10", "10", "16", "16", "16"]);
    assert!(desc(&doc).contains("10 at steps 1–3 and 16 at steps 4–6"));
    assert_eq!(elements(&doc, "g", "events").len(), 1);
}
