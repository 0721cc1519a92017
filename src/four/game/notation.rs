//! A four-player move as text: reading what a player or a record wrote (UCI `h2h4`, PGN4
//! `Qg1xQn8+`, castling, promotions) into a legal move, and writing a played move's
//! [`MoveRecord`] with its PGN4 text, points and eliminations. The one place both directions
//! of the notation (R7) live, so that what is written reads back.

use super::FourGame;
use crate::error::Error;
use crate::four::board::*;
use crate::four::moves::Move;
use crate::four::rules::Outcome;
use crate::player::Player;
use crate::record::{EntryKind, MoveRecord};
use crate::role::Role;

impl FourGame {
    /// The full information of a legal move, computed by trying it on a copy: the one
    /// description of a move, used for legal moves and (through `apply`) played ones alike.
    pub fn describe_move(&self, m: Move) -> MoveRecord {
        let mut p = self.pos.clone();
        let o = p.play_scored(m);
        describe(m, &o, EntryKind::Move)
    }

    /// Finds the legal move a text names: `h2h4`, `h2-h4`, `h7h8q`, or PGN4 text such as
    /// `Qg1xQn8+`, `h7-h8=Q`, `O-O`. A promotion names its piece (`=R`, `r`; Teams only,
    /// R14.3) or is a queen.
    pub fn parse_move(&self, text: &str) -> Result<Move, Error> {
        let bad = || {
            Error::formatted(
                crate::error::ErrorKind::IllegalMove,
                format_args!("illegal move {text:?}"),
            )
        };
        let t = text.trim().trim_end_matches(['+', '#']);
        let list = self.legal();
        if t == "O-O" || t == "O-O-O" || t == "0-0" || t == "0-0-0" {
            let long = t.len() > 3;
            return list
                .iter()
                .copied()
                .find(|m| m.is_castle() && (m.flag() == Move::CASTLE_QS) == long)
                .ok_or_else(bad);
        }
        let b = t.as_bytes();
        let mut i = 0;
        let mut role = None;
        if let Some(&c) = b.first()
            && c.is_ascii_uppercase()
        {
            role = Role::from_char(c as char);
            if role.is_none() {
                return Err(bad());
            }
            i = 1;
        }
        let sq_len = |i: usize| -> usize {
            let mut j = i + 1;
            while j < b.len() && j < i + 3 && b[j].is_ascii_digit() {
                j += 1;
            }
            j
        };
        if i >= b.len() {
            return Err(bad());
        }
        let j = sq_len(i);
        let from = t.get(i..j).and_then(Square::parse).ok_or_else(bad)?;
        let mut k = j;
        let mut capture = None;
        if k < b.len() && (b[k] == b'-' || b[k] == b'x') {
            if b[k] == b'x' {
                capture = Some(None);
                if k + 1 < b.len() && b[k + 1].is_ascii_uppercase() {
                    capture = Some(Some(Role::from_char(b[k + 1] as char).ok_or_else(bad)?));
                    k += 1;
                }
            }
            k += 1;
        }
        if k >= b.len() {
            return Err(bad());
        }
        let e = sq_len(k);
        let to = t.get(k..e).and_then(Square::parse).ok_or_else(bad)?;
        let rest = t.get(e..).unwrap_or("");
        // chess.com writes the 1-point promoted queen as `=D` under its PromoteTo=D rule.
        let promo = match rest.strip_prefix('=').unwrap_or(rest) {
            "" => None,
            "D" => Some(Role::Queen),
            p => match p.chars().next().and_then(Role::from_char) {
                Some(r @ (Role::Queen | Role::Rook | Role::Bishop | Role::Knight))
                    if p.len() == 1 =>
                {
                    Some(r)
                }
                _ => return Err(bad()),
            },
        };
        let m = list
            .iter()
            .copied()
            .find(|m| {
                m.from() == from
                    && m.to() == to
                    && (!m.is_promotion() || m.promotion() == Some(promo.unwrap_or(Role::Queen)))
            })
            .ok_or_else(bad)?;
        let promo = promo.is_some();
        let pc = self.pos.board[from.idx()];
        if let Some(r) = role
            && role_of(pc) != Some(r)
        {
            return Err(bad());
        }
        if promo && !m.is_promotion() {
            return Err(bad());
        }
        if let Some(c) = capture {
            let target = if m.is_en_passant() {
                Some(Role::Pawn)
            } else {
                role_of(self.pos.board[to.idx()])
            };
            if target.is_none() || (c.is_some() && c != target) {
                return Err(bad());
            }
        }
        Ok(m)
    }
}

/// Builds the [`MoveRecord`] of move `m` played in `before` with outcome `o`.
pub(super) fn describe(m: Move, o: &Outcome, kind: EntryKind) -> MoveRecord {
    let from = m.from().to_string();
    let to = m.to().to_string();
    let pc = o.piece;
    let role = role_of(pc).unwrap_or(Role::Pawn);
    let captured = role_of(o.captured);
    let mut san = if m.is_castle() {
        if m.flag() == Move::CASTLE_KS {
            "O-O".to_string()
        } else {
            "O-O-O".to_string()
        }
    } else {
        let mut s = String::new();
        if role != Role::Pawn {
            s.push(role.upper_char());
        }
        s.push_str(&from);
        match captured {
            Some(r) => {
                s.push('x');
                s.push(r.upper_char());
            }
            None => s.push('-'),
        }
        s.push_str(&to);
        if let Some(r) = m.promotion() {
            s.push('=');
            s.push(r.upper_char());
        }
        s
    };
    match o.own_checks {
        Some(n) => san.push_str(&"+".repeat(n)),
        None => {
            for c in &o.checks {
                if !o.mated.contains(c) {
                    san.push('+');
                }
            }
        }
    }
    for _ in &o.mated {
        san.push('#');
    }
    let player = Player::from(Seat::from_index(o.mover));
    MoveRecord {
        uci: match m.promotion() {
            Some(r) => format!("{from}{to}{}", r.char()),
            None => format!("{from}{to}"),
        },
        from,
        to,
        promotion: m.promotion(),
        san,
        piece: Some(role),
        captured,
        check: !o.checks.is_empty(),
        checks: o.checks.iter().map(|&s| s.into()).collect(),
        player,
        points: o
            .scoring
            .iter()
            .filter(|e| e.player == player)
            .map(|e| e.points)
            .sum(),
        scoring: o.scoring.clone(),
        eliminated: o.eliminated.clone(),
        kind,
    }
}
