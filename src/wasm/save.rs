//! The save format as JavaScript sees it: `toJSON()` writes [`SavedGame`] as a plain object,
//! `Game.fromJSON` reads one back (or its JSON text).
//!
//! `{format: "tablero-game", version: 1, variant, rules?, seed, startFen, firstPlayer?,
//! moveLimit?, moves, declared?, headers?, movetext?, path?, sourceTags?}`: the same version-1
//! format earlier releases wrote (they had none of the last four), so their saves still load (four-player saves of those wrote
//! `moveLimit: null`; `null` reads as absent). Fields are read as own properties with strict types, like every option object;
//! unknown fields are ignored, since a save is data that a page may have kept with notes of
//! its own. The restore itself replays and checks every move ([`crate::Game::from_saved`]).

use wasm_bindgen::JsValue;

use super::js;
use super::options::{self, Fields, MAX_SAFE_INTEGER, MAX_SAVED_MOVES, describe, opt_string};
use crate::game::{MAX_MOVE_LIMIT, SavedResult, check_envelope};
use crate::{Error, GameKind, Player, Rules, SavedGame};

/// Reads a saved game: the object `toJSON()` returned, or its JSON text.
pub(crate) fn read(saved: &JsValue) -> Result<SavedGame, Error> {
    let parsed;
    let saved = if saved.is_string() {
        let text = opt_string(saved, "saved game text")?.unwrap_or_default();
        check_nesting(&text)?;
        parsed = js::parse_json(&text)
            .ok_or_else(|| Error::invalid_argument("saved game text is not JSON"))?;
        &parsed
    } else {
        saved
    };
    let Some(f) = Fields::open(saved, "saved game")? else {
        return Err(Error::formatted(
            crate::ErrorKind::InvalidArgument,
            format_args!(
                "a saved game must be an object or its JSON text, got {}",
                describe(saved)
            ),
        ));
    };
    let format = f.string("format")?.unwrap_or_default();
    let version = f.integer("version", 0, u64::from(u32::MAX))?.unwrap_or(0) as u32;
    if format.is_empty() {
        return Err(Error::invalid_argument(
            "not a saved tablero game (no format field)",
        ));
    }
    let required = |v: Option<String>, key: &str| {
        v.ok_or_else(|| {
            Error::formatted(
                crate::ErrorKind::InvalidArgument,
                format_args!("corrupt saved game: no {key}"),
            )
        })
    };
    let declared = match f.object("declared", "saved game field \"declared\"")? {
        None => None,
        Some(d) => Some(SavedResult {
            winner: d.string("winner")?,
            reason: required(d.string("reason")?, "declared.reason")?,
        }),
    };
    // The envelope first, as the native restore checks it: a foreign document says so
    // before anything about its fields.
    check_envelope(&format, version)?;
    let variant = required(f.string("variant")?, "variant")?;
    let rules = f.string("rules")?.map(|r| Rules::parse(&r)).transpose()?;
    let path = f.get("path")?;
    let path = if options::absent(&path) {
        None
    } else {
        Some(
            options::path(&path, "saved game field \"path\"")?
                .into_iter()
                .map(|i| i as u32)
                .collect(),
        )
    };
    Ok(SavedGame {
        movetext: f.string("movetext")?,
        path,
        kind: GameKind::from_save(&variant, rules)?,
        format,
        version,
        seed: f.integer("seed", 0, MAX_SAFE_INTEGER)?.unwrap_or(0),
        start_fen: required(f.string("startFen")?, "startFen")?,
        first_player: f
            .string("firstPlayer")?
            .map(|p| {
                Player::from_name(&p).ok_or_else(|| {
                    Error::formatted(
                        crate::ErrorKind::InvalidArgument,
                        format_args!("corrupt saved game: unknown player {p:?}"),
                    )
                })
            })
            .transpose()?,
        move_limit: f
            .integer("moveLimit", 1, u64::from(MAX_MOVE_LIMIT))?
            .map(|n| n as u32),
        moves: f.strings("moves", MAX_SAVED_MOVES)?.ok_or_else(|| {
            Error::invalid_argument("corrupt saved game: no moves (an array of strings)")
        })?,
        declared,
        // A header saved as `null` is no header.
        headers: options::headers(&f.get("headers")?, "saved game field \"headers\"")?
            .unwrap_or_default()
            .into_iter()
            .filter_map(|(name, value)| value.map(|v| (name, v)))
            .collect(),
        source_tags: options::headers(&f.get("sourceTags")?, "saved game field \"sourceTags\"")?
            .unwrap_or_default()
            .into_iter()
            .filter_map(|(name, value)| value.map(|v| (name, v)))
            .collect(),
    })
}

/// How deeply a saved game's JSON text may nest: a save nests three levels (the save, its
/// `moves` or `declared`); notes a page keeps in it get some room.
const MAX_NESTING: usize = 64;

/// Refuses JSON text nested deeper than [`MAX_NESTING`] before `JSON.parse` sees it. Reading
/// a save never recurses, but a JS engine's parser may (issue 10, finding 1: 100,000 nested
/// arrays overflowed the stack), and nothing a save holds needs that depth. A linear scan:
/// brackets inside strings do not count.
fn check_nesting(text: &str) -> Result<(), Error> {
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    for b in text.bytes() {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Err(Error::formatted(
                        crate::ErrorKind::InvalidArgument,
                        format_args!("saved game text nests deeper than {MAX_NESTING} levels"),
                    ));
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    Ok(())
}
