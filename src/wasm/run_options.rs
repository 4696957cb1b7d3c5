//! The options object of `Walkthrough.withOptions` and `Analysis.withOptions`:
//! `{algo, tie, subtract, seed, scenario, rate, workers, zone, dispatch, tries}`, every key
//! optional, unknown keys refused. `rate` (requests per second), `workers` (nginx worker
//! processes), `zone` (the workers share one state), `dispatch` (a seed: requests go to workers
//! by a seeded draw instead of in turn) and `tries` (nginx's `proxy_next_upstream_tries`, 0 for
//! no limit) are the traffic of nginx SWRR.
//!
//! Seeds cross the boundary as strings of decimal digits (all of u64), or as numbers when they
//! are safe integers (0 to 2^53 − 1); they come back as strings.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::error::ApiError;
use super::js_error;
use super::CoreError;
use crate::engine::{
    parse_tries, AlgorithmKind, AlgorithmOptions, Dispatch, SubtractRule, TieRule, Traffic,
    TriesError, MAX_RATE, MAX_TRIES, MAX_WORKERS,
};
use crate::input::{Scenario, Weights};

/// The options object: every key optional; unknown keys are refused by [`check_keys`] (a typo
/// should not pass quietly). Read key by key with `Reflect` rather than through serde: the
/// derive (an untagged enum for the seed) cost the wasm some 20 KB for five fields.
#[derive(Default)]
struct OptionsInput {
    algo: Option<String>,
    tie: Option<String>,
    subtract: Option<String>,
    seed: Option<WholeInput>,
    scenario: Option<String>,
    rate: Option<WholeInput>,
    workers: Option<WholeInput>,
    zone: Option<bool>,
    dispatch: Option<WholeInput>,
    tries: Option<WholeInput>,
}

/// A seed or a count as JavaScript gives it: a string of digits (an attribute's text) or a number.
enum WholeInput {
    Text(String),
    Number(f64),
}

impl OptionsInput {
    fn read(options: &JsValue) -> Result<Self, ApiError> {
        let text = |key| optional(options, key, JsValue::as_string, "a string");
        let seed = |key| {
            let seed = |value: &JsValue| {
                (value.as_string().map(WholeInput::Text))
                    .or_else(|| value.as_f64().map(WholeInput::Number))
            };
            optional(options, key, seed, "a string of digits or a whole number")
        };
        let zone = optional(options, "zone", JsValue::as_bool, "true or false")?;
        Ok(Self {
            algo: text("algo")?,
            tie: text("tie")?,
            subtract: text("subtract")?,
            seed: seed("seed")?,
            scenario: text("scenario")?,
            rate: seed("rate")?,
            workers: seed("workers")?,
            zone,
            dispatch: seed("dispatch")?,
            tries: seed("tries")?,
        })
    }
}

/// `key` of `options`: `None` when absent (undefined or null), else what `convert` makes of it,
/// or an error saying it must be `expected`.
fn optional<T>(
    options: &JsValue,
    key: &str,
    convert: impl Fn(&JsValue) -> Option<T>,
    expected: &str,
) -> Result<Option<T>, ApiError> {
    let value = js_sys::Reflect::get(options, &JsValue::from_str(key)).unwrap_or_default();
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    convert(&value)
        .ok_or_else(|| ApiError::BadOptions {
            detail: format!("{key} must be {expected}"),
        })
        .map(Some)
}

const KEYS: [&str; 10] = [
    "algo", "tie", "subtract", "seed", "scenario", "rate", "workers", "zone", "dispatch", "tries",
];

fn check_keys(options: &JsValue) -> Result<(), ApiError> {
    let Some(object) = options.dyn_ref::<js_sys::Object>() else {
        return Err(ApiError::OptionsNotObject);
    };
    for key in js_sys::Object::keys(object).iter() {
        let key = key.as_string().unwrap_or_default();
        if !KEYS.contains(&key.as_str()) {
            return Err(ApiError::UnknownOptionKey {
                key: crate::input::text::quoted(&key, crate::input::text::QUOTED_CHARS),
            });
        }
    }
    Ok(())
}

/// Largest seed a JS number carries exactly.
const MAX_SAFE_SEED: f64 = 9_007_199_254_740_991.0;

