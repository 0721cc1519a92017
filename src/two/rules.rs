//! How an 8×8 position ends: checkmate, stalemate, the variants' own wins (R2–R4) and
//! insufficient material.

use super::board::{Bitboard, Color};
use super::moves::MoveList;
use super::position::Position;
use crate::kind::Variant;
use crate::{result::ResultReason, role::Role};

/// The King of the Hill centre, d4 e4 d5 e5 (R3.1).
pub const HILL: Bitboard = Bitboard(0x0000_0018_1800_0000);

/// The end of a position: the winner (`None` for a draw) and the reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ending {
    /// The winning side, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: ResultReason,
}

impl Position {
    /// The variant's own ending, independent of whether moves exist: third check, king on
    /// the hill, decided race.
    pub fn variant_ending(&self) -> Option<Ending> {
        match self.variant {
            Variant::Chess => None,
            Variant::ThreeCheck => [Color::White, Color::Black]
                .into_iter()
                .find(|c| self.checks[c.index()] >= 3)
                .map(|c| Ending {
                    winner: Some(c),
                    reason: ResultReason::ThirdCheck,
                }),
            Variant::KingOfTheHill => [Color::White, Color::Black]
                .into_iter()
                .find(|&c| HILL.has(self.king(c)))
                .map(|c| Ending {
                    winner: Some(c),
                    reason: ResultReason::KingOfTheHill,
                }),
            Variant::RacingKings => self.race_ending(),
        }
    }

    fn race_ending(&self) -> Option<Ending> {
        let goal = Bitboard::rank(7);
        let white_in = goal.has(self.king(Color::White));
        let black_in = goal.has(self.king(Color::Black));
        let ending = |winner| {
            Some(Ending {
                winner,
                reason: ResultReason::Race,
            })
        };
        match (white_in, black_in) {
            (true, true) => ending(None),
            (false, true) => ending(Some(Color::Black)),
            (true, false) if self.turn == Color::White => ending(Some(Color::White)),
            (true, false) => {
                // Black's reply (R4.3): the race goes on only if Black can reach rank 8 now.
                let mut list = MoveList::new();
                self.gen_chess_moves(&mut list, &self.no_checks());
                let bk = self.king(Color::Black);
                if list.iter().any(|m| m.from == bk && goal.has(m.to)) {
                    None
                } else {
                    ending(Some(Color::White))
                }
            }
            (false, false) => None,
        }
    }

    /// `true` when neither side can ever win by the variant's rules for lack of material
    /// (R1.1, R2.3; never in King of the Hill or Racing Kings).
    pub fn is_insufficient_material(&self) -> bool {
        let kings = self.by_role[Role::King.index()];
        let others = self.occupied() & !kings;
        match self.variant {
            Variant::KingOfTheHill | Variant::RacingKings => false,
            Variant::ThreeCheck => others.is_empty(),
            Variant::Chess => {
                if others.is_empty() {
                    return true;
                }
                let heavy = self.by_role[Role::Pawn.index()]
                    | self.by_role[Role::Rook.index()]
                    | self.by_role[Role::Queen.index()];
                if heavy.any() {
                    return false;
                }
                let knights = self.by_role[Role::Knight.index()];
                let bishops = self.by_role[Role::Bishop.index()];
                if knights.any() {
                    return knights.count() == 1 && bishops.is_empty();
                }
                // Only bishops: dead when they all stand on one colour of square.
                (bishops & Bitboard::DARK).is_empty() || (bishops & !Bitboard::DARK).is_empty()
            }
        }
    }

    /// How the position has ended, if it has: the variant's ending, then checkmate or
    /// stalemate, then insufficient material.
    pub fn ending(&self) -> Option<Ending> {
        if let Some(e) = self.variant_ending() {
            return Some(e);
        }
        if self.legal_moves().is_empty() {
            return Some(if self.is_check() {
                Ending {
                    winner: Some(self.turn.other()),
                    reason: ResultReason::Checkmate,
                }
            } else {
                Ending {
                    winner: None,
                    reason: ResultReason::Stalemate,
                }
            });
        }
        if self.is_insufficient_material() {
            return Some(Ending {
                winner: None,
                reason: ResultReason::InsufficientMaterial,
            });
        }
        None
    }

    /// `true` when the side to move is checkmated (in check, no legal move, no variant ending).
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && self.variant_ending().is_none() && self.legal_moves().is_empty()
    }
}
