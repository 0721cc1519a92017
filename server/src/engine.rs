//! The server's one window on the rules engine.
//!
//! Everything the rooms need from tablero goes through [`Engine`]: start a game of a kind,
//! apply an [`Action`] (a move with its seat, a resignation, a draw claim, a time-out), read
//! the position and the status as JSON in the package's shapes, and ask the computer for a
//! move. Keeping this surface small is what lets the engine crate be redesigned underneath
//! (issue 9) without touching the rooms: only this file follows it.
//!
//! The JSON the rooms send is the engine's own serde output (`tablero::record`): the same
//! values the wasm package turns into its JS objects, so `status`, `score` and `last` in a
//! room's `state` message have exactly the package's shapes.

use serde_json::Value;
use tablero::{AiOptions, Game, GameKind, NewGame, Player, Rules};

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

    /// The engine's name for this game.
    pub fn game_kind(self) -> GameKind {
        match self {
            Kind::Chess => GameKind::Chess,
            Kind::ThreeCheck => GameKind::ThreeCheck,
            Kind::KingOfTheHill => GameKind::KingOfTheHill,
            Kind::RacingKings => GameKind::RacingKings,
            Kind::Ffa => GameKind::FourPlayer(Rules::Ffa),
            Kind::Kingdoms => GameKind::FourPlayer(Rules::Kingdoms),
        }
    }

    /// The engine's player sitting at seat index `seat` (table order).
    fn player(self, seat: usize) -> Option<Player> {
        self.seats().get(seat).and_then(|n| Player::from_name(n))
    }

    /// The seat index (table order) of the engine's `player`.
    fn seat_of(self, player: Player) -> Option<usize> {
        self.seats().iter().position(|n| *n == player.name())
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
    // Only game-over is worth its own code to a client; every other engine refusal of a
    // move's text (unparsable, not legal, wrong square) is an illegal move.
    let code = match e.code() {
        "game-over" => "game-over",
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

/// A game of any kind with the server's view of it: seats by table index, the stored action
/// forms, and the package's JSON.
#[derive(Clone)]
pub struct Engine {
    kind: Kind,
    game: Game,
}

impl Engine {
    /// A new game of `kind` from its start position. `move_limit` only applies to the
    /// four-player games (R5.23); `seed` drives Four Kingdoms' random moves and the computer's
    /// choices.
    pub fn new(kind: Kind, seed: u64, move_limit: Option<u32>) -> Engine {
        let opts = NewGame {
            kind: kind.game_kind(),
            seed,
            move_limit: if kind.is_four() { move_limit } else { None },
            ..NewGame::default()
        };
        // The API validates the move limit before a room exists; should a stored value still
        // be refused, the room plays without a limit rather than not at all.
        let game = Game::new(opts.clone()).unwrap_or_else(|_| {
            Game::new(NewGame {
                move_limit: None,
                ..opts
            })
            .expect("a start position without options is always valid")
        });
        Engine { kind, game }
    }

    /// The game's kind.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// Number of history entries (the protocol's `ply`).
    pub fn ply(&self) -> usize {
        self.game.ply()
    }

    /// Has the game ended?
    pub fn is_over(&self) -> bool {
        self.game.status().over
    }

    /// The seat (index into [`Kind::seats`]) to move, `None` once over.
    pub fn turn(&self) -> Option<usize> {
        self.game.status().turn.and_then(|p| self.kind.seat_of(p))
    }

    /// Is the seat still in the game (four players: not resigned, mated or timed out)?
    fn active(&self, seat: usize) -> bool {
        let Some(player) = self.kind.player(seat) else {
            return false;
        };
        self.game
            .score()
            .iter()
            .find(|s| s.player == player)
            .is_some_and(|s| !s.status.is_some_and(|st| st.is_out()))
    }

    /// Applies `action` after checking that its seat may do it now. On refusal the game is
    /// unchanged. Returns the stored form of the action (the move normalised to UCI).
    pub fn apply(&mut self, action: &Action) -> Result<Action, Refusal> {
        if self.is_over() {
            return Err(Refusal::new("game-over", "the game is over"));
        }
        let Some(player) = self.kind.player(action.seat()) else {
            return Err(Refusal::new("not-seated", "no such seat"));
        };
        match action {
            Action::Move { seat, text } => {
                if self.turn() != Some(*seat) {
                    return Err(Refusal::new(
                        "not-your-turn",
                        format!("it is not {}'s turn", player.name()),
                    ));
                }
                let played = self.game.play_text(text).map_err(from_engine)?;
                Ok(Action::Move {
                    seat: *seat,
                    text: played.uci,
                })
            }
            Action::Resign { seat } => {
                if self.kind.is_four() && !self.active(*seat) {
                    return Err(Refusal::new("already-out", "you are already out"));
                }
                self.game.resign(Some(player)).map_err(from_engine)?;
                Ok(action.clone())
            }
            Action::ClaimDraw { .. } => {
                if self.kind.is_four() {
                    Err(Refusal::new(
                        "no-draw",
                        "four-player games have no draw claims",
                    ))
                } else if self.game.claim_draw() {
                    Ok(action.clone())
                } else {
                    Err(Refusal::new(
                        "no-draw",
                        "no draw can be claimed (threefold repetition or 50 moves)",
                    ))
                }
            }
            Action::Timeout { seat } => {
                if !self.kind.times_out() {
                    return Err(Refusal::new(
                        "bad-message",
                        "only Four Kingdoms times players out",
                    ));
                }
                if !self.active(*seat) {
                    return Err(Refusal::new("already-out", "already out"));
                }
                self.game.timeout(Some(player)).map_err(from_engine)?;
                Ok(action.clone())
            }
        }
    }

    /// The history as move texts: UCI for two players, PGN4 move text for four (`R` and `T`
    /// for resignations and time-outs).
    pub fn moves(&self) -> Vec<String> {
        let four = self.kind.is_four();
        self.game
            .history()
            .into_iter()
            .map(|m| if four { m.san } else { m.uci })
            .collect()
    }

    /// The current position as FEN (FEN4 for four players).
    pub fn fen(&self) -> String {
        self.game.fen()
    }

    /// The last history entry as the package's `Move` object (`null` at the start).
    pub fn last_json(&self) -> Value {
        self.game
            .history()
            .last()
            .and_then(|m| serde_json::to_value(m).ok())
            .unwrap_or(Value::Null)
    }

    /// Final places per seat in table order (1-based, shared places equal) once the game is
    /// over.
    pub fn places(&self) -> Option<Vec<u32>> {
        if !self.is_over() {
            return None;
        }
        let seats = self.kind.seats().len();
        let mut places = vec![seats as u32; seats];
        for s in self.game.score() {
            if let (Some(i), Some(place)) = (self.kind.seat_of(s.player), s.place) {
                places[i] = place;
            }
        }
        Some(places)
    }

    /// `game.score()` as the package serializes it.
    pub fn score_json(&self) -> Value {
        serde_json::to_value(self.game.score()).unwrap_or(Value::Null)
    }

    /// `game.status()` as the package serializes it.
    pub fn status_json(&self) -> Value {
        serde_json::to_value(self.game.status()).unwrap_or(Value::Null)
    }

    /// The computer's move for the seat to move at `level` (1–8) within `nodes` nodes,
    /// as UCI text. Deterministic for a given game, level, budget and ply (the engine mixes
    /// the game's seed with the ply).
    pub fn ai_move(&self, level: u8, nodes: u64) -> Result<String, Refusal> {
        let opts = AiOptions {
            level: level.clamp(1, 8),
            time_ms: None,
            nodes: Some(nodes.clamp(1, tablero::ai::MAX_NODES)),
            seed: None,
        };
        let m = self.game.ai_move(&opts).map_err(from_engine)?;
        Ok(m.uci)
    }
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
