//! The server's one window on the rules engine.
//!
//! Everything the rooms need from tablero goes through [`Engine`]: start a game of a kind,
//! apply an [`Action`] (a move with its seat, a resignation, a draw claim, a time-out), read
//! the position and the status as JSON in the package's shapes, and ask the computer for a
//! move. Keeping this surface small is what lets the engine crate be redesigned underneath
//! (issue 9) without touching the rooms: only this file follows it.
//!
//! The JSON shapes follow `notes/contract.md` (`status.inCheck` is a list, `result.winners`
//! a list, two-player `score` carries `points`, `checks` in Three-check and `place` once
//! over), which is what the redesigned package returns.

use serde_json::{Value, json};
use tablero::ai::{AiOptions, choose_move_4, choose_move_8};
use tablero::chess8::{Color, Variant};
use tablero::four::{FourGame, Rules, Seat};
use tablero::game::Game as Game8;

/// The six games a room can hold, by their API names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Standard chess.
    Chess,
    /// Three-check.
    ThreeCheck,
    /// King of the Hill.
    KingOfTheHill,
    /// Racing Kings.
    RacingKings,
    /// Four-player free-for-all.
    Ffa,
    /// Four-player Four Kingdoms.
    Kingdoms,
}

impl Kind {
    /// Every kind, in the order the API documents them.
    pub const ALL: [Kind; 6] = [
        Kind::Chess,
        Kind::ThreeCheck,
        Kind::KingOfTheHill,
        Kind::RacingKings,
        Kind::Ffa,
        Kind::Kingdoms,
    ];

    /// The API name (`"3check"`, `"kingdoms"`).
    pub fn name(self) -> &'static str {
        match self {
            Kind::Chess => "chess",
            Kind::ThreeCheck => "3check",
            Kind::KingOfTheHill => "kingofthehill",
            Kind::RacingKings => "racingkings",
            Kind::Ffa => "ffa",
            Kind::Kingdoms => "kingdoms",
        }
    }

    /// Parses an API name; `None` for anything else.
    pub fn parse(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The seats of the game in table order (the order of `seats` in room messages).
    pub fn seats(self) -> &'static [&'static str] {
        if self.is_four() {
            &["red", "blue", "yellow", "green"]
        } else {
            &["white", "black"]
        }
    }

    /// Four-player game?
    pub fn is_four(self) -> bool {
        matches!(self, Kind::Ffa | Kind::Kingdoms)
    }

    /// Does a player whose turn timer runs out lose their place (R6.4), rather than have the
    /// computer play that turn (R9.2)?
    pub fn times_out(self) -> bool {
        self == Kind::Kingdoms
    }
}

/// Why the engine refused an action; `code` is one of the protocol's error codes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// Stable protocol code (`illegal-move`, `not-your-turn`, `game-over`, ...).
    pub code: &'static str,
    /// Human-readable explanation.
    pub message: String,
}

impl Refusal {
    fn new(code: &'static str, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
        }
    }
}

fn from_engine(e: tablero::Error) -> Refusal {
    let code = match e.code() {
        "game-over" => "game-over",
        "illegal-move" => "illegal-move",
        _ => "illegal-move",
    };
    Refusal::new(code, e.message)
}

/// One thing that changes a game, as stored in the `moves` table.
///
/// The stored text is `move:<seat>:<uci>` for a move and `resign:<seat>`, `draw:<seat>` or
/// `timeout:<seat>` for the others, so a record replays without knowing whose turn it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// `seat` plays the move written `text` (UCI, SAN or PGN4 text).
    Move { seat: usize, text: String },
    /// `seat` resigns.
    Resign { seat: usize },
    /// `seat` claims a draw (two players; threefold repetition or 50 moves).
    ClaimDraw { seat: usize },
    /// `seat`'s turn timer ran out (Four Kingdoms).
    Timeout { seat: usize },
}

impl Action {
    /// The seat that acts.
    pub fn seat(&self) -> usize {
        match self {
            Action::Move { seat, .. }
            | Action::Resign { seat }
            | Action::ClaimDraw { seat }
            | Action::Timeout { seat } => *seat,
        }
    }

