//! What a real nginx config says beyond the servers' weights, said as nginx runs it: several
//! blocks chosen by name, host names, try limits, workers and zone, NGINX Plus's parameters, a
//! parameter given twice, a name given twice, backup beside a balancer, every primary or every
//! server down, and backup, down and failure settings as the scenario.

use swrr_viz::input::{parse_named_upstream, parse_upstream, Scenario};
use swrr_viz::render::render_upstream;

use crate::upstream::{assert_contains, assert_reads_as, notes_of, read};

#[test]
fn several_blocks_are_chosen_by_name() {
    let conf = "http {\n  upstream backend {\n    server 127.0.0.1:19001 weight=2;\n    server 127.0.0.1:19002;\n  }\n  upstream backend2 { server 127.0.0.1:19003; }\n}\n";
    assert_eq!(
        parse_upstream(conf).unwrap_err().to_string(),
        "there are 2 upstream blocks, backend (line 2), backend2 (line 6): swrr-viz reads one at a time: choose it by name (swrr-viz nginx --read FILE --upstream NAME) or paste that block alone"
    );
    let first = parse_named_upstream(conf, "backend").unwrap();
    assert_eq!(first.name.as_deref(), Some("backend"));
    assert_eq!(
        first.weights.canonical_text(),
        "127.0.0.1:19001=2 127.0.0.1:19002=1"
    );
    let second = parse_named_upstream(conf, "backend2").unwrap();
    assert_eq!(second.weights.canonical_text(), "127.0.0.1:19003=1");
    assert_eq!(
        parse_named_upstream(conf, "web").unwrap_err().to_string(),
        "there is no upstream block named \"web\": the blocks are backend (line 2), backend2 (line 6)"
    );
    // nginx refuses two blocks of one name ("duplicate upstream").
    assert_eq!(
        parse_named_upstream("upstream a { server x; }\nupstream a { server y; }", "a")
            .unwrap_err()
            .to_string(),
        "there are several upstream blocks of this name (lines 1 and 2): nginx refuses a name given to two blocks (duplicate upstream)"
    );
    assert_eq!(
        parse_named_upstream("server 10.0.0.1;", "a")
            .unwrap_err()
            .to_string(),
        "there is no upstream block named \"a\": the text has server lines only, read without --upstream"
    );
    // A malformed block elsewhere in the config is refused, as nginx refuses the config.
    assert!(
        parse_named_upstream("upstream a { server x; }\nupstream b;", "a")
            .unwrap_err()
            .to_string()
            .contains("line 2: upstream needs a block")
    );
}

#[test]
fn host_names_are_said_as_nginx_resolves_them_into_several_servers() {
    // QA ran nginx 1.22.1 with `server multi:19001 weight=3` where multi was 127.0.0.1 and
    // 127.0.0.2: it picked over 3,3,1. The reader cannot resolve names offline; it says so.
    let notes = notes_of(
        "upstream backend {\n  server localhost:19001 weight=3;\n  server 127.0.0.1:19002;\n  server [::1]:19003;\n  server unix:/run/app.sock;\n  server app.example.com;\n}",
    );
    assert_eq!(
        notes,
        "localhost:19001 (line 2), app.example.com (line 6): nginx resolves a host name when it starts and makes one server for each of its addresses, each with the line's weight (localhost is often both 127.0.0.1 and ::1); swrr-viz does not resolve names and shows one node for each: to see nginx's picks, list the addresses as servers."
    );
    assert_eq!(
        notes_of("server 10.0.0.1:80; server 10.0.0.2; server [2001:db8::1]:8080;"),
        ""
    );
}

