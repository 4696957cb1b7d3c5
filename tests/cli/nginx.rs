//! `swrr-viz nginx`: an upstream block for the weights (and a scenario's server parameters), and
//! `--read` back to the same weights and scenario; a bad block is a message naming the line and
//! token, and exit code 2.

use crate::run::swrr;

/// `swrr-viz nginx ARGS` with `input` on stdin.
fn run_nginx(args: &[&str], input: &str) -> std::process::Output {
    swrr()
        .arg("nginx")
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap()
}

/// `swrr-viz nginx ARGS` (with `input` on stdin): stdout and stderr of a run that succeeded.
fn nginx(args: &[&str], input: &str) -> (String, String) {
    let out = run_nginx(args, input);
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

#[test]
fn every_server_down_is_read_and_its_requests_are_502s() {
    // nginx 1.22.1 accepts it (`nginx -t` is ok) and answers every request 502.
    let block = "upstream backend { server 127.0.0.1:19001 down; server 127.0.0.1:19002 down; }\n";
    let (read, notes) = nginx(&["--read", "-"], block);
    assert_eq!(
        read,
        "127.0.0.1:19001=1 127.0.0.1:19002=1\n@1 127.0.0.1:19001 down; @1 127.0.0.1:19002 down\n"
    );
    assert_eq!(
        notes,
        "swrr-viz: note: Servers marked down (line 1) are down in the scenario (@1 NAME down): never picked, as nginx skips them.\n\
         swrr-viz: note: Every server is marked down: nginx accepts this upstream all the same, finds no live server for any request and answers each one 502.\n"
    );
    let mut lines = read.lines();
    let (weights, scenario) = (lines.next().unwrap(), lines.next().unwrap());
    let out = swrr()
        .args(["seq", weights, "--scenario", scenario, "--steps", "4"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "- - - -\n");
}

/// `swrr-viz nginx ARGS` (with `input` on stdin) that fails: its exit code and stderr.
fn refused(args: &[&str], input: &str) -> (Option<i32>, String) {
    let out = run_nginx(args, input);
    (out.status.code(), String::from_utf8(out.stderr).unwrap())
}

const TWO_UPSTREAMS: &str = "upstream backend {\n server 127.0.0.1:19001 weight=2;\n server 127.0.0.1:19002;\n}\nupstream backend2 {\n server 127.0.0.1:19003;\n}\n";

#[test]
fn upstream_chooses_one_block_of_several() {
    assert_eq!(
        refused(&["--read", "-"], TWO_UPSTREAMS),
        (
            Some(2),
            "swrr-viz: invalid upstream block: there are 2 upstream blocks, backend (line 1), backend2 (line 5): swrr-viz reads one at a time: choose it by name (swrr-viz nginx --read FILE --upstream NAME) or paste that block alone\n".into()
        )
    );
    let (weights, notes) = nginx(&["--read", "-", "--upstream", "backend"], TWO_UPSTREAMS);
    assert_eq!(weights, "127.0.0.1:19001=2 127.0.0.1:19002=1\n");
    assert_eq!(notes, "");
    let (weights, _) = nginx(&["--read", "-", "--upstream", "backend2"], TWO_UPSTREAMS);
    assert_eq!(weights, "127.0.0.1:19003=1\n");
    assert_eq!(
        refused(&["--read", "-", "--upstream", "api"], TWO_UPSTREAMS),
        (
            Some(2),
            "swrr-viz: invalid upstream block: there is no upstream block named \"api\": the blocks are backend (line 1), backend2 (line 5)\n".into()
        )
    );
    // --upstream reads; it does not write: without --read it says that --read is missing,
    // wherever the weights stand.
    let needs_read = "swrr-viz: --upstream backend needs --read FILE: it names the block to read in a config that has several (swrr-viz nginx --read FILE --upstream NAME, - for standard input); the block written for WEIGHTS has no name to choose\n";
    for args in [
        &["5,3,2", "--upstream", "backend"][..],
        &["--upstream", "backend", "5,3,2"],
        &[
            "--upstream",
            "backend",
            "--scenario",
            "@1 C down",
            "5",
            "3",
            "2",
        ],
    ] {
        assert_eq!(refused(args, ""), (Some(2), needs_read.into()), "{args:?}");
    }
    // With --read, weights are the conflict.
    let (code, stderr) = refused(&["--read", "-", "--upstream", "backend", "5,3,2"], "");
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("'--read <FILE>' cannot be used with '[WEIGHTS]...'"),
        "{stderr}"
    );
}

#[test]
fn a_whole_config_notes_workers_and_tries() {
    // docs/CLI.md's nginx.conf: QA's whole.conf (nginx 1.22.1, 4 workers, no zone, no retry).
    let conf = "worker_processes 4;\nevents {}\nhttp {\n  upstream backend {\n    server 127.0.0.1:19001 weight=5;\n    server 127.0.0.1:19002 weight=3;\n  }\n  server { listen 8080; location / { proxy_pass http://backend; proxy_next_upstream off; } }\n}\n";
    let (weights, notes) = nginx(&["--read", "-"], conf);
    assert_eq!(weights, "127.0.0.1:19001=5 127.0.0.1:19002=3\n");
    assert_eq!(
        notes,
        "swrr-viz: note: worker_processes 4 (line 1): the picks shown are one worker's; without a zone nginx's 4 workers each keep their own round-robin state: run with --workers 4.\n\
         swrr-viz: note: proxy_next_upstream off (line 8): when a connection fails nginx does not retry the request on another server, it answers 502; shown here, a request is tried on every server not yet tried: run with --tries 1.\n"
    );
    let tries = conf.replace("proxy_next_upstream off;", "proxy_next_upstream_tries 2;");
    let (_, notes) = nginx(&["--read", "-"], &tries);
    assert!(
        notes.ends_with("swrr-viz: note: proxy_next_upstream_tries 2 (line 8): nginx limits a request's tries to 2, and answers 502 when they all fail; shown here, a request is tried on every server not yet tried: run with --tries 2.\n"),
        "{notes}"
    );
    // Two locations with their own limits (QA s22b F2): one note names both and the --tries to
    // run with; a second worker_processes (F10) is said to be refused by nginx, and ignored.
    let two = conf
        .replace("worker_processes 4;", "worker_processes 4; worker_processes 8;")
        .replace(
            "proxy_next_upstream off; }",
            "proxy_next_upstream_tries 3; }\n  location /api/ { proxy_pass http://backend; proxy_next_upstream_tries 2; }",
        );
    let (weights, notes) = nginx(&["--read", "-"], &two);
    assert_eq!(weights, "127.0.0.1:19001=5 127.0.0.1:19002=3\n");
    let notes: Vec<&str> = notes.lines().collect();
    assert_eq!(notes.len(), 3, "{notes:#?}");
    assert!(notes[0].starts_with("swrr-viz: note: worker_processes 4 (line 1)"));
    assert_eq!(notes[1], "swrr-viz: note: The locations limit a request's tries differently: location / (line 8) with proxy_next_upstream_tries 3 (line 8), location /api/ (line 9) with proxy_next_upstream_tries 2 (line 9). nginx applies each location's own limit to its requests; shown here is one stream of requests, so one limit, the least: 2, that of location /api/ (line 9), whose requests get a 502 soonest: run with --tries 2.");
    assert_eq!(notes[2], "swrr-viz: note: Ignored: worker_processes 8 (line 1), which nginx refuses (is duplicate): line 1 gives it already.");
}

#[test]
fn what_nginx_refuses_is_refused() {
    for (block, says) in [
        (
            "upstream backend { server http://127.0.0.1:19001; }",
            "line 1, column 27: \"http://127.0.0.1:19001\": nginx refuses this address (invalid host)",
        ),
        (
            "upstream backend { server 127.0.0.1:99999; }",
            "line 1, column 27: \"127.0.0.1:99999\": nginx refuses this port (invalid port)",
        ),
        (
            "upstream backend { keepalive; server 127.0.0.1:19001; }",
            "line 1: directive \"keepalive\" has the wrong number of values",
        ),
        (
            "upstream backend { ip_hash; server 127.0.0.1:19001; server 127.0.0.1:19002 backup; }",
            "line 1, column 76: \"backup\": nginx refuses backup servers after ip_hash (line 1)",
        ),
    ] {
        let (code, stderr) = refused(&["--read", "-"], block);
        assert_eq!(code, Some(2), "{block}");
        assert!(stderr.contains(says), "{block}: {stderr}");
    }
}

#[test]
fn hostile_inputs_are_refused_at_once_or_read_as_nginx_reads_them() {
    let stdin = |bytes: Vec<u8>| {
        let out = swrr()
            .args(["nginx", "--read", "-"])
            .write_stdin(bytes)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    // A stream is read no further than the reader takes (`yes |`, /dev/zero).
    let (code, _, stderr) = stdin(b"y\n".repeat(600_000));
    assert_eq!(code, Some(2));
    assert_eq!(stderr, "swrr-viz: invalid upstream block: the text goes on past 1048576 bytes: at most 1048576 bytes are read\n");
    // A file says its size.
    let big = std::env::temp_dir().join(format!("swrr-viz-big-{}.conf", std::process::id()));
    std::fs::write(&big, vec![b'#'; 2_000_000]).unwrap();
    let (code, stderr) = refused(&["--read", big.to_str().unwrap()], "");
    std::fs::remove_file(&big).unwrap();
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("the text is 2000000 bytes long: at most 1048576 bytes are read"),
        "{stderr}"
    );
    // A file that is not there is bad input, said as such.
    let (code, stderr) = refused(&["--read", "/no/such/nginx.conf"], "");
    assert_eq!(code, Some(2));
    assert!(
        stderr.starts_with("swrr-viz: cannot read /no/such/nginx.conf: "),
        "{stderr}"
    );
    // A byte-order mark, and a Latin-1 byte in a comment, as nginx reads them.
    let block = b"upstream b { # caf\xe9\n server 10.0.0.1 weight=2; server 10.0.0.2; }\n";
    let (code, stdout, _) = stdin([&b"\xef\xbb\xbf"[..], block].concat());
    assert_eq!(
        (code, stdout.as_str()),
        (Some(0), "10.0.0.1=2 10.0.0.2=1\n")
    );
    // A generated config of many blocks: the first eight named, the others counted.
    let many: String = (1..=20)
        .map(|i| format!("upstream u{i} {{ server 10.0.0.{i}; }}\n"))
        .collect();
    let (code, stderr) = refused(&["--read", "-"], &many);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("there are 20 upstream blocks, u1 (line 1), u2 (line 2), u3 (line 3), u4 (line 4), u5 (line 5), u6 (line 6), u7 (line 7), u8 (line 8) and 12 more: "), "{stderr}");
}

#[test]
fn refuses_to_write_backups_only() {
    // nginx 1.22.1 refuses it: [emerg] no servers in upstream "backend"; so does --read.
    let scenario = "@1 A backup; @1 B backup; @1 C backup";
    let out = run_nginx(&["5,3,2", "--scenario", scenario], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        stderr,
        "swrr-viz: cannot write the upstream block: every server is a backup: nginx refuses an upstream of backups only (\"no servers in upstream\"): give at least one server without backup\n"
    );
    // One primary left (even a down one, which nginx counts) is written.
    let (block, _) = nginx(
        &["5,3,2", "--scenario", "@1 A down; @1 B backup; @1 C backup"],
        "",
    );
    has_lines(
        &block,
        &["    server 127.0.0.1:8001 weight=5 down;  # node A\n"],
    );
}
