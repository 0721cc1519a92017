//! Legal move generation, attack detection and perft.
//!
//! Legality uses a pin/check scan from the mover's king: ordinary moves of unpinned pieces
//! need no test, pinned pieces must stay on their pin line, and only king moves, en passant and
//! moves while in check are verified by trying them on a scratch copy of the board.

#![allow(clippy::needless_range_loop)] // seat-indexed tables read best as indexed loops

use super::board::*;
use super::moves::{Move, MoveList};
use super::position::Position;
use crate::role::Role;

/// Where generated moves go: a list, or an existence test that stops at the first move.
pub(crate) trait Sink {
    fn push(&mut self, m: Move);
    /// Lets a sink stop generation early (existence tests).
    #[inline]
    fn done(&self) -> bool {
        false
    }
}

/// Stops at the first legal move.
pub(crate) struct Any(pub bool);

impl Sink for Any {
    #[inline]
    fn push(&mut self, _m: Move) {
        self.0 = true;
    }
    #[inline]
    fn done(&self) -> bool {
        self.0
    }
}

impl Sink for MoveList {
    #[inline]
    fn push(&mut self, m: Move) {
        MoveList::push(self, m);
    }
}

#[inline]
fn off(sq: usize, d: isize) -> usize {
    (sq as isize + d) as usize
}

/// Is `sq` attacked by a live piece of a seat outside `side` (a bit set of seats,
/// [`Rules::side`]: the defender alone, or in Teams the defender and its partner) on `board`?
///
/// Grey pieces never attack (R5.16), nor do a partner's pieces (R14.2). Off-board arithmetic
/// is safe because every playable square has two sentinel rings around it.
pub(crate) fn attacked(board: &[u8; NSQ], sq: usize, side: u8) -> bool {
    attacked_through(board, sq, side, 0)
}

/// [`attacked`] with the cell `ignore` treated as empty: a king stepping away no longer
/// shields the squares behind it.
#[inline]
fn attacked_through(board: &[u8; NSQ], sq: usize, side: u8, ignore: usize) -> bool {
    if attacked_by_leapers(board, sq, side) {
        return true;
    }
    for (i, &d) in KING_STEPS.iter().enumerate() {
        let diag = i >= 4;
        let mut t = off(sq, d);
        let c = board[t];
        if is_live(c) && !on_side(c, side) && c & ROLE_MASK == KING {
            return true;
        }
        let mut c = c;
        while c == EMPTY || t == ignore {
            t = off(t, d);
            c = board[t];
        }
        if is_live(c) && !on_side(c, side) {
            let r = c & ROLE_MASK;
            if r == QUEEN || (diag && r == BISHOP) || (!diag && r == ROOK) {
                return true;
            }
        }
    }
    false
}

/// Can a piece of a seat whose side is `side` ([`Rules::side`]) capture cell `c`? Grey pieces
/// always; live pieces of the other side except a live king in ffa (R5.9). A partner's pieces
/// never (R14.2).
#[inline]
fn capturable(c: u8, side: u8, kings_capturable: bool) -> bool {
    is_piece(c)
        && (c & GREY != 0 || (!on_side(c, side) && (kings_capturable || c & ROLE_MASK != KING)))
}

#[inline]
fn coords(sq: usize) -> (isize, isize) {
    ((sq % W) as isize, (sq / W) as isize)
}

impl Position {
    /// Legal moves of the player to move.
    pub fn legal_moves(&self, out: &mut MoveList) {
        self.legal_moves_for(self.turn as usize, out);
    }

    /// Legal moves of `seat` as if it were to move (used to decide mates out of turn, R5.15).
    pub fn legal_moves_of(&self, seat: Seat, out: &mut MoveList) {
        self.legal_moves_for(seat.index(), out);
    }

    /// Is the king of `seat` attacked by a live piece of another seat (in Teams, of an
    /// opponent: R14.2)?
    #[inline]
    pub fn in_check(&self, seat: Seat) -> bool {
        let k = self.kings[seat.index()] as usize;
        k != 0 && attacked(&self.board, k, self.rules.side(seat.index()))
    }

