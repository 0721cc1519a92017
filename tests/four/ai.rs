//! Computer opponent, four players: mates for points at every level from 4 up, every
//! search switch, the evaluation's symmetry, budgets and determinism.

use crate::common::{game as game4, rmv, with_kings};
use tablero::Error;
use tablero::ai::four::{FourConfig, evaluate_four};
use tablero::ai::{AiChoice, AiOptions};
use tablero::four::{FourGame, Rules, Seat};

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

fn choose_move_4(g: &FourGame, o: &AiOptions) -> Result<AiChoice<tablero::four::Move>, Error> {
    tablero::ai::four::choose_move(g.position(), o)
}
fn choose_move_4_with(
    g: &FourGame,
    o: &AiOptions,
    cfg: FourConfig,
) -> Result<AiChoice<tablero::four::Move>, Error> {
    tablero::ai::four::choose_move_with(g.position(), o, cfg)
}
#[test]
fn four_player_mate_for_points() {
    // R5.11 scene: Red's rook e10->b10 mates Blue (checked by Yellow's rook) for 20 points.
    for k in [0, 1] {
        let g: FourGame = game4(
            Rules::Ffa,
            Seat::Red,
            &with_kings(&[("a11", "yR"), ("e10", "rR"), ("e5", "bP")]),
            k,
        );
        let want = g.parse_move(&rmv("e10b10", k)).unwrap();
        for level in 4..=8 {
            let c = choose_move_4(&g, &opts(level, 3)).unwrap();
            assert_eq!(c.mv, want, "level {level}, rotation {k}");
        }
    }
}
#[test]
fn four_player_search_variants_find_mate_for_points() {
    // The scene of `four_player_mate_for_points`, with plain BRS and every switch off too.
    let plain = FourConfig {
        brs_plus: false,
        king_safety: false,
        q_pov_only: false,
        pvs: false,
        kcap_order: false,
        lmr: false,
        min_order: false,
        mate_order: false,
        turn_mates: false,
        king_lines: false,
        check_ext: false,
        min_prune: false,
        q_evasions: false,
        leader_rank: false,
        out_delay: false,
    };
    for cfg in [FourConfig::default(), plain] {
        for k in [0, 3] {
            let g: FourGame = game4(
                Rules::Ffa,
                Seat::Red,
                &with_kings(&[("a11", "yR"), ("e10", "rR"), ("e5", "bP")]),
                k,
            );
            let want = g.parse_move(&rmv("e10b10", k)).unwrap();
            let c = choose_move_4_with(&g, &opts(8, 3), cfg).unwrap();
            assert_eq!(c.mv, want, "{cfg:?}, rotation {k}");
        }
    }
}
#[test]
fn four_player_evaluation_knows_shelter_and_development() {
    let start = FourGame::new(Rules::Ffa, Seat::Red, None, 0);
    // The start position is the same for every seat.
    let level = evaluate_four(start.position(), 0);
    for s in 1..4 {
        assert_eq!(evaluate_four(start.position(), s), level, "seat {s}");
    }
    let after = |mv: &str| {
        let mut g = start.clone();
        g.play(mv).unwrap();
        evaluate_four(g.position(), 0)
    };
    // Red's king is on h1: pushing the i pawn opens it, the e pawn does not; a knight out
    // of j1 is development. (Not the h pawn: h2-h4 also opens the g1 queen's diagonal to
    // Green's king behind one pawn, which the evaluation now counts for Red.)
    assert!(after("i2i4") < after("e2e4"));
    assert!(after("j1i3") > level);
}
/// See the two-player test of the same name: a manual clock, 1 ms a read.
// The manual clock is native only (the browser's clock is Date.now()).
#[cfg(not(target_arch = "wasm32"))]
#[test]
fn timed_search_stays_within_budget() {
    let g4 = FourGame::new(Rules::Ffa, Seat::Red, None, 0);
    let clock = tablero::ai::ManualClock::install(1.0);
    let c = choose_move_4(&g4, &timed(300)).unwrap();
    let reads = clock.reads();
    drop(clock);
    assert!((150..=287).contains(&reads), "300 ms budget: {reads} ms");
    assert!(c.nodes <= 512 * reads, "{} nodes in {reads} reads", c.nodes);
}

