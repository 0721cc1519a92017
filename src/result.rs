//! Why a game ended: one list of reasons for all five games.

use serde::{Serialize, Serializer};

/// Why a game ended. Codes are stable kebab-case strings ([`ResultReason::code`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ResultReason {
    /// Two players: the side to move is checkmated.
    Checkmate,
    /// Two players: the side to move has no legal move and is not in check: a draw.
    Stalemate,
    /// Three-check: the third check was given (R2.2).
    ThirdCheck,
    /// King of the Hill: a king reached d4, e4, d5 or e5 (R3.1).
    KingOfTheHill,
    /// Racing Kings: a king reached rank 8 and the race is decided (R4.3).
    Race,
    /// Two players: a draw claimed after the same position occurred three times. Four
    /// players: the automatic draw on the third repetition (R5.19).
    ThreefoldRepetition,
    /// Two players: a draw claimed after 50 moves by each side without capture or pawn move.
    /// Four players: the automatic draw after 50 moves each (R5.19).
    FiftyMoveRule,
    /// Automatic draw: the same position occurred five times (FIDE 9.6.1).
    FivefoldRepetition,
    /// Automatic draw: 75 moves by each side without capture or pawn move (FIDE 9.6.2).
    SeventyFiveMoveRule,
    /// Automatic draw: no sequence of legal moves can lead to a win (R1.1, R2.3; four
    /// players: only kings left, R5.19).
    InsufficientMaterial,
    /// Two players: a player resigned.
    Resignation,
    /// Two players: a draw that the rules did not produce: agreed by the players, or recorded
    /// as `1/2-1/2` in an imported PGN whose final position is not a draw by rule.
    DrawClaimed,
    /// Four players: three players are out (R5.18a).
    ThreeOut,
    /// Four players: two left, 21 or more points apart (R5.18b).
    PointsLead,
    /// Four players: the move limit was reached (R5.23).
    MoveLimit,
    /// Four Kingdoms: one player left among zombies, survivor bonus paid (R6.5).
    LastSurvivor,
    /// Teams: a king was captured; the capturer's team wins (R14.6, R14.7).
    KingCaptured,
    /// Online: the players agreed to a draw (R12.1; four players, the R5.19 draw).
    Agreement,
    /// A player ran out of time: in a two-player game online a loss, or a draw when the
    /// opponent could not have won (R11.3); in Teams the other team wins (R14.7).
    Timeout,
    /// Online: the game was aborted before every player had made a first move (R12.3): no
    /// result.
    Aborted,
}

impl ResultReason {
    /// Every reason, in declaration order.
    pub const ALL: [ResultReason; 20] = [
        ResultReason::Checkmate,
        ResultReason::Stalemate,
        ResultReason::ThirdCheck,
        ResultReason::KingOfTheHill,
        ResultReason::Race,
        ResultReason::ThreefoldRepetition,
        ResultReason::FiftyMoveRule,
        ResultReason::FivefoldRepetition,
        ResultReason::SeventyFiveMoveRule,
        ResultReason::InsufficientMaterial,
        ResultReason::Resignation,
        ResultReason::DrawClaimed,
        ResultReason::ThreeOut,
        ResultReason::PointsLead,
        ResultReason::MoveLimit,
        ResultReason::LastSurvivor,
        ResultReason::KingCaptured,
        ResultReason::Agreement,
        ResultReason::Timeout,
        ResultReason::Aborted,
    ];

    /// Stable kebab-case code, e.g. `"threefold-repetition"`.
    pub const fn code(self) -> &'static str {
        match self {
            ResultReason::Checkmate => "checkmate",
            ResultReason::Stalemate => "stalemate",
            ResultReason::ThirdCheck => "third-check",
            ResultReason::KingOfTheHill => "king-of-the-hill",
            ResultReason::Race => "race",
            ResultReason::ThreefoldRepetition => "threefold-repetition",
            ResultReason::FiftyMoveRule => "fifty-move-rule",
            ResultReason::FivefoldRepetition => "fivefold-repetition",
            ResultReason::SeventyFiveMoveRule => "seventy-five-move-rule",
            ResultReason::InsufficientMaterial => "insufficient-material",
            ResultReason::Resignation => "resignation",
            ResultReason::DrawClaimed => "draw-claimed",
            ResultReason::ThreeOut => "three-out",
            ResultReason::PointsLead => "points-lead",
            ResultReason::MoveLimit => "move-limit",
            ResultReason::LastSurvivor => "last-survivor",
            ResultReason::KingCaptured => "king-captured",
            ResultReason::Agreement => "agreement",
            ResultReason::Timeout => "timeout",
            ResultReason::Aborted => "aborted",
        }
    }

    /// Parses a code written by [`ResultReason::code`].
    pub fn from_code(code: &str) -> Option<ResultReason> {
        ResultReason::ALL.into_iter().find(|r| r.code() == code)
    }
}

impl Serialize for ResultReason {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}
