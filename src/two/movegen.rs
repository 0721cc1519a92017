//! Legal move generation of the 8×8 engine: moves, move lists, check detection and perft.

use super::attacks::{
    aligned, between, bishop_attacks, bishop_rays, king_attacks, knight_attacks, line,
    pawn_attacks, queen_attacks, rook_attacks, rook_rays,
};
use super::board::{Bitboard, Color, Square};
use super::moves::{Move, MoveKind, MoveList, castling_targets};
use super::position::Position;
use crate::kind::Variant;
use crate::role::Role;

/// Target squares move generation must leave out, beyond the rules of chess: Racing Kings
/// forbids giving check (R4), and filtering while generating costs a few masks per piece
/// where filtering the finished list cost a test per move.
#[derive(Clone, Copy)]
pub(super) struct NoChecks {
    /// Squares a knight may move to.
    knight: Bitboard,
    /// Squares a piece moving diagonally may move to.
    diag: Bitboard,
    /// Squares a piece moving along a rank or file may move to.
    orth: Bitboard,
    /// Our pieces whose leaving the line to `their_king` would uncover a check.
    discoverers: Bitboard,
    /// The king they would check.
    their_king: Square,
    /// Squares any move but castling may go to (all but for quiescence search's captures and
    /// promotions).
    targets: Bitboard,
}

impl NoChecks {
    /// Forbids nothing: every game but Racing Kings.
    pub(super) const NONE: NoChecks = NoChecks {
        knight: Bitboard::ALL,
        diag: Bitboard::ALL,
        orth: Bitboard::ALL,
        discoverers: Bitboard::EMPTY,
        their_king: Square::A1,
        targets: Bitboard::ALL,
    };

    /// Where a tied piece on `from` may go: along the line to our king `ksq` if it is
    /// `pinned`, along the line to their king if moving off it would uncover a check.
    /// Out of line: rare, and two copies of it inline would cost package bytes.
    #[inline(never)]
    fn tied_lines(&self, from: Square, ksq: Square, pinned: Bitboard) -> Bitboard {
        let mut t = Bitboard::ALL;
        if pinned.has(from) {
            t &= line(ksq, from);
        }
        t & self.along(from)
    }

    /// Squares the piece on `from` may move to as far as discovered checks go.
    #[inline]
    fn along(&self, from: Square) -> Bitboard {
        if self.discoverers.has(from) {
            line(self.their_king, from)
        } else {
            Bitboard::ALL
        }
    }
}

/// Where move generation sends its moves: a [`MoveList`] stores them, a [`MoveCounter`] only
/// counts them (perft's last ply), using one popcount per piece instead of one write per move.
pub(crate) trait MoveSink {
    /// One move.
    fn push(&mut self, m: Move);
    /// Ordinary moves of a piece (not a pawn) from `from` to every square of `targets`.
    fn piece_moves(&mut self, from: Square, targets: Bitboard);
}

impl MoveSink for MoveList {
    #[inline]
    fn push(&mut self, m: Move) {
        MoveList::push(self, m);
    }

    #[inline]
    fn piece_moves(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            MoveList::push(
                self,
                Move {
                    from,
                    to,
                    kind: MoveKind::Normal,
                },
            );
        }
    }
}

/// A [`MoveSink`] that only counts.
#[derive(Default)]
pub(crate) struct MoveCounter(pub(crate) u64);

impl MoveSink for MoveCounter {
    #[inline]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }

    #[inline]
    fn piece_moves(&mut self, _: Square, targets: Bitboard) {
        self.0 += u64::from(targets.count());
    }
}

impl Position {
    /// `true` when the side to move can legally capture on `self.ep` (FIDE 9.2.3: only then
    /// does the en-passant square make a position different). Needs `checkers` up to date.
    pub(super) fn has_legal_en_passant(&self) -> bool {
        if self.ep.is_none() {
            return false;
        }
        let mut list = MoveList::new();
        self.gen_chess_moves(&mut list, &NoChecks::NONE);
        list.iter().any(|m| m.kind == MoveKind::EnPassant)
    }

