//! The computer opponent of four-player games: best-reply search (`search.rs`) with the
//! evaluation of `eval.rs`, from the point of view of the player to move; in Teams (R14),
//! whose two sides take turns, alpha-beta over the real turn order (`teams.rs`). Both go over
//! the root moves with the one iterative-deepening driver of `root.rs`.

mod eval;
mod root;
mod search;
mod teams;
mod threat;

pub use eval::evaluate_four;

use super::{
    AiChoice, AiOptions, AnalysisScope, Searcher, Table, choice_from, choice_rng, limits_for,
    pick_weakened, table_mb,
};
use crate::error::Error;
use crate::four::{Move, Position};

/// Whether the switches that only exist to be measured against the defaults
/// ([`FourConfig::brs_plus`], [`FourConfig::min_order`], [`FourConfig::mate_order`],
/// [`FourConfig::min_prune`], [`FourConfig::q_evasions`],
/// [`FourConfig::leader_rank`]) take
/// effect. They do in native builds, where `examples/ladder4.rs` measures them; the wasm
/// package plays the defaults only, and leaving the unused alternatives out of it keeps the
/// package within its size budget (docs/BENCHMARKS.md).
pub(super) const MEASURING: bool = cfg!(not(target_arch = "wasm32"));

/// Search and evaluation switches of the four-player computer. The default is what the
/// levels play; the others exist to measure what each part is worth (`examples/ladder4.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FourConfig {
    /// BRS+: opponents who do not give the best reply play their move-ordering move instead of
    /// passing. `false`: plain BRS.
    pub brs_plus: bool,
    /// King safety (attackers near each king, pawn shelter, open lines, early king walks) and
    /// development terms in the evaluation.
    pub king_safety: bool,
    /// Quiescence lets opponents capture only the searching player's pieces (their captures
    /// among themselves are left out).
    pub q_pov_only: bool,
    /// Principal variation search (null windows after each layer's first move) and killer
    /// moves in the ordering.
    pub pvs: bool,
    /// Four Kingdoms: after an opponent's move in a min layer, an opponent who comes before
    /// the searching player in turn order and attacks its king takes it (R6.3), instead of
    /// BRS handing the move straight back to the searching player.
    pub kcap_order: bool,
    /// Late move reductions: late quiet moves without check are searched one ply shallower
    /// first, and in full only if that does not fail low (max layers) or high (min layers).
    /// Levels 5 and up.
    pub lmr: bool,
    /// Min layers order the opponents' captures of each other's pieces after their captures
    /// of the searching player's pieces and after the killers.
    pub min_order: bool,
    /// After an opponent's reply that leaves the searching player in check with at most four
    /// legal moves, an opponent who comes before it in turn order and has a mating move
    /// plays it (two opponents' mates are otherwise invisible to BRS). Off: with the check
    /// extension at 150 000 nodes, 61 of 100 first places against 66 (`--strong-mate`).
    pub mate_order: bool,
    /// Root moves after which one opponent can enable a mate by an opponent who moves after
    /// it (before the searching player moves again) are played only if every move allows
    /// one (`threat.rs`). Levels 5 and up.
    pub turn_mates: bool,
    /// King safety against several opponents (needs `king_safety`): distant sliders on a line
    /// to a king with at most one piece between count as attackers, attackers of two
    /// opponents weigh half as much again, and an attacked king with fewer than two flight
    /// squares is penalised. Levels 5 and up.
    pub king_lines: bool,
    /// Check extension: a max layer where the searching player is in check is searched one
    /// ply deeper (its few evasions are cheap, and the opponents' follow-up mates are what
    /// ended a fifth of the measured games). Levels 5 and up. On since session 16: at
    /// 150 000 nodes it took more first places and was checkmated less often than without
    /// (docs/STRENGTH.md; at 30 000 nodes, where it was first measured, it was even).
    pub check_ext: bool,
    /// Late move pruning in min layers near the horizon: an opponent's quiet move that gives
    /// no check and comes late in the ordering is not searched one or two plies from the
    /// leaves (there it changes little but the evaluation of piece placement, and a min
    /// layer holds three players' moves). Levels 5 and up. Off: it searched 0.35 plies deeper
    /// at equal nodes but took 48 of 80 first places against 52 (`--strong-minprune`).
    pub min_prune: bool,
    /// Quiescence does not stand pat for the searching player in check: it searches all its
    /// evasions (a capture that checks is otherwise scored as if the check could be ignored).
    /// Levels 5 and up. Off: 50 of 80 first places against 52 (`--strong-qevade`), and with
    /// the check extension at 150 000 nodes 64 of 100 against 66.
    pub q_evasions: bool,
    /// Points are counted against the best opponent only (the one who stands between us and
    /// first place), not half against the average of all three: a player far behind is no
    /// threat to first place. Levels 5 and up. Off: 41 of 80 first places against 52
    /// (`--strong-leader`).
    pub leader_rank: bool,
    /// A line in which the searching player is out is worth two points more per ply it
    /// lasts: when the search finds every move lost, it plays the one that loses latest
    /// instead of grabbing material on the way out. Levels 5 and up.
    pub out_delay: bool,
}