    /// The stored form (see the type's documentation).
    pub fn encode(&self, kind: Kind) -> String {
        let name = |s: usize| kind.seats().get(s).copied().unwrap_or("?");
        match self {
            Action::Move { seat, text } => format!("move:{}:{text}", name(*seat)),
            Action::Resign { seat } => format!("resign:{}", name(*seat)),
            Action::ClaimDraw { seat } => format!("draw:{}", name(*seat)),
            Action::Timeout { seat } => format!("timeout:{}", name(*seat)),
        }
    }

    /// Parses the stored form; `None` for anything else.
    pub fn decode(kind: Kind, text: &str) -> Option<Action> {
        let seat_of = |s: &str| kind.seats().iter().position(|n| *n == s);
        let (verb, rest) = text.split_once(':')?;
        match verb {
            "move" => {
                let (s, mv) = rest.split_once(':')?;
                Some(Action::Move {
                    seat: seat_of(s)?,
                    text: mv.to_string(),
                })
            }
            "resign" => Some(Action::Resign {
                seat: seat_of(rest)?,
            }),
            "draw" => Some(Action::ClaimDraw {
                seat: seat_of(rest)?,
            }),
            "timeout" => Some(Action::Timeout {
                seat: seat_of(rest)?,
            }),
            _ => None,
        }
    }
}

enum Inner {
    Two(Box<Game8>),
    Four(Box<FourGame>),
}

/// A game of any kind with the server's view of it.
pub struct Engine {
    kind: Kind,
    seed: u64,
    inner: Inner,
}

impl Clone for Engine {
    fn clone(&self) -> Self {
        Engine {
            kind: self.kind,
            seed: self.seed,
            inner: match &self.inner {
                Inner::Two(g) => Inner::Two(g.clone()),
                Inner::Four(g) => Inner::Four(g.clone()),
            },
        }
    }
}

fn color_of(seat: usize) -> Color {
    if seat == 0 {
        Color::White
    } else {
        Color::Black
    }
}

impl Engine {
    /// A new game of `kind` from its start position. `move_limit` only applies to the
    /// four-player games (R5.23); `seed` drives Four Kingdoms' random moves and the computer's
    /// choices.
    pub fn new(kind: Kind, seed: u64, move_limit: Option<u32>) -> Engine {
        let inner = match kind {
            Kind::Chess => Inner::Two(Box::new(Game8::new(Variant::Chess))),
            Kind::ThreeCheck => Inner::Two(Box::new(Game8::new(Variant::ThreeCheck))),
            Kind::KingOfTheHill => Inner::Two(Box::new(Game8::new(Variant::KingOfTheHill))),
            Kind::RacingKings => Inner::Two(Box::new(Game8::new(Variant::RacingKings))),
            Kind::Ffa => Inner::Four(Box::new(FourGame::new(
                Rules::Ffa,
                Seat::Red,
                move_limit,
                seed,
            ))),
            Kind::Kingdoms => Inner::Four(Box::new(FourGame::new(
                Rules::Kingdoms,
                Seat::Red,
                move_limit,
                seed,
            ))),
        };
        Engine { kind, seed, inner }
    }

    /// The game's kind.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// Number of history entries (the protocol's `ply`).
    pub fn ply(&self) -> usize {
        match &self.inner {
            Inner::Two(g) => g.history().len(),
            Inner::Four(g) => g.history_len(),
        }
    }

    /// Has the game ended?
    pub fn is_over(&self) -> bool {
        match &self.inner {
            Inner::Two(g) => g.result().is_some(),
            Inner::Four(g) => g.is_over(),
        }
    }

    /// The seat (index into [`Kind::seats`]) to move, `None` once over.
    pub fn turn(&self) -> Option<usize> {
        match &self.inner {
            Inner::Two(g) => g.result().is_none().then(|| g.position().turn() as usize),
            Inner::Four(g) => g.status().turn.map(Seat::index),
        }
    }

