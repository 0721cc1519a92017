//! The players of every game: the two sides of an 8×8 game and the four seats of the cross
//! board, in one type so that a status, a score or a move names its player the same way in
//! all five games.

use std::fmt;

use serde::{Deserialize, Serialize};

#[cfg(feature = "four")]
use crate::four::Seat;
use crate::kind::GameKind;
use crate::two::Color;
use crate::{Error, Rules};

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

    /// Parses a player of a game of `kind` as callers write it: two-player sides as
    /// `"white"`/`"black"` or `"w"`/`"b"`, seats as `"red"` or `"r"`, in any case. The letters
    /// overlap (`b`), so the kind decides. Errors are `invalid-argument`.
    pub fn parse_in(kind: GameKind, text: &str) -> Result<Player, Error> {
        match kind.rules() {
            None => Color::from_name(text).map(Player::from).ok_or_else(|| {
                Error::formatted(
                    crate::ErrorKind::InvalidArgument,
                    format_args!("player must be \"white\" or \"black\", got {text:?}"),
                )
            }),
            Some(_) => match text.trim().to_ascii_lowercase().as_str() {
                "red" | "r" => Ok(Player::Red),
                "blue" | "b" => Ok(Player::Blue),
                "yellow" | "y" => Ok(Player::Yellow),
                "green" | "g" => Ok(Player::Green),
                _ => Err(Error::formatted(
                    crate::ErrorKind::InvalidArgument,
                    format_args!(
                        "player must be \"red\", \"blue\", \"yellow\" or \"green\", got {text:?}"
                    ),
                )),
            },
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

    /// The seats of a four-player game in the order `rules` plays them, from Red.
    pub const fn play_order(rules: Rules) -> &'static [Player] {
        match rules {
            Rules::Ffa => &[Player::Red, Player::Blue, Player::Yellow, Player::Green],
            // R6.1: Four Kingdoms turns go counter-clockwise.
            Rules::Kingdoms => &[Player::Red, Player::Green, Player::Yellow, Player::Blue],
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
