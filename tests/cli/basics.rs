//! The `swrr-viz` command line: output text, formats and exit codes are a contract.

use crate::run::{refused, stdout};

#[test]
fn seq_prints_names_on_one_line() {
    assert_eq!(
        stdout(&["seq", "5,3,2", "--steps", "10"]),
        "A B C A A B A C B A\n"
    );
    assert_eq!(stdout(&["seq", "4,1,1", "--steps", "6"]), "A A B A C A\n");
    assert_eq!(
        stdout(&["seq", "gpu=5 cpu=3 queue=2", "--steps", "4"]),
        "gpu cpu queue gpu\n"
    );
}

#[test]
fn seq_index_and_multiple_arguments() {
    assert_eq!(
        stdout(&["seq", "5", "3", "2", "--steps", "10", "--index"]),
        "0 1 2 0 0 1 0 2 1 0\n"
    );
}

#[test]
fn seq_defaults_to_one_period_and_repeats_long_runs() {
    assert_eq!(stdout(&["seq", "2,1"]), "A B A\n");
    let long = stdout(&["seq", "5,3,2", "--steps", "25", "--index"]);
    assert_eq!(
        long.trim(),
        "0 1 2 0 0 1 0 2 1 0 0 1 2 0 0 1 0 2 1 0 0 1 2 0 0"
    );
}

#[test]
fn seq_tie_rule() {
    assert_eq!(
        stdout(&["seq", "1,1,1", "--steps", "3", "--tie", "last"]),
        "C B A\n"
    );
}

#[test]
fn trace_table_marks_ties() {
    let table = stdout(&["trace", "5,3,2"]);
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(lines.len(), 2 + 10 + 1, "{table}");
    assert!(lines[0].contains("after adding") && lines[0].contains("after subtracting 10"));
    assert!(
        lines[6].contains("5*") && lines[6].contains("A (tie A=B)"),
        "{}",
        lines[6]
    );
    assert!(table.ends_with("* tied at the highest level; the first in list order wins (nginx)\n"));
}

#[test]
fn trace_default_steps_are_one_period_capped_at_100() {
    let csv = stdout(&["trace", "100,1,1", "--format", "csv"]);
    assert_eq!(csv.lines().count(), 1 + 100);
    let csv = stdout(&["trace", "2,1", "--format", "csv"]);
    assert_eq!(csv.lines().count(), 1 + 3);
}

#[test]
fn trace_csv() {
    let csv = stdout(&["trace", "5,3,2", "--steps", "5", "--format", "csv"]);
    assert_eq!(
        csv,
        "step,A added,B added,C added,winner,tied,A after,B after,C after\n\
         1,5,3,2,A,,-5,3,2\n\
         2,0,6,4,B,,0,-4,4\n\
         3,5,-1,6,C,,5,-1,-4\n\
         4,10,2,-2,A,,0,2,-2\n\
         5,5,5,0,A,A B,-5,5,0\n"
    );
}

#[test]
fn trace_csv_writes_formula_names_as_text() {
    let csv = stdout(&[
        "trace",
        "@SUM(A1)=5 +x=3 -y=2",
        "--format",
        "csv",
        "--steps",
        "2",
    ]);
    assert_eq!(
        csv,
        "step,'@SUM(A1) added,'+x added,'-y added,winner,tied,'@SUM(A1) after,'+x after,'-y after\n\
         1,5,3,2,'@SUM(A1),,-5,3,2\n\
         2,0,6,4,'+x,,0,-4,4\n"
    );
}

#[test]
fn trace_markdown() {
    let md = stdout(&["trace", "5,3,2", "--steps", "5", "--format", "markdown"]);
    let lines: Vec<&str> = md.lines().collect();
    assert_eq!(
        lines[0],
        "| step | A +5 | B +3 | C +2 | winner | A | B | C |"
    );
    assert_eq!(lines[1], "|---:|---:|---:|---:|:---|---:|---:|---:|");
    assert_eq!(lines[2], "| 1 | 5 | 3 | 2 | A | **-5** | 3 | 2 |");
    assert_eq!(
        lines[6],
        "| 5 | 5\\* | 5\\* | 0 | A (tie A=B) | **-5** | 5 | 0 |"
    );
}

#[test]
fn trace_json() {
    let json: serde_json::Value = serde_json::from_str(&stdout(&[
        "trace", "5,3,2", "--steps", "5", "--format", "json",
    ]))
    .unwrap();
    assert_eq!(json["total"], 10);
    assert_eq!(json["period"], 10);
    assert_eq!(json["nodes"][1]["name"], "B");
    let step5 = &json["steps"][4];
    assert_eq!(step5["t"], 5);
    assert_eq!(step5["winner"], 0);
    assert_eq!(step5["winner_name"], "A");
    assert_eq!(step5["tied"], serde_json::json!([0, 1]));
    assert_eq!(step5["filled"], serde_json::json!([5, 5, 0]));
    assert_eq!(step5["drained"], serde_json::json!([-5, 5, 0]));
}

#[test]
fn bad_input_exits_2_with_the_reason_on_stderr() {
    for (args, expected) in [
        (
            vec!["seq", "5,-3"],
            "weight 2 \"-3\" (at column 3) is negative",
        ),
        (vec!["seq", "5,x,2"], "\"x\" (at column 3) is not a number"),
        (vec!["trace", "0,0"], "every weight is 0"),
        (vec!["trace", "5,3,2", "--format", "xml"], "xml"),
        (vec!["seq", "5,3", "--tie", "middle"], "middle"),
        (vec!["seq", "5,3", "--steps", "many"], "many"),
    ] {
        assert!(refused(&args, expected).is_empty(), "{args:?}");
    }
}