    /// Applies `action` after checking that its seat may do it now. On refusal the game is
    /// unchanged. Returns the stored form of the action (the move normalised to UCI).
    pub fn apply(&mut self, action: &Action) -> Result<Action, Refusal> {
        if self.is_over() {
            return Err(Refusal::new("game-over", "the game is over"));
        }
        let seats = self.kind.seats().len();
        if action.seat() >= seats {
            return Err(Refusal::new("not-seated", "no such seat"));
        }
        match action {
            Action::Move { seat, text } => {
                if self.turn() != Some(*seat) {
                    return Err(Refusal::new(
                        "not-your-turn",
                        format!("it is not {}'s turn", self.kind.seats()[*seat]),
                    ));
                }
                let uci = match &mut self.inner {
                    Inner::Two(g) => g.play_str(text).map_err(from_engine)?.uci.clone(),
                    Inner::Four(g) => {
                        let info = g.play(text).map_err(from_engine)?;
                        info.uci
                    }
                };
                Ok(Action::Move {
                    seat: *seat,
                    text: uci,
                })
            }
            Action::Resign { seat } => {
                match &mut self.inner {
                    Inner::Two(g) => g.resign(color_of(*seat)).map_err(from_engine)?,
                    Inner::Four(g) => {
                        if !self_active(g, *seat) {
                            return Err(Refusal::new("already-out", "you are already out"));
                        }
                        g.resign(Seat::from_index(*seat)).map_err(from_engine)?
                    }
                }
                Ok(action.clone())
            }
            Action::ClaimDraw { .. } => match &mut self.inner {
                Inner::Two(g) => {
                    if g.claim_draw() {
                        Ok(action.clone())
                    } else {
                        Err(Refusal::new(
                            "no-draw",
                            "no draw can be claimed (threefold repetition or 50 moves)",
                        ))
                    }
                }
                Inner::Four(_) => Err(Refusal::new(
                    "no-draw",
                    "four-player games have no draw claims",
                )),
            },
            Action::Timeout { seat } => match &mut self.inner {
                Inner::Four(g) if g.rules() == Rules::Kingdoms => {
                    if !self_active(g, *seat) {
                        return Err(Refusal::new("already-out", "already out"));
                    }
                    g.timeout(Seat::from_index(*seat)).map_err(from_engine)?;
                    Ok(action.clone())
                }
                _ => Err(Refusal::new(
                    "bad-message",
                    "only Four Kingdoms times players out",
                )),
            },
        }
    }

    /// The history as move texts: UCI for two players, PGN4 move text for four (`R` and `T`
    /// for resignations and time-outs).
    pub fn moves(&self) -> Vec<String> {
        match &self.inner {
            Inner::Two(g) => g.history().iter().map(|m| m.uci.clone()).collect(),
            Inner::Four(g) => g.history().into_iter().map(|m| m.san).collect(),
        }
    }

    /// The current position as FEN (FEN4 for four players).
    pub fn fen(&self) -> String {
        match &self.inner {
            Inner::Two(g) => g.fen(),
            Inner::Four(g) => g.fen4(),
        }
    }

    /// The last history entry as the package's `Move` object, if any.
    pub fn last_json(&self) -> Value {
        match &self.inner {
            Inner::Two(g) => match g.history().last() {
                None => Value::Null,
                Some(p) => json!({
                    "player": p.player.name(),
                    "kind": "move",
                    "from": p.mv.from.to_string(),
                    "to": p.mv.king_to().to_string(),
                    "promotion": p.mv.promotion().map(|r| r.char().to_string()),
                    "uci": p.uci,
                    "san": p.san,
                    "piece": p.piece.name(),
                    "captured": p.captured.map(|r| r.name()),
                    "check": p.check,
                }),
            },
            Inner::Four(g) => g
                .last_entry()
                .and_then(|m| serde_json::to_value(m).ok())
                .unwrap_or(Value::Null),
        }
    }

    /// Final places per seat (1-based, shared places equal) once the game is over.
    pub fn places(&self) -> Option<Vec<u32>> {
        match &self.inner {
            Inner::Two(g) => {
                let r = g.result()?;
                Some(match r.winner {
                    None => vec![1, 1],
                    Some(Color::White) => vec![1, 2],
                    Some(Color::Black) => vec![2, 1],
                })
            }
            Inner::Four(g) => {
                let status = g.status();
                let result = status.result?;
                let mut places = vec![4; 4];
                for s in &result.scores {
                    places[s.player.index()] = s.place.unwrap_or(4);
                }
                Some(places)
            }
        }
    }

