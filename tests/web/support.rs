//! What every facade test needs: options built as page code builds them, and the thrown
//! error read as JavaScript reads it.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen::{JsCast, JsValue};

/// An options object, built the way page code would.
pub fn options(pairs: &[(&str, JsValue)]) -> JsValue {
    let object = js_sys::Object::new();
    for (key, value) in pairs {
        js_sys::Reflect::set(&object, &JsValue::from_str(key), value).unwrap();
    }
    object.into()
}

pub fn text(value: &str) -> JsValue {
    JsValue::from_str(value)
}

/// The `message` of a thrown JS `Error`.
pub fn message(err: impl Into<JsValue>) -> String {
    let value: JsValue = err.into();
    let error: js_sys::Error = value.dyn_into().expect("a JS Error object");
    error.message().into()
}

/// A property of a thrown JS `Error` (or of its params).
pub fn property(err: &JsValue, name: &str) -> JsValue {
    js_sys::Reflect::get(err, &JsValue::from_str(name)).unwrap()
}

/// A walkthrough of `weights` with the options `pairs`, which must be valid.
pub fn with(weights: &str, pairs: &[(&str, JsValue)]) -> swrr_viz::wasm::Walkthrough {
    swrr_viz::wasm::Walkthrough::with_options(weights, options(pairs)).expect("valid options")
}
