//! PGN of two-player games (R7.1): export with the lichess `Variant` tag, import of one game.

use super::game::{GameResult, TwoGame};
use super::{Color, Position, Variant};
use crate::kind::GameKind;
use crate::pgn_tags;
use crate::{error::Error, player::Player, result::ResultReason};

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
    /// The game as PGN, with the lichess `Variant` tag and `FEN`/`SetUp` for custom starts.
    pub fn pgn(&self) -> String {
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
        if kind != GameKind::Chess {
            pgn_tags::write(&mut out, "Variant", kind.pgn_tag());
        }
        let start = self.start();
        // A Chess960 game always names its start, even the usual one (position 518).
        if kind == GameKind::Chess960 || start.fen() != Position::new(variant).fen() {
            pgn_tags::write(&mut out, "FEN", &start.fen());
            pgn_tags::write(&mut out, "SetUp", "1");
        }
        out.push('\n');
        let mut text = String::new();
        let mut number = start.fullmoves();
        for (i, m) in self.records.iter().enumerate() {
            if m.player == Player::White {
                text.push_str(&format!("{number}. "));
            } else if i == 0 {
                text.push_str(&format!("{number}... "));
            }
            text.push_str(&m.san);
            text.push(' ');
            if m.player == Player::Black {
                number += 1;
            }
        }
        text.push_str(result);
        out.push_str(&wrap(&text, 79));
        out.push('\n');
        out
    }

    /// Reads a PGN (one game). The `Variant` tag picks the rules (lichess names; absent means
    /// chess; `Chess960` is chess from a Chess960 start, position 518 without a `FEN`); `FEN`
    /// sets the start. Moves are SAN (UCI is accepted too); comments, NAGs and
    /// variations are skipped. A decisive or drawn `Result` on a game that did not end on the
    /// board is kept as a resignation or an agreed draw.
    pub fn from_pgn(pgn: &str) -> Result<TwoGame, Error> {
        let (tags, movetext) = pgn_tags::split(pgn)?;
        let movetext = move_tokens(&movetext)?;
        let tag = |name: &str| pgn_tags::get(&tags, name);
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
        game.tags = tags
            .iter()
            .filter(|(k, _)| ROSTER.iter().any(|(name, _)| name == k))
            .cloned()
            .collect();
        let mut result_token = tag("Result").map(str::to_string);
        for token in movetext {
            if matches!(token.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*") {
                result_token = Some(token);
                break;
            }
            let number = game.position().fullmoves();
            let side = game.position().turn();
            game.play_str(&token).map_err(|e| {
                Error::formatted(
                    crate::error::ErrorKind::InvalidPgn,
                    format_args!(
                        "move {number}{} {token:?} ({}): {}",
                        if side == Color::White { "." } else { "..." },
                        side.name(),
                        e.message
                    ),
                )
            })?;
        }
        let declared = match result_token.as_deref() {
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
                reason: game.claimable_draw().unwrap_or(ResultReason::DrawClaimed),
            }),
            _ => None,
        };
        if let (Some(d), None) = (declared, game.result()) {
            game.declare(d);
        }
        Ok(game)
    }
}

fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line_len = 0;
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        if line_len > 0 && line_len + 1 + word.len() > width {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(word);
        line_len += word.len();
    }
    out
}

/// The move tokens of a move text: move numbers, comments, NAGs and variations removed.
fn move_tokens(movetext: &str) -> Result<Vec<String>, Error> {
    let mut tokens = Vec::new();
    let mut depth = 0usize;
    let mut chars = movetext.chars().peekable();
    let mut word = String::new();
    let flush = |word: &mut String, tokens: &mut Vec<String>| {
        let w = std::mem::take(word);
        if matches!(w.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*") {
            tokens.push(w);
            return;
        }
        // Move numbers may be glued to the move ("12.e4", "12...Nf6").
        let digits = w.len() - w.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let rest = &w[digits..];
        let mv = if digits > 0 && rest.starts_with('.') {
            rest.trim_start_matches('.')
        } else {
            w.as_str()
        };
        if !mv.is_empty() && !mv.starts_with('$') {
            tokens.push(mv.to_string());
        }
    };
    while let Some(c) = chars.next() {
        match c {
            '{' => {
                flush(&mut word, &mut tokens);
                // An unterminated comment would swallow the rest of the game unnoticed.
                if !chars.by_ref().any(|d| d == '}') {
                    return Err(Error::invalid_pgn(
                        "unterminated '{' comment in the move text",
                    ));
                }
            }
            ';' => {
                flush(&mut word, &mut tokens);
                for d in chars.by_ref() {
                    if d == '\n' {
                        break;
                    }
                }
            }
            '(' => {
                flush(&mut word, &mut tokens);
                depth += 1;
            }
            ')' => {
                flush(&mut word, &mut tokens);
                depth = depth
                    .checked_sub(1)
                    .ok_or_else(|| Error::invalid_pgn("unbalanced ')' in the move text"))?;
            }
            c if c.is_whitespace() => flush(&mut word, &mut tokens),
            c if depth == 0 => word.push(c),
            _ => {}
        }
    }
    flush(&mut word, &mut tokens);
    if depth != 0 {
        return Err(Error::invalid_pgn("unbalanced '(' in the move text"));
    }
    Ok(tokens)
}
