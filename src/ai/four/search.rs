//! Four-player search: best-reply search (BRS, Schadd & Winands 2011) and its BRS+ refinement
//! (Esser et al. 2013) over [`crate::four::Position`], with an evaluation from the searching
//! player's point of view that knows the R5 points rules.
//!
//! BRS alternates the searching player's own moves (max layers) with a min layer holding the
//! moves of *all* opponents together: only the opponent with the strongest reply moves, the
//! others pass. That keeps the searching player's moves close together in the tree (so tactics
//! are seen) and avoids paranoid search's over-pessimism of three coordinated opponents.
//! BRS+ ([`FourConfig::brs_plus`], off by default) does not let the others pass: each plays
//! its move-ordering move (best capture by MVV-LVA, else its best move by history), in turn
//! order, so every position searched can occur in the game; quiescence keeps plain BRS. It
//! measured no stronger than plain BRS at equal nodes and is slower per node
//! (`docs/STRENGTH.md`).
//!
//! Moves are played with [`Position::play_scored`], so capture points, multi-check bonuses,
//! immediate mates (+20) and stalemates (+20 for the stalemated player) are all in the points
//! the evaluation reads; grey pieces are worth nothing. Teams positions go to the Teams
//! search (`teams.rs`) instead.

use super::eval::{
    MATERIAL, MIN_KEY, OUT_PENALTY, end_value, evaluate_four, evaluate_with, finished, in_game,
};
use super::root::Deepening;
use super::threat::allows_turn_mate;
use super::{FourConfig, MEASURING};
use crate::ai::search::{MATE, MATE_BOUND, SearchPosition, SearchResult, Searcher, sort_desc};
use crate::ai::tt::Bound;
use crate::four::{Move, MoveList, Position, Rules, Seat};
use crate::role::Role;

impl SearchPosition for Position {
    type Move = Move;
    const HISTORY_SIZE: usize = 4 * 324 * 324;

    type Moves = MoveList;

