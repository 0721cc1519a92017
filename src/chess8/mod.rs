//! Two-player 8×8 engine: bitboards, legal move generation, the four rule sets, notation
//! (FEN, UCI, SAN, PGN) and the game record.

pub mod attacks;
mod fen;
mod game;
mod position;
mod san;
pub mod types;
mod zobrist;

pub use game::{GameResult, PlayedMove, SavedGame, SavedResult, TwoGame, board_pieces};
pub use position::{Ending, Move, MoveKind, MoveList, Position, Variant};
pub use types::{Bitboard, Color, Square};
