//! The computer opponent: search, evaluation and difficulty levels for all five games.
//!
//! * [`two`]: two-player games (principal variation search; `eval.rs`, `search.rs`).
//! * [`four`]: four-player games (best-reply search with the evaluation from the mover's
//!   point of view; `eval.rs`, `search.rs`).
//!
//! Both take a position (and, for two players, the hashes of the game's earlier positions),
//! never a game record: [`crate::Game::ai_move`] is the face that knows games. The search core
//! ([`search`]) is written once against [`SearchPosition`], which both engines implement; see
//! `docs/STRENGTH.md` for the levels and their measured strength.
//!
//! The search reads time only through [`now_ms`]: `std::time::Instant` natively, and
//! `Date.now()` in wasm, where `Instant` would panic.
//!
//! # Scores
//! Scores are centipawns from the mover's point of view. A won game scores
//! `MATE - plies` ([`MATE`] = 30000) and a lost one `-(MATE - plies)`, where `plies` counts
//! half-moves from the position searched to the end (checkmate, third check, king on the hill,
//! race won): any `|score| >= 29000` is a forced result.

mod clock;
#[cfg(feature = "four")]
pub mod four;
mod position;
pub mod search;
mod tt;
pub mod two;

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use clock::ManualClock;
pub use clock::{Stopwatch, now_ms};
pub use search::{INF, Limits, MATE, MATE_BOUND, SearchPosition, SearchResult, Searcher};
pub use tt::Table;

use crate::error::Error;
use crate::rng::SplitMix64;

/// How the computer should play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AiOptions {
    /// Difficulty, 1 (beginner) to 8 (full strength).
    pub level: u8,
    /// Wall-clock budget in milliseconds.
    pub time_ms: Option<u64>,
    /// Node budget; with a fixed seed the choice is then reproducible.
    pub nodes: Option<u64>,
    /// Seed of the randomised choice of the weaker levels. [`crate::Game::ai_move`] uses the
    /// game's seed mixed with the ply when it is `None`; the functions of this module use 0.
    pub seed: Option<u64>,
}

impl Default for AiOptions {
    fn default() -> Self {
        AiOptions {
            level: 8,
            time_ms: None,
            nodes: None,
            seed: None,
        }
    }
}

/// The largest time budget accepted, in milliseconds (ten minutes).
pub const MAX_TIME_MS: u64 = 600_000;
/// The largest node budget accepted.
pub const MAX_NODES: u64 = 10_000_000_000;

impl AiOptions {
    /// Checks the ranges: level 1 to 8, time 1 to [`MAX_TIME_MS`], nodes 1 to [`MAX_NODES`].
    /// Errors are `invalid-argument`.
    pub fn check(&self) -> Result<(), Error> {
        let range = |what: &str, v: u64, max: u64| {
            if (1..=max).contains(&v) {
                Ok(())
            } else {
                Err(Error::formatted(
                    crate::error::ErrorKind::InvalidArgument,
                    format_args!("{what} must be an integer from 1 to {max}, got {v}"),
                ))
            }
        };
        range("level", u64::from(self.level), 8)?;
        if let Some(t) = self.time_ms {
            range("timeMs", t, MAX_TIME_MS)?;
        }
        if let Some(n) = self.nodes {
            range("nodes", n, MAX_NODES)?;
        }
        Ok(())
    }
}

/// The move the computer chose, with what the search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AiChoice<M> {
    /// The chosen move (not played).
    pub mv: M,
    /// Score of the search's best move from the mover's view, in centipawns; see the module
    /// documentation for won and lost scores. At the weaker levels `mv` may be a different,
    /// lower-scored move.
    pub score_cp: i32,
    /// Depth of the last completed iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The principal variation (the search's best line), starting with its best move.
    pub pv: Vec<M>,
    /// The best moves' lines with their scores (mover's view), best first, when an analysis
    /// asked for several ([`AnalysisScope::lines`]); empty otherwise.
    pub lines: Vec<(i32, Vec<M>)>,
}

/// The largest search depth an analysis accepts, in plies.
pub const MAX_ANALYSIS_DEPTH: u32 = 64;
/// The most lines an analysis gives ([`AnalysisScope::lines`]).
pub const MAX_LINES: usize = 5;