    /// Does the move leave the mover's king unattacked? Tried on a scratch board.
    fn safe_after(&self, s: usize, m: Move) -> bool {
        let mut b = self.board;
        let from = m.orig_idx();
        let to = m.dest_idx();
        let mut k = self.kings[s] as usize;
        match m.flag() {
            Move::CASTLE_KS | Move::CASTLE_QS => {
                let spec = CASTLES[s][(m.flag() - Move::CASTLE_KS) as usize];
                b[spec.king_to] = b[from];
                b[spec.rook_to] = b[spec.rook_from];
                b[from] = EMPTY;
                if spec.rook_from != spec.king_to {
                    b[spec.rook_from] = EMPTY;
                }
                b[spec.king_to] = self.board[from];
                k = spec.king_to;
            }
            _ => {
                if m.is_en_passant() {
                    let side = self.rules.side(s);
                    for t in 0..4 {
                        if side >> t & 1 == 0 && self.ep[t].0 as usize == to {
                            b[self.ep[t].1 as usize] = EMPTY;
                        }
                    }
                }
                if from == k {
                    k = to;
                }
                b[to] = b[from];
                b[from] = EMPTY;
            }
        }
        k == 0 || !attacked(&b, k, self.rules.side(s))
    }

    pub(crate) fn legal_moves_for(&self, s: usize, out: &mut MoveList) {
        out.clear();
        self.generate(s, out);
    }

    /// Legal moves of the player to move, each verified by trying it on a scratch board
    /// instead of the pin/check shortcuts: a slow reference for testing the fast generator.
    #[doc(hidden)]
    pub fn legal_moves_reference(&self, out: &mut MoveList) {
        out.clear();
        self.generate_impl(self.turn as usize, out, true);
    }

    #[inline]
    pub(crate) fn generate<K: Sink>(&self, s: usize, out: &mut K) {
        self.generate_impl(s, out, false);
    }

