//! The `Game` class, `newGame` and `games`: each member reads its arguments (`options`), calls the one
//! [`crate::Game`] and hands the typed answer to `dto`.

use wasm_bindgen::prelude::*;

use super::dto::{js_error, out, to_js};
use super::options::{self, MAX_SAFE_INTEGER, MoveInput, Start, opt_integer, opt_string};
use super::save;
use crate::json::JsonObject;
use crate::{Error, Undone};

/// A game of any of the five kinds. Create one with `newGame` or `Game.fromJSON`; call
/// `free()` when done with it to release its WebAssembly memory at once (otherwise the JS
/// garbage collector's FinalizationRegistry does it).
#[wasm_bindgen]
pub struct Game {
    pub(super) inner: crate::Game,
}

impl From<crate::Game> for Game {
    fn from(inner: crate::Game) -> Game {
        Game { inner }
    }
}

/// Creates a game. With no options, a chess game from the start position. Throws
/// `invalid-argument` for unknown options or wrong types, `invalid-fen` / `invalid-pgn` for a
/// bad start.
#[wasm_bindgen(js_name = newGame)]
pub fn new_game(
    #[wasm_bindgen(unchecked_param_type = "NewGameOptions")] options: Option<JsValue>,
) -> Result<Game, JsValue> {
    create(&options.unwrap_or(JsValue::UNDEFINED)).map_err(js_error)
}

/// Splits a text of several PGN (or PGN4) games into one text per game, first to last (`[]`
/// for a text with no game). `newGame({pgn})` reads one game and refuses more, so a file of
/// many is imported with `splitPgn(text).map((pgn) => newGame({pgn}))`. Throws
/// `invalid-argument` when `text` is not a string.
#[wasm_bindgen(js_name = splitPgn, unchecked_return_type = "string[]")]
pub fn split_pgn(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
) -> Result<JsValue, JsValue> {
    out(opt_string(&text, "splitPgn's text").and_then(|t| {
        t.map(|t| crate::split_pgn(&t)).ok_or_else(|| {
            Error::invalid_argument("splitPgn needs the PGN text as a string, got undefined")
        })
    }))
}

/// Every game the package knows, in the order pages list them ([`crate::GAMES`]): its `id`,
/// the `variant` and `rules` that `newGame` takes for it, its players (table order) and
/// `playOrder` (turn order), PGN `Variant` tag, i18n `label` key, whether online rooms offer
/// it, whether a turn timer eliminates (`timesOut`), and its `facts`.
#[wasm_bindgen(js_name = games, unchecked_return_type = "GameInfo[]")]
pub fn games() -> Result<JsValue, JsValue> {
    out(Ok(&crate::GAMES[..]))
}

fn create(options: &JsValue) -> Result<Game, Error> {
    let inner = match options::new_game(options)? {
        Start::New(opts) => crate::Game::new(opts)?,
        Start::Pgn { pgn, seed } => crate::Game::from_pgn(&pgn, seed)?,
    };
    Ok(Game { inner })
}

#[wasm_bindgen]
impl Game {
    /// Which game: the `variant` of its row in `games()`.
    #[wasm_bindgen(getter, unchecked_return_type = "Variant")]
    pub fn variant(&self) -> String {
        self.inner.kind().variant_name().to_string()
    }

    /// The four-player rules preset (the `rules` of its row in `games()`); `undefined` for two
    /// players.
    #[wasm_bindgen(getter, unchecked_return_type = "Rules | undefined")]
    pub fn rules(&self) -> JsValue {
        super::dto::rules_value(self.inner.kind())
    }

    /// The seed given to `newGame` (0 by default).
    #[wasm_bindgen(getter)]
    pub fn seed(&self) -> f64 {
        self.inner.seed() as f64
    }

    /// The players in play order: `["white", "black"]`, `["red", "blue", "yellow", "green"]`,
    /// or in Four Kingdoms (counter-clockwise) `["red", "green", "yellow", "blue"]`.
    #[wasm_bindgen(getter, unchecked_return_type = "Player[]")]
    pub fn players(&self) -> Result<JsValue, JsValue> {
        out(Ok(self.inner.players()))
    }