#[test]
fn retries_in_the_config_say_how_many_tries_to_run_with() {
    // QA's case tries-2 (nginx 1.22.1 answered 8 of 20 requests 502 after two tries).
    let conf = "http {\n  upstream backend {\n    server 127.0.0.1:19001 weight=5;\n    server 127.0.0.1:19002 weight=3;\n  }\n  server {\n    location / { proxy_pass http://backend; proxy_next_upstream error; proxy_next_upstream_tries 2; }\n  }\n}";
    assert_eq!(
        notes_of(conf),
        "proxy_next_upstream_tries 2 (line 7): nginx limits a request's tries to 2, and answers 502 when they all fail; shown here, a request is tried on every server not yet tried: run with --tries 2."
    );
    let off = "upstream b { server 10.0.0.1; }\nserver {\n  proxy_next_upstream off;\n}";
    assert_eq!(
        notes_of(off),
        "proxy_next_upstream off (line 3): when a connection fails nginx does not retry the request on another server, it answers 502; shown here, a request is tried on every server not yet tried: run with --tries 1."
    );
    // 403 and 404 passed on count no failure (tests/vectors/nginx-404.json, recorded from nginx).
    assert_eq!(
        notes_of("upstream b { server 10.0.0.1; }\nlocation / { proxy_next_upstream error http_403 http_404 http_502; }"),
        "proxy_next_upstream error http_403 http_404 http_502 (line 2): after an answer with status 403, 404 nginx tries the request on the next server without counting a failure; to show such a server, make it dead with max_fails=0 in the scenario (@1 NAME dead max_fails=0): it is tried, passes the request on, and is never skipped."
    );
    assert_eq!(
        notes_of("upstream b { server 10.0.0.1; }\nlocation / { proxy_next_upstream off http_404; }"),
        "proxy_next_upstream off http_404 (line 2): when a connection fails nginx does not retry the request on another server, it answers 502; shown here, a request is tried on every server not yet tried: run with --tries 1."
    );
    // Without `error`, a refused connection is not retried; with it, or a limit of 0 (nginx's
    // default: none), nothing is said.
    assert!(notes_of(
        "upstream b { server 10.0.0.1; }\nlocation / { grpc_next_upstream timeout http_502; }"
    )
    .starts_with("grpc_next_upstream timeout http_502 (line 2): when a connection fails"));
    assert_eq!(
        notes_of("upstream b { server 10.0.0.1; }\nlocation / { proxy_next_upstream error timeout; proxy_next_upstream_tries 0; }"),
        ""
    );
}

#[test]
fn workers_and_zone_say_how_to_run_them() {
    // tests/vectors/nginx-workers.json: 4 workers of nginx pick otherwise with a zone than
    // without.
    let conf = |workers: &str, zone: &str| {
        format!("worker_processes {workers};\nevents {{}}\nhttp {{\n  upstream backend {{ {zone} server 127.0.0.1:19001 weight=5; server 127.0.0.1:19002 weight=3; }}\n}}")
    };
    assert_eq!(
        notes_of(&conf("4", "")),
        "worker_processes 4 (line 1): the picks shown are one worker's; without a zone nginx's 4 workers each keep their own round-robin state: run with --workers 4."
    );
    assert_eq!(
        notes_of(&conf("4", "zone backend 64k;")),
        "worker_processes 4 (line 1) with a zone: nginx's 4 workers share one round-robin state; the picks shown are one worker's: run with --workers 4 --zone."
    );
    assert!(notes_of(&conf("auto", ""))
        .starts_with("worker_processes auto (line 1): nginx starts one worker per CPU core"));
    assert!(notes_of(&conf("auto", "zone backend 64k;"))
        .contains("run with --workers N --zone, N the number of cores."));
    // One worker: the zone changes nothing.
    assert_eq!(
        notes_of(&conf("1", "zone backend 64k;")),
        "Ignored, as they do not change which server is picked: zone."
    );
}

#[test]
fn nginx_plus_parameters_are_said_to_be_refused_by_nginx() {
    let notes = notes_of(
        "upstream b {\n  server 10.0.0.1 slow_start=30s;\n  server 10.0.0.2 drain;\n  server 10.0.0.3 resolve route=a service=http;\n}",
    );
    assert_eq!(
        notes,
        "Open-source nginx refuses the server parameters slow_start, drain (line 2, 3): they are NGINX Plus's, where they change which server is picked (slow_start ramps a server's weight up from 0 when it comes back, drain sends it no new requests). Not modelled here: for drain, mark the server down; for a ramp, add a slowstart event to the scenario.\n\
         Open-source nginx refuses the server parameters resolve, route, service (line 4): they are NGINX Plus's. Ignored here."
    );
}

