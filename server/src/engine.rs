//! The server's one window on the rules engine.
//!
//! Everything the rooms need from tablero goes through [`Engine`]: start a game of a
//! [`GameKind`] (the crate's one table of games: a room's game, seats and timer rule), apply
//! a seat's [`Action`] (a move, a resignation, a draw claim, a time-out; the one action type,
//! from the socket message to the stored record), read the position, the status and the move
//! lists as JSON in the package's shapes, and ask the computer for a move. Keeping this surface small is what lets the engine crate be redesigned underneath
//! (issue 9) without touching the rooms: only this file follows it.
//!
//! The JSON the rooms send is the engine's own serde output (`tablero::record`): the same
//! values the wasm package turns into its JS objects, so `status`, `score` and `last` in a
//! room's `state` message have exactly the package's shapes.

use serde::Deserialize;
use serde_json::Value;
use tablero::{
    AiOptions, Game, GameKind, GameResult, MoveRecord, NewGame, Player, ResultReason, Role, Score,
    Status,
};

use crate::clock::{FlagOutcome, Material, flag_outcome};
use crate::offers::OfferKind;
use crate::refusal::Refusal;

/// A chat channel (R12's rooms, like lichess): the players' (read by everyone), the
/// watchers' (not sent to the players while the game goes on) and, in Teams (R14), a team's
/// (read by the two partners only).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Channel {
    /// Said by seated players.
    Players,
    /// Said by watchers.
    Watchers,
    /// Said by a seated player of a Teams game to its partner: read by the two partners only,
    /// also after the game (it is their own talk).
    Team,
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

/// One thing a seat does to a game: what a client's socket message decodes to (the
/// protocol's JSON: `{"type":"move","move":"e2e4","ply":0}`, `{"type":"resign"}`,
/// `{"type":"claimDraw"}`), what the engine applies and what the `moves` table stores.
///
/// The stored text is `move:<seat>:<uci>` for a move and `resign:<seat>`, `draw:<seat>` or
/// `timeout:<seat>` for the others, so a record replays without knowing whose turn it was;
/// a stored move's ply is its row's.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
// Unknown extra fields are ignored, so clients may add their own (a request id, say).
#[serde(tag = "type", rename_all = "camelCase")]
pub enum Action {
    /// Play the move written `text` (UCI, SAN or PGN4 move text; the engine reads it) at ply
    /// `ply`, the ply of the state the player saw.
    Move {
        /// The move as the player wrote it; UCI once applied.
        #[serde(rename = "move")]
        text: String,
        /// The ply the move is made at: a move made at an earlier ply is stale.
        ply: i64,
    },
    /// Resign.
    Resign,
    /// Claim a draw (two players; threefold repetition or 50 moves).
    ClaimDraw,
    /// The seat's turn timer ran out (Four Kingdoms). Only the room's timer does this; no
    /// message decodes to it.
    #[serde(skip_deserializing)]
    Timeout,
    /// Offer a draw, a takeback or a rematch (R12): `{"type":"offer","offer":"draw"}`.
    Offer {
        /// What is offered.
        offer: OfferKind,
    },
    /// Answer the open offer of a kind: `{"type":"answer","offer":"draw","accept":true}`.
    Answer {
        /// Which offer.
        offer: OfferKind,
        /// Yes or no.
        accept: bool,
    },
    /// Abort the game before every seat has made a first move (R12.3); stored as
    /// `abort:<seat>`, also when the room aborts for a first move not made in time.
    Abort,
    /// A chat line: `{"type":"chat","text":"gg"}`, optionally with `"channel"`. Not a game
    /// action: the room stores it in its chat, never in the moves.
    Chat {
        /// The line, plain text.
        text: String,
        /// The channel; by default the sender's (players for a seat, watchers otherwise).
        #[serde(default)]
        channel: Option<Channel>,
    },
    /// The seat's game clock ran out (R11.3–R11.4). Only the room's clock does this.
    #[serde(skip_deserializing)]
    Flag,
    /// A draw agreed by every player still in (R12.1); the seat is the one whose acceptance
    /// completed it. Only the room does this, from the offers.
    #[serde(skip_deserializing)]
    AgreeDraw,
    /// Undo `plies` moves (an accepted takeback, R12.2); the seat is the asker.
    #[serde(skip_deserializing)]
    Takeback {
        /// Moves undone (1 or 2).
        plies: usize,
    },
}

