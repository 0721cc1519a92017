//! Every call this layer makes into JavaScript that could run a page's code, made so that a
//! JS exception comes back as a Rust `Result` instead of unwinding through the wasm frames.
//!
//! Why this matters (issue 10, finding 2): an exported method holds wasm-bindgen's borrow
//! flag on its `Game` while it runs, and wasm has no landing pads for JS exceptions. An
//! exception thrown by a getter, a Proxy trap or a setter on `Object.prototype` that reaches
//! an import declared without `catch` unwinds straight out of the export: the borrow flag
//! stays set ("recursive use of an object" on every later call, and `free()` fails), no
//! destructor runs, and the shadow stack pointer stays moved, so after a few hundred such
//! calls the whole instance traps with "memory access out of bounds". So:
//!
//! - reads of user values go through `catch` imports (`Array.isArray` throws on a revoked
//!   Proxy; `instanceof` and `.length` run Proxy traps), and never through serde;
//! - results are built by `JSON.parse` of text that [`crate::json`] writes: `JSON.parse`
//!   defines its properties, so a setter on `Object.prototype` never runs (serde-wasm-bindgen
//!   assigns them, which does run it);
//! - errors get their `code` by `Reflect.defineProperty` with a prototype-less descriptor.
//!
//! Everything else the layer calls (`typeof`-based checks such as `JsValue::as_string`)
//! cannot run user code.

use js_sys::Reflect;
use wasm_bindgen::prelude::*;

use crate::Error;
use crate::json::{ToJson, to_json};

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(catch, js_namespace = Array, js_name = isArray)]
    fn array_is_array(v: &JsValue) -> Result<bool, JsValue>;

    #[wasm_bindgen(catch, js_namespace = JSON, js_name = parse)]
    fn json_parse(text: &str) -> Result<JsValue, JsValue>;

    #[wasm_bindgen(catch, js_namespace = Object, js_name = create)]
    fn object_create(proto: &JsValue) -> Result<js_sys::Object, JsValue>;

    // `Error(message)` called as a function makes an `Error` like `new Error(message)`.
    #[wasm_bindgen(catch, js_name = Error)]
    fn make_error(message: &str) -> Result<js_sys::Object, JsValue>;
}

/// `Array.isArray(v)`; `Err` when `v` is a revoked Proxy (or the check threw otherwise).
pub(crate) fn is_array(v: &JsValue) -> Result<bool, ()> {
    array_is_array(v).map_err(|_| ())
}

/// `v.length` of an array (which may be a Proxy), if it is an integer up to `max`.
pub(crate) fn array_length(v: &JsValue, max: u32) -> Result<Option<u32>, ()> {
    let n = Reflect::get(v, &JsValue::from_str("length")).map_err(|_| ())?;
    Ok(n.as_f64()
        .filter(|n| n.fract() == 0.0 && *n >= 0.0 && *n <= f64::from(max))
        .map(|n| n as u32))
}

/// `JSON.parse(text)`; `None` when it is not JSON.
pub(crate) fn parse_json(text: &str) -> Option<JsValue> {
    json_parse(text).ok()
}

/// `value` as a plain JS value: objects, arrays, strings, numbers, booleans and `null`, built
/// without assigning a property (see the module comment).
pub(crate) fn to_js<T: ToJson + ?Sized>(value: &T) -> Result<JsValue, Error> {
    json_to_js(&to_json(value))
}

/// The JS value of JSON text that [`to_js`] wrote. One copy, not one per type written
/// (docs/BENCHMARKS.md, "Package size").
#[inline(never)]
pub(crate) fn json_to_js(text: &str) -> Result<JsValue, Error> {
    // The text is valid JSON by construction, so a failure means a page replaced
    // `JSON.parse` (or a bug).
    json_parse(text)
        .map_err(|_| Error::internal("cannot convert a result to JavaScript: JSON.parse failed"))
}

/// The JS exception for `e`: an `Error` whose own `code` property is the stable code.
pub(crate) fn js_error(e: Error) -> JsValue {
    let Ok(err) = make_error(&e.message) else {
        // Only a page that replaced `Error` gets here: the message at least gets through.
        return JsValue::from_str(&format!("{} ({})", e.message, e.code()));
    };
    // A descriptor without a prototype, so no inherited `get`/`set` can change its meaning.
    if let Ok(desc) = object_create(&JsValue::NULL) {
        let set = |k: &str, v: JsValue| Reflect::set(&desc, &JsValue::from_str(k), &v);
        let _ = set("value", JsValue::from_str(e.code()));
        let _ = set("writable", JsValue::TRUE);
        let _ = set("enumerable", JsValue::TRUE);
        let _ = set("configurable", JsValue::TRUE);
        let _ = Reflect::define_property(&err, &JsValue::from_str("code"), &desc);
    }
    err.into()
}
