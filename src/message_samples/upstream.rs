//! The samples of the nginx upstream reader's messages.

use super::*;

/// nginx `upstream` blocks refused, and the notes on the ones read.
pub(super) fn upstream_samples() -> Vec<Message> {
    let mut out: Vec<Message> = Vec::new();
    let (line, column, tok) = (2, 20, "wieght=5".to_string());
    let mut upstream = vec![
        UpstreamError::Empty,
        UpstreamError::TooLong { bytes: 2_000_000 },
        UpstreamError::TooLongStream,
        UpstreamError::UnclosedQuote { line, column },
        UpstreamError::UnexpectedClose { line, column },
        UpstreamError::UnexpectedToken {
            line,
            column,
            token: ";".into(),
        },
        UpstreamError::Unclosed {
            line,
            name: "upstream".into(),
        },
        UpstreamError::MissingSemicolon {
            line,
            name: "server".into(),
        },
        UpstreamError::TooDeep { line },
        UpstreamError::NoUpstream,
        UpstreamError::SeveralUpstreams {
            first: 1,
            second: 6,
        },
        UpstreamError::BadUpstream {
            line,
            reason: UpstreamProblem::NoBlock,
        },
        UpstreamError::BadUpstream {
            line,
            reason: UpstreamProblem::NotOneName,
        },
        UpstreamError::UnknownDirective {
            line,
            name: "proxy_pass".into(),
        },
        UpstreamError::ServerBlock { line },
        UpstreamError::NoAddress { line },
        UpstreamError::UnknownParameter {
            line,
            column,
            token: tok.clone(),
        },
        UpstreamError::DuplicateParameter {
            line,
            column,
            token: "weight=3".into(),
        },
        UpstreamError::NoServers { line: 1 },
        UpstreamError::NothingToPick,
        UpstreamError::TooManyServers { count: 10_001 },
        UpstreamError::Weights {
            error: WeightError::AllZero,
        },
        UpstreamError::Upstreams {
            blocks: vec![
                UpstreamPlace {
                    name: "backend".into(),
                    line: 1,
                    column: Some(1),
                },
                UpstreamPlace {
                    name: "api".into(),
                    line: 1,
                    column: Some(40),
                },
                UpstreamPlace {
                    name: "static".into(),
                    line: 5,
                    column: None,
                },
            ],
        },
        UpstreamError::NoSuchUpstream {
            name: "web".into(),
            blocks: vec![UpstreamPlace {
                name: "backend".into(),
                line: 3,
                column: None,
            }],
        },
        UpstreamError::NoSuchUpstream {
            name: "web".into(),
            blocks: Vec::new(),
        },
        UpstreamError::Upstreams {
            blocks: (1..=10)
                .map(|line| UpstreamPlace {
                    name: format!("pool{line}"),
                    line,
                    column: None,
                })
                .collect(),
        },
        UpstreamError::Include {
            line,
            file: "conf.d/servers.conf".into(),
        },
        UpstreamError::Arguments {
            line,
            name: "keepalive".into(),
            usage: "keepalive CONNECTIONS",
        },
        UpstreamError::InvalidHost {
            line,
            column,
            token: "http://10.0.0.1:80".into(),
        },
        UpstreamError::InvalidPort {
            line,
            column,
            token: "10.0.0.1:99999".into(),
        },
        UpstreamError::BackupNotSupported {
            line,
            column,
            balancer: "ip_hash".into(),
            balancer_line: 1,
        },
    ];
    for reason in [
        ParameterProblem::FlagWithValue,
        ParameterProblem::MissingValue,
        ParameterProblem::WeightNotDigits,
        ParameterProblem::WeightZero,
        ParameterProblem::WeightTooLarge,
        ParameterProblem::MaxFails,
        ParameterProblem::MaxFailsTooLarge,
        ParameterProblem::FailTimeout,
        ParameterProblem::FailTimeoutTooLong,
        ParameterProblem::MaxConns,
        ParameterProblem::SlowStart,
    ] {
        upstream.push(UpstreamError::BadParameter {
            line,
            column,
            token: "weight=x".into(),
            reason,
        });
    }
    out.extend(upstream.iter().map(Coded::message));
    let root = RetryPlace::Block {
        header: "location /".into(),
        line: 18,
    };
    let api = RetryPlace::Block {
        header: "location /api/".into(),
        line: 23,
    };
    let upstream_notes = [
        UpstreamNote::Balancers(vec![("least_conn".into(), 2), ("hash".into(), 3)]),
        UpstreamNote::Backups(vec![4]),
        UpstreamNote::Down(vec![3, 5]),
        UpstreamNote::AllDown,
        UpstreamNote::Failures(vec![2, 3, 4]),
        UpstreamNote::OtherParameters {
            parameters: vec!["max_conns".into(), "resolve".into()],
            lines: vec![6],
        },
        UpstreamNote::Ignored(vec!["zone".into(), "keepalive".into()]),
        UpstreamNote::Hostnames(vec![
            ("localhost:8080".into(), 2),
            ("app.example.com".into(), 3),
        ]),
        UpstreamNote::Tries {
            directive: "proxy_next_upstream_tries 2".into(),
            line: 12,
            tries: 2,
        },
        UpstreamNote::NoRetry {
            directive: "proxy_next_upstream off".into(),
            line: 13,
        },
        UpstreamNote::TriesUnbounded {
            directive: "proxy_next_upstream_tries 100000".into(),
            line: 12,
            max: 10_000,
        },
        UpstreamNote::WorkersTooMany {
            workers: 128,
            line: 1,
            max: 64,
        },
        UpstreamNote::NextWithoutFailure {
            directive: "proxy_next_upstream error http_404".into(),
            line: 14,
            codes: "404".into(),
        },
        UpstreamNote::NextWithoutFailureIn {
            directive: "proxy_next_upstream error http_404".into(),
            line: 26,
            codes: "404".into(),
            places: vec![api.clone()],
        },
        UpstreamNote::TriesDiffer {
            places: vec![
                PlaceLimit {
                    place: root.clone(),
                    by: Some(("proxy_next_upstream_tries 3".into(), 21)),
                },
                PlaceLimit {
                    place: api.clone(),
                    by: Some(("proxy_next_upstream off".into(), 25)),
                },
                PlaceLimit {
                    place: RetryPlace::Top,
                    by: None,
                },
            ],
            tries: 1,
            chosen: vec![api],
        },
        UpstreamNote::TriesInvalid {
            directive: "proxy_next_upstream_tries -1".into(),
            line: 5,
        },
        UpstreamNote::WorkersInvalid {
            directive: "worker_processes lots".into(),
            line: 1,
        },
        UpstreamNote::WorkersNone { line: 1 },
        UpstreamNote::Duplicate {
            directive: "worker_processes 8".into(),
            line: 2,
            first: 1,
        },
        UpstreamNote::Workers {
            workers: Some(4),
            line: 1,
            zone: false,
        },
        UpstreamNote::Workers {
            workers: Some(4),
            line: 1,
            zone: true,
        },
        UpstreamNote::Workers {
            workers: None,
            line: 1,
            zone: false,
        },
        UpstreamNote::Workers {
            workers: None,
            line: 1,
            zone: true,
        },
        UpstreamNote::Zone { line: 2 },
        UpstreamNote::PlusOnly {
            parameters: vec!["resolve".into()],
            lines: vec![4],
        },
        UpstreamNote::PlusPicks {
            parameters: vec!["slow_start".into(), "drain".into()],
            lines: vec![3, 4],
        },
        UpstreamNote::Repeated(vec![("weight".into(), 2)]),
        UpstreamNote::NameTaken {
            name: "A".into(),
            line: 3,
            first: 2,
            node: "127.0.0.1:8002".into(),
        },
    ];
    out.extend(upstream_notes.iter().map(Coded::message));
    out
}
