//! The Teams search (R14): alpha-beta over the real turn order, the two teams taking turns.
//!
//! Teams is a two-sided game whose sides alternate (Red, Blue, Yellow, Green: Red and Yellow
//! against Blue and Green), so the best-reply search of the other four-player games, which lets
//! one opponent reply between the searching player's moves and the partner never move, is the
//! wrong model: it cannot see the partner rescue a king or block a check, nor an opponent
//! capture the partner's king left attacked (R14.6) or mate it at its own turn (R14.5), and its
//! tree holds positions that never occur. Here every ply is the next player's move, played with
//! [`Position::play_scored`] (which decides mate and stalemate at the affected player's turn and
//! ends the game on a captured king), and scores are negamax values for the team to move: the
//! partner's moves are searched as the searching player's own, its king as precious as its own.

use super::FourConfig;
use super::eval::{MATERIAL, evaluate_with, teams_winner};
use super::root::Deepening;
use crate::ai::search::{MATE, MATE_BOUND, SearchPosition, SearchResult, Searcher, sort_desc};
use crate::ai::tt::Bound;
use crate::four::{Move, MoveList, Position, Seat};
use crate::role::Role;

/// Hash salt of the Teams search's table entries (its scores are for the team to move, not for
/// one player as in best-reply search).
const TEAMS_KEY: u64 = 0x9e37_79b9_7f4a_7c15;

/// Ordering scores: the table's move, then king captures (they end the game, R14.6).
const TT_ORDER: i32 = 3_000_000;
const KING_TAKE_ORDER: i32 = 2_500_000;
const TACTICAL_ORDER: i32 = 1_000_000;

/// The team of `seat`: 0 for Red and Yellow, 1 for Blue and Green.
#[inline]
fn team(seat: usize) -> usize {
    seat & 1
}

/// Value of a finished game for `side` (`ply` plies from the root: sooner wins are better).
fn end_for(pos: &Position, side: usize, ply: usize) -> Option<i32> {
    teams_winner(pos).map(|w| match w {
        Some(t) if t == side => MATE - ply as i32,
        Some(_) => -MATE + ply as i32,
        None => 0,
    })
}

/// Does `m` capture a king (R14.6)?
#[inline]
fn takes_king(pos: &Position, m: Move) -> bool {
    matches!(pos.piece_at(m.to()), Some((_, Role::King, false, _)))
}