/// What an analysis looks at besides its budget: how deep, and how many of the best moves get
/// a line of their own (MultiPV).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AnalysisScope {
    /// The depth to search to, 1 to [`MAX_ANALYSIS_DEPTH`] plies. Without a time or node
    /// budget it is the only bound (the search runs until that depth is complete).
    pub depth: Option<u32>,
    /// How many of the best moves to give a line and an exact score, 1 to [`MAX_LINES`]
    /// (`None`: one, and no `lines` in the answer). Four players: each line is its move alone.
    pub lines: Option<usize>,
}

impl AnalysisScope {
    /// Checks the ranges; errors are `invalid-argument`.
    pub fn check(&self) -> Result<(), Error> {
        if let Some(d) = self.depth
            && !(1..=MAX_ANALYSIS_DEPTH).contains(&d)
        {
            return Err(Error::formatted(
                crate::error::ErrorKind::InvalidArgument,
                format_args!("depth must be an integer from 1 to {MAX_ANALYSIS_DEPTH}, got {d}"),
            ));
        }
        if let Some(n) = self.lines
            && !(1..=MAX_LINES).contains(&n)
        {
            return Err(Error::formatted(
                crate::error::ErrorKind::InvalidArgument,
                format_args!("multiPv must be an integer from 1 to {MAX_LINES}, got {n}"),
            ));
        }
        Ok(())
    }

    /// The search limits of an analysis at full strength: `limits` (from the budget) with
    /// this depth; a depth alone drops the level's default time.
    pub(crate) fn limit(&self, opts: &AiOptions, mut limits: Limits) -> Limits {
        if let Some(d) = self.depth {
            limits.depth = Some(d);
            if opts.time_ms.is_none() && opts.nodes.is_none() {
                limits.time_ms = None;
                limits.nodes = None;
            }
        }
        limits
    }
}

/// What a level does.
#[derive(Clone, Copy, Debug)]
pub struct LevelSpec {
    /// Maximum search depth in plies.
    pub max_depth: u32,
    /// Node budget used when the caller gives neither time nor nodes (0: use `default_ms`).
    pub default_nodes: u64,
    /// Time budget used when the caller gives neither time nor nodes, for node-less levels.
    pub default_ms: u64,
    /// How many of the best root moves the randomised choice considers (1: always the best).
    pub candidates: usize,
    /// Stockfish-style weakness (0..=120): how far below the best a candidate may score and
    /// still be picked.
    pub weakness: i32,
    /// Hash table size in MiB.
    pub hash_mb: usize,
}

/// The eight levels. Weaker levels search shallower and pick randomly among their best
/// candidates, with a bias toward better ones (as Stockfish's `Skill Level` does).
pub const LEVELS: [LevelSpec; 8] = [
    level(1, 2_000, 0, 8, 120, 1),
    level(2, 5_000, 0, 6, 100, 1),
    level(3, 10_000, 0, 4, 70, 2),
    level(4, 20_000, 0, 3, 50, 2),
    level(5, 40_000, 0, 2, 30, 4),
    level(6, 80_000, 0, 1, 0, 4),
    level(8, 160_000, 0, 1, 0, 8),
    level(120, 0, 1_000, 1, 0, 16),
];

const fn level(
    max_depth: u32,
    default_nodes: u64,
    default_ms: u64,
    candidates: usize,
    weakness: i32,
    hash_mb: usize,
) -> LevelSpec {
    LevelSpec {
        max_depth,
        default_nodes,
        default_ms,
        candidates,
        weakness,
        hash_mb,
    }
}

/// The spec of `level`, or an `invalid-argument` error outside 1..=8.
pub fn level_spec(level: u8) -> Result<LevelSpec, Error> {
    match level {
        1..=8 => Ok(LEVELS[level as usize - 1]),
        _ => Err(Error::formatted(
            crate::error::ErrorKind::InvalidArgument,
            format_args!("level must be between 1 and 8, got {level}"),
        )),
    }
}

/// The search limits of `opts`: the level's depth cap, and the caller's time and node budgets
/// or the level's defaults when neither is given.
pub fn limits_for(opts: &AiOptions) -> Result<(LevelSpec, Limits), Error> {
    limits_with(level_spec(opts.level)?, opts)
}

