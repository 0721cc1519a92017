//! The two-player root: iterative deepening with aspiration windows around the last score,
//! MultiPV (the best few root moves with exact scores and their lines, for the weaker levels
//! and analyses), and the choice of move when the budget runs out within an iteration.
//! Every root move's search below it is the node search of `pvs.rs`.

use super::{
    CONTEMPT, EVAL_CACHE, INF, MATE, MATE_BOUND, MAX_PLY, SearchPosition, SearchResult, Searcher,
    sort_desc,
};
use crate::ai::tt::Bound;

/// Half-width of the first aspiration window at the root, in centipawns.
const ASPIRATION: i32 = 30;
/// How far below its last score the best move must fall in an unfinished iteration for the
/// search to prefer the runner-up.
const SINK: i32 = 300;

impl<P: SearchPosition> Searcher<'_, P> {
    /// Iterative deepening over the two-player principal variation search.
    ///
    /// With `multipv` above 1, the best `multipv` root moves get exact scores in
    /// `root_scores` (the weaker levels choose among them).
    pub fn search_two_player(&mut self, root: &P, multipv: usize) -> SearchResult<P::Move> {
        let multipv = multipv.max(1);
        self.contempt = CONTEMPT;
        self.tt.serve(root.mover());
        if self.eval_cache.is_empty() {
            self.eval_cache = vec![(0, 0); EVAL_CACHE];
        }
        for (d, row) in self.lmr.iter_mut().enumerate().skip(1) {
            for (i, r) in row.iter_mut().enumerate().skip(1) {
                // The usual logarithmic reduction: later moves at higher depth are reduced
                // more, since good ordering puts the best moves first.
                *r = (0.75 + (d as f64).ln() * (i as f64).ln() / 2.25) as u8;
            }
        }
        let root_moves = root.legal_move_vec();
        let mut result = SearchResult {
            best: root_moves.first().copied(),
            score: 0,
            depth: 0,
            nodes: 0,
            pv: root_moves.first().copied().into_iter().collect(),
            root_scores: root_moves.iter().map(|&m| (m, 0)).collect(),
            lines: Vec::new(),
        };
        if root_moves.is_empty() {
            return result;
        }
        // Order the root once by a shallow guess: tactical moves first.
        let mut order: Vec<(P::Move, i32)> = root_moves
            .iter()
            .map(|&m| (m, root.tactical_score(m).unwrap_or(0)))
            .collect();
        sort_desc(&mut order, |&(_, s)| s);
        self.evals[0] = if root.in_check() {
            -INF
        } else {
            root.evaluate(root.mover())
        };
        let max_depth = self.limits.depth.unwrap_or(MAX_PLY as u32 - 8).max(1);
        for depth in 1..=max_depth {
            // Aspiration window: expect a score near the last one and widen on failure. Only
            // for a single best move; the weaker levels need exact scores for several.
            let mut delta = if depth >= 5 && multipv == 1 && result.score.abs() < MATE_BOUND {
                ASPIRATION
            } else {
                INF
            };
            let prev_score = result.score;
            let mut sank = false;
            let (best_here, completed) = loop {
                let window = if delta >= INF {
                    (-INF, INF)
                } else {
                    (result.score - delta, result.score + delta)
                };
                let (best_here, completed, failed) =
                    self.root_iteration(root, &mut order, depth as i32, multipv, window);
                // A fail low is the first (previous best) move scoring at most `window.0`.
                if failed && best_here.is_none() && window.0 <= prev_score - SINK {
                    sank = true;
                }
                if !failed || self.aborted {
                    break (best_here, completed);
                }
                // A fail high still found a move better than the last best: keep it in case
                // the clock runs out during the wider search.
                if let Some((m, s)) = best_here
                    && s >= window.1
                {
                    result.best = Some(m);
                    result.pv = vec![m];
                }
                delta = if delta >= 400 { INF } else { delta * 3 };
            };
            if let Some((m, s)) = best_here
                && !completed
                && m == order[0].0
                && s <= prev_score - SINK
            {
                sank = true;
            }
            if let Some((m, s)) = best_here {
                // A partial iteration still searched the previous best move first, so a
                // move it found better is trustworthy.
                result.best = Some(m);
                result.score = s;
                let len = self.pv_len[0].max(1);
                result.pv = (0..len).filter_map(|i| self.pv[0][i]).collect();
                if result.pv.first() != Some(&m) {
                    result.pv = vec![m];
                }
            }
            // The budget ran out while the previous best move was found far worse than it
            // scored, before any other move was searched again: another move is a better
            // bet than one known to sink (the next best of the last full iteration).
            if sank
                && !completed
                && multipv == 1
                && order.len() > 1
                && result.best == Some(order[0].0)
            {
                result.best = Some(order[1].0);
                result.pv = vec![order[1].0];
            }
            if completed {
                result.depth = depth;
                sort_desc(&mut order, |&(_, s)| s);
                result.root_scores = order.clone();
                if multipv > 1 {
                    let lines = &self.root_lines;
                    result.lines = order
                        .iter()
                        .take(multipv)
                        .filter_map(|(m, _)| lines.iter().find(|(r, _)| r == m))
                        .map(|(_, line)| line.clone())
                        .collect();
                }
            }
            if self.aborted || !completed {
                break;
            }
            // A forced win or loss found: deeper search cannot change the outcome.
            if result.score.abs() >= MATE_BOUND && depth as i32 > MATE - result.score.abs() + 1 {
                break;
            }
            if order.len() == 1 && depth >= 4 {
                break;
            }
            if self.out_of_time_for_next() {
                break;
            }
        }
        result.nodes = self.nodes;
        result
    }

    /// One root iteration. Returns the best move found with its score and whether the
    /// iteration completed. Updates the scores in `order`: exact for the best `multipv`
    /// moves, upper bounds (below those) for the rest.
    ///
    /// `window` is the aspiration window (`(-INF, INF)` for none, always with `multipv` 1
    /// otherwise). The third result is `true` when the best score fell outside it: the
    /// iteration must be repeated with a wider window.
    fn root_iteration(
        &mut self,
        root: &P,
        order: &mut [(P::Move, i32)],
        depth: i32,
        multipv: usize,
        window: (i32, i32),
    ) -> (Option<(P::Move, i32)>, bool, bool) {
        let (alpha, beta) = window;
        let mut best: Option<(P::Move, i32)> = None;
        // Exact scores found so far, best first; the `multipv`-th is the bar a move must
        // clear to need an exact score of its own.
        let mut exact: Vec<i32> = Vec::with_capacity(multipv + 1);
        self.path.push(root.hash());
        self.pv_len[0] = 0;
        self.root_lines.clear();
        for entry in order.iter_mut() {
            let m = entry.0;
            let mut child = root.clone();
            child.play(m);
            self.prev_idx[1] = root.history_index(m);
            let d = depth - 1;
            let bar = if exact.len() >= multipv {
                exact[multipv - 1]
            } else {
                -INF
            };
            let (score, is_exact) = if bar == -INF {
                (-self.pvs(&child, d, -beta, -alpha, 1, true), true)
            } else {
                let s = -self.pvs(&child, d, -bar - 1, -bar, 1, true);
                if !self.aborted && s > bar {
                    (-self.pvs(&child, d, -beta, -bar, 1, true), true)
                } else {
                    (s, false)
                }
            };
            if self.aborted {
                self.path.pop();
                return (best, false, false);
            }
            if is_exact && (score <= alpha || score >= beta) {
                // Outside the aspiration window: the score is only a bound.
                self.path.pop();
                let found = (score >= beta).then_some((m, score));
                return (found, false, true);
            }
            if is_exact {
                let pos = exact.iter().position(|&e| score > e).unwrap_or(exact.len());
                exact.insert(pos, score);
                exact.truncate(multipv);
                entry.1 = score;
                if multipv > 1 {
                    let child_line = (1..self.pv_len[1].max(1)).filter_map(|i| self.pv[1][i]);
                    let line = std::iter::once(m).chain(child_line).collect();
                    self.root_lines.push((m, line));
                }
            } else {
                // Failed low: only an upper bound is known; keep it below the bar.
                entry.1 = score.min(bar) - 1;
            }
            if is_exact && score > best.map_or(-INF - 1, |b| b.1) {
                best = Some((m, score));
                self.update_pv(0, m);
            }
        }
        self.path.pop();
        if let Some((m, s)) = best {
            self.tt
                .store(root.hash(), P::move_key(m), s, depth, Bound::Exact);
        }
        (best, true, false)
    }
}
