//! The options object of `Walkthrough.withOptions` and `Analysis.withOptions`:
//! `{algo, tie, subtract, seed, scenario}`, every key optional, unknown keys refused.
//!
//! Seeds cross the boundary as strings of decimal digits (all of u64), or as numbers when they
//! are safe integers (0 to 2^53 − 1); they come back as strings.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::error::ApiError;
use super::js_error;
use super::CoreError;
use crate::engine::{AlgorithmKind, AlgorithmOptions, SubtractRule, TieRule};
use crate::input::{Scenario, Weights};

/// The options object: every key optional; unknown keys are refused by [`check_keys`] (a typo
/// should not pass quietly). Read key by key with `Reflect` rather than through serde: the
/// derive (an untagged enum for the seed) cost the wasm some 20 KB for five fields.
#[derive(Default)]
struct OptionsInput {
    algo: Option<String>,
    tie: Option<String>,
    subtract: Option<String>,
    seed: Option<SeedInput>,
    scenario: Option<String>,
}

enum SeedInput {
    Text(String),
    Number(f64),
}

impl OptionsInput {
    fn read(options: &JsValue) -> Result<Self, ApiError> {
        let get =
            |key: &str| js_sys::Reflect::get(options, &JsValue::from_str(key)).unwrap_or_default();
        let text = |key: &str| -> Result<Option<String>, ApiError> {
            let value = get(key);
            if value.is_undefined() || value.is_null() {
                return Ok(None);
            }
            value
                .as_string()
                .map(Some)
                .ok_or_else(|| ApiError::BadOptions {
                    detail: format!("{key} must be a string"),
                })
        };
        let seed = get("seed");
        let seed = if seed.is_undefined() || seed.is_null() {
            None
        } else if let Some(text) = seed.as_string() {
            Some(SeedInput::Text(text))
        } else if let Some(number) = seed.as_f64() {
            Some(SeedInput::Number(number))
        } else {
            return Err(ApiError::BadOptions {
                detail: "seed must be a string of digits or a whole number".into(),
            });
        };
        Ok(Self {
            algo: text("algo")?,
            tie: text("tie")?,
            subtract: text("subtract")?,
            seed,
            scenario: text("scenario")?,
        })
    }
}

const KEYS: [&str; 5] = ["algo", "tie", "subtract", "seed", "scenario"];

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

fn seed(input: &SeedInput) -> Result<u64, ApiError> {
    match input {
        SeedInput::Text(text) => text.trim().parse::<u64>().map_err(|_| ApiError::SeedText {
            text: crate::input::text::quoted(text, crate::input::text::QUOTED_CHARS),
        }),
        SeedInput::Number(n) if n.fract() == 0.0 && (0.0..=MAX_SAFE_SEED).contains(n) => {
            Ok(*n as u64)
        }
        SeedInput::Number(n) => Err(ApiError::SeedNumber { value: *n }),
    }
}

/// Reads `options` (`undefined` or `null`: nginx SWRR, no events) against `weights`. Errors name
/// the bad option; a bad event comes prefixed "invalid scenario: ".
pub(super) fn run_options(
    weights: &Weights,
    options: JsValue,
) -> Result<(AlgorithmOptions, Scenario), CoreError> {
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
    Ok((options, scenario))
}
