//! The root of both four-player searches: iterative deepening over the root moves, each
//! searched with a window no wider than it needs, the best kept from an unfinished iteration
//! when it is trustworthy, the root scores the weaker levels choose from.
//!
//! Best-reply search (`search.rs`) and the Teams search (`teams.rs`) differ in what they
//! search below a root move, not in how they go over the root moves: each hands its search of
//! a root move's position to [`Searcher::deepen`]. The two-player root (`crate::ai::search`)
//! is another driver, not this one with switches: it has aspiration windows, MultiPV lines
//! that need exact scores above a bar, a line per move and the table's root entry, and it
//! stops on the searcher's own limits; this one has none of those.

use crate::ai::search::{MATE, MATE_BOUND, SearchPosition, SearchResult, Searcher, sort_desc};
use crate::four::{Move, Position};

/// How deep and how exactly a four-player root is searched.
#[derive(Clone, Copy, Debug)]
pub(super) struct Deepening {
    /// The last iteration's depth (at least 1 is searched).
    pub max_depth: u32,
    /// Every root move is searched wide, not only each iteration's first: the weakened levels
    /// and analyses with several lines choose among their scores.
    pub all_exact: bool,
    /// No iteration starts once half of this many milliseconds are spent.
    pub time_soft_ms: Option<u64>,
}

impl Searcher<'_, Position> {
    /// Iterative deepening from `root` over `order` (its moves with an ordering score, best
    /// first; only the first `searched` are searched, the rest keep their place and score at
    /// the end).
    ///
    /// `search(searcher, child, depth, alpha, wide)` scores the position `child` after a root
    /// move, `depth` plies deep, for the root's mover. `alpha` is the best score found so far in
    /// this iteration (`-MATE - 1` before the first move); `wide` asks for the move's own score
    /// (the iteration's first move, and every move with `all_exact`), otherwise a null window
    /// at `alpha` will do, as only a move that beats it matters.
    ///
    /// Returns the best move and its score, the last complete depth and every root score
    /// (best first). A move that an unfinished iteration found is kept when it is the previous
    /// best or scored above the previous best's score.
    pub(super) fn deepen(
        &mut self,
        root: &Position,
        mut order: Vec<(Move, i32)>,
        searched: usize,
        deepening: Deepening,
        mut search: impl FnMut(&mut Self, &Position, i32, i32, bool) -> i32,
    ) -> SearchResult<Move> {
        let Deepening {
            max_depth,
            all_exact,
            time_soft_ms,
        } = deepening;
        let mut result = SearchResult {
            best: order.first().map(|x| x.0),
            score: 0,
            depth: 0,
            nodes: 0,
            pv: order.first().map(|x| x.0).into_iter().collect(),
            root_scores: order.clone(),
            lines: Vec::new(),
        };
        if order.is_empty() {
            return result;
        }
        for depth in 1..=max_depth.max(1) {
            let mut alpha = -MATE - 1;
            let mut best: Option<(Move, i32)> = None;
            let mut done = true;
            let first = order[0];
            for (i, entry) in order[..searched].iter_mut().enumerate() {
                let m = entry.0;
                let mut child = root.clone();
                child.play(m);
                let wide = all_exact || i == 0;
                let v = search(self, &child, depth as i32 - 1, alpha, wide);
                if self.aborted {
                    done = false;
                    break;
                }
                // Below `alpha`, a null window only says the move is worse than the best.
                entry.1 = if wide || v > alpha { v } else { alpha - 1 };
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
            sort_desc(&mut order[..searched], |&(_, s)| s);
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
}
