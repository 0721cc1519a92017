//! The game-independent search: the [`SearchPosition`] trait both engines implement, budgets,
//! move ordering, and the two-player principal variation search.

use std::sync::atomic::{AtomicBool, Ordering};

use super::clock::Stopwatch;
use super::tt::{Bound, Entry, Table};

mod quiescence;

/// Score of a won game at the root; a win in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores at or beyond this magnitude are wins or losses at a known distance.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// Larger than any score.
pub const INF: i32 = 32_000;
/// Deepest ply the search reaches (extensions included).
pub const MAX_PLY: usize = 128;
/// Half-width of the first aspiration window at the root, in centipawns.
const ASPIRATION: i32 = 30;
/// How far below its last score the best move must fall in an unfinished iteration for the
/// search to prefer the runner-up.
const SINK: i32 = 300;
/// Bound of the two-player history values.
const HISTORY_MAX: i32 = 16_384;
/// What a draw is worth less than nothing to the side searching, in centipawns. Scoring it
/// 0 made the engine take repetitions in positions it stood better in (18 of 23 drawn games
/// against Fairy-Stockfish were repetitions, 11 from +200 or better by that engine's
/// count); with 25 it plays on unless it judges itself worse (docs/STRENGTH.md, session 31).
pub(crate) const CONTEMPT: i32 = 25;
/// Entries of the static-evaluation cache (a power of two; 1 MiB).
const EVAL_CACHE: usize = 1 << 16;

pub use super::position::SearchPosition;

/// How long a search may run.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    /// Maximum iterative-deepening depth.
    pub depth: Option<u32>,
    /// Wall-clock budget in milliseconds.
    pub time_ms: Option<u64>,
    /// Node budget (deterministic).
    pub nodes: Option<u64>,
    /// Spend all of `time_ms` (UCI `movetime`, which the caller has already shortened by the
    /// reply's travel time). Otherwise the search keeps 5% of it as slack and stops early when
    /// the next iteration is unlikely to finish, saving time for later moves.
    pub use_all_time: bool,
}

/// A finished search.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// Best move found (`None` only when the root has no legal move).
    pub best: Option<M>,
    /// Score of the best move from the root mover's view.
    pub score: i32,
    /// Depth of the last completed iteration.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// Principal variation, starting with `best`.
    pub pv: Vec<M>,
    /// Every root move with its score from the last completed iteration, best first. Exact
    /// for the best `multipv` moves; the others carry upper bounds.
    pub root_scores: Vec<(M, i32)>,
    /// With `multipv` above 1 (two players): the lines of the best `multipv` root moves of
    /// the last completed iteration, in `root_scores` order, each starting with its root
    /// move. Empty otherwise.
    pub lines: Vec<Vec<M>>,
}

/// The stored score of `e`, seen `ply` plies below the root, when its bound alone settles the
/// window `alpha..beta`.
fn tt_cutoff(e: &Entry, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    let s = score_from_tt(e.score, ply);
    let cut = match e.bound {
        Bound::Exact => true,
        Bound::Lower => s >= beta,
        Bound::Upper => s <= alpha,
    };
    cut.then_some(s)
}

/// Converts a score to its form in the table: mate scores relative to the node, not the root.
fn score_to_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s + ply as i32
    } else if s <= -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

fn score_from_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s - ply as i32
    } else if s <= -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}

