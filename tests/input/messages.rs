//! Messages as data (`Coded`): every code the core can produce has its entry in the catalog
//! (`www/core-messages.js`) and in Chinese (`www/words/core-messages-zh.js`), with the same
//! parameters; real bad inputs give codes that the samples cover; the English words are the
//! CLI's, word for word.

use std::collections::BTreeSet;

use swrr_viz::message_samples;

use swrr_viz::engine::{
    parse_tries, Algorithm, AlgorithmKind, AlgorithmOptions, Note, Scheduler, SubtractRule,
    TieRule, Trace, Traffic,
};

use swrr_viz::input::{parse_named_upstream, parse_upstream, Scenario, Weights};

use swrr_viz::message::{Arg, Coded, Message};

use swrr_viz::metrics::RunAnalysis;

use swrr_viz::teach::{Exercise, QuizSession};

/// The code of `message` and of every message inside its parameters.
fn codes(message: &Message, out: &mut BTreeSet<&'static str>) {
    out.insert(message.code);
    for (_, arg) in &message.params {
        arg_codes(arg, out);
    }
}

fn arg_codes(arg: &Arg, out: &mut BTreeSet<&'static str>) {
    match arg {
        Arg::Text(_) => {}
        Arg::Message(m) => codes(m, out),
        Arg::List(items) => items.iter().for_each(|a| arg_codes(a, out)),
    }
}

fn sample_codes() -> BTreeSet<&'static str> {
    let mut out = BTreeSet::new();
    for message in message_samples() {
        codes(&message, &mut out);
    }
    out
}

fn weights_error(text: &str) -> Message {
    text.parse::<Weights>()
        .expect_err(&format!("{text:?} should be refused"))
        .message()
}

fn scenario_error(text: &str) -> Message {
    let weights: Weights = "5,3,2".parse().unwrap();
    Scenario::parse(text, &weights)
        .expect_err(&format!("{text:?} should be refused"))
        .message()
}

fn upstream_error(text: &str) -> Message {
    parse_upstream(text)
        .expect_err(&format!("{text:?} should be refused"))
        .message()
}

