//! The position editor's calls in a build without it (Cargo feature `editor` off: the
//! rules-only entry `tablero-chess/rules`, built for size). Each call throws
//! `invalid-argument` saying where the editor is, rather than being missing: a page that
//! calls one learns why, in the package's own error shape.

use wasm_bindgen::prelude::*;

use super::dto::js_error;
use super::game::Game;
use crate::error::Error;

/// The refusal of every editor call in this build.
fn absent(call: &str) -> JsValue {
    js_error(Error::invalid_argument(crate::text::cat(&[
        call,
        " is part of the position editor, which this build leaves out (Cargo feature \"editor\"): \
         the editor needs the full entry, import it from \"tablero-chess\"",
    ])))
}

/// Not in this build: throws `invalid-argument` (the full entry has it).
#[wasm_bindgen(js_name = validateFen)]
pub fn validate_fen(_text: JsValue, _options: JsValue) -> Result<JsValue, JsValue> {
    Err(absent("validateFen()"))
}

/// The position editor's class: never made in this build (`setup()` throws).
#[wasm_bindgen]
pub struct Setup {}

/// Not in this build: throws `invalid-argument` (the full entry has it).
#[wasm_bindgen(js_name = setup)]
pub fn setup(_options: JsValue) -> Result<Setup, JsValue> {
    Err(absent("setup()"))
}

#[wasm_bindgen]
impl Game {
    /// Not in this build: throws `invalid-argument` (the full entry has it).
    pub fn attackers(&self, _square: JsValue, _player: JsValue) -> Result<JsValue, JsValue> {
        Err(absent("attackers()"))
    }

    /// Not in this build: throws `invalid-argument` (the full entry has it).
    #[wasm_bindgen(js_name = isAttacked)]
    pub fn is_attacked(&self, _square: JsValue, _by: JsValue) -> Result<bool, JsValue> {
        Err(absent("isAttacked()"))
    }
}
