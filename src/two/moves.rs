//! The 8×8 move: origin, destination and kind, and the list move generation fills. Below the
//! position and move generation, which both use it.

use super::board::Square;
use crate::role::Role;

/// What a move does besides moving a piece from one square to another.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// An ordinary move or capture.
    Normal,
    /// A pawn's two-square advance.
    DoublePush,
    /// An en-passant capture; `to` is the square the capturing pawn lands on.
    EnPassant,
    /// Castling; the move's `to` is the castling rook's square (unambiguous also in
    /// Chess960-style X-FEN positions). [`Move::uci`] writes the king's move (`e1g1`).
    Castle,
    /// A promotion to the given role.
    Promotion(Role),
}

/// A move: origin, destination and kind. For castling, `to` is the rook's square; use
/// [`Move::king_to`] for where the king lands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// Origin square.
    pub from: Square,
    /// Destination square.
    pub to: Square,
    /// Special kind.
    pub kind: MoveKind,
}

impl Move {
    /// The promotion role, if any.
    pub fn promotion(self) -> Option<Role> {
        match self.kind {
            MoveKind::Promotion(r) => Some(r),
            _ => None,
        }
    }

    /// Where the moving king lands (castling) or the piece lands (any other move).
    pub fn king_to(self) -> Square {
        match self.kind {
            MoveKind::Castle => castling_targets(self.from, self.to).0,
            _ => self.to,
        }
    }

    /// `true` for king-side castling.
    pub fn is_castle_kingside(self) -> bool {
        self.kind == MoveKind::Castle && self.to.file() > self.from.file()
    }

    /// UCI text: `e2e4`, `e7e8q`, and castling as the king's two-square move `e1g1`. Castling
    /// in Chess960-style positions, where that would be ambiguous, is written king-takes-rook
    /// (`b1a1`).
    pub fn uci(self) -> String {
        let to = match self.kind {
            MoveKind::Castle if self.from.file() == 4 && matches!(self.to.file(), 0 | 7) => {
                self.king_to()
            }
            _ => self.to,
        };
        // Pushed byte by byte rather than `format!`ed: cheap lists of UCI texts are built for
        // every legal move (benches/boundary.mjs).
        let mut s = String::with_capacity(5);
        for b in self.from.name_bytes().into_iter().chain(to.name_bytes()) {
            s.push(char::from(b));
        }
        if let Some(r) = self.promotion() {
            s.push(r.char());
        }
        s
    }
}

/// The legal moves of a position: a fixed-capacity list (512, far more than the 218 of the
/// richest reachable position and the 270 of positions with extra promoted material).
pub type MoveList = crate::movelist::MoveList<Move, 512>;

impl Default for Move {
    /// A placeholder (`a1a1`) for unused list slots.
    fn default() -> Move {
        Move {
            from: Square::A1,
            to: Square::A1,
            kind: MoveKind::Normal,
        }
    }
}

/// King and rook destinations of castling with the king on `king` and the rook on `rook`.
#[inline]
pub(super) fn castling_targets(king: Square, rook: Square) -> (Square, Square) {
    let rank = king.rank();
    if rook.file() > king.file() {
        (Square::from_coords(6, rank), Square::from_coords(5, rank))
    } else {
        (Square::from_coords(2, rank), Square::from_coords(3, rank))
    }
}