#[test]
fn a_parameter_given_twice_keeps_its_last_value_as_in_nginx() {
    // QA recorded nginx 1.22.1 with `server 127.0.0.1:19001 weight=1 weight=3;` beside a server
    // of weight 1 (case weight-given-twice): :19001 :19001 :19002 :19001 :19001 :19001 :19002
    // :19001, weights 3 and 1.
    let u = read("upstream b {\n  server 127.0.0.1:19001 weight=1 weight=3 max_fails=2 max_fails=0;\n  server 127.0.0.1:19002;\n}");
    assert_reads_as(
        &u,
        "127.0.0.1:19001=3 127.0.0.1:19002=1",
        "@1 127.0.0.1:19001 max_fails=0",
    );
    assert!(u.notes.iter().any(|n| n.to_string()
        == "A parameter given more than once on one server line takes its last value, as in nginx: weight (line 2), max_fails (line 2)."));
}

#[test]
fn a_name_given_twice_in_comments_is_said() {
    let u = read("upstream b {\n  server 127.0.0.1:19001 weight=2;  # node A\n  server 127.0.0.1:19002;  # node A\n}");
    assert_eq!(u.weights.canonical_text(), "A=2 127.0.0.1:19002=1");
    assert_eq!(
        notes_of("upstream b {\n  server 127.0.0.1:19001 weight=2;  # node A\n  server 127.0.0.1:19002;  # node A\n}"),
        "# node A (line 3): the server on line 2 has that name already, so this server is named 127.0.0.1:19002."
    );
}

#[test]
fn backup_before_a_hash_is_what_nginx_takes() {
    // nginx 1.22.1 refuses `backup` after hash, ip_hash or random, not before (QA's parse checks:
    // hashbackup refused, backup_with_hash_after accepted).
    let u = read(
        "upstream backend { server 127.0.0.1:19001; server 127.0.0.1:19002 backup; hash $uri; }",
    );
    assert_eq!(u.scenario.to_string(), "@1 127.0.0.1:19002 backup");
    // least_conn takes backup servers.
    read("upstream backend { least_conn; server 127.0.0.1:19001; server 127.0.0.1:19002 backup; }");
}

#[test]
fn primaries_down_with_a_backup_is_an_upstream_nginx_runs() {
    // nginx accepts it (only an upstream of backups alone is "no servers in upstream"): every
    // request goes to the backup.
    let u = read("upstream u {\n server a.example down;\n server b.example backup;\n}");
    assert_reads_as(
        &u,
        "a.example=1 b.example=1",
        "@1 a.example down; @1 b.example backup",
    );
}

#[test]
fn every_server_down_is_an_upstream_nginx_runs_and_answers_502() {
    // nginx 1.22.1 accepts it (`nginx -t` is ok) and answers every request 502, "no live
    // upstreams" (recorded: tests/vectors/nginx-failures.json, case all-down).
    let u =
        read("upstream backend {\n server 127.0.0.1:19001 down;\n server 127.0.0.1:19002 down;\n}");
    assert_reads_as(
        &u,
        "127.0.0.1:19001=1 127.0.0.1:19002=1",
        "@1 127.0.0.1:19001 down; @1 127.0.0.1:19002 down",
    );
    let notes: Vec<String> = u.notes.iter().map(ToString::to_string).collect();
    assert_eq!(
        notes,
        [
            "Servers marked down (line 2, 3) are down in the scenario (@1 NAME down): never picked, as nginx skips them.",
            "Every server is marked down: nginx accepts this upstream all the same, finds no live server for any request and answers each one 502.",
        ]
    );
    // One server down of two: no such note.
    let one = read("upstream backend {\n server a down;\n server b;\n}");
    assert!(!one
        .notes
        .iter()
        .any(|n| n.to_string().starts_with("Every server")));
}

