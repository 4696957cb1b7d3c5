//! nginx upstream blocks: written for any weights and scenario and read back to the same
//! weights, names and scenario; real-world blocks read as nginx would, their backup, down,
//! max_fails and fail_timeout as events at request 1; bad blocks refused naming the line and the
//! token; no input panics.

use crate::{assert_refusals, Holds};
use proptest::prelude::*;
use swrr_viz::input::{parse_upstream, Scenario, Upstream, UpstreamError, UpstreamNote, Weights};
use swrr_viz::render::render_upstream;

fn weights(text: &str) -> Weights {
    text.parse().unwrap()
}

pub(crate) fn read(text: &str) -> Upstream {
    parse_upstream(text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

/// The notes of `text`, one a line.
pub(crate) fn notes_of(text: &str) -> String {
    read(text)
        .notes
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}

/// `u` reads as these weights (canonical text) and this scenario.
pub(crate) fn assert_reads_as(u: &Upstream, weights: &str, scenario: &str) {
    assert_eq!(u.weights.canonical_text(), weights);
    assert_eq!(u.scenario.to_string(), scenario);
}

/// `text` holds every one of `parts`.
pub(crate) fn assert_contains(text: &str, parts: &[&str]) {
    for part in parts {
        assert!(text.contains(part), "{part:?} in\n{text}");
    }
}

fn refused(text: &str) -> String {
    match parse_upstream(text) {
        Ok(u) => panic!("{text:?} should be refused, read {}", u.weights),
        Err(e) => e.to_string(),
    }
}

#[test]
fn default_names_become_local_ports_with_a_comment() {
    let text = render_upstream(&weights("5,3,2"), &Scenario::none()).unwrap();
    assert_eq!(
        text,
        "# nginx upstream for 5,3,2 (W = 10, period 10), written by swrr-viz.\n\
         # Names that are not server addresses got 127.0.0.1 ports; \"# node NAME\" keeps the name.\n\
         upstream backend {\n    \
         server 127.0.0.1:8001 weight=5;  # node A\n    \
         server 127.0.0.1:8002 weight=3;  # node B\n    \
         server 127.0.0.1:8003 weight=2;  # node C\n\
         }\n"
    );
    let back = read(&text);
    assert_eq!(back.weights, weights("5,3,2"));
    assert_eq!(back.weights.canonical_text(), "5,3,2");
    assert_eq!(back.name.as_deref(), Some("backend"));
    assert!(back.notes.is_empty(), "{:?}", back.notes);
}

#[test]
fn addresses_are_kept_and_zero_weights_are_down() {
    let w = weights("10.0.0.1:8080=5 app.example.com=3 gpu=2 [::1]:81=1 unix:/run/a.sock=0");
    let text = render_upstream(&w, &Scenario::none()).unwrap();
    assert_contains(
        &text,
        &[
            "    server 10.0.0.1:8080 weight=5;\n",
            "    server app.example.com weight=3;\n",
            "    server 127.0.0.1:8001 weight=2;  # node gpu\n",
            "    server [::1]:81 weight=1;\n",
            "    server unix:/run/a.sock down;  # weight 0: never picked\n",
        ],
    );
    let back = read(&text);
    assert_eq!(back.weights, w);
    assert!(back.scenario.is_empty(), "{}", back.scenario);
    // The one host name is said: nginx makes a server of each address it resolves to.
    assert_eq!(
        back.notes,
        vec![UpstreamNote::Hostnames(vec![("app.example.com".into(), 5)])]
    );
}

#[test]
fn a_name_that_is_a_local_port_is_not_reused() {
    let w = weights("A=1 127.0.0.1:8001=2");
    let text = render_upstream(&w, &Scenario::none()).unwrap();
    assert!(
        text.contains("server 127.0.0.1:8002 weight=1;  # node A"),
        "{text}"
    );
    assert_eq!(read(&text).weights, w);
}

#[test]
fn decimals_export_their_integer_weights() {
    let text = render_upstream(&weights("1:3:0.5"), &Scenario::none()).unwrap();
    assert!(text.contains("weight=2;") && text.contains("weight=6;") && text.contains("weight=1;"));
    assert_eq!(read(&text).weights.canonical_text(), "2,6,1");
}

#[test]
fn a_real_block_reads_as_nginx_would() {
    let conf = r#"
http {
    # the application servers
    upstream app_servers {
        zone app 64k;
        server 10.0.0.1:8080 weight=5 max_fails=3 fail_timeout=30s;
        server 10.0.0.2:8080 weight=3;
        server app3.internal;            # no weight: 1
        server 10.0.0.4:8080 down;
        server 10.0.0.9:8080 backup;
        server 10.0.0.2:8080 max_conns=100;
        keepalive 32;
    }
    server {
        listen 80;
        location / { proxy_pass http://app_servers; }
    }
}
"#;
    let u = read(conf);
    assert_eq!(u.name.as_deref(), Some("app_servers"));
    assert_reads_as(
        &u,
        "10.0.0.1:8080=5 10.0.0.2:8080=3 app3.internal=1 10.0.0.4:8080=1 10.0.0.9:8080=1 10.0.0.2:8080#2=1",
        "@1 10.0.0.1:8080 max_fails=3 timeout=30; @1 10.0.0.4:8080 down; @1 10.0.0.9:8080 backup",
    );
    assert_eq!(u.servers.len(), 6);
    let first = &u.servers[0];
    assert_eq!((first.line, first.weight), (6, 5));
    assert_eq!(first.max_fails, Some(3));
    assert_eq!(first.fail_timeout.as_deref(), Some("30s"));
    assert!(u.servers[4].backup);
    assert_eq!(u.servers[4].name.as_deref(), Some("10.0.0.9:8080"));
    assert_eq!(first.fail_timeout_seconds, Some(30));
    assert_eq!(u.servers[5].ignored, vec!["max_conns=100".to_string()]);
    let notes = notes_of(conf);
    assert_contains(
        &notes,
        &[
            "Backup servers (line 10) are backups in the scenario",
            "Servers marked down (line 9) are down in the scenario",
            "max_fails and fail_timeout (line 6) are set in the scenario",
            "Ignored, as they do not change which server is picked: the server parameters max_conns (line 11).",
            "Ignored, as they do not change which server is picked: keepalive.",
            "app3.internal (line 8): nginx resolves a host name when it starts",
            "zone (line 5): the picks shown are one worker's; with several worker processes the zone makes them share one round-robin state: run with --workers N --zone",
        ],
    );
}

#[test]
fn a_block_on_one_line_names_each_line_and_parameter_once() {
    let u = read(
        "upstream x { server a weight=5 max_conns=3; server b resolve max_conns=9; server c backup; server d backup; }",
    );
    let notes = u.notes.iter().map(ToString::to_string).collect::<Vec<_>>();
    assert_contains(
        &notes.join("\n"),
        &[
            "Backup servers (line 1) are backups in the scenario",
            "Ignored, as they do not change which server is picked: the server parameters max_conns (line 1).",
            "Open-source nginx refuses the server parameters resolve (line 1): they are NGINX Plus's. Ignored here.",
            "a (line 1), b (line 1), c (line 1), d (line 1): nginx resolves a host name when it starts",
        ],
    );
}

#[test]
fn bare_server_lines_and_quotes() {
    let u = read("server a.example weight=2;\nserver 'b.example' \"weight=7\";");
    assert_eq!(u.name, None);
    assert_eq!(u.weights.canonical_text(), "a.example=2 b.example=7");
}

#[test]
fn other_balancers_are_named() {
    let u = read("upstream x { least_conn; server a.example; server b.example weight=2; }");
    assert!(
        u.notes[0]
            .to_string()
            .contains("least_conn (line 1), not weighted round-robin"),
        "{:?}",
        u.notes
    );
    assert_eq!(u.weights.integers(), vec![1, 2]);
}

#[test]
fn refusals_name_the_line_and_the_token() {
    let cases = [
        ("", "the text is empty"),
        ("# only a comment\n", "the text is empty"),
        (
            "upstream b {\n  server a weight=5\n}",
            "line 2: directive \"server\" does not end with \";\"",
        ),
        (
            "upstream b {\n  server a;\n",
            "line 1: the block of \"upstream\" opened here is never closed",
        ),
        ("server a;\n}", "line 2, column 1: \"}\" closes no block"),
        (
            "upstream b {\n  server a wieght=5;\n}",
            "line 2, column 12: unknown server parameter \"wieght=5\"",
        ),
        (
            "upstream b {\n  server a weight=0;\n}",
            "line 2, column 12: \"weight=0\": nginx takes weights of 1 or more",
        ),
        (
            "upstream b {\n  server a weight=x;\n}",
            "line 2, column 12: \"weight=x\": the weight is a whole number",
        ),
        (
            "upstream b {\n  server a weight=1000000001;\n}",
            "swrr-viz takes weights up to 1,000,000,000",
        ),
        (
            "upstream b {\n  server a fail_timeout=soon;\n}",
            "\"fail_timeout=soon\": fail_timeout is a time",
        ),
        (
            "upstream b {\n  server a fail_timeout=500ms;\n}",
            "\"fail_timeout=500ms\": fail_timeout is a time in seconds",
        ),
        (
            "upstream b {\n  server a fail_timeout=1s1m;\n}",
            "\"fail_timeout=1s1m\": fail_timeout is a time in seconds",
        ),
        (
            "upstream b {\n  server a fail_timeout=32y;\n}",
            "\"fail_timeout=32y\": swrr-viz takes fail_timeout up to 1,000,000,000 seconds",
        ),
        (
            "upstream b {\n  server a max_fails=1001;\n}",
            "\"max_fails=1001\": swrr-viz takes max_fails up to 1000",
        ),
        (
            "upstream b {\n server a backup;\n server c backup;\n}",
            "every server is a backup: nginx refuses an upstream of backups only",
        ),
        (
            "upstream b {\n  server a down=1;\n}",
            "\"down=1\": this flag takes no value",
        ),
        (
            "upstream b {\n  server weight=5;\n}",
            "line 2: server has no address",
        ),
        (
            "upstream b {\n  sever a;\n}",
            "line 2: unknown directive \"sever\"",
        ),
        (
            "upstream b {\n}",
            "line 1: the upstream block has no server line",
        ),
        (
            "upstream a { server x; }\nupstream b { server y; }",
            "there are 2 upstream blocks, a (line 1), b (line 2): swrr-viz reads one at a time: choose it by name (swrr-viz nginx --read FILE --upstream NAME) or paste that block alone",
        ),
        (
            "upstream a { server x; } upstream b { server y; }",
            "there are 2 upstream blocks, a (line 1, column 1), b (line 1, column 26):",
        ),
        (
            "upstream b {\n  server http://10.0.0.1:80;\n}",
            "line 2, column 10: \"http://10.0.0.1:80\": nginx refuses this address (invalid host)",
        ),
        (
            "upstream b {\n  server 10.0.0.1/app;\n}",
            "line 2, column 10: \"10.0.0.1/app\": nginx refuses this address (invalid host)",
        ),
        (
            "upstream b {\n  server :80;\n}",
            "line 2, column 10: \":80\": nginx refuses this address (invalid host)",
        ),
        (
            "upstream b {\n  server [::1;\n}",
            "\"[::1\": nginx refuses this address (invalid host)",
        ),
        (
            "upstream b {\n  server 127.0.0.1:99999;\n}",
            "line 2, column 10: \"127.0.0.1:99999\": nginx refuses this port (invalid port): a port is a whole number from 1 to 65535",
        ),
        (
            "upstream b {\n  server app:0;\n}",
            "\"app:0\": nginx refuses this port (invalid port)",
        ),
        (
            "upstream b {\n  server [::1]:65536;\n}",
            "\"[::1]:65536\": nginx refuses this port (invalid port)",
        ),
        (
            "upstream b {\n  server ::1;\n}",
            "\"::1\": nginx refuses this port (invalid port)",
        ),
        (
            "upstream b {\n  keepalive;\n  server a;\n}",
            "line 2: directive \"keepalive\" has the wrong number of values, which nginx refuses (invalid number of arguments): write keepalive CONNECTIONS",
        ),
        (
            "upstream b {\n  least_conn 2;\n  server a;\n}",
            "line 2: directive \"least_conn\" has the wrong number of values",
        ),
        (
            "upstream b {\n  hash $request_uri;\n  server a weight=2;\n  server c backup;\n}",
            "line 4, column 12: \"backup\": nginx refuses backup servers after hash (line 2), a method that does not use them: remove backup, or hash",
        ),
        (
            "upstream b { ip_hash; server a; server c backup; }",
            "line 1, column 42: \"backup\": nginx refuses backup servers after ip_hash (line 1)",
        ),
        (
            "upstream b { random two; server a; server c backup; }",
            "nginx refuses backup servers after random (line 1)",
        ),
        (
            "upstream b {\n  server a;\n  include conf.d/servers.conf;\n}",
            "line 3: include \"conf.d/servers.conf\": swrr-viz does not follow include: paste the server lines of the included file in its place",
        ),
        (
            "upstream { server x; }",
            "line 1: upstream takes exactly one name",
        ),
        (
            "http { server { listen 80; } }",
            "no upstream block and no server lines",
        ),
        (
            "upstream b { server a { } }",
            "line 1: \"server {\" is an http server block",
        ),
        (
            "upstream b { server 'a; }",
            "line 1, column 21: the quote opened here is never closed",
        ),
        ("{ server a; }", "line 1, column 1: unexpected \"{\""),
    ];
    assert_refusals(&cases, refused, Holds::Anywhere);
}

#[test]
fn fail_timeout_is_read_in_seconds_as_nginx_reads_it() {
    for (written, seconds) in [
        ("10", 10),
        ("10s", 10),
        ("1m30s", 90),
        ("2h", 7_200),
        ("1d", 86_400),
    ] {
        let u = read(&format!("server a.example fail_timeout={written};"));
        assert_eq!(
            u.servers[0].fail_timeout_seconds,
            Some(seconds),
            "{written}"
        );
        assert_eq!(
            u.scenario.to_string(),
            format!("@1 a.example timeout={seconds}")
        );
    }
}

#[test]
fn events_a_block_cannot_hold_are_listed_in_a_comment() {
    let w = weights("5,3,2");
    let scenario = Scenario::parse(
        "@1 C dead max_fails=3 timeout=3600; @1 B backup; @31 C alive",
        &w,
    )
    .unwrap();
    let block = render_upstream(&w, &scenario).unwrap();
    assert_contains(
        &block,
        &[
            "# Events an upstream block cannot hold (swrr-viz --scenario): @1 C dead max_fails=3 timeout=3600; @31 C alive\n",
            "server 127.0.0.1:8002 weight=3 backup;  # node B",
        ],
    );
    assert_eq!(read(&block).scenario.to_string(), "@1 B backup");
}

#[test]
fn limits() {
    let long = "#".repeat(swrr_viz::input::MAX_UPSTREAM_BYTES + 1);
    assert!(matches!(
        parse_upstream(&long),
        Err(UpstreamError::TooLong { .. })
    ));
    let deep = "a {".repeat(100);
    assert!(refused(&deep).contains("nested more than 32 deep"));
    let many: String = (0..10_001)
        .map(|i| format!("server h{i}.example;\n"))
        .collect();
    assert!(refused(&many).contains("10001 servers are too many"));
}

#[test]
fn long_and_odd_addresses_become_valid_names() {
    let long = format!("{}.example", "a".repeat(80));
    let u = read(&format!(
        "server {long}; server {long}; server 'x=y,z'; server '\u{202e}evil:80'; # node \u{2066}B"
    ));
    let names: Vec<&str> = u.weights.nodes().iter().map(|n| n.name.as_str()).collect();
    assert_eq!(names[0].chars().count(), 64);
    assert!(names[1].ends_with("#2") && names[1].chars().count() == 64);
    assert_eq!(names[2], "x_y_z");
    // A text-direction control, in the address or in the comment's name, would reverse the lines
    // that name the node.
    assert_eq!(names[3], "_evil:80");
}

proptest! {
    #[test]
    fn written_blocks_read_back_the_same(
        ws in prop::collection::vec(0u64..2_000, 1..12),
        named in any::<bool>(),
        seed in any::<u64>(),
    ) {
        prop_assume!(ws.iter().any(|&w| w > 0));
        let pool = ["gpu", "10.0.0.1:80", "app.example.com", "app1:9000", "[::1]:8080", "unix:/run/x.sock", "127.0.0.1:8001", "x#y", "ünï", "a<b>&c"];
        let text: String = if named {
            ws.iter().enumerate().map(|(i, w)| {
                let base = pool[(seed as usize + i * 7) % pool.len()];
                format!("{base}{i}={w}")
            }).collect::<Vec<_>>().join(" ")
        } else {
            ws.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
        };
        let w: Weights = text.parse().unwrap();
        let block = render_upstream(&w, &Scenario::none()).unwrap();
        let back = parse_upstream(&block).unwrap();
        prop_assert_eq!(back.weights, w);
    }

    #[test]
    fn written_settings_read_back_the_same(
        ws in prop::collection::vec(1u64..100, 2..8),
        kinds in prop::collection::vec(0u8..6, 8),
        numbers in prop::collection::vec(0u64..5_000, 8),
    ) {
        let w: Weights = ws.iter().map(u64::to_string).collect::<Vec<_>>().join(",").parse().unwrap();
        // One setting per node: backup, down, max_fails, timeout, both, or none; node 0 stays a
        // primary that is up, so the upstream has something to pick.
        let events: Vec<String> = (1..w.len()).filter_map(|i| {
            let name = w.name(i);
            let (m, t) = (numbers[i] % 1_001, numbers[i] * 7);
            match kinds[i] {
                0 => Some(format!("@1 {name} backup")),
                1 => Some(format!("@1 {name} down")),
                2 => Some(format!("@1 {name} max_fails={m}")),
                3 => Some(format!("@1 {name} timeout={t}")),
                4 => Some(format!("@1 {name} max_fails={m} timeout={t}")),
                _ => None,
            }
        }).collect();
        let scenario = Scenario::parse(&events.join("; "), &w).unwrap();
        let back = parse_upstream(&render_upstream(&w, &scenario).unwrap()).unwrap();
        prop_assert_eq!(&back.weights, &w);
        prop_assert_eq!(back.scenario, scenario);
    }


    #[test]
    fn no_input_panics(text in ".{0,400}") {
        let _ = parse_upstream(&text);
    }

    #[test]
    fn no_config_like_input_panics(parts in prop::collection::vec(
        prop::sample::select(vec!["upstream", "server", "b", "{", "}", ";", "weight=", "5", "0", "down", "backup", "#c\n", "'", "\"", "\\", "\n", " ", "max_fails=2", "fail_timeout=1m", "=", "x:1"]),
        0..60,
    )) {
        let text: String = parts.concat();
        let _ = parse_upstream(&text);
    }
}
