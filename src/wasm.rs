//! The JavaScript API: the only module that knows about wasm-bindgen.
//!
//! Every exported function takes loosely typed `JsValue`s and validates them itself, so a
//! wrong type from JavaScript becomes an `invalid-argument` exception instead of a trap, and
//! every failure is a JS `Error` with a stable `code` property.

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use crate::chess8::{Color, Move, MoveKind, Position, Square, Variant};
use crate::core::{Error, Role};
use crate::game::{Game as Game8, PlayedMove, SavedGame};

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** A game the engine plays. */
export type VariantName = "chess" | "3check" | "kingofthehill" | "racingkings" | "fourplayer";
/** A side of a two-player game or a seat of a four-player game. */
export type Player = "white" | "black" | "red" | "blue" | "yellow" | "green";
/** Piece roles. */
export type PieceName = "pawn" | "knight" | "bishop" | "rook" | "queen" | "king";

/** Options of `newGame`. Every field is optional. */
export interface NewGameOptions {
  /** Which game; default "chess". */
  variant?: VariantName;
  /** Start from this FEN (FEN4 for "fourplayer"). */
  fen?: string;
  /** Import this PGN (PGN4 for "fourplayer"); its Variant tag picks the rules. */
  pgn?: string;
  /** Seed for the computer opponent and random moves (integer ≥ 0). */
  seed?: number;
  /** Four-player rules preset: "ffa" (default) or "kingdoms". */
  rules?: "ffa" | "kingdoms";
  /** Four-player first seat: "red" (default), "blue", "yellow" or "green". */
  firstPlayer?: Player;
  /** Four-player move limit (all players' moves counted). */
  moveLimit?: number;
}

/** A move to play given as squares, e.g. `{from: "e7", to: "e8", promotion: "q"}`. */
export interface MoveInput { from: string; to: string; promotion?: "q" | "r" | "b" | "n"; }

/** A legal or played move. Castling is the king's move (`e1g1`). */
export interface Move {
  from: string;
  to: string;
  promotion?: string;
  uci: string;
  san: string;
  piece: PieceName;
  captured?: PieceName;
  check: boolean;
  player: Player;
}

/** A two-player game result. `winner` is null for a draw. */
export interface Result { winner: "white" | "black" | null; reason: string; }

/** The state of a two-player game. */
export interface Status {
  turn: "white" | "black";
  inCheck: boolean;
  over: boolean;
  result?: Result;
  canClaimDraw: boolean;
}

/** One player's score: checks given (Three-check counts them; other variants report 0). */
export interface Score { player: "white" | "black"; checks: number; }

/** An occupied square. */
export interface BoardPiece { square: string; piece: PieceName; color: Player; grey?: boolean; }

/** The saved form of a game, for `Game.fromJSON`. */
export interface SavedGame { format: "tablero-game"; version: 1; variant: VariantName; [key: string]: unknown; }
"#;

/// Builds the JS exception for an engine error: an `Error` whose `code` is the stable code.
fn js_error(e: Error) -> JsValue {
    let err = js_sys::Error::new(&e.message);
    // Reflect::set only fails on frozen objects; a fresh Error is not one.
    let _ = js_sys::Reflect::set(
        &err,
        &JsValue::from_str("code"),
        &JsValue::from_str(e.code()),
    );
    err.into()
}

fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsValue> {
    let serializer = serde_wasm_bindgen::Serializer::new()
        .serialize_missing_as_null(true)
        .serialize_maps_as_objects(true);
    value.serialize(&serializer).map_err(|e| {
        js_error(Error::invalid_argument(format!(
            "cannot convert result: {e}"
        )))
    })
}

fn describe(v: &JsValue) -> String {
    if v.is_undefined() {
        "undefined".into()
    } else if v.is_null() {
        "null".into()
    } else if let Some(s) = v.as_string() {
        let short: String = s.chars().take(60).collect();
        format!("{short:?}")
    } else {
        v.js_typeof().as_string().unwrap_or_default()
    }
}

fn opt_string(v: &JsValue, what: &str) -> Result<Option<String>, Error> {
    if v.is_undefined() || v.is_null() {
        Ok(None)
    } else {
        v.as_string().map(Some).ok_or_else(|| {
            Error::invalid_argument(format!("{what} must be a string, got {}", describe(v)))
        })
    }
}

