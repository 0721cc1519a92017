//! Four-player search: best-reply search (BRS, Schadd & Winands 2011) over
//! [`crate::four::Position`], with an evaluation from the searching player's point of view
//! that knows the R5 points rules.
//!
//! BRS alternates the searching player's own moves (max layers) with a min layer holding the
//! moves of *all* opponents together: only the opponent with the strongest reply moves, the
//! others pass. That keeps the searching player's moves close together in the tree (so tactics
//! are seen) and avoids paranoid search's over-pessimism of three coordinated opponents.
//!
//! Moves are played with [`Position::play_scored`], so capture points, multi-check bonuses,
//! immediate mates (+20) and stalemates (+20 for the stalemated player) are all in the points
//! the evaluation reads; grey pieces are worth nothing.

use super::search::{MATE, MATE_BOUND, SearchPosition, Searcher};
use super::tt::Bound;
use crate::core::Role;
use crate::four::{Move, MoveList, Position, Seat, Square};

/// Material values for the evaluation (not the R5.10 points: those are in `points()`).
const MATERIAL: [i32; 6] = [100, 300, 400, 500, 1000, 0];
/// Centipawns per point scored.
const POINT_CP: i32 = 100;
/// Value of being out of the game, beyond the points already banked.
const OUT_PENALTY: i32 = 6_000;
/// Hash salt for min layers (the same board is a different node there).
const MIN_KEY: u64 = 0x5be0_cd19_137e_2179;

/// The 160 squares of the cross board.
fn squares() -> &'static [Square] {
    use std::sync::OnceLock;
    static SQ: OnceLock<Vec<Square>> = OnceLock::new();
    SQ.get_or_init(|| {
        let mut v = Vec::with_capacity(160);
        for rank in 0..14 {
            for file in 0..14 {
                if let Some(s) = Square::new(file, rank) {
                    v.push(s);
                }
            }
        }
        v
    })
}

/// Is `seat` still playing (its pieces move for it)?
fn in_game(pos: &Position, seat: usize) -> bool {
    pos.moves(seat) && !pos.statuses()[seat].is_out()
}

/// Evaluation in centipawns from `pov`'s point of view.
pub fn evaluate_four(pos: &Position, pov: usize) -> i32 {
    let points = pos.points();
    let mut material = [0i32; 4];
    let mut center = [0i32; 4];
    for &sq in squares() {
        if let Some((seat, role, grey, promoted)) = pos.piece_at(sq) {
            if grey {
                continue;
            }
            let s = seat.index();
            material[s] += if promoted && role == Role::Queen {
                900
            } else {
                MATERIAL[role as usize]
            };
            // Minor pieces and queens like the centre of the big board.
            if matches!(role, Role::Knight | Role::Bishop | Role::Queen) {
                let df = (2 * i32::from(sq.file()) - 13).abs();
                let dr = (2 * i32::from(sq.rank()) - 13).abs();
                center[s] += (26 - df.max(dr)) / 2;
            }
        }
    }
    let opps: Vec<usize> = (0..4).filter(|&s| s != pov).collect();
    let max_pts = opps.iter().map(|&s| points[s]).max().unwrap_or(0);
    let avg_pts = opps.iter().map(|&s| points[s]).sum::<i32>() / 3;
    // Ranking counts: the leader matters most, the field too.
    let mut v = POINT_CP * (points[pov] - (max_pts + avg_pts) / 2);
    if !in_game(pos, pov) {
        return v - OUT_PENALTY;
    }
    let opp_mat = opps.iter().map(|&s| material[s]).sum::<i32>() / 3;
    v += material[pov] - opp_mat;
    v += center[pov] - opps.iter().map(|&s| center[s]).sum::<i32>() / 3;
    // King safety against all three: being in check, and pieces still in front of the king.
    if pos.in_check(Seat::from_index(pov)) {
        v -= 60;
    }
    for &s in &opps {
        if in_game(pos, s) && pos.in_check(Seat::from_index(s)) {
            v += 25;
        }
    }
    v
}

impl SearchPosition for Position {
    type Move = Move;
    const HISTORY_SIZE: usize = 4 * 324 * 324;

    fn gen_moves(&self, out: &mut Vec<Move>) {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        out.extend_from_slice(list.as_slice());
    }

    fn play(&mut self, m: Move) {
        let _ = self.play_scored(m);
    }

    fn hash(&self) -> u64 {
        Position::hash(self)
    }

    fn mover(&self) -> usize {
        self.turn().index()
    }

    fn in_check(&self) -> bool {
        Position::in_check(self, self.turn())
    }

