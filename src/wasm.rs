//! The JavaScript API: the only module that knows about wasm-bindgen.
//!
//! Every exported function takes loosely typed `JsValue`s and validates them itself, so a
//! wrong type from JavaScript becomes an `invalid-argument` exception instead of a trap, and
//! every failure is a JS `Error` with a stable `code` property.

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use crate::chess8::{Color, Move, MoveKind, Position, Square, Variant};
use crate::core::{Error, Role};
use crate::four::{FourGame, Rules, Seat};
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

/** A legal or played move. Castling is the king's move (`e1g1`). Four-player moves add the
 *  points they scored and the players they eliminated; `san` is then the PGN4 move text. */
export interface Move {
  from: string;
  to: string;
  promotion?: string;
  uci: string;
  san: string;
  piece: PieceName | "";
  captured?: PieceName;
  check: boolean;
  player: Player;
  /** Four players: kings left in check by this move. */
  checks?: Player[];
  /** Four players: points this entry scored for `player`. */
  points?: number;
  /** Four players: every score change this entry caused. */
  scoring?: { player: Player; points: number; reason: "capture" | "checkmate" | "stalemate" | "double-check" | "triple-check" | "king-capture" | "draw" | "survivor" }[];
  /** Four players: every player this entry put out. */
  eliminated?: { player: Player; reason: string }[];
  /** Four players: "move", "resign", "timeout" or "random" (a kingdoms zombie move). */
  kind?: "move" | "resign" | "timeout" | "random";
}

/** A four-player seat's standing. */
export interface FourScore {
  player: "red" | "blue" | "yellow" | "green";
  points: number;
  status: "active" | "checkmated" | "stalemated" | "resigned" | "timeout" | "king-captured";
  /** 1-based place once the game is over; equal scores share a place. */
  place?: number;
}

