//! The square queries every build has, `Game`'s `get` and `castlingRights`, and the square
//! argument the position editor's calls (`setup.rs`) read too.

use wasm_bindgen::prelude::*;

use super::dto::out;
use super::game::Game;
use super::options::{describe, opt_string};
use crate::error::{Error, ErrorKind};

/// A square argument: a string, required.
pub(super) fn square_arg(v: &JsValue) -> Result<String, Error> {
    opt_string(v, "square")?.ok_or_else(|| {
        Error::formatted(
            ErrorKind::InvalidArgument,
            format_args!(
                "square must be a string such as \"e4\", got {}",
                describe(v)
            ),
        )
    })
}

#[wasm_bindgen]
impl Game {
    /// The piece on `square` now, or `null`.
    #[wasm_bindgen(unchecked_return_type = "BoardPiece | null")]
    pub fn get(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] square: JsValue,
    ) -> Result<JsValue, JsValue> {
        out(square_arg(&square).and_then(|sq| self.inner.get(&sq)))
    }

    /// Who may still castle: `{player, side, rook}[]`, in player order, king side first.
    #[wasm_bindgen(js_name = castlingRights, unchecked_return_type = "CastlingRight[]")]
    pub fn castling_rights(&self) -> Result<JsValue, JsValue> {
        out(Ok(self.inner.castling_rights()))
    }
}