/// Search state shared by the two-player and four-player algorithms.
pub struct Searcher<'a, P: SearchPosition> {
    pub(crate) tt: &'a mut Table,
    pub(crate) nodes: u64,
    limits: Limits,
    clock: Stopwatch,
    stop_flag: Option<&'a AtomicBool>,
    pub(crate) aborted: bool,
    /// Move stack: each node pushes its moves above its parent's and truncates on return.
    pub(crate) moves: Vec<P::Move>,
    /// The list each node's moves are generated into before going onto `moves`.
    pub(crate) scratch: P::Moves,
    pub(crate) scores: Vec<i32>,
    /// Hashes of the game so far and of the current search path (repetitions).
    pub(crate) path: Vec<u64>,
    pub(crate) killers: [[Option<P::Move>; 2]; MAX_PLY + 1],
    pub(crate) history: Vec<i32>,
    pv: [[Option<P::Move>; MAX_PLY + 1]; MAX_PLY + 1],
    pv_len: [usize; MAX_PLY + 1],
    /// The line of each root move given an exact score in the current iteration (only
    /// kept when several lines are asked for).
    root_lines: Vec<(P::Move, Vec<P::Move>)>,
    lmr: [[u8; 64]; 64],
    /// Static evaluation at each ply of the current path (`-INF` in check), to tell whether
    /// the side to move is improving on its position two plies earlier.
    evals: [i32; MAX_PLY + 2],
    /// History index of the move that led to each ply of the current path (`usize::MAX`
    /// after a null move or at the root), keying the countermove table.
    prev_idx: [usize; MAX_PLY + 2],
    /// The quiet move that last refuted each move (by its history index).
    countermoves: Vec<Option<P::Move>>,
    /// Move key a singular-extension search at this ply leaves out (0 for none).
    excluded: [u32; MAX_PLY + 2],
    /// Static evaluations by position hash (for the side to move): transpositions and
    /// re-searches evaluate the same positions again, and evaluation is a quarter of a
    /// Three-check search's time under `perf`. Play is unchanged (docs/BENCHMARKS.md, "Evaluation cache").
    eval_cache: Vec<(u64, i32)>,
    /// What a draw costs the side to move at the root, in centipawns: [`CONTEMPT`] in
    /// two-player searches, 0 in four-player ones (whose draws are scored by the rules).
    contempt: i32,
}

