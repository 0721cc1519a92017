//! A whole four-player game: its start, moves and history, undo, and what it shows (legal
//! moves, status, board). The rest of the game has a file per concept:
//!
//! * `notation.rs`: a move's text, read (UCI or PGN4) and written (its [`MoveRecord`]);
//! * `end.rs`: when the game ends (R5.19, R6.5, R14.7), its end-of-game points and the
//!   standings;
//! * `leaving.rs`: resignations and time-outs (R5.17), and the zombies they leave in Four
//!   Kingdoms, who play on at random (R6.4);
//! * `replay.rs`: the game as record tokens and rebuilt from them (saves, PGN4).

mod end;
mod leaving;
mod notation;
mod replay;

use notation::describe;

pub(crate) use replay::{Step, Stop};

use super::board::*;
use super::moves::{Move, MoveList};
use super::position::Position;
use super::rules::Outcome;
use crate::record::{BoardPiece, EntryKind, GameResult, MoveRecord, Status};
use crate::rng::SplitMix64;
use crate::{error::Error, player::Player};

/// What a history entry changed, kept so that undo restores it exactly (the zombies'
/// generator included).
#[derive(Debug, Clone)]
struct Snapshot {
    pos: Position,
    rng: SplitMix64,
    result: Option<GameResult>,
    moves_made: u32,
}

/// One history entry: a move, a zombie's move, a resignation or a time-out.
#[derive(Debug, Clone)]
struct Entry {
    info: MoveRecord,
    before: Snapshot,
    /// Hash after the entry, for repetition.
    hash: u64,
    /// Seat whose turn it was before the entry (for PGN4 tokens).
    turn_before: Seat,
}

/// A four-player game with full history.
///
/// ```
/// use tablero::Player;
/// use tablero::four::{FourGame, Rules, Seat};
///
/// let mut g = FourGame::new(Rules::Ffa, Seat::Red, None, 0);
/// let info = g.play("h2-h4").unwrap();
/// assert_eq!(info.san, "h2-h4");
/// assert_eq!(g.status().turn, Some(Player::Blue));
/// g.resign(Seat::Yellow).unwrap();
/// g.undo();
/// assert_eq!(g.history().len(), 1);
/// ```
#[derive(Debug, Clone)]
pub struct FourGame {
    start: Position,
    start_fen: String,
    move_limit: Option<u32>,
    seed: u64,
    pos: Position,
    rng: SplitMix64,
    result: Option<GameResult>,
    moves_made: u32,
    history: Vec<Entry>,
    /// While replaying a record, zombie moves come from the record instead of the generator.
    replaying: bool,
    /// Set by a PGN4 import that stopped where the game ended under these rules while the
    /// record went on: where and why (see [`FourGame::import_note`]).
    pub(crate) import_note: Option<String>,
}

impl FourGame {
    /// A new game from the R5.2 start with `first` to move (R5.3).
    pub fn new(rules: Rules, first: Seat, move_limit: Option<u32>, seed: u64) -> FourGame {
        let mut p = Position::startpos(rules);
        p.set_turn(first.index());
        FourGame::from_position(p, move_limit, seed, true)
    }

    /// A new game from a FEN4 position. If the player to move has no legal move it is decided
    /// at once (R5.15): checkmate scores for nobody, stalemate scores +20 to that player.
    pub fn from_fen4(
        rules: Rules,
        fen4: &str,
        move_limit: Option<u32>,
        seed: u64,
    ) -> Result<FourGame, Error> {
        let p = Position::from_fen4(rules, fen4)?;
        Ok(FourGame::from_position(p, move_limit, seed, true))
    }

    /// Like [`FourGame::from_fen4`], but a zombie to move waits for its move from a record.
    pub(crate) fn for_replay(
        rules: Rules,
        fen4: &str,
        move_limit: Option<u32>,
        seed: u64,
    ) -> Result<FourGame, Error> {
        let p = Position::from_fen4(rules, fen4)?;
        Ok(FourGame::from_position(p, move_limit, seed, false))
    }

    fn from_position(p: Position, move_limit: Option<u32>, seed: u64, auto: bool) -> FourGame {
        let mut g = FourGame {
            start_fen: p.fen4(),
            start: p.clone(),
            move_limit,
            seed,
            pos: p,
            rng: SplitMix64::new(seed),
            result: None,
            moves_made: 0,
            history: Vec::new(),
            replaying: false,
            import_note: None,
        };
        let mut o = Outcome::default();
        // A FEN4 shows the points but cannot say that its game already ended. A position that
        // is decided as written (a fifty-move clock run out, three seats out) is the end of a
        // game whose end-of-game points are already in it: awarding them again would change
        // the game on every round trip through fen(), pgn() or a save (issue 10, finding 4).
        g.check_end(&mut o, false, false);
        if g.result.is_none() {
            g.settle(None, &mut o, false);
        }
        g.start = g.pos.clone();
        g.start_fen = g.pos.fen4();
        if auto {
            g.zombies();
        }
        g
    }

