//! Perft entry points for the wasm benchmark (`benches/wasm-perft/run.mjs`).
//!
//! Both functions take the same variant names as the JS API (`"chess"`, `"3check"`,
//! `"kingofthehill"`, `"racingkings"`), a FEN and a depth, and return the leaf count as an
//! `f64` (exact up to 2^53, far beyond any benchmark depth).

use shakmaty::fen::Fen;
use shakmaty::variant::{Variant as SkVariant, VariantPosition};
use shakmaty::{CastlingMode, Setup};
use tablero::two::{Position, Variant};
use wasm_bindgen::prelude::*;

fn variants(name: &str) -> Result<(Variant, SkVariant), JsError> {
    Ok(match name {
        "chess" => (Variant::Chess, SkVariant::Chess),
        "3check" => (Variant::ThreeCheck, SkVariant::ThreeCheck),
        "kingofthehill" => (Variant::KingOfTheHill, SkVariant::KingOfTheHill),
        "racingkings" => (Variant::RacingKings, SkVariant::RacingKings),
        _ => return Err(JsError::new(&format!("unknown variant {name:?}"))),
    })
}

/// Perft with tablero.
#[wasm_bindgen]
pub fn tablero_perft(variant: &str, fen: &str, depth: u32) -> Result<f64, JsError> {
    let (variant, _) = variants(variant)?;
    let leaves = Position::from_fen(variant, fen)
        .map_err(|e| JsError::new(&format!("tablero rejects {fen:?}: {e}")))?
        .perft(depth);
    Ok(leaves as f64)
}

/// Perft with shakmaty.
#[wasm_bindgen]
pub fn shakmaty_perft(variant: &str, fen: &str, depth: u32) -> Result<f64, JsError> {
    let (_, variant) = variants(variant)?;
    let fen: Fen = fen
        .parse()
        .map_err(|e| JsError::new(&format!("shakmaty rejects {fen:?}: {e}")))?;
    let pos = VariantPosition::from_setup(variant, Setup::from(fen), CastlingMode::Standard)
        .map_err(|e| JsError::new(&format!("shakmaty rejects the position: {e}")))?;
    Ok(shakmaty::perft(&pos, depth) as f64)
}

/// Four-player perft from the R5.2 start position (ffa rules); there is no reference library.
#[wasm_bindgen]
pub fn four_perft(depth: u32) -> f64 {
    tablero::four::Position::startpos(tablero::four::Rules::Ffa).perft(depth) as f64
}
