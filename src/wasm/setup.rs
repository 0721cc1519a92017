//! The position editor's JS face (Cargo feature `editor`): `validateFen`, `setup` and the
//! `Setup` class over [`crate::Setup`], and the `Game` class's `attackers` and `isAttacked`.
//! Without the feature, `no_editor.rs` answers these calls with a coded error.

use js_sys::{JsString, Reflect};
use wasm_bindgen::prelude::*;

use super::dto::{js_error, out};
use super::game::Game;
use super::js;
use super::options::{Fields, MAX_SAFE_INTEGER, absent, describe, opt_string};
use super::squares::square_arg;
use crate::game::MAX_FEN_BYTES;
use crate::{CastlingSide, Error, ErrorKind, FenError, FenProblem, GameKind, Player, Role};

/// The kind of game named by `{variant?, rules?}` (default chess) and the rest of the object.
fn kind_of(f: Option<&Fields>) -> Result<GameKind, Error> {
    let (variant, rules) = match f {
        Some(f) => (f.string("variant")?, f.string("rules")?),
        None => (None, None),
    };
    GameKind::parse(
        variant
            .as_deref()
            .unwrap_or(GameKind::default().variant_name()),
        rules.as_deref(),
    )
}

/// Whether a FEN (FEN4 for four players) can start a game: `{ok: true, fen}` with the
/// position as the game writes it, or `{ok: false, code, message}` with a stable code
/// (`king-count`, `bad-castling`, ...). Never throws for bad text; throws `invalid-argument`
/// when `text` is not a string or the options are wrong.
#[wasm_bindgen(js_name = validateFen, unchecked_return_type = "FenCheck")]
pub fn validate_fen(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_param_type = "{ variant?: Variant; rules?: Rules }")] options: Option<
        JsValue,
    >,
) -> Result<JsValue, JsValue> {
    let options = options.unwrap_or(JsValue::UNDEFINED);
    let checked = Fields::options(&options, "validateFen options", &["variant", "rules"])
        .and_then(|f| kind_of(f.as_ref()))
        .and_then(|kind| {
            // Too long for any FEN: answered without copying the text into wasm memory.
            if let Some(s) = text.dyn_ref::<JsString>()
                && s.length() as usize > MAX_FEN_BYTES
            {
                return Ok(Err(FenError::formatted(
                    FenProblem::TooLong,
                    format_args!("the text is longer than {MAX_FEN_BYTES} characters"),
                )));
            }
            let text = opt_string(&text, "validateFen's text")?.ok_or_else(|| {
                Error::invalid_argument("validateFen needs the FEN as a string, got undefined")
            })?;
            Ok(crate::validate_fen(&text, kind))
        });
    out(checked)
}

/// A position to edit square by square, then validate or start a game from. Create one with
/// `setup({variant?, rules?, fen?})`.
#[wasm_bindgen]
pub struct Setup {
    inner: crate::Setup,
}

/// An editable position of a game: its start position, or `fen` (refused with `invalid-fen`
/// when `validateFen` refuses it). Throws `invalid-argument` for unknown options or wrong
/// types.
#[wasm_bindgen(js_name = setup)]
pub fn setup(
    #[wasm_bindgen(unchecked_param_type = "SetupOptions")] options: Option<JsValue>,
) -> Result<Setup, JsValue> {
    let options = options.unwrap_or(JsValue::UNDEFINED);
    let made =
        Fields::options(&options, "setup options", &["variant", "rules", "fen"]).and_then(|f| {
            let kind = kind_of(f.as_ref())?;
            // A build without the four-player engine edits no four-player position.
            if kind.rules().is_some() && !kind.is_four() {
                return Err(Error::invalid_argument(
                    "this build has no four-player engine (Cargo feature \"four\")",
                ));
            }
            match f.map(|f| f.string("fen")).transpose()?.flatten() {
                Some(fen) => crate::Setup::from_fen(kind, &fen),
                None => Ok(crate::Setup::new(kind)),
            }
        });
    made.map(|inner| Setup { inner }).map_err(js_error)
}

/// A player argument of a game of `kind`, required.
fn player_arg(v: &JsValue, kind: GameKind, what: &str) -> Result<Player, Error> {
    match opt_string(v, what)? {
        Some(p) => kind.parse_player(&p),
        None => Err(Error::formatted(
            ErrorKind::InvalidArgument,
            format_args!("{what} must be a player of the game, got {}", describe(v)),
        )),
    }
}