/** The state of a four-player game. */
export interface FourStatus {
  turn: "red" | "blue" | "yellow" | "green" | null;
  inCheck: Player[];
  over: boolean;
  result?: { winners: Player[]; reason: "three-out" | "points-lead" | "threefold-repetition" | "fifty-move-rule" | "insufficient-material" | "move-limit" | "last-survivor"; scores: FourScore[] };
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

/** Options of `aiMove` and `analyse`. */
export interface AiOptions {
  /** 1 (beginner) to 8 (full strength); default 8. */
  level?: number;
  /** Time budget in milliseconds. */
  timeMs?: number;
  /** Node budget (deterministic for a given seed). */
  nodes?: number;
  /** Seed of the weaker levels' randomised choice (default: the game's seed mixed with the ply). */
  seed?: number;
}

/** What `analyse` returns: the best move, its score and the line the engine expects. */
export interface Analysis {
  move: Move;
  /** Centipawns from the mover's view. */
  score: number;
  /** Plies to a forced win (> 0) or loss (< 0), when the search proved one. */
  mate?: number;
  depth: number;
  nodes: number;
  pv: Move[];
}

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

fn serialize<T: Serialize>(value: &T) -> Result<JsValue, Error> {
    let serializer = serde_wasm_bindgen::Serializer::new()
        .serialize_missing_as_null(true)
        .serialize_maps_as_objects(true);
    value
        .serialize(&serializer)
        .map_err(|e| Error::invalid_argument(format!("cannot convert result: {e}")))
}

fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsValue> {
    serialize(value).map_err(js_error)
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

/// Options of `aiMove` and `analyse`.
#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase")]
struct AiOptionsJs {
    level: Option<f64>,
    time_ms: Option<f64>,
    nodes: Option<f64>,
    seed: Option<f64>,
}

/// What `analyse` returns.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsAnalysis<M: Serialize> {
    /// The best move found.
    #[serde(rename = "move")]
    best: M,
    /// Centipawns from the mover's point of view (positive: good for the player to move).
    score: i32,
    /// Plies to a forced win (positive) or loss (negative), when the search found one.
    #[serde(skip_serializing_if = "Option::is_none")]
    mate: Option<i32>,
    depth: u32,
    nodes: f64,
    /// The principal variation, starting with `move`.
    pv: Vec<M>,
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
struct SavedEnvelope<T> {
    format: String,
    version: u32,
    #[serde(flatten)]
    game: T,
}

/// A two-player save adds the API seed; the four-player save already carries its own.
#[derive(Serialize, Deserialize)]
struct SavedTwo {
    seed: f64,
    #[serde(flatten)]
    game: SavedGame,
}

const SAVE_FORMAT: &str = "tablero-game";
const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

/// The engine behind a [`Game`]: the 8×8 engine or the four-player one.
enum Inner {
    Two(Game8),
    // Boxed: a four-player game carries two positions inline, twenty times a 2-player Game.
    Four(Box<FourGame>),
}

/// A game of any variant. Create one with `newGame`; call `free()` when done with it to
/// release its WebAssembly memory (or let the JS garbage collector's FinalizationRegistry
/// do it).
#[wasm_bindgen]
pub struct Game {
    inner: Inner,
    seed: u64,
}

fn parse_variant(name: &str) -> Result<Option<Variant>, Error> {
    match name {
        "chess" => Ok(Some(Variant::Chess)),
        "3check" => Ok(Some(Variant::ThreeCheck)),
        "kingofthehill" => Ok(Some(Variant::KingOfTheHill)),
        "racingkings" => Ok(Some(Variant::RacingKings)),
        "fourplayer" => Ok(None),
        other => Err(Error::invalid_argument(format!(
            "unknown variant {other:?}; expected \"chess\", \"3check\", \"kingofthehill\", \"racingkings\" or \"fourplayer\""
        ))),
    }
}

/// Creates a game. See `NewGameOptions`; with no options, a chess game from the start.
#[wasm_bindgen(js_name = newGame)]
pub fn new_game(
    #[wasm_bindgen(unchecked_param_type = "NewGameOptions")] options: Option<JsValue>,
) -> Result<Game, JsValue> {
    Game::create(options.unwrap_or(JsValue::UNDEFINED)).map_err(js_error)
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
            Some(s) if s.fract() == 0.0 && (0.0..=MAX_SAFE_INTEGER).contains(&s) => s as u64,
            Some(s) => {
                return Err(Error::invalid_argument(format!(
                    "seed must be a non-negative integer, got {s}"
                )));
            }
        };
        if opts.fen.is_some() && opts.pgn.is_some() {
            return Err(Error::invalid_argument("give either fen or pgn, not both"));
        }
        let variant = parse_variant(opts.variant.as_deref().unwrap_or("chess"))?;
        let inner = match variant {
            Some(variant) => {
                if opts.rules.is_some() || opts.first_player.is_some() || opts.move_limit.is_some()
                {
                    return Err(Error::invalid_argument(
                        "rules, firstPlayer and moveLimit are four-player options (variant \"fourplayer\")",
                    ));
                }
                Inner::Two(match (opts.fen, opts.pgn) {
                    (Some(fen), _) => Game8::from_fen(variant, &fen)?,
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
                })
            }
            None => Inner::Four(Box::new(Game::create_four(&opts, seed)?)),
        };
        Ok(Game { inner, seed })
    }

    fn create_four(opts: &NewGameOptions, seed: u64) -> Result<FourGame, Error> {
        let rules = match &opts.rules {
            Some(r) => Rules::parse(r)?,
            None => Rules::Ffa,
        };
        let move_limit = match opts.move_limit {
            None => None,
            Some(n) if n.fract() == 0.0 && (1.0..=100_000.0).contains(&n) => Some(n as u32),
            Some(n) => {
                return Err(Error::invalid_argument(format!(
                    "moveLimit must be an integer from 1 to 100000, got {n}"
                )));
            }
        };
        let first = match &opts.first_player {
            Some(s) => Some(Seat::parse(s)?),
            None => None,
        };
        if let Some(pgn) = &opts.pgn {
            if opts.rules.is_some() || first.is_some() || move_limit.is_some() {
                return Err(Error::invalid_argument(
                    "a PGN4 carries its own rules and start; drop rules, firstPlayer and moveLimit",
                ));
            }
            return FourGame::from_pgn4(pgn, seed);
        }
        match &opts.fen {
            Some(fen) => {
                if first.is_some() {
                    return Err(Error::invalid_argument(
                        "a FEN4 names the player to move; drop firstPlayer",
                    ));
                }
                FourGame::from_fen4(rules, fen, move_limit, seed)
            }
            None => Ok(FourGame::new(
                rules,
                first.unwrap_or(Seat::Red),
                move_limit,
                seed,
            )),
        }
    }

