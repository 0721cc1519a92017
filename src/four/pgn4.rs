//! chess.com-style PGN4 (R7.2).
//!
//! Headers written: `Variant "FFA"` (`"Teams"` for Teams, R14.9), `RuleVariants`
//! (`"EnPassant"` for ffa and for Teams with en passant on, `""` for Teams without it,
//! `"Kingdoms"` for kingdoms; chess.com has no kingdoms preset, so the tag carries it; an
//! imported file's own value as read),
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
    /// The tag section of the game's PGN4 (ending in the blank line before the move text).
    /// `start_tag` replaces the `StartFen4` value (chess.com's `"4PC"`, kept from an
    /// import); `rule_variants_tag` the `RuleVariants` value (a file's own spelling, with
    /// chess.com's settings tablero has no rule for, `Anonymous`, `DeadKingWalking`; it
    /// read to these rules); `outcome` replaces the `Result` and `Termination` tags (a
    /// file's own, kept while its game is unchanged).
    pub(crate) fn pgn4_tags(
        &self,
        start_tag: Option<&str>,
        rule_variants_tag: Option<&str>,
        outcome: Option<&[(String, String)]>,
    ) -> String {
        let rules = self.rules();
        let mut s = String::new();
        pgn_tags::write(&mut s, "Variant", GameKind::FourPlayer(rules).pgn_tag());
        let rule_variants = self.rule_variants();
        pgn_tags::write(
            &mut s,
            "RuleVariants",
            rule_variants_tag.unwrap_or(rule_variants),
        );
        pgn_tags::write(&mut s, "StartFen4", start_tag.unwrap_or(self.start_fen4()));
        if let Some(l) = self.move_limit() {
            pgn_tags::write(&mut s, "MoveLimit", &l.to_string());
        }
        match (outcome, self.result()) {
            (Some(tags), _) => {
                for (k, v) in tags {
                    pgn_tags::write(&mut s, k, v);
                }
            }
            (None, Some(r)) if rules == Rules::Teams => {
                let red = r.winners.contains(&Player::Red);
                let result = match r.winners.is_empty() {
                    true => "1/2-1/2",
                    false if red => "1-0",
                    false => "0-1",
                };
                pgn_tags::write(&mut s, "Result", result);
                pgn_tags::write(&mut s, "Termination", r.reason.code());
            }
            (None, Some(r)) => {
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
            (None, None) => pgn_tags::write(&mut s, "Result", "*"),
        }
        s.push('\n');
        s
    }

    /// The `RuleVariants` value the game writes for itself: its preset's, or `""` for Teams
    /// without en passant (R14.4).
    pub(crate) fn rule_variants(&self) -> &'static str {
        let rules = self.rules();
        if self.position().en_passant() || rules != Rules::Teams {
            rules.pgn4_rule_variants()
        } else {
            ""
        }
    }

    /// The game a PGN4's tags start: rules from `Variant` and `RuleVariants`, `MoveLimit`,
    /// the `StartFen4` position (chess.com's `"4PC"` or none: the standard start), ready to
    /// replay the record's moves ([`FourGame::replay_step`]). Errors: `invalid-pgn`.
    pub(crate) fn for_pgn4(tags: &[(String, String)], seed: u64) -> Result<FourGame, Error> {
        let tag = |k: &str| pgn_tags::get(tags, k);
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
            && tag("RuleVariants")
                .is_some_and(|v| !crate::text::contains(&v.to_ascii_lowercase(), "enpassant"));
        let move_limit = match tag("MoveLimit") {
            Some(v) => Some(v.parse::<u32>().map_err(|_| {
                Error::formatted(
                    crate::error::ErrorKind::InvalidPgn,
                    format_args!("MoveLimit header {v:?} is not a number"),
                )
            })?),
            None => None,
        };
        let g = match tag("StartFen4").filter(|f| !is_standard_start(f)) {
            Some(f) => FourGame::for_replay(rules, f, move_limit, seed).map_err(|e| {
                Error::formatted(
                    crate::error::ErrorKind::InvalidPgn,
                    format_args!("StartFen4: {}", e.message),
                )
            }),
            None => {
                FourGame::for_replay(rules, &Position::startpos(rules).fen4(), move_limit, seed)
            }
        }?;
        if no_en_passant {
            g.with_en_passant(false)
        } else {
            Ok(g)
        }
    }

    /// Notes that an import stopped at record token `tok` of round `round` with `left`
    /// tokens after it, for [`FourGame::import_note`].
    pub(crate) fn note_stop(&mut self, round: u32, tok: &str, stop: Stop, left: usize) {
        let why = match (stop, self.result()) {
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
        self.import_note = Some(format!(
            "imported up to move {round}: {why}, so the record's {tok:?} and the {left} entr{} \
             after it were not imported",
            if left == 1 { "y" } else { "ies" }
        ));
    }

    /// The PGN4 text of history entry `i` (chess.com's form: a pawn captured without its
    /// letter, `Rf6xm6`; a resignation or time-out `R` / `T`, with `:seat` when another
    /// seat was to move), and its mover's place in the play order counted from the seat
    /// that moved first, with whether it is a move (not a resignation or time-out).
    pub(crate) fn entry_text(&self, i: usize) -> Option<(String, u8, bool)> {
        let (info, turn) = self.entry_turn(i)?;
        let is_move = !matches!(info.kind, EntryKind::Resign | EntryKind::Timeout);
        let text = if !is_move && info.player != Player::from(turn) {
            format!("{}:{}", info.san, info.player)
        } else {
            crate::text::replace(&info.san, "xP", "x")
        };
        let order = self.rules().order();
        let first = self.start_position().turn().index();
        let f = order.iter().position(|&x| x == first).unwrap_or(0);
        let p = order.iter().position(|&x| x == turn.index()).unwrap_or(0);
        Some((text, ((p + 4 - f) % 4) as u8, is_move))
    }
}

/// chess.com's name for the R5.2 start in `StartFen4`, beside a full FEN4.
pub(crate) fn is_standard_start(fen4: &str) -> bool {
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
