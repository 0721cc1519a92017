//! The four-player move: from and to squares and a kind, packed in 32 bits, and the list
//! move generation fills. Below the position and move generation, which both use it.

use super::board::Square;
use crate::role::Role;

/// A move: from and to mailbox squares, a kind flag and (Teams, R14.3) the promotion piece,
/// packed in 32 bits. A queen promotion stores 0 there, so the moves of the presets that
/// promote to a queen only are the numbers they always were.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u32);

impl Move {
    pub(crate) const NORMAL: u8 = 0;
    pub(crate) const DOUBLE: u8 = 1;
    pub(crate) const EN_PASSANT: u8 = 2;
    pub(crate) const CASTLE_KS: u8 = 3;
    pub(crate) const CASTLE_QS: u8 = 4;
    pub(crate) const PROMOTION: u8 = 5;
    /// An en-passant capture that lands on the mover's promotion line: it captures like
    /// [`Move::EN_PASSANT`] and promotes like [`Move::PROMOTION`] (R5.6, R5.8).
    pub(crate) const EN_PASSANT_PROMOTION: u8 = 6;

    #[inline]
    pub(crate) const fn new(from: usize, to: usize, flag: u8) -> Move {
        Move(from as u32 | (to as u32) << 9 | (flag as u32) << 18)
    }

    #[inline]
    pub(crate) const fn orig_idx(self) -> usize {
        (self.0 & 0x1FF) as usize
    }

    #[inline]
    pub(crate) const fn dest_idx(self) -> usize {
        ((self.0 >> 9) & 0x1FF) as usize
    }

    #[inline]
    pub(crate) const fn flag(self) -> u8 {
        (self.0 >> 18 & 7) as u8
    }

    /// This promotion with `role` as the new piece (queen, rook, bishop or knight).
    #[inline]
    pub(crate) const fn promoting_to(self, role: Role) -> Move {
        let code = match role {
            Role::Rook => 1,
            Role::Bishop => 2,
            Role::Knight => 3,
            _ => 0,
        };
        Move(self.0 & !(3 << 21) | code << 21)
    }

    /// The piece a promotion makes (a queen unless Teams chose another, R14.3); `None` for
    /// other moves.
    pub fn promotion(self) -> Option<Role> {
        self.is_promotion().then_some(match self.0 >> 21 & 3 {
            1 => Role::Rook,
            2 => Role::Bishop,
            3 => Role::Knight,
            _ => Role::Queen,
        })
    }

    /// Origin square (the king's square for castling).
    pub fn from(self) -> Square {
        Square(self.orig_idx() as u16)
    }

    /// Destination square (the king's destination for castling).
    pub fn to(self) -> Square {
        Square(self.dest_idx() as u16)
    }

    /// Is this a castling move?
    pub fn is_castle(self) -> bool {
        matches!(self.flag(), Move::CASTLE_KS | Move::CASTLE_QS)
    }

    /// Does this move promote (to a queen, R5.8; in Teams to [`Move::promotion`], R14.3)?
    pub fn is_promotion(self) -> bool {
        matches!(self.flag(), Move::PROMOTION | Move::EN_PASSANT_PROMOTION)
    }

    /// Is this an en-passant capture?
    pub fn is_en_passant(self) -> bool {
        matches!(self.flag(), Move::EN_PASSANT | Move::EN_PASSANT_PROMOTION)
    }
}

/// Capacity of a [`MoveList`]; far above any reachable count (nine queens and friends).
pub const MAX_MOVES: usize = 640;

/// The legal moves of a position: a fixed-capacity, allocation-free list.
pub type MoveList = crate::movelist::MoveList<Move, MAX_MOVES>;
