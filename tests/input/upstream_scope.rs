//! Where nginx applies what a config says around its upstream: each location's try settings to
//! the requests of that location (one note when the locations differ, naming them, and the least
//! limit taken), and the lines around the upstream that nginx refuses (QA s22b F2 and F10).

use swrr_viz::input::{parse_named_upstream, parse_upstream, UpstreamTraffic};

use crate::upstream::notes_of;

fn traffic(conf: &str) -> UpstreamTraffic {
    parse_upstream(conf).unwrap().traffic
}

/// QA s22b's c1.conf: two locations send to `backend`, with tries 3 and 2, and `http_404` in the
/// second only.
const TWO_LOCATIONS: &str = "user www-data;
worker_processes 2;

http {
    upstream backend {
        server 10.0.0.1:8080 weight=5;
        server 10.0.0.2:8080 weight=3;
    }
    server {
        listen 80;
        location / {
            proxy_pass http://backend;
            proxy_next_upstream error timeout http_502;
            proxy_next_upstream_tries 3;
        }
        location /api/ {
            proxy_pass http://backend/v1/;
            proxy_next_upstream error http_404;
            proxy_next_upstream_tries 2;
        }
    }
}";

#[test]
fn locations_with_different_limits_are_one_note_naming_them_and_the_least_taken() {
    let notes = notes_of(TWO_LOCATIONS);
    let lines: Vec<&str> = notes.lines().collect();
    assert_eq!(lines.len(), 3, "{notes}");
    assert!(
        lines[0].starts_with("worker_processes 2 (line 2)"),
        "{notes}"
    );
    assert_eq!(
        lines[1],
        "The locations limit a request's tries differently: location / (line 11) with proxy_next_upstream_tries 3 (line 14), location /api/ (line 16) with proxy_next_upstream_tries 2 (line 19). nginx applies each location's own limit to its requests; shown here is one stream of requests, so one limit, the least: 2, that of location /api/ (line 16), whose requests get a 502 soonest: run with --tries 2."
    );
    // The 404 is passed on in /api/ only: the note says so.
    assert_eq!(
        lines[2],
        "proxy_next_upstream error http_404 (line 18) holds for location /api/ (line 16) only: there, after an answer with status 404 nginx tries the request on the next server without counting a failure (the other locations pass such an answer on to the client); to show such a server, make it dead with max_fails=0 in the scenario (@1 NAME dead max_fails=0): it is tried, passes the request on, and is never skipped."
    );
    assert_eq!(traffic(TWO_LOCATIONS).tries, Some(2));
    // The same limit in both: each directive's own note, each true, and that limit.
    let same = TWO_LOCATIONS.replace("proxy_next_upstream_tries 2", "proxy_next_upstream_tries 3");
    let notes = notes_of(&same);
    assert!(!notes.contains("differently"), "{notes}");
    assert!(
        notes
            .contains("proxy_next_upstream_tries 3 (line 14): nginx limits a request's tries to 3"),
        "{notes}"
    );
    assert!(
        notes
            .contains("proxy_next_upstream_tries 3 (line 19): nginx limits a request's tries to 3"),
        "{notes}"
    );
    assert_eq!(traffic(&same).tries, Some(3));
}