/// `{piece, color}` (a `BoardPiece` works as is), or `None` for `null` / `undefined`.
fn piece_arg(v: &JsValue, kind: GameKind) -> Result<Option<(Player, Role)>, Error> {
    let Some(f) = Fields::open(v, "piece")? else {
        return Ok(None);
    };
    let name = f.string("piece")?.unwrap_or_default();
    let role = Role::ALL
        .into_iter()
        .find(|r| r.name() == name)
        .ok_or_else(|| {
            let shown = crate::error::first_chars(&name, 60);
            Error::formatted(
                ErrorKind::InvalidArgument,
                format_args!(
                    "piece must be \"pawn\", \"knight\", \"bishop\", \"rook\", \"queen\" or \"king\", got {shown:?}"
                ),
            )
        })?;
    let color = player_arg(&f.get("color")?, kind, "piece field \"color\"")?;
    Ok(Some((color, role)))
}

#[wasm_bindgen]
impl Setup {
    /// Which game: as `Game.variant`.
    #[wasm_bindgen(getter, unchecked_return_type = "Variant")]
    pub fn variant(&self) -> String {
        self.inner.kind().variant_name().to_string()
    }

    /// The four-player rules preset; `undefined` for two players.
    #[wasm_bindgen(getter, unchecked_return_type = "Rules | undefined")]
    pub fn rules(&self) -> JsValue {
        super::dto::rules_value(self.inner.kind())
    }