    /// Our pieces that stand alone between `king` and a slider of `slider_color`: pinned pieces
    /// when `king` is ours, discovered-check candidates when it is the enemy's.
    pub(super) fn blockers(&self, king: Square, slider_color: Color) -> Bitboard {
        let queens = self.by_role[Role::Queen.index()];
        let snipers = (rook_rays(king) & (self.by_role[Role::Rook.index()] | queens)
            | bishop_rays(king) & (self.by_role[Role::Bishop.index()] | queens))
            & self.by_color[slider_color.index()];
        let occ = self.occupied();
        let mut blockers = Bitboard::EMPTY;
        for s in snipers {
            let b = between(king, s) & occ;
            if b.any() && !b.more_than_one() {
                blockers |= b;
            }
        }
        blockers
    }

    /// Legal moves by chess rules alone, minus those `quiet` forbids; without the variant's
    /// endings.
    pub(super) fn gen_chess_moves<S: MoveSink>(&self, list: &mut S, quiet: &NoChecks) {
        let us = self.turn;
        let them = us.other();
        let ours = self.by_color[us.index()];
        let occ = self.occupied();
        let ksq = self.king(us);

        // King steps: test each destination with the king removed so it cannot hide behind
        // itself on a checking line.
        let occ_no_king = occ ^ ksq.bb();
        for to in king_attacks(ksq) & !ours & quiet.along(ksq) & quiet.targets {
            if self.attackers(to, them, occ_no_king).is_empty() {
                list.push(Move {
                    from: ksq,
                    to,
                    kind: MoveKind::Normal,
                });
            }
        }

        if self.checkers.more_than_one() {
            return;
        }
        let target = match self.checkers.first() {
            Some(c) => between(ksq, c) | c.bb(),
            None => !ours,
        } & !ours
            & quiet.targets;
        let pinned = self.blockers(ksq, them) & ours;
        // Pieces tied to a line: pinned to our king, or screening theirs from our slider.
        let tied = pinned | quiet.discoverers;

        if self.checkers.is_empty() {
            self.gen_castling(list, ksq, occ);
        }

        let queens = self.by_role[Role::Queen.index()];
        // A knight never moves along a line, so a tied knight cannot move.
        for from in self.bb(us, Role::Knight) & !tied {
            list.piece_moves(from, knight_attacks(from) & target & quiet.knight);
        }
        for from in (self.by_role[Role::Bishop.index()] | queens) & ours {
            let mut t = bishop_attacks(from, occ) & target & quiet.diag;
            if queens.has(from) {
                t &= quiet.orth;
            }
            if tied.has(from) {
                t &= quiet.tied_lines(from, ksq, pinned);
            }
            list.piece_moves(from, t);
        }
        for from in (self.by_role[Role::Rook.index()] | queens) & ours {
            let mut t = rook_attacks(from, occ) & target & quiet.orth;
            if queens.has(from) {
                t &= quiet.diag;
            }
            if tied.has(from) {
                t &= quiet.tied_lines(from, ksq, pinned);
            }
            list.piece_moves(from, t);
        }
        // Queens were generated as both a bishop and a rook above.

        self.gen_pawns(list, ksq, target, pinned, occ);
    }

