//! `swrr-viz nginx`: an upstream block for the weights (and a scenario's server parameters), and
//! `--read` back to the same weights and scenario; a bad block is a message naming the line and
//! token, and exit code 2.

use crate::run::swrr;

/// `swrr-viz nginx ARGS` (with `input` on stdin): stdout and stderr of a run that succeeded.
fn nginx(args: &[&str], input: &str) -> (String, String) {
    let out = swrr()
        .arg("nginx")
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(out.status.success(), "{args:?}: {out:?}");
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn has_lines(block: &str, lines: &[&str]) {
    for line in lines {
        assert!(block.contains(line), "{line:?} in\n{block}");
    }
}

#[test]
fn writes_and_reads_back() {
    let (block, _) = nginx(&["gpu=5", "10.0.0.1:80=3", "C=0"], "");
    has_lines(
        &block,
        &[
            "    server 127.0.0.1:8001 weight=5;  # node gpu\n",
            "    server 10.0.0.1:80 weight=3;\n",
        ],
    );
    let (weights, notes) = nginx(&["--read", "-"], &block);
    assert_eq!(weights, "gpu=5 10.0.0.1:80=3 C=0\n");
    assert_eq!(notes, "");
}

#[test]
fn server_parameters_are_the_scenario_both_ways() {
    let scenario = "@1 D backup; @1 C down; @1 B max_fails=3 timeout=30";
    let (block, _) = nginx(&["A=5 B=3 C=2 D=1", "--scenario", scenario], "");
    has_lines(
        &block,
        &[
            "    server 127.0.0.1:8002 weight=3 max_fails=3 fail_timeout=30s;  # node B\n",
            "    server 127.0.0.1:8003 weight=2 down;  # node C\n",
            "    server 127.0.0.1:8004 weight=1 backup;  # node D\n",
        ],
    );
    // The weights on the first line, the scenario (in canonical order) on the second.
    let (read, notes) = nginx(&["--read", "-"], &block);
    assert_eq!(
        read,
        "5,3,2,1\n@1 B max_fails=3 timeout=30; @1 C down; @1 D backup\n"
    );
    assert!(
        notes.contains("swrr-viz: note: Backup servers (line 7) are backups in the scenario"),
        "{notes}"
    );
}

#[test]
fn bad_blocks_are_refused() {
    let out = swrr()
        .args(["nginx", "--read", "-"])
        .write_stdin("upstream x {\n  server a weight=z;\n}\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "swrr-viz: invalid upstream block: line 2, column 12: \"weight=z\": the weight is a whole number of 1 or more, written with digits\n"
    );
    let out = swrr().args(["nginx", "5,-1"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = swrr()
        .args(["nginx", "5,3", "--scenario", "@1 C down"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}