fn opt_integer(v: &JsValue, what: &str, max: f64) -> Result<Option<u64>, Error> {
    if v.is_undefined() || v.is_null() {
        return Ok(None);
    }
    match v.as_f64() {
        Some(n) if n.fract() == 0.0 && (0.0..=max).contains(&n) => Ok(Some(n as u64)),
        _ => Err(Error::invalid_argument(format!(
            "{what} must be an integer from 0 to {max}, got {}",
            describe(v)
        ))),
    }
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct NewGameOptions {
    variant: Option<String>,
    fen: Option<String>,
    pgn: Option<String>,
    seed: Option<f64>,
    rules: Option<String>,
    first_player: Option<String>,
    move_limit: Option<f64>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsMove {
    from: String,
    to: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    promotion: Option<String>,
    uci: String,
    san: String,
    piece: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    captured: Option<&'static str>,
    check: bool,
    player: &'static str,
}

impl JsMove {
    fn from_played(p: &PlayedMove) -> JsMove {
        JsMove {
            from: p.mv.from.to_string(),
            to: p.mv.king_to().to_string(),
            promotion: p.mv.promotion().map(|r| r.char().to_string()),
            uci: p.uci.clone(),
            san: p.san.clone(),
            piece: p.piece.name(),
            captured: p.captured.map(Role::name),
            check: p.check,
            player: p.player.name(),
        }
    }

    fn legal(pos: &Position, m: Move) -> JsMove {
        let mut after = pos.clone();
        after.play(m);
        JsMove {
            from: m.from.to_string(),
            to: m.king_to().to_string(),
            promotion: m.promotion().map(|r| r.char().to_string()),
            uci: m.uci(),
            san: pos.san(m),
            piece: pos.piece_at(m.from).map_or(Role::Pawn, |(_, r)| r).name(),
            captured: match m.kind {
                MoveKind::EnPassant => Some(Role::Pawn.name()),
                MoveKind::Castle => None,
                _ => pos.piece_at(m.to).map(|(_, r)| r.name()),
            },
            check: after.is_check(),
            player: pos.turn().name(),
        }
    }
}

#[derive(Serialize)]
struct JsResult {
    winner: Option<&'static str>,
    reason: &'static str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsStatus {
    turn: &'static str,
    in_check: bool,
    over: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    result: Option<JsResult>,
    can_claim_draw: bool,
}

#[derive(Serialize)]
struct JsScore {
    player: &'static str,
    checks: u8,
}

#[derive(Serialize)]
struct JsBoardPiece {
    square: String,
    piece: &'static str,
    color: &'static str,
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct SavedEnvelope {
    format: String,
    version: u32,
    seed: f64,
    #[serde(flatten)]
    game: SavedGame,
}

const SAVE_FORMAT: &str = "tablero-game";

/// A game of any variant. Create one with `newGame`; call `free()` when done with it to
/// release its WebAssembly memory (or let the JS garbage collector's FinalizationRegistry
/// do it).
#[wasm_bindgen]
pub struct Game {
    inner: Game8,
    seed: u64,
}

fn parse_variant(name: &str) -> Result<Variant, Error> {
    match name {
        "chess" => Ok(Variant::Chess),
        "3check" => Ok(Variant::ThreeCheck),
        "kingofthehill" => Ok(Variant::KingOfTheHill),
        "racingkings" => Ok(Variant::RacingKings),
        other => Err(Error::invalid_argument(format!(
            "unknown variant {other:?}; expected \"chess\", \"3check\", \"kingofthehill\" or \"racingkings\""
        ))),
    }
}

/// Creates a game. See `NewGameOptions`; with no options, a chess game from the start.
#[wasm_bindgen(js_name = newGame)]
pub fn new_game(
    #[wasm_bindgen(unchecked_param_type = "NewGameOptions")] options: JsValue,
) -> Result<Game, JsValue> {
    Game::create(options).map_err(js_error)
}

impl Game {
    fn create(options: JsValue) -> Result<Game, Error> {
        let opts: NewGameOptions = if options.is_undefined() || options.is_null() {
            NewGameOptions::default()
        } else if options.is_object() {
            // serde-wasm-bindgen reads only the known keys, so a misspelt option would pass
            // silently; name it instead.
            const KNOWN: [&str; 7] = [
                "variant",
                "fen",
                "pgn",
                "seed",
                "rules",
                "firstPlayer",
                "moveLimit",
            ];
            for key in js_sys::Object::keys(options.unchecked_ref::<js_sys::Object>()) {
                let key = key.as_string().unwrap_or_default();
                if !KNOWN.contains(&key.as_str()) {
                    return Err(Error::invalid_argument(format!(
                        "unknown newGame option {key:?}; known options: {}",
                        KNOWN.join(", ")
                    )));
                }
            }
            serde_wasm_bindgen::from_value(options)
                .map_err(|e| Error::invalid_argument(format!("bad newGame options: {e}")))?
        } else {
            return Err(Error::invalid_argument(format!(
                "newGame options must be an object, got {}",
                describe(&options)
            )));
        };
        let seed = match opts.seed {
            None => 0,
            Some(s) if s.fract() == 0.0 && (0.0..=9_007_199_254_740_991.0).contains(&s) => s as u64,
            Some(s) => {
                return Err(Error::invalid_argument(format!(
                    "seed must be a non-negative integer, got {s}"
                )));
            }
        };
        if opts.rules.is_some() || opts.first_player.is_some() || opts.move_limit.is_some() {
            return Err(Error::invalid_argument(
                "rules, firstPlayer and moveLimit are four-player options (variant \"fourplayer\")",
            ));
        }
        let variant = parse_variant(opts.variant.as_deref().unwrap_or("chess"))?;
        let inner = match (opts.fen, opts.pgn) {
            (Some(_), Some(_)) => {
                return Err(Error::invalid_argument("give either fen or pgn, not both"));
            }
            (Some(fen), None) => Game8::from_fen(variant, &fen)?,
            (None, Some(pgn)) => {
                let g = Game8::from_pgn(&pgn)?;
                if opts.variant.is_some() && g.variant() != variant {
                    return Err(Error::invalid_pgn(format!(
                        "the PGN is a {} game, not {}",
                        g.variant().name(),
                        variant.name()
                    )));
                }
                g
            }
            (None, None) => Game8::new(variant),
        };
        Ok(Game { inner, seed })
    }

    fn parse_input_move(&self, mv: &JsValue) -> Result<Move, Error> {
        let pos = self.inner.position();
        if let Some(text) = mv.as_string() {
            return pos.parse_move(&text);
        }
        if !mv.is_object() {
            return Err(Error::illegal_move(format!(
                "a move must be a string like \"e2e4\" or \"Nf3\" or an object {{from, to, promotion?}}, got {}",
                describe(mv)
            )));
        }
        let get =
            |k: &str| js_sys::Reflect::get(mv, &JsValue::from_str(k)).unwrap_or(JsValue::UNDEFINED);
        let from = opt_string(&get("from"), "move.from")?;
        let to = opt_string(&get("to"), "move.to")?;
        let promotion = opt_string(&get("promotion"), "move.promotion")?;
        let (Some(from), Some(to)) = (from, to) else {
            return Err(Error::illegal_move(
                "a move object needs \"from\" and \"to\" squares",
            ));
        };
        let sq = |s: &str| {
            Square::parse(s).ok_or_else(|| Error::illegal_move(format!("{s:?} is not a square")))
        };
        let promo = match promotion.as_deref() {
            None | Some("") => None,
            Some(p) => Some(
                Role::from_char(p.chars().next().unwrap_or(' '))
                    .filter(|r| p.len() == 1 && !matches!(r, Role::Pawn | Role::King))
                    .ok_or_else(|| {
                        Error::illegal_move(format!(
                            "{p:?} is not a promotion piece (q, r, b or n)"
                        ))
                    })?,
            ),
        };
        let (f, t) = (sq(&from)?, sq(&to)?);
        pos.find_move(f, t, promo).ok_or_else(|| {
            Error::illegal_move(format!(
                "{from}{to}{} is not a legal move in {}",
                promotion.unwrap_or_default(),
                pos.fen()
            ))
        })
    }
}

#[wasm_bindgen]
impl Game {
    /// The variant name: "chess", "3check", "kingofthehill", "racingkings" or "fourplayer".
    #[wasm_bindgen(getter, unchecked_return_type = "VariantName")]
    pub fn variant(&self) -> String {
        self.inner.variant().name().to_string()
    }

    /// The seed given to `newGame` (0 by default).
    #[wasm_bindgen(getter)]
    pub fn seed(&self) -> f64 {
        self.seed as f64
    }

    /// Legal moves of the player to move, or of the piece on `from` only. Empty once the
    /// game is over.
    #[wasm_bindgen(js_name = legalMoves, unchecked_return_type = "Move[]")]
    pub fn legal_moves(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] from: JsValue,
    ) -> Result<JsValue, JsValue> {
        let from = opt_string(&from, "from")
            .and_then(|f| match f {
                None => Ok(None),
                Some(s) => Square::parse(&s)
                    .map(Some)
                    .ok_or_else(|| Error::invalid_argument(format!("{s:?} is not a square"))),
            })
            .map_err(js_error)?;
        let pos = self.inner.position();
        let moves: Vec<JsMove> = self
            .inner
            .legal_moves()
            .into_iter()
            .filter(|m| from.is_none_or(|f| m.from == f))
            .map(|m| JsMove::legal(pos, m))
            .collect();
        to_js(&moves)
    }

    /// Plays a move: UCI (`"e2e4"`, `"e7e8q"`, `"e1g1"`), SAN (`"Nf3"`, `"O-O"`) or
    /// `{from, to, promotion?}`. Returns the move played. Throws `illegal-move` or
    /// `game-over`; the game is unchanged after an error.
    #[wasm_bindgen(unchecked_return_type = "Move")]
    pub fn play(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string | MoveInput")] mv: JsValue,
    ) -> Result<JsValue, JsValue> {
        if let Some(r) = self.inner.result() {
            return Err(js_error(Error::game_over(format!(
                "the game is over ({}); cannot play {}",
                r.reason.code(),
                describe(&mv)
            ))));
        }
        let m = self.parse_input_move(&mv).map_err(js_error)?;
        let played = self.inner.play(m).map_err(js_error)?;
        to_js(&JsMove::from_played(played))
    }

    /// Takes back the last move (and a resignation or claimed draw). Returns the move taken
    /// back, or `undefined` at the start.
    #[wasm_bindgen(unchecked_return_type = "Move | undefined")]
    pub fn undo(&mut self) -> Result<JsValue, JsValue> {
        match self.inner.undo() {
            Some(p) => to_js(&JsMove::from_played(&p)),
            None => Ok(JsValue::UNDEFINED),
        }
    }

    /// All moves played, first to last.
    #[wasm_bindgen(unchecked_return_type = "Move[]")]
    pub fn history(&self) -> Result<JsValue, JsValue> {
        let moves: Vec<JsMove> = self
            .inner
            .history()
            .iter()
            .map(JsMove::from_played)
            .collect();
        to_js(&moves)
    }

    /// Checks given by each player (Three-check counts them; 0 elsewhere).
    #[wasm_bindgen(unchecked_return_type = "Score[]")]
    pub fn score(&self) -> Result<JsValue, JsValue> {
        let pos = self.inner.position();
        let scores: Vec<JsScore> = [Color::White, Color::Black]
            .into_iter()
            .map(|c| JsScore {
                player: c.name(),
                checks: pos.checks_given(c),
            })
            .collect();
        to_js(&scores)
    }

    /// Whose turn, check, whether the game is over and why, and whether a draw can be claimed.
    #[wasm_bindgen(unchecked_return_type = "Status")]
    pub fn status(&self) -> Result<JsValue, JsValue> {
        let pos = self.inner.position();
        let result = self.inner.result();
        to_js(&JsStatus {
            turn: pos.turn().name(),
            in_check: pos.is_check(),
            over: result.is_some(),
            result: result.map(|r| JsResult {
                winner: r.winner.map(Color::name),
                reason: r.reason.code(),
            }),
            can_claim_draw: self.inner.claimable_draw().is_some(),
        })
    }

    /// Every occupied square with its piece and colour, so a UI never parses FEN.
    #[wasm_bindgen(unchecked_return_type = "BoardPiece[]")]
    pub fn board(&self) -> Result<JsValue, JsValue> {
        let pieces: Vec<JsBoardPiece> = crate::game::board_pieces(self.inner.position())
            .into_iter()
            .map(|(sq, c, r)| JsBoardPiece {
                square: sq.to_string(),
                piece: r.name(),
                color: c.name(),
            })
            .collect();
        to_js(&pieces)
    }

    /// The current position as FEN.
    pub fn fen(&self) -> String {
        self.inner.fen()
    }

    /// The game as PGN.
    pub fn pgn(&self) -> String {
        self.inner.pgn()
    }

    /// Claims a draw by threefold repetition or the 50-move rule; `false` when none is
    /// available (nothing changes then).
    #[wasm_bindgen(js_name = claimDraw)]
    pub fn claim_draw(&mut self) -> bool {
        self.inner.claim_draw()
    }

    /// Resigns for `player` ("white"/"black"; default: the player to move).
    pub fn resign(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "\"white\" | \"black\"")] player: JsValue,
    ) -> Result<(), JsValue> {
        let color = match opt_string(&player, "player").map_err(js_error)? {
            None => self.inner.position().turn(),
            Some(s) => Color::from_name(&s).ok_or_else(|| {
                js_error(Error::invalid_argument(format!(
                    "player must be \"white\" or \"black\", got {s:?}"
                )))
            })?,
        };
        self.inner.resign(color).map_err(js_error)
    }

    /// Number of legal move paths of `depth` plies from the current position, computed inside
    /// WebAssembly. Depth 0 to 8.
    pub fn perft(&self, depth: JsValue) -> Result<f64, JsValue> {
        let d = opt_integer(&depth, "depth", 8.0)
            .map_err(js_error)?
            .ok_or_else(|| js_error(Error::invalid_argument("perft needs a depth")))?;
        Ok(self.inner.perft(d as u32) as f64)
    }

    /// The game as a plain object for saving (`JSON.stringify(game)` calls this).
    #[wasm_bindgen(js_name = toJSON, unchecked_return_type = "SavedGame")]
    pub fn to_json(&self) -> Result<JsValue, JsValue> {
        to_js(&SavedEnvelope {
            format: SAVE_FORMAT.to_string(),
            version: 1,
            seed: self.seed as f64,
            game: self.inner.to_saved(),
        })
    }

    /// Rebuilds a game from `toJSON()` output (or its `JSON.parse`d text), replaying and
    /// checking every move. Throws `invalid-argument` for corrupt data.
    #[wasm_bindgen(js_name = fromJSON)]
    pub fn from_json(
        #[wasm_bindgen(unchecked_param_type = "SavedGame")] saved: JsValue,
    ) -> Result<Game, JsValue> {
        Game::restore(saved).map_err(js_error)
    }
}

impl Game {
    fn restore(saved: JsValue) -> Result<Game, Error> {
        let saved = if let Some(text) = saved.as_string() {
            js_sys::JSON::parse(&text)
                .map_err(|_| Error::invalid_argument("saved game text is not JSON"))?
        } else {
            saved
        };
        if !saved.is_object() {
            return Err(Error::invalid_argument(format!(
                "a saved game must be an object, got {}",
                describe(&saved)
            )));
        }
        let env: SavedEnvelope = serde_wasm_bindgen::from_value(saved)
            .map_err(|e| Error::invalid_argument(format!("corrupt saved game: {e}")))?;
        if env.format != SAVE_FORMAT || env.version != 1 {
            return Err(Error::invalid_argument(format!(
                "not a saved tablero game (format {:?}, version {})",
                env.format, env.version
            )));
        }
        if !(env.seed.fract() == 0.0 && env.seed >= 0.0 && env.seed <= 9_007_199_254_740_991.0) {
            return Err(Error::invalid_argument("corrupt saved game: bad seed"));
        }
        Ok(Game {
            inner: Game8::from_saved(&env.game)?,
            seed: env.seed as u64,
        })
    }
}