    fn move_key(m: Move) -> u32 {
        let flag = u32::from(m.is_castle()) | u32::from(m.is_promotion()) << 1;
        1 + (u32::from(m.from().0) | u32::from(m.to().0) << 9 | flag << 18)
    }

    fn history_index(&self, m: Move) -> usize {
        let s = self.turn().index();
        s * 324 * 324 + (m.from().0 as usize % 324) * 324 + m.to().0 as usize % 324
    }

    fn tactical_score(&self, m: Move) -> Option<i32> {
        let victim = self.piece_at(m.to());
        match victim {
            Some((_, role, grey, _)) if !m.is_castle() => {
                let v = if grey { 0 } else { MATERIAL[role as usize] };
                let a = self
                    .piece_at(m.from())
                    .map_or(0, |(_, r, _, _)| MATERIAL[r as usize]);
                Some(v * 10 - a / 10 + 1)
            }
            _ if m.is_promotion() || m.is_en_passant() => Some(1000),
            _ => None,
        }
    }

    fn is_critical(&self, _m: Move) -> bool {
        false
    }

    fn evaluate(&self, pov: usize) -> i32 {
        evaluate_four(self, pov)
    }

    fn game_over(&self, _has_moves: bool) -> Option<i32> {
        None
    }

    fn null_move(&self) -> Option<Self> {
        None
    }

    fn reversible_plies(&self) -> u32 {
        self.ply_clock()
    }
}

/// Is the game over for the purposes of the search: one or no army left moving.
fn finished(pos: &Position) -> bool {
    pos.movers() <= 1
}

/// The value of a finished game or of `pov` being out, if either holds.
fn end_value(pos: &Position, pov: usize, ply: usize) -> Option<i32> {
    if !in_game(pos, pov) {
        return Some(evaluate_four(pos, pov));
    }
    if finished(pos) {
        // Alone in the game: the points decide. A sure win is a "mate" at this distance.
        let p = pos.points();
        let best_opp = (0..4)
            .filter(|&s| s != pov)
            .map(|s| p[s])
            .max()
            .unwrap_or(0);
        return Some(if p[pov] > best_opp {
            MATE - ply as i32
        } else {
            POINT_CP * (p[pov] - best_opp)
        });
    }
    None
}

/// `pos` with `seat` to move (BRS lets any opponent reply; the searcher moves after each).
fn with_turn(pos: &Position, seat: usize) -> Position {
    let mut p = pos.clone();
    if p.turn().index() != seat {
        p.set_turn(seat);
    }
    p
}