/// What users can get from typing, pasting and stepping: one message per input.
fn real_messages() -> Vec<Message> {
    let mut out = Vec::new();
    let long_name = format!("{}=1", "n".repeat(65));
    let many = vec!["1"; 10_001].join(",");
    for text in [
        "",
        " , ",
        "5,x7",
        "5,,2",
        "A=",
        "=5",
        long_name.as_str(),
        "a\u{7}b=1",
        "5,-3",
        "5\n-3",
        "NaN",
        "0.1234567",
        "50%,20",
        "2000000000",
        "999999999.5,1",
        "0,0",
        "A=1 B=2 A=3",
        many.as_str(),
    ] {
        out.push(weights_error(text));
    }
    let events = vec!["@1 A down"; 1001].join(";");
    for text in [
        "20 B=80",
        "@0 A down",
        "@x A down",
        "@5",
        "@5 D down",
        "@5 a down",
        "@5 A",
        "@5 A dwn",
        "@5 A=x",
        "@5 A=",
        "@5 A slowstart 0",
        "@5 A fail 0",
        "@5 A fail max_fails=x",
        "@5 A fail timeout=x",
        "@5 A=3 zz",
        "@5 A slowstart 5 zz",
        "@5 A down zz",
        "@5 A fail zz",
        "@5 A fail max_fails 3",
        "@5 A down\n@6 Q up",
        events.as_str(),
    ] {
        out.push(scenario_error(text));
    }
    let twelve: Weights = "1,1,1,1,1,1,1,1,1,1,1,1".parse().unwrap();
    out.push(Scenario::parse("@5 Z down", &twelve).unwrap_err().message());

    for text in [
        "",
        "# only a comment",
        "upstream u { server a \"b; }",
        "}",
        "upstream u { server a; { } }",
        "upstream u { server a;",
        "upstream u { server a }",
        "http { server { listen 80; } }",
        "upstream a { server x; } upstream b { server y; }",
        "upstream u;",
        "upstream { server a; }",
        "upstream u { proxy_pass x; }",
        "upstream u { server { } }",
        "upstream u { server; }",
        "upstream u { server a wieght=5; }",
        "upstream u { server a backup=1; }",
        "upstream u { server a weight; }",
        "upstream u { server a weight=x; }",
        "upstream u { server a weight=0; }",
        "upstream u { server a weight=2000000000; }",
        "upstream u { server a max_fails=x; }",
        "upstream u { server a fail_timeout=x; }",
        "upstream u { server a fail_timeout=500ms; }",
        "upstream u { server a fail_timeout=40y; }",
        "upstream u { server a max_fails=1001; }",
        "upstream u { server a max_conns=x; }",
        "upstream u { server a slow_start=x; }",
        "upstream u { zone z 64k; }",
        "upstream u { server http://10.0.0.1:80; }",
        "upstream u { server 10.0.0.1:99999; }",
        "upstream u { keepalive; server a; }",
        "upstream u { ip_hash; server a; server b backup; }",
        "upstream u { include servers.conf; }",
        "upstream u { server a backup; }",
    ] {
        out.push(upstream_error(text));
    }
    let deep = format!("{}{}", "a {".repeat(40), "}".repeat(40));
    out.push(upstream_error(&deep));
    let two = "upstream a { server x; }\nupstream a { server y; }\nupstream b { server z; }";
    for name in ["a", "c"] {
        out.push(parse_named_upstream(two, name).unwrap_err().message());
    }
    out.push(
        parse_named_upstream("server x;", "c")
            .unwrap_err()
            .message(),
    );
    for conf in [
        "worker_processes 4;\nhttp {\n upstream u {\n  zone z 64k;\n  server localhost:8080 weight=1 weight=2;  # node A\n  server 10.0.0.2 slow_start=30s resolve;  # node A\n }\n server { location / { proxy_next_upstream off; proxy_next_upstream_tries 2; } }\n}",
        "worker_processes auto;\nupstream u { server a; }",
        "worker_processes auto;\nupstream u { zone z 64k; server a; }",
        "worker_processes 2;\nupstream u { server a; }",
        "upstream u { zone z 64k; server a; }",
    ] {
        let upstream = parse_upstream(conf).unwrap();
        out.extend(upstream.notes.iter().map(Coded::message));
    }
    let noted = parse_upstream(
        "upstream u {\n least_conn;\n zone z 64k;\n server a weight=2 max_fails=3 max_conns=5;\n server b down;\n server c backup;\n}",
    )
    .unwrap();
    out.extend(noted.notes.iter().map(Coded::message));

    // Notes of options that do not apply.
    let weights: Weights = "5,3,2".parse().unwrap();
    let scenario = Scenario::parse("@2 A=3 scale; @3 B=2 reset; @4 C fail 2", &weights).unwrap();
    let limited = Traffic {
        tries: 2,
        ..Traffic::default()
    };
    for kind in [AlgorithmKind::Edf, AlgorithmKind::Random] {
        let options = AlgorithmOptions {
            kind,
            tie: TieRule::Last,
            subtract: SubtractRule::Own,
            ..AlgorithmOptions::default()
        };
        out.extend(
            Note::all(&weights, &options, &scenario, &limited)
                .iter()
                .map(Coded::message),
        );
    }
    // The peers' readings of weight 0 and gRPC's 32-bit counter.
    let zeros: Weights = "5,0,2".parse().unwrap();
    let drain = Scenario::parse("@2 C drain", &zeros).unwrap();
    for kind in [AlgorithmKind::Grpc, AlgorithmKind::Envoy] {
        let options = AlgorithmOptions {
            kind,
            seed: 1 << 33,
            ..AlgorithmOptions::default()
        };
        out.extend(
            Note::all(&zeros, &options, &drain, &Traffic::default())
                .iter()
                .map(Coded::message),
        );
    }
    // A try limit refused.
    out.extend(parse_tries("two").err().map(|e| e.message()));

    // Stepping: out of range, and runs that stop.
    let mut trace = Trace::new(Algorithm::new(
        &weights,
        &AlgorithmOptions::default(),
        &Scenario::none(),
    ));
    out.push(trace.seek(u64::MAX).unwrap_err().message());
    // Every node down stops an algorithm without requests (nginx SWRR answers 502s instead).
    for (kind, text) in [
        (AlgorithmKind::Edf, "@2 A down; @2 B down; @2 C down"),
        (AlgorithmKind::Swrr, "@2 A=0; @2 B=0; @2 C=0"),
    ] {
        let scenario = Scenario::parse(text, &weights).unwrap();
        let options = AlgorithmOptions {
            kind,
            ..AlgorithmOptions::default()
        };
        let mut trace = Trace::new(Algorithm::new(&weights, &options, &scenario));
        out.push(trace.seek(5).unwrap_err().message());
    }

    // Option words, the quiz, metrics.
    out.push("middle".parse::<TieRule>().unwrap_err().message());
    out.push("wrr".parse::<AlgorithmKind>().unwrap_err().message());
    out.push(Exercise::generate(0).unwrap_err().message());
    let mut quiz = QuizSession::new(Exercise::generate(1).unwrap());
    out.push(quiz.predict(99).unwrap_err().message());
    out.push(
        RunAnalysis::new(&weights, TieRule::First, Some(0), None)
            .unwrap_err()
            .message(),
    );
    out.push(
        RunAnalysis::new(&weights, TieRule::First, None, Some(0))
            .unwrap_err()
            .message(),
    );
    out
}

