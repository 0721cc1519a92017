//! The position: board, player to move, rights, points, eliminations, clock and hash.

use super::board::*;
use super::moves::Move;
use crate::record::SeatStatus;
use crate::role::Role;

/// A four-player position.
///
/// Cloning is cheap (a few hundred bytes), and the search/perft code uses copy-make.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    pub(super) board: [u8; NSQ],
    pub(super) rules: Rules,
    /// Does a double step leave an en-passant square (R5.6)? Free-for-all: always; Four
    /// Kingdoms: never (R6.2); Teams: a setting, on by default (R14.4).
    pub(super) en_passant: bool,
    pub(super) turn: u8,
    /// Bit `seat * 2 + side` (side 0 = king side).
    pub(super) castling: u8,
    /// Per seat: (passed-over square, landing square) of its last double step, 0 = none.
    pub(super) ep: [(u16, u16); 4],
    pub(super) status: [SeatStatus; 4],
    pub(super) points: [i32; 4],
    /// Plies since the last capture or pawn move.
    pub(super) clock: u32,
    /// King square per seat (0 when the king is gone).
    pub(super) kings: [u16; 4],
    /// Live pieces per seat, so move generation visits pieces instead of 160 squares.
    pub(super) occ: [Occ; 4],
    pub(super) hash: u64,
}

const Z_TURN: u64 = 0x1000;
const Z_CASTLE: u64 = 0x2000;
const Z_EP: u64 = 0x3000;
const Z_OUT: u64 = 0x4000;

impl Position {
    /// The R5.2 start position with Red to move.
    pub fn startpos(rules: Rules) -> Position {
        let mut p = Position::empty(rules);
        let back = [
            Role::Rook,
            Role::Knight,
            Role::Bishop,
            Role::Queen,
            Role::King,
            Role::Bishop,
            Role::Knight,
            Role::Rook,
        ];
        for (i, &role) in back.iter().enumerate() {
            let i = i as u8;
            // Red d1..k1 (queen on g1), Yellow mirrored (king on g14, queen on h14).
            p.board[mb(3 + i, 0)] = piece(Seat::Red, role);
            p.board[mb(3 + i, 1)] = piece(Seat::Red, Role::Pawn);
            p.board[mb(10 - i, 13)] = piece(Seat::Yellow, role);
            p.board[mb(3 + i, 12)] = piece(Seat::Yellow, Role::Pawn);
            // Blue a4..a11 (king a7, queen a8); Green n11..n4 (king n8, queen n7).
            p.board[mb(0, 3 + i)] = piece(Seat::Blue, back[7 - i as usize]);
            p.board[mb(1, 3 + i)] = piece(Seat::Blue, Role::Pawn);
            p.board[mb(13, 10 - i)] = piece(Seat::Green, back[7 - i as usize]);
            p.board[mb(12, 3 + i)] = piece(Seat::Green, Role::Pawn);
        }
        p.castling = 0xFF;
        p.refresh();
        p
    }

    /// An empty board, everyone active, Red to move, no rights.
    pub(crate) fn empty(rules: Rules) -> Position {
        Position {
            board: EMPTY_BOARD,
            rules,
            en_passant: rules != Rules::Kingdoms,
            turn: 0,
            castling: 0,
            ep: [(0, 0); 4],
            status: [SeatStatus::Active; 4],
            points: [0; 4],
            clock: 0,
            kings: [0; 4],
            occ: [[0; 3]; 4],
            hash: 0,
        }
    }

    /// Recomputes the king squares and the hash from scratch.
    pub(crate) fn refresh(&mut self) {
        self.kings = [0; 4];
        self.occ = [[0; 3]; 4];
        for &sq in SQUARES.iter() {
            let c = self.board[sq as usize];
            if is_live(c) {
                occ_flip(&mut self.occ[seat_of(c)], sq as usize);
                if c & ROLE_MASK == KING {
                    self.kings[seat_of(c)] = sq;
                }
            }
        }
        self.hash = self.compute_hash();
    }

    /// Do the incremental king squares, occupancy sets and hash match a recomputation?
    /// For tests.
    #[doc(hidden)]
    pub fn check_invariants(&self) -> bool {
        let mut p = self.clone();
        p.refresh();
        p.kings == self.kings && p.occ == self.occ && p.hash == self.hash
    }

    /// The full Zobrist hash, computed from scratch.
    pub(crate) fn compute_hash(&self) -> u64 {
        let mut h = mix(Z_TURN + self.turn as u64) ^ mix(Z_CASTLE + self.castling as u64);
        for &sq in SQUARES.iter() {
            let c = self.board[sq as usize];
            if is_piece(c) {
                h ^= zpiece(sq as usize, c);
            }
        }
        for s in 0..4 {
            h ^= self.ep_key(s);
            if self.status[s].is_out() {
                h ^= mix(Z_OUT + s as u64);
            }
        }
        h
    }

