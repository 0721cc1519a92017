//! The typed values a [`crate::Game`] returns: moves, status, scores, board pieces, positions
//! and analyses, one shape for all five games.
//!
//! They are plain Rust data with `serde::Serialize`, so the wasm layer and the server emit
//! the same JSON (camelCase keys; optional fields are left out, not `null`, except where the
//! contract says `null`: `Status::turn`, `PositionView::turn`, `Facts::finish_rank`).

use serde::{Serialize, Serializer};

use crate::{player::Player, result::ResultReason, role::Role};

/// What kind of history entry a [`MoveRecord`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum EntryKind {
    /// A move chosen by the player (every two-player entry).
    Move,
    /// A four-player resignation (R5.17).
    Resign,
    /// A four-player time-out, treated as a resignation.
    Timeout,
    /// A random move of a Four Kingdoms zombie (R6.4).
    Random,
}

/// A move: legal, played, or a four-player resignation/time-out entry of the history.
///
/// Castling is the king's move (`from` = king square, `to` = where the king lands).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MoveRecord {
    /// Who moved (or resigned).
    pub player: Player,
    /// Move, resignation, time-out or zombie move.
    pub kind: EntryKind,
    /// Origin square (`""` for resign/timeout entries).
    pub from: String,
    /// Destination square (`""` for resign/timeout entries).
    pub to: String,
    /// The promotion piece, written as its letter (`"q"`).
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "crate::role::serialize_letter"
    )]
    pub promotion: Option<Role>,
    /// UCI text (`e2e4`, `e7e8q`, `e1g1`); `""` for resign/timeout entries.
    pub uci: String,
    /// SAN with `+`/`#` (two players) or PGN4 move text (`h2-h4`, `Qg1xQn8+`, `R`, `T`).
    pub san: String,
    /// The moving piece; `None` (written `""`) for resign/timeout entries.
    #[serde(serialize_with = "serialize_piece")]
    pub piece: Option<Role>,
    /// The captured piece, if any (grey pieces included).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub captured: Option<Role>,
    /// Was any king left in check?
    pub check: bool,
    /// Players whose kings were left in check (two players: `[]` or the opponent).
    pub checks: Vec<Player>,
    /// Points this entry scored for `player` (always 0 for two players).
    pub points: i32,
    /// Every score change this entry caused (four players).
    pub scoring: Vec<ScoreChange>,
    /// Every player this entry put out (four players).
    pub eliminated: Vec<Elimination>,
}

fn serialize_piece<S: Serializer>(piece: &Option<Role>, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(piece.map_or("", Role::name))
}

/// Points scored by one player in one event (four players).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ScoreChange {
    /// Who scored.
    pub player: Player,
    /// How many points.
    pub points: i32,
    /// Why.
    pub reason: ScoreReason,
}

/// A player put out by a history entry (four players).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Elimination {
    /// Who is out.
    pub player: Player,
    /// Why.
    pub reason: EliminationReason,
}

/// What [`crate::Game::undo`] took back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Undone {
    /// A move (with the zombie moves that followed it, in Four Kingdoms).
    Move(MoveRecord),
    /// A resignation, time-out or draw claim; the moves stay.
    Declaration,
}

/// One player's standing.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Score {
    /// The player.
    pub player: Player,
    /// Four players: game points. Two players: 1, ½ or 0 once the game is over, 0 before.
    #[serde(serialize_with = "serialize_points")]
    pub points: f64,
    /// Checks given, where the game counts them (Three-check).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub checks: Option<u8>,
    /// Four players: still in, or why out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<SeatStatus>,
    /// 1-based place once the game is over; equal results share a place (a draw: both 1).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub place: Option<u32>,
}

/// Whole points are written as integers (`1`, not `1.0`), so JSON reads the same from the
/// wasm layer and from serde_json.
fn serialize_points<S: Serializer>(points: &f64, s: S) -> Result<S::Ok, S::Error> {
    if points.fract() == 0.0 && points.abs() < 1e15 {
        s.serialize_i64(*points as i64)
    } else {
        s.serialize_f64(*points)
    }
}

/// How a finished game ended.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GameResult {
    /// The players in first place; empty for a two-player draw.
    pub winners: Vec<Player>,
    /// Why the game ended.
    pub reason: ResultReason,
    /// Every player's final standing, with places.
    pub scores: Vec<Score>,
}

/// The state of a game.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Status {
    /// The player to move; `None` (written `null`) once the game is over.
    pub turn: Option<Player>,
    /// Players to move whose kings are in check (two players: at most the player to move).
    pub in_check: Vec<Player>,
    /// Has the game ended?
    pub over: bool,
    /// The result, once over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<GameResult>,
    /// Can the player to move claim a draw now? Always `false` for four players.
    pub can_claim_draw: bool,
}

