//! Running the binary: the helpers every CLI test shares.

use assert_cmd::Command;

pub fn swrr() -> Command {
    Command::cargo_bin("swrr-viz").unwrap()
}

/// stdout and stderr of a successful run.
pub fn ok(args: &[&str]) -> (String, String) {
    let out = swrr().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// stdout of a successful run.
pub fn stdout(args: &[&str]) -> String {
    ok(args).0
}

/// Exit code 2, stderr containing `expected`; returns stdout.
pub fn refused(args: &[&str], expected: &str) -> String {
    let out = swrr().args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains(expected), "{args:?}: {stderr}");
    String::from_utf8(out.stdout).unwrap()
}
