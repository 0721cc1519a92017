//! chess.com FEN4 (R7.2).
//!
//! Written form: `R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-<extras->board`, corners as `x`.
//! Extras appear only when needed: `'enPassant'` lists, per seat, `passed:landing` (the square
//! the double-stepping pawn crossed and the square it stands on, as chess.com writes `c8:d8`),
//! and `'promoted'` (our own key) lists each seat's promoted queens, space-separated, because a
//! promoted queen is worth 1 point instead of 9 and plain FEN4 cannot tell. `'noEnPassant':true`
//! (our own key too) says that a Teams game plays without en passant (R14.4), so a save or a
//! FEN4 keeps the setting.
//!
//! Teams (R14): no grey pieces (nobody is out while the game goes on), at most one player out
//! (that ends the game), points read and ignored (Teams has none), pawns between their start
//! line and their 11th rank (R14.3).

use super::board::*;
use super::position::Position;
use crate::error::{Error, FenError, FenProblem};
use crate::record::SeatStatus;
use crate::role::Role;

/// The extras entry of a Teams game without en passant (R14.4).
const NO_EN_PASSANT: &str = "'noEnPassant':true";

/// Appends `n` in decimal.
fn push_num(s: &mut String, n: i64) {
    use std::fmt::Write;
    let _ = write!(s, "{n}");
}

fn parse_list4(field: &str, name: &str) -> Result<[i64; 4], FenError> {
    let parts: Vec<&str> = field.split(',').collect();
    if parts.len() != 4 {
        return Err(FenError::formatted(
            FenProblem::BadFen4Field,
            format_args!("{name} field {field:?} must list 4 values"),
        ));
    }
    let mut out = [0i64; 4];
    for (i, p) in parts.iter().enumerate() {
        out[i] = p.trim().parse::<i64>().map_err(|_| {
            FenError::formatted(
                FenProblem::BadFen4Field,
                format_args!("{name} field {field:?}: bad number {p:?}"),
            )
        })?;
    }
    Ok(out)
}

fn flags(field: &str, name: &str) -> Result<[bool; 4], FenError> {
    let v = parse_list4(field, name)?;
    let mut out = [false; 4];
    for i in 0..4 {
        out[i] = match v[i] {
            0 => false,
            1 => true,
            _ => {
                return Err(FenError::formatted(
                    FenProblem::BadFen4Field,
                    format_args!("{name} field {field:?}: flags must be 0 or 1"),
                ));
            }
        };
    }
    Ok(out)
}

/// Extracts the 4-tuple of strings after `'key':(` in the extras.
fn extra_tuple(extras: &str, key: &str) -> Result<Option<[String; 4]>, FenError> {
    let pat = format!("'{key}':");
    let Some(i) = crate::text::find(extras, &pat) else {
        return Ok(None);
    };
    let rest = extras[i + pat.len()..].trim_start();
    let bad = || {
        FenError::formatted(
            FenProblem::BadFen4Field,
            format_args!("extras: malformed '{key}' entry"),
        )
    };
    let rest = rest.strip_prefix('(').ok_or_else(bad)?;
    let end = rest.find(')').ok_or_else(bad)?;
    let items: Vec<String> = rest[..end]
        .split(',')
        .map(|s| s.trim().trim_matches(['\'', '"']).to_string())
        .collect();
    let arr: [String; 4] = items.try_into().map_err(|_| bad())?;
    Ok(Some(arr))
}