    #[inline(always)]
    fn generate_impl<K: Sink>(&self, s: usize, out: &mut K, reference: bool) {
        let board = &self.board;
        let ksq = self.kings[s] as usize;
        let teams = self.rules == Rules::Teams;
        // Kings are captured in Kingdoms (R6.3) and Teams (R14.6); in Teams such a capture
        // ends the game, so it is legal even if it leaves the capturer's own king attacked.
        let kcap = self.rules != Rules::Ffa;
        let side = self.rules.side(s);
        let mut pinned = [0usize; 8];
        let mut npin = 0;
        let mut in_check = false;
        if ksq != 0 {
            for (i, &d) in KING_STEPS.iter().enumerate() {
                let diag = i >= 4;
                let mut t = off(ksq, d);
                let mut own = 0usize;
                loop {
                    let c = board[t];
                    if c == EMPTY {
                        t = off(t, d);
                        continue;
                    }
                    if !is_live(c) {
                        break;
                    }
                    if seat_of(c) == s {
                        if own != 0 {
                            break;
                        }
                        own = t;
                        t = off(t, d);
                        continue;
                    }
                    // A partner's piece shields like an own one but is never pinned to
                    // this king (its moves are not this player's).
                    if on_side(c, side) {
                        break;
                    }
                    let r = c & ROLE_MASK;
                    if r == QUEEN || (diag && r == BISHOP) || (!diag && r == ROOK) {
                        if own == 0 {
                            in_check = true;
                        } else {
                            pinned[npin] = own;
                            npin += 1;
                        }
                    } else if r == KING && own == 0 && t == off(ksq, d) {
                        in_check = true;
                    }
                    break;
                }
            }
            if !in_check {
                in_check = attacked_by_leapers(board, ksq, side);
            }
        }
        let slow = in_check || reference;
        let (kf, kr) = coords(ksq);
        let emit = |m: Move, out: &mut K| {
            let from = m.orig_idx();
            if teams && board[m.dest_idx()] & (ROLE_MASK | GREY) == KING {
                out.push(m);
            } else if from == ksq && !m.is_castle() && !reference {
                if !attacked_through(board, m.dest_idx(), side, ksq) {
                    out.push(m);
                }
            } else if slow || m.is_en_passant() {
                if self.safe_after(s, m) {
                    out.push(m);
                }
            } else if npin > 0 && pinned[..npin].contains(&from) {
                let (ff, fr) = coords(from);
                let (tf, tr) = coords(m.dest_idx());
                if (ff - kf) * (tr - kr) == (fr - kr) * (tf - kf) {
                    out.push(m);
                }
            } else {
                out.push(m);
            }
        };
        // A promotion is one move per piece: a queen only (R5.8), or in Teams a queen, rook,
        // bishop or knight (R14.3).
        let promote = |m: Move, out: &mut K| {
            emit(m, out);
            if teams {
                for role in [Role::Rook, Role::Bishop, Role::Knight] {
                    emit(m.promoting_to(role), out);
                }
            }
        };
        for w in 0..3 {
            let mut bits = self.occ[s][w];
            while bits != 0 {
                let from = SQUARES[w * 64 + bits.trailing_zeros() as usize] as usize;
                bits &= bits - 1;
                let c = board[from];
                if !is_live(c) || seat_of(c) != s {
                    continue;
                }
                if out.done() {
                    return;
                }
                match c & ROLE_MASK {
                    PAWN => {
                        let fwd = PAWN_FWD[s];
                        let t = off(from, fwd);
                        if board[t] == EMPTY {
                            if promo_line(s, t, teams) {
                                promote(Move::new(from, t, Move::PROMOTION), out);
                            } else {
                                emit(Move::new(from, t, Move::NORMAL), out);
                            }
                            let t2 = off(t, fwd);
                            if pawn_start(s, from) && board[t2] == EMPTY {
                                emit(Move::new(from, t2, Move::DOUBLE), out);
                            }
                        }
                        for &cap in PAWN_CAP[s].iter() {
                            let t = off(from, cap);
                            let tc = board[t];
                            if capturable(tc, side, kcap) {
                                if promo_line(s, t, teams) {
                                    promote(Move::new(from, t, Move::PROMOTION), out);
                                } else {
                                    emit(Move::new(from, t, Move::NORMAL), out);
                                }
                            } else if tc == EMPTY {
                                for v in 0..4 {
                                    let (p, l) = self.ep[v];
                                    if side >> v & 1 == 0
                                        && p as usize == t
                                        && board[l as usize] == ((v as u8) << 3 | PAWN)
                                    {
                                        // A pawn can capture en passant onto its
                                        // promotion line: it promotes there too.
                                        if promo_line(s, t, teams) {
                                            promote(
                                                Move::new(from, t, Move::EN_PASSANT_PROMOTION),
                                                out,
                                            );
                                        } else {
                                            emit(Move::new(from, t, Move::EN_PASSANT), out);
                                        }
                                        break;
                                    }
                                }
                            }
                        }
                    }
                    KNIGHT => {
                        for &j in KNIGHT_JUMPS.iter() {
                            let t = off(from, j);
                            let tc = board[t];
                            if tc == EMPTY || capturable(tc, side, kcap) {
                                emit(Move::new(from, t, Move::NORMAL), out);
                            }
                        }
                    }
                    KING => {
                        for &d in KING_STEPS.iter() {
                            let t = off(from, d);
                            let tc = board[t];
                            if tc == EMPTY || capturable(tc, side, kcap) {
                                emit(Move::new(from, t, Move::NORMAL), out);
                            }
                        }
                        if !in_check {
                            self.castles(s, from, out);
                        }
                    }
                    r => {
                        let dirs: &[isize] = match r {
                            BISHOP => &BISHOP_DIRS,
                            ROOK => &ROOK_DIRS,
                            _ => &KING_STEPS,
                        };
                        for &d in dirs {
                            let mut t = off(from, d);
                            loop {
                                let tc = board[t];
                                if tc == EMPTY {
                                    emit(Move::new(from, t, Move::NORMAL), out);
                                    t = off(t, d);
                                    continue;
                                }
                                if capturable(tc, side, kcap) {
                                    emit(Move::new(from, t, Move::NORMAL), out);
                                }
                                break;
                            }
                        }
                    }
                }
            }
        }
    }

    fn castles<K: Sink>(&self, s: usize, from: usize, out: &mut K) {
        for side in 0..2 {
            if self.castling & (1 << (2 * s + side)) == 0 {
                continue;
            }
            let spec = &CASTLES[s][side];
            if spec.king_from != from
                || self.board[spec.rook_from] != ((s as u8) << 3 | ROOK)
                || spec.empty[..spec.n_empty]
                    .iter()
                    .any(|&e| self.board[e] != EMPTY)
                || spec
                    .safe
                    .iter()
                    .any(|&q| attacked(&self.board, q, self.rules.side(s)))
            {
                continue;
            }
            let flag = if side == 0 {
                Move::CASTLE_KS
            } else {
                Move::CASTLE_QS
            };
            out.push(Move::new(from, spec.king_to, flag));
        }
    }