/// An occupied square.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BoardPiece {
    /// Square name (`"e4"`, `"k11"`).
    pub square: String,
    /// The piece.
    pub piece: Role,
    /// Its owner (for grey pieces, the player who owned it).
    pub color: Player,
    /// Four players: the piece belongs to a player who is out. Written only when `true`.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub grey: bool,
}

/// A position of the game's history, as [`crate::Game::position_at`] shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PositionView {
    /// Number of history entries played to reach it.
    pub ply: usize,
    /// FEN (FEN4 for four players).
    pub fen: String,
    /// The player to move; `None` (written `null`) when the game is over there.
    pub turn: Option<Player>,
    /// Every occupied square.
    pub board: Vec<BoardPiece>,
    /// The history entry that led here (none at ply 0).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_move: Option<MoveRecord>,
}

/// What [`crate::Game::analyse`] found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Analysis {
    /// The best move.
    #[serde(rename = "move")]
    pub best: MoveRecord,
    /// Centipawns from the mover's point of view.
    pub score: i32,
    /// Plies to a forced win (> 0) or loss (< 0), when the search proved one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mate: Option<i32>,
    /// Depth of the last completed iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The line the engine expects, starting with `best` (four players: `best` only).
    pub pv: Vec<MoveRecord>,
    /// The best moves' lines, best first, when several were asked for
    /// ([`crate::AnalysisScope::lines`]); not written when empty.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub lines: Vec<Line>,
}

/// One line of a MultiPV analysis.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Line {
    /// Centipawns from the mover's point of view.
    pub score: i32,
    /// Plies to a forced win (> 0) or loss (< 0), when the search proved one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mate: Option<i32>,
    /// The moves, starting with the line's first (four players: that move only).
    pub pv: Vec<MoveRecord>,
}

/// Why points were scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ScoreReason {
    /// Capture of an active piece (R5.10).
    Capture,
    /// Checkmate (R5.11).
    Checkmate,
    /// Two kings checked (R5.12).
    DoubleCheck,
    /// Three kings checked (R5.12).
    TripleCheck,
    /// Being stalemated (R5.13).
    Stalemate,
    /// Capturing a king (R6.3).
    KingCapture,
    /// Still in when an automatic draw fired (R5.19).
    Draw,
    /// Lone survivor bonus (R6.5).
    Survivor,
}

/// Why a player left the game as a consequence of a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum EliminationReason {
    /// Checkmated (R5.15).
    Checkmated,
    /// Stalemated (R5.13).
    Stalemated,
    /// King captured (R6.3).
    KingCaptured,
}

/// Whether a seat is still playing, and if not, why it is out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SeatStatus {
    /// Still in the game.
    Active,
    /// Out by checkmate (R5.11).
    Checkmated,
    /// Out by stalemate (R5.13).
    Stalemated,
    /// Out by resignation (R5.17); in kingdoms the pieces keep moving (R6.4).
    Resigned,
    /// Out on time; treated exactly like a resignation.
    Timeout,
    /// Kingdoms only: the king was captured (R6.3).
    KingCaptured,
}

impl SeatStatus {
    /// True unless the seat is [`SeatStatus::Active`].
    pub fn is_out(self) -> bool {
        self != SeatStatus::Active
    }

    /// The JSON name (`"king-captured"`).
    pub fn name(self) -> &'static str {
        match self {
            SeatStatus::Active => "active",
            SeatStatus::Checkmated => "checkmated",
            SeatStatus::Stalemated => "stalemated",
            SeatStatus::Resigned => "resigned",
            SeatStatus::Timeout => "timeout",
            SeatStatus::KingCaptured => "king-captured",
        }
    }
}

/// Which side of its king a castling right is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CastlingSide {
    /// Towards the h-file (two players) or the king's short side (`O-O`).
    King,
    /// Towards the a-file (two players) or the queen's side (`O-O-O`).
    Queen,
}

impl CastlingSide {
    /// `"king"` or `"queen"`.
    pub const fn name(self) -> &'static str {
        match self {
            CastlingSide::King => "king",
            CastlingSide::Queen => "queen",
        }
    }

    /// Parses `"king"` / `"queen"`.
    pub fn from_name(name: &str) -> Option<CastlingSide> {
        match name {
            "king" => Some(CastlingSide::King),
            "queen" => Some(CastlingSide::Queen),
            _ => None,
        }
    }
}

/// A castling right: who may castle, to which side, with the rook on which square.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CastlingRight {
    /// The player who keeps the right.
    pub player: Player,
    /// Which side of the king.
    pub side: CastlingSide,
    /// The square of the rook that castles (Chess960 starts put it on any file).
    pub rook: String,
}
