//! A two-player game: the moves played, undo, repetition, draw claims and the result.
//!
//! [`TwoGame`] wraps the position-level rules of [`crate::two`] with everything that needs
//! the history: threefold and fivefold repetition, the 50- and 75-move rules, resignation,
//! draw claims, PGN export and import.

use super::{Color, Move, MoveKind, Position, Square, Variant};
use crate::record::{EntryKind, MoveRecord};
use crate::{error::Error, kind::GameKind, result::ResultReason, role::Role};

/// The result of a finished game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameResult {
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: ResultReason,
}

impl GameResult {
    /// The PGN result token: `1-0`, `0-1` or `1/2-1/2`.
    pub fn pgn_token(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

/// Describes the legal move `m` of `pos`: the one description of a two-player move, used for
/// moves played and for legal moves alike.
pub fn describe_move(pos: &Position, m: Move) -> MoveRecord {
    let mut next = pos.clone();
    next.play(m);
    describe_played(pos, m, &next)
}

/// [`describe_move`] when the caller has the position after `m` already (`next`): each
/// position is built once.
fn describe_played(pos: &Position, m: Move, next: &Position) -> MoveRecord {
    let piece = pos.piece_at(m.from).map(|(_, r)| r);
    debug_assert!(piece.is_some(), "no piece on {} in {}", m.from, pos.fen());
    let captured = match m.kind {
        MoveKind::EnPassant => Some(Role::Pawn),
        MoveKind::Castle => None,
        _ => pos.piece_at(m.to).map(|(_, r)| r),
    };
    let check = next.is_check();
    MoveRecord {
        player: pos.turn().into(),
        kind: EntryKind::Move,
        from: m.from.to_string(),
        to: m.king_to().to_string(),
        promotion: m.promotion(),
        uci: pos.uci(m),
        san: pos.san_played(m, next),
        piece: Some(piece.unwrap_or(Role::Pawn)),
        captured,
        check,
        checks: if check {
            vec![pos.turn().other().into()]
        } else {
            Vec::new()
        },
        points: 0,
        scoring: Vec::new(),
        eliminated: Vec::new(),
    }
}

/// A two-player game with its full history.
#[derive(Debug, Clone)]
pub struct TwoGame {
    /// `positions[0]` is the start; `positions[i + 1]` follows `moves[i]`.
    positions: Vec<Position>,
    /// The moves played; `records[i]` describes `moves[i]`.
    moves: Vec<Move>,
    pub(super) records: Vec<MoveRecord>,
    /// A result set by a call rather than by the position: resignation or a draw claim.
    declared: Option<GameResult>,
    /// PGN roster tags kept from an import (Event, Site, Date, Round, White, Black).
    pub(super) tags: Vec<(String, String)>,
}

impl TwoGame {
    /// A new game from the variant's starting position.
    pub fn new(variant: Variant) -> TwoGame {
        TwoGame::from_position(Position::new(variant))
    }

    /// A new game from a FEN.
    pub fn from_fen(variant: Variant, fen: &str) -> Result<TwoGame, Error> {
        Ok(TwoGame::from_position(Position::from_fen(variant, fen)?))
    }

    /// A new game from a position.
    pub fn from_position(position: Position) -> TwoGame {
        TwoGame {
            positions: vec![position],
            moves: Vec::new(),
            records: Vec::new(),
            declared: None,
            tags: Vec::new(),
        }
    }

    /// The rule set.
    pub fn variant(&self) -> Variant {
        self.start().variant()
    }

    /// Which game: the rule set's, or [`GameKind::Chess960`] for a Chess960 game.
    pub fn kind(&self) -> GameKind {
        if self.start().is_chess960() {
            GameKind::Chess960
        } else {
            self.variant().into()
        }
    }

    /// A Chess960 game from `fen` (any legal chess position, X-FEN or Shredder-FEN castling),
    /// or from start position `number` (0 to 959, [`super::chess960`]) without one.
    pub fn chess960(fen: Option<&str>, number: u16) -> Result<TwoGame, Error> {
        let fen = match fen {
            Some(f) => f.to_string(),
            None => super::chess960::start_fen(number)?,
        };
        let mut start = Position::from_fen(Variant::Chess, &fen)?;
        start.set_chess960(true);
        Ok(TwoGame::from_position(start))
    }

    /// The starting position.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        // `positions` is never empty: it is built with the start and `undo` never pops it.
        &self.positions[self.positions.len() - 1]
    }

    /// The position after the first `ply` moves (0: the start), if there were that many.
    pub fn position_after(&self, ply: usize) -> Option<&Position> {
        self.positions.get(ply)
    }

    /// The resignation or draw claim that ended the game, if it ended that way.
    pub fn declared(&self) -> Option<GameResult> {
        self.declared
    }

    /// The moves played so far, described.
    pub fn history(&self) -> &[MoveRecord] {
        &self.records
    }

    /// Hashes of the positions before the current one, oldest first: what the search needs
    /// to see repetitions.
    pub fn hashes(&self) -> Vec<u64> {
        let n = self.positions.len() - 1;
        self.positions[..n].iter().map(Position::hash).collect()
    }

    /// `game-over` once the game has ended (by the position, a draw rule or a declaration).
    pub fn check_playable(&self) -> Result<(), Error> {
        match self.result() {
            Some(r) => Err(Error::formatted(
                crate::error::ErrorKind::GameOver,
                format_args!(
                    "the game is over ({}, {}); there is no move to choose",
                    r.pgn_token(),
                    r.reason.code()
                ),
            )),
            None => Ok(()),
        }
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The legal moves now; none once the game is over.
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.result().is_some() {
            return Vec::new();
        }
        self.position().legal_moves().to_vec()
    }

    /// Plays a legal move. Fails with `game-over` after the end, `illegal-move` otherwise;
    /// the game is unchanged on error.
    pub fn play(&mut self, m: Move) -> Result<&MoveRecord, Error> {
        if let Some(r) = self.result() {
            return Err(Error::formatted(
                crate::error::ErrorKind::GameOver,
                format_args!(
                    "the game is over ({}, {}); no more moves",
                    r.pgn_token(),
                    r.reason.code()
                ),
            ));
        }
        let pos = self.position();
        if !pos.legal_moves().contains(&m) {
            return Err(Error::formatted(
                crate::error::ErrorKind::IllegalMove,
                format_args!("{} is not a legal move in {}", m.uci(), pos.fen()),
            ));
        }
        Ok(self.push_legal(m))
    }

    /// Plays `m`, which the caller knows to be legal in a game that is not over.
    fn push_legal(&mut self, m: Move) -> &MoveRecord {
        let pos = self.position();
        let mut next = pos.clone();
        next.play(m);
        let record = describe_played(pos, m, &next);
        self.positions.push(next);
        self.moves.push(m);
        self.records.push(record);
        &self.records[self.records.len() - 1]
    }

    /// Plays a move written in UCI or SAN.
    pub fn play_str(&mut self, text: &str) -> Result<&MoveRecord, Error> {
        if let Some(r) = self.result() {
            return Err(Error::formatted(
                crate::error::ErrorKind::GameOver,
                format_args!(
                    "the game is over ({}, {}); cannot play {text:?}",
                    r.pgn_token(),
                    r.reason.code()
                ),
            ));
        }
        // parse_move finds only legal moves, and the game is not over: play it without
        // `play`'s second look at the result and the legal moves (a PGN import plays every
        // move through here).
        let m = self.position().parse_move(text)?;
        Ok(self.push_legal(m))
    }

    /// Takes back the last action: a resignation or claimed draw if the game ended that way
    /// (returning `None`, the moves stay), otherwise the last move (returned; `None` at the
    /// start).
    pub fn undo(&mut self) -> Option<MoveRecord> {
        if self.declared.take().is_some() {
            return None;
        }
        self.moves.pop()?;
        self.positions.pop();
        self.records.pop()
    }

    /// How many times the current position has occurred, counting only positions since the
    /// last irreversible move (capture, pawn move, castling-right loss, and in Three-check a
    /// check).
    pub fn repetitions(&self) -> usize {
        let current = self.position();
        let mut count = 1;
        for i in (0..self.positions.len() - 1).rev() {
            let p = &self.positions[i];
            let after = &self.positions[i + 1];
            if after.halfmoves() == 0
                || after.castling_rooks() != p.castling_rooks()
                || after.checks_given(Color::White) != p.checks_given(Color::White)
                || after.checks_given(Color::Black) != p.checks_given(Color::Black)
            {
                break;
            }
            if p.hash() == current.hash() && same_position(p, current) {
                count += 1;
            }
        }
        count
    }

    /// The draw the side to move may claim now, if any (R1.1, R1.2).
    pub fn claimable_draw(&self) -> Option<ResultReason> {
        if self.result().is_some() {
            None
        } else if self.repetitions() >= 3 {
            Some(ResultReason::ThreefoldRepetition)
        } else if self.position().halfmoves() >= 100 {
            Some(ResultReason::FiftyMoveRule)
        } else {
            None
        }
    }

    /// Claims a draw by threefold repetition or the 50-move rule. Returns `false` (and changes
    /// nothing) when no draw can be claimed.
    pub fn claim_draw(&mut self) -> bool {
        match self.claimable_draw() {
            Some(reason) => {
                self.declared = Some(GameResult {
                    winner: None,
                    reason,
                });
                true
            }
            None => false,
        }
    }

    /// `player` resigns. Fails with `game-over` when the game has already ended.
    pub fn resign(&mut self, player: Color) -> Result<(), Error> {
        if let Some(r) = self.result() {
            return Err(Error::formatted(
                crate::error::ErrorKind::GameOver,
                format_args!(
                    "the game is already over ({}); {} cannot resign",
                    r.reason.code(),
                    player.name()
                ),
            ));
        }
        self.declared = Some(GameResult {
            winner: Some(player.other()),
            reason: ResultReason::Resignation,
        });
        Ok(())
    }

    /// Ends an unfinished game with an outside result, as a PGN import does for `1-0`, `0-1`
    /// and `1/2-1/2` games that did not end on the board.
    pub(super) fn declare(&mut self, result: GameResult) {
        if self.result().is_none() {
            self.declared = Some(result);
        }
    }

    /// The result if the game is over: a declared result, then the position's own ending,
    /// then the automatic draws (fivefold repetition, 75-move rule).
    pub fn result(&self) -> Option<GameResult> {
        if let Some(r) = self.declared {
            return Some(r);
        }
        let pos = self.position();
        if let Some(e) = pos.ending() {
            return Some(GameResult {
                winner: e.winner,
                reason: e.reason,
            });
        }
        if self.repetitions() >= 5 {
            return Some(GameResult {
                winner: None,
                reason: ResultReason::FivefoldRepetition,
            });
        }
        if pos.halfmoves() >= 150 {
            return Some(GameResult {
                winner: None,
                reason: ResultReason::SeventyFiveMoveRule,
            });
        }
        None
    }

    /// The current position as FEN.
    pub fn fen(&self) -> String {
        self.position().fen()
    }

    /// Legal-move-path count from the current position (see [`Position::perft`]).
    pub fn perft(&self, depth: u32) -> u64 {
        self.position().perft(depth)
    }

    /// [`Position::perft_within`] of the current position.
    pub fn perft_within(&self, depth: u32, budget: u64) -> Option<u64> {
        self.position().perft_within(depth, budget)
    }

    /// Applies a declared result read back from a record, after its moves. Only what a
    /// player can declare is taken on trust: a resignation (with a winner), a draw by
    /// agreement, a claimed draw that the position allows. Any other result follows from the
    /// moves, so it must be the one they give; a result contradicting the moves is
    /// `invalid-argument`.
    pub fn restore_declared(&mut self, r: GameResult) -> Result<(), Error> {
        let forged = |why: &str| {
            Error::formatted(
                crate::error::ErrorKind::InvalidArgument,
                format_args!(
                    "corrupt saved game: declared result {} ({}) {why}",
                    r.reason.code(),
                    r.winner.map_or("no winner", Color::name)
                ),
            )
        };
        let by_moves = self.result();
        let declarable = match r.reason {
            ResultReason::Resignation => r.winner.is_some(),
            ResultReason::DrawClaimed => r.winner.is_none(),
            ResultReason::ThreefoldRepetition | ResultReason::FiftyMoveRule => {
                r.winner.is_none() && self.claimable_draw() == Some(r.reason)
            }
            _ => false,
        };
        match by_moves {
            Some(m) if m == r => Ok(()),
            Some(m) => Err(forged(&format!(
                "contradicts the moves, which end in {}",
                m.reason.code()
            ))),
            None if declarable => {
                self.declared = Some(r);
                Ok(())
            }
            None => Err(forged("cannot be declared in this position")),
        }
    }
}

/// Hash collisions are astronomically unlikely, but repetition decides results, so equal
/// hashes are confirmed on the board itself.
fn same_position(a: &Position, b: &Position) -> bool {
    a.turn() == b.turn()
        && a.pieces_of(Color::White) == b.pieces_of(Color::White)
        && a.pieces_of(Color::Black) == b.pieces_of(Color::Black)
        && Role::ALL.iter().all(|&r| a.role_bb(r) == b.role_bb(r))
        && a.castling_rooks() == b.castling_rooks()
        && a.ep_square() == b.ep_square()
        && a.checks_given(Color::White) == b.checks_given(Color::White)
        && a.checks_given(Color::Black) == b.checks_given(Color::Black)
}

/// The square and piece lists a UI needs: every occupied square with its piece and colour.
pub fn board_pieces(pos: &Position) -> Vec<(Square, Color, Role)> {
    let mut out = Vec::new();
    for i in 0..64 {
        let sq = Square::from_index(i);
        if let Some((c, r)) = pos.piece_at(sq) {
            out.push((sq, c, r));
        }
    }
    out
}