    /// Puts `{piece, color}` on `square`, or empties it with `null`. Throws
    /// `invalid-argument` (nothing changes) for a square not on the board, a piece name or
    /// player not of this game.
    pub fn put(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] square: JsValue,
        #[wasm_bindgen(unchecked_param_type = "PieceInput | null")] piece: JsValue,
    ) -> Result<(), JsValue> {
        let kind = self.inner.kind();
        square_arg(&square)
            .and_then(|sq| Ok((sq, piece_arg(&piece, kind)?)))
            .and_then(|(sq, p)| self.inner.put(&sq, p))
            .map_err(js_error)
    }

    /// The piece on `square`, or `null`.
    #[wasm_bindgen(unchecked_return_type = "BoardPiece | null")]
    pub fn get(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] square: JsValue,
    ) -> Result<JsValue, JsValue> {
        out(square_arg(&square).and_then(|sq| self.inner.get(&sq)))
    }

    /// Every piece, rank by rank from a1.
    #[wasm_bindgen(unchecked_return_type = "BoardPiece[]")]
    pub fn board(&self) -> Result<JsValue, JsValue> {
        out(Ok(self.inner.board()))
    }

    /// Empties the board, and drops the castling rights and the en-passant square.
    pub fn clear(&mut self) {
        self.inner.clear();
    }

    /// The player to move.
    #[wasm_bindgen(getter, unchecked_return_type = "Player")]
    pub fn turn(&self) -> String {
        self.inner.turn().name().to_string()
    }

    /// Sets the player to move.
    #[wasm_bindgen(setter)]
    pub fn set_turn(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Player")] player: JsValue,
    ) -> Result<(), JsValue> {
        player_arg(&player, self.inner.kind(), "turn")
            .and_then(|p| self.inner.set_turn(p))
            .map_err(js_error)
    }

    /// The castling rights: `{player, side, rook}`, in player order, king side first.
    #[wasm_bindgen(getter, unchecked_return_type = "CastlingRight[]")]
    pub fn castling(&self) -> Result<JsValue, JsValue> {
        out(Ok(self.inner.castling()))
    }

    /// Replaces the castling rights: `{player, side: "king" | "queen", rook?}[]`.
    #[wasm_bindgen(setter)]
    pub fn set_castling(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "CastlingRightInput[]")] rights: JsValue,
    ) -> Result<(), JsValue> {
        self.read_castling(&rights)
            .and_then(|r| self.inner.set_castling(&r))
            .map_err(js_error)
    }

    /// The en-passant square, or `null`.
    #[wasm_bindgen(getter, js_name = epSquare, unchecked_return_type = "string | null")]
    pub fn ep_square(&self) -> JsValue {
        self.inner
            .ep_square()
            .map_or(JsValue::NULL, |s| JsValue::from_str(&s))
    }

    /// Sets the en-passant square (`null` clears it); two players only.
    #[wasm_bindgen(setter, js_name = epSquare)]
    pub fn set_ep_square(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string | null")] square: JsValue,
    ) -> Result<(), JsValue> {
        opt_string(&square, "epSquare")
            .and_then(|sq| self.inner.set_ep_square(sq.as_deref()))
            .map_err(js_error)
    }

    /// Three-check: the checks White and Black still need to give; `undefined` elsewhere.
    #[wasm_bindgen(getter, js_name = remainingChecks, unchecked_return_type = "{ white: number; black: number } | undefined")]
    pub fn remaining_checks(&self) -> Result<JsValue, JsValue> {
        match self.inner.remaining_checks() {
            Some([w, b]) => {
                let pairs = [
                    ("white".to_string(), w.to_string()),
                    ("black".to_string(), b.to_string()),
                ];
                numbers_object(&pairs)
            }
            None => Ok(JsValue::UNDEFINED),
        }
    }

    /// Three-check: sets `{white, black}`, 0 to 3 each.
    #[wasm_bindgen(setter, js_name = remainingChecks)]
    pub fn set_remaining_checks(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "{ white: number; black: number }")] v: JsValue,
    ) -> Result<(), JsValue> {
        let read = Fields::open(&v, "remainingChecks").and_then(|f| {
            let f = f.ok_or_else(|| {
                Error::invalid_argument("remainingChecks must be an object {white, black}")
            })?;
            let w = f.integer("white", 0, 3)?.unwrap_or(3);
            let b = f.integer("black", 0, 3)?.unwrap_or(3);
            self.inner.set_remaining_checks(w as u8, b as u8)
        });
        read.map_err(js_error)
    }

    /// Four players: each player's points, `{red, blue, yellow, green}`; `undefined` for two.
    #[cfg(feature = "four")]
    #[wasm_bindgen(getter, unchecked_return_type = "Record<Seat, number> | undefined")]
    pub fn points(&self) -> Result<JsValue, JsValue> {
        match self.inner.points() {
            Some(points) => {
                let pairs: Vec<(String, String)> = self
                    .inner
                    .kind()
                    .players()
                    .iter()
                    .zip(points)
                    .map(|(p, n)| (p.name().to_string(), n.to_string()))
                    .collect();
                numbers_object(&pairs)
            }
            None => Ok(JsValue::UNDEFINED),
        }
    }

    /// Four players: sets points, `{blue: 12}` (players left out keep theirs). All or
    /// nothing.
    #[cfg(feature = "four")]
    #[wasm_bindgen(setter)]
    pub fn set_points(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Partial<Record<Seat, number>>")] v: JsValue,
    ) -> Result<(), JsValue> {
        let kind = self.inner.kind();
        let read = Fields::open(&v, "points").and_then(|f| {
            let f = f.ok_or_else(|| {
                Error::invalid_argument("points must be an object such as {red: 0, blue: 12}")
            })?;
            let mut next = self.inner.clone();
            for (name, value) in f.entries()? {
                let player = kind.parse_player(&name)?;
                let n = super::options::opt_integer(&value, "points", 0, 1_000_000)?
                    .unwrap_or_default();
                next.set_points(player, n as i32)?;
            }
            self.inner = next;
            Ok(())
        });
        read.map_err(js_error)
    }

    /// Four players: the players who are out; `undefined` for two.
    #[cfg(feature = "four")]
    #[wasm_bindgen(getter, unchecked_return_type = "Seat[] | undefined")]
    pub fn out(&self) -> Result<JsValue, JsValue> {
        if self.inner.points().is_none() {
            return Ok(JsValue::UNDEFINED);
        }
        let players: Vec<crate::Player> = self
            .inner
            .kind()
            .players()
            .iter()
            .copied()
            .filter(|p| self.inner.is_out(*p))
            .collect();
        out(Ok(players))
    }

    /// Four players: sets who is out (everyone else is in). All or nothing.
    #[cfg(feature = "four")]
    #[wasm_bindgen(setter)]
    pub fn set_out(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Seat[]")] v: JsValue,
    ) -> Result<(), JsValue> {
        let kind = self.inner.kind();
        let read = read_array(&v, "out", 4).and_then(|items| {
            let outs = items
                .iter()
                .map(|p| player_arg(p, kind, "out[]"))
                .collect::<Result<Vec<_>, _>>()?;
            let mut next = self.inner.clone();
            for &p in kind.players() {
                next.set_out(p, outs.contains(&p))?;
            }
            self.inner = next;
            Ok(())
        });
        read.map_err(js_error)
    }

    /// The position as FEN (FEN4 for four players), as edited: it may be invalid.
    pub fn fen(&self) -> String {
        self.inner.fen()
    }

    /// `validateFen` of `fen()`: `{ok: true, fen}` or `{ok: false, code, message}`.
    #[wasm_bindgen(unchecked_return_type = "FenCheck")]
    pub fn validate(&self) -> Result<JsValue, JsValue> {
        out(Ok(self.inner.validate()))
    }

    /// A game from this position (`{seed?}` as `newGame`'s). Throws `invalid-fen` (the
    /// message says why) when `validate()` refuses it.
    #[wasm_bindgen(js_name = newGame)]
    pub fn new_game(
        &self,
        #[wasm_bindgen(unchecked_param_type = "{ seed?: number }")] options: Option<JsValue>,
    ) -> Result<Game, JsValue> {
        let options = options.unwrap_or(JsValue::UNDEFINED);
        Fields::options(&options, "newGame options", &["seed"])
            .and_then(|f| {
                let seed = match f {
                    Some(f) => f.integer("seed", 0, MAX_SAFE_INTEGER)?.unwrap_or(0),
                    None => 0,
                };
                self.inner.new_game(seed)
            })
            .map(Game::from)
            .map_err(js_error)
    }
}