/// [`limits_for`] with a level spec the caller chose (a game's own variant of the level).
pub(crate) fn limits_with(spec: LevelSpec, opts: &AiOptions) -> Result<(LevelSpec, Limits), Error> {
    if opts.time_ms == Some(0) {
        return Err(Error::invalid_argument("timeMs must be greater than 0"));
    }
    if opts.nodes == Some(0) {
        return Err(Error::invalid_argument("nodes must be greater than 0"));
    }
    let mut limits = Limits {
        depth: Some(spec.max_depth),
        time_ms: opts.time_ms,
        nodes: opts.nodes,
        use_all_time: false,
    };
    if limits.time_ms.is_none() && limits.nodes.is_none() {
        if spec.default_nodes > 0 {
            limits.nodes = Some(spec.default_nodes);
        } else {
            limits.time_ms = Some(spec.default_ms);
        }
    }
    Ok((spec, limits))
}

/// Hash table size for one search: no larger than the nodes the budget allows can fill, so
/// that a short search does not spend its time clearing a big table.
pub(crate) fn table_mb(spec: &LevelSpec, limits: &Limits) -> usize {
    let by_time = limits.time_ms.map_or(usize::MAX, |t| (t / 32) as usize);
    let by_nodes = limits.nodes.map_or(usize::MAX, |n| (n / 40_000) as usize);
    spec.hash_mb.min(by_time).min(by_nodes).max(1)
}

/// The generator of the weaker levels' randomised choice for `seed`. The seed is salted so
/// that the choice is not correlated with other uses of the same seed (zombie moves).
pub fn choice_rng(seed: u64) -> SplitMix64 {
    SplitMix64::new(seed ^ 0x6a09_e667_f3bc_c908)
}

/// What the computer answers for the move `mv` it chose after `result`'s search.
///
/// At full strength (`full_strength`) the move is the last finished iteration's, while the
/// search's line and score may be those of a move an unfinished iteration preferred: then the
/// line is just `mv` and the score its finished one, so a hint never shows a line that does
/// not start with the move. The weaker levels report the search's own line and score.
// Not inlined: one copy per move type is smaller in the wasm package (docs/BENCHMARKS.md,
// "Package size, session 14").
#[inline(never)]
pub(crate) fn choice_from<M: Copy + PartialEq>(
    mv: M,
    best: M,
    full_strength: bool,
    result: SearchResult<M>,
) -> AiChoice<M> {
    let SearchResult {
        score,
        depth,
        nodes,
        mut pv,
        root_scores,
        lines,
        ..
    } = result;
    let mut score_cp = score;
    if full_strength && pv.first() != Some(&mv) {
        score_cp = root_scores
            .iter()
            .find(|&&(m, _)| m == mv)
            .map_or(score, |&(_, s)| s);
        pv = vec![mv];
    }
    if pv.is_empty() {
        pv.push(best);
    }
    // The lines are in `root_scores` order: their scores are the first ones there.
    let lines = root_scores
        .iter()
        .zip(lines)
        .map(|(&(_, s), line)| (s, line))
        .collect();
    AiChoice {
        mv,
        score_cp,
        depth,
        nodes,
        pv,
        lines,
    }
}

/// Picks the move to play from the root scores (best first), as Stockfish's skill levels do:
/// each candidate's score is pushed up by part of its deficit to the best plus a random
/// amount, and the highest pushed score wins. Forced wins are always taken, and candidates
/// that lose by force are never picked while anything else is available.
pub fn pick_weakened<M: Copy>(
    scores: &[(M, i32)],
    spec: &LevelSpec,
    rng: &mut SplitMix64,
) -> Option<M> {
    let &(first, top) = scores.first()?;
    if spec.candidates <= 1 || spec.weakness <= 0 || top >= MATE_BOUND {
        return Some(first);
    }
    let n = spec.candidates.min(scores.len());
    let last = scores[n - 1].1;
    let delta = (top - last).clamp(0, 100);
    let weakness = spec.weakness;
    let mut best = first;
    let mut best_value = i32::MIN;
    for &(m, s) in &scores[..n] {
        if s <= -MATE_BOUND && top > -MATE_BOUND {
            continue;
        }
        let deficit = (top - s).min(2_000);
        let push = (weakness * deficit + delta * rng.below(weakness as u64) as i32) / 128;
        if s + push > best_value {
            best_value = s + push;
            best = m;
        }
    }
    Some(best)
}

/// Room the search's own repetition history needs beyond the game's (one hash per ply).
pub(crate) const MAX_SEARCH_PLY: usize = search::MAX_PLY + 8;
