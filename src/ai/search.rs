//! The game-independent search core, written once against [`SearchPosition`], which both
//! engines implement: the searcher's state and what every node asks of it (scores of finished
//! games, repetitions, the evaluation cache, the table's mate scores). Each concept of the
//! search has a file of its own under `search/`:
//!
//! * `limits.rs`: [`Limits`], counting nodes and deciding when a search stops;
//! * `ordering.rs`: move ordering (table move, MVV-LVA, killers, countermoves, history);
//! * `root.rs`: the two-player root: iterative deepening, aspiration windows, MultiPV lines;
//! * `pvs.rs`: the two-player node search (principal variation search and its pruning);
//! * `quiescence.rs`: the end of every two-player line.
//!
//! The four-player searches (`crate::ai::four`) use the searcher's state, limits and
//! ordering tables with node searches and a root of their own.

use std::sync::atomic::AtomicBool;

use super::clock::Stopwatch;
use super::tt::{Bound, Entry, Table};

mod limits;
mod ordering;
mod pvs;
mod quiescence;
mod root;

pub use super::position::SearchPosition;
pub use limits::Limits;
pub(crate) use ordering::sort_desc;

/// Score of a won game at the root; a win in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores at or beyond this magnitude are wins or losses at a known distance.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// Larger than any score.
pub const INF: i32 = 32_000;
/// Deepest ply the search reaches (extensions included).
pub const MAX_PLY: usize = 128;
/// What a draw is worth less than nothing to the side searching, in centipawns. Scoring it
/// 0 made the engine take repetitions in positions it stood better in (18 of 23 drawn games
/// against Fairy-Stockfish were repetitions, 11 from +200 or better by that engine's
/// count); with 25 it plays on unless it judges itself worse (docs/STRENGTH.md, session 31).
pub(crate) const CONTEMPT: i32 = 25;
/// Entries of the static-evaluation cache (a power of two; 1 MiB).
const EVAL_CACHE: usize = 1 << 16;

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
