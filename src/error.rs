//! The one error type of the crate: a stable kind and a message naming the bad input.

use std::fmt;

/// What went wrong, as a stable machine-readable category.
///
/// The JS API exposes [`ErrorKind::code`] as the `code` property of the thrown `Error`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// A move that is not legal in the current position, or that could not be parsed.
    IllegalMove,
    /// A malformed FEN/FEN4 or one that describes an impossible position.
    InvalidFen,
    /// A malformed PGN/PGN4 or one whose moves are not legal.
    InvalidPgn,
    /// The game has ended; it accepts no more moves.
    GameOver,
    /// Any other bad argument: an unknown option, a wrong type, an out-of-range number.
    InvalidArgument,
    /// An invariant of the engine failed: a bug, never the caller's fault.
    Internal,
}

impl ErrorKind {
    /// Every kind.
    pub const ALL: [ErrorKind; 6] = [
        ErrorKind::IllegalMove,
        ErrorKind::InvalidFen,
        ErrorKind::InvalidPgn,
        ErrorKind::GameOver,
        ErrorKind::InvalidArgument,
        ErrorKind::Internal,
    ];

    /// Stable kebab-case code (`"illegal-move"`, `"invalid-fen"`, ...).
    pub const fn code(self) -> &'static str {
        match self {
            ErrorKind::IllegalMove => "illegal-move",
            ErrorKind::InvalidFen => "invalid-fen",
            ErrorKind::InvalidPgn => "invalid-pgn",
            ErrorKind::GameOver => "game-over",
            ErrorKind::InvalidArgument => "invalid-argument",
            ErrorKind::Internal => "internal",
        }
    }
}

/// The error type of every fallible tablero function: a kind and a message naming the bad input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    /// The category, stable across releases.
    pub kind: ErrorKind,
    /// A human-readable explanation that names the offending input.
    pub message: String,
}

/// The first `n` characters of `s` (all of it when shorter): how messages quote a long
/// argument. A slice, not `s.chars().take(n).collect::<String>()` at each message: one small
/// function instead of a collecting loop per call site in the wasm.
pub(crate) fn first_chars(s: &str, n: usize) -> &str {
    match s.char_indices().nth(n) {
        Some((end, _)) => &s[..end],
        None => s,
    }
}

impl Error {
    /// Builds an error of `kind` with `message`.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error {
            kind,
            message: message.into(),
        }
    }

    /// Shorthand for an [`ErrorKind::IllegalMove`] error.
    pub fn illegal_move(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::IllegalMove, message)
    }

    /// Shorthand for an [`ErrorKind::InvalidFen`] error.
    pub fn invalid_fen(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::InvalidFen, message)
    }

    /// An error with a formatted message: `Error::formatted(kind, format_args!(...))`. One
    /// out-of-line copy of the formatting; `format!` inlined at each of the crate's ~100 error
    /// sites cost about 0.5 KB of the gzipped package per 40 sites.
    #[cold]
    #[inline(never)]
    pub(crate) fn formatted(kind: ErrorKind, message: std::fmt::Arguments<'_>) -> Error {
        Error::new(kind, std::fmt::format(message))
    }

    /// Shorthand for an [`ErrorKind::InvalidPgn`] error.
    pub fn invalid_pgn(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::InvalidPgn, message)
    }

    /// Shorthand for an [`ErrorKind::GameOver`] error.
    pub fn game_over(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::GameOver, message)
    }

    /// Shorthand for an [`ErrorKind::InvalidArgument`] error.
    pub fn invalid_argument(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::InvalidArgument, message)
    }

    /// Shorthand for an [`ErrorKind::Internal`] error.
    pub fn internal(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Internal, message)
    }

    /// The stable code of this error's kind.
    pub fn code(&self) -> &'static str {
        self.kind.code()
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind.code(), self.message)
    }
}

impl std::error::Error for Error {}

