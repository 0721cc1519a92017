//! chess.com-style PGN4 (R7.2).
//!
//! Headers written: `Variant "FFA"` (`"Teams"` for Teams, R14.9), `RuleVariants`
//! (`"EnPassant"` for ffa and for Teams with en passant on, `""` for Teams without it,
//! `"Kingdoms"` for kingdoms; chess.com has no kingdoms preset, so the tag carries it),
//! `StartFen4`, `MoveLimit` (only when set), `Result` (`"*"` while playing, else the four scores
//! `"R-B-Y-G"`; Teams: `"1-0"` when Red and Yellow won, `"0-1"` when Blue and Green did,
//! `"1/2-1/2"`) and `Termination` (the end reason). Reading Teams, a `RuleVariants` tag without
//! `EnPassant` turns en passant off (R14.4), and a record that goes on after the game ended is
//! an error. Resignations/time-outs are `R`/`T` when the seat was to
//! move, else `R:blue`/`T:blue`; `S` tokens are accepted and ignored since stalemates are
//! decided by the engine. Zombie moves (R6.4) are written as ordinary moves and, on import,
//! are taken from the record.

use super::board::*;
use super::game::{FourGame, Stop};
use super::position::Position;
use crate::record::EntryKind;
use crate::{error::Error, kind::GameKind, pgn_tags, player::Player, result::ResultReason};

impl FourGame {
    /// The game as PGN4.
    pub fn pgn4(&self) -> String {
        let rules = self.rules();
        let mut s = String::new();
        pgn_tags::write(&mut s, "Variant", GameKind::FourPlayer(rules).pgn_tag());
        let rule_variants = if self.position().en_passant() || rules != Rules::Teams {
            rules.pgn4_rule_variants()
        } else {
            ""
        };
        pgn_tags::write(&mut s, "RuleVariants", rule_variants);
        pgn_tags::write(&mut s, "StartFen4", self.start_fen4());
        if let Some(l) = self.move_limit() {
            pgn_tags::write(&mut s, "MoveLimit", &l.to_string());
        }
        match self.result() {
            Some(r) if rules == Rules::Teams => {
                let red = r.winners.contains(&Player::Red);
                let result = match r.winners.is_empty() {
                    true => "1/2-1/2",
                    false if red => "1-0",
                    false => "0-1",
                };
                pgn_tags::write(&mut s, "Result", result);
                pgn_tags::write(&mut s, "Termination", r.reason.code());
            }
            Some(r) => {
                // Four-player points are whole numbers. Written as integers, they keep Rust's
                // float formatting (about 6 KB of gzipped wasm) out of the package.
                let pts: Vec<String> = r
                    .scores
                    .iter()
                    .map(|p| (p.points as i64).to_string())
                    .collect();
                pgn_tags::write(&mut s, "Result", &pts.join("-"));
                pgn_tags::write(&mut s, "Termination", r.reason.code());
            }
            None => pgn_tags::write(&mut s, "Result", "*"),
        }
        s.push('\n');
        let order = rules.order();
        let first = self.start_fen4().chars().next().unwrap_or('R');
        let first = Seat::parse(&first.to_string()).unwrap_or(Seat::Red).index();
        let rank = |seat: usize| -> usize {
            let f = order.iter().position(|&x| x == first).unwrap_or(0);
            let p = order.iter().position(|&x| x == seat).unwrap_or(0);
            (p + 4 - f) % 4
        };
        let mut round = 0;
        let mut last: Option<usize> = None;
        let mut first_tok = true;
        for (info, turn) in self.entries() {
            let tok = match info.kind {
                EntryKind::Resign | EntryKind::Timeout => {
                    if info.player == Player::from(turn) {
                        info.san.clone()
                    } else {
                        format!("{}:{}", info.san, info.player)
                    }
                }
                _ => info.san.clone(),
            };
            let is_move = !matches!(info.kind, EntryKind::Resign | EntryKind::Timeout);
            let r = rank(turn.index());
            if round == 0 || (is_move && last.is_some_and(|l| r <= l)) {
                round += 1;
                if !first_tok {
                    s.push('\n');
                }
                s.push_str(&format!("{round}. {tok}"));
            } else {
                s.push_str(&format!(" .. {tok}"));
            }
            first_tok = false;
            if is_move {
                last = Some(r);
            }
        }
        if self.result().is_none() {
            if !first_tok {
                s.push(' ');
            }
            s.push('*');
        }
        s.push('\n');
        s
    }

