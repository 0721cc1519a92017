//! # tablero
//!
//! Rules engine and computer opponent for chess variants: Chess, Three-check, King of the Hill,
//! Racing Kings and four-player chess, natively and as a WebAssembly package.
//!
//! [`Game`] is the one game type for all five games; it returns the typed values of
//! [`record`], which serialize (serde) to the JSON shapes of the JS API.
//!
//! Cargo features (both default): `four`, the four-player engine ([`four`]); `ai`, the
//! computer opponent ([`ai`]). Without them the crate is the two-player rules engine alone.
//! The JS bindings (`wasm`) are built only for `wasm32-unknown-unknown`.
#![forbid(unsafe_code)]

#[cfg(feature = "ai")]
pub mod ai;
mod error;
#[cfg(feature = "four")]
pub mod four;
pub mod game;
mod json;
mod kind;
pub mod movelist;
mod pgn_tags;
mod player;
pub mod record;
mod result;
pub mod rng;
mod role;
mod text;
pub mod two;

pub use error::{Error, ErrorKind, FenError, FenProblem};

pub use game::{Game, NewGame, PgnOptions, SavedGame, Setup, split_pgn, validate_fen};
pub use kind::{Facts, GAMES, GameInfo, GameKind, Rules};
pub use player::Player;
pub use record::{
    Analysis, BoardPiece, CastlingRight, CastlingSide, EntryKind, GameResult, Line, MoveRecord,
    PositionView, Score, Status, Undone,
};
pub use result::ResultReason;
pub use role::Role;

#[cfg(feature = "ai")]
pub use ai::{AiOptions, AnalysisScope};

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub mod wasm;
