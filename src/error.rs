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
