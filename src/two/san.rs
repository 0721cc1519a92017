//! Move notation: UCI (`e2e4`, `e7e8q`, `e1g1`) and SAN (`Nf3`, `exd5`, `O-O`, `e8=Q+`).

use super::board::Square;
use super::moves::{Move, MoveKind};
use super::position::Position;
use crate::{error::Error, role::Role};

impl Position {
    /// Finds the legal move written in UCI. Castling is accepted both as the king's two-square
    /// move (`e1g1`) and as king-takes-rook (`e1h1`).
    pub fn parse_uci(&self, uci: &str) -> Result<Move, Error> {
        let bad = || {
            Error::formatted(
                crate::error::ErrorKind::IllegalMove,
                format_args!("{uci:?} is not a legal move in {}", self.fen()),
            )
        };
        self.uci_move(uci).ok_or_else(bad)
    }

    /// The legal move written in UCI, or `None`: [`Self::parse_uci`] without the error, whose
    /// message (with the FEN) costs more than the lookup when the text is SAN
    /// ([`Self::parse_move`] on every move of a PGN import; docs/BENCHMARKS.md, "PGN import
    /// and export").
    fn uci_move(&self, uci: &str) -> Option<Move> {
        if !(4..=5).contains(&uci.len()) || !uci.is_ascii() {
            return None;
        }
        let from = Square::parse(&uci[0..2])?;
        let to = Square::parse(&uci[2..4])?;
        let promotion = match uci.as_bytes().get(4) {
            None => None,
            Some(&c) => Some(Role::from_char(c as char)?),
        };
        self.find_move(from, to, promotion)
    }

    /// Finds the legal move from `from` to `to` (with `promotion` for pawns reaching the last
    /// rank). `to` may be the king's castling destination or the castling rook's square.
    ///
    /// A move whose `to` is the square given wins over castling that lands the king there: in
    /// Chess960 positions `b1c1` can be a king step and the king's castling square at once, and
    /// UCI writes that castling `b1a1` (king takes rook).
    pub fn find_move(&self, from: Square, to: Square, promotion: Option<Role>) -> Option<Move> {
        let legal = self.legal_moves();
        let found = |castle_by_king_square: bool| {
            legal.iter().copied().find(|m| {
                m.from == from
                    && m.promotion() == promotion
                    && if castle_by_king_square {
                        m.kind == MoveKind::Castle && m.king_to() == to
                    } else {
                        m.to == to
                    }
            })
        };
        found(false).or_else(|| found(true))
    }

    /// SAN of a legal move, with `+` for check and `#` for checkmate.
    pub fn san(&self, m: Move) -> String {
        let mut after = self.clone();
        after.play(m);
        self.san_played(m, &after)
    }

    /// [`Self::san`] when the caller has the position after `m` already (`after`).
    pub(crate) fn san_played(&self, m: Move, after: &Position) -> String {
        let mut s = self.san_without_suffix(m);
        if after.is_checkmate() {
            s.push('#');
        } else if after.is_check() {
            s.push('+');
        }
        s
    }

    fn san_without_suffix(&self, m: Move) -> String {
        if m.kind == MoveKind::Castle {
            return if m.is_castle_kingside() {
                "O-O"
            } else {
                "O-O-O"
            }
            .to_string();
        }
        let role = self.role_at(m.from).unwrap_or(Role::Pawn);
        let capture = m.kind == MoveKind::EnPassant || self.occupied().has(m.to);
        let mut s = String::with_capacity(8);
        if role == Role::Pawn {
            if capture {
                s.push((b'a' + m.from.file()) as char);
            }
        } else {
            s.push(role.upper_char());
            // Disambiguate among other pieces of the same role that can reach `to`.
            let rivals: Vec<Square> = self
                .legal_moves()
                .iter()
                .filter(|o| {
                    o.to == m.to
                        && o.from != m.from
                        && o.kind != MoveKind::Castle
                        && self.role_at(o.from) == Some(role)
                })
                .map(|o| o.from)
                .collect();
            if !rivals.is_empty() {
                if rivals.iter().all(|r| r.file() != m.from.file()) {
                    s.push((b'a' + m.from.file()) as char);
                } else if rivals.iter().all(|r| r.rank() != m.from.rank()) {
                    s.push((b'1' + m.from.rank()) as char);
                } else {
                    s.push_str(&m.from.to_string());
                }
            }
        }
        if capture {
            s.push('x');
        }
        s.push_str(&m.to.to_string());
        if let Some(p) = m.promotion() {
            s.push('=');
            s.push(p.upper_char());
        }
        s
    }

    /// Finds the legal move written in SAN. Check marks, annotations (`!?`) and `0-0` for
    /// castling are accepted; so are SANs with redundant disambiguation or a missing `x`.
    pub fn parse_san(&self, san: &str) -> Result<Move, Error> {
        let bad = |why: &str| {
            Error::formatted(
                crate::error::ErrorKind::IllegalMove,
                format_args!("{san:?} is not a legal move in {} ({why})", self.fen()),
            )
        };
        let text = san.trim_end_matches(['+', '#', '!', '?']);
        let legal = self.legal_moves();
        if matches!(text, "O-O" | "0-0" | "O-O-O" | "0-0-0") {
            let kingside = text.len() == 3;
            return legal
                .iter()
                .copied()
                .find(|m| m.kind == MoveKind::Castle && m.is_castle_kingside() == kingside)
                .ok_or_else(|| bad("castling is not possible"));
        }
        if !text.is_ascii() || text.len() < 2 {
            return Err(bad("not SAN"));
        }
        let mut chars: Vec<char> = text.chars().collect();
        let mut promotion = None;
        if let Some(&last) = chars.last()
            && let Some(r) = Role::from_char(last).filter(|_| last.is_ascii_uppercase())
        {
            promotion = Some(r);
            chars.pop();
            if chars.last() == Some(&'=') {
                chars.pop();
            }
        }
        let role = match chars.first() {
            Some(&c) if c.is_ascii_uppercase() => {
                chars.remove(0);
                Role::from_char(c).ok_or_else(|| bad("unknown piece letter"))?
            }
            _ => Role::Pawn,
        };
        if chars.len() < 2 {
            return Err(bad("no destination square"));
        }
        let dest: String = chars[chars.len() - 2..].iter().collect();
        let to = Square::parse(&dest).ok_or_else(|| bad("no destination square"))?;
        let mut from_file = None;
        let mut from_rank = None;
        for &c in &chars[..chars.len() - 2] {
            match c {
                'a'..='h' => from_file = Some(c as u8 - b'a'),
                '1'..='8' => from_rank = Some(c as u8 - b'1'),
                'x' | ':' | '-' => {}
                _ => return Err(bad("unexpected character")),
            }
        }
        let mut found = None;
        for &m in legal.iter() {
            if m.kind == MoveKind::Castle
                || m.to != to
                || m.promotion() != promotion
                || self.role_at(m.from) != Some(role)
                || from_file.is_some_and(|f| m.from.file() != f)
                || from_rank.is_some_and(|r| m.from.rank() != r)
            {
                continue;
            }
            if found.is_some() {
                return Err(bad("ambiguous"));
            }
            found = Some(m);
        }
        found.ok_or_else(|| bad("no such legal move"))
    }

    /// Parses either UCI or SAN, trying UCI first.
    pub fn parse_move(&self, text: &str) -> Result<Move, Error> {
        let t = text.trim();
        self.uci_move(t).map_or_else(|| self.parse_san(t), Ok)
    }
}
