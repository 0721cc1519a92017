//! The way out to JavaScript: typed values become plain JS objects, errors become JS `Error`s.
//!
//! The records of [`crate::record`] are already the JS shapes (they derive `Serialize` with
//! camelCase keys, so the server's JSON is the same), which leaves one conversion here: the
//! JSON text of [`crate::json`] (byte for byte serde_json's, without its code in the wasm)
//! parsed by `JSON.parse` (`None` is `null` where a field is written at all, as in `turn`
//! and `finishRank`; optional fields skip themselves). Building the objects that way never
//! runs a setter a page put on `Object.prototype` ([`super::js`] says why that matters).
//! A new result type needs a `ToJson` impl in `src/json.rs` and a line in its test.

use wasm_bindgen::JsValue;

pub(crate) use super::js::{js_error, to_js};
use crate::Error;
use crate::json::ToJson;

/// The JS result of a call that returns a typed value: the value as JS, or the error thrown.
pub(crate) fn out<T: ToJson>(result: Result<T, Error>) -> Result<JsValue, JsValue> {
    out_text(result.map(|v| crate::json::to_json(&v)))
}

/// What [`out`] does once the value is JSON text: one copy, not one per result type
/// (docs/BENCHMARKS.md, "Package size").
#[inline(never)]
fn out_text(text: Result<String, Error>) -> Result<JsValue, JsValue> {
    text.and_then(|t| super::js::json_to_js(&t))
        .map_err(js_error)
}

/// A game's four-player rules preset as JS (`"ffa"`, `"kingdoms"`, `"teams"`), `undefined`
/// for two players: the `rules` getter of `Game` and `Setup`.
pub(crate) fn rules_value(kind: crate::kind::GameKind) -> JsValue {
    kind.rules()
        .map_or(JsValue::UNDEFINED, |r| JsValue::from_str(r.name()))
}
