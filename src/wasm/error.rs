//! What the facade throws: a JS `Error` whose `message` is the core's English text (the CLI's
//! words, unchanged) and which carries the message as data — `code` (e.g. `"weights.negative"`)
//! and `params` (`{token: {code, params, text}, …}`) — so the page can word it in its own
//! language (`errorText` in www/words/i18n.js). The facade's own checks (options objects, seeds,
//! numbers passed from JS) are [`ApiError`]s, coded the same way.

use std::fmt;

use serde::Serialize as _;
use wasm_bindgen::prelude::*;

use crate::input::MAX_STEP;

use crate::input::{plain_decimal, ScenarioError};

use crate::message::{params_object, Arg, Coded, Message};

/// A JS `Error` with `code` and `params` (or, for a failure that is not the user's — a value
/// that could not be converted — a plain `Error`).
pub struct CoreError(JsValue);

impl fmt::Debug for CoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("CoreError").field(&self.0).finish()
    }
}

impl CoreError {
    /// The error for `message`: `message.text` as the `Error`'s message, plus `code` and `params`.
    #[must_use]
    pub fn from_message(message: &Message) -> Self {
        let params = params_object(&message.params)
            .serialize(&serde_wasm_bindgen::Serializer::new())
            .unwrap_or(JsValue::UNDEFINED);
        // With `js-words` the English is worded in JavaScript, nested messages' `text` too.
        #[cfg(feature = "js-words")]
        let error = super::words::core_error(message.code, &params);
        #[cfg(not(feature = "js-words"))]
        let error = {
            let error = js_sys::Error::new(&message.text);
            // Setting a property on a fresh Error object cannot fail.
            let _ = js_sys::Reflect::set(&error, &"code".into(), &message.code.into());
            let _ = js_sys::Reflect::set(&error, &"params".into(), &params);
            error.into()
        };
        Self(error)
    }

    /// A plain `Error` without a code: for conversions that should never fail.
    #[must_use]
    pub fn plain(text: &str) -> Self {
        Self(js_sys::Error::new(text).into())
    }
}

impl<E: Coded> From<E> for CoreError {
    fn from(error: E) -> Self {
        Self::from_message(&error.message())
    }
}

impl From<CoreError> for JsValue {
    fn from(error: CoreError) -> Self {
        error.0
    }
}

/// A value passed from JavaScript that the facade refuses before the core sees it.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum ApiError {
    /// The options of `withOptions` are not an object.
    OptionsNotObject,
    /// An options key that does not exist (a typo must not pass quietly).
    UnknownOptionKey { key: String },
    /// An option of the wrong type, in serde-wasm-bindgen's words.
    BadOptions { detail: String },
    /// A seed string that is not a u64.
    SeedText { text: String },
    /// A seed number that is not a safe whole number.
    SeedNumber { value: f64 },
    /// A dispatch seed (string or number) that is not a whole number from 0 to u64's maximum.
    Dispatch { text: String },
    /// The scenario of the options does not parse.
    Scenario(ScenarioError),
    /// A traffic option (`rate`, `workers`) that is not a whole number in `1..=max`.
    Traffic {
        what: &'static str,
        max: u64,
        /// As written: a number, or quoted text.
        value: String,
    },
    /// A count or step that is not a whole number in `0..=max`.
    WholeNumber { what: String, max: f64, value: f64 },
    /// Too many rows for an exported trace.
    ExportSteps { most: u64, nodes: u64, value: f64 },
    /// The picture request of `exportSvg` is not an object.
    PictureNotObject,
    /// A picture request key that does not exist.
    UnknownPictureKey {
        key: String,
        keys: &'static [&'static str],
    },
    /// A picture request value of the wrong type.
    BadPicture { detail: String },
    /// An exercise number that is not a whole number.
    ExerciseNotWhole { number: f64 },
}

