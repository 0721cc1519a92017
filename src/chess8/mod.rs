//! Two-player 8×8 engine: bitboards, legal move generation, the four rule sets, and notation
//! (FEN, UCI, SAN).

pub mod attacks;
mod fen;
mod position;
mod san;
pub mod types;
mod zobrist;

pub use position::{EndReason, Ending, Move, MoveKind, MoveList, Position, Variant};
pub use types::{Bitboard, Color, Square};
