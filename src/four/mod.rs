//! Four-player engine on the 160-square cross board (RULES.md R5–R8).

mod board;
mod movegen;
mod position;

pub use board::{Rules, Seat, Square};
pub use movegen::{MAX_MOVES, Move, MoveList};
pub use position::{Position, SeatStatus};
