//! The save format as JavaScript sees it: `toJSON()` writes [`SavedGame`] as a plain object,
//! `Game.fromJSON` reads one back (or its JSON text).
//!
//! `{format: "tablero-game", version: 1, variant, rules?, seed, startFen, firstPlayer?,
//! moveLimit?, moves, declared?}`: the same version-1 format earlier releases wrote, so their
//! saves still load (four-player saves of those wrote `moveLimit: null`; `null` reads as
//! absent). Fields are read as own properties with strict types, like every option object;
//! unknown fields are ignored, since a save is data that a page may have kept with notes of
//! its own. The restore itself replays and checks every move ([`crate::Game::from_saved`]).

use wasm_bindgen::JsValue;

use super::options::{Fields, MAX_SAFE_INTEGER, describe};
use crate::game::MAX_MOVE_LIMIT;
use crate::game::SavedResult;
use crate::{Error, Player, Rules, SavedGame};

/// Reads a saved game: the object `toJSON()` returned, or its JSON text.
pub(crate) fn read(saved: &JsValue) -> Result<SavedGame, Error> {
    let parsed;
    let saved = match saved.as_string() {
        Some(text) => {
            parsed = js_sys::JSON::parse(&text)
                .map_err(|_| Error::invalid_argument("saved game text is not JSON"))?;
            &parsed
        }
        None => saved,
    };
    let Some(f) = Fields::open(saved, "saved game")? else {
        return Err(Error::invalid_argument(format!(
            "a saved game must be an object or its JSON text, got {}",
            describe(saved)
        )));
    };
    // The native restore checks that these say "tablero-game" and 1.
    let format = f.string("format")?.unwrap_or_default();
    let version = f.integer("version", 0, u64::from(u32::MAX))?.unwrap_or(0) as u32;
    if format.is_empty() {
        return Err(Error::invalid_argument(
            "not a saved tablero game (no format field)",
        ));
    }
    let required = |v: Option<String>, key: &str| {
        v.ok_or_else(|| Error::invalid_argument(format!("corrupt saved game: no {key}")))
    };
    let declared = match f.object("declared", "saved game field \"declared\"")? {
        None => None,
        Some(d) => Some(SavedResult {
            winner: d.string("winner")?,
            reason: required(d.string("reason")?, "declared.reason")?,
        }),
    };
    Ok(SavedGame {
        format,
        version,
        variant: required(f.string("variant")?, "variant")?,
        rules: f.string("rules")?.map(|r| Rules::parse(&r)).transpose()?,
        seed: f.integer("seed", 0, MAX_SAFE_INTEGER)?.unwrap_or(0),
        start_fen: required(f.string("startFen")?, "startFen")?,
        first_player: f
            .string("firstPlayer")?
            .map(|p| {
                Player::from_name(&p).ok_or_else(|| {
                    Error::invalid_argument(format!("corrupt saved game: unknown player {p:?}"))
                })
            })
            .transpose()?,
        move_limit: f
            .integer("moveLimit", 1, u64::from(MAX_MOVE_LIMIT))?
            .map(|n| n as u32),
        moves: f.strings("moves")?.ok_or_else(|| {
            Error::invalid_argument("corrupt saved game: no moves (an array of strings)")
        })?,
        declared,
    })
}