    /// What a page needs to know about the game instead of hard-coding it: board size, hill
    /// squares, finish rank, promotion pieces, how draws and checks and points work.
    #[wasm_bindgen(getter, unchecked_return_type = "Facts")]
    pub fn facts(&self) -> Result<JsValue, JsValue> {
        out(Ok(self.inner.facts()))
    }

    /// The number of history entries (moves, and four-player resignations and time-outs).
    #[wasm_bindgen(getter)]
    pub fn ply(&self) -> u32 {
        u32::try_from(self.inner.ply()).unwrap_or(u32::MAX)
    }

    /// Set when an imported record goes on after the game ended under these rules (a
    /// chess.com four-player record whose leader played on instead of claiming a 21-point
    /// win): the game holds the record up to that end and this says where and why.
    /// `undefined` otherwise.
    #[wasm_bindgen(getter, js_name = importNote)]
    pub fn import_note(&self) -> Option<String> {
        self.inner.import_note()
    }

    /// Legal moves of the player to move, or of the piece on square `from` only; `[]` once
    /// the game is over.
    #[wasm_bindgen(js_name = legalMoves, unchecked_return_type = "Move[]")]
    pub fn legal_moves(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] from: Option<JsValue>,
    ) -> Result<JsValue, JsValue> {
        out(
            match opt_string(&from.unwrap_or(JsValue::UNDEFINED), "from") {
                Ok(None) => Ok(self.inner.legal_moves()),
                Ok(Some(square)) => self.inner.legal_moves_from(&square),
                Err(e) => Err(e),
            },
        )
    }

    /// `legalMoves` as the packed text of `crate::json::moves_packed`, from which
    /// `js/tablero.js` builds the `Move` objects of its `legalMoves` (faster than the
    /// `JSON.parse` of `legalMoves` here).
    #[doc(hidden)]
    #[wasm_bindgen(js_name = __legalMovesPacked)]
    pub fn legal_moves_packed(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] from: Option<JsValue>,
    ) -> Result<String, JsValue> {
        match opt_string(&from.unwrap_or(JsValue::UNDEFINED), "from") {
            Ok(None) => Ok(self.inner.legal_moves()),
            Ok(Some(square)) => self.inner.legal_moves_from(&square),
            Err(e) => Err(e),
        }
        .map(|moves| crate::json::moves_packed(&moves))
        .map_err(js_error)
    }

    /// The cheap form of `legalMoves` for loops: the legal moves' UCI texts, joined by single
    /// spaces (`""` when there are none). One string crosses the boundary instead of an object
    /// per move; `js/tablero.js` splits it into the `string[]` of `legalMovesUci(from?)` and
    /// `legalMoves({format: "uci"})`.
    #[wasm_bindgen(js_name = legalMovesUci)]
    pub fn legal_moves_uci(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] from: Option<JsValue>,
    ) -> Result<String, JsValue> {
        opt_string(&from.unwrap_or(JsValue::UNDEFINED), "from")
            .and_then(|from| self.inner.legal_moves_uci(from.as_deref()))
            .map(|moves| moves.join(" "))
            .map_err(js_error)
    }

    /// Plays a move like `play` but returns nothing: the cheap form for loops. Takes UCI
    /// (`"e2e4"`); SAN and PGN4 text are read too.
    #[wasm_bindgen(js_name = playUci)]
    pub fn play_uci(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    ) -> Result<(), JsValue> {
        let Some(text) = text.as_string() else {
            return Err(js_error(Error::invalid_argument(
                "playUci needs the move as a string, such as \"e2e4\"",
            )));
        };
        self.inner.play_text(&text).map(drop).map_err(js_error)
    }

    /// Plays a move: UCI (`"e2e4"`, `"e7e8q"`, `"e1g1"`), SAN (`"Nf3"`, `"O-O"`), four-player
    /// PGN4 text (`"h2-h4"`), or `{from, to, promotion?}` (a `Move` object works as is).
    /// Returns the move played. Throws `illegal-move` or `game-over`; the game is unchanged
    /// after an error.
    #[wasm_bindgen(unchecked_return_type = "Move")]
    pub fn play(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string | MoveInput")] mv: JsValue,
    ) -> Result<JsValue, JsValue> {
        out(match options::move_input(&mv) {
            Ok(MoveInput::Text(text)) => self.inner.play_text(&text),
            Ok(MoveInput::Squares {
                from,
                to,
                promotion,
            }) => self.inner.play_squares(&from, &to, promotion),
            Err(e) => Err(e),
        })
    }

    /// Whether `play(move)` would play `move`, without playing it: `true` or `false` for
    /// every string and every object (a move that cannot be read is not legal, and neither
    /// is any move once the game is over). Throws `invalid-argument` only when `move` is
    /// neither a string nor an object (`undefined`, a number, an array): a mistake in the
    /// calling code rather than a move to judge.
    #[wasm_bindgen(js_name = isLegal)]
    pub fn is_legal(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string | MoveInput")] mv: JsValue,
    ) -> Result<bool, JsValue> {
        if !mv.is_string() && (!mv.is_object() || super::js::is_array(&mv).unwrap_or(true)) {
            return Err(js_error(Error::formatted(
                crate::ErrorKind::InvalidArgument,
                format_args!(
                    "isLegal needs a move: a string like \"e2e4\" or \"Nf3\" or an object {{from, to, promotion?}}, got {}",
                    options::describe(&mv)
                ),
            )));
        }
        Ok(match options::move_input(&mv) {
            Ok(MoveInput::Text(text)) => self.inner.is_legal_text(&text),
            Ok(MoveInput::Squares {
                from,
                to,
                promotion,
            }) => self.inner.is_legal_squares(&from, &to, promotion),
            Err(_) => false,
        })
    }

    /// Takes back the last action: a resignation, time-out or claimed draw (returning
    /// `undefined`; the moves stay), otherwise the last move (returned; `undefined` at the
    /// start).
    #[wasm_bindgen(unchecked_return_type = "Move | undefined")]
    pub fn undo(&mut self) -> Result<JsValue, JsValue> {
        match self.inner.undo() {
            Some(Undone::Move(m)) => out(Ok(m)),
            Some(Undone::Declaration) | None => Ok(JsValue::UNDEFINED),
        }
    }

    /// Takes back the last action like `undo` but answers only the UCI text of the move taken
    /// back (`undefined` for a declaration or at the start): the cheap form for loops.
    #[wasm_bindgen(js_name = undoUci)]
    pub fn undo_uci(&mut self) -> Option<String> {
        match self.inner.undo() {
            Some(Undone::Move(m)) => Some(m.uci),
            Some(Undone::Declaration) | None => None,
        }
    }

    /// Every history entry, first to last.
    #[wasm_bindgen(unchecked_return_type = "Move[]")]
    pub fn history(&self) -> Result<JsValue, JsValue> {
        out(Ok(self.inner.history()))
    }

    /// Whose turn, who is in check, whether the game is over and how, and whether a draw can
    /// be claimed: the same shape in every game.
    #[wasm_bindgen(unchecked_return_type = "Status")]
    pub fn status(&self) -> Result<JsValue, JsValue> {
        out(Ok(self.inner.status()))
    }

    /// Every player's standing, in seat order: points, and checks / status / place where the
    /// game has them.
    #[wasm_bindgen(unchecked_return_type = "Score[]")]
    pub fn score(&self) -> Result<JsValue, JsValue> {
        out(Ok(self.inner.score()))
    }

    /// Every occupied square with its piece and colour (four players: and whether it is
    /// grey), so a page never parses FEN.
    #[wasm_bindgen(unchecked_return_type = "BoardPiece[]")]
    pub fn board(&self) -> Result<JsValue, JsValue> {
        out(Ok(self.inner.board()))
    }

    /// The board as rows, the top rank first (rank 8, or 14), each from the a-file: 8 rows
    /// of 8 or 14 of 14 cells, each the piece on it or `null` (an empty square, or one of the
    /// four-player board's cut 3×3 corners).
    #[wasm_bindgen(js_name = boardRows, unchecked_return_type = "(BoardPiece | null)[][]")]
    pub fn board_rows(&self) -> Result<JsValue, JsValue> {
        out(Ok(self.inner.board_rows()))
    }

    /// The board as text, the top rank first: FEN letters (`K`, `k`) and `.` for two players,
    /// FEN4 pairs (`rK`, `bP`, `dQ` for grey) and `..` for four, then the file letters.
    pub fn ascii(&self) -> String {
        self.inner.ascii()
    }

    /// The game as it stood after the first `ply` history entries (0: the start; `game.ply`:
    /// now), without changing the game.
    #[wasm_bindgen(js_name = positionAt, unchecked_return_type = "PositionView")]
    pub fn position_at(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] ply: JsValue,
    ) -> Result<JsValue, JsValue> {
        out(match opt_integer(&ply, "ply", 0, self.inner.ply() as u64) {
            Ok(Some(n)) => self.inner.position_at(n as usize),
            Ok(None) => Err(Error::formatted(
                crate::ErrorKind::InvalidArgument,
                format_args!(
                    "positionAt needs a ply: an integer from 0 to {}",
                    self.inner.ply()
                ),
            )),
            Err(e) => Err(e),
        })
    }

    /// The current position as FEN (FEN4 for four players).
    pub fn fen(&self) -> String {
        self.inner.fen()
    }

    /// The game as PGN (PGN4 for four players): the seven-tag roster, the game's tags and
    /// headers, then the move tree with its variations, comments, NAGs and commands (options
    /// `{variations, comments, clocks}`, each `true` by default, leave them out).
    /// `js/tablero.js` names it `pgn`.
    #[wasm_bindgen(js_name = __pgn, unchecked_return_type = "string")]
    pub fn pgn_with(
        &self,
        #[wasm_bindgen(unchecked_param_type = "PgnOptions")] options: Option<JsValue>,
    ) -> Result<JsValue, JsValue> {
        let opts =
            options::pgn_options(&options.unwrap_or(JsValue::UNDEFINED)).map_err(js_error)?;
        // A JS string made from the text in place: returning the `String` would have
        // wasm-bindgen shrink it (a copy of the whole export) and JS free it by a second call
        // (docs/BENCHMARKS.md, "PGN import and export").
        Ok(JsValue::from_str(&self.inner.pgn_with(&opts)))
    }

    /// The move tree, flat (`js/tablero.js` nests it into `tree()`'s shape).
    #[wasm_bindgen(js_name = __treeFlat)]
    pub fn tree_flat(&self) -> Result<JsValue, JsValue> {
        out(self.inner.tree_moves().map(|moves| crate::json::TreeJson {
            tree: self.inner.tree(),
            moves,
            fen: self.inner.start_fen(),
        }))
    }

    /// The path of the end of the current line: the child indices from the start.
    #[wasm_bindgen(unchecked_return_type = "number[]")]
    pub fn path(&self) -> Result<JsValue, JsValue> {
        out(Ok(self.inner.path()))
    }

    /// Makes the node at `path` the end of the current line.
    #[wasm_bindgen(js_name = goTo)]
    pub fn go_to(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number[]")] path: JsValue,
    ) -> Result<(), JsValue> {
        options::path(&path, "goTo's path")
            .and_then(|p| self.inner.go_to(&p))
            .map_err(js_error)
    }

    /// Makes the move at `path` part of the main line; returns its new path.
    #[wasm_bindgen(unchecked_return_type = "number[]")]
    pub fn promote(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number[]")] path: JsValue,
    ) -> Result<JsValue, JsValue> {
        out(options::path(&path, "promote's path").and_then(|p| self.inner.promote(&p)))
    }

    /// Deletes the move at `path` and everything after it.
    #[wasm_bindgen(js_name = deleteMove)]
    pub fn delete_move(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number[]")] path: JsValue,
    ) -> Result<(), JsValue> {
        options::path(&path, "deleteMove's path")
            .and_then(|p| self.inner.delete_move(&p))
            .map_err(js_error)
    }

    /// Changes the annotations of the node at `path` (merge; `null` removes a field).
    pub fn annotate(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number[]")] path: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Annotation")] changes: JsValue,
    ) -> Result<(), JsValue> {
        options::path(&path, "annotate's path")
            .and_then(|p| {
                let a = options::annotation(&changes)?;
                self.inner.annotate(&p, &a)
            })
            .map_err(js_error)
    }

    /// The PGN headers the game carries, as an object in order (`{White: "Ada"}`): those set
    /// with `setHeaders` and those an imported PGN / PGN4 brought, never the tags the game
    /// writes from itself (`Result`, `Variant`, `FEN`, `SetUp`; four players: `Variant`,
    /// `RuleVariants`, `StartFen4`, `MoveLimit`, `Result`, `Termination`).
    #[wasm_bindgen(unchecked_return_type = "Record<string, string>")]
    pub fn headers(&self) -> Result<JsValue, JsValue> {
        out(Ok(JsonObject(self.inner.headers())))
    }

    /// Sets PGN headers for `pgn()` (`{White: "Ada", Event: "Club night"}`); `null` or
    /// `undefined` removes one. Names are PGN tag names (letters, digits, `_`); values are one
    /// line of text. All or nothing: throws `invalid-argument` for a bad name or value, or a
    /// tag the game writes from itself (`Result`, ...).
    #[wasm_bindgen(js_name = setHeaders)]
    pub fn set_headers(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Record<string, string | null | undefined>")]
        headers: JsValue,
    ) -> Result<(), JsValue> {
        let pairs = options::headers(&headers, "headers")
            .and_then(|h| {
                h.ok_or_else(|| {
                    Error::invalid_argument(
                        "setHeaders needs an object such as {White: \"Ada\", Black: \"Grace\"}, got "
                            .to_string()
                            + &options::describe(&headers),
                    )
                })
            })
            .map_err(js_error)?;
        self.inner
            .set_headers(pairs.iter().map(|(k, v)| (k.as_str(), v.as_deref())))
            .map_err(js_error)
    }

    /// Claims a draw by threefold repetition or the 50-move rule; `false` when none is
    /// available (nothing changes then). Four-player draws are automatic: always `false`.
    #[wasm_bindgen(js_name = claimDraw)]
    pub fn claim_draw(&mut self) -> bool {
        self.inner.claim_draw()
    }

    /// `player` (default: the player to move) resigns.
    pub fn resign(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Player")] player: Option<JsValue>,
    ) -> Result<(), JsValue> {
        let player = player.unwrap_or(JsValue::UNDEFINED);
        options::player(&player, self.inner.kind())
            .and_then(|p| self.inner.resign(p))
            .map_err(js_error)
    }

    /// Four Kingdoms: `player`'s (default: the player to move) turn timer ran out, so they are
    /// out and their pieces move at random (R6.4). Throws `invalid-argument` in other games
    /// (in free-for-all the computer plays a timed-out turn, R5.21: call `aiMove()`). Not in
    /// the two-player rules-only build.
    #[cfg(feature = "four")]
    pub fn timeout(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Player")] player: Option<JsValue>,
    ) -> Result<(), JsValue> {
        let player = player.unwrap_or(JsValue::UNDEFINED);
        options::player(&player, self.inner.kind())
            .and_then(|p| self.inner.timeout(p))
            .map_err(js_error)
    }

    /// Four players: `player`'s (default: the player to move) game clock ran out (R11.4): they
    /// time out, recorded `T` — out as on resignation in free-for-all, R6.4 in Four Kingdoms,
    /// the team's loss in Teams. Throws `invalid-argument` in two-player games (a flag ends
    /// those, R11.3) and for a player already out, `game-over` after the end.
    pub fn flag(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Player")] player: Option<JsValue>,
    ) -> Result<(), JsValue> {
        let player = player.unwrap_or(JsValue::UNDEFINED);
        options::player(&player, self.inner.kind())
            .and_then(|p| self.inner.flag(p))
            .map_err(js_error)
    }

    /// Number of legal move paths of `depth` plies from the current position, computed inside
    /// WebAssembly. Depth 0 to 8 (two players) or 0 to 6 (four players). `{limit}` raises (or
    /// lowers) the cap on positions expanded (default 2,500,000; four players 1,000,000).
    pub fn perft(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] depth: JsValue,
        #[wasm_bindgen(unchecked_param_type = "{ limit?: number }")] options: Option<JsValue>,
    ) -> Result<f64, JsValue> {
        let options = options.unwrap_or(JsValue::UNDEFINED);
        let limit = options::Fields::options(&options, "perft options", &["limit"])
            .and_then(|f| match f {
                Some(f) => f.integer("limit", 1, MAX_SAFE_INTEGER),
                None => Ok(None),
            })
            .map_err(js_error)?;
        let max = u64::from(self.inner.max_perft_depth());
        let depth = opt_integer(&depth, "depth", 0, max)
            .and_then(|d| {
                d.ok_or_else(|| {
                    Error::formatted(
                        crate::ErrorKind::InvalidArgument,
                        format_args!("perft needs a depth: an integer from 0 to {max}"),
                    )
                })
            })
            .map_err(js_error)?;
        match limit {
            Some(limit) => self.inner.perft_limited(depth as u32, limit),
            None => self.inner.perft(depth as u32),
        }
        .map(|n| n as f64)
        .map_err(js_error)
    }

    /// The computer's choice of move for the player to move, without playing it. `level` 1–8
    /// (default 8); `timeMs` and/or `nodes` bound the search (default: a per-level budget);
    /// `seed` (default: the game's seed mixed with the ply) makes a node-limited choice
    /// reproducible. Throws `game-over` after the end and `invalid-argument` for bad options.
    #[cfg(feature = "ai")]
    #[wasm_bindgen(js_name = aiMove, unchecked_return_type = "Move")]
    pub fn ai_move(
        &self,
        #[wasm_bindgen(unchecked_param_type = "AiOptions")] options: Option<JsValue>,
    ) -> Result<JsValue, JsValue> {
        out(options::ai_options(&options.unwrap_or(JsValue::UNDEFINED))
            .and_then(|o| self.inner.ai_move(&o)))
    }

    /// A full-strength look at the position for hints: the best move, its score and the line
    /// the engine expects. `timeMs`, `nodes` and/or `depth` bound the search (none: 1000 ms; a
    /// depth alone: at most 10,000 ms);
    /// `multiPv` (1–5) adds `lines`, the best moves' lines with exact scores; `seed` as in
    /// `aiMove`, so a node- or depth-bounded analysis is reproducible.
    #[cfg(feature = "ai")]
    #[wasm_bindgen(unchecked_return_type = "Analysis")]
    pub fn analyse(
        &self,
        #[wasm_bindgen(unchecked_param_type = "AnalyseOptions")] options: Option<JsValue>,
    ) -> Result<JsValue, JsValue> {
        out(
            options::analyse_options(&options.unwrap_or(JsValue::UNDEFINED))
                .and_then(|(o, scope)| self.inner.analyse_with(&o, &scope)),
        )
    }

    /// The game as a plain object for saving (`JSON.stringify(game)` calls this).
    #[wasm_bindgen(js_name = toJSON, unchecked_return_type = "SavedGame")]
    pub fn to_json(&self) -> Result<JsValue, JsValue> {
        let saved = self.inner.to_saved();
        // A seed above 2^53 could not be read back; newGame and fromJSON never accept one.
        debug_assert!(saved.seed <= MAX_SAFE_INTEGER);
        to_js(&saved).map_err(js_error)
    }

    /// Rebuilds a game from `toJSON()` output or its JSON text, replaying and checking every
    /// move. Throws `invalid-argument` for anything corrupt.
    #[wasm_bindgen(js_name = fromJSON)]
    pub fn from_json(
        #[wasm_bindgen(unchecked_param_type = "SavedGame | string")] saved: JsValue,
    ) -> Result<Game, JsValue> {
        save::read(&saved)
            .and_then(|s| crate::Game::from_saved(&s))
            .map(|inner| Game { inner })
            .map_err(js_error)
    }
}

impl Game {
    /// The game as PGN with every part (Rust callers; JS calls `pgn(options?)`).
    pub fn pgn(&self) -> String {
        self.inner.pgn()
    }
}