    /// Reads PGN4 and replays it through the rules. An illegal or unreadable move is reported
    /// with [`crate::ErrorKind::InvalidPgn`], its move number and the player to move.
    pub fn from_pgn4(text: &str, seed: u64) -> Result<FourGame, Error> {
        let (tags, body) = pgn_tags::split(text)?;
        let tag = |k: &str| pgn_tags::get(&tags, k);
        let variant = tag("Variant").filter(|v| !v.trim().is_empty());
        let rules = match variant.map(GameKind::from_pgn_tag) {
            None => Rules::Ffa,
            Some(Some(GameKind::FourPlayer(rules))) => rules,
            Some(_) => {
                return Err(Error::formatted(
                    crate::error::ErrorKind::InvalidPgn,
                    format_args!("unsupported Variant {:?}", variant.unwrap_or_default()),
                ));
            }
        };
        let rules = tag("RuleVariants")
            .and_then(Rules::from_pgn4_rule_variants)
            .unwrap_or(rules);
        // R14.4: chess.com names en passant among the rule variants when it is on.
        let no_en_passant = rules == Rules::Teams
            && tag("RuleVariants").is_some_and(|v| !v.to_ascii_lowercase().contains("enpassant"));
        let move_limit = match tag("MoveLimit") {
            Some(v) => Some(v.parse::<u32>().map_err(|_| {
                Error::formatted(
                    crate::error::ErrorKind::InvalidPgn,
                    format_args!("MoveLimit header {v:?} is not a number"),
                )
            })?),
            None => None,
        };
        let mut g = match tag("StartFen4").filter(|f| !is_standard_start(f)) {
            Some(f) => FourGame::for_replay(rules, f, move_limit, seed).map_err(|e| {
                Error::formatted(
                    crate::error::ErrorKind::InvalidPgn,
                    format_args!("StartFen4: {}", e.message),
                )
            })?,
            None => {
                FourGame::for_replay(rules, &Position::startpos(rules).fen4(), move_limit, seed)?
            }
        };
        if no_en_passant {
            g = g.with_en_passant(false)?;
        }
        // Strip comments and variations.
        let mut clean = String::new();
        let mut depth_brace = 0;
        let mut depth_paren = 0;
        for ch in body.chars() {
            match ch {
                '{' => depth_brace += 1,
                '}' if depth_brace > 0 => depth_brace -= 1,
                '(' if depth_brace == 0 => depth_paren += 1,
                ')' if depth_brace == 0 && depth_paren > 0 => depth_paren -= 1,
                _ if depth_brace == 0 && depth_paren == 0 => clean.push(ch),
                _ => {}
            }
        }
        if depth_brace != 0 || depth_paren != 0 {
            return Err(Error::invalid_pgn(
                "unterminated '{' comment or '(' variation in the move text",
            ));
        }
        let mut toks: Vec<(u32, String)> = Vec::new();
        let mut number = 1u32;
        for raw in clean.split_whitespace() {
            let mut t = raw;
            // Move numbers, possibly glued to the move ("12.h2-h4").
            if let Some(i) = t.find('.') {
                let (n, rest) = t.split_at(i);
                if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) {
                    number = n.parse().unwrap_or(number);
                    t = rest.trim_start_matches('.');
                }
            }
            // A lone `#` is chess.com's end-of-game marker, not a move.
            if t.is_empty()
                || t == ".."
                || t == "#"
                || t == "*"
                || t == "1/2-1/2"
                || t == "1-0"
                || t == "0-1"
            {
                continue;
            }
            // Four-score results ("45-0-12-3"); "0-0"/"0-0-0" stay, they are castling.
            if t.matches('-').count() >= 3 && t.bytes().all(|b| b.is_ascii_digit() || b == b'-') {
                continue;
            }
            toks.push((number, t.to_string()));
        }
        let stopped = g.replay(toks.iter().map(|(_, t)| t.as_str()), true, |i, seat, e| {
            let n = toks.get(i).map_or(0, |x| x.0);
            Error::formatted(
                crate::error::ErrorKind::InvalidPgn,
                format_args!("move {n} ({seat}): {}", e.message),
            )
        })?;
        if let Some((i, stop)) = stopped {
            let (n, tok) = &toks[i];
            let left = toks.len() - i - 1;
            let why = match (stop, g.result()) {
                (Stop::GameOver, Some(r)) => format!(
                    "the game ended there under these rules ({}, {})",
                    r.reason.code(),
                    why_ended(r.reason)
                ),
                (Stop::KingCapture, _) => format!(
                    "{tok:?} captures a king, which chess.com allows and these rules never do \
                     (R5.9)"
                ),
                _ => format!(
                    "{tok:?} is chess.com's move for a player out of time, whose king alone \
                     then walks on; here the computer plays that player's turns with the whole \
                     army (R5.21)"
                ),
            };
            g.import_note = Some(format!(
                "imported up to move {n}: {why}, so the record's {tok:?} and the {left} entr{} \
                 after it were not imported",
                if left == 1 { "y" } else { "ies" }
            ));
        }
        Ok(g)
    }
}

/// chess.com's name for the R5.2 start in `StartFen4`, beside a full FEN4.
fn is_standard_start(fen4: &str) -> bool {
    fen4.trim() == "4PC"
}

/// Why a four-player game ends, in words, for the note of a record that goes on after it.
fn why_ended(reason: ResultReason) -> &'static str {
    match reason {
        ResultReason::PointsLead => {
            "R5.18: two players left, one 21 points ahead; chess.com lets the leader play on"
        }
        ResultReason::ThreeOut | ResultReason::LastSurvivor => "R5.18: three players out",
        ResultReason::MoveLimit => "R5.23: the move limit",
        ResultReason::ThreefoldRepetition
        | ResultReason::FiftyMoveRule
        | ResultReason::InsufficientMaterial => "R5.19: an automatic draw; chess.com plays on",
        _ => "the game was over",
    }
}