impl ApiError {
    /// `value` must be a whole number from 0 to [`MAX_STEP`] (`what` is the argument's name).
    pub fn step(what: &str, value: f64) -> Self {
        Self::WholeNumber {
            what: what.to_string(),
            max: MAX_STEP as f64,
            value,
        }
    }
}

crate::message::coded! {
    display ApiError: OPTIONS, API, PICTURE, QUIZ;
    Self::OptionsNotObject => "options.not_object" [],
    Self::UnknownOptionKey { key } => "options.unknown_key" ["key" => key],
    Self::BadOptions { detail } => "options.invalid" ["detail" => detail],
    Self::SeedText { text } => "options.seed_text" ["text" => text, "max" => u64::MAX],
    Self::SeedNumber { value } => "options.seed_number" ["value" => number_text(*value)],
    Self::Dispatch { text } => "options.dispatch" ["text" => text, "max" => u64::MAX],
    Self::Scenario(e) => "options.scenario" ["error" => e.message()],
    Self::Traffic { what, max, value } => "options.traffic"
        ["what" => *what, "max" => *max, "value" => value],
    Self::WholeNumber { what, max, value } => "api.whole_number"
        ["what" => what, "max" => number_text(*max), "value" => number_text(*value)],
    Self::ExportSteps { most, nodes, value } => "api.export_steps"
        ["max" => *most, "nodes" => *nodes, "value" => number_text(*value)],
    Self::PictureNotObject => "picture.not_object" [],
    Self::UnknownPictureKey { key, keys } => "picture.unknown_key"
        ["key" => key, "keys" => Arg::list(keys.iter().copied())],
    Self::BadPicture { detail } => "picture.invalid" ["detail" => detail],
    Self::ExerciseNotWhole { number } => "quiz.exercise_not_whole"
        ["number" => number_text(*number)],
}

/// A number JavaScript passed, as Rust's `Display` writes it (`0.5`, `-1`, `NaN`, `inf`,
/// `1000000000000000000000`), from JavaScript's `String(v)`: the same shortest digits without
/// Rust's float formatting in the module (see `input::plain_decimal`).
pub(super) fn number_text(value: f64) -> String {
    if value.is_nan() {
        return "NaN".into();
    }
    if value.is_infinite() {
        return if value > 0.0 { "inf" } else { "-inf" }.into();
    }
    let text: String = js_sys::Number::from(value.abs())
        .to_string_with_radix(10)
        .map(String::from)
        .unwrap_or_default();
    plain_decimal(&text, value.is_sign_negative()).unwrap_or(text)
}

/// The facade's own messages, one of each code (with the core's, for the translation tests).
#[cfg(feature = "extras")]
pub(super) fn api_samples() -> Vec<Message> {
    let scenario = crate::input::Scenario::parse("@5 D down", &"5,3,2".parse().expect("weights"))
        .expect_err("D is not a node");
    [
        ApiError::OptionsNotObject,
        ApiError::UnknownOptionKey {
            key: "algorithm".into(),
        },
        ApiError::BadOptions {
            detail: "invalid type: boolean `true`, expected a string".into(),
        },
        ApiError::SeedText { text: "4x".into() },
        ApiError::SeedNumber { value: 1.5 },
        ApiError::Dispatch { text: "abc".into() },
        ApiError::Scenario(scenario),
        ApiError::Traffic {
            what: "workers",
            max: 64,
            value: "0".into(),
        },
        ApiError::step("t", -1.0),
        ApiError::WholeNumber {
            what: "width".into(),
            max: f64::from(u32::MAX),
            value: 0.5,
        },
        ApiError::ExportSteps {
            most: 1_000_000,
            nodes: 3,
            value: 0.0,
        },
        ApiError::PictureNotObject,
        ApiError::UnknownPictureKey {
            key: "colour".into(),
            keys: &["kind", "step"],
        },
        ApiError::BadPicture {
            detail: "missing field `kind`".into(),
        },
        ApiError::ExerciseNotWhole { number: 2.5 },
    ]
    .iter()
    .map(Coded::message)
    .collect()
}