impl Position {
    /// FEN4 of this position (`x` corners; extras only when needed).
    pub fn fen4(&self) -> String {
        // Written straight into one string (no per-cell strings, lists or `format!`): this
        // writer was 8.6 KB of wasm (docs/BENCHMARKS.md, "Package size").
        let mut s = String::new();
        s.push(self.turn().letter().to_ascii_uppercase());
        let out = self.status.map(|st| i32::from(st.is_out()));
        let c = i32::from(self.castling);
        let king = [0, 1, 2, 3].map(|i| (c >> (2 * i)) & 1);
        let queen = [0, 1, 2, 3].map(|i| (c >> (2 * i + 1)) & 1);
        for list in [out, king, queen, self.points] {
            for (i, x) in list.into_iter().enumerate() {
                s.push(if i == 0 { '-' } else { ',' });
                push_num(&mut s, i64::from(x));
            }
        }
        s.push('-');
        push_num(&mut s, i64::from(self.clock));
        s.push('-');
        let ep = self.ep.iter().any(|e| e.0 != 0);
        let promoted = SQUARES.iter().any(|&sq| {
            let c = self.board[sq as usize];
            is_live(c) && c & PROMOTED != 0
        });
        let no_ep = self.rules == Rules::Teams && !self.en_passant;
        if ep || promoted || no_ep {
            s.push('{');
        }
        if no_ep {
            s.push_str(NO_EN_PASSANT);
            if ep || promoted {
                s.push(',');
            }
        }
        if ep {
            s.push_str("'enPassant':(");
            for (i, &(p, l)) in self.ep.iter().enumerate() {
                if i > 0 {
                    s.push(',');
                }
                s.push('\'');
                if p != 0 {
                    s.push_str(&sq_name(p as usize));
                    s.push(':');
                    s.push_str(&sq_name(l as usize));
                }
                s.push('\'');
            }
            s.push(')');
        }
        if promoted {
            if ep {
                s.push(',');
            }
            s.push_str("'promoted':(");
            for seat in 0..4 {
                if seat > 0 {
                    s.push(',');
                }
                s.push('\'');
                let mut first = true;
                for &sq in SQUARES.iter() {
                    let c = self.board[sq as usize];
                    if is_live(c) && c & PROMOTED != 0 && seat_of(c) == seat {
                        if !first {
                            s.push(' ');
                        }
                        first = false;
                        s.push_str(&sq_name(sq as usize));
                    }
                }
                s.push('\'');
            }
            s.push(')');
        }
        if ep || promoted || no_ep {
            s.push_str("}-");
        }
        for r in (0..14u8).rev() {
            let mut run = 0;
            let mut first = true;
            for f in 0..=14u8 {
                // f == 14: the end of the rank, which flushes a run of empty squares.
                let c = match f {
                    14 => OFF,
                    _ if is_corner(f, r) => OFF,
                    _ => self.board[mb(f, r)],
                };
                if c == EMPTY {
                    run += 1;
                    continue;
                }
                let mut cell = |s: &mut String| {
                    if !first {
                        s.push(',');
                    }
                    first = false;
                };
                if run > 0 {
                    cell(&mut s);
                    push_num(&mut s, run);
                    run = 0;
                }
                if f == 14 {
                    break;
                }
                cell(&mut s);
                if c == OFF {
                    s.push('x');
                } else {
                    s.push(if c & GREY != 0 {
                        'd'
                    } else {
                        Seat::from_index(seat_of(c)).letter()
                    });
                    s.push(role_of(c).map_or('?', |r| r.upper_char()));
                }
            }
            if r > 0 {
                s.push('/');
            }
        }
        s
    }

    /// Reads FEN4 in either corner style (see the module docs). Impossible positions are
    /// rejected with [`crate::ErrorKind::InvalidFen`] and a message naming the field.
    ///
    /// FEN4 does not say why a player is out: an out seat whose pieces are grey is read as
    /// checkmated; in kingdoms an out seat with coloured pieces is a resigned zombie (R6.4);
    /// in ffa an out seat's coloured pieces are turned grey. Grey pieces do not record their
    /// original colour: they are attributed to the first out seat (Red if nobody is out).
    pub fn from_fen4(rules: Rules, fen: &str) -> Result<Position, Error> {
        Position::read_fen4(rules, fen).map_err(Error::from)
    }

