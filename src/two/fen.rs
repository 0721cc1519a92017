//! FEN reading and writing, with X-FEN castling and both Three-check counter dialects (R2.5).

use super::board::{Bitboard, Color, Square};
use super::position::Position;
use super::rules::HILL;
use crate::error::{Error, FenError, FenProblem};
use crate::kind::Variant;
use crate::role::Role;

impl Position {
    /// Parses a FEN for `variant`.
    ///
    /// Accepts 4 to 8 fields: board, side, castling (`KQkq`, X-FEN rook files such as `Hh`, or
    /// `-`), en passant, then optionally Three-check *remaining* checks (`3+3`), the half-move
    /// clock, the full-move number and lichess-style checks *given* (`+0+0`). A Three-check FEN
    /// without a counter means 3+3 remaining.
    ///
    /// The position must be valid: one king per side, no pawns on the first or last rank, the
    /// side not to move not in check, consistent castling and en-passant fields, and the
    /// variant's own conditions (see `Position::validate`).
    pub fn from_fen(variant: Variant, fen: &str) -> Result<Position, Error> {
        Position::read_fen(variant, fen).map_err(Error::from)
    }

    /// [`Position::from_fen`] with the reason of a refusal as a stable code
    /// ([`FenProblem`]), for the position editor's validation.
    pub fn read_fen(variant: Variant, fen: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 2 {
            return Err(FenError::formatted(
                FenProblem::BadFields,
                format_args!("FEN {fen:?} needs at least a board and a side to move"),
            ));
        }
        let mut pos = Position {
            variant,
            by_color: [Bitboard::EMPTY; 2],
            by_role: [Bitboard::EMPTY; 6],
            turn: Color::White,
            castling: Bitboard::EMPTY,
            ep: None,
            halfmoves: 0,
            fullmoves: 1,
            checks: [0, 0],
            checkers: Bitboard::EMPTY,
            hash: 0,
            mailbox: [0; 64],
            chess960: false,
        };
        parse_board(&mut pos, fields[0])?;
        pos.rebuild_mailbox();
        pos.turn = match fields[1] {
            "w" | "W" => Color::White,
            "b" | "B" => Color::Black,
            other => {
                return Err(FenError::formatted(
                    FenProblem::BadTurn,
                    format_args!("side to move must be 'w' or 'b', not {other:?}"),
                ));
            }
        };
        if let Some(c) = fields.get(2) {
            parse_castling(&mut pos, c)?;
        }
        let mut ep = None;
        if let Some(&e) = fields.get(3)
            && e != "-"
        {
            ep = Some(Square::parse(e).ok_or_else(|| {
                FenError::formatted(
                    FenProblem::BadEnPassant,
                    format_args!("en-passant field {e:?} is not a square or '-'"),
                )
            })?);
        }
        let mut rest: &[&str] = fields.get(4..).unwrap_or(&[]);
        let mut remaining: Option<(u8, u8)> = None;
        if let Some(first) = rest.first()
            && first.contains('+')
            && !first.starts_with('+')
        {
            remaining = Some(parse_counter_pair(first, "remaining checks")?);
            rest = &rest[1..];
        }
        let mut numbers = Vec::new();
        let mut given: Option<(u8, u8)> = None;
        for f in rest {
            if let Some(pair) = f.strip_prefix('+') {
                given = Some(parse_counter_pair(pair, "checks given")?);
            } else {
                numbers.push(f.parse::<u32>().map_err(|_| {
                    FenError::formatted(
                        FenProblem::BadFields,
                        format_args!("{f:?} is not a move counter"),
                    )
                })?);
            }
        }
        if numbers.len() > 2 {
            return Err(FenError::formatted(
                FenProblem::BadFields,
                format_args!("too many fields in FEN {fen:?}"),
            ));
        }
        if let Some(&h) = numbers.first() {
            pos.halfmoves = h;
        }
        if let Some(&n) = numbers.get(1) {
            pos.fullmoves = n.max(1);
        }
        if (remaining.is_some() || given.is_some()) && variant != Variant::ThreeCheck {
            return Err(FenError::formatted(
                FenProblem::BadChecks,
                format_args!(
                    "check counters are only allowed in Three-check, not {}",
                    variant
                ),
            ));
        }
        match (remaining, given) {
            (Some(r), Some(g)) if (3u8.saturating_sub(r.0), 3u8.saturating_sub(r.1)) != g => {
                return Err(FenError::new(
                    FenProblem::BadChecks,
                    "the remaining-checks and checks-given counters disagree",
                ));
            }
            (Some((w, b)), _) => {
                if w > 3 || b > 3 {
                    return Err(FenError::formatted(
                        FenProblem::BadChecks,
                        format_args!("remaining checks {w}+{b} exceed 3"),
                    ));
                }
                pos.checks = [3 - w, 3 - b];
            }
            (None, Some((w, b))) => {
                if w > 3 || b > 3 {
                    return Err(FenError::formatted(
                        FenProblem::BadChecks,
                        format_args!("checks given +{w}+{b} exceed 3"),
                    ));
                }
                pos.checks = [w, b];
            }
            (None, None) => {}
        }
        pos.validate(ep)?;
        Ok(pos)
    }