    fn parse_input_move(pos: &Position, mv: &JsValue) -> Result<Move, Error> {
        if let Some(text) = mv.as_string() {
            return pos.parse_move(&text);
        }
        let (from, to, promotion) = move_object(mv)?;
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

    fn play_inner(&mut self, mv: &JsValue) -> Result<JsValue, Error> {
        match &mut self.inner {
            Inner::Two(g) => {
                if let Some(r) = g.result() {
                    return Err(Error::game_over(format!(
                        "the game is over ({}); cannot play {}",
                        r.reason.code(),
                        describe(mv)
                    )));
                }
                let m = Game::parse_input_move(g.position(), mv)?;
                let played = g.play(m)?;
                serialize(&JsMove::from_played(played))
            }
            Inner::Four(g) => {
                if g.is_over() {
                    return Err(Error::game_over(format!(
                        "the game is over; cannot play {}",
                        describe(mv)
                    )));
                }
                let info = if let Some(text) = mv.as_string() {
                    g.play(&text)?
                } else {
                    let (from, to, promotion) = move_object(mv)?;
                    if promotion
                        .as_deref()
                        .is_some_and(|p| !p.is_empty() && p != "q")
                    {
                        return Err(Error::illegal_move(
                            "four-player pawns always promote to a queen (R5.8)",
                        ));
                    }
                    g.play_from_to(&from, &to)?
                };
                serialize(&info)
            }
        }
    }

    fn parse_seat_or_turn(&self, player: &JsValue) -> Result<Option<Seat>, Error> {
        match opt_string(player, "player")? {
            Some(s) => Seat::parse(&s).map(Some),
            None => Ok(None),
        }
    }
}

/// Reads `aiMove`/`analyse` options, naming unknown keys and wrong types.
fn ai_options(v: &JsValue, seed: u64) -> Result<crate::ai::AiOptions, Error> {
    let opts: AiOptionsJs = if v.is_undefined() || v.is_null() {
        AiOptionsJs::default()
    } else if v.is_object() {
        for key in js_sys::Object::keys(v.unchecked_ref::<js_sys::Object>()) {
            let key = key.as_string().unwrap_or_default();
            if !["level", "timeMs", "nodes", "seed"].contains(&key.as_str()) {
                return Err(Error::invalid_argument(format!(
                    "unknown AI option {key:?}; known options: level, timeMs, nodes, seed"
                )));
            }
        }
        serde_wasm_bindgen::from_value(v.clone())
            .map_err(|e| Error::invalid_argument(format!("bad AI options: {e}")))?
    } else {
        return Err(Error::invalid_argument(format!(
            "AI options must be an object like {{level: 4}}, got {}",
            describe(v)
        )));
    };
    let int = |x: Option<f64>, what: &str, min: f64, max: f64| -> Result<Option<u64>, Error> {
        match x {
            None => Ok(None),
            Some(n) if n.fract() == 0.0 && (min..=max).contains(&n) => Ok(Some(n as u64)),
            Some(n) => Err(Error::invalid_argument(format!(
                "{what} must be an integer from {min} to {max}, got {n}"
            ))),
        }
    };
    Ok(crate::ai::AiOptions {
        level: int(opts.level, "level", 1.0, 8.0)?.unwrap_or(8) as u8,
        time_ms: int(opts.time_ms, "timeMs", 1.0, 600_000.0)?,
        nodes: int(opts.nodes, "nodes", 1.0, 1e10)?,
        seed: int(opts.seed, "seed", 0.0, MAX_SAFE_INTEGER)?.unwrap_or(seed),
    })
}

fn mate_distance(score: i32) -> Option<i32> {
    use crate::ai::{MATE, MATE_BOUND};
    if score >= MATE_BOUND {
        Some(MATE - score)
    } else if score <= -MATE_BOUND {
        Some(-(MATE + score))
    } else {
        None
    }
}

/// The full description of a legal four-player move, as `legalMoves()` reports it.
fn four_move_info(g: &FourGame, m: crate::four::Move) -> Result<crate::four::MoveInfo, Error> {
    let uci = format!(
        "{}{}{}",
        m.from(),
        m.to(),
        if m.is_promotion() { "q" } else { "" }
    );
    g.legal_moves()
        .into_iter()
        .find(|info| info.uci == uci)
        .ok_or_else(|| {
            Error::invalid_argument(format!("the computer chose {uci}, which is not legal"))
        })
}

/// Reads `{from, to, promotion?}`.
fn move_object(mv: &JsValue) -> Result<(String, String, Option<String>), Error> {
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
    match (from, to) {
        (Some(from), Some(to)) => Ok((from, to, promotion)),
        _ => Err(Error::illegal_move(
            "a move object needs \"from\" and \"to\" squares",
        )),
    }
}

#[wasm_bindgen]
impl Game {
    /// The variant name: "chess", "3check", "kingofthehill", "racingkings" or "fourplayer".
    #[wasm_bindgen(getter, unchecked_return_type = "VariantName")]
    pub fn variant(&self) -> String {
        match &self.inner {
            Inner::Two(g) => g.variant().name().to_string(),
            Inner::Four(_) => "fourplayer".to_string(),
        }
    }