impl Action {
    /// The stored form of `seat` doing this in a game of `kind` (see the type's
    /// documentation).
    pub fn encode(&self, kind: GameKind, seat: usize) -> String {
        let name = kind.players().get(seat).map_or("?", |p| p.name());
        match self {
            Action::Move { text, .. } => format!("move:{name}:{text}"),
            Action::Resign => format!("resign:{name}"),
            Action::ClaimDraw => format!("draw:{name}"),
            Action::Timeout => format!("timeout:{name}"),
            Action::Flag => format!("flag:{name}"),
            Action::AgreeDraw => format!("agree:{name}"),
            Action::Abort => format!("abort:{name}"),
            Action::Takeback { plies } => format!("takeback:{name}:{plies}"),
            // Never stored: offers live in the room, chat in its own table.
            Action::Offer { .. } | Action::Answer { .. } | Action::Chat { .. } => {
                format!("none:{name}")
            }
        }
    }

    /// Reads the stored form of an action made at `ply`: the seat and the action; `None` for
    /// anything else.
    pub fn decode(kind: GameKind, text: &str, ply: i64) -> Option<(usize, Action)> {
        let seat_of = |s: &str| kind.players().iter().position(|p| p.name() == s);
        let (verb, rest) = text.split_once(':')?;
        match verb {
            "move" => {
                let (s, mv) = rest.split_once(':')?;
                let text = mv.to_string();
                Some((seat_of(s)?, Action::Move { text, ply }))
            }
            "resign" => Some((seat_of(rest)?, Action::Resign)),
            "draw" => Some((seat_of(rest)?, Action::ClaimDraw)),
            "timeout" => Some((seat_of(rest)?, Action::Timeout)),
            "flag" => Some((seat_of(rest)?, Action::Flag)),
            "agree" => Some((seat_of(rest)?, Action::AgreeDraw)),
            "abort" => Some((seat_of(rest)?, Action::Abort)),
            "takeback" => {
                let (s, n) = rest.split_once(':')?;
                let plies = n.parse().ok().filter(|n| (1..=2).contains(n))?;
                Some((seat_of(s)?, Action::Takeback { plies }))
            }
            _ => None,
        }
    }
}

/// A game of any kind with the server's view of it: seats by table index
/// ([`GameKind::players`] order), the stored action forms, and the package's JSON.
///
/// The move lists of the state message (`moves`, `san`) and its `last` entry are kept as the
/// game grows rather than read from the game's history at each broadcast: a state costs the
/// same at ply 300 as at ply 3, apart from writing the lists out.
#[derive(Clone)]
pub struct Engine {
    kind: GameKind,
    game: Game,
    /// The start position (FEN or FEN4): a Chess960 room's is drawn from its seed, so a page
    /// replaying the moves needs it.
    start: String,
    /// Every history entry as UCI.
    uci: Vec<String>,
    /// Every history entry as SAN (two players) or PGN4 move text (four).
    san: Vec<String>,
    /// `uci` and `san` as the inside of a JSON array (`"e2e4","e7e5"`), kept as they grow:
    /// the state message writes them at every change, and escaping the whole lists anew was
    /// most of a move's publishing (docs/BENCHMARKS.md, Server).
    uci_json: String,
    san_json: String,
    /// The last history entry.
    last: Option<MoveRecord>,
    /// How the game ended when the room, not the rules, ended it: a flag, an agreed draw,
    /// an abort (the engine's own game goes on underneath, untouched).
    verdict: Option<Status>,
    /// The seat whose flag ended the game (two players).
    flagged: Option<usize>,
    /// The game's own `status()` and `score()`, read once after each action: each reading
    /// generates the legal moves (is it over?), and a move's check, storing and publishing
    /// asked for them about ten times.
    status: Status,
    score: Vec<Score>,
}