    /// Checks the conditions every position must meet, then fills in the derived fields
    /// (checkers, hash, the en-passant square when it is capturable).
    fn validate(&mut self, ep: Option<Square>) -> Result<(), FenError> {
        for color in [Color::White, Color::Black] {
            let kings = self.by_color[color.index()] & self.by_role[Role::King.index()];
            if kings.count() != 1 {
                return Err(FenError::formatted(
                    FenProblem::KingCount,
                    format_args!(
                        "{} must have exactly one king, found {}",
                        color.name(),
                        kings.count()
                    ),
                ));
            }
        }
        let pawns = self.by_role[Role::Pawn.index()];
        if (pawns & (Bitboard::rank(0) | Bitboard::rank(7))).any() {
            return Err(FenError::new(
                FenProblem::PawnRank,
                "pawns cannot stand on the first or last rank",
            ));
        }
        let them = self.turn.other();
        let occ = self.occupied();
        if self.attackers(self.king(them), self.turn, occ).any() {
            return Err(FenError::formatted(
                FenProblem::OppositeCheck,
                format_args!(
                    "{} is in check but it is {}'s turn",
                    them.name(),
                    self.turn.name()
                ),
            ));
        }
        self.checkers = self.attackers(self.king(self.turn), them, occ);
        if self.checkers.count() > 2 {
            return Err(FenError::new(
                FenProblem::ImpossibleCheck,
                "the side to move is checked by more than two pieces",
            ));
        }

        // Each castling right needs the king on its back rank and a rook of its own on the
        // named square; at most one right per side of the king.
        for color in [Color::White, Color::Black] {
            let rights = self.castling & Bitboard::rank(color.back_rank());
            if rights.is_empty() {
                continue;
            }
            let own = self.by_color[color.index()];
            let king = self.king(color);
            if king.rank() != color.back_rank() {
                return Err(FenError::formatted(
                    FenProblem::BadCastling,
                    format_args!(
                        "{} has castling rights but its king is not on its back rank",
                        color.name()
                    ),
                ));
            }
            for sq in rights {
                if !(own & self.by_role[Role::Rook.index()]).has(sq) {
                    return Err(FenError::formatted(
                        FenProblem::BadCastling,
                        format_args!("castling right for {} needs a rook on {sq}", color.name()),
                    ));
                }
            }
            let east = rights
                .into_iter()
                .filter(|s| s.file() > king.file())
                .count();
            let west = rights
                .into_iter()
                .filter(|s| s.file() < king.file())
                .count();
            if east > 1 || west > 1 {
                return Err(FenError::formatted(
                    FenProblem::BadCastling,
                    format_args!(
                        "{} has two castling rights on one side of its king",
                        color.name()
                    ),
                ));
            }
        }

        if let Some(ep) = ep {
            let (ep_rank, pawn_rank, from_rank) = match self.turn {
                Color::White => (5, 4, 6),
                Color::Black => (2, 3, 1),
            };
            let pawn_sq = Square::from_coords(ep.file(), pawn_rank);
            let their_pawns = self.by_color[them.index()] & pawns;
            if ep.rank() != ep_rank
                || !their_pawns.has(pawn_sq)
                || occ.has(ep)
                || occ.has(Square::from_coords(ep.file(), from_rank))
            {
                return Err(FenError::formatted(
                    FenProblem::BadEnPassant,
                    format_args!(
                        "en-passant square {ep} does not follow a two-square pawn advance"
                    ),
                ));
            }
            // Only a square where a legal capture exists is kept: repetition and hashing
            // treat the others as absent, as FIDE does (9.2.3).
            self.ep = Some(ep);
            if !self.has_legal_en_passant() {
                self.ep = None;
            }
        }

        match self.variant {
            Variant::Chess => {}
            Variant::ThreeCheck => {
                let [w, b] = self.checks;
                if w >= 3 && b >= 3 {
                    return Err(FenError::new(
                        FenProblem::BadChecks,
                        "both sides cannot have given three checks",
                    ));
                }
                if self.checks[self.turn.index()] >= 3 {
                    return Err(FenError::formatted(
                        FenProblem::AlreadyOver,
                        format_args!(
                            "{} has already given three checks, so it cannot be its turn",
                            self.turn.name()
                        ),
                    ));
                }
            }
            Variant::KingOfTheHill => {
                if HILL.has(self.king(self.turn)) {
                    return Err(FenError::formatted(
                        FenProblem::AlreadyOver,
                        format_args!(
                            "{}'s king is already on the hill, so it cannot be its turn",
                            self.turn.name()
                        ),
                    ));
                }
            }
            Variant::RacingKings => {
                if pawns.any() {
                    return Err(FenError::new(
                        FenProblem::VariantRules,
                        "Racing Kings has no pawns",
                    ));
                }
                if !self.castling.is_empty() {
                    return Err(FenError::new(
                        FenProblem::BadCastling,
                        "Racing Kings has no castling",
                    ));
                }
                if self.checkers.any() {
                    return Err(FenError::new(
                        FenProblem::VariantRules,
                        "Racing Kings positions never have a king in check",
                    ));
                }
                let goal = Bitboard::rank(7);
                let white_in = goal.has(self.king(Color::White));
                let black_in = goal.has(self.king(Color::Black));
                if black_in && self.turn == Color::Black {
                    return Err(FenError::new(
                        FenProblem::AlreadyOver,
                        "the race is already decided: Black's king is on rank 8 and it is Black's turn",
                    ));
                }
                if white_in && black_in && self.turn == Color::Black {
                    return Err(FenError::new(
                        FenProblem::AlreadyOver,
                        "both kings are on rank 8 with Black to move",
                    ));
                }
            }
        }
        self.hash = self.compute_hash();
        Ok(())
    }

