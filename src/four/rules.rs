//! Points, mates, stalemates and eliminations after a move (R5.10–R5.17, R6.3–R6.4), and
//! the end of a Teams game (R14.5–R14.7).

use super::board::*;
use super::movegen::Any;
use super::moves::Move;
use super::position::Position;
use crate::record::{Elimination, EliminationReason, ScoreChange, ScoreReason, SeatStatus};

/// Everything a scored move did.
#[derive(Debug, Clone, Default)]
pub struct Outcome {
    pub(crate) mover: usize,
    /// Moved piece cell, before the move.
    pub(crate) piece: u8,
    /// Captured cell (`EMPTY` if none).
    pub(crate) captured: u8,
    pub(crate) checks: Vec<Seat>,
    pub(crate) mated: Vec<Seat>,
    pub(crate) scoring: Vec<ScoreChange>,
    pub(crate) eliminated: Vec<Elimination>,
    /// Teams: how many `+` the move's text carries, one per opponent's king that the mover's
    /// own pieces attack and that is not mated (chess.com's marks, R14.9). `None` elsewhere:
    /// one `+` per king left in check by anyone.
    pub(crate) own_checks: Option<usize>,
}

impl Outcome {
    /// The seat that moved.
    pub fn mover(&self) -> Seat {
        Seat::from_index(self.mover)
    }

    /// The role of the moved piece (a pawn for promotions).
    pub fn piece(&self) -> Option<crate::role::Role> {
        role_of(self.piece)
    }

    /// The captured piece: owner, role, and whether it was grey.
    pub fn captured(&self) -> Option<(Seat, crate::role::Role, bool)> {
        let r = role_of(self.captured)?;
        Some((
            Seat::from_index(seat_of(self.captured)),
            r,
            self.captured & GREY != 0,
        ))
    }

    /// Seats whose kings were in check right after the move (mated ones included).
    pub fn checks(&self) -> &[Seat] {
        &self.checks
    }

    /// Seats checkmated by this move.
    pub fn mated(&self) -> &[Seat] {
        &self.mated
    }

    /// Points scored, in the order they happened.
    pub fn scoring(&self) -> &[ScoreChange] {
        &self.scoring
    }

    /// Players put out, in order.
    pub fn eliminated(&self) -> &[Elimination] {
        &self.eliminated
    }
}

/// Capture value of a live piece (R5.10); a promoted queen is worth 1.
pub(crate) fn piece_value(c: u8) -> i32 {
    if c & PROMOTED != 0 {
        return 1;
    }
    match c & ROLE_MASK {
        PAWN => 1,
        KNIGHT => 3,
        BISHOP | ROOK => 5,
        QUEEN => 9,
        KING => 20,
        _ => 0,
    }
}

/// Does seat `s` attack `sq` with a live piece? Second value: is a queen among the attackers.
fn attacked_by(board: &[u8; NSQ], sq: usize, s: usize) -> (bool, bool) {
    let own = |c: u8| is_live(c) && seat_of(c) == s;
    let mut any = false;
    let mut queen = false;
    let at = |d: isize| board[(sq as isize + d) as usize];
    for &j in KNIGHT_JUMPS.iter() {
        let c = at(j);
        any |= own(c) && c & ROLE_MASK == KNIGHT;
    }
    for &cap in PAWN_CAP[s].iter() {
        let c = at(-cap);
        any |= own(c) && c & ROLE_MASK == PAWN;
    }
    for (i, &d) in KING_STEPS.iter().enumerate() {
        let diag = i >= 4;
        let mut t = (sq as isize + d) as usize;
        if own(board[t]) && board[t] & ROLE_MASK == KING {
            any = true;
        }
        while board[t] == EMPTY {
            t = (t as isize + d) as usize;
        }
        let c = board[t];
        if own(c) {
            let r = c & ROLE_MASK;
            if r == QUEEN {
                any = true;
                queen = true;
            } else if (diag && r == BISHOP) || (!diag && r == ROOK) {
                any = true;
            }
        }
    }
    (any, queen)
}

impl Position {
    /// Has `seat` any legal move?
    pub(crate) fn has_legal_move(&self, s: usize) -> bool {
        let mut a = Any(false);
        self.generate(s, &mut a);
        a.0
    }

    /// Plays a legal move with all of R5/R6's consequences: capture points, multi-check bonus,
    /// king capture, then mate/stalemate examination of every other player in turn order with
    /// re-examination after each elimination. Draws and game end are the game's business.
    ///
    /// The caller guarantees `m` is legal for the player to move.
    pub fn play_scored(&mut self, m: Move) -> Outcome {
        if self.rules == Rules::Teams {
            return self.play_teams(m);
        }
        let s = self.turn as usize;
        let frozen = self.status[s].is_out();
        let mut out = Outcome {
            mover: s,
            piece: self.board[m.orig_idx()],
            ..Outcome::default()
        };
        let captured = self.apply_board(m);
        out.captured = captured;
        if is_live(captured) {
            let v = seat_of(captured);
            if captured & ROLE_MASK == KING {
                // Only reachable in kingdoms (R6.3): a zombie's king still counts (R6.4).
                if !frozen {
                    self.add(&mut out, s, 20, ScoreReason::KingCapture);
                }
                self.eliminate(v, SeatStatus::KingCaptured);
                out.eliminated.push(Elimination {
                    player: Seat::from_index(v).into(),
                    reason: EliminationReason::KingCaptured,
                });
            } else if !frozen && !self.is_zombie(v) {
                self.add(&mut out, s, piece_value(captured), ScoreReason::Capture);
            }
        }
        for t in 0..4 {
            if t != s && self.moves(t) && self.in_check(Seat::from_index(t)) {
                out.checks.push(Seat::from_index(t));
            }
        }
        if self.rules == Rules::Ffa && !frozen {
            let mut n = 0;
            let mut queen = false;
            for t in 0..4 {
                let k = self.kings[t] as usize;
                if t != s && k != 0 && self.moves(t) {
                    let (a, q) = attacked_by(&self.board, k, s);
                    if a {
                        n += 1;
                        queen |= q;
                    }
                }
            }
            match (n, queen) {
                (2, false) => self.add(&mut out, s, 5, ScoreReason::DoubleCheck),
                (2, true) => self.add(&mut out, s, 1, ScoreReason::DoubleCheck),
                (3, false) => self.add(&mut out, s, 20, ScoreReason::TripleCheck),
                (3, true) => self.add(&mut out, s, 5, ScoreReason::TripleCheck),
                _ => {}
            }
        }
        self.examine(s, Some(s), &mut out);
        out
    }