#[test]
fn backup_down_and_failure_settings_become_the_scenario() {
    let conf = "upstream app {\n\
        server 127.0.0.1:8001 weight=5;  # node A\n\
        server 127.0.0.1:8002 weight=3 max_fails=3 fail_timeout=30s;  # node B\n\
        server 127.0.0.1:8003 weight=2 down;  # node C\n\
        server 127.0.0.1:8004 backup;  # node D\n\
        }";
    let u = read(conf);
    assert_reads_as(
        &u,
        "5,3,2,1",
        "@1 B max_fails=3 timeout=30; @1 C down; @1 D backup",
    );
    // The scenario is the one a user would type: it parses back to itself.
    assert_eq!(
        Scenario::parse(&u.scenario.to_string(), &u.weights).unwrap(),
        u.scenario
    );
    // Written back, the block holds the same parameters and reads back the same.
    let block = render_upstream(&u.weights, &u.scenario).unwrap();
    assert_contains(
        &block,
        &[
            "    server 127.0.0.1:8001 weight=5;  # node A\n",
            "    server 127.0.0.1:8002 weight=3 max_fails=3 fail_timeout=30s;  # node B\n",
            "    server 127.0.0.1:8003 weight=2 down;  # node C\n",
            "    server 127.0.0.1:8004 weight=1 backup;  # node D\n",
        ],
    );
    let back = read(&block);
    assert_eq!(back.weights, u.weights);
    assert_eq!(back.scenario, u.scenario);
}

#[test]
fn the_traffic_a_config_states_is_what_to_run_it_with() {
    use swrr_viz::input::UpstreamTraffic;
    let traffic = |conf: &str| parse_upstream(conf).unwrap().traffic;
    let block = "upstream b { server 10.0.0.1; server 10.0.0.2; }";
    assert_eq!(traffic(block), UpstreamTraffic::default());
    assert_eq!(
        traffic(&format!(
            "worker_processes 4;\n{block}\nlocation / {{ proxy_next_upstream_tries 2; }}"
        )),
        UpstreamTraffic {
            tries: Some(2),
            workers: Some(4),
            zone: false
        }
    );
    // `off` is one try, whatever the limit beside it; `auto` names no number; a zone is shared.
    assert_eq!(
        traffic("worker_processes auto;\nupstream b { zone z 64k; server 10.0.0.1; }\nlocation / { proxy_next_upstream_tries 3; proxy_next_upstream off; }"),
        UpstreamTraffic { tries: Some(1), workers: None, zone: true }
    );
    assert_eq!(
        traffic(&format!(
            "worker_processes 1;\n{block}\nlocation / {{ grpc_next_upstream timeout; }}"
        )),
        UpstreamTraffic {
            tries: Some(1),
            workers: Some(1),
            zone: false
        }
    );
}

#[test]
fn traffic_beyond_what_a_run_models_is_said_and_not_carried() {
    use swrr_viz::input::UpstreamTraffic;
    let block = "upstream b { server 10.0.0.1; server 10.0.0.2; }";
    let conf = format!(
        "worker_processes 128;\n{block}\nlocation / {{ proxy_next_upstream_tries 100000; }}"
    );
    let read = parse_upstream(&conf).unwrap();
    // 100000 tries binds no request (an upstream has at most 10000 servers): no limit.
    let traffic = UpstreamTraffic {
        tries: Some(0),
        workers: None,
        zone: false,
    };
    assert_eq!(read.traffic, traffic);
    assert_eq!(
        notes_of(&conf),
        "worker_processes 128 (line 1): swrr-viz runs 1 to 64 worker processes; the picks shown are one round-robin state's, as nginx's workers make them with a zone.\n\
         proxy_next_upstream_tries 100000 (line 3): an upstream has at most 10000 servers, so no request reaches this limit: a request is tried on every server not yet tried, as shown here."
    );
    // A binding limit elsewhere wins; 64 workers are modelled.
    let conf = format!("worker_processes 64;\n{block}\nlocation /a {{ proxy_next_upstream_tries 100000; }}\nlocation /b {{ proxy_next_upstream_tries 3; }}");
    let traffic = UpstreamTraffic {
        tries: Some(3),
        workers: Some(64),
        zone: false,
    };
    assert_eq!(parse_upstream(&conf).unwrap().traffic, traffic);
}
