//! The four-player engine (R5–R8): moves, scoring, Four Kingdoms, notation, JSON shapes,
//! perft, fuzzed input, random-game properties and the computer opponent. One test binary.
#![cfg(feature = "four")]

#[cfg(feature = "ai")]
mod ai;
mod chesscom;
mod common;
mod fuzz;
mod json;
mod kingdoms;
mod moves;
mod notation;
mod perft;
#[cfg(feature = "ai")]
#[path = "../common/pins.rs"]
mod pins;
mod random_games;
mod scoring;
mod teams;
