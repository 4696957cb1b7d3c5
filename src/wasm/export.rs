//! Exports for the page: the trace as CSV, JSON or Markdown, the SVG pictures, and nginx
//! `upstream` blocks both ways. Each is the core's document for the run (the same function the
//! CLI calls), so a file exported from the page equals the CLI's for the same run.

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::error::ApiError;
use super::run_options::run_options;
use super::CoreError;
use super::{js_error, to_js_with_nulls};
use crate::engine::RunSpec;
use crate::input::{parse_upstream, Scenario, Weights};
use crate::message::{Coded, Message};
use crate::render::render_upstream;
use crate::render::{
    svg_document, trace_document, Around, English, Phase, SvgKind, SvgRequest, Theme, TraceFormat,
    Worded, Wording, Words, DEFAULT_STEP_MS,
};

/// Most rows of an exported trace (the core's bound for any trace document).
pub const MAX_EXPORT_STEPS: u64 = crate::render::MAX_TRACE_ROWS;
/// Most level cells (rows × nodes) of an exported trace.
pub const MAX_EXPORT_CELLS: u64 = crate::render::MAX_TRACE_CELLS;

fn spec(weights: &str, options: JsValue) -> Result<RunSpec, CoreError> {
    let weights: Weights = weights.parse().map_err(js_error)?;
    let (options, scenario, traffic) = run_options(&weights, options)?;
    Ok(RunSpec {
        traffic,
        ..RunSpec::new(weights, options, scenario)
    })
}

#[derive(Serialize)]
struct TraceExport {
    text: String,
    /// Why the run stopped before `steps` (the rows before are in `text`), else null:
    /// `{code, params, text}`.
    stopped: Option<Message>,
}

/// The trace of the first `steps` picks as `format` ("csv", "json", "markdown" or "table"),
/// exactly as `swrr-viz trace WEIGHTS --steps N --format F` prints it: `{text, stopped}`.
/// `options` as in `Walkthrough.withOptions`.
#[wasm_bindgen(js_name = exportTrace)]
pub fn export_trace(
    weights: &str,
    options: JsValue,
    steps: f64,
    format: &str,
) -> Result<JsValue, CoreError> {
    let spec = spec(weights, options)?;
    let format: TraceFormat = format.parse().map_err(js_error)?;
    let n = spec.weights.len() as u64;
    let most = MAX_EXPORT_STEPS.min(MAX_EXPORT_CELLS / n.max(1)).max(1);
    if !(steps.is_finite() && steps >= 1.0 && steps.fract() == 0.0 && steps <= most as f64) {
        return Err(ApiError::ExportSteps {
            most,
            nodes: n,
            value: steps,
        }
        .into());
    }
    let document = trace_document(&spec, steps as u64, format);
    to_js_with_nulls(&TraceExport {
        text: document.text,
        stopped: document.stopped.as_ref().map(Coded::message),
    })
}

/// What to draw; every key optional (`kind` as the CLI's `--kind`: `animated`), unknown keys refused.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SvgInput {
    kind: Option<String>,
    step: Option<f64>,
    phase: Option<String>,
    steps: Option<f64>,
    theme: Option<String>,
    width: Option<f64>,
    step_ms: Option<f64>,
    bare: Option<bool>,
    key: Option<bool>,
}

const SVG_KEYS: [&str; 10] = [
    "kind", "step", "phase", "steps", "theme", "width", "stepMs", "words", "bare", "key",
];

/// The page's words: `words(code, params)` gives the text of a catalog code, each parameter a
/// string, `{list: [...]}` (listed the language's way) or `{joined: [...]}` (www/words/i18n.js
/// `pictureWords`). A call that throws or gives no string leaves that text in English.
struct PageWords(js_sys::Function);

