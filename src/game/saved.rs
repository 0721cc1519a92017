//! The save format of every game: one flat JSON object, replayed and checked on restore.

use serde::{Deserialize, Serialize};

use super::{Game, Headers, Inner};
#[cfg(feature = "four")]
use crate::four::FourGame;
use crate::kind::GameKind;
use crate::two::TwoGame;
use crate::{Error, Player, Rules};

/// The `format` of every saved game.
pub const SAVE_FORMAT: &str = "tablero-game";
/// The `version` of the save format this crate writes and reads.
pub const SAVE_VERSION: u32 = 1;

/// A game as plain data, for saving: the start and the moves, which a restore replays.
///
/// JSON (camelCase): `{format: "tablero-game", version: 1, variant, rules?, seed, startFen,
/// firstPlayer?, moveLimit?, moves, declared?, headers?}`. `rules` and `firstPlayer` are
/// present exactly for four-player games; `declared` only for a two-player game that ended by
/// resignation or a claimed draw; `headers` only when the game has some. Four-player `moves`
/// include `R:seat` / `T:seat` tokens.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SavedGame {
    /// Always `"tablero-game"`.
    pub format: String,
    /// Always `1`.
    pub version: u32,
    /// The variant name ([`GameKind::variant_name`]).
    pub variant: String,
    /// Four players: the rules preset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<Rules>,
    /// The game's seed.
    #[serde(default)]
    pub seed: u64,
    /// FEN (FEN4) of the start position.
    pub start_fen: String,
    /// Four players: who moved first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_player: Option<Player>,
    /// Four players: the move limit, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_limit: Option<u32>,
    /// The moves in UCI (four players: also `R:seat` / `T:seat`).
    pub moves: Vec<String>,
    /// Two players: a resignation or claimed draw that ended the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub declared: Option<SavedResult>,
    /// The PGN headers ([`super::Game::headers`]), as a JSON object in order; absent when
    /// there are none (saves written before headers existed load with none).
    #[serde(default, skip_serializing_if = "Vec::is_empty", with = "header_map")]
    pub headers: Headers,
}

/// [`Headers`] as a JSON object (`{"White": "Ada"}`), keeping their order (`src/json.rs`
/// writes the same text for the wasm layer).
mod header_map {
    use serde::de::{MapAccess, Visitor};
    use serde::ser::SerializeMap;
    use serde::{Deserializer, Serializer};

    use super::Headers;

    pub fn serialize<S: Serializer>(headers: &[(String, String)], s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(headers.len()))?;
        for (k, v) in headers {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Headers, D::Error> {
        struct Pairs;
        impl<'de> Visitor<'de> for Pairs {
            type Value = Headers;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("an object of header names to text")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Headers, A::Error> {
                let mut out = Headers::new();
                while let Some(pair) = map.next_entry::<String, String>()? {
                    out.push(pair);
                }
                Ok(out)
            }
        }
        d.deserialize_map(Pairs)
    }
}

/// How a two-player game that ended by a call (resignation, claimed or agreed draw) ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedResult {
    /// `"white"`, `"black"`, or absent for a draw.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<String>,
    /// A [`crate::ResultReason::code`].
    pub reason: String,
}

impl SavedGame {
    /// An empty chess record with the format and version filled in.
    pub(crate) fn envelope() -> SavedGame {
        SavedGame {
            format: SAVE_FORMAT.to_string(),
            version: SAVE_VERSION,
            variant: GameKind::Chess.to_string(),
            rules: None,
            seed: 0,
            start_fen: String::new(),
            first_player: None,
            move_limit: None,
            moves: Vec::new(),
            declared: None,
            headers: Headers::new(),
        }
    }
}

pub(super) fn restore(s: &SavedGame) -> Result<Game, Error> {
    if s.format != SAVE_FORMAT || s.version != SAVE_VERSION {
        return Err(Error::formatted(
            crate::ErrorKind::InvalidArgument,
            format_args!(
                "not a saved tablero game (format {:?}, version {})",
                s.format, s.version
            ),
        ));
    }
    let kind = GameKind::parse(&s.variant, s.rules.map(Rules::name)).map_err(|e| {
        Error::formatted(
            crate::ErrorKind::InvalidArgument,
            format_args!("corrupt saved game: {}", e.message),
        )
    })?;
    let inner = match kind.variant() {
        Some(_) => Inner::Two(TwoGame::from_saved(s)?),
        #[cfg(feature = "four")]
        None => Inner::Four(Box::new(FourGame::from_saved(s)?)),
        #[cfg(not(feature = "four"))]
        None => return Err(super::no_four_player_engine()),
    };
    let mut game = Game {
        inner,
        seed: s.seed,
        headers: Headers::new(),
    };
    game.restore_headers(&s.headers)?;
    Ok(game)
}