    /// Four-player rules preset ("ffa" or "kingdoms"); `undefined` for two-player games.
    #[wasm_bindgen(getter, unchecked_return_type = "\"ffa\" | \"kingdoms\" | undefined")]
    pub fn rules(&self) -> JsValue {
        match &self.inner {
            Inner::Two(_) => JsValue::UNDEFINED,
            Inner::Four(g) => JsValue::from_str(match g.rules() {
                Rules::Ffa => "ffa",
                Rules::Kingdoms => "kingdoms",
            }),
        }
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
        #[wasm_bindgen(unchecked_param_type = "string")] from: Option<JsValue>,
    ) -> Result<JsValue, JsValue> {
        let from = opt_string(&from.unwrap_or(JsValue::UNDEFINED), "from").map_err(js_error)?;
        match &self.inner {
            Inner::Two(g) => {
                let from = match from {
                    None => None,
                    Some(s) => Some(Square::parse(&s).ok_or_else(|| {
                        js_error(Error::invalid_argument(format!("{s:?} is not a square")))
                    })?),
                };
                let pos = g.position();
                let moves: Vec<JsMove> = g
                    .legal_moves()
                    .into_iter()
                    .filter(|m| from.is_none_or(|f| m.from == f))
                    .map(|m| JsMove::legal(pos, m))
                    .collect();
                to_js(&moves)
            }
            Inner::Four(g) => {
                let moves = match from {
                    None => g.legal_moves(),
                    Some(s) => g
                        .legal_moves_from(&s)
                        .map_err(|e| js_error(Error::invalid_argument(e.message)))?,
                };
                to_js(&moves)
            }
        }
    }

    /// Plays a move: UCI (`"e2e4"`, `"e7e8q"`, `"e1g1"`), SAN (`"Nf3"`, `"O-O"`) or
    /// `{from, to, promotion?}`; four-player games take `"h2h4"`, `"h2-h4"` or PGN4 move
    /// text. Returns the move played. Throws `illegal-move` or `game-over`; the game is
    /// unchanged after an error.
    #[wasm_bindgen(unchecked_return_type = "Move")]
    pub fn play(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string | MoveInput")] mv: JsValue,
    ) -> Result<JsValue, JsValue> {
        self.play_inner(&mv).map_err(js_error)
    }

    /// Takes back the last action: a resignation or claimed draw (returning `undefined`; the
    /// moves stay), otherwise the last move (returned; `undefined` at the start).
    #[wasm_bindgen(unchecked_return_type = "Move | undefined")]
    pub fn undo(&mut self) -> Result<JsValue, JsValue> {
        match &mut self.inner {
            Inner::Two(g) => match g.undo() {
                Some(p) => to_js(&JsMove::from_played(&p)),
                None => Ok(JsValue::UNDEFINED),
            },
            Inner::Four(g) => match g.undo() {
                Some(info) => to_js(&info),
                None => Ok(JsValue::UNDEFINED),
            },
        }
    }

