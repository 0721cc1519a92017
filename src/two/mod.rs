//! Two-player 8×8 engine (R1–R4), laid out like [`crate::four`]:
//!
//! * `board`: colours, squares, bitboards; `attacks`: attack tables; `zobrist`: hash keys.
//! * `moves`: [`Move`], [`MoveKind`], [`MoveList`], below everything that makes or plays them.
//! * [`Position`] (`position`): the board and how a move changes it.
//! * `movegen`: legal moves, check detection, perft.
//! * `rules`: how a position ends ([`Ending`], [`HILL`]).
//! * notation: `fen` (FEN, X-FEN), `san` (SAN and UCI), `pgn` (PGN, R7.1).
//! * [`chess960`]: the 960 numbered start positions of Chess960.
//! * [`TwoGame`] (`game`): a game with history, repetition, draws and resignation (its save
//!   format is the game layer's, `crate::game`).

pub mod attacks;
mod board;
pub mod chess960;
mod fen;
mod game;
mod movegen;
mod moves;
mod pgn;
mod position;
mod rules;
mod san;
mod zobrist;

pub use crate::kind::Variant;
pub use board::{Bitboard, Color, Square};
pub use game::{GameResult, TwoGame, board_pieces, describe_move};
pub use moves::{Move, MoveKind, MoveList};
pub use position::Position;
pub use rules::{Ending, HILL};
