//! The save format of every game: one flat JSON object, replayed and checked on restore.

use serde::{Deserialize, Serialize};

use super::{Game, Headers, Inner};
use crate::kind::GameKind;
use crate::{error::Error, kind::Rules, player::Player};

/// The `format` of every saved game.
pub const SAVE_FORMAT: &str = "tablero-game";
/// The `version` of the save format this crate writes and reads.
pub const SAVE_VERSION: u32 = 1;

/// A game as plain data, for saving: the start and the moves, which a restore replays.
///
/// JSON (camelCase): `{format: "tablero-game", version: 1, variant, rules?, seed, startFen,
/// firstPlayer?, moveLimit?, moves, declared?, headers?, movetext?, path?, sourceTags?}`. The game ([`SavedGame::kind`]) is
/// written as its `variant` name ([`GameKind::variant_name`]) and, for four players, its
/// `rules`: both come from the table of games ([`crate::GAMES`]), and a save naming no game
/// of it does not deserialize. `firstPlayer` is present exactly for four-player games;
/// `declared` only for a two-player game that ended by resignation or a claimed draw;
/// `headers` only when the game has some. Four-player `moves` include `R:seat` / `T:seat`
/// tokens.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(try_from = "Fields")]
pub struct SavedGame {
    /// Always `"tablero-game"`.
    pub format: String,
    /// Always `1`.
    pub version: u32,
    /// The game: `variant` and `rules` in the JSON.
    pub kind: GameKind,
    /// The game's seed.
    pub seed: u64,
    /// FEN (FEN4) of the start position.
    pub start_fen: String,
    /// Four players: who moved first.
    pub first_player: Option<Player>,
    /// Four players: the move limit, if any.
    pub move_limit: Option<u32>,
    /// The moves in UCI (four players: also `R:seat` / `T:seat`).
    pub moves: Vec<String>,
    /// Two players: a resignation or claimed draw that ended the game.
    pub declared: Option<SavedResult>,
    /// The PGN headers ([`super::Game::headers`]), in order; absent from the JSON when there
    /// are none (saves written before headers existed load with none).
    pub headers: Headers,
    /// The whole move tree as PGN (PGN4) move text: variations, comments, NAGs, commands,
    /// and the main line's result token; absent when the tree is the current line alone
    /// with no annotation (`moves` says it all, and the save is what earlier versions wrote).
    pub movetext: Option<String>,
    /// With `movetext`: the path of the end of the current line in the tree, whose moves
    /// are `moves`.
    pub path: Option<Vec<u32>>,
    /// An imported file's own spellings of tags the game otherwise writes itself, kept so
    /// that the restored game exports them as the file did: a two-player `Variant`
    /// (lichess's `"Standard"`), chess.com's `StartFen4 "4PC"` and `RuleVariants` (with
    /// settings such as `Anonymous`), and a four-player file's `Result` and `Termination`
    /// while the game is as imported. JSON `sourceTags`, an
    /// object like `headers`; absent when there are none (and in saves written before it
    /// existed).
    pub source_tags: Headers,
}

/// The JSON fields of a save as they are written ([`SavedGame`] serializes through them,
/// borrowing).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct FieldsOut<'a> {
    format: &'a str,
    version: u32,
    variant: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    rules: Option<Rules>,
    seed: u64,
    start_fen: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    first_player: Option<Player>,
    #[serde(skip_serializing_if = "Option::is_none")]
    move_limit: Option<u32>,
    moves: &'a [String],
    #[serde(skip_serializing_if = "Option::is_none")]
    declared: Option<&'a SavedResult>,
    #[serde(
        skip_serializing_if = "<[_]>::is_empty",
        serialize_with = "header_map::serialize"
    )]
    headers: &'a [(String, String)],
    #[serde(skip_serializing_if = "Option::is_none")]
    movetext: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    path: Option<&'a [u32]>,
    #[serde(
        skip_serializing_if = "<[_]>::is_empty",
        serialize_with = "header_map::serialize"
    )]
    source_tags: &'a [(String, String)],
}

impl Serialize for SavedGame {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        FieldsOut {
            format: &self.format,
            version: self.version,
            variant: self.kind.variant_name(),
            rules: self.kind.rules(),
            seed: self.seed,
            start_fen: &self.start_fen,
            first_player: self.first_player,
            move_limit: self.move_limit,
            moves: &self.moves,
            declared: self.declared.as_ref(),
            headers: &self.headers,
            movetext: self.movetext.as_deref(),
            path: self.path.as_deref(),
            source_tags: &self.source_tags,
        }
        .serialize(s)
    }
}

/// The JSON fields of a save as they are read: which are required, which default.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Fields {
    format: String,
    version: u32,
    variant: String,
    #[serde(default)]
    rules: Option<Rules>,
    #[serde(default)]
    seed: u64,
    start_fen: String,
    #[serde(default)]
    first_player: Option<Player>,
    #[serde(default)]
    move_limit: Option<u32>,
    moves: Vec<String>,
    #[serde(default)]
    declared: Option<SavedResult>,
    #[serde(default, deserialize_with = "header_map::deserialize")]
    headers: Headers,
    #[serde(default)]
    movetext: Option<String>,
    #[serde(default)]
    path: Option<Vec<u32>>,
    #[serde(default, deserialize_with = "header_map::deserialize")]
    source_tags: Headers,
}