/// A node budget is kept exactly.
#[test]
fn node_budget_is_kept_exactly() {
    let g4 = FourGame::new(Rules::Ffa, Seat::Red, None, 0);
    for nodes in [1_000u64, 25_000] {
        let c = choose_move_4(&g4, &by_nodes(nodes)).unwrap();
        assert!(
            c.nodes <= nodes,
            "{} nodes for a budget of {nodes}",
            c.nodes
        );
    }
}

#[test]
fn node_limited_levels_are_deterministic() {
    let g4 = FourGame::new(Rules::Ffa, Seat::Red, None, 0);
    let o = AiOptions {
        level: 2,
        time_ms: None,
        nodes: Some(3_000),
        seed: Some(9),
    };
    assert_eq!(
        choose_move_4(&g4, &o).unwrap(),
        choose_move_4(&g4, &o).unwrap()
    );
}

#[test]
fn kingdoms_search_sees_a_king_taken_out_of_turn_order() {
    // Four Kingdoms, order Red, Green, Yellow, Blue. Blue's rook on h10 looks down the h file
    // at Red's king, blocked only by Green's knight. Red may take Yellow's loose queen, but
    // then Green moves the knight away and Blue, moving before Red, takes the king (R6.3).
    let scene = with_kings(&[("h10", "bR"), ("h6", "gN"), ("e4", "yQ"), ("e1", "rR")]);
    let g: FourGame = game4(Rules::Kingdoms, Seat::Red, &scene, 0);
    let grab = g.parse_move("e1e4").unwrap();
    let c = choose_move_4(&g, &opts(8, 1)).unwrap();
    assert_ne!(c.mv, grab, "level 8 grabbed the queen and loses its king");
    // The rules agree: after the grab, a Green knight move lets Blue take the king.
    let mut after = g.clone();
    after.play("e1e4").unwrap();
    after.play("h6g4").unwrap();
    after.play("g14f14").unwrap();
    assert!(after.play("h10h1").is_ok(), "Blue takes Red's king");
    // Plain BRS hands the move back to Red after Green's reply and does grab the queen.
    let blind = FourConfig {
        kcap_order: false,
        ..FourConfig::default()
    };
    assert_eq!(choose_move_4_with(&g, &opts(8, 1), blind).unwrap().mv, grab);
}

#[test]
fn level_8_avoids_a_mate_that_needs_two_opponents() {
    // Four Kingdoms (order Red, Green, Yellow, Blue), from a measured game. Blue's king on a7
    // is boxed in and Yellow's bishop on f10 eyes b6: in the game Blue played Rg7-g6, Red's
    // f2-f4 opened its queen's diagonal to b6 and Yellow's Bf10xb6 mated (BRS never lets
    // two opponents move in a row, so it did not see this).
    let mut g = FourGame::new(Rules::Kingdoms, Seat::Red, None, 0);
    let moves = "e1f3 n5l6 e14f12 b11d11 j1k3 n10l11 j14k12 a5c6 f3g5 l6j7 e13e12 d11e12 \
        k3j5 j7h8 d13e12 a11g11 g5h7 m4l4 f14d12 g11g7 h7i9 h8i6 d12f10";
    for m in moves.split_whitespace() {
        g.play(m).unwrap();
    }
    let mated_after = |first: tablero::four::Move| {
        let mut line = g.clone();
        line.play_move(first).unwrap();
        ["f2f4", "m6l6", "f10b6"]
            .iter()
            .all(|m| line.play(m).is_ok())
            && line.position().statuses()[Seat::Blue as usize].is_out()
    };
    assert!(mated_after(g.parse_move("g7g6").unwrap()));
    let c = choose_move_4(&g, &opts(8, 1)).unwrap();
    assert!(!mated_after(c.mv), "level 8 played {:?}", c.mv);
}
#[test]
fn full_strength_line_starts_with_the_chosen_move() {
    // Budgets that end inside an iteration (see the two-player test of the same name).
    for rules in [Rules::Ffa, Rules::Kingdoms] {
        let g = FourGame::new(rules, Seat::Red, None, 0);
        for nodes in (1_000..=20_000).step_by(1_000) {
            let c = choose_move_4(&g, &by_nodes(nodes)).unwrap();
            assert_eq!(c.pv.first(), Some(&c.mv), "{rules:?} at {nodes} nodes");
        }
    }
}