    #[inline]
    fn ep_key(&self, s: usize) -> u64 {
        let (p, l) = self.ep[s];
        if p == 0 {
            0
        } else {
            mix(Z_EP + ((s as u64) << 10) + l as u64)
        }
    }

    /// The rule preset.
    #[inline]
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Do double steps leave en-passant squares in this game (R5.6, R6.2, R14.4)?
    #[inline]
    pub fn en_passant(&self) -> bool {
        self.en_passant
    }

    /// Turns the Teams en-passant setting (R14.4) off or back on; when off, any en-passant
    /// square the position holds is dropped. Errors (`invalid-argument`) for the other
    /// presets, whose rule is fixed.
    pub fn set_en_passant(&mut self, on: bool) -> Result<(), crate::error::Error> {
        if self.rules != Rules::Teams {
            if on == self.en_passant {
                return Ok(());
            }
            return Err(crate::error::Error::invalid_argument(
                "enPassant is a Teams setting; free-for-all always has en passant and Four \
                 Kingdoms never (R5.6, R6.2)",
            ));
        }
        self.en_passant = on;
        if !on {
            self.ep = [(0, 0); 4];
            self.hash = self.compute_hash();
        }
        Ok(())
    }

    /// The player to move.
    #[inline]
    pub fn turn(&self) -> Seat {
        Seat::from_index(self.turn as usize)
    }

    /// Zobrist hash of everything R5.19 counts for repetition (board incl. grey pieces,
    /// player to move, castling and en-passant rights, who is out). Points and the clock are
    /// not part of it.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Points of every seat, R,B,Y,G.
    #[inline]
    pub fn points(&self) -> [i32; 4] {
        self.points
    }

    /// Status of every seat, R,B,Y,G.
    #[inline]
    pub fn statuses(&self) -> [SeatStatus; 4] {
        self.status
    }

    /// Per seat, the en-passant entry of its last double step: the square passed over and the
    /// square landed on (R5.6), as FEN4's `enPassant` extra writes them.
    pub fn en_passant_squares(&self) -> [Option<(Square, Square)>; 4] {
        self.ep
            .map(|(passed, landed)| (passed != 0).then_some((Square(passed), Square(landed))))
    }

    /// Whether `seat` may still castle to the king side (`king_side`) or the queen side.
    pub fn can_castle(&self, seat: Seat, king_side: bool) -> bool {
        self.castling & (1 << (2 * seat.index() + usize::from(!king_side))) != 0
    }

    /// The square the rook of `seat` starts on for castling to one side (R5.5).
    pub fn castling_rook(seat: Seat, king_side: bool) -> Square {
        Square(CASTLES[seat.index()][usize::from(!king_side)].rook_from as u16)
    }

    /// Plies since the last capture or pawn move.
    pub fn ply_clock(&self) -> u32 {
        self.clock
    }

    /// The piece on a square: (owner, role, grey, promoted). Grey pieces report the colour
    /// they had, or the colour guessed when read from FEN4 (see [`Position::from_fen4`]).
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<(Seat, Role, bool, bool)> {
        let c = *self.board.get(sq.idx())?;
        let role = role_of(c)?;
        Some((
            Seat::from_index(seat_of(c)),
            role,
            c & GREY != 0,
            c & PROMOTED != 0,
        ))
    }

    /// Does this seat's army still move? Active players do; in kingdoms resigned and timed-out
    /// players do too (R6.4, "zombies").
    #[inline]
    pub(crate) fn moves(&self, s: usize) -> bool {
        match self.status[s] {
            SeatStatus::Active => true,
            SeatStatus::Resigned | SeatStatus::Timeout => self.rules == Rules::Kingdoms,
            _ => false,
        }
    }

    /// Is this seat a kingdoms zombie (out, but its pieces still move)?
    #[inline]
    pub(crate) fn is_zombie(&self, s: usize) -> bool {
        self.status[s].is_out() && self.moves(s)
    }

    /// The next seat after `s` whose army moves, in the preset's direction (`s` itself if none).
    pub(crate) fn next_mover(&self, s: usize) -> usize {
        let mut t = self.rules.next(s);
        for _ in 0..4 {
            if self.moves(t) {
                return t;
            }
            t = self.rules.next(t);
        }
        s
    }

    /// Sets the player to move, keeping the hash in step.
    pub(crate) fn set_turn(&mut self, s: usize) {
        self.hash ^= mix(Z_TURN + self.turn as u64) ^ mix(Z_TURN + s as u64);
        self.turn = s as u8;
    }

    /// Plays `m` for the player to move without any legality check or scoring, then passes the
    /// turn to the next seat whose army moves.
    ///
    /// This is the board-level move used by perft and search; points, mates and eliminations
    /// are applied by [`Position::play_scored`]. `m` must be a legal move of this position.
    pub fn make_move(&mut self, m: Move) {
        self.apply_board(m);
    }