    /// This new game with the Teams en-passant setting (R14.4) `on` or off, at its start.
    /// Errors (`invalid-argument`) once a move has been played, or for another preset
    /// asked to change its fixed rule (see [`Position::set_en_passant`]).
    pub fn with_en_passant(mut self, on: bool) -> Result<FourGame, Error> {
        if !self.history.is_empty() {
            return Err(Error::invalid_argument(
                "the en-passant setting is chosen before the first move",
            ));
        }
        self.pos.set_en_passant(on)?;
        self.start = self.pos.clone();
        self.start_fen = self.pos.fen4();
        Ok(self)
    }

    /// Why a PGN4 import stopped before the end of its record, if it did: the record went
    /// on after the game had ended under these rules (a 21-point lead, a draw rule, ...).
    /// `None` for a record read to its end and for games not imported.
    pub fn import_note(&self) -> Option<&str> {
        self.import_note.as_deref()
    }

    /// The rule preset.
    pub fn rules(&self) -> Rules {
        self.pos.rules
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The seed of the zombie move generator.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Is the game over?
    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    fn legal(&self) -> MoveList {
        let mut l = MoveList::new();
        if self.result.is_none() {
            self.pos.legal_moves(&mut l);
        }
        l
    }

    /// Legal moves of the player to move (empty once the game is over).
    pub fn legal_moves(&self) -> Vec<MoveRecord> {
        self.legal()
            .iter()
            .map(|&m| self.describe_move(m))
            .collect()
    }

    /// The UCI text (`h2h4`, `d7d8q`) of the legal moves, of the piece on `from` only if given:
    /// the cheap form of [`FourGame::legal_moves`] for callers that need no descriptions.
    pub fn legal_uci(&self, from: Option<&str>) -> Result<Vec<String>, Error> {
        let from = match from {
            None => None,
            Some(s) => Some(Square::parse(s).ok_or_else(|| {
                Error::formatted(
                    crate::error::ErrorKind::InvalidArgument,
                    format_args!("invalid square {s:?}"),
                )
            })?),
        };
        Ok(self
            .legal()
            .iter()
            .filter(|m| from.is_none_or(|f| m.from() == f))
            .map(|m| {
                let mut uci = format!("{}{}", m.from(), m.to());
                if let Some(r) = m.promotion() {
                    uci.push(r.char());
                }
                uci
            })
            .collect())
    }

    /// Legal moves from one square.
    pub fn legal_moves_from(&self, from: &str) -> Result<Vec<MoveRecord>, Error> {
        let sq = Square::parse(from).ok_or_else(|| {
            Error::formatted(
                crate::error::ErrorKind::InvalidArgument,
                format_args!("invalid square {from:?}"),
            )
        })?;
        Ok(self
            .legal()
            .iter()
            .filter(|m| m.from() == sq)
            .map(|&m| self.describe_move(m))
            .collect())
    }

    /// Plays a move given as text (see [`FourGame::parse_move`]). Errors leave the game as it
    /// was. In kingdoms, zombie replies (R6.4) are played right after and recorded.
    pub fn play(&mut self, text: &str) -> Result<MoveRecord, Error> {
        if self.result.is_some() {
            return Err(Error::formatted(
                crate::error::ErrorKind::GameOver,
                format_args!("the game is over; {text:?} not played"),
            ));
        }
        let m = self.parse_move(text)?;
        Ok(self.apply(m, EntryKind::Move))
    }

    /// Plays a move given by its squares.
    pub fn play_from_to(&mut self, from: &str, to: &str) -> Result<MoveRecord, Error> {
        self.play(&format!("{from}{to}"))
    }

    /// Plays a legal [`Move`] (for engines).
    pub fn play_move(&mut self, m: Move) -> Result<MoveRecord, Error> {
        if self.result.is_some() {
            return Err(Error::game_over("the game is over"));
        }
        if !self.legal().contains(&m) {
            return Err(Error::formatted(
                crate::error::ErrorKind::IllegalMove,
                format_args!("illegal move {}{}", m.from(), m.to()),
            ));
        }
        Ok(self.apply(m, EntryKind::Move))
    }

    fn snapshot(&self) -> Snapshot {
        Snapshot {
            pos: self.pos.clone(),
            rng: self.rng,
            result: self.result.clone(),
            moves_made: self.moves_made,
        }
    }

    /// Plays the legal move `m` and records it, then the zombie replies it brings (R6.4).
    fn apply(&mut self, m: Move, kind: EntryKind) -> MoveRecord {
        let info = self.record(m, kind);
        self.zombies();
        info
    }

    /// Plays the legal move `m`, settles what it decides and records it as a `kind` entry.
    fn record(&mut self, m: Move, kind: EntryKind) -> MoveRecord {
        let before = self.snapshot();
        let turn_before = self.pos.turn();
        let mut o = self.pos.play_scored(m);
        self.moves_made += 1;
        self.settle(Some(o.mover), &mut o, true);
        let info = describe(m, &o, kind);
        self.history.push(Entry {
            info: info.clone(),
            before,
            hash: self.pos.hash,
            turn_before,
        });
        info
    }

    /// Undoes the last entry (and the zombie moves that followed it), restoring everything.
    pub fn undo(&mut self) -> Option<MoveRecord> {
        loop {
            let e = self.history.pop()?;
            self.pos = e.before.pos;
            self.rng = e.before.rng;
            self.result = e.before.result;
            self.moves_made = e.before.moves_made;
            if e.info.kind != EntryKind::Random || self.history.is_empty() {
                return Some(e.info);
            }
        }
    }

    /// The start position.
    pub fn start_position(&self) -> &Position {
        &self.start
    }

    /// The position after the first `ply` history entries (0: the start), if there were
    /// that many.
    pub fn position_after(&self, ply: usize) -> Option<&Position> {
        match self.history.get(ply) {
            Some(e) => Some(&e.before.pos),
            None => (ply == self.history.len()).then_some(&self.pos),
        }
    }

    /// History entry `i` (0-based).
    pub fn entry(&self, i: usize) -> Option<&MoveRecord> {
        self.history.get(i).map(|e| &e.info)
    }

    /// Number of history entries.
    pub fn history_len(&self) -> usize {
        self.history.len()
    }

    /// The last history entry.
    pub fn last_entry(&self) -> Option<&MoveRecord> {
        self.history.last().map(|e| &e.info)
    }

    /// History entries from index `from` on.
    pub fn history_since(&self, from: usize) -> Vec<MoveRecord> {
        self.history
            .get(from..)
            .unwrap_or(&[])
            .iter()
            .map(|e| e.info.clone())
            .collect()
    }

    /// The history, oldest first.
    pub fn history(&self) -> Vec<MoveRecord> {
        self.history.iter().map(|e| e.info.clone()).collect()
    }

    /// FEN4 of the current position.
    pub fn fen4(&self) -> String {
        self.pos.fen4()
    }

    /// FEN4 of the start position.
    pub fn start_fen4(&self) -> &str {
        &self.start_fen
    }

    /// The optional move limit.
    pub fn move_limit(&self) -> Option<u32> {
        self.move_limit
    }

    /// Perft of the current position (plain move generation, see [`Position::perft`]).
    pub fn perft(&self, depth: u32) -> u64 {
        self.pos.perft(depth)
    }

    /// [`Position::perft_within`] of the current position.
    pub fn perft_within(&self, depth: u32, budget: u64) -> Option<u64> {
        self.pos.perft_within(depth, budget)
    }

    /// The game status.
    pub fn status(&self) -> Status {
        let over = self.result.is_some();
        Status {
            turn: (!over).then(|| self.pos.turn().into()),
            in_check: Seat::ALL
                .iter()
                .copied()
                .filter(|&s| self.pos.moves(s.index()) && self.pos.in_check(s))
                .map(Player::from)
                .collect(),
            over,
            result: self.result.clone(),
            can_claim_draw: false,
        }
    }

    /// Every piece on the board.
    pub fn board(&self) -> Vec<BoardPiece> {
        board_pieces(&self.pos)
    }

    /// History entry `i` with the seat whose turn it was.
    pub(crate) fn entry_turn(&self, i: usize) -> Option<(&MoveRecord, Seat)> {
        self.history.get(i).map(|e| (&e.info, e.turn_before))
    }

    pub(crate) fn result(&self) -> Option<&GameResult> {
        self.result.as_ref()
    }
}

/// Every piece on the board of `pos`.
pub fn board_pieces(pos: &Position) -> Vec<BoardPiece> {
    SQUARES
        .iter()
        .filter_map(|&sq| {
            let c = pos.board[sq as usize];
            let role = role_of(c)?;
            Some(BoardPiece {
                square: sq_name(sq as usize),
                piece: role,
                color: Seat::from_index(seat_of(c)).into(),
                grey: c & GREY != 0,
            })
        })
        .collect()
}
