//! PGN of two-player games (R7.1): the tag section (export with the lichess `Variant` tag,
//! the start an import's tags give) and the end of an import. The move text is the game
//! record's (`src/game/movetext.rs`).

use super::game::{GameResult, TwoGame};
use super::{Color, Variant};
use crate::kind::GameKind;
use crate::pgn_tags;
use crate::{error::Error, result::ResultReason};

/// The roster tags a PGN keeps, with the values written when unknown.
const ROSTER: [(&str, &str); 6] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
];

impl TwoGame {
    /// The tag section of the game's PGN (ending in the blank line before the move text): the
    /// seven-tag roster, then `Variant` (the lichess name; `variant_tag`, a file's own
    /// spelling such as `"Standard"`, when given) and `FEN`/`SetUp` for custom starts.
    pub fn pgn_tags(&self, variant_tag: Option<&str>) -> String {
        let result = self.result().map_or("*", |r| r.pgn_token());
        let mut out = String::new();
        for (name, default) in ROSTER {
            let value = self
                .tags
                .iter()
                .find(|(k, _)| k == name)
                .map_or(default, |(_, v)| v.as_str());
            pgn_tags::write(&mut out, name, value);
        }
        pgn_tags::write(&mut out, "Result", result);
        let variant = self.variant();
        let kind = self.kind();
        match variant_tag {
            Some(v) => pgn_tags::write(&mut out, "Variant", v),
            None if kind != GameKind::Chess => pgn_tags::write(&mut out, "Variant", kind.pgn_tag()),
            None => {}
        }
        let start = self.start();
        // A Chess960 game always names its start, even the usual one (position 518).
        // `start_fen` is written as `fen()` writes it (the test below): no position is built
        // and written for each export.
        if kind == GameKind::Chess960 || start.fen() != variant.start_fen() {
            pgn_tags::write(&mut out, "FEN", &start.fen());
            pgn_tags::write(&mut out, "SetUp", "1");
        }
        out.push('\n');
        out
    }

    /// The game a PGN's tags start: the `Variant` tag picks the rules (lichess names; absent
    /// means chess; `Chess960` is chess from a Chess960 start, position 518 without a `FEN`);
    /// `FEN` sets the start; the roster tags on one line are kept. Errors: `invalid-pgn`.
    pub fn for_pgn(tags: &[(String, String)]) -> Result<TwoGame, Error> {
        let tag = |name: &str| pgn_tags::get(tags, name);
        let kind = match tag("Variant") {
            Some(v) => GameKind::from_pgn_tag(v)
                .filter(|k| k.variant().is_some())
                .ok_or_else(|| {
                    Error::formatted(
                        crate::error::ErrorKind::InvalidPgn,
                        format_args!("unsupported Variant tag {v:?}"),
                    )
                })?,
            None => GameKind::Chess,
        };
        let variant = kind.variant().unwrap_or(Variant::Chess);
        let bad_fen = |e: Error| {
            Error::formatted(
                crate::error::ErrorKind::InvalidPgn,
                format_args!("bad FEN tag: {}", e.message),
            )
        };
        let mut game = match (kind, tag("FEN")) {
            (GameKind::Chess960, fen) => {
                TwoGame::chess960(fen, super::chess960::STANDARD).map_err(bad_fen)?
            }
            (_, Some(fen)) => TwoGame::from_fen(variant, fen).map_err(bad_fen)?,
            (_, None) => TwoGame::new(variant),
        };
        // A value with a line break is not kept: a tag line cannot hold it, and the game's
        // headers (so its save) leave such a tag out too.
        game.tags = tags
            .iter()
            .filter(|(k, v)| ROSTER.iter().any(|(name, _)| name == k) && !v.contains(['\n', '\r']))
            .cloned()
            .collect();
        Ok(game)
    }

    /// The same game at its start: the start position and the roster tags.
    pub fn restarted(&self) -> TwoGame {
        let mut g = TwoGame::from_position(self.start().clone());
        g.tags.clone_from(&self.tags);
        g
    }

    /// Plays move `token` of a PGN's move text (SAN; UCI is accepted too). Errors:
    /// `invalid-pgn`, naming the move number, the move and the side, then why.
    pub fn play_pgn_move(&mut self, token: &str, place: &str) -> Result<(), Error> {
        let number = self.position().fullmoves();
        let side = self.position().turn();
        self.play_str(token).map(drop).map_err(|e| {
            Error::formatted(
                crate::error::ErrorKind::InvalidPgn,
                format_args!(
                    "move {number}{} {token:?} ({}){place}: {}",
                    if side == Color::White { "." } else { "..." },
                    side.name(),
                    e.message
                ),
            )
        })
    }

    /// Ends a PGN import on the result token of its move text (else its `Result` tag): a
    /// decisive or drawn result on a game that did not end on the board is kept as a
    /// resignation or an agreed draw.
    pub fn end_pgn(&mut self, result: Option<&str>) {
        let declared = match result {
            Some("1-0") => Some(GameResult {
                winner: Some(Color::White),
                reason: ResultReason::Resignation,
            }),
            Some("0-1") => Some(GameResult {
                winner: Some(Color::Black),
                reason: ResultReason::Resignation,
            }),
            Some("1/2-1/2") => Some(GameResult {
                winner: None,
                reason: self.claimable_draw().unwrap_or(ResultReason::DrawClaimed),
            }),
            _ => None,
        };
        if let (Some(d), None) = (declared, self.result()) {
            self.declare(d);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::two::{Position, Variant};

    /// `pgn_tags` compares a start with `Variant::start_fen` as text: each is `fen()`'s form.
    #[test]
    fn start_fens_are_written_as_fen_writes_them() {
        for v in Variant::ALL {
            assert_eq!(Position::new(v).fen(), v.start_fen(), "{v:?}");
        }
    }
}