impl Searcher<'_, Position> {
    /// Iterative-deepening Teams search from the player to move (see the module doc). Returns
    /// the best move, its score for the mover's team, the depth reached and all root scores
    /// (the weakened levels choose from them).
    pub(super) fn search_teams(
        &mut self,
        root: &Position,
        deepening: Deepening,
        cfg: FourConfig,
    ) -> SearchResult<Move> {
        let side = team(root.turn().index());
        let mut order: Vec<(Move, i32)> = root
            .legal_move_vec()
            .into_iter()
            .map(|m| (m, self.order_of(root, m, 0, 0)))
            .collect();
        sort_desc(&mut order, |&(_, s)| s);
        let searched = order.len();
        self.deepen(
            root,
            order,
            searched,
            deepening,
            |s, child, depth, alpha, wide| {
                // Negamax: the child's values are for the other team. Even a wide search keeps
                // `alpha` as its lower bound, so a move below it scores a bound, not its value.
                let (other, cfg) = (1 - side, &cfg);
                if wide {
                    return -s.team_ab(child, depth, -MATE - 1, -alpha, 1, other, cfg);
                }
                let v = -s.team_ab(child, depth, -alpha - 1, -alpha, 1, other, cfg);
                if !s.aborted && v > alpha {
                    -s.team_ab(child, depth, -MATE - 1, -alpha, 1, other, cfg)
                } else {
                    v
                }
            },
        )
    }

    /// Ordering score of the mover's move `m` in `pos`.
    fn order_of(&self, pos: &Position, m: Move, tt_move: u32, ply: usize) -> i32 {
        if tt_move != 0 && Position::move_key(m) == tt_move {
            TT_ORDER
        } else if takes_king(pos, m) {
            KING_TAKE_ORDER
        } else if let Some(t) = pos.tactical_score(m) {
            TACTICAL_ORDER + t
        } else if self.killers[ply][0] == Some(m) {
            900_000
        } else if self.killers[ply][1] == Some(m) {
            890_000
        } else {
            self.history[pos.history_index(m)]
        }
    }

    /// Static value of `pos` for `side`.
    fn team_eval(pos: &Position, side: usize, cfg: &FourConfig) -> i32 {
        // The evaluation's point of view is a seat; either seat of the team gives its value.
        evaluate_with(pos, side, cfg)
    }

    /// Negamax alpha-beta for `side`, the team to move in `pos`.
    #[allow(clippy::too_many_arguments)]
    fn team_ab(
        &mut self,
        pos: &Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        side: usize,
        cfg: &FourConfig,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        if let Some(v) = end_for(pos, side, ply) {
            return v;
        }
        let mover = pos.turn();
        let in_check = pos.in_check(mover);
        let depth = depth + i32::from(cfg.check_ext && in_check);
        if depth <= 0 || ply >= crate::ai::search::MAX_PLY - 2 {
            return self.team_q(pos, alpha, beta, ply, side, cfg, 0);
        }
        let key = pos.hash() ^ TEAMS_KEY;
        let mut tt_move = 0;
        if let Some(e) = self.tt.probe(key) {
            tt_move = e.mv;
            if i32::from(e.depth) >= depth {
                let s = e.score;
                match e.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        if list.as_slice().is_empty() {
            // Only at the root's children of a position read from outside can this happen:
            // `play_scored` decides a player without moves at its turn (R14.5).
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        let mut moves: Vec<(Move, i32)> = list
            .as_slice()
            .iter()
            .map(|&m| (m, self.order_of(pos, m, tt_move, ply)))
            .collect();
        sort_desc(&mut moves, |&(_, s)| s);
        let orig_alpha = alpha;
        let mut best = -MATE - 1;
        let mut best_move = 0;
        for (i, &(m, order)) in moves.iter().enumerate() {
            let mut child = pos.clone();
            child.play(m);
            let quiet = order < 890_000;
            // Late quiet moves that give no check are looked at one ply shallower first.
            let reduce = cfg.lmr
                && depth >= 3
                && quiet
                && i >= 4
                && !in_check
                && !(0..4).any(|s| team(s) != side && child.in_check(Seat::from_index(s)));
            let mut v;
            if reduce {
                v = -self.team_ab(
                    &child,
                    depth - 2,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    1 - side,
                    cfg,
                );
                if self.aborted {
                    return 0;
                }
                if v <= alpha {
                    best = best.max(v);
                    continue;
                }
            }
            if i == 0 || !cfg.pvs {
                v = -self.team_ab(&child, depth - 1, -beta, -alpha, ply + 1, 1 - side, cfg);
            } else {
                v = -self.team_ab(
                    &child,
                    depth - 1,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    1 - side,
                    cfg,
                );
                if !self.aborted && v > alpha && v < beta {
                    v = -self.team_ab(&child, depth - 1, -beta, -alpha, ply + 1, 1 - side, cfg);
                }
            }
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
                best_move = Position::move_key(m);
            }
            alpha = alpha.max(v);
            if alpha >= beta {
                if quiet {
                    let h = pos.history_index(m);
                    self.history[h] += depth * depth;
                    if self.killers[ply][0] != Some(m) {
                        self.killers[ply][1] = self.killers[ply][0];
                        self.killers[ply][0] = Some(m);
                    }
                }
                break;
            }
        }
        let bound = if best <= orig_alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        if best.abs() < MATE_BOUND {
            self.tt.store(key, best_move, best, depth, bound);
        }
        best
    }

    /// Quiescence: captures and promotions, standing pat on the static value unless the
    /// mover is in check (then its evasions, for a few plies).
    #[allow(clippy::too_many_arguments)]
    fn team_q(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        side: usize,
        cfg: &FourConfig,
        qply: u32,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        if let Some(v) = end_for(pos, side, ply) {
            return v;
        }
        let stand = Self::team_eval(pos, side, cfg);
        if qply >= 6 || ply >= crate::ai::search::MAX_PLY - 2 {
            return stand;
        }
        let evade = qply < 2 && pos.in_check(pos.turn());
        let mut best = if evade { -MATE - 1 } else { stand };
        if !evade {
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
        }
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        let mut moves: Vec<(Move, i32)> = list
            .as_slice()
            .iter()
            .filter_map(|&m| {
                if takes_king(pos, m) {
                    Some((m, KING_TAKE_ORDER))
                } else {
                    match pos.tactical_score(m) {
                        Some(t) => Some((m, TACTICAL_ORDER + t)),
                        None if evade => Some((m, 0)),
                        None => None,
                    }
                }
            })
            .collect();
        if evade && moves.is_empty() {
            return stand;
        }
        sort_desc(&mut moves, |&(_, s)| s);
        for (m, _) in moves {
            // A capture of a piece worth less than what standing pat already lacks cannot
            // raise alpha (delta pruning), unless it ends the game.
            if !evade
                && !takes_king(pos, m)
                && !m.is_promotion()
                && let Some((_, role, _, _)) = pos.piece_at(m.to())
                && stand + MATERIAL[role as usize] + 200 <= alpha
            {
                continue;
            }
            let mut child = pos.clone();
            child.play(m);
            let v = -self.team_q(&child, -beta, -alpha, ply + 1, 1 - side, cfg, qply + 1);
            if self.aborted {
                return 0;
            }
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        best
    }
}