impl<'a, P: SearchPosition> Searcher<'a, P> {
    /// A searcher over `tt`, with the hashes of earlier game positions (oldest first, the
    /// current position excluded) for repetition detection.
    pub fn new(
        tt: &'a mut Table,
        limits: Limits,
        history_hashes: Vec<u64>,
        stop_flag: Option<&'a AtomicBool>,
    ) -> Self {
        Searcher {
            tt,
            nodes: 0,
            limits,
            clock: Stopwatch::start(),
            stop_flag,
            aborted: false,
            moves: Vec::with_capacity(4096),
            scratch: P::Moves::default(),
            scores: Vec::with_capacity(4096),
            path: history_hashes,
            killers: [[None; 2]; MAX_PLY + 1],
            history: vec![0; P::HISTORY_SIZE],
            pv: [[None; MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            root_lines: Vec::new(),
            // Filled by `search_two_player`, the only search that reads it: the four-player
            // searcher then carries no copy of the loop (297 gzip bytes of the package).
            lmr: [[0; 64]; 64],
            evals: [-INF; MAX_PLY + 2],
            prev_idx: [usize::MAX; MAX_PLY + 2],
            countermoves: vec![None; P::HISTORY_SIZE],
            excluded: [0; MAX_PLY + 2],
            // Only the two-player search uses it; `search_two_player` allocates it.
            eval_cache: Vec::new(),
            contempt: 0,
        }
    }

    /// Milliseconds since the searcher was created.
    pub fn elapsed_ms(&self) -> f64 {
        self.clock.elapsed_ms()
    }

    /// Pushes the moves of `pos` onto the shared stack and returns where they start, or, when
    /// the game is over here, pops them again and returns the finished game's score.
    // Not inlined: once per node, and a copy in each of its two callers costs package bytes.
    #[inline(never)]
    fn gen_or_score(&mut self, pos: &P, ply: usize) -> Result<usize, i32> {
        let start = self.moves.len();
        pos.gen_moves(&mut self.scratch);
        self.moves.extend_from_slice(&self.scratch);
        let has_moves = self.moves.len() > start;
        match pos.game_over(has_moves) {
            Some(s) => {
                self.moves.truncate(start);
                Err(self.terminal(s, ply))
            }
            None => Ok(start),
        }
    }

    /// The score of a finished game `s` (from the side to move's view) at `ply`: mates by
    /// distance, draws by contempt.
    pub(crate) fn terminal(&self, s: i32, ply: usize) -> i32 {
        if s != 0 {
            score_at_ply(s, ply)
        } else if ply.is_multiple_of(2) {
            -self.contempt
        } else {
            self.contempt
        }
    }

    /// Counts a node and checks the budgets; sets `aborted` when one is spent.
    #[inline]
    pub(crate) fn tick(&mut self) -> bool {
        self.nodes += 1;
        if let Some(n) = self.limits.nodes
            && self.nodes >= n
        {
            self.aborted = true;
        }
        // Reading the clock costs far more than a node; every 512 nodes keeps the overshoot
        // well under a millisecond even in wasm.
        if self.nodes & 511 == 0 {
            // Stop a little early: unwinding, the caller's bookkeeping and a busy machine's
            // scheduling all come on top of the search itself.
            let slack = if self.limits.use_all_time { 1.0 } else { 0.95 };
            if let Some(t) = self.limits.time_ms
                && self.clock.elapsed_ms() >= t as f64 * slack - 1.0
            {
                self.aborted = true;
            }
            if let Some(f) = self.stop_flag
                && f.load(Ordering::Relaxed)
            {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// `true` when another iteration is unlikely to finish in the time left: each iteration
    /// costs several times the previous one, so starting late wastes the budget.
    fn out_of_time_for_next(&self) -> bool {
        match self.limits.time_ms {
            Some(_) if self.limits.use_all_time => false,
            Some(t) => self.clock.elapsed_ms() >= t as f64 * 0.5,
            None => false,
        }
    }

    /// `true` when the position with `hash` occurred earlier within the last `plies`
    /// reversible plies of the game or the search path.
    pub(crate) fn is_repetition(&self, hash: u64, plies: u32) -> bool {
        let n = self.path.len();
        // path[n-1] is the parent; a repetition needs at least two plies back and the same
        // side to move, so look at n-2, n-4, ...
        let mut back = 2usize;
        while back as u32 <= plies && back <= n {
            if self.path[n - back] == hash {
                return true;
            }
            back += 2;
        }
        false
    }

    /// Static evaluation of `pos` for its side to move, from the cache when there.
    #[inline]
    pub(crate) fn evaluate_mover(&mut self, pos: &P) -> i32 {
        let hash = pos.hash();
        let i = (hash as usize) & (EVAL_CACHE - 1);
        // Hash 0 marks an empty slot, so a position hashing to 0 is simply never cached; before
        // `search_two_player` allocates the cache, every position is evaluated afresh.
        if let Some(&(key, v)) = self.eval_cache.get(i)
            && key == hash
            && hash != 0
        {
            return v;
        }
        let v = pos.evaluate(pos.mover());
        if let Some(slot) = self.eval_cache.get_mut(i) {
            *slot = (hash, v);
        }
        v
    }

    /// Orders the moves `moves[start..]`: TT move, tactical moves by MVV-LVA, killers, then
    /// quiet moves by history. With `see`, captures that lose the exchange go after the
    /// killers (quiescence has already dropped those, so it passes `false`).
    pub(crate) fn score_moves(
        &mut self,
        pos: &P,
        start: usize,
        tt_move: u32,
        ply: usize,
        see: bool,
    ) {
        // Resize, not truncate: ancestors that have not scored their moves yet leave gaps.
        self.scores.resize(start, 0);
        // Only the main search keeps `prev_idx` up to date (quiescence passes `see` false).
        let counter = match self.prev_idx[ply] {
            i if see && i != usize::MAX => self.countermoves[i],
            _ => None,
        };
        for i in start..self.moves.len() {
            let m = self.moves[i];
            let s = if tt_move != 0 && P::move_key(m) == tt_move {
                2_000_000
            } else if let Some(t) = pos.tactical_score(m) {
                if !see || pos.see_ge(m, 0) {
                    1_000_000 + t
                } else {
                    880_000 + t / 100
                }
            } else if self.killers[ply][0] == Some(m) {
                900_000
            } else if self.killers[ply][1] == Some(m) {
                890_000
            } else if counter == Some(m) {
                885_000
            } else {
                self.history[pos.history_index(m)]
            };
            self.scores.push(s);
        }
    }

    /// Swaps the best remaining move into slot `i` and returns it (selection sort: most
    /// nodes cut off after a move or two, so sorting the whole list would be wasted).
    #[inline]
    #[allow(clippy::needless_range_loop)]
    pub(crate) fn pick(&mut self, i: usize, end: usize) -> P::Move {
        // One bounds check for the slice and the best score kept at hand: this loop runs
        // over the whole remainder for every move searched (a seventh of chess's search time
        // under `perf` when it indexed both scores each step). An index loop: the iterator
        // forms clippy prefers cost 130-175 more gzip bytes of wasm.
        let rest = &self.scores[i..end];
        let (mut best, mut top) = (0, rest[0]);
        for j in 1..rest.len() {
            if rest[j] > top {
                (best, top) = (j, rest[j]);
            }
        }
        let best = i + best;
        self.moves.swap(i, best);
        self.scores.swap(i, best);
        self.moves[i]
    }

    /// Records a quiet move that caused a cut-off: a killer at this ply, a history bonus, and
    /// a history malus for the quiet moves `tried` before it that did not cut.
    pub(crate) fn update_quiet_stats(
        &mut self,
        pos: &P,
        m: P::Move,
        depth: i32,
        ply: usize,
        tried: std::ops::Range<usize>,
    ) {
        if self.killers[ply][0] != Some(m) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(m);
        }
        if let Some(c) = self.countermoves.get_mut(self.prev_idx[ply]) {
            *c = Some(m);
        }
        let bonus = (depth * depth).min(400) * 16;
        self.add_history(pos.history_index(m), bonus);
        for i in tried {
            let q = self.moves[i];
            if q != m && pos.tactical_score(q).is_none() {
                self.add_history(pos.history_index(q), -bonus);
            }
        }
    }

    /// Moves a history value towards `bonus`'s sign, saturating at `HISTORY_MAX` (the
    /// "gravity" update: frequent cut moves settle instead of growing without bound, and the
    /// values stay far below the killer scores in move ordering).
    #[inline]
    fn add_history(&mut self, i: usize, bonus: i32) {
        let h = &mut self.history[i];
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
    }

    fn update_pv(&mut self, ply: usize, m: P::Move) {
        self.pv[ply][ply] = Some(m);
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }

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
}

/// A finished game's score seen `ply` plies below the root: wins sooner and losses later score
/// better, so the search prefers the shortest win and the longest defence.
fn score_at_ply(score: i32, ply: usize) -> i32 {
    match score.signum() {
        1 => score - ply as i32,
        -1 => score + ply as i32,
        _ => 0,
    }
}

/// Sorts `v` by `key`, highest first, keeping equal keys in their order (a stable sort, as
/// `sort_by_key(Reverse(key))` was, so move order and node counts are unchanged). An insertion
/// sort: move lists are short, and std's stable sort (driftsort) cost about 5 KB of wasm for
/// each of the element types it was instantiated with; a `fn` key keeps this one copy per type.
pub(crate) fn sort_desc<T: Copy>(v: &mut [T], key: fn(&T) -> i32) {
    for i in 1..v.len() {
        let x = v[i];
        let k = key(&x);
        let mut j = i;
        while j > 0 && key(&v[j - 1]) < k {
            v[j] = v[j - 1];
            j -= 1;
        }
        v[j] = x;
    }
}
