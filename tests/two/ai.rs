//! Computer opponent, two players: puzzles with known solutions at every level from 4 up,
//! budgets, determinism and errors.

use tablero::ai::{AiChoice, AiOptions, MATE, MATE_BOUND};
use tablero::two::TwoGame as Game;
use tablero::two::{Move, Position, Variant};
use tablero::{Error, ErrorKind};

mod pins;

const PUZZLE_NODES: u64 = 200_000;

fn opts(level: u8, seed: u64) -> AiOptions {
    AiOptions {
        level,
        nodes: Some(PUZZLE_NODES),
        seed: Some(seed),
        ..AiOptions::default()
    }
}
#[cfg(not(target_arch = "wasm32"))]
fn timed(ms: u64) -> AiOptions {
    AiOptions {
        time_ms: Some(ms),
        ..AiOptions::default()
    }
}
fn by_nodes(nodes: u64) -> AiOptions {
    AiOptions {
        nodes: Some(nodes),
        ..AiOptions::default()
    }
}

/// The AI takes positions and history hashes; these read them from the game records.
fn choose_move_8(g: &Game, o: &AiOptions) -> Result<AiChoice<Move>, Error> {
    g.check_playable()?;
    tablero::ai::two::choose_move(g.position(), &g.hashes(), o)
}
fn analyse_8(g: &Game, ms: u64) -> Result<AiChoice<Move>, Error> {
    g.check_playable()?;
    tablero::ai::two::analyse(g.position(), &g.hashes(), ms)
}
fn after(pos: &Position, m: Move) -> Position {
    let mut p = pos.clone();
    p.play(m);
    p
}
/// `true` when the side that just moved has won in `pos` (mate or a variant win).
fn won_by_last_mover(pos: &Position) -> bool {
    pos.ending()
        .is_some_and(|e| e.winner == Some(pos.turn().other()))
}
/// Plays the chosen move at levels 4..=8 (two seeds each) and checks it wins at once.
fn assert_wins_in_one(variant: Variant, fen: &str) {
    let g = Game::from_fen(variant, fen).unwrap();
    for level in 4..=8 {
        for seed in [1, 2] {
            let c = choose_move_8(&g, &opts(level, seed)).unwrap();
            assert!(
                won_by_last_mover(&after(g.position(), c.mv)),
                "level {level} seed {seed} played {} in {fen}",
                c.mv.uci()
            );
            assert_eq!(c.score_cp, MATE - 1, "score of a win in one ply");
        }
    }
}
#[test]
fn mate_in_one() {
    // Back-rank mate: Ra8#.
    assert_wins_in_one(Variant::Chess, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    // Scholar's mate: Qxf7#.
    assert_wins_in_one(
        Variant::Chess,
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
    );
}
#[test]
fn mate_in_two() {
    // 1.Ra6! bxa6 (or anything) 2.b7# — the only winning first move.
    let fen = "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1";
    let g = Game::from_fen(Variant::Chess, fen).unwrap();
    for level in 4..=8 {
        for seed in [1, 2] {
            let c = choose_move_8(&g, &opts(level, seed)).unwrap();
            assert_eq!(
                c.score_cp,
                MATE - 3,
                "level {level}: mate in two is 3 plies"
            );
            // Every reply must allow a mate in one.
            let p1 = after(g.position(), c.mv);
            let replies = p1.legal_moves();
            assert!(!replies.is_empty());
            for &r in replies.iter() {
                let p2 = after(&p1, r);
                assert!(
                    p2.legal_moves()
                        .iter()
                        .any(|&m| won_by_last_mover(&after(&p2, m))),
                    "level {level}: {} then {} has no mate",
                    c.mv.uci(),
                    r.uci()
                );
            }
        }
    }
}
#[test]
fn third_check_in_one() {
    // White has given two checks (one remaining); any check wins. Black threatens mate-free
    // material, so a non-check move would be pointless.
    assert_wins_in_one(
        Variant::ThreeCheck,
        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 1+3 4 4",
    );
}
#[test]
fn hill_in_one() {
    // The king steps onto d4 or e4 (both safe) and wins; Black's queen would otherwise win.
    assert_wins_in_one(Variant::KingOfTheHill, "4k3/8/8/8/8/4K3/8/q7 w - - 0 1");
}
#[test]
fn race_in_one() {
    // The white king reaches rank 8 and Black's king cannot follow.
    assert_wins_in_one(Variant::RacingKings, "8/6K1/8/8/8/8/k7/8 w - - 0 1");
}
#[test]
fn level_one_varies_with_the_seed_and_stays_legal() {
    let g = Game::new(Variant::Chess);
    let legal = g.legal_moves();
    let mut seen = std::collections::HashSet::new();
    for seed in 0..20 {
        let c = choose_move_8(&g, &opts(1, seed)).unwrap();
        assert!(legal.contains(&c.mv));
        seen.insert(c.mv);
    }
    assert!(
        seen.len() >= 3,
        "level 1 should not always play the same move"
    );
}
#[test]
fn level_eight_keeps_its_queen() {
    // Black's queen attacks White's undefended queen; level 8 must move or defend it.
    let g = Game::from_fen(Variant::Chess, "4k3/8/8/3q4/8/8/3Q4/4K3 w - - 0 1").unwrap();
    let c = choose_move_8(&g, &opts(8, 0)).unwrap();
    let p = after(g.position(), c.mv);
    assert!(c.score_cp > -300, "score {}", c.score_cp);
    // Material stays level: White's queen is still on the board after the move.
    assert!(p.pieces_of(tablero::two::Color::White).count() == 2);
}
#[test]
fn analyse_returns_a_line() {
    let g = Game::new(Variant::KingOfTheHill);
    let a = analyse_8(&g, 100).unwrap();
    assert!(!a.pv.is_empty());
    assert_eq!(a.pv[0], a.mv);
    assert!(a.score_cp.abs() < MATE_BOUND);
}
#[test]
fn errors_are_clear() {
    let g = Game::new(Variant::Chess);
    for level in [0, 9, 255] {
        let e = choose_move_8(
            &g,
            &AiOptions {
                level,
                ..AiOptions::default()
            },
        )
        .unwrap_err();
        assert_eq!(e.kind, ErrorKind::InvalidArgument);
        assert!(e.message.contains("level"), "{}", e.message);
    }
    let zero_time = AiOptions {
        time_ms: Some(0),
        ..AiOptions::default()
    };
    assert_eq!(
        choose_move_8(&g, &zero_time).unwrap_err().kind,
        ErrorKind::InvalidArgument
    );
    let zero_nodes = AiOptions {
        nodes: Some(0),
        ..AiOptions::default()
    };
    assert_eq!(
        choose_move_8(&g, &zero_nodes).unwrap_err().kind,
        ErrorKind::InvalidArgument
    );
    // Fool's mate: the game is over.
    let mut over = Game::new(Variant::Chess);
    for m in ["f3", "e5", "g4", "Qh4#"] {
        over.play_str(m).unwrap();
    }
    let e = choose_move_8(&over, &AiOptions::default()).unwrap_err();
    assert_eq!(e.kind, ErrorKind::GameOver);
    assert_eq!(analyse_8(&over, 10).unwrap_err().kind, ErrorKind::GameOver);
}
/// A time budget stops a search that would otherwise run for minutes (level 8 has no depth
/// cap worth the name). The clock is a manual one advancing 1 ms a read, so the figures do not
/// depend on the machine: the search reads it every 512 nodes, stops when 95% of the budget is
/// spent (leaving room for unwinding), and starts no new iteration past half of it. So it has
/// read the clock at least `budget / 2` times and at most `0.95 × budget` (and the one or two
/// reads after the stop) times, and searched at most 512 nodes a read.
// The manual clock is native only (the browser's clock is Date.now()).
#[cfg(not(target_arch = "wasm32"))]
#[test]
fn timed_search_stays_within_budget() {
    let g = Game::new(Variant::Chess);
    let mut searched = Vec::new();
    for &ms in &[50u64, 300] {
        let clock = tablero::ai::ManualClock::install(1.0);
        let c = choose_move_8(&g, &timed(ms)).unwrap();
        let reads = clock.reads();
        assert!(reads >= ms / 2, "{ms} ms budget: stopped after {reads} ms");
        assert!(
            reads as f64 <= ms as f64 * 0.95 + 2.0,
            "{ms} ms budget: ran {reads} ms"
        );
        assert!(c.nodes <= 512 * reads, "{} nodes in {reads} reads", c.nodes);
        assert!(c.depth >= 1);
        searched.push(c.nodes);
    }
    assert!(searched[0] < searched[1], "{searched:?}");
}

/// A node budget, which nothing outside the search can stretch, is kept exactly.
#[test]
fn node_budget_is_kept_exactly() {
    let g = Game::new(Variant::Chess);
    for nodes in [1_000u64, 25_000] {
        let c = choose_move_8(&g, &by_nodes(nodes)).unwrap();
        assert!(
            c.nodes <= nodes,
            "{} nodes for a budget of {nodes}",
            c.nodes
        );
    }
}

#[test]
fn node_limited_levels_are_deterministic() {
    let mut g = Game::new(Variant::Chess);
    g.play_str("e4").unwrap();
    g.play_str("c5").unwrap();
    for level in [1, 3, 5, 8] {
        let o = AiOptions {
            level,
            time_ms: None,
            nodes: Some(20_000),
            seed: Some(42),
        };
        let a = choose_move_8(&g, &o).unwrap();
        let b = choose_move_8(&g, &o).unwrap();
        assert_eq!(a, b, "level {level}");
    }
}

/// The middle levels search deeper in Racing Kings (levels 5-7) and Three-check (levels 6
/// and 7) than in chess (their depth caps, not their node budgets, bound those games), and
/// the cap holds in `choose_move` itself, which the web API and the server call.
#[test]
fn middle_levels_search_deeper_in_short_variants() {
    for (variant, caps) in [
        (Variant::Chess, [5, 6, 8]),
        (Variant::KingOfTheHill, [5, 6, 8]),
        (Variant::RacingKings, [6, 8, 10]),
        (Variant::ThreeCheck, [5, 7, 9]),
    ] {
        let g = Game::new(variant);
        for (level, cap) in [5u8, 6, 7].into_iter().zip(caps) {
            let o = AiOptions {
                nodes: Some(5_000_000),
                ..opts(level, 1)
            };
            let c = choose_move_8(&g, &o).unwrap();
            assert_eq!(c.depth, cap, "{variant:?} level {level}");
        }
    }
}
#[test]
fn full_strength_line_starts_with_the_chosen_move() {
    // Budgets that end inside an iteration: an unfinished iteration may find a new best move
    // while the move played is the last finished iteration's; the reported line and score
    // must be those of the move played.
    for variant in [Variant::Chess, Variant::KingOfTheHill, Variant::RacingKings] {
        let g = Game::new(variant);
        for nodes in (2_000..=40_000).step_by(1_000) {
            let o = AiOptions {
                level: 8,
                time_ms: None,
                nodes: Some(nodes),
                seed: Some(0),
            };
            let c = choose_move_8(&g, &o).unwrap();
            assert_eq!(c.pv.first(), Some(&c.mv), "{variant:?} at {nodes} nodes");
        }
    }
}
