//! Four-player engine on the 160-square cross board.