    /// [`Position::play_scored`] in Teams: no points (R14.7); a captured king (R14.6) ends
    /// the game, and otherwise the player whose turn comes is checkmated or stalemated if it
    /// has no legal move (R14.5). Kings of other players left attacked stay so: a partner may
    /// still rescue them.
    fn play_teams(&mut self, m: Move) -> Outcome {
        let s = self.turn as usize;
        let mut out = Outcome {
            mover: s,
            piece: self.board[m.orig_idx()],
            ..Outcome::default()
        };
        let captured = self.apply_board(m);
        out.captured = captured;
        if is_live(captured) && captured & ROLE_MASK == KING {
            let v = seat_of(captured);
            self.eliminate(v, SeatStatus::KingCaptured);
            out.eliminated.push(Elimination {
                player: Seat::from_index(v).into(),
                reason: EliminationReason::KingCaptured,
            });
        }
        for t in 0..4 {
            if t != s && self.moves(t) && self.in_check(Seat::from_index(t)) {
                out.checks.push(Seat::from_index(t));
            }
        }
        if out.eliminated.is_empty() {
            self.decide_turn(&mut out);
        }
        let own = out
            .checks
            .iter()
            .filter(|c| !out.mated.contains(c))
            .filter(|c| attacked_by(&self.board, self.kings[c.index()] as usize, s).0)
            .count();
        out.own_checks = Some(own);
        out
    }

    /// R14.5: the player to move, if still in and without a legal move, is checkmated (in
    /// check) or stalemated. Teams only.
    pub(crate) fn decide_turn(&mut self, out: &mut Outcome) {
        let t = self.turn as usize;
        if !self.moves(t) || self.has_legal_move(t) {
            return;
        }
        let seat = Seat::from_index(t);
        let (status, reason) = if self.in_check(seat) {
            out.mated.push(seat);
            (SeatStatus::Checkmated, EliminationReason::Checkmated)
        } else {
            (SeatStatus::Stalemated, EliminationReason::Stalemated)
        };
        self.eliminate(t, status);
        out.eliminated.push(Elimination {
            player: seat.into(),
            reason,
        });
    }

    fn add(&mut self, out: &mut Outcome, s: usize, pts: i32, reason: ScoreReason) {
        self.points[s] += pts;
        out.scoring.push(ScoreChange {
            player: Seat::from_index(s).into(),
            points: pts,
            reason,
        });
    }

    /// R5.15/R5.16: examines every moving seat other than `after`, in turn order from the one
    /// after it, until a full pass eliminates nobody; `scorer` gets the mate points. Finally
    /// passes the turn to the next mover after `after` if the current one is gone.
    pub(crate) fn examine(&mut self, after: usize, scorer: Option<usize>, out: &mut Outcome) {
        loop {
            let mut changed = false;
            let mut t = self.rules.next(after);
            for _ in 0..3 {
                if self.moves(t) && !self.has_legal_move(t) {
                    let zombie = self.is_zombie(t);
                    if self.in_check(Seat::from_index(t)) {
                        if let Some(sc) = scorer
                            && !self.status[sc].is_out()
                        {
                            self.add(out, sc, 20, ScoreReason::Checkmate);
                        }
                        self.eliminate(t, SeatStatus::Checkmated);
                        out.mated.push(Seat::from_index(t));
                        out.eliminated.push(Elimination {
                            player: Seat::from_index(t).into(),
                            reason: EliminationReason::Checkmated,
                        });
                    } else {
                        if !zombie {
                            self.add(out, t, 20, ScoreReason::Stalemate);
                        }
                        self.eliminate(t, SeatStatus::Stalemated);
                        out.eliminated.push(Elimination {
                            player: Seat::from_index(t).into(),
                            reason: EliminationReason::Stalemated,
                        });
                    }
                    changed = true;
                }
                t = self.rules.next(t);
            }
            if !changed {
                break;
            }
        }
        let cur = self.turn as usize;
        if !self.moves(cur) {
            let n = self.next_mover(after);
            self.set_turn(n);
        }
    }

    /// Does every moving seat have nothing but its king (R5.19)?
    pub(crate) fn only_kings(&self) -> bool {
        SQUARES.iter().all(|&sq| {
            let c = self.board[sq as usize];
            !is_live(c) || c & ROLE_MASK == KING
        })
    }
}
