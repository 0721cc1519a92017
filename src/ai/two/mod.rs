//! The computer opponent of two-player games: principal variation search ([`search`]) over
//! [`Position`] with the evaluation of `eval.rs`; `search.rs` is what the shared search core
//! needs from a two-player position.

mod eval;
mod search;

use std::sync::atomic::AtomicBool;

pub use eval::evaluate_white;
#[cfg(feature = "tuning")]
#[doc(hidden)]
pub use eval::{chess_features, hill_features, race_features, three_check_features};

use super::{
    AiChoice, AiOptions, AnalysisScope, LevelSpec, Limits, MAX_SEARCH_PLY, Searcher, Table,
    choice_from, choice_rng, limits_with, pick_weakened, table_mb,
};
use crate::error::Error;
use crate::two::{Move, Position, Variant};

/// The spec of `level` in `variant`: [`super::LEVELS`], with deeper caps for the middle
/// levels of Racing Kings and Three-check. Their games are short and forcing, so those levels
/// reach their depth caps well before their node budgets, and one ply more than the level
/// below was too small a step.
///
/// | level | chess, King of the Hill | Three-check | Racing Kings |
/// |---:|---:|---:|---:|
/// | 5 | 5 | 5 | 6 |
/// | 6 | 6 | 7 | 8 |
/// | 7 | 8 | 9 | 10 |
///
/// Three-check's level 6 scored 61% and 62.5% against level 5 at one ply more (session 11).
/// In Racing Kings level 5 stayed within a point or two of the 65% bar against level 4 at
/// depth 5 (69.0% over five seeds, 63.8% at seed 1), and depth 6 alone moved the narrow step
/// up to level 6 against level 5; two plies a step from level 5 on keeps every step above it
/// (docs/STRENGTH.md, "Issue 15 targets", sessions 11, 16 and 20).
///
/// Errors: `invalid-argument` for a level outside 1..=8.
pub fn level_spec(level: u8, variant: Variant) -> Result<LevelSpec, Error> {
    let mut spec = super::level_spec(level)?;
    spec.max_depth = match (variant, level) {
        (Variant::RacingKings, 5) => 6,
        (Variant::RacingKings, 6) => 8,
        (Variant::RacingKings, 7) => 10,
        (Variant::ThreeCheck, 6) => 7,
        (Variant::ThreeCheck, 7) => 9,
        _ => spec.max_depth,
    };
    Ok(spec)
}

/// Searches a two-player position: the building block of [`choose_move`], [`analyse`] and
/// the UCI engine, which owns the hash table `tt` (kept between moves) and a `stop` flag.
///
/// `history` holds the hashes of earlier positions of the game (oldest first) so that
/// repetitions count as draws. Fails with `game-over` when the side to move has no move.
pub fn search(
    pos: &Position,
    history: Vec<u64>,
    spec: &LevelSpec,
    limits: Limits,
    seed: u64,
    tt: &mut Table,
    stop: Option<&AtomicBool>,
) -> Result<AiChoice<Move>, Error> {
    search_lines(pos, history, spec, limits, seed, tt, stop, 1)
}

/// [`search`] that also gives the lines of the best `lines` moves (MultiPV). An analysis
/// keeps full strength's evaluation and only asks for more exact scores; one search function
/// serves both, so the package carries one copy of the search loop.
#[allow(clippy::too_many_arguments)]
fn search_lines(
    pos: &Position,
    history: Vec<u64>,
    spec: &LevelSpec,
    limits: Limits,
    seed: u64,
    tt: &mut Table,
    stop: Option<&AtomicBool>,
    lines: usize,
) -> Result<AiChoice<Move>, Error> {
    eval::set_threat_terms(spec.candidates <= 1);
    let mut searcher: Searcher<'_, Position> = Searcher::new(tt, limits, history, stop);
    let result = searcher.search_two_player(pos, spec.candidates.max(lines));
    let Some(best) = result.best else {
        return Err(Error::formatted(
            crate::error::ErrorKind::GameOver,
            format_args!("no legal move in {}; the game is over", pos.fen()),
        ));
    };
    let mut rng = choice_rng(seed);
    // Full strength in Three-check plays the search's own choice: `root_scores` are those of
    // the last finished iteration, while `best` also counts a move that an unfinished one
    // found better (or the runner-up when the old best was found to sink into a forced
    // loss, which is how many Three-check games are lost at this depth: 25% against 16%
    // before, 40 games each against Fairy-Stockfish 2500 at 150k nodes). The other variants
    // keep the last finished iteration's move: there it measured 35% in 17 games of chess.
    let mv = if spec.candidates <= 1 && pos.variant() == Variant::ThreeCheck {
        best
    } else {
        pick_weakened(&result.root_scores, spec, &mut rng).unwrap_or(best)
    };
    Ok(choice_from(mv, best, spec.candidates <= 1, result))
}

/// Chooses the computer's move in `pos` without playing it. `history` holds the hashes of the
/// game's earlier positions, oldest first ([`crate::two::TwoGame::hashes`]).
///
/// Errors: `invalid-argument` for a level outside 1..=8 or a zero time or node budget,
/// `game-over` when the side to move has no legal move. (Whether the *game* is over, by a
/// draw rule or a resignation, is the caller's to check.) With a node budget (or the default
/// budget of levels 1–7) and a fixed seed, the choice is deterministic.
pub fn choose_move(
    pos: &Position,
    history: &[u64],
    opts: &AiOptions,
) -> Result<AiChoice<Move>, Error> {
    let (spec, limits) = limits_with(level_spec(opts.level, pos.variant())?, opts)?;
    let mut tt = Table::with_mb(table_mb(&spec, &limits));
    let mut hashes = Vec::with_capacity(history.len() + MAX_SEARCH_PLY);
    hashes.extend_from_slice(history);
    search(
        pos,
        hashes,
        &spec,
        limits,
        opts.seed.unwrap_or(0),
        &mut tt,
        None,
    )
}

/// Analyses `pos` at full strength within `opts`' budget (its level is not read) and
/// `scope`'s depth; with `scope.lines` above 1, the best moves' lines and exact scores
/// (MultiPV). `history` as in [`choose_move`].
///
/// Errors: as [`choose_move`]'s.
pub fn analyse_scoped(
    pos: &Position,
    history: &[u64],
    opts: &AiOptions,
    scope: &AnalysisScope,
) -> Result<AiChoice<Move>, Error> {
    let full = AiOptions { level: 8, ..*opts };
    let (spec, limits) = limits_with(level_spec(8, pos.variant())?, &full)?;
    let limits = scope.limit(opts, limits);
    let mut tt = Table::with_mb(table_mb(&spec, &limits));
    let mut hashes = Vec::with_capacity(history.len() + MAX_SEARCH_PLY);
    hashes.extend_from_slice(history);
    let lines = scope.lines.unwrap_or(1);
    let seed = opts.seed.unwrap_or(0);
    search_lines(pos, hashes, &spec, limits, seed, &mut tt, None, lines)
}

/// Analyses `pos` at full strength for `time_ms` milliseconds: the best line and its score,
/// for hints.
pub fn analyse(pos: &Position, history: &[u64], time_ms: u64) -> Result<AiChoice<Move>, Error> {
    choose_move(
        pos,
        history,
        &AiOptions {
            level: 8,
            time_ms: Some(time_ms),
            nodes: None,
            seed: None,
        },
    )
}