impl Searcher<'_, Position> {
    /// Iterative-deepening BRS from the player to move. Returns the best move, its score,
    /// the depth reached, the principal line's first move and all root scores (best first,
    /// exact when `all_exact`).
    pub fn search_four(
        &mut self,
        root: &Position,
        max_depth: u32,
        all_exact: bool,
        time_soft_ms: Option<u64>,
    ) -> super::search::SearchResult<Move> {
        let pov = root.turn().index();
        let mut moves = Vec::new();
        root.gen_moves(&mut moves);
        let mut order: Vec<(Move, i32)> = moves
            .iter()
            .map(|&m| (m, root.tactical_score(m).unwrap_or(0)))
            .collect();
        order.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
        let mut result = super::search::SearchResult {
            best: order.first().map(|x| x.0),
            score: 0,
            depth: 0,
            nodes: 0,
            pv: order.first().map(|x| x.0).into_iter().collect(),
            root_scores: order.clone(),
        };
        if order.is_empty() {
            return result;
        }
        for depth in 1..=max_depth.max(1) {
            let mut alpha = -MATE - 1;
            let mut best: Option<(Move, i32)> = None;
            let mut done = true;
            let first = order[0];
            for (i, entry) in order.iter_mut().enumerate() {
                let m = entry.0;
                let mut child = root.clone();
                child.play(m);
                let lo = if all_exact { -MATE - 1 } else { alpha };
                let v = self.brs(&child, depth as i32 - 1, lo, MATE + 1, 1, pov, false);
                if self.aborted {
                    done = false;
                    break;
                }
                entry.1 = if all_exact || v > alpha || i == 0 {
                    v
                } else {
                    alpha - 1
                };
                if best.is_none_or(|b| v > b.1) {
                    best = Some((m, v));
                    alpha = alpha.max(v);
                }
            }
            if let Some((m, v)) = best
                && (done || m == first.0 || v > first.1)
            {
                result.best = Some(m);
                result.score = v;
                result.pv = vec![m];
            }
            if !done {
                break;
            }
            result.depth = depth;
            order.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
            result.root_scores = order.clone();
            if result.score.abs() >= MATE_BOUND {
                break;
            }
            if let Some(t) = time_soft_ms
                && self.elapsed_ms() >= t as f64 * 0.5
            {
                break;
            }
        }
        result.nodes = self.nodes;
        result
    }

    /// Best-reply search. Values are from `pov`'s point of view; `max` layers are `pov`'s
    /// moves, min layers the union of every opponent's moves.
    #[allow(clippy::too_many_arguments)]
    fn brs(
        &mut self,
        pos: &Position,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        pov: usize,
        max: bool,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        if let Some(v) = end_value(pos, pov, ply) {
            return v;
        }
        if depth <= 0 || ply >= super::search::MAX_PLY - 2 {
            return self.qbrs(pos, alpha, beta, ply, pov, max, 0);
        }
        let key = pos.hash() ^ if max { 0 } else { MIN_KEY } ^ (pov as u64) << 60;
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
        let (orig_alpha, orig_beta) = (alpha, beta);
        let candidates = self.layer_moves(pos, pov, max, false);
        if candidates.is_empty() {
            return evaluate_four(pos, pov);
        }
        let mut ordered: Vec<(usize, Move, i32)> = candidates
            .into_iter()
            .map(|(seat, m, base)| {
                let s = if tt_move != 0 && Position::move_key(m) == tt_move {
                    3_000_000
                } else {
                    base
                };
                (seat, m, s)
            })
            .collect();
        ordered.sort_by_key(|&(_, _, s)| std::cmp::Reverse(s));
        let mut best = if max { -MATE - 1 } else { MATE + 1 };
        let mut best_move = 0;
        for (seat, m, _) in ordered {
            let mut child = with_turn(pos, seat);
            child.play(m);
            if !max && in_game(&child, pov) {
                child = with_turn(&child, pov);
            }
            let v = self.brs(&child, depth - 1, alpha, beta, ply + 1, pov, !max);
            if self.aborted {
                return 0;
            }
            if max {
                if v > best {
                    best = v;
                    best_move = Position::move_key(m);
                }
                alpha = alpha.max(v);
            } else {
                if v < best {
                    best = v;
                    best_move = Position::move_key(m);
                }
                beta = beta.min(v);
            }
            if alpha >= beta {
                if pos.tactical_score(m).is_none() && max {
                    let h = pos.history_index(m);
                    self.history[h] += depth * depth;
                }
                break;
            }
        }
        let bound = if best <= orig_alpha {
            Bound::Upper
        } else if best >= orig_beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        if best.abs() < MATE_BOUND {
            self.tt.store(key, best_move, best, depth, bound);
        }
        best
    }

    /// The moves of a layer with an ordering score: `pov`'s own in a max layer, every
    /// opponent's in a min layer (each tagged with its seat). With `tactical_only`, only
    /// captures and promotions.
    fn layer_moves(
        &mut self,
        pos: &Position,
        pov: usize,
        max: bool,
        tactical_only: bool,
    ) -> Vec<(usize, Move, i32)> {
        let mut out = Vec::new();
        let mut list = MoveList::new();
        let seats: Vec<usize> = if max {
            vec![pov]
        } else {
            (0..4).filter(|&s| s != pov && pos.moves(s)).collect()
        };
        for seat in seats {
            pos.legal_moves_of(Seat::from_index(seat), &mut list);
            let view = with_turn(pos, seat);
            for &m in list.as_slice() {
                match view.tactical_score(m) {
                    Some(t) => out.push((seat, m, 1_000_000 + t)),
                    None if !tactical_only => {
                        out.push((seat, m, self.history[view.history_index(m)]))
                    }
                    None => {}
                }
            }
        }
        out
    }

    /// Quiescence for BRS: captures only, with stand-pat for whoever moves in this layer.
    #[allow(clippy::too_many_arguments)]
    fn qbrs(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        pov: usize,
        max: bool,
        qply: u32,
    ) -> i32 {
        let stand = evaluate_four(pos, pov);
        if qply >= 4 || ply >= super::search::MAX_PLY - 2 {
            return stand;
        }
        if max {
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
        } else {
            if stand <= alpha {
                return stand;
            }
            beta = beta.min(stand);
        }
        let mut moves = self.layer_moves(pos, pov, max, true);
        moves.sort_by_key(|&(_, _, s)| std::cmp::Reverse(s));
        let mut best = stand;
        for (seat, m, _) in moves {
            if self.tick() {
                return 0;
            }
            let mut child = with_turn(pos, seat);
            child.play(m);
            if !max && in_game(&child, pov) {
                child = with_turn(&child, pov);
            }
            let v = match end_value(&child, pov, ply + 1) {
                Some(v) => v,
                None => self.qbrs(&child, alpha, beta, ply + 1, pov, !max, qply + 1),
            };
            if self.aborted {
                return 0;
            }
            if max {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }
}
