//! The players of every game: the two sides of an 8×8 game and the four seats of the cross
//! board, in one type so that a status, a score or a move names its player the same way in
//! all five games.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A player of any game. Serialized as its lower-case name (`"white"`, `"red"`).
///
/// The engines keep their own compact types (`two::Color` for two players, `four::Seat` for
/// four); this is the type every game-level value uses, with lossless conversions both ways,
/// which the engines define (`Player::color`, `Player::seat`, `From`): the players are
/// below the engines and know nothing of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    /// The first side of a two-player game.
    White,
    /// The second side of a two-player game.
    Black,
    /// Four players: the bottom seat.
    Red,
    /// Four players: the left seat.
    Blue,
    /// Four players: the top seat.
    Yellow,
    /// Four players: the right seat.
    Green,
}

impl Player {
    /// Every player, two-player sides first, then the seats clockwise from Red.
    pub const ALL: [Player; 6] = [
        Player::White,
        Player::Black,
        Player::Red,
        Player::Blue,
        Player::Yellow,
        Player::Green,
    ];

    /// The lower-case name (`"white"`), as JSON writes it.
    pub const fn name(self) -> &'static str {
        match self {
            Player::White => "white",
            Player::Black => "black",
            Player::Red => "red",
            Player::Blue => "blue",
            Player::Yellow => "yellow",
            Player::Green => "green",
        }
    }

    /// Parses an exact lower-case name (`"white"`, `"green"`).
    pub fn from_name(name: &str) -> Option<Player> {
        Player::ALL.into_iter().find(|p| p.name() == name)
    }

    /// A side of a two-player game as callers write it: `"white"`/`"black"` or `"w"`/`"b"`, in
    /// any case. The letters overlap the seats' (`b`), so [`crate::GameKind::parse_player`]
    /// decides which of these two to ask.
    pub(crate) fn parse_side(text: &str) -> Option<Player> {
        let text = text.to_ascii_lowercase();
        [Player::White, Player::Black]
            .into_iter()
            .find(|p| text == p.name() || text == p.name()[..1])
    }

    /// A seat of a four-player game as callers write it: `"red"` or `"r"`, in any case, spaces
    /// around ignored.
    pub(crate) fn parse_seat(text: &str) -> Option<Player> {
        let text = text.trim().to_ascii_lowercase();
        [Player::Red, Player::Blue, Player::Yellow, Player::Green]
            .into_iter()
            .find(|p| text == p.name() || text == p.name()[..1])
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