/// The dispatch seed: a seed, refused in its own words (the page shows it by its field).
fn dispatch_seed(input: &WholeInput) -> Result<u64, ApiError> {
    seed(input).map_err(|_| ApiError::Dispatch {
        text: match input {
            WholeInput::Text(text) => {
                crate::input::text::quoted(text, crate::input::text::QUOTED_CHARS)
            }
            WholeInput::Number(n) => super::error::number_text(*n),
        },
    })
}

fn seed(input: &WholeInput) -> Result<u64, ApiError> {
    match input {
        WholeInput::Text(text) => text.trim().parse::<u64>().map_err(|_| ApiError::SeedText {
            text: crate::input::text::quoted(text, crate::input::text::QUOTED_CHARS),
        }),
        WholeInput::Number(n) if n.fract() == 0.0 && (0.0..=MAX_SAFE_SEED).contains(n) => {
            Ok(*n as u64)
        }
        WholeInput::Number(n) => Err(ApiError::SeedNumber { value: *n }),
    }
}

/// A whole number in `1..=max` for the traffic option `what`; refused, it is quoted as written.
fn traffic_count(
    value: Option<&WholeInput>,
    what: &'static str,
    max: u64,
) -> Result<Option<u64>, ApiError> {
    let refused = |value: String| ApiError::Traffic { what, max, value };
    match value {
        None => Ok(None),
        Some(WholeInput::Number(v)) if v.fract() == 0.0 && *v >= 1.0 && *v <= max as f64 => {
            Ok(Some(*v as u64))
        }
        Some(WholeInput::Number(v)) => Err(refused(super::error::number_text(*v))),
        Some(WholeInput::Text(text)) => {
            let digits = text.trim();
            let whole = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
            match digits.parse::<u64>() {
                Ok(n) if whole && (1..=max).contains(&n) => Ok(Some(n)),
                // Digits out of range are said as a number; other text quoted as written.
                _ if whole => Err(refused(digits.to_string())),
                _ => Err(refused(format!(
                    "\"{}\"",
                    crate::input::text::quoted(text, crate::input::text::QUOTED_CHARS)
                ))),
            }
        }
    }
}

/// The try limit: a whole number from 0 (no limit) to [`MAX_TRIES`], as text or a number.
fn tries(input: &WholeInput) -> Result<u64, TriesError> {
    match input {
        WholeInput::Text(text) => parse_tries(text),
        WholeInput::Number(v) if v.fract() == 0.0 && (0.0..=MAX_TRIES as f64).contains(v) => {
            Ok(*v as u64)
        }
        WholeInput::Number(v) => Err(TriesError {
            value: super::error::number_text(*v),
        }),
    }
}

/// Reads `options` (`undefined` or `null`: nginx SWRR, no events, one request a second, one
/// worker) against `weights`. Errors name the bad option; a bad event comes prefixed "invalid
/// scenario: ".
pub(super) fn run_options(
    weights: &Weights,
    options: JsValue,
) -> Result<(AlgorithmOptions, Scenario, Traffic), CoreError> {
    let input: OptionsInput = if options.is_undefined() || options.is_null() {
        OptionsInput::default()
    } else {
        check_keys(&options).map_err(js_error)?;
        OptionsInput::read(&options)?
    };
    let options = AlgorithmOptions {
        kind: match &input.algo {
            Some(text) => text.parse::<AlgorithmKind>().map_err(js_error)?,
            None => AlgorithmKind::default(),
        },
        tie: match &input.tie {
            Some(text) => text.parse::<TieRule>().map_err(js_error)?,
            None => TieRule::default(),
        },
        subtract: match &input.subtract {
            Some(text) => text.parse::<SubtractRule>().map_err(js_error)?,
            None => SubtractRule::default(),
        },
        seed: match &input.seed {
            Some(s) => seed(s).map_err(js_error)?,
            None => 0,
        },
    };
    let scenario = Scenario::parse(input.scenario.as_deref().unwrap_or(""), weights)
        .map_err(ApiError::Scenario)?;
    let traffic = Traffic {
        rate: traffic_count(input.rate.as_ref(), "rate", MAX_RATE)?.unwrap_or(1),
        workers: traffic_count(input.workers.as_ref(), "workers", MAX_WORKERS as u64)?
            .map_or(1, |w| w as usize),
        zone: input.zone.unwrap_or(false),
        dispatch: match &input.dispatch {
            Some(s) => Dispatch::Seeded(dispatch_seed(s).map_err(js_error)?),
            None => Dispatch::InTurn,
        },
        tries: match &input.tries {
            Some(t) => tries(t)?,
            None => 0,
        },
    };
    Ok((options, scenario, traffic))
}
