//! Four-player engine on the 160-square cross board (RULES.md R5–R8).
//!
//! * [`Position`]: board, rights, points, eliminations, hash; legal moves, perft, FEN4.
//! * [`FourGame`]: a game with history, undo, draws, end of game, zombies, PGN4 and saving.

mod board;
mod fen4;
mod game;
mod movegen;
mod pgn4;
mod position;
mod rules;

pub use board::{Rules, Seat, Square};
pub use game::{
    BoardPiece, EndReason, EntryKind, FourGame, GameResult, MoveInfo, PlayerScore, SavedGame,
    Status,
};
pub use movegen::{MAX_MOVES, Move, MoveList};
pub use position::{Position, SeatStatus};
pub use rules::{Elimination, EliminationReason, Outcome, ScoreEvent, ScoreReason};