    /// Counts legal move paths of `depth` plies with plain move generation: no scoring,
    /// eliminations or draws are applied between plies (they cannot occur from the start within
    /// five plies, so R8 is unaffected). The last ply is bulk-counted.
    pub fn perft(&self, depth: u32) -> u64 {
        // 2^64 positions are never reached.
        self.perft_within(depth, u64::MAX).unwrap_or(u64::MAX)
    }

    /// [`Position::perft`] that gives up (`None`) once it would generate the moves of more
    /// than `budget` positions: the work, and so the time, of a perft is bounded by that
    /// count, not by the depth.
    pub fn perft_within(&self, depth: u32, budget: u64) -> Option<u64> {
        let mut budget = budget;
        self.perft_counted(depth, &mut budget)
    }

    fn perft_counted(&self, depth: u32, budget: &mut u64) -> Option<u64> {
        if depth == 0 {
            return Some(1);
        }
        *budget = budget.checked_sub(1)?;
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        // The last ply counts the generated list rather than a counting copy of the
        // generator: a third instance of it cost 4 KB of wasm for a few percent of perft speed.
        if depth == 1 {
            return Some(list.len() as u64);
        }
        let mut n = 0;
        for &m in list.iter() {
            let mut p = self.clone();
            p.make_move(m);
            n += p.perft_counted(depth - 1, budget)?;
        }
        Some(n)
    }
}

/// Knight and pawn attacks on `sq` by live pieces of seats outside `side` (kings and
/// sliders are [`attacked_through`]'s own loop).
#[inline]
fn attacked_by_leapers(board: &[u8; NSQ], sq: usize, side: u8) -> bool {
    for &j in KNIGHT_JUMPS.iter() {
        let c = board[off(sq, j)];
        if is_live(c) && c & ROLE_MASK == KNIGHT && !on_side(c, side) {
            return true;
        }
    }
    for t in 0..4 {
        if side >> t & 1 != 0 {
            continue;
        }
        let pawn = (t as u8) << 3 | PAWN;
        for &cap in PAWN_CAP[t].iter() {
            if board[off(sq, -cap)] == pawn {
                return true;
            }
        }
    }
    false
}

impl Position {
    /// The squares of the live pieces of the seats in `seats` (indexed by seat) that attack
    /// `sq` (pinned pieces included, grey pieces never: R5.16), rank by rank from d1. A pawn
    /// attacks the two squares it captures on; en passant is not an attack on a square.
    pub fn attackers(&self, sq: Square, seats: [bool; 4]) -> Vec<Square> {
        let board = &self.board;
        let target = sq.idx();
        let own = |t: usize, role: u8| {
            let c = board[t];
            is_live(c) && seats[seat_of(c)] && c & ROLE_MASK == role
        };
        // Marked by mailbox cell, then read in board order: no sort (a sort's code is kilobytes
        // of the package).
        let mut hit = [false; NSQ];
        for &j in KNIGHT_JUMPS.iter() {
            let t = off(target, j);
            hit[t] |= own(t, KNIGHT);
        }
        for (s, &on) in seats.iter().enumerate() {
            if !on {
                continue;
            }
            for &cap in PAWN_CAP[s].iter() {
                let t = off(target, -cap);
                let c = board[t];
                hit[t] |= is_live(c) && seat_of(c) == s && c & ROLE_MASK == PAWN;
            }
        }
        for (i, &d) in KING_STEPS.iter().enumerate() {
            let slider = if i >= 4 { BISHOP } else { ROOK };
            let mut t = off(target, d);
            hit[t] |= own(t, KING);
            while board[t] == EMPTY {
                t = off(t, d);
            }
            hit[t] |= own(t, QUEEN) || own(t, slider);
        }
        SQUARES
            .iter()
            .filter(|&&q| hit[q as usize])
            .map(|&q| Square(q))
            .collect()
    }
}
