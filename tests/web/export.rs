//! The export facade as JavaScript sees it, in headless Chromium: `exportTrace`, `exportSvg`,
//! `nginxUpstream`, `parseNginxUpstream`. Each gives the core's document, so the same text as
//! the CLI (tests/cli/basics.rs and tests/cli/svg.rs check the CLI against the same core functions).
#![cfg(target_arch = "wasm32")]

use crate::support::{message, options, property};
use serde::Deserialize;
use swrr_viz::engine::RunSpec;
use swrr_viz::render::{svg_document, trace_document, SvgKind, SvgRequest, TraceFormat};
use swrr_viz::wasm::{export_svg, export_trace, nginx_upstream, parse_nginx_upstream};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

#[derive(Deserialize)]
struct TraceExport {
    text: String,
    stopped: Option<MessageView>,
}

/// A message as the facade returns it: `{code, params, text}` (params not read here).
#[derive(Debug, PartialEq, Deserialize)]
struct MessageView {
    code: String,
    text: String,
}

fn spec(text: &str) -> RunSpec {
    RunSpec::new(
        text.parse().unwrap(),
        Default::default(),
        Default::default(),
    )
}

#[wasm_bindgen_test]
fn trace_exports_are_the_core_documents() {
    for format in ["csv", "json", "markdown", "table"] {
        let value = export_trace("5,3,2", JsValue::UNDEFINED, 10.0, format).unwrap();
        let export: TraceExport = serde_wasm_bindgen::from_value(value).unwrap();
        let expected = trace_document(&spec("5,3,2"), 10, format.parse::<TraceFormat>().unwrap());
        assert_eq!(export.text, expected.text, "{format}");
        assert_eq!(export.stopped, None);
    }
    let drained = options(&[("scenario", JsValue::from_str("@2 A drain; @2 B drain"))]);
    let value = export_trace("5,3", drained, 5.0, "csv").unwrap();
    let export: TraceExport = serde_wasm_bindgen::from_value(value).unwrap();
    assert_eq!(
        export.stopped,
        Some(MessageView {
            code: "stop.nobody".into(),
            text: "no node can be picked at step 2: nodes drained to weight 0: 2".into(),
        })
    );
    // Every server down: nginx answers each request 502, the run goes on.
    let down = options(&[("scenario", JsValue::from_str("@2 A down; @2 B down"))]);
    let value = export_trace("5,3", down, 5.0, "csv").unwrap();
    let export: TraceExport = serde_wasm_bindgen::from_value(value).unwrap();
    assert_eq!(export.stopped, None);
    assert_eq!(export.text.matches("none left → 502").count(), 4);
    let value = export_trace("5,3,2", JsValue::UNDEFINED, 2.0, "csv").unwrap();
    let export: TraceExport = serde_wasm_bindgen::from_value(value).unwrap();
    assert_eq!(
        export.text,
        "step,A added,B added,C added,winner,tied,A after,B after,C after\n1,5,3,2,A,,-5,3,2\n2,0,6,4,B,,0,-4,4\n"
    );
    let edf = options(&[("algo", JsValue::from_str("edf"))]);
    let value = export_trace("2,2,1", edf, 3.0, "csv").unwrap();
    let export: TraceExport = serde_wasm_bindgen::from_value(value).unwrap();
    assert!(
        export.text.starts_with("step,winner,tied,"),
        "{}",
        export.text
    );

    let err = export_trace("5,3,2", JsValue::UNDEFINED, 0.0, "csv").unwrap_err();
    assert!(message(err).contains("steps must be a whole number from 1"));
    let err = export_trace("5,3,2", JsValue::UNDEFINED, 3.0, "xml").unwrap_err();
    assert!(message(err).contains("unknown format \"xml\""));
}