/// The JSON object a catalog module exports (`export default {…};`).
fn catalog(file: &str) -> serde_json::Map<String, serde_json::Value> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("www")
        .join(file);
    let source = std::fs::read_to_string(&path).expect("the catalog");
    let start = source.find("export default").expect("export default") + "export default".len();
    let end = source.rfind('}').expect("closing brace");
    serde_json::from_str(source[start..=end].trim()).expect("the catalog's object is JSON")
}

/// The `{name}` placeholders of a template, sorted.
fn placeholders(template: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (open, _) in template.match_indices('{') {
        let after = &template[open + 1..];
        let end = after
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(after.len());
        if end > 0 && after[end..].starts_with('}') {
            out.insert(after[..end].to_string());
        }
    }
    out
}

#[test]
fn every_code_has_an_english_and_a_chinese_entry_with_the_same_parameters() {
    let english = catalog("core-messages.js");
    let chinese = catalog("words/core-messages-zh.js");
    let mut produced = BTreeSet::new();
    for message in message_samples().iter().chain(&real_messages()) {
        let mut all = Vec::new();
        let mut stack = vec![message.clone()];
        while let Some(m) = stack.pop() {
            for (_, arg) in &m.params {
                let mut args = vec![arg];
                while let Some(arg) = args.pop() {
                    match arg {
                        Arg::Text(_) => {}
                        Arg::Message(inner) => stack.push((**inner).clone()),
                        Arg::List(items) => args.extend(items),
                    }
                }
            }
            all.push(m);
        }
        for m in all {
            produced.insert(m.code);
            let entry = english
                .get(m.code)
                .unwrap_or_else(|| panic!("{}: no entry in www/core-messages.js", m.code));
            let declared: BTreeSet<String> = entry["params"]
                .as_array()
                .expect("params")
                .iter()
                .map(|p| p.as_str().expect("a name").to_string())
                .collect();
            let given: BTreeSet<String> = m.params.iter().map(|(n, _)| n.to_string()).collect();
            assert_eq!(
                given, declared,
                "{}: the core's parameters are not the entry's",
                m.code
            );
            let template = entry["text"].as_str().expect("text");
            assert_eq!(
                placeholders(template),
                declared,
                "{}: the English template",
                m.code
            );
            let zh = chinese
                .get(m.code)
                .and_then(|t| t.as_str())
                .unwrap_or_else(|| panic!("{}: no entry in www/words/core-messages-zh.js", m.code));
            assert_eq!(
                placeholders(zh),
                declared,
                "{}: the Chinese template",
                m.code
            );
            // Display finds its words (each type looks in its codes' groups only).
            let words = swrr_viz::message::english(m.code, &m.params);
            assert_eq!(m.text, words, "{}", m.code);
        }
    }
    // Codes no native sample makes are the wasm facade's own (src/wasm/error.rs, checked in the
    // browser through messageSamples()); any other entry is one no message uses.
    let facade = include_str!("../../src/wasm/error.rs");
    let orphans: Vec<&String> = english
        .keys()
        .filter(|code| !produced.contains(code.as_str()))
        .filter(|code| !facade.contains(&format!("\"{code}\"")))
        .collect();
    assert!(orphans.is_empty(), "entries no message uses: {orphans:?}");
    let mut chinese_only: Vec<&String> = chinese
        .keys()
        .filter(|c| !english.contains_key(*c))
        .collect();
    chinese_only.sort();
    assert!(
        chinese_only.is_empty(),
        "Chinese entries without an English one: {chinese_only:?}"
    );
    for code in english.keys() {
        assert!(
            chinese.contains_key(code),
            "{code}: no entry in www/words/core-messages-zh.js"
        );
        assert!(
            swrr_viz::message::entry(code).is_some(),
            "{code}: not in the Rust catalog"
        );
    }
}