impl Default for FourConfig {
    fn default() -> Self {
        FourConfig {
            brs_plus: false,
            king_safety: true,
            q_pov_only: true,
            pvs: true,
            kcap_order: true,
            lmr: true,
            min_order: false,
            mate_order: false,
            turn_mates: true,
            king_lines: true,
            check_ext: true,
            min_prune: false,
            q_evasions: false,
            leader_rank: false,
            out_delay: true,
        }
    }
}

/// Chooses the computer's move in `pos` for the player to move, without playing it.
///
/// Errors: `invalid-argument` for a level outside 1..=8 or a zero budget, `game-over` when the
/// player to move has no legal move (whether the game is over is the caller's to check).
/// Deterministic for a given seed and node budget.
pub fn choose_move(pos: &Position, opts: &AiOptions) -> Result<AiChoice<Move>, Error> {
    choose_move_with(pos, opts, FourConfig::default())
}

/// [`choose_move`] with explicit search and evaluation switches (for measurements).
#[doc(hidden)]
pub fn choose_move_with(
    pos: &Position,
    opts: &AiOptions,
    cfg: FourConfig,
) -> Result<AiChoice<Move>, Error> {
    choose_scoped(pos, opts, cfg, &AnalysisScope::default())
}

/// [`choose_move_with`] within `scope`'s depth, with exact scores for every root move when
/// several lines are asked for. One function for both, so the package carries one copy of
/// the four-player search.
fn choose_scoped(
    pos: &Position,
    opts: &AiOptions,
    cfg: FourConfig,
    scope: &AnalysisScope,
) -> Result<AiChoice<Move>, Error> {
    let (spec, mut limits) = limits_for(opts)?;
    // The extra depth and mate probes are for the strong levels: levels 1-4 keep the search
    // they were tuned (and measured in the ladder) with.
    let cfg = FourConfig {
        turn_mates: cfg.turn_mates && opts.level >= 5,
        lmr: cfg.lmr && opts.level >= 5,
        king_lines: cfg.king_lines && opts.level >= 5,
        check_ext: cfg.check_ext && opts.level >= 5,
        min_prune: cfg.min_prune && opts.level >= 5,
        q_evasions: cfg.q_evasions && opts.level >= 5,
        leader_rank: cfg.leader_rank && opts.level >= 5,
        out_delay: cfg.out_delay && opts.level >= 5,
        ..cfg
    };
    // Four-player nodes cost several times a two-player node (three mate/stalemate tests per
    // move), so the level defaults are scaled down; the depth caps keep their meaning.
    if opts.nodes.is_none() && opts.time_ms.is_none() && spec.default_nodes > 0 {
        limits.nodes = Some((spec.default_nodes / 4).max(500));
    }
    let limits = scope.limit(opts, limits);
    let mut tt = Table::with_mb(table_mb(&spec, &limits));
    let mut searcher: Searcher<'_, Position> = Searcher::new(&mut tt, limits, Vec::new(), None);
    let max_depth = limits.depth.unwrap_or(spec.max_depth).min(40);
    let all_exact = spec.candidates > 1 || scope.lines.unwrap_or(1) > 1;
    let result = searcher.search_four_with(pos, max_depth, all_exact, limits.time_ms, cfg);
    let Some(best) = result.best else {
        return Err(Error::game_over("the player to move has no legal move"));
    };
    let mut rng = choice_rng(opts.seed.unwrap_or(0));
    let mv = pick_weakened(&result.root_scores, &spec, &mut rng).unwrap_or(best);
    // A four-player line is its first move: the later ones belong to other seats.
    let lines = match scope.lines {
        Some(n) if n > 1 => result
            .root_scores
            .iter()
            .take(n)
            .map(|&(m, s)| (s, vec![m]))
            .collect(),
        _ => Vec::new(),
    };
    Ok(AiChoice {
        lines,
        ..choice_from(mv, best, spec.candidates <= 1, result)
    })
}

/// Analyses `pos` at full strength within `opts`' budget (its level is not read) and
/// `scope`'s depth. With `scope.lines` above 1, every root move gets an exact score and the
/// best ones are given as lines of one move each (a four-player line's later moves belong to
/// other seats' positions).
///
/// Errors: as [`choose_move`]'s.
pub fn analyse_scoped(
    pos: &Position,
    opts: &AiOptions,
    scope: &AnalysisScope,
) -> Result<AiChoice<Move>, Error> {
    let full = AiOptions { level: 8, ..*opts };
    choose_scoped(pos, &full, FourConfig::default(), scope)
}

/// Analyses `pos` at full strength for `time_ms` milliseconds.
pub fn analyse(pos: &Position, time_ms: u64) -> Result<AiChoice<Move>, Error> {
    choose_move(
        pos,
        &AiOptions {
            level: 8,
            time_ms: Some(time_ms),
            nodes: None,
            seed: None,
        },
    )
}