    fn gen_pawns<S: MoveSink>(
        &self,
        list: &mut S,
        ksq: Square,
        target: Bitboard,
        pinned: Bitboard,
        occ: Bitboard,
    ) {
        let us = self.turn;
        let them = us.other();
        let theirs = self.by_color[them.index()];
        let forward: i32 = if us == Color::White { 8 } else { -8 };
        let start_rank = if us == Color::White { 1 } else { 6 };
        let promo_rank = if us == Color::White { 7 } else { 0 };
        for from in self.bb(us, Role::Pawn) {
            let allowed = if pinned.has(from) {
                line(ksq, from)
            } else {
                Bitboard::ALL
            };
            let one = from.index() as i32 + forward;
            if !(0..64).contains(&one) {
                continue;
            }
            let one = Square::from_index(one as u32);
            let mut dests = pawn_attacks(us, from) & theirs;
            if !occ.has(one) {
                dests |= one.bb();
                if from.rank() == start_rank {
                    let two = Square::from_index((one.index() as i32 + forward) as u32);
                    if !occ.has(two) && (target & allowed).has(two) {
                        list.push(Move {
                            from,
                            to: two,
                            kind: MoveKind::DoublePush,
                        });
                    }
                }
            }
            for to in dests & target & allowed {
                if to.rank() == promo_rank {
                    for r in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                        list.push(Move {
                            from,
                            to,
                            kind: MoveKind::Promotion(r),
                        });
                    }
                } else {
                    list.push(Move {
                        from,
                        to,
                        kind: MoveKind::Normal,
                    });
                }
            }
        }

