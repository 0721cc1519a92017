//! The players of every game: the two sides of an 8×8 game and the four seats of the cross
//! board, in one type so that a status, a score or a move names its player the same way in
//! all five games.

use std::fmt;

use serde::{Deserialize, Serialize};

#[cfg(feature = "four")]
use crate::four::Seat;
use crate::two::Color;

/// A player of any game. Serialized as its lower-case name (`"white"`, `"red"`).
///
/// The engines keep their own compact types ([`Color`] for two players, [`Seat`] for four);
/// this is the type every game-level value uses, with lossless conversions both ways.
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
        Color::from_name(text).map(Player::from)
    }

    /// A seat of a four-player game as callers write it: `"red"` or `"r"`, in any case, spaces
    /// around ignored.
    pub(crate) fn parse_seat(text: &str) -> Option<Player> {
        match text.trim().to_ascii_lowercase().as_str() {
            "red" | "r" => Some(Player::Red),
            "blue" | "b" => Some(Player::Blue),
            "yellow" | "y" => Some(Player::Yellow),
            "green" | "g" => Some(Player::Green),
            _ => None,
        }
    }

    /// The 8×8 side, for White and Black.
    pub const fn color(self) -> Option<Color> {
        match self {
            Player::White => Some(Color::White),
            Player::Black => Some(Color::Black),
            _ => None,
        }
    }

    /// The cross-board seat, for Red, Blue, Yellow and Green.
    #[cfg(feature = "four")]
    pub const fn seat(self) -> Option<Seat> {
        match self {
            Player::Red => Some(Seat::Red),
            Player::Blue => Some(Seat::Blue),
            Player::Yellow => Some(Seat::Yellow),
            Player::Green => Some(Seat::Green),
            _ => None,
        }
    }
}

impl From<Color> for Player {
    fn from(c: Color) -> Player {
        match c {
            Color::White => Player::White,
            Color::Black => Player::Black,
        }
    }
}

#[cfg(feature = "four")]
impl From<Seat> for Player {
    fn from(s: Seat) -> Player {
        match s {
            Seat::Red => Player::Red,
            Seat::Blue => Player::Blue,
            Seat::Yellow => Player::Yellow,
            Seat::Green => Player::Green,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A seat and the player sitting in it are the same player.
#[cfg(feature = "four")]
impl PartialEq<Seat> for Player {
    fn eq(&self, other: &Seat) -> bool {
        self.seat() == Some(*other)
    }
}

/// A seat and the player sitting in it are the same player.
#[cfg(feature = "four")]
impl PartialEq<Player> for Seat {
    fn eq(&self, other: &Player) -> bool {
        other.seat() == Some(*self)
    }
}
