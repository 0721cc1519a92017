//! The JavaScript face of [`crate::Game`]: the only module that knows about wasm-bindgen.
//!
//! A thin layer. The engines answer with typed Rust values ([`crate::record`]); this module
//! reads what JavaScript hands in, calls the one [`crate::Game`], and turns the answers into
//! plain JS objects:
//!
//! - `options`: reading JS arguments and option objects (own properties, strict types);
//! - `dto`: the typed values as JS objects and errors as JS `Error`s with a stable `code`;
//! - `js`: every call into JavaScript that could run a page's code, caught (issue 10);
//! - `save`: the save format (`toJSON` / `Game.fromJSON`);
//! - `game`: the `Game` class, `newGame` and `games` (the table of games);
//! - `squares`: the square queries of `Game` every build has (`get`, `castlingRights`);
//! - `setup`: the position editor (`validateFen`, `setup`, the `Setup` class) and `Game`'s
//!   `attackers` and `isAttacked` (Cargo feature `editor`); `no_editor` in their place
//!   without it, every call a coded error.
//!
//! The TypeScript declarations are hand-written in `js/tablero.d.ts` (generic over the kind
//! of game, which wasm-bindgen cannot express); `js/tablero.js`, the package's entry, wraps
//! the generated glue with lifecycle errors (`not-initialized`, `freed`).
//!
//! Nothing here panics on input: every argument is checked and every failure is thrown as a
//! JS `Error`, after which the game is exactly as it was.

mod dto;
mod game;
mod js;
#[cfg(not(feature = "editor"))]
mod no_editor;
mod options;
mod save;
#[cfg(feature = "editor")]
mod setup;
mod squares;

pub use game::{Game, games, new_game, split_pgn};
#[cfg(not(feature = "editor"))]
pub use no_editor::{Setup, setup, validate_fen};
#[cfg(feature = "editor")]
pub use setup::{Setup, setup, validate_fen};

// Talc in place of the standard library's dlmalloc: made as a drop-in for single-threaded
// wasm, and smaller (the package has a gzip budget) and faster by its own benchmarks; what
// it saves here is in docs/BENCHMARKS.md ("Allocator").
#[cfg(not(target_feature = "atomics"))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
