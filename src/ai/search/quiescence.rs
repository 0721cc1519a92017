//! Quiescence search: the end of every two-player line, where the node search of `pvs.rs`
//! runs out of depth.

use super::{INF, MAX_PLY, SearchPosition, Searcher, tt_cutoff};

impl<P: SearchPosition> Searcher<'_, P> {
    /// Quiescence search: captures, promotions and game-ending moves until the position is
    /// quiet, so the evaluation never looks at a position in the middle of an exchange.
    pub(crate) fn qsearch(
        &mut self,
        pos: &P,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: u32,
    ) -> i32 {
        self.pv_len[ply] = ply;
        if self.tick() {
            return 0;
        }
        // Any stored search of this position is at least as deep as quiescence (and a game
        // already over here was never stored: those nodes return before the store).
        if let Some(s) = self
            .tt
            .probe(pos.hash())
            .and_then(|e| tt_cutoff(&e, ply, alpha, beta))
        {
            return s;
        }
        if let Some(s) = pos.decided() {
            return self.terminal(s, ply);
        }
        let in_check = pos.in_check();
        // In check every evasion is searched (finding mates), but only near the horizon:
        // deep check sequences would make quiescence explode.
        let evasions = in_check && qply < 4;
        // Out of check a stand-pat cut-off comes before move generation: most quiescence
        // nodes end there, and a stalemate missed at one is as rare as it is harmless.
        let stand = if in_check {
            -INF
        } else {
            self.evaluate_mover(pos)
        };
        if !in_check && (stand >= beta || ply >= MAX_PLY - 2) {
            return stand;
        }
        let start = self.moves.len();
        // Out of check only some moves are tried, and a game that can generate just those
        // does; it then misses a stalemate, as the stand-pat above does.
        if !in_check && pos.gen_tactical(&mut self.scratch) {
            self.moves.extend_from_slice(&self.scratch);
        } else if let Err(score) = self.gen_or_score(pos, ply) {
            return score;
        }
        let mut best = -INF;
        if !evasions {
            let stand = if in_check {
                self.evaluate_mover(pos)
            } else {
                stand
            };
            if stand >= beta || ply >= MAX_PLY - 2 {
                self.moves.truncate(start);
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
            // Keep only the moves worth resolving.
            let critical_plies = pos.critical_plies();
            let mut w = start;
            for i in start..self.moves.len() {
                let m = self.moves[i];
                let critical = pos.wins_at_once(m) || (qply < critical_plies && pos.is_critical(m));
                // Captures that lose material by exchange cannot raise the stand-pat score.
                if critical || (pos.tactical_score(m).is_some() && pos.see_ge(m, 0)) {
                    self.moves[w] = m;
                    w += 1;
                }
            }
            self.moves.truncate(w);
        }
        self.score_moves(pos, start, 0, ply, false);
        let end = self.moves.len();
        self.path.push(pos.hash());
        for i in start..end {
            let m = self.pick(i, end);
            let mut child = pos.clone();
            child.play(m);
            let s = -self.qsearch(&child, -beta, -alpha, ply + 1, qply + 1);
            if self.aborted {
                break;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        self.path.pop();
        self.moves.truncate(start);
        best
    }
}