    /// `score()` in the package's shape: two players `{player, points, checks?, place?}`,
    /// four players `{player, points, status, place?}`.
    pub fn score_json(&self) -> Value {
        match &self.inner {
            Inner::Two(g) => {
                let places = self.places();
                let pos = g.position();
                let checks = g.variant() == Variant::ThreeCheck;
                let list: Vec<Value> = [Color::White, Color::Black]
                    .into_iter()
                    .enumerate()
                    .map(|(i, c)| {
                        let mut o = serde_json::Map::new();
                        o.insert("player".into(), json!(c.name()));
                        let points = match &places {
                            Some(p) if p[0] == p[1] => 0.5,
                            Some(p) if p[i] == 1 => 1.0,
                            _ => 0.0,
                        };
                        o.insert("points".into(), json!(points));
                        if checks {
                            o.insert("checks".into(), json!(pos.checks_given(c)));
                        }
                        if let Some(p) = &places {
                            o.insert("place".into(), json!(p[i]));
                        }
                        Value::Object(o)
                    })
                    .collect();
                Value::Array(list)
            }
            Inner::Four(g) => serde_json::to_value(g.scores()).unwrap_or(Value::Null),
        }
    }

    /// `status()` in the package's shape: `{turn, inCheck, over, result?, canClaimDraw}`.
    pub fn status_json(&self) -> Value {
        match &self.inner {
            Inner::Two(g) => {
                let pos = g.position();
                let result = g.result();
                let mut o = json!({
                    "turn": result.is_none().then(|| pos.turn().name()),
                    "inCheck": if result.is_none() && pos.is_check() { vec![pos.turn().name()] } else { vec![] },
                    "over": result.is_some(),
                    "canClaimDraw": g.claimable_draw().is_some(),
                });
                if let Some(r) = result {
                    o["result"] = json!({
                        "winners": r.winner.map(|c| vec![c.name()]).unwrap_or_default(),
                        "reason": r.reason.code(),
                        "scores": self.score_json(),
                    });
                }
                o
            }
            Inner::Four(g) => {
                let mut v = serde_json::to_value(g.status()).unwrap_or(Value::Null);
                v["canClaimDraw"] = json!(false);
                v
            }
        }
    }

    /// The computer's move for the seat to move at `level` (1–8) within `nodes` nodes,
    /// as move text. Deterministic for a given game, level, budget and ply.
    pub fn ai_move(&self, level: u8, nodes: u64) -> Result<String, Refusal> {
        let opts = AiOptions {
            level: level.clamp(1, 8),
            time_ms: None,
            nodes: Some(nodes.max(1)),
            seed: self.seed ^ (self.ply() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15),
        };
        match &self.inner {
            Inner::Two(g) => {
                let c = choose_move_8(g, &opts).map_err(from_engine)?;
                Ok(c.mv.uci())
            }
            Inner::Four(g) => {
                let c = choose_move_4(g, &opts).map_err(from_engine)?;
                let m = c.mv;
                Ok(format!(
                    "{}{}{}",
                    m.from(),
                    m.to(),
                    if m.is_promotion() { "q" } else { "" }
                ))
            }
        }
    }
}

fn self_active(g: &FourGame, seat: usize) -> bool {
    g.scores().get(seat).is_some_and(|s| !s.status.is_out())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_round_trip_through_their_stored_form() {
        for kind in Kind::ALL {
            for seat in 0..kind.seats().len() {
                for a in [
                    Action::Move {
                        seat,
                        text: "e2e4".into(),
                    },
                    Action::Resign { seat },
                    Action::ClaimDraw { seat },
                    Action::Timeout { seat },
                ] {
                    assert_eq!(Action::decode(kind, &a.encode(kind)), Some(a));
                }
            }
        }
        assert_eq!(Action::decode(Kind::Chess, "move:red:e2e4"), None);
        assert_eq!(Action::decode(Kind::Chess, "nonsense"), None);
    }

    #[test]
    fn a_move_out_of_turn_is_refused_and_changes_nothing() {
        let mut e = Engine::new(Kind::Chess, 1, None);
        let r = e.apply(&Action::Move {
            seat: 1,
            text: "e7e5".into(),
        });
        assert_eq!(r.unwrap_err().code, "not-your-turn");
        assert_eq!(e.ply(), 0);
        let r = e.apply(&Action::Move {
            seat: 0,
            text: "e2e5".into(),
        });
        assert_eq!(r.unwrap_err().code, "illegal-move");
        let ok = e.apply(&Action::Move {
            seat: 0,
            text: "e4".into(),
        });
        assert_eq!(
            ok.unwrap(),
            Action::Move {
                seat: 0,
                text: "e2e4".into()
            }
        );
        assert_eq!(e.ply(), 1);
    }
}