#[test]
fn every_code_users_can_get_has_a_sample() {
    let samples = sample_codes();
    let mut missing = BTreeSet::new();
    for message in real_messages() {
        let mut found = BTreeSet::new();
        codes(&message, &mut found);
        missing.extend(found.difference(&samples).copied());
    }
    assert!(missing.is_empty(), "codes without a sample: {missing:?}");
}

#[test]
fn the_text_is_the_display_and_parameters_are_named_once() {
    let name = |n: &str| !n.is_empty() && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    let code = |c: &str| {
        c.split('.').count() == 2
            && c.split('.').all(|part| {
                !part.is_empty() && part.chars().all(|ch| ch.is_ascii_lowercase() || ch == '_')
            })
    };
    fn all(message: &Message, out: &mut Vec<Message>) {
        out.push(message.clone());
        for (_, arg) in &message.params {
            let mut stack = vec![arg];
            while let Some(arg) = stack.pop() {
                match arg {
                    Arg::Text(_) => {}
                    Arg::Message(m) => all(m, out),
                    Arg::List(items) => stack.extend(items),
                }
            }
        }
    }
    let mut messages = Vec::new();
    for message in message_samples().iter().chain(&real_messages()) {
        all(message, &mut messages);
    }
    for message in &messages {
        assert!(code(message.code), "code {:?}", message.code);
        let names: Vec<&str> = message.params.iter().map(|(n, _)| *n).collect();
        let unique: BTreeSet<&str> = names.iter().copied().collect();
        assert_eq!(unique.len(), names.len(), "{}: {names:?}", message.code);
        assert!(names.iter().all(|n| name(n)), "{}: {names:?}", message.code);
        assert!(!message.text.is_empty(), "{}", message.code);
    }
}

#[test]
fn english_text_is_unchanged() {
    // A few messages word for word, as the CLI printed them before they carried codes.
    let m = weights_error("5,x7");
    assert_eq!(m.code, "weights.not_a_number");
    assert_eq!(
        m.text,
        "weight 2 \"x7\" (at column 3) is not a number: expected a non-negative number such as 5, 2.5 or 30%, optionally named like A=5"
    );
    let long_name = format!("{}=1", "n".repeat(65));
    assert!(weights_error(&long_name)
        .text
        .ends_with("has an unusable name: names are at most 64 characters"));
    let m = scenario_error("@5 A=x");
    assert_eq!(m.code, "scenario.bad_weight");
    assert_eq!(
        m.text,
        "event 1: \"x\" (at column 6) is not a valid weight: expected a whole number from 0 to 1,000,000,000"
    );
    let m = scenario_error("@5 A=3 zz");
    assert_eq!(m.code, "scenario.expected_policy");
    assert!(m
        .text
        .ends_with("was not expected here: expected a policy: keep, reset, reset-node or scale"));
    let twelve: Weights = "1,1,1,1,1,1,1,1,1,1,1,1".parse().unwrap();
    let m = Scenario::parse("@5 Z down", &twelve).unwrap_err().message();
    assert_eq!(m.code, "scenario.unknown_node");
    assert!(
        m.text
            .contains("the nodes are A, B, C, D, E, F, G, H, … (12 nodes), or #1, #2"),
        "{}",
        m.text
    );
    let m = upstream_error("upstream u { server a weight=2000000000; }");
    assert_eq!(m.code, "nginx.weight_too_large");
    assert_eq!(
        m.text,
        "line 1, column 23: \"weight=2000000000\": swrr-viz takes weights up to 1,000,000,000"
    );
    let weights: Weights = "5,3,2".parse().unwrap();
    let scenario = Scenario::parse("@2 A down; @2 B down; @2 C=0", &weights).unwrap();
    let mut run = Algorithm::new(&weights, &AlgorithmOptions::default(), &scenario);
    assert!(run.advance().is_some() && run.advance().is_none());
    let m = run.stop_reason().unwrap().message();
    assert_eq!(m.code, "stop.nobody");
    assert_eq!(
        m.text,
        "no node can be picked at step 2: nodes down: 2, nodes drained to weight 0: 1"
    );
}
