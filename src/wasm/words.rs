//! The English of the facade's errors and notes, worded in JavaScript (`www/core-words.js`) from
//! the catalog the CLI's `Display` reads: a module built with the feature `js-words` sends codes
//! and parameters only, and its JavaScript glue words them.

use wasm_bindgen::prelude::*;

// `raw_module`: the glue imports `../core-words.js` as written, which from `www/pkg/` is
// `www/core-words.js`, beside the page's own copy of the catalog (no second one).
#[wasm_bindgen(raw_module = "../core-words.js")]
extern "C" {
    /// `new Error(english)` with `code` and `params`, nested messages' `text` filled in.
    #[wasm_bindgen(js_name = coreError)]
    pub(super) fn core_error(code: &str, params: &JsValue) -> JsValue;

    /// Each `{code, params, text}` of a list with its `text` filled in.
    #[wasm_bindgen(js_name = wordedAll)]
    pub(super) fn worded_all(messages: &JsValue) -> JsValue;
}
