//! Two-player 8×8 engine.