impl Setup {
    fn read_castling(
        &self,
        v: &JsValue,
    ) -> Result<Vec<(Player, CastlingSide, Option<String>)>, Error> {
        let kind = self.inner.kind();
        // A loop, not a `collect` into a `Result`: one copy of the iterator machinery less
        // in the wasm (docs/BENCHMARKS.md, "Package size").
        let mut rights = Vec::new();
        for item in read_array(v, "castling", 8)?.iter() {
            let f = Fields::open(item, "castling right")?.ok_or_else(|| {
                Error::invalid_argument("a castling right must be an object {player, side, rook?}")
            })?;
            let player = player_arg(&f.get("player")?, kind, "castling right \"player\"")?;
            let side = f.string("side")?.unwrap_or_default();
            let side = CastlingSide::from_name(&side).ok_or_else(|| {
                Error::invalid_argument("castling right \"side\" must be \"king\" or \"queen\"")
            })?;
            rights.push((player, side, f.string("rook")?));
        }
        Ok(rights)
    }
}

/// The items of a JS array of at most `max` entries.
fn read_array(v: &JsValue, what: &str, max: u32) -> Result<Vec<JsValue>, Error> {
    let bad = || {
        Error::formatted(
            ErrorKind::InvalidArgument,
            format_args!(
                "{what} must be an array of at most {max} entries, got {}",
                describe(v)
            ),
        )
    };
    if absent(v) || !js::is_array(v).unwrap_or(false) {
        return Err(bad());
    }
    let len = js::array_length(v, max)
        .map_err(|_| bad())?
        .ok_or_else(bad)?;
    let mut items = Vec::with_capacity(len as usize);
    for i in 0..len {
        items.push(Reflect::get_u32(v, i).map_err(|_| bad())?);
    }
    Ok(items)
}

/// `{"name": n, ...}` from names and the decimal text of their numbers.
fn numbers_object(pairs: &[(String, String)]) -> Result<JsValue, JsValue> {
    let mut text = String::from("{");
    for (i, (k, v)) in pairs.iter().enumerate() {
        if i > 0 {
            text.push(',');
        }
        text.push_str(&format!("\"{k}\":{v}"));
    }
    text.push('}');
    js::parse_json(&text).ok_or_else(|| js_error(Error::internal("bad numbers object")))
}

#[wasm_bindgen]
impl Game {
    /// The squares of the pieces (of `player` only, when given) that attack `square` now.
    #[wasm_bindgen(unchecked_return_type = "string[]")]
    pub fn attackers(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] square: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Player")] player: Option<JsValue>,
    ) -> Result<JsValue, JsValue> {
        let kind = self.inner.kind();
        let player = player.unwrap_or(JsValue::UNDEFINED);
        out(square_arg(&square).and_then(|sq| {
            let p = super::options::player(&player, kind)?;
            self.inner.attackers(&sq, p)
        }))
    }

    /// Whether a piece of `by` attacks `square` now.
    #[wasm_bindgen(js_name = isAttacked)]
    pub fn is_attacked(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] square: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Player")] by: JsValue,
    ) -> Result<bool, JsValue> {
        let kind = self.inner.kind();
        square_arg(&square)
            .and_then(|sq| {
                let p = player_arg(&by, kind, "by")?;
                self.inner.is_attacked(&sq, p)
            })
            .map_err(js_error)
    }
}
