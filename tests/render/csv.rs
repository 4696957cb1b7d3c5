//! The trace as CSV: a cell a spreadsheet would run as a formula (node names and events come from
//! shared links) starts with `'`; numbers stay numbers; JSON and Markdown keep the names as given.

use swrr_viz::engine::{AlgorithmKind, AlgorithmOptions, RunSpec};
use swrr_viz::input::{Scenario, Weights};
use swrr_viz::render::{trace_document, TraceFormat};

fn spec(weights: &str, scenario: &str, kind: AlgorithmKind) -> RunSpec {
    let weights: Weights = weights.parse().unwrap();
    let scenario = Scenario::parse(scenario, &weights).unwrap();
    let options = AlgorithmOptions {
        kind,
        ..AlgorithmOptions::default()
    };
    RunSpec::new(weights, options, scenario)
}

#[test]
fn formula_names_are_text_in_csv() {
    let spec = spec("@SUM(A1)=5 +x=3 -y=2", "", AlgorithmKind::Swrr);
    let csv = trace_document(&spec, 3, TraceFormat::Csv).text;
    assert_eq!(
        csv,
        "step,'@SUM(A1) added,'+x added,'-y added,winner,tied,'@SUM(A1) after,'+x after,'-y after\n\
         1,5,3,2,'@SUM(A1),,-5,3,2\n\
         2,0,6,4,'+x,,0,-4,4\n\
         3,5,-1,6,'-y,,5,-1,-4\n"
    );
    // JSON and Markdown are not opened as formulas: the names stay as given.
    let json = trace_document(&spec, 1, TraceFormat::Json).text;
    assert!(json.contains("\"name\": \"@SUM(A1)\""), "{json}");
    let markdown = trace_document(&spec, 1, TraceFormat::Markdown).text;
    assert!(markdown.contains("| @SUM(A1) +5 |"), "{markdown}");
}

#[test]
fn formula_cells_of_other_tables_are_text_and_numbers_stay() {
    // A run of requests: its events column starts with @, a name with +.
    let spec = spec("+cmd=5 B=3 C=2", "@2 B dead", AlgorithmKind::Swrr);
    let csv = trace_document(&spec, 3, TraceFormat::Csv).text;
    let header = csv.lines().next().unwrap();
    assert!(header.contains(",'+cmd adds,"), "{header}");
    let rows: Vec<Vec<&str>> = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    assert!(rows.iter().any(|row| row.contains(&"'@2 B dead")), "{csv}");
    assert!(rows.iter().any(|row| row.contains(&"'+cmd")), "{csv}");
    // Negative levels are numbers, not text.
    assert!(
        rows.iter().any(|row| row
            .iter()
            .any(|c| c.starts_with('-') && c[1..].parse::<u64>().is_ok())),
        "{csv}"
    );
    assert!(!csv.contains("'-1") && !csv.contains("'-5"), "{csv}");
}