    /// [`Position::from_fen4`] with the reason of a refusal as a stable code
    /// ([`FenProblem`]), for the position editor's validation.
    pub fn read_fen4(rules: Rules, fen: &str) -> Result<Position, FenError> {
        let fen = fen.trim();
        // Extras may contain '-' (chess.com writes negative numbers in some keys), so they are
        // cut out before splitting the fields; they are accepted before or after the board.
        let (rest, extras) = match (fen.find('{'), fen.rfind('}')) {
            (None, None) => (fen.to_string(), String::new()),
            (Some(a), Some(b)) if a < b => {
                let before = fen[..a].trim_end_matches('-');
                let after = fen[b + 1..].trim_start_matches('-');
                let joined = if after.is_empty() {
                    before.to_string()
                } else {
                    format!("{before}-{after}")
                };
                (joined, fen[a..=b].to_string())
            }
            _ => {
                return Err(FenError::new(
                    FenProblem::BadFen4Field,
                    "extras field must be enclosed in braces".to_string(),
                ));
            }
        };
        let extras = extras.as_str();
        let parts: Vec<&str> = rest.split('-').collect();
        if parts.len() != 7 {
            return Err(FenError::formatted(
                FenProblem::BadFields,
                format_args!(
                    "FEN4 must have 7 '-'-separated fields besides the extras, found {}",
                    parts.len()
                ),
            ));
        }
        let (head, board) = (&parts[..6], parts[6]);
        let mut p = Position::empty(rules);
        let teams = rules == Rules::Teams;
        if crate::text::contains(extras, NO_EN_PASSANT) {
            p.set_en_passant(false)
                .map_err(|e| FenError::new(FenProblem::BadFen4Field, e.message))?;
        }
        let turn = match head[0].trim() {
            "R" | "r" => 0,
            "B" | "b" => 1,
            "Y" | "y" => 2,
            "G" | "g" => 3,
            t => {
                return Err(FenError::formatted(
                    FenProblem::BadTurn,
                    format_args!("player-to-move field {t:?} must be R, B, Y or G"),
                ));
            }
        };
        p.turn = turn;
        let out = flags(head[1], "out-flags")?;
        let ks = flags(head[2], "king-side castling")?;
        let qs = flags(head[3], "queen-side castling")?;
        let pts = parse_list4(head[4], "points")?;
        for (i, &v) in pts.iter().enumerate() {
            if !(0..=1_000_000).contains(&v) {
                return Err(FenError::formatted(
                    FenProblem::BadFen4Field,
                    format_args!("points field: value {v} out of range"),
                ));
            }
            if !teams {
                p.points[i] = v as i32;
            }
        }
        p.clock = head[5].trim().parse::<u32>().map_err(|_| {
            FenError::formatted(
                FenProblem::BadFen4Field,
                format_args!("ply-clock field {:?} is not a number", head[5]),
            )
        })?;
        let grey_owner = (0..4).find(|&i| out[i]).unwrap_or(0);
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != 14 {
            return Err(FenError::formatted(
                FenProblem::BadBoard,
                format_args!("board field must have 14 rows, found {}", rows.len()),
            ));
        }
        for (ri, row) in rows.iter().enumerate() {
            let r = 13 - ri as u8;
            let mut f: u8 = 0;
            for cell in row.split(',') {
                let cell = cell.trim();
                let bad = |what: &str| {
                    FenError::formatted(
                        FenProblem::BadBoard,
                        format_args!("board field, rank {}: {what}", r + 1),
                    )
                };
                if cell == "x" {
                    if f > 13 || !is_corner(f, r) {
                        return Err(bad("'x' outside a missing corner"));
                    }
                    f += 1;
                } else if let Ok(n) = cell.parse::<u8>() {
                    if n == 0 || f as usize + n as usize > 14 {
                        return Err(bad(&format!("bad empty run {cell:?}")));
                    }
                    f += n;
                } else {
                    let mut ch = cell.chars();
                    let (Some(col), Some(role), None) = (ch.next(), ch.next(), ch.next()) else {
                        return Err(bad(&format!("bad cell {cell:?}")));
                    };
                    let role = Role::from_char(role)
                        .filter(|_| role.is_ascii_uppercase())
                        .ok_or_else(|| bad(&format!("bad piece {cell:?}")))?;
                    if f > 13 {
                        return Err(bad("more than 14 cells"));
                    }
                    if is_corner(f, r) {
                        return Err(bad(&format!("piece {cell:?} on a missing corner square")));
                    }
                    let c = match col {
                        'r' | 'b' | 'y' | 'g' => {
                            let s = Seat::parse(&col.to_string())
                                .map_err(|e| FenError::new(FenProblem::BadBoard, e.message))?;
                            let mut c = piece(s, role);
                            if rules == Rules::Ffa && out[s.index()] {
                                c |= GREY;
                            }
                            c
                        }
                        'd' if teams => {
                            return Err(bad(&format!(
                                "grey piece {cell:?}: nobody is out of a Teams game that goes \
                                 on (R14.7)"
                            )));
                        }
                        'd' => piece(Seat::from_index(grey_owner), role) | GREY,
                        _ => return Err(bad(&format!("bad colour in {cell:?}"))),
                    };
                    p.board[mb(f, r)] = c;
                    f += 1;
                }
            }
            if f != 14 {
                return Err(FenError::formatted(
                    FenProblem::BadBoard,
                    format_args!("board field, rank {}: {f} cells instead of 14", r + 1),
                ));
            }
        }
        // Pawns cannot stand behind their start line or on/after their promotion line (R5.8).
        for &sq in SQUARES.iter() {
            let c = p.board[sq as usize];
            if is_piece(c) && c & GREY == 0 && c & ROLE_MASK == PAWN {
                let (f, r) = (sq as usize % W - 2, sq as usize / W - 2);
                // Teams pawns promote on their 11th rank (R14.3), the others' on their 8th.
                let (near, far) = if teams {
                    (1..=9, 4..=12)
                } else {
                    (1..=6, 7..=12)
                };
                let ok = match seat_of(c) {
                    0 => near.contains(&r),
                    1 => near.contains(&f),
                    2 => far.contains(&r),
                    _ => far.contains(&f),
                };
                if !ok {
                    return Err(FenError::formatted(
                        FenProblem::PawnRank,
                        format_args!(
                            "board field: impossible {} pawn on {}",
                            Seat::from_index(seat_of(c)).name(),
                            sq_name(sq as usize)
                        ),
                    ));
                }
            }
        }
        // Kings and who is out.
        let mut kings = [0usize; 4];
        let mut live = [false; 4];
        for &sq in SQUARES.iter() {
            let c = p.board[sq as usize];
            if is_live(c) {
                live[seat_of(c)] = true;
                if c & ROLE_MASK == KING {
                    kings[seat_of(c)] += 1;
                }
            }
        }
        if teams && out.iter().filter(|&&o| o).count() > 1 {
            return Err(FenError::new(
                FenProblem::BadFen4Field,
                "out-flags field: a Teams game ends when one player is out (R14.7)",
            ));
        }
        for s in 0..4 {
            let name = Seat::from_index(s).name();
            if out[s] {
                p.status[s] = if live[s] {
                    SeatStatus::Resigned
                } else {
                    SeatStatus::Checkmated
                };
            }
            if kings[s] > 1 {
                return Err(FenError::formatted(
                    FenProblem::KingCount,
                    format_args!("board field: {name} has two kings"),
                ));
            }
            if p.moves(s) && kings[s] == 0 {
                return Err(FenError::formatted(
                    FenProblem::KingCount,
                    format_args!("board field: {name} is in the game but has no king"),
                ));
            }
        }
        // A kingdoms zombie may be to move (R6.4): its move is then played by the game. A
        // Teams game with a player out is over, whoever is to move.
        if !p.moves(turn as usize) && !teams {
            return Err(FenError::formatted(
                FenProblem::BadTurn,
                format_args!(
                    "player-to-move field: {} is out",
                    Seat::from_index(turn as usize).name()
                ),
            ));
        }
        // Castling: keep only rights whose king and rook stand at home.
        for s in 0..4 {
            for (side, on) in [ks[s], qs[s]].into_iter().enumerate() {
                let spec = CASTLES[s][side];
                let seat = Seat::from_index(s);
                if on
                    && p.moves(s)
                    && p.board[spec.king_from] == piece(seat, Role::King)
                    && p.board[spec.rook_from] == piece(seat, Role::Rook)
                {
                    p.castling |= 1 << (2 * s + side);
                }
            }
        }
        if let Some(ep) = extra_tuple(extras, "enPassant")? {
            for (s, item) in ep.iter().enumerate() {
                if item.is_empty() || !p.en_passant {
                    continue;
                }
                let bad = || {
                    FenError::formatted(
                        FenProblem::BadEnPassant,
                        format_args!("extras: enPassant entry {item:?} is impossible"),
                    )
                };
                let (a, b) = item.split_once(':').ok_or_else(bad)?;
                let a = Square::parse(a).ok_or_else(bad)?.idx();
                let b = Square::parse(b).ok_or_else(bad)?.idx();
                let seat = Seat::from_index(s);
                // The pawn may since have been captured or the square filled: such an entry is
                // dead but still part of the position until its owner moves (R5.6).
                let _ = seat;
                let start = (a as isize - PAWN_FWD[s]) as usize;
                if (a as isize + PAWN_FWD[s]) as usize != b || !pawn_start(s, start) || !p.moves(s)
                {
                    return Err(bad());
                }
                p.ep[s] = (a as u16, b as u16);
            }
        }
        if let Some(pr) = extra_tuple(extras, "promoted")? {
            for (s, item) in pr.iter().enumerate() {
                for name in item.split_whitespace() {
                    let sq = Square::parse(name).ok_or_else(|| {
                        FenError::formatted(
                            FenProblem::BadFen4Field,
                            format_args!("extras: promoted square {name:?} is invalid"),
                        )
                    })?;
                    let c = p.board[sq.idx()];
                    if !is_live(c) || seat_of(c) != s || c & ROLE_MASK != QUEEN {
                        return Err(FenError::formatted(
                            FenProblem::BadFen4Field,
                            format_args!(
                                "extras: no {} queen on promoted square {name}",
                                Seat::from_index(s).name()
                            ),
                        ));
                    }
                    p.board[sq.idx()] = c | PROMOTED;
                }
            }
        }
        p.refresh();
        if teams && let Some(s) = (0..4).find(|&s| out[s]) {
            p.status[s] = teams_out_status(&p, s);
        }
        Ok(p)
    }
}

/// Why Teams seat `s`, out in a FEN4, is out (FEN4 does not say): its king is gone
/// (captured), or it is to move without a legal move (mated or stalemated, R14.5), or else
/// it resigned (a time-out reads back as a resignation).
fn teams_out_status(p: &Position, s: usize) -> SeatStatus {
    if p.kings[s] == 0 {
        SeatStatus::KingCaptured
    } else if p.turn as usize == s && !p.has_legal_move(s) {
        if p.in_check(Seat::from_index(s)) {
            SeatStatus::Checkmated
        } else {
            SeatStatus::Stalemated
        }
    } else {
        SeatStatus::Resigned
    }
}