    /// All moves played, first to last (four-player: also resignations, time-outs and
    /// random moves, with their `kind`).
    #[wasm_bindgen(unchecked_return_type = "Move[]")]
    pub fn history(&self) -> Result<JsValue, JsValue> {
        match &self.inner {
            Inner::Two(g) => {
                let moves: Vec<JsMove> = g.history().iter().map(JsMove::from_played).collect();
                to_js(&moves)
            }
            Inner::Four(g) => to_js(&g.history()),
        }
    }

    /// Two players: checks given by each (Three-check counts them; 0 elsewhere). Four
    /// players: points, status and, once over, place of each seat.
    #[wasm_bindgen(unchecked_return_type = "Score[] | FourScore[]")]
    pub fn score(&self) -> Result<JsValue, JsValue> {
        match &self.inner {
            Inner::Two(g) => {
                let pos = g.position();
                let scores: Vec<JsScore> = [Color::White, Color::Black]
                    .into_iter()
                    .map(|c| JsScore {
                        player: c.name(),
                        checks: pos.checks_given(c),
                    })
                    .collect();
                to_js(&scores)
            }
            Inner::Four(g) => to_js(&g.scores()),
        }
    }

    /// Whose turn, who is in check, whether the game is over and why, and (two players)
    /// whether a draw can be claimed.
    #[wasm_bindgen(unchecked_return_type = "Status | FourStatus")]
    pub fn status(&self) -> Result<JsValue, JsValue> {
        match &self.inner {
            Inner::Two(g) => {
                let pos = g.position();
                let result = g.result();
                to_js(&JsStatus {
                    turn: pos.turn().name(),
                    in_check: pos.is_check(),
                    over: result.is_some(),
                    result: result.map(|r| JsResult {
                        winner: r.winner.map(Color::name),
                        reason: r.reason.code(),
                    }),
                    can_claim_draw: g.claimable_draw().is_some(),
                })
            }
            Inner::Four(g) => to_js(&g.status()),
        }
    }

    /// Every occupied square with its piece and colour (four players: and whether it is
    /// grey), so a UI never parses FEN.
    #[wasm_bindgen(unchecked_return_type = "BoardPiece[]")]
    pub fn board(&self) -> Result<JsValue, JsValue> {
        match &self.inner {
            Inner::Two(g) => {
                let pieces: Vec<JsBoardPiece> = crate::game::board_pieces(g.position())
                    .into_iter()
                    .map(|(sq, c, r)| JsBoardPiece {
                        square: sq.to_string(),
                        piece: r.name(),
                        color: c.name(),
                    })
                    .collect();
                to_js(&pieces)
            }
            Inner::Four(g) => to_js(&g.board()),
        }
    }

    /// The current position as FEN (FEN4 for four players).
    pub fn fen(&self) -> String {
        match &self.inner {
            Inner::Two(g) => g.fen(),
            Inner::Four(g) => g.fen4(),
        }
    }

    /// The game as PGN (PGN4 for four players).
    pub fn pgn(&self) -> String {
        match &self.inner {
            Inner::Two(g) => g.pgn(),
            Inner::Four(g) => g.pgn4(),
        }
    }

    /// Claims a draw by threefold repetition or the 50-move rule; `false` when none is
    /// available (nothing changes then). Four-player draws are automatic, so always `false`.
    #[wasm_bindgen(js_name = claimDraw)]
    pub fn claim_draw(&mut self) -> bool {
        match &mut self.inner {
            Inner::Two(g) => g.claim_draw(),
            Inner::Four(_) => false,
        }
    }

    /// Resigns for `player` (default: the player to move).
    pub fn resign(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Player")] player: Option<JsValue>,
    ) -> Result<(), JsValue> {
        let player = player.unwrap_or(JsValue::UNDEFINED);
        match &mut self.inner {
            Inner::Two(g) => {
                let color = match opt_string(&player, "player").map_err(js_error)? {
                    None => g.position().turn(),
                    Some(s) => Color::from_name(&s).ok_or_else(|| {
                        js_error(Error::invalid_argument(format!(
                            "player must be \"white\" or \"black\", got {s:?}"
                        )))
                    })?,
                };
                g.resign(color).map_err(js_error)
            }
            Inner::Four(_) => {
                let seat = self.parse_seat_or_turn(&player).map_err(js_error)?;
                let Inner::Four(g) = &mut self.inner else {
                    return Ok(());
                };
                let seat = match seat.or(g.status().turn) {
                    Some(s) => s,
                    None => return Err(js_error(Error::game_over("the game is over"))),
                };
                g.resign(seat).map_err(js_error)
            }
        }
    }