    /// Writes the position as FEN. Three-check positions carry the remaining-checks field
    /// (`3+3`) after the en-passant field.
    pub fn fen(&self) -> String {
        let mut s = String::with_capacity(90);
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                let sq = Square::from_coords(file, rank);
                match self.piece_at(sq) {
                    Some((color, role)) => {
                        if empty > 0 {
                            s.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        s.push(match color {
                            Color::White => role.upper_char(),
                            Color::Black => role.char(),
                        });
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s.push(' ');
        s.push(if self.turn == Color::White { 'w' } else { 'b' });
        s.push(' ');
        self.write_castling(&mut s);
        s.push(' ');
        match self.ep {
            Some(ep) => s.push_str(&ep.to_string()),
            None => s.push('-'),
        }
        if self.variant == Variant::ThreeCheck {
            s.push_str(&format!(
                " {}+{}",
                3u8.saturating_sub(self.checks[0]),
                3u8.saturating_sub(self.checks[1])
            ));
        }
        s.push_str(&format!(" {} {}", self.halfmoves, self.fullmoves));
        s
    }
}

impl Position {
    /// X-FEN castling: `K`/`Q` when the right belongs to the outermost rook on that side of the
    /// king, the rook's file letter otherwise.
    fn write_castling(&self, s: &mut String) {
        if self.castling.is_empty() {
            s.push('-');
            return;
        }
        for color in [Color::White, Color::Black] {
            let rank = color.back_rank();
            let king = self.king(color);
            let rooks = self.by_color[color.index()]
                & self.by_role[Role::Rook.index()]
                & Bitboard::rank(rank);
            let rights = self.castling & Bitboard::rank(rank);
            let mut east: Vec<Square> = rights
                .into_iter()
                .filter(|s| s.file() > king.file())
                .collect();
            let west: Vec<Square> = rights
                .into_iter()
                .filter(|s| s.file() < king.file())
                .collect();
            east.reverse();
            for (sq, kingside) in east
                .into_iter()
                .map(|s| (s, true))
                .chain(west.into_iter().map(|s| (s, false)))
            {
                let outer = if kingside {
                    rooks.into_iter().filter(|r| r.file() > king.file()).max()
                } else {
                    rooks.into_iter().filter(|r| r.file() < king.file()).min()
                };
                let c = if outer == Some(sq) {
                    if kingside { 'K' } else { 'Q' }
                } else {
                    (b'A' + sq.file()) as char
                };
                s.push(if color == Color::White {
                    c
                } else {
                    c.to_ascii_lowercase()
                });
            }
        }
    }
}

fn parse_board(pos: &mut Position, board: &str) -> Result<(), FenError> {
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != 8 {
        return Err(FenError::formatted(
            FenProblem::BadBoard,
            format_args!("board {board:?} has {} ranks, expected 8", rows.len()),
        ));
    }
    for (i, row) in rows.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file: u8 = 0;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 || d > 8 {
                    return Err(FenError::formatted(
                        FenProblem::BadBoard,
                        format_args!("bad empty-square count {c:?}"),
                    ));
                }
                file += d as u8;
            } else {
                let role = Role::from_char(c).ok_or_else(|| {
                    FenError::formatted(
                        FenProblem::BadBoard,
                        format_args!("unknown piece {c:?} on rank {}", rank + 1),
                    )
                })?;
                if file >= 8 {
                    return Err(FenError::formatted(
                        FenProblem::BadBoard,
                        format_args!("rank {} is too long", rank + 1),
                    ));
                }
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                let sq = Square::from_coords(file, rank);
                pos.by_color[color.index()] |= sq.bb();
                pos.by_role[role.index()] |= sq.bb();
                file += 1;
            }
            if file > 8 {
                return Err(FenError::formatted(
                    FenProblem::BadBoard,
                    format_args!("rank {} is too long", rank + 1),
                ));
            }
        }
        if file != 8 {
            return Err(FenError::formatted(
                FenProblem::BadBoard,
                format_args!("rank {} has {file} squares, expected 8", rank + 1),
            ));
        }
    }
    Ok(())
}