impl TryFrom<Fields> for SavedGame {
    type Error = Error;

    /// The game the names give ([`GameKind::from_save`]), once the envelope says it is a
    /// save (as [`Game::from_saved`] checks, and first, so a foreign document says so).
    fn try_from(f: Fields) -> Result<SavedGame, Error> {
        check_envelope(&f.format, f.version)?;
        Ok(SavedGame {
            kind: GameKind::from_save(&f.variant, f.rules)?,
            format: f.format,
            version: f.version,
            seed: f.seed,
            start_fen: f.start_fen,
            first_player: f.first_player,
            move_limit: f.move_limit,
            moves: f.moves,
            declared: f.declared,
            headers: f.headers,
            movetext: f.movetext,
            path: f.path,
            source_tags: f.source_tags,
        })
    }
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
    /// A save of a game of `kind` from `start_fen`, with the format and version filled in and
    /// nothing played.
    pub(crate) fn new(kind: GameKind, start_fen: String) -> SavedGame {
        SavedGame {
            format: SAVE_FORMAT.to_string(),
            version: SAVE_VERSION,
            kind,
            seed: 0,
            start_fen,
            first_player: None,
            move_limit: None,
            moves: Vec::new(),
            declared: None,
            headers: Headers::new(),
            movetext: None,
            path: None,
            source_tags: Headers::new(),
        }
    }
}

/// `invalid-argument` unless `format` and `version` are this crate's.
pub(crate) fn check_envelope(format: &str, version: u32) -> Result<(), Error> {
    if format != SAVE_FORMAT || version != SAVE_VERSION {
        return Err(Error::formatted(
            crate::error::ErrorKind::InvalidArgument,
            format_args!("not a saved tablero game (format {format:?}, version {version})"),
        ));
    }
    Ok(())
}

pub(super) fn restore(s: &SavedGame) -> Result<Game, Error> {
    check_envelope(&s.format, s.version)?;
    let inner = match s.kind.rules() {
        None => Inner::Two(super::two::restore(s)?),
        #[cfg(feature = "four")]
        Some(_) => Inner::Four(Box::new(super::four::restore(s)?)),
        #[cfg(not(feature = "four"))]
        Some(_) => return Err(super::no_four_player_engine()),
    };
    let mut game = Game::of_engine(inner, s.seed);
    game.restore_headers(&s.headers)?;
    game.source = super::line::Source::from_tags(&s.source_tags, game.engine())?;
    if let Some(text) = &s.movetext {
        game.restore_tree(text, s.path.as_deref().unwrap_or(&[]))
            .map_err(|e| {
                Error::formatted(
                    crate::error::ErrorKind::InvalidArgument,
                    format_args!("corrupt saved game: movetext: {}", e.message),
                )
            })?;
    }
    Ok(game)
}

impl Game {
    /// The save's `movetext` and `path`: `None` when the tree is the current line alone,
    /// without annotations.
    pub(super) fn saved_tree(&self) -> (Option<String>, Option<Vec<u32>>) {
        let plain = self.tree.len() == self.ply()
            && self.tree.ids().all(|id| !self.tree.node(id).is_annotated());
        if plain {
            return (None, None);
        }
        let main = self.mainline_engine();
        let token = match &main {
            Ok(inner) => inner.engine().result_token(),
            Err(_) => None,
        };
        let text = super::line::write(
            &self.tree,
            self.engine().dialect(),
            &super::PgnOptions::default(),
            token,
        );
        let path = self.path().into_iter().map(|i| i as u32).collect();
        (Some(text), Some(path))
    }

    /// Replaces the tree (the current line alone) with the saved one, whose line at `path`
    /// must be the game's moves. Errors: `invalid-argument` / `invalid-pgn`.
    fn restore_tree(&mut self, text: &str, path: &[u32]) -> Result<(), Error> {
        let read = super::movetext::read(text)?;
        let (mut main, mut tree, end) =
            super::line::import(self.engine().restart(), &read.tree, false)?;
        main.engine_mut().end_pgn(read.result.as_deref());
        tree.node_mut(end).declared = main.engine().declared_result();
        let path: Vec<usize> = path.iter().map(|&i| i as usize).collect();
        let id = tree.id_at(&path).ok_or_else(|| {
            Error::formatted(
                crate::error::ErrorKind::InvalidArgument,
                format_args!("no move at path {}", super::tree::path_text(&path)),
            )
        })?;
        let mut line = Vec::new();
        let mut at = id;
        while let Some(p) = tree.node(at).parent() {
            line.push(tree.node(at).text.as_str());
            at = p;
        }
        line.reverse();
        let e = self.engine();
        if line.len() != e.ply() || line.iter().enumerate().any(|(i, t)| *t != e.entry_text(i)) {
            return Err(Error::invalid_argument(
                "the line at path is not the saved moves",
            ));
        }
        tree.node_mut(id).declared = e.declared_result();
        self.tree = tree;
        self.current = id;
        Ok(())
    }
}