#[wasm_bindgen_test]
fn svg_exports_are_the_core_pictures() {
    let request = options(&[
        ("kind", JsValue::from_str("tanks")),
        ("step", JsValue::from_f64(5.0)),
        ("phase", JsValue::from_str("pick")),
        ("theme", JsValue::from_str("dark")),
    ]);
    let svg = export_svg("5,3,2", JsValue::UNDEFINED, request).unwrap();
    let expected = svg_document(
        &spec("5,3,2"),
        &SvgRequest {
            kind: SvgKind::Tanks,
            step: Some(5),
            phase: Some("pick".parse().unwrap()),
            theme: "dark".parse().unwrap(),
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(svg, expected);
    assert!(svg.contains(r#"data-step="5""#) && svg.contains(r#"data-phase="pick""#));

    let strip = options(&[
        ("kind", JsValue::from_str("strip")),
        ("steps", JsValue::from_f64(20.0)),
    ]);
    let svg = export_svg("5,3,2", JsValue::UNDEFINED, strip).unwrap();
    assert_eq!(svg.matches("data-pick=").count(), 20);

    let bad = options(&[
        ("kind", JsValue::from_str("tanks")),
        ("frame", JsValue::TRUE),
    ]);
    let err = export_svg("5,3,2", JsValue::UNDEFINED, bad).unwrap_err();
    assert!(message(err).contains("unknown key \"frame\""));
    let edf = options(&[("algo", JsValue::from_str("edf"))]);
    let tanks = options(&[("kind", JsValue::from_str("tanks"))]);
    let err = export_svg("5,3,2", edf, tanks).unwrap_err();
    assert!(message(err).contains("edf has none"));
    // No kind: the CLI's default, the animation; a key of the wrong type is named without
    // JavaScript's "Error: ".
    let animated = export_svg("5,3,2", JsValue::UNDEFINED, options(&[])).unwrap();
    assert!(
        animated.contains("data-kind=\"animated\""),
        "{}",
        &animated[..200]
    );
    let wrong = options(&[("step", JsValue::from_str("five"))]);
    let said = message(export_svg("5,3,2", JsValue::UNDEFINED, wrong).unwrap_err());
    assert!(
        said.starts_with("invalid picture request: invalid type"),
        "{said}"
    );
}

/// `words`: the page's words for the picture's texts — here a JavaScript function that writes a
/// code as `‹code›` and a list (`{list}`) or joined items (`{joined}`) with `+`; without it, the
/// English of before.
#[wasm_bindgen_test]
fn svg_exports_take_the_pages_words() {
    let words = js_sys::Function::new_with_args(
        "code, params",
        "const part = (v) => typeof v === 'string' ? v : (v.list ?? v.joined).join('+');\n\
         return `‹${code}›` + Object.values(params).map(part).join('|');",
    );
    let request = |words: Option<&js_sys::Function>| {
        let mut pairs = vec![
            ("kind", JsValue::from_str("tanks")),
            ("step", JsValue::from_f64(5.0)),
            ("phase", JsValue::from_str("pick")),
        ];
        if let Some(words) = words {
            pairs.push(("words", words.into()));
        }
        options(&pairs)
    };
    let english = export_svg("5,3,2", JsValue::UNDEFINED, request(None)).unwrap();
    let worded = export_svg("5,3,2", JsValue::UNDEFINED, request(Some(&words))).unwrap();
    assert!(english.contains(">Step 5</text>"));
    assert!(worded.contains(">‹figure.step›5</text>"), "{worded}");
    // The narration's sentences, their lists and joined changes too.
    assert!(
        worded.contains("‹narration.fill›5|A 0→5+B 2→5+C −2→0"),
        "{worded}"
    );
    assert!(worded.contains("‹narration.tie_first›A+B|5|A"), "{worded}");
    assert!(!worded.contains("Step") && !worded.contains("fullest"));
    // The same picture otherwise: its numbers and the testing contract.
    let contract = |svg: &str| svg.matches("data-").count();
    assert_eq!(contract(&english), contract(&worded));
    // A words function that throws leaves those texts in English; words that are no function
    // are refused with the picture's error code.
    let throws = js_sys::Function::new_with_args("", "throw new Error('no words')");
    let svg = export_svg("5,3,2", JsValue::UNDEFINED, request(Some(&throws))).unwrap();
    assert_eq!(svg, english);
    let not_a_function = options(&[("words", JsValue::from_str("zh"))]);
    let err: JsValue = export_svg("5,3,2", JsValue::UNDEFINED, not_a_function)
        .unwrap_err()
        .into();
    assert_eq!(property(&err, "code"), "picture.invalid");
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Upstream {
    name: Option<String>,
    weights: String,
    scenario: String,
    servers: Vec<Server>,
    notes: Vec<MessageView>,
    traffic: Traffic,
}

#[derive(Deserialize, Debug, PartialEq)]
struct Traffic {
    tries: Option<f64>,
    workers: Option<f64>,
    zone: bool,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Server {
    line: f64,
    address: String,
    name: Option<String>,
    weight: f64,
    max_fails: Option<f64>,
    backup: bool,
}

#[wasm_bindgen_test]
fn nginx_round_trip() {
    let block = nginx_upstream("gpu=5 10.0.0.1:80=3 C=0", None).unwrap();
    let read: Upstream =
        serde_wasm_bindgen::from_value(parse_nginx_upstream(&block).unwrap()).unwrap();
    assert_eq!(read.weights, "gpu=5 10.0.0.1:80=3 C=0");
    assert_eq!(read.name.as_deref(), Some("backend"));

    let conf =
        "upstream u {\n server a.example weight=2 max_fails=3;\n server b.example backup;\n}";
    let read: Upstream =
        serde_wasm_bindgen::from_value(parse_nginx_upstream(conf).unwrap()).unwrap();
    assert_eq!(read.weights, "a.example=2 b.example=1");
    assert_eq!(
        read.scenario,
        "@1 a.example max_fails=3; @1 b.example backup"
    );
    assert_eq!(read.servers.len(), 2);
    let s = &read.servers[0];
    assert_eq!((s.line, s.weight, s.max_fails), (2.0, 2.0, Some(3.0)));
    assert_eq!(
        (s.address.as_str(), s.name.as_deref()),
        ("a.example", Some("a.example"))
    );
    assert!(read.servers[1].backup);
    assert_eq!(read.servers[1].name.as_deref(), Some("b.example"));
    assert_eq!(read.notes.len(), 3);
    assert_eq!(read.notes[0].code, "nginx.note_backups");
    assert!(read.notes[0]
        .text
        .starts_with("Backup servers (line 3) are backups in the scenario"));
    assert_eq!(read.notes[1].code, "nginx.note_failures");
    let stated = Traffic {
        tries: None,
        workers: None,
        zone: false,
    };
    assert_eq!(read.traffic, stated);
    assert_eq!(read.notes[2].code, "nginx.note_hostnames");
    assert!(read.notes[2]
        .text
        .starts_with("a.example (line 2), b.example (line 3): nginx resolves a host name"));

    // The scenario's server parameters are written, and read back.
    let block = nginx_upstream("A=5 B=3", Some("@1 B backup".into())).unwrap();
    assert!(block.contains("server 127.0.0.1:8002 weight=3 backup;  # node B"));
    let read: Upstream =
        serde_wasm_bindgen::from_value(parse_nginx_upstream(&block).unwrap()).unwrap();
    assert_eq!(read.scenario, "@1 B backup");
    let err = nginx_upstream("A=5 B=3", Some("@1 X backup".into())).unwrap_err();
    assert!(message(err).starts_with("invalid scenario: "));
    // Backups only: nginx refuses that block, and so does the export, with the import's code.
    let err: JsValue = nginx_upstream("A=5 B=3", Some("@1 A backup; @1 B backup".into()))
        .unwrap_err()
        .into();
    assert_eq!(property(&err, "code"), "nginx.nothing_to_pick");
    assert!(message(err).starts_with("every server is a backup: nginx refuses"));

    let err = parse_nginx_upstream("upstream u {\n server a weight=x;\n}").unwrap_err();
    assert!(message(err).starts_with("line 2, column 11: \"weight=x\""));
}

#[wasm_bindgen_test]
fn nginx_import_says_the_traffic_the_config_states() {
    let conf = "worker_processes 4;\nhttp {\n upstream u { zone z 64k; server 10.0.0.1; }\n server { location / { proxy_next_upstream_tries 2; } }\n}";
    let read: Upstream =
        serde_wasm_bindgen::from_value(parse_nginx_upstream(conf).unwrap()).unwrap();
    let stated = Traffic {
        tries: Some(2.0),
        workers: Some(4.0),
        zone: true,
    };
    assert_eq!(read.traffic, stated);
}