    /// Four Kingdoms: `player`'s turn timer ran out, so they are out and their pieces move
    /// at random from now on (R6.4). In free-for-all the computer plays a timed-out turn
    /// instead (R5.21: call `aiMove` and play it), so this throws `invalid-argument` there,
    /// as it does for two-player games.
    pub fn timeout(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Player")] player: Option<JsValue>,
    ) -> Result<(), JsValue> {
        let player = player.unwrap_or(JsValue::UNDEFINED);
        let seat = self.parse_seat_or_turn(&player).map_err(js_error)?;
        match &mut self.inner {
            Inner::Two(_) => Err(js_error(Error::invalid_argument(
                "timeout is a four-player call",
            ))),
            Inner::Four(g) if g.rules() == Rules::Ffa => Err(js_error(Error::invalid_argument(
                "in free-for-all a timed-out turn is played by the computer (R5.21): \
                 call aiMove() and play its move",
            ))),
            Inner::Four(g) => {
                let seat = match seat.or(g.status().turn) {
                    Some(s) => s,
                    None => return Err(js_error(Error::game_over("the game is over"))),
                };
                g.timeout(seat).map_err(js_error)
            }
        }
    }

    /// Number of legal move paths of `depth` plies from the current position, computed inside
    /// WebAssembly. Depth 0 to 8 (two players) or 0 to 6 (four players).
    pub fn perft(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] depth: JsValue,
    ) -> Result<f64, JsValue> {
        let max = match self.inner {
            Inner::Two(_) => 8.0,
            Inner::Four(_) => 6.0,
        };
        let d = opt_integer(&depth, "depth", max)
            .map_err(js_error)?
            .ok_or_else(|| js_error(Error::invalid_argument("perft needs a depth")))?;
        Ok(match &self.inner {
            Inner::Two(g) => g.perft(d as u32),
            Inner::Four(g) => g.perft(d as u32),
        } as f64)
    }

    /// The computer's choice of move for the player to move, without playing it. `level`
    /// 1–8 (default 8); `timeMs` and/or `nodes` bound the search (default: a per-level
    /// budget). The choice depends only on the position, history, options and the game's
    /// seed, so a node-limited request is reproducible. Throws `game-over` after the end and
    /// `invalid-argument` for bad options.
    #[wasm_bindgen(js_name = aiMove, unchecked_return_type = "Move")]
    pub fn ai_move(
        &self,
        #[wasm_bindgen(unchecked_param_type = "AiOptions")] options: Option<JsValue>,
    ) -> Result<JsValue, JsValue> {
        self.ai_move_inner(&options.unwrap_or(JsValue::UNDEFINED))
            .map_err(js_error)
    }

    /// A full-strength look at the position for hints: the best move, its score and the
    /// expected line. `timeMs` defaults to 1000.
    #[wasm_bindgen(unchecked_return_type = "Analysis")]
    pub fn analyse(
        &self,
        #[wasm_bindgen(unchecked_param_type = "{timeMs?: number}")] options: Option<JsValue>,
    ) -> Result<JsValue, JsValue> {
        self.analyse_inner(&options.unwrap_or(JsValue::UNDEFINED))
            .map_err(js_error)
    }