    /// [`Position::make_move`], returning the captured cell (`EMPTY` if none).
    pub(crate) fn apply_board(&mut self, m: Move) -> u8 {
        let s = self.turn as usize;
        let from = m.orig_idx();
        let to = m.dest_idx();
        let pc = self.board[from];
        let mut captured = EMPTY;
        let mut h = self.hash ^ self.ep_key(s) ^ mix(Z_CASTLE + self.castling as u64);
        self.ep[s] = (0, 0);
        self.clock = self.clock.saturating_add(1);
        match m.flag() {
            Move::CASTLE_KS | Move::CASTLE_QS => {
                let spec = CASTLES[s][(m.flag() - Move::CASTLE_KS) as usize];
                let rook = self.board[spec.rook_from];
                h ^= zpiece(from, pc) ^ zpiece(spec.rook_from, rook);
                self.board[from] = EMPTY;
                self.board[spec.rook_from] = EMPTY;
                self.board[spec.king_to] = pc;
                self.board[spec.rook_to] = rook;
                let o = &mut self.occ[s];
                occ_flip(o, from);
                occ_flip(o, spec.rook_from);
                occ_flip(o, spec.king_to);
                occ_flip(o, spec.rook_to);
                h ^= zpiece(spec.king_to, pc) ^ zpiece(spec.rook_to, rook);
                self.kings[s] = spec.king_to as u16;
            }
            flag => {
                if m.is_en_passant() {
                    let side = self.rules.side(s);
                    for t in 0..4 {
                        let (p, l) = self.ep[t];
                        if side >> t & 1 == 0 && p as usize == to {
                            let l = l as usize;
                            captured = self.board[l];
                            h ^= zpiece(l, captured);
                            self.board[l] = EMPTY;
                            if is_live(captured) {
                                occ_flip(&mut self.occ[seat_of(captured)], l);
                            }
                            break;
                        }
                    }
                } else {
                    captured = self.board[to];
                    if is_piece(captured) {
                        h ^= zpiece(to, captured);
                        if is_live(captured) {
                            occ_flip(&mut self.occ[seat_of(captured)], to);
                        }
                        if is_live(captured) && captured & ROLE_MASK == KING {
                            self.kings[seat_of(captured)] = 0;
                        }
                    }
                }
                // A promoted queen is worth 1 point where points count (R5.8); a Teams
                // promotion makes an ordinary piece of the player's choice (R14.3).
                let placed = match m.promotion() {
                    Some(role) if self.rules == Rules::Teams => piece(Seat::from_index(s), role),
                    Some(_) => piece(Seat::from_index(s), Role::Queen) | PROMOTED,
                    None => pc,
                };
                h ^= zpiece(from, pc) ^ zpiece(to, placed);
                self.board[from] = EMPTY;
                self.board[to] = placed;
                occ_flip(&mut self.occ[s], from);
                occ_flip(&mut self.occ[s], to);
                if pc & ROLE_MASK == KING {
                    self.kings[s] = to as u16;
                }
                if pc & ROLE_MASK == PAWN || is_piece(captured) {
                    self.clock = 0;
                }
                if flag == Move::DOUBLE && self.en_passant {
                    self.ep[s] = ((from as isize + PAWN_FWD[s]) as u16, to as u16);
                    h ^= self.ep_key(s);
                }
            }
        }
        self.castling &= !(CASTLE_CLEAR[from] | CASTLE_CLEAR[to]);
        h ^= mix(Z_CASTLE + self.castling as u64);
        let next = self.next_mover(s);
        h ^= mix(Z_TURN + s as u64) ^ mix(Z_TURN + next as u64);
        self.turn = next as u8;
        self.hash = h;
        captured
    }

    /// Puts a seat out: its pieces turn grey (unless it is a kingdoms zombie, or the game is
    /// Teams, which that ends: R14.7), its rights go.
    pub(crate) fn eliminate(&mut self, s: usize, why: SeatStatus) {
        if self.status[s].is_out() {
            self.hash ^= mix(Z_OUT + s as u64);
        }
        self.status[s] = why;
        self.hash ^= mix(Z_OUT + s as u64);
        self.hash ^= mix(Z_CASTLE + self.castling as u64);
        self.castling &= !(3 << (2 * s));
        self.hash ^= mix(Z_CASTLE + self.castling as u64);
        self.hash ^= self.ep_key(s);
        self.ep[s] = (0, 0);
        if self.moves(s) || self.rules == Rules::Teams {
            return;
        }
        for &sq in SQUARES.iter() {
            let sq = sq as usize;
            let c = self.board[sq];
            if is_live(c) && seat_of(c) == s {
                self.hash ^= zpiece(sq, c);
                self.board[sq] = c | GREY;
                self.hash ^= zpiece(sq, c | GREY);
            }
        }
        self.occ[s] = [0; 3];
        self.kings[s] = 0;
    }

    /// Number of seats whose armies still move.
    pub(crate) fn movers(&self) -> usize {
        (0..4).filter(|&s| self.moves(s)).count()
    }
}
