//! The way out to JavaScript: typed values become plain JS objects, errors become JS `Error`s.
//!
//! The records of [`crate::record`] are already the JS shapes (they derive `Serialize` with
//! camelCase keys, so the server's JSON is the same), which leaves one conversion here: serde
//! onto JS values, with objects rather than `Map`s and `None` as `null` where a field is
//! written at all (`turn`, `finishRank`); optional fields skip themselves.
//!
//! Known gap (hostile pages, issue 10): serde-wasm-bindgen fills objects by assignment, so a
//! setter defined on `Object.prototype` for a field name (`player`, `from`, ...) runs, and if
//! it throws, the exception unwinds through the exported method and the `Game` object stays
//! borrowed ("recursive use of an object") from then on.

use serde::Serialize;
use wasm_bindgen::JsValue;

use crate::Error;

/// `value` as a plain JS value.
pub(crate) fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, Error> {
    let serializer = serde_wasm_bindgen::Serializer::new()
        .serialize_missing_as_null(true)
        .serialize_maps_as_objects(true);
    // The records hold only strings, small integers and booleans, so a failure is a bug.
    value
        .serialize(&serializer)
        .map_err(|e| Error::internal(format!("cannot convert a result to JavaScript: {e}")))
}

/// The JS exception for `e`: an `Error` whose `code` property is the stable code.
pub(crate) fn js_error(e: Error) -> JsValue {
    let err = js_sys::Error::new(&e.message);
    // Setting a property of a fresh Error cannot fail.
    let _ = js_sys::Reflect::set(
        &err,
        &JsValue::from_str("code"),
        &JsValue::from_str(e.code()),
    );
    err.into()
}

/// The JS result of a call that returns a typed value: the value as JS, or the error thrown.
pub(crate) fn out<T: Serialize>(result: Result<T, Error>) -> Result<JsValue, JsValue> {
    result.and_then(|v| to_js(&v)).map_err(js_error)
}