/// Why a FEN or FEN4 was refused: the stable reason codes of `validate_fen` (`validateFen` in
/// JS), one per rule a position can break. Every `invalid-fen` error of the engines' FEN and
/// FEN4 readers has one (see [`FenError`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FenProblem {
    /// The text is longer than any FEN or FEN4 (`too-long`).
    TooLong,
    /// Fields missing or too many, or a move counter that is not a number (`bad-fields`).
    BadFields,
    /// The board field cannot be read: ranks, files, piece letters, corners (`bad-board`).
    BadBoard,
    /// A side (a seat in play, for four players) without exactly one king (`king-count`).
    KingCount,
    /// A pawn on the first or last rank, or (four players) behind its start line or on its
    /// promotion line (`pawn-rank`).
    PawnRank,
    /// The side-to-move field is not a side of the game, or names a player who is out
    /// (`bad-turn`).
    BadTurn,
    /// Castling rights the board contradicts: no king on its home square or no rook where
    /// the right points, two rights on one side of a king, an unknown letter
    /// (`bad-castling`).
    BadCastling,
    /// An en-passant square that no two-square pawn advance just made (`bad-en-passant`).
    BadEnPassant,
    /// The side that is not to move is in check (`opposite-check`).
    OppositeCheck,
    /// The side to move is checked by more pieces than one move can uncover
    /// (`impossible-check`).
    ImpossibleCheck,
    /// Three-check counters that are malformed, above 3, disagreeing, or present in another
    /// game (`bad-checks`).
    BadChecks,
    /// Pieces or a check the game's rules never allow (pawns or a check in Racing Kings)
    /// (`variant-rules`).
    VariantRules,
    /// The game's own goal is already reached: third check given, a king on the hill, the
    /// race decided (`already-over`).
    AlreadyOver,
    /// A FEN4 field other than the board and the player to move: out flags, castling flags,
    /// points, the ply clock, the extras (`bad-fen4-field`).
    BadFen4Field,
}

impl FenProblem {
    /// Every reason, in the order the README's table lists them.
    pub const ALL: [FenProblem; 14] = [
        FenProblem::TooLong,
        FenProblem::BadFields,
        FenProblem::BadBoard,
        FenProblem::KingCount,
        FenProblem::PawnRank,
        FenProblem::BadTurn,
        FenProblem::BadCastling,
        FenProblem::BadEnPassant,
        FenProblem::OppositeCheck,
        FenProblem::ImpossibleCheck,
        FenProblem::BadChecks,
        FenProblem::VariantRules,
        FenProblem::AlreadyOver,
        FenProblem::BadFen4Field,
    ];

    /// Stable kebab-case code (`"king-count"`, ...).
    pub const fn code(self) -> &'static str {
        match self {
            FenProblem::TooLong => "too-long",
            FenProblem::BadFields => "bad-fields",
            FenProblem::BadBoard => "bad-board",
            FenProblem::KingCount => "king-count",
            FenProblem::PawnRank => "pawn-rank",
            FenProblem::BadTurn => "bad-turn",
            FenProblem::BadCastling => "bad-castling",
            FenProblem::BadEnPassant => "bad-en-passant",
            FenProblem::OppositeCheck => "opposite-check",
            FenProblem::ImpossibleCheck => "impossible-check",
            FenProblem::BadChecks => "bad-checks",
            FenProblem::VariantRules => "variant-rules",
            FenProblem::AlreadyOver => "already-over",
            FenProblem::BadFen4Field => "bad-fen4-field",
        }
    }
}

/// A refused FEN: the reason and a message naming the offending field. It becomes an
/// `invalid-fen` [`Error`] with the same message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FenError {
    /// Why, as a stable code.
    pub problem: FenProblem,
    /// A human-readable explanation that names the offending field.
    pub message: String,
}

impl FenError {
    /// Builds a refusal for `problem` with `message`.
    pub fn new(problem: FenProblem, message: impl Into<String>) -> FenError {
        FenError {
            problem,
            message: message.into(),
        }
    }

    /// A refusal with a formatted message (one out-of-line copy, as [`Error::formatted`]).
    #[cold]
    #[inline(never)]
    pub(crate) fn formatted(problem: FenProblem, message: std::fmt::Arguments<'_>) -> FenError {
        FenError::new(problem, std::fmt::format(message))
    }
}

impl From<FenError> for Error {
    fn from(e: FenError) -> Error {
        Error::new(ErrorKind::InvalidFen, e.message)
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.problem.code(), self.message)
    }
}

impl std::error::Error for FenError {}

#[cfg(test)]
mod tests {
    use super::first_chars;

    #[test]
    fn first_chars_counts_characters_not_bytes() {
        for (s, n) in [
            ("", 3),
            ("abc", 3),
            ("abcd", 3),
            ("é→\u{feff}x", 2),
            ("é→", 0),
        ] {
            let expected: String = s.chars().take(n).collect();
            assert_eq!(first_chars(s, n), expected, "{s:?} {n}");
        }
    }
}
