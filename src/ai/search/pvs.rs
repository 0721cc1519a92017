//! The two-player node search: principal variation search (negamax alpha-beta, null windows
//! for every move but the first) with the table, mate-distance pruning, check and singular
//! extensions, reverse futility, null move, futility and late-move pruning and late-move
//! reductions. Its leaves are quiescence (`quiescence.rs`).

use super::{INF, MATE, MATE_BOUND, MAX_PLY, SearchPosition, Searcher, score_to_tt, tt_cutoff};
use crate::ai::tt::Bound;

impl<P: SearchPosition> Searcher<'_, P> {
    /// Principal variation search (negamax alpha-beta with null windows for all moves but the
    /// first), from the side to move's point of view.
    pub(crate) fn pvs(
        &mut self,
        pos: &P,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        null_ok: bool,
    ) -> i32 {
        self.pv_len[ply] = ply;
        if self.tick() {
            return 0;
        }
        let hash = pos.hash();
        if self.is_repetition(hash, pos.reversible_plies()) {
            return self.terminal(0, ply);
        }
        // Mate-distance pruning: no line from here can beat a mate already found nearer.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }

        // Moves are generated only once the table, the pruning tests and quiescence have had
        // their chance to end the node without them; a game over whatever the moves are is
        // settled first.
        if let Some(s) = pos.decided() {
            return self.terminal(s, ply);
        }
        let in_check = pos.in_check();
        if in_check && ply < MAX_PLY / 2 {
            // Check extension: forcing lines are where the tactics are.
            depth += 1;
        }
        if depth <= 0 || ply >= MAX_PLY - 4 {
            return self.qsearch(pos, alpha, beta, ply, 0);
        }
        let pv_node = beta - alpha > 1;
        // A singular-extension search of this node: the same position without one move.
        let excluded = self.excluded[ply];

        let mut tt_move = 0;
        let mut tt_entry = None;
        if excluded == 0
            && let Some(e) = self.tt.probe(hash)
        {
            tt_move = e.mv;
            tt_entry = Some(e);
            if !pv_node
                && i32::from(e.depth) >= depth
                && let Some(s) = tt_cutoff(&e, ply, alpha, beta)
            {
                return s;
            }
        }
        // Internal iterative reduction: without a stored move this node was never searched
        // (or its entry was lost); a shallower search orders it almost as well, and cheaper.
        if tt_move == 0 && depth >= 4 {
            depth -= 1;
        }

        let raw_eval = if in_check {
            -INF
        } else {
            self.evaluate_mover(pos)
        };
        self.evals[ply] = raw_eval;
        let improving = !in_check && ply >= 2 && raw_eval > self.evals[ply - 2];
        // A stored score bounding the evaluation in the right direction is a better guess.
        let static_eval = match tt_entry {
            Some(e) if !in_check && e.score.abs() < MATE_BOUND => match e.bound {
                Bound::Exact => e.score,
                Bound::Lower if e.score > raw_eval => e.score,
                Bound::Upper if e.score < raw_eval => e.score,
                _ => raw_eval,
            },
            _ => raw_eval,
        };

        let margin = pos.margin_percent();
        if !pv_node && !in_check && excluded == 0 && beta.abs() < MATE_BOUND {
            // Reverse futility: far above beta at shallow depth, a quiet move will not
            // bring the score back down.
            if depth <= 6
                && static_eval - 85 * margin / 100 * (depth - i32::from(improving)) >= beta
            {
                return static_eval;
            }
            // Null move: if passing still fails high, a real move would too.
            if null_ok
                && depth >= 3
                && static_eval >= beta
                && let Some(child) = pos.null_move()
            {
                let r = 3 + depth / 3 + ((static_eval - beta) / 200).min(3);
                self.path.push(hash);
                self.prev_idx[ply + 1] = usize::MAX;
                let s = -self.pvs(&child, depth - 1 - r, -beta, -beta + 1, ply + 1, false);
                self.path.pop();
                if self.aborted {
                    return 0;
                }
                if s >= beta {
                    return if s >= MATE_BOUND { beta } else { s };
                }
            }
        }

        let start = match self.gen_or_score(pos, ply) {
            Ok(start) => start,
            Err(score) => return score,
        };

        // Singular extension: when the stored move is far better than every other move (a
        // reduced search without it fails low well below its score), it is the only move
        // that holds here and is searched one ply deeper. When even the others beat beta,
        // the node fails high without searching the stored move (multi-cut).
        let mut singular = false;
        if let Some(e) = tt_entry
            && ply > 0
            && depth >= 7
            && !in_check
            && tt_move != 0
            && i32::from(e.depth) >= depth - 3
            && e.bound != Bound::Upper
            && e.score.abs() < MATE_BOUND
            && self.moves[start..]
                .iter()
                .any(|&m| P::move_key(m) == tt_move)
        {
            let sbeta = e.score - 2 * depth;
            self.excluded[ply] = tt_move;
            let s = self.pvs(pos, (depth - 1) / 2, sbeta - 1, sbeta, ply, false);
            self.excluded[ply] = 0;
            if self.aborted {
                self.moves.truncate(start);
                return 0;
            }
            if s < sbeta {
                singular = true;
            } else if sbeta >= beta {
                self.moves.truncate(start);
                return sbeta;
            }
        }

        self.score_moves(pos, start, tt_move, ply, true);
        let end = self.moves.len();
        let mut best_score = -INF;
        let mut best_move: Option<P::Move> = None;
        let orig_alpha = alpha;
        self.path.push(hash);
        for i in start..end {
            let m = self.pick(i, end);
            if excluded != 0 && P::move_key(m) == excluded {
                continue;
            }
            let quiet = pos.tactical_score(m).is_none();
            let n = i - start;
            let ext = i32::from(singular && P::move_key(m) == tt_move);
            // Asked before playing: most moves near the horizon are pruned unplayed. The first
            // move is neither pruned nor reduced, so it need not ask (most nodes cut there).
            let gives_check = n > 0 && pos.gives_check(m);
            // Near the horizon, in a node expected to fail low, a move that neither checks nor
            // escapes check may be pruned when it cannot lift the score.
            let prunable = !pv_node
                && !in_check
                && n > 0
                && depth <= 5
                && !gives_check
                && best_score > -MATE_BOUND;
            if prunable
                && quiet
                && !pos.is_critical(m)
                // Futility and late-move pruning: a quiet move will not lift the score...
                && (static_eval + (100 + 110 * depth) * margin / 100 <= alpha
                    || n >= ((4 + depth * depth) * (1 + i32::from(improving))) as usize
                    // ...nor one that leaves the moved piece to be taken for nothing.
                    || !pos.see_ge(m, -25 * depth * depth))
            {
                continue;
            }
            // Captures that lose the exchange by more than the depth can win back.
            if prunable && !quiet && !pos.wins_at_once(m) && !pos.see_ge(m, -100 * depth) {
                continue;
            }
            let mut child = pos.clone();
            child.play(m);
            self.prev_idx[ply + 1] = pos.history_index(m);
            let score = if n == 0 {
                -self.pvs(&child, depth - 1 + ext, -beta, -alpha, ply + 1, true)
            } else {
                // Late-move reductions for quiet moves that neither escape nor give check, nor
                // are critical (a Racing Kings king reaching the goal, where the game is not
                // over until the reply).
                let mut r = 0;
                if depth >= 3
                    && n >= 2 + usize::from(pv_node)
                    && quiet
                    && !in_check
                    && !gives_check
                    && !pos.is_critical(m)
                {
                    r = i32::from(self.lmr[depth.min(63) as usize][n.min(63)]);
                    if pv_node {
                        r -= 1;
                    }
                    if !improving {
                        r += 1;
                    }
                    if self.killers[ply].contains(&Some(m)) {
                        r -= 1;
                    }
                    // Moves that often cut elsewhere are reduced less, rarely-good ones more.
                    r -= self.history[pos.history_index(m)] / 6_000;
                    r = r.clamp(0, depth - 2);
                }
                let mut s = -self.pvs(&child, depth - 1 - r, -alpha - 1, -alpha, ply + 1, true);
                if !self.aborted && s > alpha && r > 0 {
                    s = -self.pvs(&child, depth - 1, -alpha - 1, -alpha, ply + 1, true);
                }
                if !self.aborted && s > alpha && s < beta {
                    s = -self.pvs(&child, depth - 1, -beta, -alpha, ply + 1, true);
                }
                s
            };
            if self.aborted {
                self.path.pop();
                self.moves.truncate(start);
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, m);
                    if score >= beta {
                        if quiet {
                            self.update_quiet_stats(pos, m, depth, ply, start..i);
                        }
                        break;
                    }
                }
            }
        }
        self.path.pop();
        self.moves.truncate(start);
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > orig_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // A search without one move says nothing about the position itself.
        if excluded == 0 {
            self.tt.store(
                hash,
                best_move.map_or(0, P::move_key),
                score_to_tt(best_score, ply),
                depth,
                bound,
            );
        }
        best_score
    }

    /// Makes `m` followed by the line found below it the line of `ply` (a move that raised
    /// alpha there).
    pub(super) fn update_pv(&mut self, ply: usize, m: P::Move) {
        self.pv[ply][ply] = Some(m);
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }
}
