//! The two-player engine (R1–R4, R7.1): rules by RULES.md id, notation, the perft suites of
//! `tests/data/`, random-game properties, the shakmaty cross-checks and the computer opponent.
//! One test binary, so that `cargo test` links it once.

#[cfg(feature = "ai")]
mod ai;
mod chess960;
mod notation;
mod perft;
#[cfg(feature = "ai")]
#[path = "../common/pins.rs"]
mod pins;
mod random_games;
mod rules;
mod shakmaty_oracle;
