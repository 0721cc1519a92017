//! Refusals: why the server did not do what a client asked, with a stable protocol code.

/// Why the server refused an action or a message; `code` is one of the protocol's error codes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// Stable protocol code (`illegal-move`, `not-your-turn`, `game-over`, ...).
    pub code: &'static str,
    /// Human-readable explanation.
    pub message: String,
}

impl Refusal {
    /// A refusal with `code` and a message for people.
    pub fn new(code: &'static str, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
        }
    }
}