impl Engine {
    /// A new game of `kind` from its start position. `move_limit` only applies to the
    /// four-player games (R5.23); `seed` drives Four Kingdoms' random moves and the computer's
    /// choices.
    pub fn new(kind: GameKind, seed: u64, move_limit: Option<u32>) -> Engine {
        let opts = NewGame {
            kind,
            seed,
            move_limit: if kind.rules().is_some() {
                move_limit
            } else {
                None
            },
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
        Engine {
            kind,
            start: game.fen(),
            status: game.status(),
            score: game.score(),
            game,
            uci: Vec::new(),
            san: Vec::new(),
            uci_json: String::new(),
            san_json: String::new(),
            last: None,
            verdict: None,
            flagged: None,
        }
    }

    /// The package's game (its record: tree, headers, PGN).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game's kind.
    pub fn kind(&self) -> GameKind {
        self.kind
    }

    /// Number of history entries (the protocol's `ply`).
    pub fn ply(&self) -> usize {
        self.game.ply()
    }

    /// Has the game ended?
    pub fn is_over(&self) -> bool {
        self.verdict.is_some() || self.status.over
    }

    /// The seat whose clock ran out, when that ended a two-player game (R11.3).
    pub fn flagged(&self) -> Option<usize> {
        self.flagged
    }

    /// Was the game aborted (R12.3)?
    pub fn is_aborted(&self) -> bool {
        self.verdict
            .as_ref()
            .and_then(|v| v.result.as_ref())
            .is_some_and(|r| r.reason == ResultReason::Aborted)
    }

    /// The seat (index into [`GameKind::players`]) to move, `None` once over.
    pub fn turn(&self) -> Option<usize> {
        if self.verdict.is_some() {
            return None;
        }
        self.status.turn.and_then(|p| self.seat_of(p))
    }

    /// Per seat (table order): is it still in the game (two players: while it goes on)?
    pub fn active_seats(&self) -> Vec<bool> {
        self.kind
            .players()
            .iter()
            .map(|&p| {
                if self.kind.rules().is_some() {
                    self.active(p)
                } else {
                    true
                }
            })
            .collect()
    }

    /// The pieces of `seat` besides its king (R11.3's material test).
    fn material(&self, seat: usize) -> Material {
        let mut m = Material::default();
        let Some(&player) = self.kind.players().get(seat) else {
            return m;
        };
        for p in self.game.board() {
            if p.color != player {
                continue;
            }
            let n = match p.piece {
                Role::Pawn => &mut m.pawns,
                Role::Knight => &mut m.knights,
                Role::Bishop => &mut m.bishops,
                Role::Rook => &mut m.rooks,
                Role::Queen => &mut m.queens,
                _ => continue,
            };
            *n = n.saturating_add(1);
        }
        m
    }

    /// Ends the game by the room's decision: `winners` (seats) and `reason`; `points` per
    /// seat replaces the score's points where given (an agreed four-player draw's +10).
    fn end_by(&mut self, winners: &[usize], reason: ResultReason, add: &[f64], places: bool) {
        let players = self.kind.players();
        let four = self.kind.rules().is_some();
        let mut scores: Vec<Score> = self.score.clone();
        for (i, s) in scores.iter_mut().enumerate() {
            s.points += add.get(i).copied().unwrap_or(0.0);
            if !four && places {
                s.points = if winners.is_empty() {
                    0.5
                } else if winners.contains(&i) {
                    1.0
                } else {
                    0.0
                };
            }
        }
        if places {
            let pts: Vec<f64> = scores.iter().map(|s| s.points).collect();
            for s in scores.iter_mut() {
                s.place = Some(1 + pts.iter().filter(|&&p| p > s.points).count() as u32);
            }
        }
        let winners = if four && places {
            scores
                .iter()
                .filter(|s| s.place == Some(1))
                .map(|s| s.player)
                .collect()
        } else {
            winners
                .iter()
                .filter_map(|&w| players.get(w).copied())
                .collect()
        };
        self.verdict = Some(Status {
            turn: None,
            in_check: Vec::new(),
            over: true,
            result: Some(GameResult {
                winners,
                reason,
                scores,
            }),
            can_claim_draw: false,
        });
    }

    /// The seat index (table order) of the engine's `player`.
    fn seat_of(&self, player: Player) -> Option<usize> {
        self.kind.players().iter().position(|p| *p == player)
    }

    /// Is the seat still in the game (four players: not resigned, mated or timed out)?
    fn active(&self, player: Player) -> bool {
        self.score
            .iter()
            .find(|s| s.player == player)
            .is_some_and(|s| !s.status.is_some_and(|st| st.is_out()))
    }

    /// Applies `action` by `seat` after checking that the seat may do it now. On refusal the
    /// game is unchanged. Returns the stored form of the action (the move normalised to UCI).
    pub fn apply(&mut self, seat: usize, action: &Action) -> Result<Action, Refusal> {
        let r = self.apply_to_game(seat, action);
        // Read again after every action, refused ones included: cheaper to reason about
        // than which refusals leave the game untouched.
        self.status = self.game.status();
        self.score = self.game.score();
        r
    }

    /// [`Engine::apply`] without reading the game's status and score again afterwards.
    fn apply_to_game(&mut self, seat: usize, action: &Action) -> Result<Action, Refusal> {
        if self.is_over() {
            return Err(Refusal::new("game-over", "the game is over"));
        }
        let Some(&player) = self.kind.players().get(seat) else {
            return Err(Refusal::new("not-seated", "no such seat"));
        };
        let four = self.kind.rules().is_some();
        match action {
            Action::Move { text, ply } => {
                if *ply != self.ply() as i64 {
                    return Err(Refusal::new(
                        "stale-ply",
                        format!("the game is at ply {}, not {ply}", self.ply()),
                    ));
                }
                if self.turn() != Some(seat) {
                    return Err(Refusal::new(
                        "not-your-turn",
                        format!("it is not {}'s turn", player.name()),
                    ));
                }
                let played = self.game.play_text(text).map_err(from_engine)?;
                let stored = Action::Move {
                    text: played.uci.clone(),
                    ply: *ply,
                };
                self.follow(Some(played));
                return Ok(stored);
            }
            Action::Resign => {
                if four && !self.active(player) {
                    return Err(Refusal::new("already-out", "you are already out"));
                }
                self.game.resign(Some(player)).map_err(from_engine)?;
            }
            Action::ClaimDraw => {
                if self.turn() != Some(seat) {
                    // R13.1: only the player to move claims, before moving.
                    return Err(Refusal::new(
                        "not-your-turn",
                        "only the player to move may claim a draw",
                    ));
                }
                if four {
                    return Err(Refusal::new(
                        "no-draw",
                        "four-player games have no draw claims",
                    ));
                } else if !self.game.claim_draw() {
                    return Err(Refusal::new(
                        "no-draw",
                        "no draw can be claimed (threefold repetition or 50 moves)",
                    ));
                }
            }
            Action::Timeout => {
                if !self.kind.info().times_out {
                    return Err(Refusal::new(
                        "bad-message",
                        "only Four Kingdoms times players out",
                    ));
                }
                if !self.active(player) {
                    return Err(Refusal::new("already-out", "already out"));
                }
                self.game.timeout(Some(player)).map_err(from_engine)?;
            }
            Action::Flag => {
                if four {
                    if !self.active(player) {
                        return Err(Refusal::new("already-out", "already out"));
                    }
                    // R11.4: the player times out (`T`): out as on resignation in
                    // free-for-all, R6.4 in Four Kingdoms, the team's loss in Teams.
                    self.game.flag(Some(player)).map_err(from_engine)?;
                } else {
                    let opponent = 1 - seat.min(1);
                    let outcome = flag_outcome(self.kind, || self.material(opponent));
                    let winners: &[usize] = match outcome {
                        FlagOutcome::Draw => &[],
                        _ => &[opponent],
                    };
                    let winners = winners.to_vec();
                    self.end_by(&winners, ResultReason::Timeout, &[], true);
                    self.flagged = Some(seat);
                }
            }
            Action::AgreeDraw => {
                let add: Vec<f64> = if four {
                    self.active_seats()
                        .iter()
                        .map(|&a| if a { 10.0 } else { 0.0 })
                        .collect()
                } else {
                    Vec::new()
                };
                self.end_by(&[], ResultReason::Agreement, &add, true);
            }
            Action::Abort => self.end_by(&[], ResultReason::Aborted, &[], false),
            Action::Takeback { plies } => {
                if four || *plies == 0 || *plies > 2 || self.ply() < *plies {
                    return Err(Refusal::new("not-allowed", "no such takeback"));
                }
                for _ in 0..*plies {
                    if self.game.undo().is_none() {
                        break;
                    }
                }
                let n = self.game.ply();
                self.uci.truncate(n);
                self.san.truncate(n);
                self.uci_json = json_items(&self.uci);
                self.san_json = json_items(&self.san);
                self.last = self.game.history().pop();
                return Ok(action.clone());
            }
            Action::Offer { .. } | Action::Answer { .. } | Action::Chat { .. } => {
                return Err(Refusal::new("bad-message", "not a game action"));
            }
        }
        self.follow(None);
        Ok(action.clone())
    }

    /// Brings the move lists up to the game's history after an action: `played` is the move
    /// just played, if the action was one. Reads the history itself only when the action
    /// added entries it did not return (resignations, time-outs, Four Kingdoms' random moves).
    fn follow(&mut self, played: Option<MoveRecord>) {
        let have = self.san.len();
        let ply = self.game.ply();
        match played {
            Some(m) if ply == have + 1 => self.push(m),
            _ if ply > have => {
                for m in self.game.history().into_iter().skip(have) {
                    self.push(m);
                }
            }
            _ => {}
        }
    }

    fn push(&mut self, m: MoveRecord) {
        push_json_item(&mut self.uci_json, &m.uci);
        push_json_item(&mut self.san_json, &m.san);
        self.uci.push(m.uci.clone());
        self.san.push(m.san.clone());
        self.last = Some(m);
    }

    /// [`Engine::moves`] and [`Engine::san`] as the insides of JSON arrays (`"e2e4","e7e5"`),
    /// written as the game grew; borrowed, so the state message copies them only once.
    pub fn lists_inside_json(&self) -> (&str, &str) {
        let moves = if self.kind.rules().is_some() {
            &self.san_json
        } else {
            &self.uci_json
        };
        (moves, &self.san_json)
    }

    /// The history as the state's `moves`: UCI for two players, PGN4 move text for four
    /// (`R` and `T` for resignations and time-outs).
    pub fn moves(&self) -> &[String] {
        if self.kind.rules().is_some() {
            &self.san
        } else {
            &self.uci
        }
    }

    /// The history as the state's `san`: SAN for two players, PGN4 move text for four.
    pub fn san(&self) -> &[String] {
        &self.san
    }

    /// The current position as FEN (FEN4 for four players).
    pub fn fen(&self) -> String {
        self.game.fen()
    }

    /// The start position as FEN (FEN4 for four players).
    pub fn start_fen(&self) -> &str {
        &self.start
    }

    /// Final places per seat in table order (1-based, shared places equal) once the game is
    /// over.
    pub fn places(&self) -> Option<Vec<u32>> {
        if !self.is_over() || self.is_aborted() {
            return None;
        }
        let seats = self.kind.players().len();
        let mut places = vec![seats as u32; seats];
        let scores = match self.verdict.as_ref().and_then(|v| v.result.as_ref()) {
            Some(r) => r.scores.clone(),
            None => self.score.clone(),
        };
        for s in scores {
            if let (Some(i), Some(place)) = (self.seat_of(s.player), s.place) {
                places[i] = place;
            }
        }
        Some(places)
    }

    /// The last history entry (`None` at the start).
    pub fn last(&self) -> Option<&MoveRecord> {
        self.last.as_ref()
    }

    /// `game.score()`, or the verdict's scores once the room ended the game: what
    /// [`Engine::score_json`] writes, as the engine's own typed value.
    pub fn score(&self) -> &[Score] {
        match self.verdict.as_ref().and_then(|v| v.result.as_ref()) {
            Some(r) => &r.scores,
            None => &self.score,
        }
    }

    /// `game.status()`, or the room's verdict once it ended the game: what
    /// [`Engine::status_json`] writes, as the engine's own typed value.
    pub fn status(&self) -> &Status {
        self.verdict.as_ref().unwrap_or(&self.status)
    }

    /// `game.status()` as the package serializes it (the room's verdict once it ended the
    /// game).
    pub fn status_json(&self) -> Value {
        match &self.verdict {
            Some(v) => serde_json::to_value(v).unwrap_or(Value::Null),
            None => serde_json::to_value(&self.status).unwrap_or(Value::Null),
        }
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

/// Appends `item` to the inside of a JSON array of strings.
fn push_json_item(items: &mut String, item: &str) {
    if !items.is_empty() {
        items.push(',');
    }
    // A string always serializes.
    items.push_str(&serde_json::to_string(item).unwrap_or_default());
}

/// The inside of a JSON array of `items`.
fn json_items(items: &[String]) -> String {
    let mut s = String::new();
    for i in items {
        push_json_item(&mut s, i);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablero::Rules;

    fn mv(text: &str, ply: i64) -> Action {
        Action::Move {
            text: text.into(),
            ply,
        }
    }

    #[test]
    fn actions_round_trip_through_their_stored_form() {
        for kind in GameKind::ALL {
            for seat in 0..kind.players().len() {
                for a in [
                    mv("e2e4", 7),
                    Action::Resign,
                    Action::ClaimDraw,
                    Action::Timeout,
                ] {
                    assert_eq!(
                        Action::decode(kind, &a.encode(kind, seat), 7),
                        Some((seat, a))
                    );
                }
            }
        }
        assert_eq!(mv("e2e4", 0).encode(GameKind::Chess, 1), "move:black:e2e4");
        assert_eq!(
            Action::Timeout.encode(GameKind::FourPlayer(Rules::Kingdoms), 3),
            "timeout:green"
        );
        assert_eq!(Action::decode(GameKind::Chess, "move:red:e2e4", 0), None);
        assert_eq!(Action::decode(GameKind::Chess, "nonsense", 0), None);
    }

    #[test]
    fn a_move_out_of_turn_is_refused_and_changes_nothing() {
        let mut e = Engine::new(GameKind::Chess, 1, None);
        let r = e.apply(1, &mv("e7e5", 0));
        assert_eq!(r.unwrap_err().code, "not-your-turn");
        assert_eq!(e.ply(), 0);
        let r = e.apply(0, &mv("e2e5", 0));
        assert_eq!(r.unwrap_err().code, "illegal-move");
        let r = e.apply(0, &mv("e2e4", 1));
        assert_eq!(r.unwrap_err().code, "stale-ply");
        assert_eq!(e.apply(0, &mv("e4", 0)).unwrap(), mv("e2e4", 0));
        assert_eq!(e.ply(), 1);
        assert_eq!(e.moves(), ["e2e4"]);
        assert_eq!(e.last().map(|m| m.san.as_str()), Some("e4"));
    }

    /// `san` and `moves` grow with the game, and match what is known of these openings.
    #[test]
    fn the_move_lists_follow_every_action() {
        let mut e = Engine::new(GameKind::Chess, 1, None);
        for (i, m) in ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"].iter().enumerate() {
            e.apply(i % 2, &mv(m, i as i64)).unwrap();
        }
        assert_eq!(e.san(), ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
        assert_eq!(e.moves(), ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"]);
        // Three-check: a check carries its `+`.
        let mut e = Engine::new(GameKind::ThreeCheck, 1, None);
        for (i, m) in ["e4", "e6", "d4", "Bb4+", "c3"].iter().enumerate() {
            e.apply(i % 2, &mv(m, i as i64)).unwrap();
        }
        assert_eq!(e.moves(), ["e2e4", "e7e6", "d2d4", "f8b4", "c2c3"]);
        assert_eq!(e.san(), ["e4", "e6", "d4", "Bb4+", "c3"]);
        // Four players: PGN4 move text, resignations included, in both lists.
        let ffa = GameKind::FourPlayer(Rules::Ffa);
        let mut e = Engine::new(ffa, 1, None);
        for (i, m) in ["h2h4", "b7d7", "j13j12", "m5k5", "j1i3"]
            .iter()
            .enumerate()
        {
            e.apply(i % 4, &mv(m, i as i64)).unwrap();
        }
        e.apply(1, &Action::Resign).unwrap();
        let pgn4 = ["h2-h4", "b7-d7", "j13-j12", "m5-k5", "Nj1-i3", "R"];
        assert_eq!(e.san(), pgn4);
        assert_eq!(e.moves(), pgn4);
        assert_eq!(e.san().len(), e.ply());
    }

    /// The lists kept move by move are the game's own history, through Four Kingdoms' random
    /// moves after resignations and a computer playing every seat.
    #[test]
    fn the_move_lists_equal_the_history() {
        for kind in [GameKind::FourPlayer(Rules::Kingdoms), GameKind::RacingKings] {
            let mut e = Engine::new(kind, 7, None);
            let mut resigned = false;
            while !e.is_over() && e.ply() < 60 {
                let seat = e.turn().unwrap();
                if kind.rules().is_some() && e.ply() > 8 && !resigned {
                    e.apply((seat + 1) % 4, &Action::Resign).unwrap();
                    resigned = true;
                    continue;
                }
                let m = e.ai_move(1, 50).unwrap();
                e.apply(seat, &mv(&m, e.ply() as i64)).unwrap();
            }
            let h = e.game.history();
            let san: Vec<String> = h.iter().map(|m| m.san.clone()).collect();
            let uci: Vec<String> = h.iter().map(|m| m.uci.clone()).collect();
            assert_eq!(e.san(), san);
            assert_eq!(e.uci, uci);
            assert_eq!(e.last(), h.last());
            let (moves_json, san_json) = e.lists_inside_json();
            assert_eq!(
                format!("[{moves_json}]"),
                serde_json::to_string(e.moves()).unwrap()
            );
            assert_eq!(
                format!("[{san_json}]"),
                serde_json::to_string(&san).unwrap()
            );
            // A takeback cuts the lists written so far.
            if kind.rules().is_none() && !e.is_over() {
                e.apply(0, &Action::Takeback { plies: 2 }).unwrap();
                let (moves, san) = e.lists_inside_json();
                assert_eq!(
                    format!("[{moves}]"),
                    serde_json::to_string(e.moves()).unwrap()
                );
                assert_eq!(format!("[{san}]"), serde_json::to_string(e.san()).unwrap());
            }
        }
    }
}
