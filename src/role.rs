//! Piece roles, shared by both engines.

use serde::{Serialize, Serializer};

use crate::error::Error;

/// The kind of a chess piece, independent of its owner. Serialized as its English name
/// (`"knight"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// A pawn.
    Pawn = 0,
    /// A knight.
    Knight = 1,
    /// A bishop.
    Bishop = 2,
    /// A rook.
    Rook = 3,
    /// A queen.
    Queen = 4,
    /// A king.
    King = 5,
}

impl Role {
    /// All roles, in index order.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// Upper-case letter used in SAN, FEN4 and PGN4 (`P` for pawns).
    pub const fn upper_char(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }

    /// Lower-case letter used in UCI promotions and the JS API (`p` for pawns).
    pub const fn char(self) -> char {
        self.upper_char().to_ascii_lowercase()
    }

    /// Parses a piece letter in either case.
    pub fn from_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_lowercase() {
            'p' => Role::Pawn,
            'n' => Role::Knight,
            'b' => Role::Bishop,
            'r' => Role::Rook,
            'q' => Role::Queen,
            'k' => Role::King,
            _ => return None,
        })
    }

    /// English name, as the JS API reports pieces (`"knight"`).
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }

    /// Index 0..6, for tables.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Parses a promotion choice as a caller writes it: `""` for none, else one letter `q`,
    /// `r`, `b` or `n` in either case. Anything else is an `illegal-move` error.
    pub fn parse_promotion(text: &str) -> Result<Option<Role>, Error> {
        if text.is_empty() {
            return Ok(None);
        }
        let mut chars = text.chars();
        match (chars.next().and_then(Role::from_char), chars.next()) {
            (Some(r), None) if !matches!(r, Role::Pawn | Role::King) => Ok(Some(r)),
            _ => Err(Error::formatted(
                crate::error::ErrorKind::IllegalMove,
                format_args!("{text:?} is not a promotion piece (q, r, b or n)"),
            )),
        }
    }
}

/// Serializes roles as their UCI letters (`["q", "r"]`).
pub(crate) fn serialize_letters<S: Serializer>(roles: &[Role], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(roles.iter().map(|r| r.char()))
}

/// Serializes an optional role as its UCI letter (`"q"`); used with `skip_serializing_if`.
pub(crate) fn serialize_letter<S: Serializer>(
    role: &Option<Role>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match role {
        Some(r) => s.serialize_char(r.char()),
        None => s.serialize_none(),
    }
}