impl Words for PageWords {
    fn word(&self, code: &str, params: &[(&'static str, Worded)]) -> String {
        let object = js_sys::Object::new();
        for (name, param) in params {
            let items = |key: &str, items: &[String]| {
                let shape = js_sys::Object::new();
                let array: js_sys::Array = items.iter().map(|i| JsValue::from_str(i)).collect();
                let _ = js_sys::Reflect::set(&shape, &key.into(), &array);
                JsValue::from(shape)
            };
            let value = match param {
                Worded::Text(text) => JsValue::from_str(text),
                Worded::List(list) => items("list", list),
                Worded::Joined(list) => items("joined", list),
            };
            let _ = js_sys::Reflect::set(&object, &(*name).into(), &value);
        }
        self.0
            .call2(&JsValue::NULL, &code.into(), &object)
            .ok()
            .and_then(|text| text.as_string())
            .unwrap_or_else(|| English.word(code, params))
    }
}

/// The request's `words`: none, or a function.
fn words(request: &JsValue) -> Result<Wording, CoreError> {
    let words = js_sys::Reflect::get(request, &"words".into()).unwrap_or(JsValue::UNDEFINED);
    if words.is_undefined() || words.is_null() {
        return Ok(Wording::default());
    }
    match words.dyn_into::<js_sys::Function>() {
        Ok(function) => Ok(Wording::new(PageWords(function))),
        Err(_) => Err(ApiError::BadPicture {
            detail: "words: expected a function (code, params) => text".to_string(),
        }
        .into()),
    }
}

/// serde-wasm-bindgen reads only the keys it knows: a typo must not pass quietly.
fn check_keys(request: &JsValue) -> Result<(), CoreError> {
    let Some(object) = request.dyn_ref::<js_sys::Object>() else {
        return Err(ApiError::PictureNotObject.into());
    };
    for key in js_sys::Object::keys(object).iter() {
        let key = key.as_string().unwrap_or_default();
        if !SVG_KEYS.contains(&key.as_str()) {
            return Err(ApiError::UnknownPictureKey {
                key: crate::input::text::quoted(&key, crate::input::text::QUOTED_CHARS),
                keys: &SVG_KEYS,
            }
            .into());
        }
    }
    Ok(())
}

fn whole(value: Option<f64>, what: &str, max: f64) -> Result<Option<u64>, CoreError> {
    match value {
        None => Ok(None),
        Some(v) if v.is_finite() && v >= 0.0 && v.fract() == 0.0 && v <= max => Ok(Some(v as u64)),
        Some(v) => Err(ApiError::WholeNumber {
            what: what.to_string(),
            max,
            value: v,
        }
        .into()),
    }
}

/// A picture of the run, as `swrr-viz svg` draws it: `request` is `{kind: "tanks" | "still" | "strip" |
/// "table" | "animated" (the default), step, phase: "fill" | "pick" | "drain", steps, theme: "auto" | "light" |
/// "dark", width, stepMs}` (the CLI's flags), `words`, the page's words for its texts
/// (`(code, params) => text`, [`PageWords`]; English without), and `bare: true` for a still of
/// the tanks alone (with `key: true`, and its key under them: the handout says the rest). Throws with the CLI's message when a request does
/// not fit.
#[wasm_bindgen(js_name = exportSvg)]
pub fn export_svg(weights: &str, options: JsValue, request: JsValue) -> Result<String, CoreError> {
    let spec = spec(weights, options)?;
    check_keys(&request)?;
    let words = words(&request)?;
    let input: SvgInput =
        serde_wasm_bindgen::from_value(request).map_err(|e| ApiError::BadPicture {
            // JavaScript's `String(error)` leads with the error's name.
            detail: e.to_string().trim_start_matches("Error: ").to_string(),
        })?;
    let big = 9_007_199_254_740_991.0;
    let request = SvgRequest {
        kind: input
            .kind
            .as_deref()
            .map(str::parse::<SvgKind>)
            .transpose()
            .map_err(js_error)?
            .unwrap_or_default(),
        step: whole(input.step, "step", big)?,
        phase: input
            .phase
            .as_deref()
            .map(str::parse::<Phase>)
            .transpose()
            .map_err(js_error)?,
        steps: whole(input.steps, "steps", big)?,
        theme: input
            .theme
            .as_deref()
            .map_or(Ok(Theme::Auto), str::parse)
            .map_err(js_error)?,
        width: whole(input.width, "width", f64::from(u32::MAX))?.map(|w| w as u32),
        step_ms: whole(input.step_ms, "stepMs", f64::from(u32::MAX))?
            .map_or(DEFAULT_STEP_MS, |ms| ms as u32),
        words,
        around: match (input.bare, input.key) {
            (Some(true), Some(true)) => Around::Key,
            (Some(true), _) => Around::Nothing,
            _ => Around::Everything,
        },
    };
    svg_document(&spec, &request).map_err(js_error)
}

/// An nginx `upstream backend { … }` block for the weights (names that are not addresses get
/// 127.0.0.1 ports and a `# node NAME` comment), with the server parameters the scenario's
/// `backup`, `down` and `max_fails=`/`timeout=` events at request 1 give (optional). A scenario
/// that makes every node a backup is refused (`nginx.nothing_to_pick`): nginx refuses that block.
#[wasm_bindgen(js_name = nginxUpstream)]
pub fn nginx_upstream(weights: &str, scenario: Option<String>) -> Result<String, CoreError> {
    let weights: Weights = weights.parse().map_err(js_error)?;
    let scenario =
        Scenario::parse(scenario.as_deref().unwrap_or(""), &weights).map_err(ApiError::Scenario)?;
    render_upstream(&weights, &scenario).map_err(js_error)
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ServerView {
    line: f64,
    address: String,
    name: Option<String>,
    weight: f64,
    max_fails: Option<f64>,
    fail_timeout: Option<String>,
    /// `fail_timeout` in seconds, as nginx reads it.
    fail_timeout_seconds: Option<f64>,
    backup: bool,
    down: bool,
    ignored: Vec<String>,
}

#[derive(Serialize)]
struct UpstreamNode {
    name: String,
    weight: f64,
}

#[derive(Serialize)]
struct UpstreamView {
    name: Option<String>,
    /// The weights text to run: `canonical` of the weights.
    weights: String,
    /// The scenario the servers' backup, down, max_fails and fail_timeout make (canonical
    /// text, empty when none): what to run with the weights.
    scenario: String,
    nodes: Vec<UpstreamNode>,
    servers: Vec<ServerView>,
    /// `[{code, params, text}]`.
    notes: Vec<Message>,
    traffic: TrafficView,
}

/// What the config states of how nginx runs the upstream (null where it does not say).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TrafficView {
    tries: Option<f64>,
    workers: Option<f64>,
    zone: bool,
}

/// Reads an nginx upstream block (or a config holding one, or bare `server` lines):
/// `{name, weights, scenario, nodes: [{name, weight}], servers: [{line, address, name, weight,
/// maxFails, failTimeout, failTimeoutSeconds, backup, down, ignored}], notes, traffic: {tries,
/// workers, zone}}` (`tries` and `workers` null where the config does not say); throws naming the
/// line and the token.
#[wasm_bindgen(js_name = parseNginxUpstream)]
pub fn parse_nginx_upstream(text: &str) -> Result<JsValue, CoreError> {
    let upstream = parse_upstream(text).map_err(js_error)?;
    let view = UpstreamView {
        name: upstream.name,
        weights: upstream.weights.canonical_text(),
        scenario: upstream.scenario.to_string(),
        nodes: upstream
            .weights
            .nodes()
            .iter()
            .map(|n| UpstreamNode {
                name: n.name.clone(),
                weight: n.weight as f64,
            })
            .collect(),
        servers: upstream
            .servers
            .into_iter()
            .map(|s| ServerView {
                line: s.line as f64,
                address: s.address,
                name: s.name,
                weight: s.weight as f64,
                max_fails: s.max_fails.map(|m| m as f64),
                fail_timeout: s.fail_timeout,
                fail_timeout_seconds: s.fail_timeout_seconds.map(|t| t as f64),
                backup: s.backup,
                down: s.down,
                ignored: s.ignored,
            })
            .collect(),
        notes: upstream.notes.iter().map(Coded::message).collect(),
        traffic: TrafficView {
            tries: upstream.traffic.tries.map(|t| t as f64),
            workers: upstream.traffic.workers.map(|w| w as f64),
            zone: upstream.traffic.zone,
        },
    };
    to_js_with_nulls(&view)
}
