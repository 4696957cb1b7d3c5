//! `swrr-viz nginx`: an upstream block for the weights, and `--read` back to the same weights;
//! a bad block is a message naming the line and token, and exit code 2.

use assert_cmd::Command;

fn swrr() -> Command {
    Command::cargo_bin("swrr-viz").unwrap()
}

#[test]
fn writes_and_reads_back() {
    let out = swrr()
        .args(["nginx", "gpu=5", "10.0.0.1:80=3", "C=0"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let block = String::from_utf8(out.stdout).unwrap();
    assert!(
        block.contains("    server 127.0.0.1:8001 weight=5;  # node gpu\n"),
        "{block}"
    );
    assert!(
        block.contains("    server 10.0.0.1:80 weight=3;\n"),
        "{block}"
    );
    let out = swrr()
        .args(["nginx", "--read", "-"])
        .write_stdin(block)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "gpu=5 10.0.0.1:80=3 C=0\n"
    );
    let notes = String::from_utf8(out.stderr).unwrap();
    assert!(
        notes.starts_with("swrr-viz: note: Servers marked down get weight 0"),
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
}