fn parse_castling(pos: &mut Position, field: &str) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let rank = color.back_rank();
        let rooks =
            pos.by_color[color.index()] & pos.by_role[Role::Rook.index()] & Bitboard::rank(rank);
        let king_file =
            (pos.by_color[color.index()] & pos.by_role[Role::King.index()] & Bitboard::rank(rank))
                .first()
                .map(|k| k.file());
        let sq = match (c.to_ascii_lowercase(), king_file) {
            ('k', Some(kf)) => rooks.into_iter().filter(|r| r.file() > kf).max(),
            ('q', Some(kf)) => rooks.into_iter().filter(|r| r.file() < kf).min(),
            (f @ 'a'..='h', _) => Some(Square::from_coords(f as u8 - b'a', rank)),
            ('k' | 'q', None) => None,
            _ => {
                return Err(FenError::formatted(
                    FenProblem::BadCastling,
                    format_args!("castling field {field:?} has an unknown letter {c:?}"),
                ));
            }
        };
        let sq = sq.ok_or_else(|| {
            FenError::formatted(
                FenProblem::BadCastling,
                format_args!(
                    "castling right {c:?} in {field:?} has no {} king and rook to castle with",
                    color.name()
                ),
            )
        })?;
        pos.castling |= sq.bb();
    }
    Ok(())
}

fn parse_counter_pair(s: &str, what: &str) -> Result<(u8, u8), FenError> {
    let mut parts = s.split('+');
    let a = parts.next().and_then(|p| p.parse::<u8>().ok());
    let b = parts.next().and_then(|p| p.parse::<u8>().ok());
    match (a, b, parts.next()) {
        (Some(a), Some(b), None) => Ok((a, b)),
        _ => Err(FenError::formatted(
            FenProblem::BadChecks,
            format_args!("{what} field {s:?} must look like 3+3"),
        )),
    }
}