    fn gen_moves(&self, list: &mut MoveList) {
        self.legal_moves(list);
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

/// `pos` with `seat` to move (BRS lets any opponent reply; the searcher moves after each).
fn with_turn(pos: &Position, seat: usize) -> Position {
    let mut p = pos.clone();
    if p.turn().index() != seat {
        p.set_turn(seat);
    }
    p
}

/// The position after an opponent who moves between `mover` and `pov` in turn order ends
/// `pov`'s game while it is in check: in Four Kingdoms by taking its king (R6.3, `kcap`),
/// or by a move that leaves it mated when it has few escapes (`mate`). BRS gives `pov` the
/// move after any single opponent's reply, so without this a check (or a discovered attack)
/// by one player that the next one turns into a king capture or a mate looks escapable.
fn taken_in_turn(
    child: &Position,
    mover: usize,
    pov: usize,
    kcap: bool,
    mate: bool,
) -> Option<Position> {
    // Kings are captured in Four Kingdoms (R6.3).
    let kcap = kcap && child.rules() != Rules::Ffa;
    if !(kcap || mate) || !child.in_check(Seat::from_index(pov)) {
        return None;
    }
    let mut list = MoveList::new();
    // A mating move of a third player needs `pov`'s escapes to be few already.
    let mate = mate && {
        child.legal_moves_of(Seat::from_index(pov), &mut list);
        list.len() <= 4
    };
    let mut t = child.rules().next(mover);
    while t != pov && t != mover {
        if child.moves(t) {
            child.legal_moves_of(Seat::from_index(t), &mut list);
            let take = list.as_slice().iter().find(|m| {
                matches!(child.piece_at(m.to()),
                    Some((o, Role::King, false, _)) if o.index() == pov)
            });
            if let Some(&m) = take.filter(|_| kcap) {
                let mut p = with_turn(child, t);
                p.play(m);
                return Some(p);
            }
            if mate {
                for &m in list.as_slice() {
                    let mut p = with_turn(child, t);
                    p.play(m);
                    if !in_game(&p, pov) {
                        return Some(p);
                    }
                }
            }
        }
        t = child.rules().next(t);
    }
    None
}

/// Does the move that led to `child` give check: to an opponent after `pov`'s own move
/// (`max`), to `pov` after an opponent's? Such moves are never reduced.
fn gives_check(child: &Position, pov: usize, max: bool) -> bool {
    if max {
        (0..4).any(|s| s != pov && in_game(child, s) && child.in_check(Seat::from_index(s)))
    } else {
        !in_game(child, pov) || child.in_check(Seat::from_index(pov))
    }
}

/// What every node of one search shares: the searching player and the switches.
#[derive(Clone, Copy)]
struct Ctx {
    pov: usize,
    cfg: FourConfig,
}

impl Ctx {
    fn eval(&self, pos: &Position) -> i32 {
        evaluate_with(pos, self.pov, &self.cfg)
    }

    /// The position after opponent `mover`'s reply in a min layer: `pov` to move, unless an
    /// opponent before it takes its king or mates it first ([`FourConfig::kcap_order`],
    /// [`FourConfig::mate_order`]).
    fn after_reply(&self, child: &Position, mover: usize) -> Position {
        if let Some(p) = taken_in_turn(
            child,
            mover,
            self.pov,
            self.cfg.kcap_order,
            MEASURING && self.cfg.mate_order,
        ) {
            return p;
        }
        with_turn(child, self.pov)
    }

    fn end_value(&self, pos: &Position, ply: usize) -> Option<i32> {
        if !in_game(pos, self.pov) {
            // Out later is better: best-reply search lets the strongest opponent answer every
            // move, so deeper searches find most lines lost, and real opponents may not find
            // the loss at all.
            let delay = if self.cfg.out_delay {
                OUT_DELAY * ply as i32
            } else {
                0
            };
            return Some(self.eval(pos) + delay);
        }
        end_value(pos, self.pov, ply)
    }
}

/// Centipawns a line in which the searching player is out gains per ply it lasts.
const OUT_DELAY: i32 = 200;

/// A stage of a BRS+ min layer: the position where one opponent is to move (the earlier
/// opponents having played their move-ordering moves) and that opponent's moves.
struct Stage {
    base: Position,
    seat: usize,
}

impl Searcher<'_, Position> {
    /// Iterative-deepening BRS with the default [`FourConfig`] from the player to move.
    /// Returns the best move, its score, the depth reached, the principal line's first move
    /// and all root scores (best first, exact when `all_exact`).
    pub fn search_four(
        &mut self,
        root: &Position,
        max_depth: u32,
        all_exact: bool,
        time_soft_ms: Option<u64>,
    ) -> SearchResult<Move> {
        self.search_four_with(
            root,
            max_depth,
            all_exact,
            time_soft_ms,
            FourConfig::default(),
        )
    }

    /// [`Searcher::search_four`] with explicit switches.
    pub fn search_four_with(
        &mut self,
        root: &Position,
        max_depth: u32,
        all_exact: bool,
        time_soft_ms: Option<u64>,
        cfg: FourConfig,
    ) -> SearchResult<Move> {
        let deepening = Deepening {
            max_depth,
            all_exact,
            time_soft_ms,
        };
        if root.rules() == Rules::Teams {
            return self.search_teams(root, deepening, cfg);
        }
        let cx = Ctx {
            pov: root.turn().index(),
            cfg,
        };
        let moves = root.legal_move_vec();
        let mut order: Vec<(Move, i32)> = moves
            .iter()
            .map(|&m| (m, root.tactical_score(m).unwrap_or(0)))
            .collect();
        sort_desc(&mut order, |&(_, s)| s);
        // Moves that let the next two players mate go last and are not searched, unless
        // every move does (`threat.rs`).
        let mut searched = order.len();
        if cfg.turn_mates && order.len() > 1 {
            let (safe, bad): (Vec<_>, Vec<_>) = order.iter().partition(|&&(m, _)| {
                let mut child = root.clone();
                child.play(m);
                !allows_turn_mate(&child, cx.pov)
            });
            if !safe.is_empty() && !bad.is_empty() {
                searched = safe.len();
                order = safe;
                order.extend(bad.into_iter().map(|(m, _)| (m, -OUT_PENALTY)));
            }
        }
        self.deepen(
            root,
            order,
            searched,
            deepening,
            |s, child, depth, alpha, wide| {
                // Best-reply values are the root mover's own: no negation, and no bound above.
                let lo = if wide { -MATE - 1 } else { alpha };
                s.brs(child, depth, lo, MATE + 1, 1, &cx, false)
            },
        )
    }

    /// Best-reply search. Values are from `cx.pov`'s point of view; `max` layers are its
    /// moves, min layers the union of every opponent's moves.
    #[allow(clippy::too_many_arguments)]
    fn brs(
        &mut self,
        pos: &Position,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        cx: &Ctx,
        max: bool,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        if let Some(v) = cx.end_value(pos, ply) {
            return v;
        }
        let pov = cx.pov;
        let extend = cx.cfg.check_ext && max && pos.in_check(Seat::from_index(pov));
        let depth = depth + i32::from(extend);
        if depth <= 0 || ply >= crate::ai::search::MAX_PLY - 2 {
            return self.qbrs(pos, alpha, beta, ply, cx, max, 0);
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
        // Plain BRS: one stage, every opponent moving from `pos` (the others pass).
        // BRS+: one stage per opponent in turn order, each after the earlier ones' moves.
        let (stages, candidates) = if max || !(MEASURING && cx.cfg.brs_plus) {
            (Vec::new(), self.layer_moves(pos, cx, max, false))
        } else {
            self.plus_stages(pos, pov)
        };
        if candidates.is_empty() {
            return cx.eval(pos);
        }
        let mut ordered: Vec<(usize, Move, i32)> = candidates
            .into_iter()
            .map(|(seat, m, base)| {
                let s = if tt_move != 0 && Position::move_key(m) == tt_move {
                    3_000_000
                } else if base >= 1_000_000 || !cx.cfg.pvs {
                    base
                } else if self.killers[ply][0] == Some(m) {
                    900_000
                } else if self.killers[ply][1] == Some(m) {
                    890_000
                } else {
                    base
                };
                (seat, m, s)
            })
            .collect();
        sort_desc(&mut ordered, |&(_, _, s)| s);
        let mut best = if max { -MATE - 1 } else { MATE + 1 };
        let mut best_move = 0;
        let mut first_done = false;
        for (i, (seat, m, order)) in ordered.into_iter().enumerate() {
            let mut child;
            let from;
            if stages.is_empty() {
                from = pos;
                child = with_turn(pos, seat);
                child.play(m);
                if !max && in_game(&child, pov) {
                    child = cx.after_reply(&child, seat);
                }
            } else {
                // `seat` here is the stage index.
                from = &stages[seat].base;
                child = from.clone();
                child.play(m);
                self.finish_round(&mut child, pov);
            }
            // Late quiet moves that give no check get a shallower null-window look first: in a
            // min layer most of the three opponents' moves do not touch the searching player.
            let (a, b) = if max {
                (alpha, alpha + 1)
            } else {
                (beta - 1, beta)
            };
            let quiet = order < 800_000;
            if !max
                && MEASURING
                && cx.cfg.min_prune
                && quiet
                && depth <= 2
                && i >= 16 * depth as usize
                && !gives_check(&child, pov, max)
            {
                continue;
            }
            let reduce = cx.cfg.lmr
                && depth >= 3
                && order < 800_000
                && i >= if max { 4 } else { 8 }
                && !gives_check(&child, pov, max);
            if reduce {
                let v = self.brs(&child, depth - 2, a, b, ply + 1, cx, !max);
                if self.aborted {
                    return 0;
                }
                let fails = if max { v <= alpha } else { v >= beta };
                if fails {
                    best = if max { best.max(v) } else { best.min(v) };
                    continue;
                }
            }
            let v = if cx.cfg.pvs && first_done && beta - alpha > 1 {
                // Null window around the bound this layer improves; re-search on a surprise.
                let v = self.brs(&child, depth - 1, a, b, ply + 1, cx, !max);
                if !self.aborted && v > alpha && v < beta {
                    self.brs(&child, depth - 1, alpha, beta, ply + 1, cx, !max)
                } else {
                    v
                }
            } else {
                self.brs(&child, depth - 1, alpha, beta, ply + 1, cx, !max)
            };
            first_done = true;
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
                let mover = if max {
                    pov
                } else if stages.is_empty() {
                    seat
                } else {
                    stages[seat].seat
                };
                let view = with_turn(from, mover);
                if view.tactical_score(m).is_none() {
                    let h = view.history_index(m);
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

    /// The stages of a BRS+ min layer below `pos` (an opponent of `pov` to move) and their
    /// moves, each tagged with its stage index and an ordering score.
    fn plus_stages(&mut self, pos: &Position, pov: usize) -> (Vec<Stage>, Vec<(usize, Move, i32)>) {
        let mut stages = Vec::with_capacity(3);
        let mut out = Vec::new();
        let mut base = pos.clone();
        let mut list = MoveList::new();
        while stages.len() < 3
            && base.turn().index() != pov
            && in_game(&base, pov)
            && !finished(&base)
        {
            let seat = base.turn().index();
            base.legal_moves(&mut list);
            let i = stages.len();
            let mut pfm: Option<(Move, i32)> = None;
            for &m in list.as_slice() {
                let s = self.order_score(&base, m);
                out.push((i, m, s));
                if pfm.is_none_or(|(_, b)| s > b) {
                    pfm = Some((m, s));
                }
            }
            let next = pfm.map(|(m, _)| {
                let mut p = base.clone();
                p.play(m);
                p
            });
            stages.push(Stage { base, seat });
            match next {
                Some(p) => base = p,
                None => break,
            }
        }
        (stages, out)
    }

    /// Ordering score of a move of the player to move in `pos`: captures and promotions by
    /// MVV-LVA above quiet moves by history.
    fn order_score(&self, pos: &Position, m: Move) -> i32 {
        match pos.tactical_score(m) {
            Some(t) => 1_000_000 + t,
            None => self.history[pos.history_index(m)],
        }
    }

    /// Plays the move-ordering move of every opponent still to move before `pov` (BRS+).
    fn finish_round(&self, pos: &mut Position, pov: usize) {
        let mut list = MoveList::new();
        for _ in 0..3 {
            if pos.turn().index() == pov || !in_game(pos, pov) || finished(pos) {
                return;
            }
            pos.legal_moves(&mut list);
            let best = list
                .as_slice()
                .iter()
                .copied()
                .max_by_key(|&m| self.order_score(pos, m));
            match best {
                Some(m) => pos.play(m),
                None => return,
            }
        }
    }

    /// The moves of a layer with an ordering score: `pov`'s own in a max layer, every
    /// opponent's in a min layer (each tagged with its seat). With `tactical_only`, only
    /// captures and promotions.
    fn layer_moves(
        &mut self,
        pos: &Position,
        cx: &Ctx,
        max: bool,
        tactical_only: bool,
    ) -> Vec<(usize, Move, i32)> {
        let pov = cx.pov;
        let mut out = Vec::new();
        // The searcher's list, not a new one: creating a list writes all its 640 slots.
        let list = &mut self.scratch;
        for seat in (0..4).filter(|&s| {
            if max {
                s == pov
            } else {
                s != pov && pos.moves(s)
            }
        }) {
            pos.legal_moves_of(Seat::from_index(seat), list);
            let view = with_turn(pos, seat);
            for &m in list.as_slice() {
                match view.tactical_score(m) {
                    // Quiescence: opponents' captures among themselves are left out.
                    Some(_)
                        if tactical_only
                            && !max
                            && cx.cfg.q_pov_only
                            && !m.is_promotion()
                            && view
                                .piece_at(m.to())
                                .is_none_or(|(o, _, g, _)| g || o.index() != pov) => {}
                    // Opponents' captures among themselves rarely refute the searching
                    // player's move: they go after its captured pieces and the killers.
                    Some(t)
                        if !max
                            && MEASURING
                            && cx.cfg.min_order
                            && !m.is_promotion()
                            && view
                                .piece_at(m.to())
                                .is_none_or(|(o, _, g, _)| g || o.index() != pov) =>
                    {
                        out.push((seat, m, 700_000 + t))
                    }
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
        cx: &Ctx,
        max: bool,
        qply: u32,
    ) -> i32 {
        let pov = cx.pov;
        let stand = cx.eval(pos);
        if qply >= 4 || ply >= crate::ai::search::MAX_PLY - 2 {
            return stand;
        }
        let evade = max && MEASURING && cx.cfg.q_evasions && pos.in_check(Seat::from_index(pov));
        if evade {
            // No standing pat in check: the best evasion decides.
        } else if max {
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
        let mut moves = self.layer_moves(pos, cx, max, !evade);
        sort_desc(&mut moves, |&(_, _, s)| s);
        let mut best = if evade { -MATE - 1 } else { stand };
        for (seat, m, _) in moves {
            if self.tick() {
                return 0;
            }
            let mut child = with_turn(pos, seat);
            child.play(m);
            if !max && in_game(&child, pov) {
                child = cx.after_reply(&child, seat);
            }
            let v = match cx.end_value(&child, ply + 1) {
                Some(v) => v,
                None => self.qbrs(&child, alpha, beta, ply + 1, cx, !max, qply + 1),
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