    /// The game as a plain object for saving (`JSON.stringify(game)` calls this).
    #[wasm_bindgen(js_name = toJSON, unchecked_return_type = "SavedGame")]
    pub fn to_json(&self) -> Result<JsValue, JsValue> {
        match &self.inner {
            Inner::Two(g) => to_js(&SavedEnvelope {
                format: SAVE_FORMAT.to_string(),
                version: 1,
                game: SavedTwo {
                    seed: self.seed as f64,
                    game: g.to_saved(),
                },
            }),
            Inner::Four(g) => to_js(&SavedEnvelope {
                format: SAVE_FORMAT.to_string(),
                version: 1,
                game: g.to_save(),
            }),
        }
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
    /// The seed of the AI's randomised choice: the game's seed mixed with the ply, so a game
    /// replays identically yet the computer does not repeat one choice in every position.
    fn ai_seed(&self) -> u64 {
        let plies = match &self.inner {
            Inner::Two(g) => g.history().len(),
            Inner::Four(g) => g.history_len(),
        } as u64;
        self.seed ^ plies.wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }

    fn ai_move_inner(&self, options: &JsValue) -> Result<JsValue, Error> {
        let opts = ai_options(options, self.ai_seed())?;
        match &self.inner {
            Inner::Two(g) => {
                let choice = crate::ai::choose_move_8(g, &opts)?;
                serialize(&JsMove::legal(g.position(), choice.mv))
            }
            Inner::Four(g) => {
                let choice = crate::ai::choose_move_4(g, &opts)?;
                serialize(&four_move_info(g, choice.mv)?)
            }
        }
    }

    fn analyse_inner(&self, options: &JsValue) -> Result<JsValue, Error> {
        let opts = ai_options(options, self.ai_seed())?;
        if !options.is_undefined() && !options.is_null() {
            for key in js_sys::Object::keys(options.unchecked_ref::<js_sys::Object>()) {
                if key.as_string().as_deref() != Some("timeMs") {
                    return Err(Error::invalid_argument("analyse takes only {timeMs}"));
                }
            }
        }
        let time_ms = opts.time_ms.unwrap_or(1000);
        match &self.inner {
            Inner::Two(g) => {
                let choice = crate::ai::analyse_8(g, time_ms)?;
                let mut pos = g.position().clone();
                let mut pv = Vec::new();
                for &m in &choice.pv {
                    if !pos.legal_moves().contains(&m) {
                        break;
                    }
                    pv.push(JsMove::legal(&pos, m));
                    pos.play(m);
                }
                serialize(&JsAnalysis {
                    best: JsMove::legal(g.position(), choice.mv),
                    score: choice.score_cp,
                    mate: mate_distance(choice.score_cp),
                    depth: choice.depth,
                    nodes: choice.nodes as f64,
                    pv,
                })
            }
            Inner::Four(g) => {
                let choice = crate::ai::analyse_4(g, time_ms)?;
                let best = four_move_info(g, choice.mv)?;
                serialize(&JsAnalysis {
                    best: best.clone(),
                    score: choice.score_cp,
                    mate: None,
                    depth: choice.depth,
                    nodes: choice.nodes as f64,
                    // Later moves of a best-reply line belong to other seats' positions, which
                    // a hint does not show; the line is the move itself.
                    pv: vec![best],
                })
            }
        }
    }

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
        let field = |k: &str| {
            js_sys::Reflect::get(&saved, &JsValue::from_str(k)).unwrap_or(JsValue::UNDEFINED)
        };
        if field("format").as_string().as_deref() != Some(SAVE_FORMAT)
            || field("version").as_f64() != Some(1.0)
        {
            return Err(Error::invalid_argument(format!(
                "not a saved tablero game (format {}, version {})",
                describe(&field("format")),
                describe(&field("version"))
            )));
        }
        let corrupt = |e: serde_wasm_bindgen::Error| {
            Error::invalid_argument(format!("corrupt saved game: {e}"))
        };
        if field("variant").as_string().as_deref() == Some("fourplayer") {
            let env: SavedEnvelope<crate::four::SavedGame> =
                serde_wasm_bindgen::from_value(saved).map_err(corrupt)?;
            let g = FourGame::from_save(&env.game)?;
            return Ok(Game {
                seed: g.seed(),
                inner: Inner::Four(Box::new(g)),
            });
        }
        let env: SavedEnvelope<SavedTwo> =
            serde_wasm_bindgen::from_value(saved).map_err(corrupt)?;
        let seed = env.game.seed;
        if !(seed.fract() == 0.0 && (0.0..=MAX_SAFE_INTEGER).contains(&seed)) {
            return Err(Error::invalid_argument("corrupt saved game: bad seed"));
        }
        Ok(Game {
            inner: Inner::Two(Game8::from_saved(&env.game.game)?),
            seed: seed as u64,
        })
    }
}