        if let Some(ep) = self.ep {
            let cap_sq = Square::from_coords(ep.file(), if us == Color::White { 4 } else { 3 });
            for from in pawn_attacks(them, ep) & self.bb(us, Role::Pawn) {
                // Simulate: removing two pawns from one rank can expose the king sideways,
                // which pin masks do not see, so test the resulting position directly.
                let occ2 = (occ ^ from.bb() ^ cap_sq.bb()) | ep.bb();
                let attackers = self.attackers(ksq, them, occ2) & !cap_sq.bb();
                if attackers.is_empty() {
                    list.push(Move {
                        from,
                        to: ep,
                        kind: MoveKind::EnPassant,
                    });
                }
            }
        }
    }

    fn gen_castling<S: MoveSink>(&self, list: &mut S, ksq: Square, occ: Bitboard) {
        let us = self.turn;
        let them = us.other();
        let rank = us.back_rank();
        if ksq.rank() != rank {
            return;
        }
        let rights = self.castling & self.bb(us, Role::Rook) & Bitboard::rank(rank);
        for rook in rights {
            let (king_to, rook_to) = castling_targets(ksq, rook);
            // Chess960-style rule (X-FEN positions): every square the king or the rook crosses
            // or lands on must be empty but for those two pieces.
            let path = between(ksq, king_to) | king_to.bb() | between(rook, rook_to) | rook_to.bb();
            if (path & occ & !ksq.bb() & !rook.bb()).any() {
                continue;
            }
            // The rook leaves its square too, which can open a line onto the king's path.
            let occ_after = occ ^ ksq.bb() ^ rook.bb();
            let king_path = between(ksq, king_to) | king_to.bb();
            let mut safe = true;
            for sq in king_path {
                if self.attackers(sq, them, occ_after).any() {
                    safe = false;
                    break;
                }
            }
            if safe {
                list.push(Move {
                    from: ksq,
                    to: rook,
                    kind: MoveKind::Castle,
                });
            }
        }
    }

    /// `true` if `m` (legal here) would give check. Cheap: no move is played. Only valid for
    /// moves without pawns, castling or en passant involved... and in general for any move
    /// thanks to the fallback.
    pub fn gives_check(&self, m: Move) -> bool {
        let us = self.turn;
        let tk = self.king(us.other());
        match m.kind {
            MoveKind::Normal | MoveKind::DoublePush => {
                let Some(role) = self.role_at(m.from) else {
                    return false;
                };
                let occ = self.occupied();
                let direct = match role {
                    Role::Pawn => pawn_attacks(us, m.to).has(tk),
                    Role::Knight => knight_attacks(m.to).has(tk),
                    Role::Bishop => bishop_attacks(tk, occ).has(m.to),
                    Role::Rook => rook_attacks(tk, occ).has(m.to),
                    Role::Queen => queen_attacks(tk, occ).has(m.to),
                    Role::King => false,
                };
                direct
                    || (self.blockers(tk, us) & self.by_color[us.index()]).has(m.from)
                        && !aligned(m.from, m.to, tk)
            }
            _ => {
                let mut after = self.clone();
                after.play(m);
                after.is_check()
            }
        }
    }

    /// Generates the legal moves into `list` (cleared first). Finished positions (a variant
    /// win, checkmate, stalemate) have none. Insufficient material does not stop generation:
    /// it is a game rule ([`crate::game`]), not a move rule.
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        list.clear();
        if self.variant_ending().is_some() {
            return;
        }
        if self.variant == Variant::RacingKings {
            self.gen_chess_moves(list, &self.no_checks());
        } else {
            self.gen_chess_moves(list, &NoChecks::NONE);
        }
    }

    /// What Racing Kings forbids the side to move (R4): every move that would give check.
    pub(super) fn no_checks(&self) -> NoChecks {
        // Racing Kings has no pawns, castling or en passant (rejected at setup), so direct
        // checks and discoveries are all that can give check.
        let us = self.turn;
        let tk = self.king(us.other());
        let occ = self.occupied();
        let diag = bishop_attacks(tk, occ);
        let orth = rook_attacks(tk, occ);
        NoChecks {
            knight: !knight_attacks(tk),
            diag: !diag,
            orth: !orth,
            discoverers: self.blockers(tk, us) & self.by_color[us.index()],
            their_king: tk,
            targets: Bitboard::ALL,
        }
    }

    /// The legal moves to `extra` and those quiescence search looks at (captures, en passant,
    /// moves onto the last rank, so every promotion), and castling, into `list` (cleared
    /// first): a subset of [`Position::legal_moves_into`], in its order, for far less work
    /// than all moves. Out of check only: it is no test of checkmate or stalemate.
    pub fn tactical_moves_into(&self, list: &mut MoveList, extra: Bitboard) {
        list.clear();
        if self.variant_ending().is_some() {
            return;
        }
        let mut quiet = if self.variant == Variant::RacingKings {
            self.no_checks()
        } else {
            NoChecks::NONE
        };
        let last = Bitboard::rank(if self.turn == Color::White { 7 } else { 0 });
        quiet.targets = self.by_color[self.turn.other().index()] | last | extra;
        self.gen_chess_moves(list, &quiet);
    }

    /// The legal moves of the side to move.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        list
    }

    /// Number of legal move paths of length `depth` (perft). A finished game has no moves, so
    /// the count below a finished node is 0 (1 at depth 0), as in the suites in `tests/data/`.
    pub fn perft(&self, depth: u32) -> u64 {
        // 2^64 positions are never reached.
        self.perft_within(depth, u64::MAX).unwrap_or(u64::MAX)
    }

    /// [`Position::perft`] that gives up (`None`) once it would generate the moves of more
    /// than `budget` positions: the work, and so the time, of a perft is bounded by that
    /// count, not by the depth.
    pub fn perft_within(&self, depth: u32, budget: u64) -> Option<u64> {
        // One move list per ply, allocated once: filling a fresh 512-entry list at every node
        // would cost more than generating the moves.
        let mut lists = vec![MoveList::new(); depth as usize];
        let mut budget = budget;
        self.perft_with(depth, &mut lists, &mut budget)
    }

    fn perft_with(&self, depth: u32, lists: &mut [MoveList], budget: &mut u64) -> Option<u64> {
        let Some((list, rest)) = lists.split_first_mut() else {
            return Some(1);
        };
        *budget = budget.checked_sub(1)?;
        if depth == 1 && self.variant != Variant::RacingKings {
            // Bulk counting: the leaves are the legal moves, which need not be listed. (Racing
            // Kings could count too, at a cost in package bytes its perft speed does not earn.)
            if self.variant_ending().is_some() {
                return Some(0);
            }
            let mut counter = MoveCounter::default();
            self.gen_chess_moves(&mut counter, &NoChecks::NONE);
            return Some(counter.0);
        }
        self.legal_moves_into(list);
        if depth <= 1 {
            return Some(list.len() as u64);
        }
        let mut total = 0;
        for &m in list.as_slice() {
            let mut child = self.clone();
            child.play(m);
            total += child.perft_with(depth - 1, rest, budget)?;
        }
        Some(total)
    }
}