#[test]
fn a_location_inherits_the_limit_of_its_server_as_ngx_http_proxy_merge_loc_conf_merges_it() {
    // ngx_http_proxy_merge_loc_conf: ngx_conf_merge_uint_value(next_upstream_tries, prev, 0) and
    // ngx_conf_merge_bitmask_value(next_upstream, prev, error|timeout): what a location does not
    // set, it takes from its server, the server from http.
    let conf = "upstream b { server 10.0.0.1; server 10.0.0.2; }
server {
  proxy_next_upstream_tries 3;
  location / { proxy_pass http://b; }
  location /once/ { proxy_pass http://b; proxy_next_upstream off; }
  location /static/ { root /srv; proxy_next_upstream_tries 1; }
}";
    assert_eq!(
        notes_of(conf),
        "The locations limit a request's tries differently: location / (line 4) with proxy_next_upstream_tries 3 (line 3), location /once/ (line 5) with proxy_next_upstream off (line 5). nginx applies each location's own limit to its requests; shown here is one stream of requests, so one limit, the least: 1, that of location /once/ (line 5), whose requests get a 502 soonest: run with --tries 1."
    );
    assert_eq!(traffic(conf).tries, Some(1));
    // Inherited by every location that sends to the upstream: one note, that of the directive.
    let http = "http {\n  proxy_next_upstream_tries 2;\n  upstream b { server 10.0.0.1; }\n  server {\n    location /a { proxy_pass http://b; }\n    location /b { if ($x) { proxy_pass http://B; } }\n  }\n}";
    assert_eq!(
        notes_of(http),
        "proxy_next_upstream_tries 2 (line 2): nginx limits a request's tries to 2, and answers 502 when they all fail; shown here, a request is tried on every server not yet tried: run with --tries 2."
    );
    assert_eq!(traffic(http).tries, Some(2));
}

#[test]
fn a_location_with_no_limit_is_nginx_default_and_the_least_limit_is_taken() {
    let conf = "upstream b { server 10.0.0.1; server 10.0.0.2; }
location /a { proxy_pass http://b; }
location /b { proxy_pass http://b; proxy_next_upstream_tries 5; }
location /c { proxy_pass http://b; proxy_next_upstream_tries 100000; }";
    let notes = notes_of(conf);
    assert!(notes.starts_with("The locations limit a request's tries differently: location /a (line 2) with no limit (nginx's default), location /b (line 3) with proxy_next_upstream_tries 5 (line 3), location /c (line 4) with proxy_next_upstream_tries 100000 (line 4)."), "{notes}");
    assert!(
        notes.contains("the least: 5, that of location /b (line 3)"),
        "{notes}"
    );
    assert_eq!(traffic(conf).tries, Some(5));
}

#[test]
fn only_the_locations_that_send_to_the_upstream_count() {
    let conf = "http {
  upstream app { server 10.0.0.1; server 10.0.0.2; }
  upstream other { server 10.0.0.9; }
  server {
    location / { proxy_pass http://APP; proxy_next_upstream_tries 4; }
    location /o { proxy_pass http://other; proxy_next_upstream off; }
    location /g { grpc_pass grpc://app; proxy_next_upstream_tries 1; }
  }
}";
    let read = parse_named_upstream(conf, "app").unwrap();
    // /o sends to another upstream; /g sends with grpc, whose limit is nginx's default (none).
    let notes: Vec<String> = read.notes.iter().map(ToString::to_string).collect();
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(notes[0].starts_with("The locations limit a request's tries differently: location / (line 5) with proxy_next_upstream_tries 4 (line 5), location /g (line 7) with no limit (nginx's default)."), "{notes:?}");
    assert_eq!(read.traffic.tries, Some(4));
    let other = parse_named_upstream(conf, "other").unwrap();
    assert_eq!(other.traffic.tries, Some(1));
    assert!(other.notes[0]
        .to_string()
        .starts_with("proxy_next_upstream off (line 6)"));
}

#[test]
fn lines_nginx_refuses_around_the_upstream_are_said_and_ignored() {
    let block = "upstream a { server 10.0.0.1; server 10.0.0.2; }";
    let none = UpstreamTraffic::default();
    let cases = [
        // QA s22b e4: nginx -t accepts 0 (ngx_atoi), then the master starts no worker (nginx
        // 1.22.1 left a request unanswered): never 0 workers.
        (
            format!("worker_processes 0;\n{block}"),
            "Ignored: worker_processes 0 (line 1): nginx accepts it, but then starts no worker process and answers no request.",
        ),
        // e5, e6: ngx_set_worker_processes says "invalid value", ngx_conf_set_num_slot "invalid
        // number" (and nginx "invalid number of arguments" for other than one value).
        (
            format!("worker_processes lots;\n{block}"),
            "Ignored: worker_processes lots (line 1), which nginx refuses: worker_processes takes one whole number, or auto.",
        ),
        (
            format!("{block}\nproxy_next_upstream_tries -1;"),
            "Ignored: proxy_next_upstream_tries -1 (line 2), which nginx refuses: a try limit is one whole number, 0 for none.",
        ),
        (
            format!("worker_processes 2 4;\n{block}"),
            "Ignored: worker_processes 2 4 (line 1), which nginx refuses: worker_processes takes one whole number, or auto.",
        ),
    ];
    for (conf, note) in &cases {
        assert_eq!(notes_of(conf), *note);
        assert_eq!(traffic(conf), none, "{conf}");
    }
    // e9: the second worker_processes is "is duplicate"; the first is read.
    let twice = format!("worker_processes 4;\nworker_processes 8;\n{block}");
    let notes = notes_of(&twice);
    assert!(notes.starts_with("worker_processes 4 (line 1):"), "{notes}");
    assert!(notes.ends_with("\nIgnored: worker_processes 8 (line 2), which nginx refuses (is duplicate): line 1 gives it already."), "{notes}");
    assert_eq!(traffic(&twice).workers, Some(4));
    // A limit given twice in one block is a duplicate too; in another block it is that block's.
    let tries = format!(
        "{block}\nlocation / {{ proxy_next_upstream_tries 2; proxy_next_upstream_tries 5; }}"
    );
    let notes = notes_of(&tries);
    assert!(
        notes.starts_with("proxy_next_upstream_tries 2 (line 2): nginx limits"),
        "{notes}"
    );
    assert!(notes.ends_with("\nIgnored: proxy_next_upstream_tries 5 (line 2), which nginx refuses (is duplicate): line 2 gives it already."), "{notes}");
    assert_eq!(traffic(&tries).tries, Some(2));
    // auto is read as before: one worker per core, no number carried; the duplicate after it said.
    let auto = format!("worker_processes auto;\nworker_processes 2;\n{block}");
    let notes = notes_of(&auto);
    assert!(
        notes.starts_with("worker_processes auto (line 1): nginx starts one worker per CPU core"),
        "{notes}"
    );
    assert!(
        notes.contains("Ignored: worker_processes 2 (line 2), which nginx refuses (is duplicate)"),
        "{notes}"
    );
    assert_eq!(traffic(&auto), none);
}
