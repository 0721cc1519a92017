//! # tablero
//!
//! Rules engine and computer opponent for chess variants: Chess, Three-check, King of the Hill,
//! Racing Kings and four-player chess, natively and as a WebAssembly package.

pub mod ai;
pub mod chess8;
pub mod core;
pub mod four;
pub mod game;

pub use crate::core::{Error, ErrorKind, Role};

#[cfg(target_arch = "wasm32")]
pub mod wasm;
